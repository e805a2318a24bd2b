"""The extraction prompt (section 3.2: the message, its date, the last ten messages and the ten most similar
stored facts) and the lenient reading of a model's reply.

A reply is read as leniently as a reply can be while staying honest: code fences and prose around the JSON,
a bare list instead of {"facts": [...]}, other field names ("predicate", "value", "fact", "evidence"),
entities as one comma-separated string, a quote that differs from the message in case or spacing (the
message's own words are kept), a date written as a phrase ("last Friday", resolved here). A reply with no
JSON at all, or JSON of another shape, is malformed: the turn gets no facts and a recorded problem. Facts
without the fields a fact needs are dropped one by one, and the drop is recorded too.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from archivist.configs.relations import Relations, load_relations
from archivist.tasks.extract.dates import resolve_date
from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.types import ExtractedFact, TurnContext

PROMPT_VERSION = 1
"""Part of every request body, so a changed prompt is a new request for the call cache."""
MAX_TOKENS = 1200
RAW_EXCERPT_CHARS = 300

SYSTEM_PROMPT = """You extract facts for a long-term memory about people from one NEW MESSAGE of a conversation.
Extract only what the NEW MESSAGE itself states about its speaker or about people it names: where they live, \
their subscription plan, devices, payment methods, service problems and fixes, job, family, pets, likes, \
hobbies, trips, plans and past situations. Extract sensitive data too (card numbers as relation \
"payment_method", passwords and PINs as relation "credential"). Use the earlier messages only to understand \
the new one (who "it" or "she" is). Do not extract questions, greetings, thanks, or facts that the stored \
facts already say in the same way. A support agent's or assistant's messages state nothing about the customer \
unless they confirm a change the customer asked for.

For each fact give:
- "subject": who it is about; write the speaker as "{person}", anyone else by name.
- "relation": one of {relations}, or a short snake_case name if none fits.
- "object": the value (an address, a plan name, a device, a hobby ...).
- "text": one short sentence in the third person, e.g. "{person} lives at 14 Harbour Street, Leeds". Keep \
the words that say a fact is past, negated, planned or hypothetical ("used to", "no longer", "is planning \
to", "might"), so a reader can tell it from a current fact.
- "quote": the exact words of the NEW MESSAGE the fact rests on, copied character for character.
- "date": the date the fact is about as YYYY-MM-DD, resolving relative dates ("yesterday", "last Friday", \
"next month") against the message's date; null when the message names no date.
- "entities": the named things in the fact (people, places, products, organisations); never card numbers \
or passwords.

Reply with one JSON object and nothing else: {{"facts": [ ... ]}}. Reply {{"facts": []}} when the message \
states no fact."""


@dataclass
class ParsedReply:
    facts: list[ExtractedFact] = field(default_factory=list)
    problem: str | None = None
    """Why the reply, or some of its facts, could not be used (None: all of it was used)."""


def person_of(turn: TurnContext) -> str:
    """How the speaker is named in facts: "customer" for a support customer, else their name."""
    role = (turn.role or "").lower()
    if role in ("customer", "client", "caller", "member"):
        return "customer"
    return (turn.speaker or "").strip() or role or "user"


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


def request_body(turn: TurnContext, model: str, relations: Relations | None = None) -> dict[str, Any]:
    """Everything that shapes the answer: the call cache and the batch key hash exactly this."""
    names = ", ".join(f'"{name}"' for name in (relations or load_relations()).relation)
    return {
        "model": model,
        "system": SYSTEM_PROMPT.format(person=person_of(turn), relations=names),
        "user": user_prompt(turn),
        "temperature": 0,
        "max_tokens": MAX_TOKENS,
        "prompt_version": PROMPT_VERSION,
    }


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
    """The first JSON value (object or list) in a model's reply, inside a code fence or not."""
    decoder = json.JSONDecoder()
    for candidate in [m.group(1) for m in FENCE.finditer(text)] + [text]:
        candidate = candidate.strip()
        for start, char in enumerate(candidate):
            if char not in "[{":
                continue
            try:
                value, _ = decoder.raw_decode(candidate, start)
            except ValueError:
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


def _said_at(raw: Any, reference: date | None) -> str | None:
    if isinstance(raw, str) and raw.strip():
        text = raw.strip()
        try:
            return date.fromisoformat(text[:10]).isoformat()
        except ValueError:
            pass
        if reference is not None:
            resolved = resolve_date(text, reference)
            if resolved is not None:
                return resolved.isoformat()
    return reference.isoformat() if reference else None


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
        subject = str(_field(item, "subject") or person).strip()
        relation = _field(item, "relation")
        obj = _field(item, "object")
        text = _field(item, "text")
        if not text and relation and obj:
            text = f"{subject} {str(relation).replace('_', ' ')} {obj}"
        if not text or not (relation or obj):
            dropped.append(f"#{number} has no text, or neither relation nor object")
            continue
        facts.append(ExtractedFact(
            subject=subject,
            relation=relations.canonical(str(relation)) if relation else "other",
            object=str(obj or "").strip(),
            text=" ".join(str(text).split()),
            quote=locate_quote(str(_field(item, "quote") or "") or None, turn.text, str(text)),
            said_at=_said_at(_field(item, "date"), reference),
            entities=_entities(_field(item, "entities")),
            source_turn_id=turn.turn_id,
        ))
    problem = None
    if dropped:
        problem = f"{len(dropped)} of {len(items)} extracted facts were unusable and dropped: {'; '.join(dropped)}"
    return ParsedReply(facts=facts, problem=problem)
