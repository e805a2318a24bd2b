"""Errands and incidents: what a turn says that is worth a ticket but not a memory (configs/extraction.toml
[durability]), and the words of a plan no frame knows."""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from archivist.tasks.extract.attributes import OPEN_PREFIX
from archivist.tasks.extract.dates import find_dates
from archivist.tasks.extract.grammar import Grammar, says_any
from archivist.tasks.extract.parse import Clause
from archivist.tasks.extract.phrases import object_text
from archivist.tasks.extract.relate import Reading
from archivist.tasks.extract.types import ExtractedFact, TurnContext

_BOOK_NOUN = re.compile(r"\b(?:a|the|my|our|this|that|her|his|new|good)\s+book\b|\bbook\s+(?:club|store|shop|fair|"
                        r"series|reading)s?\b", re.IGNORECASE)
"""Personal chat's "a book club", "the book I read": a book, not a booking."""
_SUPPORT_TICKET = re.compile(r"\b(?:(?:the|this|that|my|your|our|support|service|help ?desk|it|fault|repair|existing)"
                             r"(?:\s+\w+)?|(?:raised?|logged?|opened?|open|submit(?:ted)?|filed?|created?)\s+a)"
                             r"\s+ticket\b(?!s)(?!\s+(?:to|for|from)\b)", re.IGNORECASE)
"""A helpdesk's "the monitor ticket", "I raised a ticket": a support case, not a travel or show ticket."""
_LICENSED_SEATS = re.compile(r"\bseats?\s+(?:on|in|of|for)\s+(?:the|your|our|my)?\s*(?:[\w-]+\s+){0,3}?"
                             r"(?:licen[cs]e|plan|"
                             r"subscription|account|workspace|contract|tier)s?\b|\b(?:licen[cs]e|plan|subscription|"
                             r"account|workspace)s?\b[^.]{0,40}?\bseats\b", re.IGNORECASE)
"""A software account's "40 seats on the annual license", "your license from 40 to 65 seats": users it is paid
for, not seats at a show or on a train."""


_FOR_ONE = (r"(?:this|that|the next|next|one|today's|tomorrow's|tonight's|this week's|next week's|"
            r"(?:this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day's)")
_OCCASION_ONLY = re.compile(rf"\bfor {_FOR_ONE} (?:[\w-]+ ){{0,2}}?[\w-]+ only\b|\bonly (?:for|on) {_FOR_ONE} \w+",
                            re.IGNORECASE)


def for_one_occasion(text: str, g: Grammar) -> bool:
    """The sentence gives a value for one occasion only ("the address for Friday's order only", "just this once":
    configs/extraction.toml [words] occasion_markers): an errand, whatever slot it names."""
    lower = text.lower().replace("\u2019", "'")
    return bool(_OCCASION_ONLY.search(lower)) or says_any(lower, g.word("occasion_markers"))


@lru_cache(maxsize=8)
def _booking(words: frozenset[str]) -> re.Pattern[str]:
    ordered = sorted(words, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in ordered) + r")\b", re.IGNORECASE)


def without_booking_details(turn: TurnContext, facts: list[ExtractedFact], g: Grammar) -> list[ExtractedFact]:
    """A trip or an outing told while booking something ("I need a flight. I'm going to Atlanta.") is a
    detail of that request, not a plan to remember (configs/extraction.toml [durability] booking_words)."""
    # An open attribute said while booking ("my destination is Chicago", "I have 0 bags") is the booking's too.
    errands = [f for f in facts if (f.relation in g.booking_relations or f.relation.startswith(OPEN_PREFIX))
               and not _ends(f)]
    if not errands:
        return facts
    texts = [turn.text] + [m.text for m in turn.previous if (m.role or "").lower() in g.speaker_roles]
    if not any(_booking(g.booking_words).search(_not_bookings(text)) for text in texts):
        return facts
    return [f for f in facts if f not in errands]


def _not_bookings(text: str) -> str:
    """The text without the words that only look like a booking's (a book, a support ticket, licensed seats)."""
    return _LICENSED_SEATS.sub(" ", _SUPPORT_TICKET.sub(" ", _BOOK_NOUN.sub(" ", text)))


def _ends(fact: ExtractedFact) -> bool:
    """A fact that ends something ("customer cancelled their trip to Lisbon") is never a booking detail."""
    return any(w in fact.text.split() for w in ("cancelled", "canceled", "not", "no", "never", "longer"))


def incident_over(clause: Clause, g: Grammar) -> bool:
    """A thing's state told in the past simple, by a verb whose result does not last ("dropped", "crashed")."""
    if clause.status == "past":
        return True
    head = clause.head
    perfect = any(c.dep_ == "aux" and c.lemma_ == "have" for c in head.children)
    lasting = {head.lemma_.lower(), clause.verb.lemma_.lower()} & g.cue("lasting_breaks")
    return head.tag_ == "VBD" and not perfect and not lasting and not clause.negated


def last_argument(verb: Any) -> Any | None:
    args = [c for c in verb.children if c.dep_ in ("dobj", "prep", "attr", "acomp", "prt")]
    return max(args, key=lambda t: t.i) if args else None


def action_words(clause: Clause, dates: set[int]) -> str:
    end = last_argument(clause.verb)
    tokens = [clause.verb] + ([t for t in end.subtree if t.i not in dates] if end is not None else [])
    words = [t for t in clause.verb.doc[clause.verb.i: (max(t.i for t in tokens) + 1)] if t.i not in dates]
    return object_text(words, keep_possessive=True) or clause.verb.lemma_


INTENTION = "intention"
"""Relation of a plan whose action no frame knows ("I'm going to apply for a mortgage")."""


def one_off(clause: Clause, reading: Reading, doc: Any, reference: date | None, g: Grammar) -> bool:
    """configs/extraction.toml [durability]: requests and errands are not memories."""
    if reading.relation in g.past_incidents and incident_over(clause, g):
        return True  # "the connection dropped three times yesterday": an incident that is over
    if (reading.status or clause.status) not in ("planned", "hypothetical") or clause.negated:
        return False
    action = clause.verb.lemma_.lower()
    if clause.request and action not in g.durable_requests:
        return True
    head = reading.obj.lemma_.lower() if reading.obj is not None else ""
    if head in g.one_off_objects or (reading.relation == INTENTION and head in g.noun("trip")):
        return True
    if reading.relation in ("travel", "activity", "event", INTENTION) and reference is not None:
        mentions = find_dates(doc.text, reference, future=True)
        if mentions and mentions[0].value - reference <= timedelta(days=g.one_off_within_days):
            return True
    return False
