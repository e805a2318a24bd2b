"""A reading of a clause and the words its fact is written in: who it is about (`Who`), what it relates
(`Reading`), a relation's template for a plain current statement ("customer lives at 7 Canal Street") and the
clause's own words in the third person for anything else (planned, past, negated, hypothetical)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from archivist.tasks.extract.parse import Clause
from archivist.tasks.extract.phrases import phrase_tokens
from archivist.tasks.extract.phrasing import article, at_or_in
from archivist.tasks.extract.writing import EXCLUDED_DEPS, NEGATION_AFTER, finite_index, render


@dataclass(frozen=True)
class Who:
    """The subject of a clause as a fact names it."""

    name: str
    first_person: bool
    thing: Any | None = None
    """The owned thing a clause is about ("my router stopped working"): its head token."""
    thing_text: str | None = None
    kin_of: tuple[str, str] | None = None
    """(person, kin word) for a relative named in the subject ("my sister Anna": Anna is the person's sister)."""


@dataclass(frozen=True)
class Reading:
    relation: str
    obj: Any | None
    """The object's head token (None when the object is written out, like a service state)."""
    object_text: str
    text: str
    klass: str | None = None
    status: str | None = None
    """A status the object changes ("ran a charity race": an event, past; "I'm taking a class": current)."""


def template_text(relation: str, klass: str | None, subject: str, obj: str) -> str | None:
    """The text of a plain current statement of a relation ("customer is on the Pro plan"), or None where the
    relation has no template (travel, activity: the clause's own words say more)."""
    if not obj:
        return None
    if relation == "address":
        return f"{subject} lives {at_or_in(obj)} {obj}"
    if relation == "plan" and klass == "broadband":
        return f"{subject} has {obj}" + ("" if obj.lower().endswith("broadband") else " broadband")
    if relation == "plan":
        named = any(w.lower() in ("plan", "tier", "package", "bundle", "subscription", "contract", "membership",
                                  "deal", "tariff", "account", "landline", "cover", "meter", "bouquet", "pack",
                                  "policy", "licence", "license", "add-on", "pass", "ticket", "travelcard",
                                  "railcard") for w in obj.replace(",", " ").split())
        if not named and obj.split()[-1:] and obj.split()[-1].lower() in ("plans", "packages"):
            return None  # "switched plans": no value to state
        return f"{subject} is on the {obj}" + ("" if named else " plan")
    if relation == "device":
        return f"{subject} has {counted(obj)}"
    if relation == "vehicle":  # "a 2015 Ford Focus": a model year is not a count
        year = obj[:4].isdigit() and len(obj) > 5
        return f"{subject} drives a {obj}" if year else f"{subject} drives {counted(obj)}"
    if relation == "operating_system":
        return f"{subject} uses {obj}"
    if relation == "bank":
        return f"{subject} banks with {obj}"
    if relation == "delivery_address":
        return f"{subject}'s delivery address is {obj}"
    if relation == "payment_method":
        return f"{subject} pays with {obj}"
    if relation == "diet":
        return f"{subject} is {obj}"
    if relation == "employer":
        return f"{subject} works as {article(obj)} {obj}" if klass == "occupation" else f"{subject} works at {obj}"
    if relation == "pet":
        return f"{subject} has {counted(obj)}"
    if relation == "attribute_seat":  # "window" alone: the seat by it
        return f"{subject} prefers {article(obj)} {obj}" if obj.lower().split()[-1].startswith("seat") else \
            f"{subject} prefers {article(obj)} {obj} seat"
    return None


NUMBERS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "some", "several",
                     "many", "a few", "few", "no", "any"})


def counted(obj: str) -> str:
    """ "a dog", but "two cats" and "AirPods": no article before a number or a plural."""
    first, last = obj.split()[0].lower(), obj.split()[-1]
    if first in NUMBERS or first[:1].isdigit() or (last.endswith("s") and not last.endswith("ss") and last.islower()):
        return obj
    return f"{article(obj)} {obj}"


def clause_tokens(clause: Clause, who: Who, end: Any | None, dates: set[int]) -> list[Any]:
    """The clause's own words from after its subject to the end of its object (or of its verb)."""
    chain = {t.i for t in clause.chain}
    subject = clause.subject
    start_candidates = [t for c in clause.chain for t in [c, *c.children]
                        if t.dep_ in ("aux", "auxpass", "neg", "advmod") or t.i in chain]
    if clause.head.dep_ == "conj" and not any(a.dep_ in ("aux", "auxpass") for a in clause.head.children):
        start_candidates = [clause.head] + [t for t in clause.chain[1:]]
    floor = subject.right_edge.i + 1 if subject is not None and subject.i < clause.head.i else 0
    start = min((t.left_edge.i if t.i not in chain else t.i for t in start_candidates if t.i >= floor),
                default=clause.head.i)
    last = end.right_edge.i if end is not None else max(
        [clause.verb.i] + [c.right_edge.i for c in clause.verb.children if c.dep_ in ("prt", "acomp", "xcomp")
                           or (c.dep_ in ("advmod", "neg") and c.i > clause.verb.i)])
    if end is not None:
        kept = phrase_tokens(end, dates)
        last = max(t.i for t in kept) if kept else end.i
    doc = clause.head.doc
    cut: set[int] = set(dates)
    if subject is not None:
        cut |= {t.i for t in subject.subtree}
    for token in [*clause.chain, *(t for t in doc[start:last + 1] if t.head.i in chain)]:
        for child in token.children:
            if child.dep_ in EXCLUDED_DEPS and child.i not in chain:
                cut |= {t.i for t in child.subtree}
            if child.dep_ == "advmod" and child.lower_ in ("actually", "so", "please", "then", "now", "today"):
                cut.add(child.i)
    if clause.verb.dep_ == "conj" and len(clause.chain) > 1:
        cut |= {t.i for t in clause.verb.head.subtree} - {t.i for t in clause.verb.subtree}
    if end is not None:
        cut -= {t.i for t in phrase_tokens(end, dates)}
        cut |= {t.i for t in end.subtree} - {t.i for t in phrase_tokens(end, dates)}
    if clause.head.dep_ == "conj" and not any(a.dep_ in ("aux", "auxpass") for a in clause.head.children):
        # "I'm leaving from Paris and going to Rome": the second verb shares the first one's auxiliary
        shared = [a for a in clause.head.head.children if a.dep_ in ("aux", "auxpass", "neg") and a.i < clause.head.i]
    else:
        shared = []
    owners = [*clause.chain] + ([end] if end is not None else [])
    tail = sorted({t for c in owners for a in c.children if a.i > last and a.lower_ in NEGATION_AFTER
                   for t in a.subtree}, key=lambda t: t.i)
    body = [t for t in doc[start:last + 1] if t.i not in cut and not (t.is_punct and t.i == last)]
    return sorted([t for t in shared if t.i < start], key=lambda t: t.i) + body + tail


def clause_text(clause: Clause, who: Who, end: Any | None, dates: set[int]) -> str:
    tokens = clause_tokens(clause, who, end, dates)
    said = render(tokens, first_person=who.first_person, third_person_at=finite_index(tokens))
    if who.thing_text and not who.first_person:
        return f"{who.name} {said}".strip()
    return f"{who.name} {said}".strip()
