"""The extraction prompt (section 3.2: the message, its date, the last ten messages and the ten most similar
stored facts), the JSON schema the reply must follow, and the reading of a model's reply.

Roles: only the scope's person's own messages state facts about them in their own voice. A support agent's
or assistant's message is sent with the person still named as the subject ("customer"), and may give only
the changes it confirms as done for the person; system and tool messages are never extracted, only shown as
earlier messages (`should_extract`). The subject is always the person, a relative or other party described
through them ("customer's sister"), or someone named.

Hosted models answer under a strict JSON schema (`EXTRACTION_SCHEMA`, see tasks/providers/chat.py), so the
reply is one JSON object. Local OpenAI-compatible servers may not enforce it, so the reading stays lenient
where leniency cannot lose a fact: code fences and prose around the JSON, a bare list instead of
{"facts": [...]}, other field names ("predicate", "value", "fact", "evidence"), entities as one
comma-separated string, a quote that differs from the message in case or spacing (the message's own words are
kept), a date written as a phrase ("last Friday", resolved here) or at a coarser precision ("2019", "2019-03",
kept at that precision). Only a complete outer JSON value is read: an object nested in a value that does not
parse (a reply cut off in its second fact) is never taken for the answer. A reply with no JSON at all, or JSON
of another shape, is malformed: the turn gets no facts and a recorded problem. Facts without the fields a fact
needs are dropped one by one, and the drop is recorded too.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from archivist.configs.relations import Relations, load_relations
from archivist.tasks.extract.dates import Precision, resolve_date_mention
from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.types import ExtractedFact, TurnContext

PROMPT_VERSION = 2
"""Part of every request body, so a changed prompt is a new request for the call cache (2: roles, subjects,
partial dates, strict schema)."""
MAX_TOKENS = 1200
"""The default first output budget (`llm.max_output_tokens` overrides it); a truncated reply is asked again
with twice the budget, up to `llm.max_output_tokens_ceiling`."""
RAW_EXCERPT_CHARS = 300
SCHEMA_NAME = "extracted_facts"

PERSON_ROLES = frozenset({"customer", "client", "caller", "member", "user", "human", "patient", "speaker", ""})
"""Roles whose messages are the scope's person speaking (configs/extraction.toml `speaker_roles`, and the
empty role of an archive that names none)."""
SUPPORT_ROLES = frozenset({"customer", "client", "caller", "member"})
"""Person roles written as "customer" in facts (configs/extraction.toml [person])."""
CONFIRMING_ROLES = frozenset({"agent", "support", "assistant", "representative", "rep", "operator", "advisor",
                              "bot"})
"""Roles that speak to the person and may confirm a change made for them."""

SYSTEM_PROMPT = """You extract facts for a long-term memory about one person, {person}, from one NEW MESSAGE \
of a conversation.
{voice}
Extract what the message states: where they live, their subscription plan, devices, payment methods, service \
problems and fixes, job, family, pets, likes, hobbies, trips, plans and past situations. Extract sensitive \
data too (card numbers as relation "payment_method", passwords and PINs as relation "credential"). Use the \
earlier messages only to understand the new one (who "it" or "she" is, what a confirmation confirms). Do not \
extract questions, greetings, thanks, or facts that the stored facts already say in the same way.

For each fact give:
- "subject": who it is about: "{person}" for the person; a relative or other party the message describes \
without a name as the person's ("my sister" -> "{person}'s sister", "my landlord" -> "{person}'s landlord"); \
anyone else by their name. Never the agent, the assistant or the word "speaker".
- "relation": one of {relations}, or a short snake_case name if none fits.
- "object": the value (an address, a plan name, a device, a hobby ...).
- "text": one short sentence in the third person, e.g. "{person} lives at 14 Harbour Street, Leeds". Keep the \
words that say a fact is past, negated, planned or hypothetical ("used to", "no longer", "is planning to", \
"might"), so a reader can tell it from a current fact.
- "quote": the exact words of the NEW MESSAGE the fact rests on, copied character for character.
- "date": the date the fact is about, at the precision the message gives it: YYYY-MM-DD for a day, YYYY-MM \
for a month, YYYY for a year ("back in 2019" -> "2019"; never invent a day or month). Resolve relative dates \
("yesterday", "last Friday", "next month") against the message's date; null when the message names no date.
- "entities": the named things in the fact (people, places, products, organisations); never card numbers or \
passwords.

Reply with one JSON object and nothing else: {{"facts": [ ... ]}}. Reply {{"facts": []}} when the message \
states no fact."""

PERSON_VOICE = """The NEW MESSAGE is written by {person} themself: "I", "me" and "my" are {person}."""
CONFIRMING_VOICE = """The NEW MESSAGE is written by {speaker}, who serves {person}; it is NOT about \
{speaker}. Extract only the changes to {person}'s own details that it confirms as done or as now true ("I've \
updated your address to ...", "your plan is now Pro"), with subject "{person}"; "you" and "your" are \
{person}. Offers, questions, instructions and anything about {speaker} are not facts: reply {{"facts": []}}."""

_FACT_PROPERTIES: dict[str, Any] = {
    "subject": {"type": "string"},
    "relation": {"type": "string"},
    "object": {"type": "string"},
    "text": {"type": "string"},
    "quote": {"type": "string"},
    # anyOf rather than a type list: both vendors' strict modes document anyOf with null.
    "date": {"anyOf": [{"type": "string"}, {"type": "null"}],
             "description": "YYYY-MM-DD, YYYY-MM or YYYY; null when undated"},
    "entities": {"type": "array", "items": {"type": "string"}},
}
EXTRACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"facts": {"type": "array", "items": {
        "type": "object", "properties": _FACT_PROPERTIES, "required": list(_FACT_PROPERTIES),
        "additionalProperties": False}}},
    "required": ["facts"],
    "additionalProperties": False,
}
"""The reply's shape for OpenAI strict structured outputs and Anthropic structured outputs: every property
required and no others (both vendors' strict mode asks for that); an undated fact says null."""


@dataclass
class ParsedReply:
    facts: list[ExtractedFact] = field(default_factory=list)
    problem: str | None = None
    """Why the reply, or some of its facts, could not be used (None: all of it was used)."""


def _role(role: str | None) -> str:
    return (role or "").strip().lower()


def should_extract(turn: TurnContext) -> bool:
    """Whether a turn is sent for extraction: the person's own turns and the turns of whoever serves them;
    system and tool turns are context only."""
    role = _role(turn.role)
    return role in PERSON_ROLES or role in CONFIRMING_ROLES


def confirming(turn: TurnContext) -> bool:
    """A turn by someone serving the person (an agent, an assistant): it can only confirm changes."""
    return _role(turn.role) in CONFIRMING_ROLES


def _person_name(speaker: str | None, role: str) -> str:
    role = _role(role)
    if role in SUPPORT_ROLES:
        return "customer"
    return (speaker or "").strip() or role or "user"


def person_of(turn: TurnContext) -> str:
    """How the scope's person is named in facts: "customer" in a support conversation, else their name. On
    an agent's or assistant's turn it is still the person it serves: the latest person message before it
    names them; with none, a support agent serves "customer" and an assistant its "user"."""
    if not confirming(turn):
        return _person_name(turn.speaker, turn.role)
    for message in reversed(turn.previous):
        if _role(message.role) in PERSON_ROLES:
            return _person_name(message.speaker, message.role)
    return "user" if _role(turn.role) in ("assistant", "bot") else "customer"


def _line(speaker: str | None, role: str, text: str, said_at: Any) -> str:
    when = f"[{said_at.date().isoformat()}] " if hasattr(said_at, "date") else ""
    who = f"{speaker} ({role})" if speaker and speaker.lower() != role.lower() else (speaker or role or "?")
    return f"{when}{who}: {text}"


def user_prompt(turn: TurnContext) -> str:
    earlier = "\n".join(_line(m.speaker, m.role, m.text, m.said_at) for m in turn.previous) or "(none)"
    stored = "\n".join(f"- {fact}" for fact in turn.similar_facts) or "(none)"
    said_on = turn.said_on.isoformat() if turn.said_on else "unknown"
    return (
        f"EARLIER MESSAGES (oldest first):\n{earlier}\n\n"
        f"STORED FACTS MOST SIMILAR TO THE NEW MESSAGE:\n{stored}\n\n"
        f"NEW MESSAGE (date {said_on}; speaker {turn.speaker or '?'}, role {turn.role or '?'}):\n{turn.text}"
    )


def system_prompt(turn: TurnContext, relations: Relations | None = None) -> str:
    person = person_of(turn)
    names = ", ".join(f'"{name}"' for name in (relations or load_relations()).relation)
    if confirming(turn):
        speaker = (turn.speaker or "").strip()
        who = f"{speaker} ({_role(turn.role)})" if speaker and speaker.lower() != _role(turn.role) else \
            f"the {_role(turn.role)}"
        voice = CONFIRMING_VOICE.format(person=person, speaker=who)
    else:
        voice = PERSON_VOICE.format(person=person)
    return SYSTEM_PROMPT.format(person=person, relations=names, voice=voice)


def request_body(turn: TurnContext, model: str, relations: Relations | None = None, *,
                 max_tokens: int = MAX_TOKENS, structured: bool = True) -> dict[str, Any]:
    """Everything that shapes the answer: the call cache and the batch key hash exactly this."""
    body: dict[str, Any] = {
        "model": model,
        "system": system_prompt(turn, relations),
        "user": user_prompt(turn),
        "temperature": 0,
        "max_tokens": max_tokens,
        "prompt_version": PROMPT_VERSION,
    }
    if structured:
        body["json_schema"] = {"name": SCHEMA_NAME, "schema": EXTRACTION_SCHEMA}
    return body


# -- reading a reply -------------------------------------------------------------------------------------

FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)
FIELD_ALIASES = {
    "subject": ("subject", "entity", "person", "who"),
    "relation": ("relation", "predicate", "relationship", "attribute", "type"),
    "object": ("object", "value", "obj", "target"),
    "text": ("text", "fact", "statement", "sentence", "memory"),
    "quote": ("quote", "evidence", "source", "span", "source_quote"),
    "date": ("date", "said_at", "when", "time", "valid_from"),
    "entities": ("entities", "named_entities", "names"),
}


def find_json(text: str) -> Any | None:
    """The first complete outer JSON value (object or list) in a model's reply, inside a code fence or not.

    A value that starts inside another one that does not parse (`{"facts": [{...}, {"subj` cut off by the
    output budget) is not taken: the decoder's error position says how far the outer value reached."""
    decoder = json.JSONDecoder()
    for candidate in [m.group(1) for m in FENCE.finditer(text)] + [text]:
        candidate = candidate.strip()
        covered = -1  # the furthest position a failed outer value reached
        for start, char in enumerate(candidate):
            if char not in "[{":
                continue
            if start < covered:
                continue
            try:
                value, _ = decoder.raw_decode(candidate, start)
            except json.JSONDecodeError as error:
                covered = max(covered, error.pos)
                continue
            if isinstance(value, (dict, list)):
                return value
    return None


def fact_items(value: Any) -> list[Any] | None:
    """The list of fact objects in a parsed reply, or None when the reply has another shape."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in ("facts", "memories", "items", "results"):
            if isinstance(value.get(key), list):
                return value[key]
        if any(value.get(alias) for alias in FIELD_ALIASES["text"] + FIELD_ALIASES["relation"]):
            return [value]  # one fact, not wrapped
    return None


def _field(item: dict[str, Any], name: str) -> Any:
    for alias in FIELD_ALIASES[name]:
        if item.get(alias) not in (None, ""):
            return item[alias]
    return None


def locate_quote(quote: str | None, message: str, fallback: str) -> str:
    """A verbatim substring of `message`: the quote itself, the same words with other case or spacing, else
    the sentence that shares most words with the quote (or the fact), else the whole message."""
    if quote:
        if quote in message:
            return quote
        words = re.findall(r"\w+", quote)
        if words:
            found = re.search(r"\W+".join(re.escape(w) for w in words), message, re.IGNORECASE)
            if found:
                return message[found.start() : found.end()]
    wanted = {w.lower() for w in re.findall(r"\w+", f"{quote or ''} {fallback}") if len(w) > 2}
    best, best_overlap = None, 0
    for sentence in split_sentences(message):
        overlap = len(wanted & {w.lower() for w in re.findall(r"\w+", sentence.text)})
        if overlap > best_overlap:
            best, best_overlap = sentence.text, overlap
    return best or message


def _said_at(raw: Any, reference: date | None) -> tuple[str | None, Precision | None]:
    """The ISO date a fact is about and its precision: the model's date (a full date, a bare year or month,
    or a phrase resolved against the message's date), else the message's own day."""
    if isinstance(raw, str) and raw.strip():
        text = raw.strip()
        try:
            return date.fromisoformat(text[:10]).isoformat(), "day"
        except ValueError:
            pass
        mention = resolve_date_mention(text, reference)
        if mention is not None:
            return mention.iso, mention.precision
    return (reference.isoformat() if reference else None), None


SELF_WORDS = frozenset({"i", "me", "myself", "speaker", "the speaker", "user", "the user", "you", "the person",
                        "person"})
OWN = re.compile(r"^(?:my|your|his|her|their)\s+(?P<who>.+)$", re.IGNORECASE)


def subject_of(raw: str, turn: TurnContext, person: str) -> str:
    """The fact's subject as the person, someone described through them ("customer's sister"), or a name:
    the words a model may use for the speaker ("I", "speaker"), and on an agent's turn the agent itself,
    are the person the conversation is about."""
    subject = " ".join(raw.split())
    lowered = subject.lower()
    if not subject or lowered in SELF_WORDS or lowered == person.lower():
        return person
    if confirming(turn) and turn.speaker and lowered in (turn.speaker.strip().lower(), _role(turn.role)):
        return person
    own = OWN.match(subject)
    if own:
        return f"{person}'s {own.group('who')}"
    return subject


def _entities(raw: Any) -> list[str]:
    if isinstance(raw, str):
        raw = raw.split(",")
    if not isinstance(raw, list):
        return []
    return list(dict.fromkeys(str(e).strip() for e in raw if isinstance(e, (str, int, float)) and str(e).strip()))


def parse_reply(reply_text: str, turn: TurnContext, relations: Relations | None = None) -> ParsedReply:
    """The facts in a model's reply for `turn`; a malformed reply gives none and says why."""
    relations = relations or load_relations()
    value = find_json(reply_text)
    items = fact_items(value) if value is not None else None
    if items is None:
        what = "no JSON in the reply" if value is None else f"JSON of another shape ({type(value).__name__})"
        return ParsedReply(problem=f"malformed extraction reply: {what}; the turn has no facts. Re-run with "
                                   "another model or prompt version to extract it again")
    person, reference = person_of(turn), turn.said_on
    facts: list[ExtractedFact] = []
    dropped: list[str] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            dropped.append(f"#{number} is a {type(item).__name__}, not an object")
            continue
        subject = subject_of(str(_field(item, "subject") or ""), turn, person)
        relation = _field(item, "relation")
        obj = _field(item, "object")
        text = _field(item, "text")
        if not text and relation and obj:
            text = f"{subject} {str(relation).replace('_', ' ')} {obj}"
        if not text or not (relation or obj):
            dropped.append(f"#{number} has no text, or neither relation nor object")
            continue
        said_at, precision = _said_at(_field(item, "date"), reference)
        facts.append(ExtractedFact(
            subject=subject,
            relation=relations.canonical(str(relation)) if relation else "other",
            object=str(obj or "").strip(),
            text=" ".join(str(text).split()),
            quote=locate_quote(str(_field(item, "quote") or "") or None, turn.text, str(text)),
            said_at=said_at,
            entities=_entities(_field(item, "entities")),
            source_turn_id=turn.turn_id,
            date_precision=precision,
        ))
    problem = None
    if dropped:
        problem = f"{len(dropped)} of {len(items)} extracted facts were unusable and dropped: {'; '.join(dropped)}"
    return ParsedReply(facts=facts, problem=problem)
