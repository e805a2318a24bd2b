"""Which nouns name a slot of the person, and which words can be its value: "my dentist" names one, "my order"
does not; "Dr Hargreaves", "12 seats" or "letter by post" (for a slot the person chooses) can fill one."""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.schedules import DATE_SLOTS

QUANTITY = re.compile(r"\d|[£$€]")
"""A digit or a currency sign: the phrase holds an amount or a number."""
_TIME = re.compile(r"^\d{1,2}(?::\d{2})?(?:am|pm)?(?:-\d{1,2}(?::\d{2})?(?:am|pm)?)?$", re.IGNORECASE)
_TIME_WORDS = frozenset({"am", "pm", "noon", "midday"})


def run_on(tokens: list[Any]) -> list[Any]:
    """ "every Saturday, 8am-10am": the time after a day, which the parser may hang elsewhere, runs on with it."""
    if not tokens:
        return tokens
    doc, end = tokens[0].doc, max(t.i for t in tokens)
    more = []
    for t in doc[end + 1:]:
        if t.text in (",", "-", "–", "to") or t.like_num or _TIME.match(t.text) or t.lower_ in _TIME_WORDS:
            more.append(t)
            continue
        break
    while more and more[-1].text in (",", "-", "–", "to"):
        more.pop()
    return sorted(tokens + more, key=lambda t: t.i)


def standing_slot(noun: Any, g: Grammar) -> bool:
    """ "my regular delivery", "your usual slot": a slot that recurs on a day and at a time."""
    return noun.lemma_.lower() in g.word("standing_slots") or any(
        c.dep_ in ("amod", "compound") and c.lower_ in g.word("standing_words") for c in noun.subtree if c.i < noun.i)


def chosen_slot(noun: Any, g: Grammar) -> bool:
    """ "my preferred contact method", "your appointment preference": a slot the person chooses among plain options,
    so a value in common words ("letter by post", "weekday afternoons") is one."""
    return noun.lemma_.lower() in g.word("chosen_slots") or any(
        c.dep_ == "amod" and c.lower_ in g.word("chosen_slots") for c in noun.children)


def names_a_value(tokens: list[Any]) -> bool:
    """A name (a proper noun, a capitalised word inside the sentence), a number, an address or a code: something
    a slot can hold."""
    return any(t.pos_ == "PROPN" or (t.like_num and t.lower_ != "one") or QUANTITY.search(t.text) or "@" in t.text or
               (t.i > 0 and t.text[:1].isupper() and t.is_alpha) for t in tokens)


def is_slot_noun(noun: Any, g: Grammar) -> bool:
    """A noun an attribute can be named by. A noun of errands names none ("my order", "my payment"), unless words
    that are no errand narrow it to an attribute ("my monthly payment", "my tax code")."""
    lemma, lower = noun.lemma_.lower(), noun.lower_
    scheduled = lemma in DATE_SLOTS | g.word("narrowed_slots") and any(c.dep_ == "compound" and c.pos_ == "NOUN"
                                                                      for c in noun.children)
    if noun.pos_ not in ("NOUN", "PROPN") or lemma in g.word("stop_objects") or lemma in g.word("kin") or \
            (lemma in g.word("moment_nouns") and not scheduled):
        return False
    narrowing = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i
                 and c.lower_ not in ("new", "old", "current", "previous")]
    if any(c.lemma_.lower() in g.word("errand_words") or c.lower_ in g.word("errand_words") for c in narrowing) \
            and lemma != "day" and not chosen_slot(noun, g) and not standing_slot(noun, g):
        return False  # "my order number", "my booking reference"; a "delivery day" comes round every week
    errands = g.word("not_slots") | g.one_off_objects
    return bool(narrowing) or (lemma not in errands and lower not in errands)
