"""Open attributes: a value the person states of a noun no slot of configs/extraction.toml [attributes] names.

"My dentist is Dr Hargreaves", "our primary IT contact is Priya Natarajan", "I have an arranged overdraft of
£500", "I take 20mg of citalopram": support archives are full of an account's own attributes (a dentist, an
overdraft, a dose, a support level), more than any list of slots can name. A possessed noun with a copula names
one attribute of the person and the value it holds now, so the fact is filed under `attribute_<head noun>`
(configs/relations.toml `open_attribute_prefix`: one value at a time), and a later "your dentist is now Dr Patel"
fills the same slot and replaces it. An amount held or taken ("an overdraft of £500", "40 seats", "20mg of
citalopram") is the value of the noun it measures.

Only values that name something are kept: a name, a number, an address or a code. "My order is late", "my bill
is huge" judge a thing; they are not its value (`judged` in values.py leaves those out before this is asked), and
nouns of a passing errand (an order, a ticket, a refund: configs/extraction.toml [words] not_slots) are never
attributes of the person.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar, says_any
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrases import (
    CLASS_RELATION,
    classify,
    object_text,
    phrase_tokens,
    with_unit_and_rate,
)
from archivist.tasks.extract.phrasing import article
from archivist.tasks.extract.relate import Reading, Who, clause_text, template_text
from archivist.tasks.extract.schedules import (
    DATE_SLOTS,
    MONEY,
    PAYMENT_AMOUNT,
    PAYMENTS,
    dated_attribute,
    recurring_day,
)
from archivist.tasks.extract.slot_nouns import (
    QUANTITY,
    chosen_slot,
    is_slot_noun,
    names_a_value,
    run_on,
    standing_slot,
)

OPEN_PREFIX = "attribute_"
"""configs/relations.toml `open_attribute_prefix`: relations it begins hold one value at a time."""
AMOUNT_VERBS = frozenset({"have", "take", "hold", "keep", "get", "carry"})
"""Verbs of holding an amount (not "used 41GB": what was spent is no value of the slot)."""


def open_slot(noun: Any) -> str:
    """The relation an attribute noun names: `attribute_<lemma>` ("primary IT contact" -> attribute_contact)."""
    lemma = re.sub(r"[^a-z0-9]+", "_", noun.lemma_.lower()).strip("_")
    return f"{OPEN_PREFIX}{lemma}"


def open_attribute(clause: Clause, who: Who, value: Any, g: Grammar, dates: set[int]) -> Reading | None:
    """ "my dentist is Dr Hargreaves": `who.thing` is the noun, `value` the attribute's head."""
    noun = who.thing
    if noun is None or who.thing_text is None:
        return None
    counted = counted_slot(value) or _count_noun(noun)
    if not counted and not is_slot_noun(noun, g):
        return None
    if noun.lemma_.lower() in DATE_SLOTS:  # "my payment date is the 14th": a schedule (schedules.py)
        return dated_attribute(clause, who, value)
    if noun.lemma_.lower() in PAYMENTS and recurring_day(value):  # "my direct debit is now the 28th of each month"
        return dated_attribute(clause, who, value)
    # "my regular delivery is every Saturday, 8am-10am": a standing slot's value is the day and time it recurs
    standing = standing_slot(noun, g)
    tokens = with_unit_and_rate(phrase_tokens(value, set() if standing else dates))
    if standing:
        tokens = run_on(tokens)
    if not tokens or not (names_a_value(tokens) or chosen_slot(noun, g)):
        return None
    if sum(ch.isdigit() for ch in value.doc[value.i:].text) >= 12:
        return None  # "my card number is 4111 1111 ...": a card number, read by values.py and masked before
    obj = object_text(tokens, keep_possessive=True)
    if not obj or obj.lower() == who.thing_text.lower():
        return None
    plain = clause.status == "current" and not clause.negated
    text = f"{who.name}'s {who.thing_text} is {obj}" if plain else \
        clause_text(clause, Who(f"{who.name}'s {who.thing_text}", False), value, dates)
    paid = PAYMENT_AMOUNT if noun.lemma_.lower() in PAYMENTS - {"bill"} and MONEY.match(obj.split()[0]) else None
    return Reading(counted or coded_slot(tokens, g) or paid or open_slot(noun), value, obj, text)


def amount_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "I have an arranged overdraft of £500", "I take 20mg of citalopram", "we have 40 seats": an amount the
    person holds is the value of what it measures."""
    verb = clause.verb
    if not who.first_person and (who.thing is None or verb.lemma_.lower() == "be"):
        return None  # "my policy carries an excess of £250": what a thing of the person's holds is theirs too
    if verb.lemma_.lower() == "be":  # "we're down to 2 meals a week now", "I'm up to 3 lines": the amount held now
        held = next((p for c in verb.children if c.dep_ == "advmod" and c.lower_ in ("down", "up")
                     for t in c.children if t.dep_ == "prep" and t.lower_ == "to"
                     for p in t.children if p.dep_ == "pobj"), None)
    elif verb.lemma_.lower() in AMOUNT_VERBS:
        held = next((c for c in verb.children if c.dep_ == "dobj"), None)
    else:
        return None
    if held is None:
        return None
    measured = next((p for c in held.children if c.dep_ == "prep" and c.lower_ == "of"
                     for p in c.children if p.dep_ == "pobj"), None)
    if measured is not None and _quantity(measured) and not _quantity(held):
        noun, amount = held, measured  # "an overdraft of £500"
    elif measured is not None and _quantity(held) and not _quantity(measured):
        noun, amount = measured, held  # "20mg of citalopram"
    elif measured is None and any(c.dep_ == "nummod" and c.i < held.i and QUANTITY.search(c.text)
                                  for c in held.children):  # "the FRITZ!Box 7530": a model's number, no count
        noun, amount = held, held  # "40 seats"
    else:
        return None
    holder = _held_on(noun, g) if amount is noun else None
    if holder is None and amount is noun and who.thing is not None and counted_slot(noun) and \
            who.thing.lemma_.lower() in g.word("count_holders"):
        holder = who.thing  # "my family plan has 3 connections": what a plan or an account holds is its count
    if holder is not None:  # "40 seats on the annual license": a count of what the license holds is its value
        obj = object_text([t for t in noun.subtree if t.i <= noun.i and t.dep_ != "det"])
        plain = clause.status == "current" and not clause.negated
        text = f"{who.name}'s {noun_name(holder)} has {obj}" if plain else clause_text(clause, who, amount, dates)
        return Reading(counted_slot(noun) or open_slot(holder), amount, obj, text) if obj else None
    if not is_slot_noun(noun, g) or (amount is noun and (not who.first_person or who.thing is not None)):
        return None  # "my router has 4 ports": a count a thing has is a feature of it, not a value the person keeps
    name = noun_name(noun)
    if amount is noun:  # "4 meals a week": the rate after the count is part of the amount
        rate = [t for c in noun.children if c.dep_ == "npadvmod" and c.i > noun.i for t in c.subtree]
        obj = object_text(sorted([t for t in noun.subtree if t.i <= noun.i and t.dep_ != "det"] + rate,
                                 key=lambda t: t.i))
    else:
        obj = object_text([t for t in phrase_tokens(amount, dates) if t.i < (noun.i if noun.i > amount.i else 10**6)
                           and t.dep_ != "prep"])
    if not obj:
        return None
    plain = clause.status == "current" and not clause.negated
    text = (f"{who.name} has {obj}" if amount is noun else f"{who.name}'s {name} is {obj}") if plain else \
        clause_text(clause, who, amount, dates)
    return Reading((counted_slot(noun) if amount is noun else None) or open_slot(noun), amount, obj, text)


HELD_FOR_VERBS = frozenset({"have", "hold"})


def held_for_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "I have a residential parking permit for Zone C", "we hold a membership at the Pyrmont space": a thing the
    person holds, named by what it is for or where it is, is an attribute of theirs with that value (the same slot
    as the agent's later "your residential permit is now Zone F")."""
    if not who.first_person or clause.verb.lemma_.lower() not in HELD_FOR_VERBS:
        return None
    held = next((c for c in clause.verb.children if c.dep_ == "dobj"), None)
    if held is None or not is_slot_noun(held, g):
        return None
    for prep in (c for c in held.children if c.dep_ == "prep" and c.lower_ in ("for", "at")):
        value = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if value is None or value.ent_type_ == "PERSON" or value.lemma_.lower() in g.word("kin"):
            continue  # "a prescription for my son", "an appointment for Sarah": someone else's
        tokens = phrase_tokens(value, dates)
        named = any(t.pos_ == "PROPN" or (t.text[:1].isupper() and t.i > 0) or
                    (any(ch.isdigit() for ch in t.text) and any(ch.isalpha() for ch in t.text)) for t in tokens)
        obj = object_text(tokens, keep_possessive=True)
        if not named or not obj:
            continue  # "a table for 2", "a ticket for tonight": a count or a time is no value of the thing
        name = noun_name(held)
        plain = clause.status == "current" and not clause.negated
        text = f"{who.name}'s {name} is {prep.lower_} {obj}" if plain else clause_text(clause, who, value, dates)
        return Reading(coded_slot(tokens, g) or open_slot(held), value, obj, text)
    return None


def product_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "I have a 30-year fixed rate mortgage", "I've got an Easy Access Saver": a product the person holds, named by
    its kind (configs/extraction.toml [words] products) and the words that say which one, is theirs, one of its
    kind at a time."""
    if not who.first_person or clause.verb.lemma_.lower() not in HELD_FOR_VERBS | {"get"}:
        return None
    held = next((c for c in clause.verb.children if c.dep_ == "dobj"), None)
    if held is None or held.lemma_.lower() not in g.word("products"):
        return None
    words = [t for t in held.subtree if t.i <= held.i and t.dep_ not in ("det", "poss")]
    which = [t for t in words if t.i < held.i and t.lower_ not in ("new", "old", "current", "a", "an", "the")]
    if not which:
        return None  # "I have a mortgage with you": which one is not said
    obj = object_text(words)
    plain = clause.status == "current" and not clause.negated
    text = f"{who.name} has {article(obj)} {obj}" if plain else clause_text(clause, who, held, dates)
    return Reading(open_slot(held), held, obj, text)


def noun_name(noun: Any) -> str:
    """The noun with the words before it that say which kind ("residential parking permit"), not new/old/current."""
    return " ".join(t.text if t.text.isupper() or t.pos_ == "PROPN" else t.lower_ for t in noun.subtree
                    if t.i <= noun.i and (t.dep_ in ("compound", "amod") or t.i == noun.i)
                    and t.lower_ not in ("new", "old", "current"))


_MEASURES = frozenset({"second", "minute", "hour", "day", "week", "fortnight", "month", "year", "night", "time",
                       "meal", "gb", "mb", "tb", "mbps", "gbps", "kg", "g", "km", "mile", "litre", "liter", "point",
                       "pound", "dollar", "euro", "rand", "rupee", "percent", "mg", "ml", "unit", "kwh"})
"""Units and rates, which measure an amount; everything else a number counts is things held ("40 seats")."""


def coded_slot(tokens: list[Any], g: Grammar) -> str | None:
    """ "Band D", "Zone F", "Tier 2": a value named by its kind and a short code is filed under the kind, whatever
    noun the speaker hangs it on ("your property is in Band C", "I've corrected your account to Band D")."""
    words = [t for t in tokens if t.dep_ != "det"]
    if len(words) != 2 or words[0].lower_ not in g.word("coded_values"):
        return None
    code = words[1].text
    return f"{OPEN_PREFIX}{words[0].lower_}" if len(code) <= 3 and code[:1].isalnum() and (
        code.isupper() or code.isdigit()) else None


def counted_slot(token: Any) -> str | None:
    """ "65 seats", "3 lines", "12 users": a count of things is filed under the things counted
    (`attribute_seat_count`), whoever names the holder ("40 seats on the annual license", "your license is now 65
    seats", "your seat count is 65")."""
    if token.tag_ != "NNS" or token.lemma_.lower() in _MEASURES or not any(
            c.dep_ == "nummod" and c.like_num and c.i < token.i for c in token.children):
        return None
    return f"{OPEN_PREFIX}{re.sub(r'[^a-z0-9]+', '_', token.lemma_.lower()).strip('_')}_count"


def _count_noun(noun: Any) -> str | None:
    """ "my seat count", "the number of seats": the count of the noun before or after it."""
    if noun.lemma_.lower() == "count":
        thing = next((c for c in noun.children if c.dep_ == "compound" and c.pos_ == "NOUN"), None)
    elif noun.lemma_.lower() == "number":
        thing = next((p for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                      for p in c.children if p.dep_ == "pobj" and p.tag_ == "NNS"), None)
    else:
        return None
    if thing is None or thing.lemma_.lower() in _MEASURES:
        return None
    return f"{OPEN_PREFIX}{re.sub(r'[^a-z0-9]+', '_', thing.lemma_.lower()).strip('_')}_count"


def _held_on(counted: Any, g: Grammar) -> Any | None:
    """The slot noun a count is held on ("40 seats on the annual license", "3 lines on my account")."""
    thing = next((p for c in counted.children if c.dep_ == "prep" and c.lower_ == "on"
                  for p in c.children if p.dep_ == "pobj"), None)
    return thing if thing is not None and is_slot_noun(thing, g) and thing.lemma_.lower() not in DATE_SLOTS else None


def _quantity(token: Any) -> bool:
    """The phrase itself holds a number or a currency sign (its prepositional phrases left out)."""
    inner = {t.i for c in token.children if c.dep_ == "prep" for t in c.subtree}
    return any(QUANTITY.search(t.text) for t in token.subtree if t.i not in inner)


def condition_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "I'm allergic to peanuts": a condition (configs/extraction.toml [words] conditions) and what it is to."""
    verb = clause.verb
    if verb.lemma_.lower() != "be":
        return None
    state = next((c for c in verb.children if c.dep_ == "acomp" and c.lower_ in g.word("conditions")), None)
    to = next((p for c in (state.children if state is not None else ()) if c.dep_ == "prep" and c.lower_ in
               ("to", "of") for p in c.children if p.dep_ == "pobj"), None)
    if state is None or to is None:
        return None
    obj = object_text(phrase_tokens(to, dates))
    if not obj:
        return None
    plain = clause.status == "current" and not clause.negated
    text = f"{who.name} is {state.lower_} to {obj}" if plain else clause_text(clause, who, to, dates)
    return Reading("allergy", to, obj, text)


HOLDING_VERBS = frozenset({"be", "cover", "insure", "include"})
_REGISTRATION = frozenset({"vehicle", "registration", "reg", "plate"})


def holding_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "your agreement is for the Vauxhall Corsa", "your home insurance covers 7 Fenwick Road, Hexham", "your
    council tax account is for 3 Elm Terrace": what a policy, an agreement or an account of the person is for is
    the person's own (a vehicle, a device, a plan, an address; configs/extraction.toml [words] holdings)."""
    noun = who.thing
    if noun is None or noun.lemma_.lower() not in g.word("holdings") or clause.verb.lemma_.lower() not in HOLDING_VERBS:
        return None
    for name, token in arguments(clause.verb):
        if name not in ("prep:for", "dobj", "prep:at", "prep:on") or (clause.verb.lemma_.lower() == "be" and
                                                                      name == "dobj"):
            continue
        klass = classify(token, g)
        relation = CLASS_RELATION.get(klass or "")
        if klass == "place" and any(t.like_num for t in token.subtree):
            relation = "address"
        if relation == "address" and any(t.lemma_.lower() in g.noun("vehicle") | _REGISTRATION for t in token.subtree):
            continue  # "valid until October for vehicle 141-D-22871": a car's registration, no place
        if relation == "address" and clause.verb.lemma_.lower() == "include":
            continue  # "your membership includes 45-minute rides": what a plan gives, not where anyone lives
        if relation not in ("vehicle", "device", "plan", "address") or (name == "prep:on" and relation != "plan"):
            continue  # "on" holds a plan ("your line is on Unlimited Plus"), nothing else
        obj = object_text(phrase_tokens(token, dates))
        plain = clause.status == "current" and not clause.negated
        text = template_text(relation, klass, who.name, obj) if plain else None
        if obj:
            return Reading(relation, token, obj, text or clause_text(clause, Who(who.name, True), token, dates), klass)
    return None


_SPAN = re.compile(r"\bfor (?:a|an|one|two|three|four|five|six|a few|a couple of|\d+) (?:day|days|week|weeks|fortnight|"
                   r"month|months)\b", re.IGNORECASE)


def temporary(text: str, g: Grammar) -> bool:
    """The sentence says its state is temporary (configs/extraction.toml [words] temporary_markers)."""
    lower = text.lower()
    return bool(_SPAN.search(lower)) or says_any(lower, g.word("temporary_markers"))


_PLACEMENT_VERBS = frozenset({"be", "work", "sit", "base", "stay", "remain", "train"})


def placement_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "I'm in the marketing team", "I'm on the early shift", "I work at the Glasgow office", "I moved across to the
    procurement team": where the person belongs (configs/extraction.toml [words] placement_*), filed under the
    noun's own attribute and written as its value ("customer's team is the procurement team"), whatever the verb.
    The noun must be named ("the marketing team"); "I'm in the office" names no value."""
    lemma = clause.verb.lemma_.lower()
    changes = lemma in g.word("placement_changes")
    if not who.first_person or not (changes or lemma in _PLACEMENT_VERBS):
        return None
    placements = g.word("placement_in") | g.word("placement_on") | g.word("placement_at")
    for name, token in arguments(clause.verb):
        if name not in ("prep:in", "prep:on", "prep:at", "prep:to", "prep:into", "prep:onto", "prep:from") and not (
                name == "dobj" and lemma in ("join", "work")):  # "i work the night shift"
            continue
        if token.lemma_.lower() not in placements or token.pos_ != "NOUN":
            continue
        if any(c.dep_ == "compound" and c.lemma_.lower() in placements for c in token.children):
            continue  # "the procurement team group": a thing the team has (a mailing group), not a placement
        named = [c for c in token.children if c.dep_ in ("compound", "amod", "nmod", "nummod") and c.i < token.i
                 and c.lower_ not in ("new", "old", "current", "previous", "other", "same", "different", "own")]
        if not named or any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in token.children):
            continue  # "joined a book club": one of many (an activity), not the person's place in one
        obj = object_text([t for t in phrase_tokens(token, dates) if t.dep_ != "poss"])
        if not obj or temporary(clause.verb.doc.text, g):
            continue
        plain = clause.status == "current" and not clause.negated and not clause.ending
        the = "" if obj.lower().startswith(("the ", "a ", "an ")) else "the "
        text = f"{who.name}'s {token.lower_} is {the}{obj}" if plain else clause_text(clause, who, token, dates)
        return Reading(open_slot(token), token, obj, text)
    return None


def succession_reading(clause: Clause, person: str, g: Grammar, dates: set[int]) -> Reading | None:
    """ "Tom Okafor replaced Priya as my line manager", "Dana took over from Priya as our account manager": the one
    who came in holds the slot of the `person` (the speaker) now (`attribute_<noun>`, a change)."""
    verb = clause.verb
    if verb.lemma_.lower() not in ("replace", "succeed", "take") or clause.subject is None:
        return None
    if verb.lemma_.lower() == "take" and not any(c.dep_ == "prt" and c.lower_ == "over" for c in verb.children):
        return None
    slot = next((a for n, a in arguments(verb) if n == "prep:as"), None)
    if slot is None or not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in slot.children) or \
            not is_slot_noun(slot, g):
        return None
    newcomer = object_text(phrase_tokens(clause.subject, dates))
    if not newcomer or not names_a_value(list(clause.subject.subtree)):
        return None
    label = object_text([t for t in phrase_tokens(slot, dates) if t.dep_ != "poss"])
    return Reading(open_slot(slot), clause.subject, newcomer, f"{person}'s {label} is {newcomer}")


_CHANGE_VERBS = frozenset({"switch", "change", "swap", "move", "update", "set", "transfer", "amend"})


def changed_attribute(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "swapped my home club to Northgate", "I changed my dentist to Dr Patel": the person's own attribute (a noun
    no slot lists) set to a new value, named after "to"."""
    verb = clause.verb
    if not who.first_person or verb.lemma_.lower() not in _CHANGE_VERBS:
        return None
    args = arguments(verb)
    noun = next((a for n, a in args if n == "dobj"), None)
    value = next((a for n, a in args if n in ("prep:to", "prep:over")), None)
    if noun is None or value is None or not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in noun.children):
        return None
    if not is_slot_noun(noun, g) or any(noun.lemma_.lower() in names or noun.lower_ in names
                                        for names in g.attributes.values()):
        return None  # a slot the lists name ("my plan", "my email") is read by its own frame
    label = " ".join(t.lower_ for t in noun.subtree if t.i <= noun.i and t.dep_ != "poss" and
                     t.lower_ not in ("new", "old", "current"))
    if noun.lemma_.lower() in DATE_SLOTS:  # "moved my delivery day to Friday"
        return dated_attribute(clause, Who(who.name, who.first_person, thing=noun, thing_text=label), value)
    tokens = phrase_tokens(value, dates)
    comma = next((t.i for t in tokens if t.text == "," and t.i > value.i), None)
    tokens = [t for t in tokens if comma is None or t.i < comma]  # "to Northgate, its closer to work"
    if not tokens or not names_a_value(tokens):
        return None
    obj = object_text(tokens, keep_possessive=True)
    plain = clause.status == "current" and not clause.negated
    text = f"{who.name}'s {label} is {obj}" if plain else clause_text(clause, who, value, dates)
    return Reading(open_slot(noun), value, obj, text) if obj else None


_PROVIDER_ARGS = {"use": ("dobj",), "join": ("dobj",), "be": ("prep:with",), "stay": ("prep:with",),
                  "register": ("prep:with", "prep:at"), "switch": ("prep:to",), "change": ("prep:to",),
                  "move": ("prep:to", "prep:over"), "transfer": ("prep:to",), "swap": ("prep:to",)}
"""Verbs that say whom the person is with, and where the provider is named."""


def provider_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "we use Hollytree Vets now", "we're with Octopus Energy", "I switched to the Boots pharmacy": a named
    provider, filed under the kind its last word names (configs/extraction.toml [words] provider_kinds, or a
    common noun after a name), so a later one of the same kind replaces it. Read only where no frame read the
    clause: a plan, a device or a bank named this way has its own slot."""
    verb = clause.verb
    wanted = _PROVIDER_ARGS.get(verb.lemma_.lower())
    if not who.first_person or wanted is None:
        return None
    kinds = g.word("provider_kinds")
    for name, token in arguments(verb):
        if name not in wanted or token.pos_ not in ("NOUN", "PROPN") or any(
                c.dep_ == "poss" and c.lower_ == "your" for c in token.children):
            continue  # "registered with your private GP service": the company spoken to is no provider of its own
        word = token.lower_
        kind = word[:-1] if word.endswith("s") and word[:-1] in kinds else word
        named = [c for c in token.children if c.dep_ in ("compound", "nmod") and c.i < token.i
                 and (c.pos_ == "PROPN" or c.text[:1].isupper())]
        common = token.pos_ == "NOUN" and is_slot_noun(token, g)
        if not named or not (kind in kinds or common) or not kind.isalpha():
            continue
        obj = object_text([t for t in phrase_tokens(token, dates) if t.i <= token.i and t.dep_ != "poss"])
        if not obj:
            continue
        plain = clause.status == "current" and not clause.negated
        the = "the " if any(c.dep_ == "det" and c.lower_ == "the" for c in token.children) else ""
        text = f"{who.name}'s {kind} is {the}{obj}" if plain else clause_text(clause, who, token, dates)
        return Reading(f"{OPEN_PREFIX}{kind}", token, obj, text)
    return None
