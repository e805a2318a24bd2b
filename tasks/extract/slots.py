"""A change of one of the person's own values said with the slot's noun as the object: "I've changed my address to
3 Bay View, Leeds", "I updated my phone number to 07700 900555", "I want to change my surname to Bennett".

The object's noun names the slot (configs/extraction.toml [attributes], as in "my address is ..."), and the object
of "to" is the value. Read only where no verb frame gave a reading (tasks/extract/local.py), so the phrasings the
frames already know ("I've changed my plan to the Solo plan") keep theirs. A plain current statement is written
as the slot's own statement ("customer lives at 3 Bay View, Leeds"); a request, plan, negation or hypothetical
keeps its own words ("customer wants to change their surname to Bennett"), by the same rule as everywhere else.
"""

from __future__ import annotations

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrasing import article
from archivist.tasks.extract.relate import (
    Reading,
    Who,
    classify,
    clause_text,
    object_text,
    phrase_tokens,
    template_text,
)

CHANGE_VERBS = frozenset({"change", "update", "switch", "set", "correct", "amend"})
"""Verbs that give a slot a new value when the slot is their object and the value follows "to"."""
NAMED_VALUES = frozenset({"vehicle", "bank", "operating_system", "name", "pharmacy", "doctor", "employer"})


def slot_change_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    verb = clause.verb
    if verb.lemma_.lower() not in CHANGE_VERBS:
        return None
    args = arguments(verb)
    slot = next((a for n, a in args if n == "dobj" and any(c.lower_ in ("my", "our") for c in a.children)), None)
    value = next((a for n, a in args if n == "prep:to"), None)
    if slot is None or value is None or value.i in dates:
        return None
    words = [t for t in slot.subtree if t.dep_ == "compound" or t.i == slot.i]
    phrase, head = " ".join(t.lower_ for t in words), slot.lemma_.lower()
    relation = next((r for r, names in g.attributes.items() if phrase in names), None) or next(
        (r for r, names in g.attributes.items() if head in names and head != "number"), None)
    obj = object_text(phrase_tokens(value, dates), keep_possessive=True)
    if relation is None or not obj:
        return None
    klass = classify(value, g)
    if relation in ("address", "delivery_address") and klass != "place" and not any(t.like_num for t in value.subtree):
        return None  # "changed my address to the new one": no address to store
    if relation in NAMED_VALUES and not (value.pos_ == "PROPN" or klass == relation):
        return None
    if relation == "contact" and not (sum(ch.isdigit() for ch in obj) >= 6 or "@" in obj):
        return None  # "update my number to the new one", "change the number to LR71 XBN" (a registration)
    plain = clause.status == "current" and not clause.negated and not clause.request
    label = " ".join(t.text if t.text.isupper() else t.lower_ for t in words)
    text = None
    if plain:
        text = template_text(relation, klass, who.name, obj) or {
            "contact": f"{who.name}'s {'email' if '@' in obj else 'phone number'} is {obj}",
            "vehicle": f"{who.name} drives {article(obj)} {obj}"}.get(relation) or f"{who.name}'s {label} is {obj}"
    return Reading(relation, value, obj, text or clause_text(clause, who, value, dates), klass)


def any_reading(readings: list[Reading], clause: Clause, who: Who, g: Grammar, dates: set[int]) -> list[Reading]:
    """`readings`, or the slot change the clause states when no frame gave one."""
    if readings or who.thing is not None:
        return readings
    found = slot_change_reading(clause, who, g, dates)
    return [found] if found is not None else []

