"""Whether a statement says a slot's value changed, and "no longer X, now Y" read as one change.

A fact is marked `replaces` when its clause is a current, unnegated statement and either its verb chain holds a
verb of replacement in the past or perfect ("switched to", "swapped ... for", "changed over to", "have moved
to"), its verb takes both "from" and "to" ("went from Silver to Gold"), or its sentence says "now", "instead"
(not hedged: "for now", "right now" are not changes). The write path then lets it replace the value stored for
the same subject and relation (tasks/decisions/local/structure.py), within what configs/relations.toml says a
replacement replaces.

In one turn, a negated value of a slot beside a new value of the same slot ("I'm no longer on the Family bundle,
I'm on the Solo bundle now"; "I'm not vegan any more. I'm vegetarian now") is one change: the negation is
folded into the new value (dropped, and the new value marked), so the old fact is closed by the fact that
replaced it rather than by a bare denial.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from archivist.configs.relations import Relations
from archivist.tasks.extract.grammar import Grammar, says_any
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.types import ExtractedFact

NEGATING_WORDS = frozenset({"not", "no", "never", "longer", "cancelled", "canceled", "stopped", "quit", "left"})
_WORD = re.compile(r"[a-z0-9@.+]+")


def states_change(clause: Clause | None, doc: Any, g: Grammar) -> bool:
    """The clause (or, for a fact read without one, its sentence) says the value it names is a new one."""
    if clause is not None:
        if clause.status != "current" or clause.negated or clause.ending or clause.request or clause.conditional:
            return False
        if any(t.lemma_.lower() in g.cue("replacement_verbs") and t.tag_ in ("VBD", "VBN") for t in clause.chain):
            return True
        named = {name for name, _ in arguments(clause.verb)}
        if clause.verb.lemma_.lower() in g.cue("new_value_verbs") and any(
                c.dep_ == "amod" and c.lower_ == "new" for _, a in arguments(clause.verb) for c in a.children):
            return True  # "I've started a new job at Osprey Analytics"
        if "prep:from" in named and named & {"prep:to", "prep:into", "prep:onto"}:
            return True
        subject = clause.subject
        if clause.verb.lemma_.lower() == "be" and subject is not None and any(
                c.dep_ == "amod" and c.lower_ == "new" for c in subject.children) and any(
                c.dep_ == "poss" and c.lower_ in ("my", "our") for c in subject.children):
            return True  # "my new email is j.moreno@fastmail.com": the slot's value is a new one
    return change_adverb(doc, g)


def change_adverb(doc: Any, g: Grammar) -> bool:
    """ "I'm vegetarian now", "my email is now ...", "use PayPal instead"; not "for now" or "right now"."""
    adverbs = g.cue("replacement_adverbs")
    lower = doc.text.lower()
    if any(marker in lower for marker in g.cue("present_markers")):
        return True  # "please use tara.bishop@outlook.com from now on": a change that starts now
    if says_correction(lower, g):
        return True  # "sorry, I meant Dawes, not Dawson - my surname is Dawes"
    for token in doc:
        single = token.lower_ in adverbs
        double = token.i + 1 < len(doc) and f"{token.lower_} {doc[token.i + 1].lower_}" in adverbs
        if not (single or double):
            continue
        if token.i > 0 and doc[token.i - 1].lower_ in g.cue("not_replacement_before"):
            continue
        return True
    return False


def says_correction(lower: str, g: Grammar) -> bool:
    """`lower` (lower-cased) holds one of the config's `correction_markers` ("I meant", "typo") as words."""
    return says_any(lower, g.cue("correction_markers"))


def corrected(facts: list[ExtractedFact], text: str, g: Grammar) -> list[ExtractedFact]:
    """ "Sorry, I meant Dawes, not Dawson - my surname is Dawes.": a correction said in the sentence before a
    current value's own sentence of the same turn marks that value as replacing the one on file."""
    if not facts or not says_correction(text.lower(), g):
        return facts  # most turns correct nothing: no sentence split for them
    starts = [s.start for s in split_sentences(text)]
    out = []
    for fact in facts:
        at = text.find(fact.quote)
        before = [s for s in starts if s < at]
        lead = text[before[-1]:at] if at > 0 and before else ""
        if not fact.replaces and fact.temporal_status == "current" and says_correction(lead.lower(), g):
            fact = dataclasses.replace(fact, replaces=True)
        out.append(fact)
    return out


def negated_text(fact: ExtractedFact) -> bool:
    return any(word in NEGATING_WORDS for word in fact.text.lower().split())


def _words(value: str) -> frozenset[str]:
    return frozenset(_WORD.findall(value.lower())) - {"the", "a", "an", "their", "plan"}


def replaceable(relations: Relations, relation: str, old: str, new: str) -> bool:
    """A stated change from `old` to `new` replaces the old value (configs/relations.toml `replace`)."""
    if not (_words(old) - _words(new) and _words(new) - _words(old)):
        return False
    return relations.replaces(relation, old, new)


def fold_negations(facts: list[ExtractedFact], relations: Relations) -> list[ExtractedFact]:
    """A turn's facts with each "no longer X" that sits beside a new value Y of the same slot folded into Y."""
    current = [f for f in facts if f.temporal_status == "current"]
    values = [f for f in current if not negated_text(f)]
    dropped: set[int] = set()
    marked: set[int] = set()
    for denial in (f for f in current if negated_text(f)):
        relation = relations.canonical(denial.relation)
        for value in values:
            if relations.canonical(value.relation) == relation and value.subject == denial.subject and \
                    replaceable(relations, relation, denial.object, value.object):
                dropped.add(id(denial))
                marked.add(id(value))
                break
    if not dropped:
        return facts
    return [dataclasses.replace(f, replaces=True) if id(f) in marked else f for f in facts if id(f) not in dropped]
