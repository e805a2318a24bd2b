"""Object phrases of a parse and their classes: the words of "14 Harbour Street, Leeds", and whether an object
is a plan, a device, a vehicle, a payment method, a bank, a place ... (configs/extraction.toml [nouns]).

Split out of tasks/extract/relate.py, which reads relations from verb frames and uses these for their objects.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.writing import render

ARTICLES = frozenset({"the", "a", "an"})
POSSESSIVES = frozenset({"my", "our", "their", "his", "her", "your"})
OBJECT_CUT = frozenset({"relcl", "acl", "advcl", "punct", "cc", "conj", "appos_clause", "prep_date"})
STREET = frozenset({"street", "st", "road", "rd", "avenue", "ave", "lane", "close", "drive", "way", "court", "place",
                    "crescent", "terrace", "square", "flat", "apartment", "grove", "gardens", "row", "mews", "hill"})
WEEKDAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?$", re.I)
GENERIC_BANKS = frozenset({"bank", "banks"})
PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
REACTIONS = frozenset({"the", "this", "that", "these", "those", "your", "my", "our", "his", "her", "their", "such",
                       "all"})


def _described(named: Any, aside: Any) -> bool:
    """ "the Pro plan, annual billing, £18 per user", "the 4-person box, still 3 meals a week": a thing named by its
    own words, then an aside that prices it or says what stays ("the 2-person plan, 3 recipes a week" is its name)."""
    before = [c for c in named.subtree if c.i < named.i and c.dep_ not in ("det", "poss")]
    if any(c.text[:1].isupper() for c in before):
        return True
    first = min(aside.subtree, key=lambda t: t.i)
    return any(any(ch.isdigit() for ch in c.text) for c in before) and (
        first.pos_ == "ADV" or any(t.text in "£$€" or t.tag_ == "$" for t in aside.subtree))


def phrase_tokens(token: Any, dates: set[int], *, keep_conj: bool = True) -> list[Any]:
    """The tokens of an object phrase: its subtree without clauses that describe it, dates and edge punctuation."""
    cut: set[int] = set(dates)
    for t in token.subtree:
        if t.i == token.i:
            continue
        if t.dep_ in ("advmod", "npadvmod") and t.head.i == token.i and t.i > token.i and t.pos_ == "ADV" \
                and not _name_goes_on(t):
            cut |= {s.i for s in t.subtree}
        if t.dep_ in ("relcl", "acl", "advcl") or (t.dep_ in ("cc", "conj") and not keep_conj and t.head.i == token.i):
            cut |= {s.i for s in t.subtree}
        if t.dep_ == "conj" and t.pos_ == "NOUN" and t.head.pos_ == "PROPN" and any(
                c.dep_ == "poss" for c in t.children):
            # "4 Rose Court, Leeds and my parcel never arrived": a possessed common noun after a name starts the
            # next statement (the parser hung it on the name); the name's phrase ends before it.
            cut |= {s.i for s in t.subtree} | {c.i for c in t.head.children if c.dep_ == "cc" and c.i < t.i}
        if t.dep_ == "appos" and t.i > token.i and any(c.dep_ == "det" for c in t.children) and \
                t.pos_ in ("NOUN", "NUM", "PRON") and not any(x.pos_ == "PROPN" or (x.like_num and x.lower_ != "one")
                                                              for x in t.subtree):
            cut |= {s.i for s in t.subtree}  # "a new laptop, XPS 15 9530, the old one I gave to my son": an aside
        if t.dep_ == "appos" and t.head.i == token.i and token.pos_ == "NOUN" and _described(token, t):
            cut |= {s.i for s in t.subtree}  # "the Pro plan, annual billing, £18 per user": named, then described
        if t.dep_ == "prep" and t.head.i == token.i and t.lower_ in ("for", "from", "with", "at", "on", "because",
                                                                   "since", "after", "until", "in") \
                and not _place_continues(t) and not _named_with(t):
            cut |= {s.i for s in t.subtree}
    tokens = [t for t in token.subtree if t.i not in cut]
    doc = token.doc
    end = max((t.i for t in tokens), default=token.i)
    while end + 2 < len(doc) and doc[end + 1].text == "," and _placename(doc[end + 2]) and \
            doc[end + 2].i not in cut and (token.ent_type_ in PLACE_ENTITIES or token.lemma_.lower() in STREET
                                           or token.pos_ == "PROPN"):
        # "14 Harbour Street, Leeds": the parser may hang the town elsewhere; an address runs on through it
        nxt = doc[end + 2]
        while nxt.i + 1 < len(doc) and _placename(doc[nxt.i + 1]):
            nxt = doc[nxt.i + 1]
        tokens += list(doc[end + 1: nxt.i + 1])
        end = nxt.i
    if tokens and end + 1 < len(doc) and doc[end + 1].i not in cut and _name_goes_on(doc[end + 1]):
        tokens.append(doc[end + 1])  # "Unlimited Plus with 30GB", "on Accident Only, money's tight"
    while tokens and (tokens[-1].is_punct or tokens[-1].lower_ in ("please", "too", "now", "and", "or")):
        tokens.pop()
    while tokens and tokens[0].is_punct:
        tokens.pop(0)
    return tokens


def _name_goes_on(token: Any) -> bool:
    """ "Roadside Only", "Unlimited Plus": a capitalised word straight after a capitalised name, inside a
    sentence, is more of the name whatever the parser hung it on (a plan's name often ends in an adverb)."""
    before = token.doc[token.i - 1] if token.i > 0 else None
    return before is not None and before.text[:1].isupper() and not before.is_sent_start and \
        token.text[:1].isupper() and token.is_alpha and not token.is_sent_start and \
        token.pos_ in ("ADV", "ADJ", "CCONJ", "PROPN") and token.dep_ not in ("nsubj", "nsubjpass", "expl")


def _named_with(prep: Any) -> bool:
    """ "Standard with Ads": "with" and one capitalised word after a capitalised word name one plan (the parser
    may hang "the Standard with Ads plan" as "with [Ads plan]")."""
    words = list(prep.subtree)
    kind = len(words) == 3 and words[2].lemma_.lower() in ("plan", "tier", "cover", "package", "bundle")
    return prep.lower_ == "with" and prep.head.text[:1].isupper() and prep.i == prep.head.i + 1 and \
        (len(words) == 2 or kind) and words[1].text[:1].isupper() and words[1].is_alpha and words[1].pos_ == "PROPN"


def _placename(token: Any) -> bool:
    # After "<number> <street>," a capitalised word is the town, whatever the tagger calls it ("Leeds" as a verb).
    # A pronoun or a subject starts a clause of its own ("a Vauxhall Corsa, I need a copy"): the phrase ends there.
    return token.text[:1].isupper() and token.is_alpha and token.pos_ != "PRON" and \
        token.dep_ not in ("nsubj", "nsubjpass", "expl")


def _place_continues(prep: Any) -> bool:
    """ "a flat in Leeds": the preposition is part of an address, not a trailing phrase."""
    if prep.lower_ in ("on", "at"):  # "the Boots on Market Street": a named street says which branch
        return any(c.dep_ == "pobj" and c.pos_ == "PROPN" and c.lemma_.lower() in STREET for c in prep.children)
    return prep.lower_ == "in" and any(c.ent_type_ in PLACE_ENTITIES or c.pos_ == "PROPN" for c in prep.subtree)


def object_text(tokens: list[Any], *, keep_possessive: bool = False) -> str:
    while tokens and (tokens[0].lower_ in ARTICLES or (tokens[0].lower_ in POSSESSIVES and not keep_possessive)
                      or tokens[0].lower_ in ("new", "current")):
        tokens = tokens[1:]
    return render(tokens, first_person=True, third_person_at=None)


def classify(token: Any, g: Grammar) -> str | None:
    """The class of an object phrase by its head noun and words (configs/extraction.toml [nouns])."""
    words = phrase_tokens(token, set())
    nominal = [t for t in words if t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM")]
    lemmas = {t.lemma_.lower() for t in nominal} | {t.lower_ for t in nominal}
    text = " ".join(t.lower_ for t in words)
    head = token.lemma_.lower()
    modifiers = {t.lemma_.lower() for t in token.children if t.dep_ in ("compound", "amod", "nmod")}
    if head in ("plan", "plans") and modifiers & (g.noun("trip") | {"travel", "holiday", "vacation", "weekend"}) \
            and not any(t.text[:1].isupper() for t in token.children if t.dep_ in ("compound", "amod", "nmod")):
        return None  # "a travel plan for Friday": an itinerary, not a subscription ("the Multi-Trip plan" is one)
    if head == "pass" and (modifiers & g.word("single_use_passes") or not modifiers):
        return None  # "my boarding pass", "a pass": one entry or journey, no plan held
    if head in g.noun("plan") or (head == "account" and modifiers):
        return "plan"
    if head in g.noun("tiered") and any(t.lower_ in g.noun("tier") and t.text[:1].isupper() for t in token.children):
        return "plan"  # "Bronze support", "Gold cover": a service sold by tier
    if head in ("number", "address", "line") and head != "line":
        return None
    if words and words[0].like_num and lemmas & STREET:
        return "place"  # "14 Ashgrove Terrace in Halifax": a street address, whatever bank or maker a town is named for
    versioned = any(t.like_num for t in words)
    system = lemmas & g.noun("operating_system") or any(w in text for w in g.noun("operating_system") if " " in w)
    if system and (versioned or not lemmas & {"android"}) and not ({head} & g.noun("device")):
        return "operating_system"  # "Windows 10", "iOS 18"; "an Android" alone is a phone
    if lemmas & g.noun("seat") and (head in ("seat", "seats") or head in g.noun("seat")):
        return "seat"  # "an aisle seat", "the window seat", a bare "window" after "to"
    if lemmas & g.noun("device") or any(w in text for w in g.noun("device") if " " in w):
        # "a 2021 VW Polo Vivo": a maker named first says what the thing is, whatever a later word also names
        first_vehicle = next((n for n, t in enumerate(nominal) if t.lower_ in g.noun("vehicle")), None)
        first_device = next((n for n, t in enumerate(nominal) if t.lower_ in g.noun("device")), len(nominal))
        return "vehicle" if first_vehicle is not None and first_vehicle < first_device else "device"
    if lemmas & g.noun("vehicle") or any(w in text for w in g.noun("vehicle") if " " in w):
        return "vehicle"
    if token.lower_ in g.noun("tier") and (token.text[:1].isupper() or _bare_lower_case_tier(token)):
        return "plan"  # "moved everyone to Enterprise": a tier named on its own
    checkup = head == "check" and any(t.lower_ == "up" for t in token.doc[token.i + 1: token.i + 2])
    if (lemmas & g.noun("payment") and not checkup) or any(w in text for w in g.noun("payment") if " " in w):
        return "payment_method"
    if lemmas & g.noun("diet") or any(w in text for w in g.noun("diet") if " " in w):
        return "diet"
    if lemmas & g.noun("broadband"):
        return "broadband"
    named_bank = lemmas & g.noun("bank") - GENERIC_BANKS or any(w in text for w in g.noun("bank") if " " in w)
    if named_bank or (lemmas & GENERIC_BANKS and any(t.pos_ == "PROPN" for t in words)):
        return "bank"  # "bank holidays", "a bank fee": the word alone names no bank
    if head in g.noun("trip"):
        return "travel"
    if head in g.noun("pet"):
        return "pet"
    if head in g.noun("channel"):
        return "channel"
    numbered = any(t.like_num or t.pos_ == "PROPN" for t in words)
    if token.ent_type_ in PLACE_ENTITIES or (lemmas & STREET and numbered) or (words and words[0].like_num
                                                                                and len(words) > 1):
        return "place"
    if token.pos_ == "PROPN" and token.ent_type_ not in ("PERSON", "ORG", "DATE") and not WEEKDAY.match(token.text):
        return "place"
    return None


CLASS_RELATION = {"plan": "plan", "broadband": "plan", "device": "device", "payment_method": "payment_method",
                  "diet": "diet", "travel": "travel", "pet": "pet", "vehicle": "vehicle",
                  "operating_system": "operating_system", "bank": "bank", "seat": "attribute_seat"}


def _bare_lower_case_tier(token: Any) -> bool:
    """ "just upgraded to premium" typed in lower case: a bare tier word after "to"/"onto"/"on" is the tier,
    since capitals carry nothing in a message typed without them."""
    typed_lower = not any(ch.isupper() for t in token.doc if t.text != "I" for ch in t.text)
    return typed_lower and token.head.lower_ in ("to", "onto", "on") and not list(token.children)


# A number is a dose, an allowance or a count only with its unit and its rate: "1000mg twice daily", "50GB a
# month", "15 hours a week". The parser often hangs those words on the verb, not on the number.
_UNIT_AND_RATE = re.compile(
    r"\s*(?:(?:mg|mcg|g|ml|kg|gb|mb|tb|mbps|gbps|hours?|hrs?|days?|weeks?|units?|tablets?|puffs?|drops?|seats?|"
    r"lines?|users?|licen[cs]es?)\b)?(?:\s+(?:once|twice|three times|four times|\d+ times))?"
    r"(?:\s+(?:a|an|per|each|every)\s+(?:day|week|fortnight|month|year|night|morning|evening)|\s+(?:daily|nightly|"
    r"weekly|fortnightly|monthly|yearly|annually)|\s+at night|\s+in the (?:morning|evening))?", re.IGNORECASE)


def with_unit_and_rate(tokens: list[Any]) -> list[Any]:
    """`tokens` of a value that ends in a number, with the unit and rate words right after it ("1000" of "is now
    1000mg twice daily" -> "1000 mg twice daily"); other values as they are."""
    if not tokens or not tokens[-1].like_num:
        return tokens
    last, doc = tokens[-1], tokens[-1].doc
    match = _UNIT_AND_RATE.match(doc.text, last.idx + len(last.text))
    if match is None or not match.group(0).strip():
        return tokens
    end = match.end()
    return tokens + [t for t in doc[last.i + 1:] if t.idx + len(t.text) <= end]
