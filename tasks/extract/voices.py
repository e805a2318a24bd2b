"""Facts about the customer read from agent and system turns (configs/contracts.toml [agent], [[system]]).

An agent's sentence about "you" / "your account" that is not a question or a courtesy is rewritten into the
customer's first person ("I can see the Fibre 500 plan on your account now" -> "I am on the Fibre 500 plan now")
and read by the customer-turn extractor, so a confirmation has the same subject, relation and text as the
customer's own statement and lands on the same stored fact. The quote stays the agent's sentence, verbatim.
A system turn (ABCD's `action` turns) states a fact only when it matches one of the configured actions, with
the action's value. Which voice a fact came from is not decided here: the write path reads it from the turn's
role (tasks/writepath/decide.py), so an agent's fact is agent evidence whatever this module makes of it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.types import ExtractedFact, TurnContext
from archivist.tasks.policy.contracts import Contracts, load_contracts

_SECOND_PERSON = [(r"\byou're\b", "I'm"), (r"\byou are\b", "I am"), (r"\byou've\b", "I've"), (r"\byour\b", "my"),
                  (r"\byours\b", "mine"), (r"\byou\b", "I")]
_ABOUT_YOU = re.compile(r"^(?:your|you're|you are|you've|you have|you)\b", re.IGNORECASE)
"""An agent sentence read without a rewrite must be about the customer from its first word."""
# A clause that gives the purpose or the upshot of the sentence before it (", so you can ...", ", which means
# ...", ", meaning ...") says what follows from the statement, not the statement: it is cut off before reading.
_TRAILING = re.compile(r",?\s+(?:so(?: that)?|which means|which will|meaning|so now)\s+(?=\w)", re.IGNORECASE)
_AGENT_SELF = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|me|we|we're|we've|us|our)\b", re.IGNORECASE)


def agent_sentences(text: str, contracts: Contracts | None = None) -> list[tuple[str, str]]:
    """(original sentence, the customer's first-person reading) for each sentence of an agent turn that states
    something about the customer."""
    c = (contracts or load_contracts()).agent
    found = []
    for sentence in split_sentences(text):
        original = sentence.text.strip()
        lower = original.lower().replace("\u2019", "'")
        if not original or lower.rstrip(" \"')").endswith("?") or any(lower.startswith(b) for b in c.boilerplate):
            continue
        if not re.search(r"\byou(?:r|rs|'re|'ve)?\b", lower):
            continue  # about the agent, the company or the world, not the customer
        # "I've switched you to Anytime, so you can come in whenever you like": the advice is the trailing
        # clause's; what the agent did is the statement before it.
        stated = _TRAILING.split(original.replace("\u2019", "'"), maxsplit=1)[0]
        if any(re.search(rf"\b{re.escape(a)}\b", stated.lower()) for a in c.advice):
            continue  # advice or an offer: what the customer could do, not what holds of them
        reading = stated.rstrip(" .!,")
        for opener in c.evidence_openers:
            reading = re.sub(f"^{opener}", "", reading, flags=re.IGNORECASE)
        rewritten = reading
        for rule in c.rewrites:
            rewritten = re.sub(rule.from_, rule.to, rewritten, flags=re.IGNORECASE)
        if rewritten == reading and not _ABOUT_YOU.match(reading):
            continue  # "you" somewhere inside a longer sentence: too easy to misread as the customer's own fact
        reading = rewritten
        if _AGENT_SELF.search(re.sub(r"^(?:i am on|i'm on|my)\b", "", reading, flags=re.IGNORECASE)):
            continue  # still the agent's own doing ("we will send you a label"): not a fact about the customer
        for pattern, replacement in _SECOND_PERSON:
            reading = re.sub(pattern, replacement, reading, flags=re.IGNORECASE)
        reading = reading[:1].upper() + reading[1:] + "."
        found.append((original, reading))
    return found


def system_facts(turn: TurnContext, contracts: Contracts | None = None) -> list[ExtractedFact]:
    """The facts a system turn records: one per configured action its sentences match, with the value."""
    c = contracts or load_contracts()
    facts = []
    for sentence in split_sentences(turn.text or ""):
        original = sentence.text.strip()
        for action in c.system:
            match = re.match(action.pattern, original, re.IGNORECASE)
            if match is None:
                continue
            value = (match.groupdict().get("value") or "").strip()
            text = action.text.format(value=_title(value, action.relation))
            facts.append(ExtractedFact(
                subject="customer", relation=action.relation, object=_title(value, action.relation) or action.action,
                text=text, quote=original, said_at=turn.said_on.isoformat() if turn.said_on else None,
                entities=[], source_turn_id=turn.turn_id, temporal_status="current", kind="fact"))
            break
    return facts


def voice_facts(turns: Sequence[TurnContext], read_customer: Callable[[list[TurnContext]], list[list[ExtractedFact]]],
                contracts: Contracts | None = None) -> list[list[ExtractedFact]]:
    """Facts of each agent and system turn of `turns` (an empty list for every other turn); `read_customer` is
    the customer-turn extractor the agent's rewritten sentences are read with."""
    c = contracts or load_contracts()
    found: list[list[ExtractedFact]] = [[] for _ in turns]
    rewritten: list[tuple[int, str, TurnContext]] = []
    for index, turn in enumerate(turns):
        voice = c.voice(turn.role)
        if voice == "system":
            found[index] = system_facts(turn, c)
        elif voice == "agent":
            for original, reading in agent_sentences(turn.text or "", c):
                rewritten.append((index, original, dataclasses.replace(turn, role="customer", text=reading)))
    if rewritten:
        for (index, original, _), facts in zip(rewritten, read_customer([t for _, _, t in rewritten]), strict=True):
            seen = {(f.relation, f.text.lower()) for f in found[index]}
            for fact in facts:
                if (fact.relation, fact.text.lower()) not in seen:
                    found[index].append(dataclasses.replace(fact, quote=original, source_turn_id=turns[index].turn_id))
    return found


def _title(value: str, relation: str) -> str:
    """A name is written as a name ("crystal minh" -> "Crystal Minh"); other values keep their spelling."""
    return value.title() if relation == "name" else value
