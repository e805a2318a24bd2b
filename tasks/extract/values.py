"""Readings of a clause that rest on its value or a thing's state rather than a verb frame: a device the person
calls theirs, an open attribute ("my vet is ..."), a service or system the person uses, and a thing's state.

The values a sentence holds whatever its parse (a card, an email) are written_values.py's. A thing's state is
a reported issue ("my router stopped working", "the internet has been down") or its fix ("it works again", "it
has been stable since the engineer's visit"), read from the clause's verb and its complements against the
`broken` and `fixed` words of the config.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.attributes import open_attribute
from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.held import POSTCODE_TAIL, STREET_ADDRESS
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrasing import article
from archivist.tasks.extract.relate import (
    CLASS_RELATION,
    Reading,
    Who,
    classify,
    clause_text,
    member_grade,
    object_text,
    phrase_tokens,
    template_text,
)
from archivist.tasks.extract.slot_nouns import standing_slot
from archivist.tasks.extract.writing import render

ABILITY_VERBS = frozenset({"log", "sign", "connect", "access", "make", "receive", "send", "pay", "stream", "call",
                           "load", "open", "get", "use"})
WORKING_VERBS = frozenset({"work", "connect", "charge", "load", "turn", "ring", "run"})
LEAVE_OUT = frozenset({"now", "today", "currently", "thankfully", "luckily", "finally", "actually", "so", "please",
                       "also"})
PHONE_NUMBER = re.compile(r"\+?[\d() -]{7,}\d")
"""A value written as a phone number: digits with spaces, brackets, dashes and a leading "+"."""
STATE_NOUNS = frozenset({"works", "stops", "keeps", "drops"})
"""Verbs the tagger may read as plural nouns after a compound ("my voicemail works again")."""


def misparsed_state(doc: Any, person: str, g: Grammar) -> Reading | None:
    """ "My voicemail works again now": a state verb tagged as a noun, with the thing as its compound."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lower_ not in STATE_NOUNS:
        return None
    thing = [c for c in root.children if c.dep_ == "compound" and c.lemma_.lower() in g.word("owned")]
    if not thing or not any(c.lower_ in ("my", "our") for c in root.children):
        return None
    rest = [root] + [c for c in root.children if c.dep_ == "advmod" and c.lower_ not in LEAVE_OUT]
    said = render(rest)
    name = thing[0].text if thing[0].text.isupper() else thing[0].lower_
    if not any(c.lower_ in g.noun("fixed") | g.noun("broken") for c in rest) and root.lower_ == "works":
        return None
    return Reading("service_status", None, f"{name} {said}", f"{person}'s {name} {said}")


_COVERING = frozenset({"agreement", "policy", "cover", "lease", "contract", "insurance", "finance", "hire"})


def _insured(token: Any) -> bool:
    """ "my contract hire agreement, reference PCH-558120, for a Kia Niro EV 4": what the person's own agreement,
    policy or cover is for."""
    if token.dep_ != "pobj" or token.head.lower_ != "for":
        return False
    return any(t.lemma_.lower() in _COVERING and any(c.dep_ == "poss" and c.lower_ in ("my", "our")
                                                     for c in t.children) for t in token.doc)


def owned_devices(doc: Any, person: str, g: Grammar
                  ) -> list[tuple[str, str, str, tuple[str | None, ...], bool | None]]:
    """ "wifi calling isn't working on my Galaxy S22": a named model the person calls theirs is a device they
    have, whatever the sentence says about it. Not "my old iPhone", not a phone the sentence sells, swaps or
    ends ("I sold my iPhone 12": the verb's own reading says what happened), and not a bare "my phone". So is a
    named car ("the insurance for my Skoda Octavia")."""
    found = []
    for token in doc:  # the cheap tests first: classify() reads the whole phrase
        if token.dep_ == "compound" or token.pos_ not in ("NOUN", "PROPN"):
            continue
        mine = any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in token.children)
        if not mine and not _insured(token):
            continue
        klass = classify(token, g)  # "the insurance for my Skoda Octavia": a car of one's own, as a phone is
        if klass not in ("device", "vehicle") or not mine and klass != "vehicle":
            continue
        words = phrase_tokens(token, set())
        if any(t.lower_ in ("old", "previous", "former", "last", "new") for t in words) or not any(
                t.pos_ == "PROPN" or t.like_num or any(ch.isdigit() for ch in t.text) for t in words):
            continue
        verb = next((a for a in token.ancestors if a.pos_ in ("VERB", "AUX")), None)
        moved = g.cue("ending_verbs") | g.cue("change_verbs") | g.cue("replacement_verbs") | g.word("parting_verbs")
        if verb is not None and verb.lemma_.lower() in moved and verb.lemma_.lower() not in ("have", "keep", "use"):
            continue
        obj = object_text(words)
        text = template_text(klass, klass, person, obj)
        if obj and text:
            found.append((klass, obj, text, (), None))
    return found


def service_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """A thing's state (the clause's subject is a thing the person owns), or the person's lost ability
    ("I can't log in")."""
    verb, doc = clause.verb, clause.verb.doc
    if who.thing is None:
        return _ability(clause, who, g)
    words = [*clause.chain] + [c for t in clause.chain for c in t.children
                      if c.dep_ in ("acomp", "advmod", "prt", "xcomp", "neg", "attr", "dobj") and c.i not in dates]
    lemmas = {w.lemma_.lower() for w in words} | {w.lower_ for w in words}
    broken = bool(lemmas & g.noun("broken")) or (clause.negated and verb.lemma_.lower() in WORKING_VERBS)
    fixed = bool(lemmas & g.noun("fixed")) or (verb.lemma_.lower() == "work" and not clause.negated and
                                              any(w.lower_ in ("again", "fine", "well", "now") for w in words))
    if not (broken or fixed):
        return None
    keep = {clause.verb.i, *(t.i for t in clause.chain)}
    for token in [*clause.chain]:
        for child in token.children:
            if child.dep_ in ("aux", "auxpass", "neg", "prt", "acomp", "xcomp", "attr", "dobj") or (
                    child.dep_ == "advmod" and child.lower_ not in LEAVE_OUT):
                keep |= {t.i for t in child.subtree if t.i not in dates and t.dep_ not in ("prep", "pobj")
                         and not any(a.dep_ == "prep" for a in t.ancestors if a.i in {s.i for s in child.subtree})}
    tokens = [doc[i] for i in sorted(keep) if not doc[i].is_punct and doc[i].lower_ not in LEAVE_OUT]
    said = render(tokens)
    if not said:
        return None
    return Reading("service_status", None, f"{who.thing_text} {said}", f"{who.name}'s {who.thing_text} {said}")


def system_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "my laptop runs Windows 10", "the tablet is on iOS 17": an owned thing's operating system, a fact about
    the person (the same slot as "I upgraded to Windows 11")."""
    for name, token in arguments(clause.verb):
        if name in ("dobj", "attr", "prep:on") and classify(token, g) == "operating_system":
            obj = object_text(phrase_tokens(token, dates), keep_possessive=True)
            plain = clause.status == "current" and not clause.negated
            text = f"{who.name}'s {who.thing_text} runs {obj}" if plain else \
                clause_text(clause, Who(f"{who.name}'s {who.thing_text}", False), token, dates)
            return Reading("operating_system", token, obj, text, "operating_system")
    return None


def _hung_on(token: Any, verb: Any, depth: int = 4) -> bool:
    """`verb` is among the first `depth` heads above `token`, and every head between them comes after the verb."""
    for head in list(token.ancestors)[:depth]:
        if head.i == verb.i:
            return True
        if head.i < verb.i or (head.dep_ == "npadvmod" and head.lemma_.lower() in TIME_UNITS):
            return False  # "my phone is 3 weeks late": the number measures how late, it is no value
    return False


TIME_UNITS = frozenset({"second", "minute", "hour", "day", "week", "fortnight", "month", "year"})
ACTIVE_STATES = frozenset({"active", "live", "enabled"})


def _active_plan(clause: Clause, who: Who, value: Any, g: Grammar) -> Reading | None:
    """ "Your DStv Premium bouquet is active": a named plan said to be running is the plan the person is on."""
    noun = who.thing
    if noun is None or who.thing_text is None or value.lower_ not in ACTIVE_STATES or clause.negated or \
            clause.status != "current" or classify(noun, g) != "plan":
        return None
    named = [t for t in noun.subtree if t.i < noun.i and t.dep_ not in ("poss", "det") and
             (t.pos_ == "PROPN" or (t.i > 0 and t.text[:1].isupper()))]
    if not named:
        return None  # "my plan is active": which plan is not said
    obj = object_text([t for t in noun.subtree if t.i <= noun.i])
    return Reading("plan", noun, obj, template_text("plan", "plan", who.name, obj) or "", "plan")


_UNIT_ADDRESS = re.compile(STREET_ADDRESS + POSTCODE_TAIL, re.IGNORECASE)


def _unit_address(value: Any, obj: str) -> str:
    """ "Flat 3, 88 Penrose Street, Hexham, NE46 1LA": the parser ends a unit's address at the comma after the
    unit's number; the address runs on through the street, town and postcode."""
    if not re.match(r"(?:flat|unit|apt|apartment|suite)\b", obj, re.IGNORECASE):
        return obj
    whole = _UNIT_ADDRESS.match(value.doc.text, value.idx)
    return whole.group(0).rstrip(" ,.") if whole is not None and len(whole.group(0)) > len(obj) else obj


def _named_plan(value: Any, who: Who, g: Grammar) -> bool:
    """ "my membership is now Anytime": a plan's name the tagger calls an adverb (capitalised, mid-sentence)."""
    return value.pos_ == "ADV" and value.is_alpha and value.text[:1].isupper() and value.i > 0 and \
        who.thing is not None and who.thing.lemma_.lower() in g.attributes.get("plan", ())


def attribute_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    """ "my address is ...", "my PIN is ...", "my plan is now ...": the subject noun names the slot."""
    verb = clause.verb
    if verb.lemma_.lower() not in ("be", "change", "update", "become", "switch", "move"):
        return None
    value = next((c for c in verb.children if c.dep_ in ("attr", "acomp", "oprd")), None)
    if value is None:  # "Sunflower#2026" is tagged punctuation: the word after the copula is the value
        after = next((t for t in verb.doc[verb.i + 1:] if t.lower_ not in ("now", "currently", "still")), None)
        if after is not None and after.head.i == verb.i and any(ch.isalnum() for ch in after.text) and (
                after.pos_ not in ("ADP", "ADV", "PART", "DET", "SCONJ", "CCONJ", "AUX", "VERB")
                or _named_plan(after, who, g)):
            # ("the router is in the hallway": a preposition is no value; "is now Anytime": a name, tagged an
            # adverb)
            value = after
    if value is None and who.thing is not None and standing_slot(who.thing, g):
        # "my regular delivery is now every Thursday": the day is tagged an adverb of the verb
        value = next((c for c in verb.children if c.dep_ == "npadvmod" and c.pos_ == "PROPN"), None)
    if value is None and not any(n == "prep:on" for n, _ in arguments(verb)):
        # "my account is on the Fixed Saver 12 tariff, at 24.6p per kWh": what it is on is the value (a plan's
        # reading), not the price it is at
        value = next((a for n, a in arguments(verb) if n in ("prep:to", "prep:at")), None)
    if value is None:  # "my metformin is 500mg twice daily": the number after the copula, hung on its unit
        after = next((t for t in verb.doc[verb.i + 1:] if t.lower_ not in ("now", "currently", "still")), None)
        if after is not None and after.like_num and _hung_on(after, verb):
            value = after
    if value is None or who.thing_text is None:
        return None
    located = _service_location(clause, who, value, g, dates)
    if located is not None:
        return located
    if value.text == "[" or (value.i > 0 and value.nbor(-1).text == "["):
        return None  # a secret the privacy step masked: values.py reads its tag
    assert who.thing is not None  # local.py sets `thing` whenever it sets `thing_text`
    phrase, head = who.thing_text.lower(), who.thing.lemma_.lower()
    # "my only number", "your main email": a word that picks one out of several is no part of the slot's name
    core = " ".join(t.lower_ for t in who.thing.subtree if t.i == who.thing.i or (
        t.i < who.thing.i and t.dep_ == "compound" and t.head.i == who.thing.i))
    exact = [r for r, names in g.attributes.items() if phrase in names or core in names]
    by_head = [r for r, names in g.attributes.items() if head in names and head != "number"]
    if not (exact or by_head) and value.pos_ == "PROPN":
        # "your nomination is now Well Pharmacy": a business named by its kind fills the slot of that kind
        exact = [r for r in _KIND_SLOTS if value.lemma_.lower() in g.attributes.get(r, ())]
    active = _active_plan(clause, who, value, g)
    if active is not None:
        return active
    if not (exact or by_head):  # "my dentist is Dr Hargreaves": a slot no list names (attributes.py)
        # "my home gym is Eastgate": the tagger may call a name an adjectival complement; a name is no judgement
        judged = ((value.dep_ == "acomp" and value.pos_ != "PROPN") or value.pos_ in ("ADJ", "ADV", "VERB")) and \
            not value.text[:1].isdigit() and not (  # "the 14th" is tagged an adjective
                value.text[:1].isupper() and value.i > 0 and value.is_alpha)  # "now French": a language, a name
        klass = classify(value, g)
        if member_grade(value, g):  # "my profile is now Gold status": a loyalty grade
            obj = object_text(phrase_tokens(value, dates), keep_possessive=True)
            return Reading("membership", value, obj, clause_text(clause, Who(who.name, True), value, dates)
                           if clause.status != "current" or clause.negated else f"{who.name} has {obj}")
        if klass in ("plan", "broadband", "payment_method", "diet", "device", "seat") and (
                not judged or klass == "diet"):
            # "my workspace is now the Business Plus plan": the value's own noun names the slot
            obj = object_text(phrase_tokens(value, dates), keep_possessive=True)
            relation = CLASS_RELATION[klass]
            plain = clause.status == "current" and not clause.negated
            text = template_text(relation, klass, who.name, obj) if plain else None
            return Reading(relation, value, obj, text or clause_text(clause, Who(who.name, True), value, dates),
                           klass) if obj else None
        return None if judged else open_attribute(clause, who, value, g, dates)
    for relation in (exact or by_head)[:1]:
        if True:
            tokens = phrase_tokens(value, set())  # "My PIN is 4821": the tagger may call a value a date
            while tokens and tokens[-1].like_num and tokens[-1].i + 1 < len(value.doc) and \
                    value.doc[tokens[-1].i + 1].like_num:
                tokens.append(value.doc[tokens[-1].i + 1])  # "07911 123456": the parser hangs the rest elsewhere
            if relation in ("address", "delivery_address"):
                street = next((c for c in value.head.children if c.dep_ == "attr" and c.i > value.i), None)
                if value.like_num and street is not None:  # "is now 2207 Linden Ave": two complements, one address
                    tokens = sorted(tokens + phrase_tokens(street, set()), key=lambda t: t.i)
                tokens = _address_tail(tokens)
            obj = object_text(tokens, keep_possessive=True)
            if relation in ("address", "delivery_address"):
                obj = _unit_address(value, obj)
            if not obj or (relation == "payment_method" and sum(ch.isdigit() for ch in obj) >= 12):
                return None
            if relation in ("vehicle", "bank", "operating_system") and not (
                    value.pos_ == "PROPN" or classify(value, g) == relation):
                return None  # "my car is ready", "my bank is closed": a state, not a value of the slot
            if relation == "contact" and not ("@" in obj or sum(ch.isdigit() for ch in obj) >= 6):
                return None  # "Ah yes that is my number", "the number is LR71 XBN" (a car's): a phone has digits
            if relation == "device" and PHONE_NUMBER.fullmatch(obj):
                relation = "contact"  # "your recovery phone is now +44 7700 900845": the phone's number
            judged = (value.dep_ == "acomp" or value.pos_ in ("ADJ", "ADV", "VERB")) and not (
                value.lower_ in g.noun("tier") or (any(ch.isdigit() for ch in obj) and value.lower_ not in MEASURED)
                or _named_plan(value, who, g))
            if judged and relation != "credential" or (relation in NAMED_SLOTS and
                                                       value.lower_ in g.word("stop_objects")):
                return None  # "my GP is lovely", "my address is wrong": a judgement of the value, not the value
            noun = who.thing.text if who.thing.text.isupper() else head
            plain = clause.status == "current" and not clause.negated
            status = None
            if clause.status == "hypothetical" and not clause.negated and _only_should(clause):
                plain, status = True, "current"  # "billing address should be 1180 Larkspur Ave": what is on file
            text = {"address": f"{who.name} lives at {obj}",
                    "delivery_address": f"{who.name}'s delivery address is {obj}",
                    "bank": f"{who.name} banks with {obj}", "vehicle": f"{who.name} drives {article(obj)} {obj}",
                    "operating_system": f"{who.name}'s {phrase} is {obj}",
                    "contact": f"{who.name}'s {'email' if '@' in obj else 'phone number'} is {obj}",
                    "credential": f"{who.name}'s {noun} is {obj}", "account": f"{who.name}'s {phrase} is {obj}",
                    "device": f"{who.name} has {article(obj)} {obj}", "employer": f"{who.name} works at {obj}",
                    "name": f"{who.name}'s {phrase if exact else head} is {obj}",
                    "birthday": f"{who.name}'s birthday is {obj}", "pharmacy": f"{who.name}'s pharmacy is {obj}",
                    "doctor": f"{who.name}'s {noun} is {obj}"}.get(relation)
            if relation in ("plan", "payment_method"):
                text = template_text(relation, classify(value, g), who.name, obj)
            if head in ("postcode",) or phrase in ("post code", "zip code"):
                text = f"{who.name}'s postcode is {obj}"
            if not plain or text is None:
                if clause.verb.lemma_.lower() == "be":  # "customer's address is not 3 Elm Road", not "customer is not"
                    text = clause_text(clause, Who(f"{who.name}'s {who.thing_text}", False), value, dates)
                else:
                    text = clause_text(clause, Who(who.name, True), value, dates)
                text = text.replace(f"{who.name} {who.name}'s", f"{who.name}'s")
            return Reading(relation, value, obj, text, status=status)
    return None


_KIND_SLOTS = ("pharmacy", "doctor")
"""Slots a business fills that its own name says the kind of ("Well Pharmacy", "Brookfield Surgery")."""


def _address_tail(tokens: list[Any]) -> list[Any]:
    """ "B-14, Orchid Heights, Baner, Pune 411045": the parser hangs the parts after a flat number elsewhere; an
    address runs on through each ", Name" part that follows it."""
    if len(tokens) != 1:
        return tokens  # the parser kept the address together ("7 Protea Street, Durbanville")
    doc, end = tokens[0].doc, tokens[-1].i + 1
    tokens = list(tokens)
    while end + 1 < len(doc) and doc[end].text == "," and (doc[end + 1].pos_ == "PROPN" or doc[end + 1].like_num):
        part = end + 1
        while part < len(doc) and (doc[part].pos_ == "PROPN" or doc[part].like_num):
            part += 1
        tokens += list(doc[end:part])
        end = part
    return tokens


def _only_should(clause: Clause) -> bool:
    """The clause's only modal is "should" on the copula ("my address should be ..."), no other hedge."""
    aux = {c.lower_ for t in clause.chain for c in t.children if c.dep_ in ("aux", "advmod")}
    return clause.verb.lemma_.lower() == "be" and "should" in aux and not aux & {
        "might", "may", "could", "would", "maybe", "perhaps", "probably", "soon", "eventually"}


MEASURED = frozenset({"old", "new", "long", "late", "overdue", "behind", "early", "short", "away"})
"""Adjectives a number only measures ("my router is 2 years old", "my bill is 3 days late"): a state, no value."""
NAMED_SLOTS = frozenset({"name", "pharmacy", "doctor"})
"""Slots whose value is a name ("Dawes", "the Boots on Market Street", "Dr Hale"), never a quality."""
SERVICE_PLACES = frozenset({"at", "in"})


def _service_location(clause: Clause, who: Who, value: Any, g: Grammar, dates: set[int]) -> Reading | None:
    """ "the broadband is at 27 Kestrel Road, Norwich": where an owned service is installed is the person's
    address (an agent's "I've updated your address" replaces it), said in the person's own words."""
    assert who.thing is not None
    if clause.verb.lemma_.lower() != "be" or who.thing.lemma_.lower() not in g.word("owned"):
        return None
    prep = value.head if value.dep_ == "pobj" else None
    if prep is None or prep.lower_ not in SERVICE_PLACES or prep.head.i != clause.verb.i:
        return None
    if classify(value, g) != "place" or not any(t.like_num for t in value.subtree):
        return None  # "the router is in the hallway": a room, not an address
    obj = object_text(phrase_tokens(value, dates), keep_possessive=True)
    if not obj:
        return None
    plain = clause.status == "current" and not clause.negated
    text = f"{who.name}'s {who.thing_text} is {prep.lower_} {obj}" if plain else \
        clause_text(clause, Who(f"{who.name}'s {who.thing_text}", False), value, dates)
    return Reading("address", value, obj, text, "place")


def _ability(clause: Clause, who: Who, g: Grammar) -> Reading | None:
    verb = clause.verb
    can = any(c.lemma_.lower() in ("can", "could") for t in clause.chain for c in t.children if c.dep_ == "aux")
    if not (can and clause.negated and verb.lemma_.lower() in ABILITY_VERBS):
        no_object = next((c for c in verb.children if c.dep_ == "dobj" and any(d.lower_ == "no" for d in c.children)),
                         None)
        if verb.lemma_.lower() == "have" and no_object is not None and no_object.lemma_.lower() in g.word("owned"):
            thing = no_object.lower_
            return Reading("service_status", None, thing, f"{who.name} has no {thing}")
        return None
    particle = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    action = f"{verb.lemma_.lower()} {particle}".strip()
    if verb.lemma_.lower() in ("access", "make", "receive", "send", "use", "open"):
        obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
        if obj is not None:
            action += " " + render(list(obj.subtree), first_person=True)
    return Reading("service_status", None, action, f"{who.name} cannot {action}")
