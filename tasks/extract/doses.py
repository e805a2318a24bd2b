"""Medicines and their doses: "repeat for my atorvastatin pls, 20mg at night", "she has reduced my citalopram to
10mg a day", "need my metformin repeat, 500mg twice a day".

A pharmacy or surgery archive states a dose beside the medicine's name far more often than in a clause a frame
reads ("I take 20mg of citalopram" is read by attributes.py). A name written next to an amount in a dose unit is
the person's medicine and that amount its dose now, filed under the medicine's own attribute (`attribute_<name>`:
one dose of a medicine at a time, many medicines side by side), so "reduced my citalopram to 10mg" replaces the
20mg and leaves the metformin alone. No list of medicines is kept: the dose unit is what says it is one. "My dose
changed, it's 1000mg now" names no medicine: it is the one the conversation or the stored facts already give a
dose of (`named_dose`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.types import ExtractedFact, TurnContext

DOSE_UNITS = frozenset({"mg", "mcg", "µg", "ug", "micrograms", "microgram", "milligrams", "milligram", "ml"})
_NOT_NAMES = frozenset({"dose", "dosage", "strength", "tablet", "tablets", "pill", "pills", "capsule", "capsules",
                        "medication", "medicine", "medicines", "prescription", "script", "repeat", "repeats",
                        "please", "thanks", "dispense", "entry", "supply", "order", "refill", "review", "same",
                        "usual", "daily", "night", "morning", "evening", "always", "again", "still", "also",
                        "taking", "twice", "times", "every", "there", "about", "around", "least", "total"})
"""Words next to a dose that are not a medicine's name: the dose's own words, the errand, the frequency."""
_FREQUENCY = frozenset({"once", "twice", "three", "four", "times", "a", "an", "per", "each", "every", "day", "daily",
                        "night", "nightly", "morning", "mornings", "evening", "evenings", "week", "weekly", "at",
                        "in", "the", "bedtime", "x"})
_DOSE_SLOTS = frozenset({"attribute_dose", "attribute_dosage", "attribute_strength"})
_NOT_CURRENT = frozenset({"if", "might", "may", "could", "would", "should", "will", "wo", "going", "planning",
                          "thinking", "considering", "used", "not", "n't", "never", "no"})
"""A dose said as a plan, a possibility, a past or a denial is no dose the person takes now."""
_AMOUNT = re.compile(r"\d[\d.,]* ?(?:mg|mcg|µg|micrograms?|milligrams?|ml)\b", re.IGNORECASE)
_WRITTEN = re.compile(r"\b([a-z][\w-]{4,})(?: (?:is|at|of|was))?(?: now)? (\d[\d.,]*) ?(?:mg|mcg|micrograms|ml)\b|"
                      r"\b(\d[\d.,]*) ?(?:mg|mcg|micrograms|ml) of ([a-z][\w-]{4,})\b", re.IGNORECASE)


def dose_values(doc: Any, person: str, g: Grammar) -> list[tuple[str, str, str, tuple[str | None, ...], bool | None]]:
    """(relation, object, text, names, replaces) of each medicine the sentence gives a current dose of."""
    words = {t.lower_ for t in doc}
    if words & _NOT_CURRENT or words & g.word("kin") or any(t.tag_ == "MD" for t in doc):
        return []  # "my son takes 5mg of melatonin", "the GP might put me up to 40mg": not the person's dose now
    found: dict[str, tuple[str, str, str, tuple[str | None, ...], bool | None]] = {}
    for unit in doc:
        if unit.lower_ not in DOSE_UNITS or unit.i == 0 or not doc[unit.i - 1].like_num:
            continue
        name = _medicine(doc, unit.i - 1, g)
        if name is None or name.lower_ in found:
            continue
        # The value is the amount alone, as the frames read "I take 20mg of citalopram": "10mg a day" from the
        # customer and "10mg" from the agent are one dose. The text keeps how often.
        medicine, amount = name.lower_, f"{doc[unit.i - 1].text}{unit.lower_}"
        found[medicine] = (f"attribute_{medicine}", amount,
                           f"{person}'s {medicine} is {_with_frequency(doc, unit)}", (), None)
    return list(found.values())


def _medicine(doc: Any, number: int, g: Grammar) -> Any | None:
    """The medicine a dose starting at token `number` belongs to: the name just before it (a few words back, past
    "my", "to", "is", a comma), else the name after "of" ("20mg of citalopram")."""
    after = number + 2
    if after + 1 < len(doc) and doc[after].lower_ == "of" and _named(doc[after + 1], g):
        return doc[after + 1]
    for token in reversed(doc[max(number - 4, 0):number]):
        if token.like_num or token.text in (".", ";", ":"):
            return None  # another amount or another statement lies between
        if token.lower_ in _NOT_NAMES or not token.is_alpha:
            continue
        if _named(token, g):
            owner = doc[token.i - 1] if token.i > 0 else None
            return None if owner is not None and owner.lower_ in ("his", "her", "their") else token
    return None


def _named(token: Any, g: Grammar) -> bool:
    """A word that can be a medicine's name: a noun of five letters or more that the grammar gives no other use."""
    return (token.is_alpha and len(token.text) >= 5 and token.pos_ in ("NOUN", "PROPN", "ADJ", "X")
            and token.lower_ not in _NOT_NAMES and not token.is_stop and token.lower_ not in g.word("stop_objects")
            and token.ent_type_ not in ("PERSON", "GPE", "ORG", "DATE", "TIME"))


def _with_frequency(doc: Any, unit: Any) -> str:
    """ "500 mg twice a day" -> "500mg twice a day": the amount and how often, up to whatever else follows."""
    end = unit.i + 1
    while end < len(doc) and doc[end].lower_ in _FREQUENCY:
        end += 1
    while end > unit.i + 1 and doc[end - 1].lower_ in ("a", "an", "the", "at", "in", "per", "each", "every"):
        end -= 1
    rest = " ".join(t.lower_ for t in doc[unit.i + 1:end])
    return f"{doc[unit.i - 1].text}{unit.lower_}" + (f" {rest}" if rest else "")


def named_dose(fact: ExtractedFact, turn: TurnContext, turns: Sequence[TurnContext]) -> ExtractedFact:
    """ "my dose changed, its 1000mg twice a day now": the dose of the medicine the conversation names with a dose
    (the nearest message before the turn, else after it, among `turns`), filed under that medicine; the fact as it
    is where none is named. Any dose's value is its amount alone (the text keeps how often)."""
    said, amount = fact.object, _AMOUNT.match(fact.object)
    if amount is not None and amount.group(0) != fact.object:  # "1000mg twice daily" and "1000mg twice a day": one dose
        fact = dataclasses.replace(fact, object=re.sub(r"\s+", "", amount.group(0)).lower())
    if fact.relation not in _DOSE_SLOTS or amount is None:
        return fact
    after = [(t.said_at, t.text) for t in turns if t.conversation_id == turn.conversation_id and t.scope == turn.scope
             and t.said_at is not None and turn.said_at is not None and t.said_at > turn.said_at]
    later = [text for _, text in sorted(after, key=lambda pair: pair[0])]
    medicine = None
    for text in [m.text for m in reversed(turn.previous)] + later:
        match = _WRITTEN.search(text)
        if match and (match.group(1) or match.group(4)).lower() not in _NOT_NAMES:
            medicine = (match.group(1) or match.group(4)).lower()
            break
    if medicine is None:
        return fact
    return dataclasses.replace(fact, relation=f"attribute_{medicine}",
                               text=f"{fact.subject}'s {medicine} is {said}")
