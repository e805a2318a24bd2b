"""From a parsed clause to facts: its relation (verb frame and object class), its object and its text.

The relation comes from `configs/extraction.toml`: the object's class first (a plan noun, a tier name, a
device, a payment method, a diet, a trip, a place), then the content verb's frame. A plain current statement
is written with its relation's template ("customer lives at 7 Canal Street, Manchester"); anything else keeps
its own words in the third person ("customer is going to move to Paris"), because what makes it planned,
past, negated or hypothetical must reach the decision model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrasing import article, at_or_in
from archivist.tasks.extract.writing import (
    EXCLUDED_DEPS,
    NEGATION_AFTER,
    finite_index,
    render,
)

ARTICLES = frozenset({"the", "a", "an"})
POSSESSIVES = frozenset({"my", "our", "their", "his", "her", "your"})
OBJECT_CUT = frozenset({"relcl", "acl", "advcl", "punct", "cc", "conj", "appos_clause", "prep_date"})
STREET = frozenset({"street", "st", "road", "rd", "avenue", "ave", "lane", "close", "drive", "way", "court", "place",
                    "crescent", "terrace", "square", "flat", "apartment", "grove", "gardens", "row", "mews", "hill"})
PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
REACTIONS = frozenset({"the", "this", "that", "these", "those", "your", "my", "our", "his", "her", "their", "such",
                       "all"})


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


def phrase_tokens(token: Any, dates: set[int], *, keep_conj: bool = True) -> list[Any]:
    """The tokens of an object phrase: its subtree without clauses that describe it, dates and edge punctuation."""
    cut: set[int] = set(dates)
    for t in token.subtree:
        if t.i == token.i:
            continue
        if t.dep_ in ("advmod", "npadvmod") and t.head.i == token.i and t.i > token.i and t.pos_ == "ADV":
            cut |= {s.i for s in t.subtree}
        if t.dep_ in ("relcl", "acl", "advcl") or (t.dep_ in ("cc", "conj") and not keep_conj and t.head.i == token.i):
            cut |= {s.i for s in t.subtree}
        if t.dep_ == "prep" and t.head.i == token.i and t.lower_ in ("for", "from", "with", "at", "on", "because",
                                                                   "since", "after", "until", "in") \
                and not _place_continues(t):
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
    while tokens and (tokens[-1].is_punct or tokens[-1].lower_ in ("please", "too", "now", "and", "or")):
        tokens.pop()
    while tokens and tokens[0].is_punct:
        tokens.pop(0)
    return tokens


def _placename(token: Any) -> bool:
    # After "<number> <street>," a capitalised word is the town, whatever the tagger calls it ("Leeds" as a verb).
    return token.text[:1].isupper() and token.is_alpha


def _place_continues(prep: Any) -> bool:
    """ "a flat in Leeds": the preposition is part of an address, not a trailing phrase."""
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
    if head in g.noun("plan") and modifiers & (g.noun("trip") | {"travel", "holiday", "vacation", "weekend"}):
        return None  # "a travel plan for Friday": an itinerary, not a subscription
    if head in g.noun("plan") or (head == "account" and modifiers):
        return "plan"
    if head in ("number", "address", "line") and head != "line":
        return None
    if lemmas & g.noun("device") or any(w in text for w in g.noun("device") if " " in w):
        return "device"
    if token.lower_ in g.noun("tier") and token.text[:1].isupper():
        return "plan"  # "moved everyone to Enterprise": a tier named on its own
    if lemmas & g.noun("payment") or any(w in text for w in g.noun("payment") if " " in w):
        return "payment_method"
    if lemmas & g.noun("diet") or any(w in text for w in g.noun("diet") if " " in w):
        return "diet"
    if lemmas & g.noun("broadband"):
        return "broadband"
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
    if token.pos_ == "PROPN" and token.ent_type_ not in ("PERSON", "ORG", "DATE"):
        return "place"
    return None


CLASS_RELATION = {"plan": "plan", "broadband": "plan", "device": "device", "payment_method": "payment_method",
                  "diet": "diet", "travel": "travel", "pet": "pet"}


def frame_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> list[Reading]:
    """Readings of a clause about a person, by its content verb's frames (first matching argument wins)."""
    verb = clause.verb
    args = arguments(verb)
    lemma = verb.lemma_.lower()
    if lemma == "work" and any(n == "prep:from" and a.lower_ == "home" for n, a in args) or any(
            a.lower_ in ("remotely", "hybrid") for a in verb.children):
        where = next((a for n, a in args if n == "prep:from"), None)
        obj = "from home" if where is not None else next(a.lower_ for a in verb.children if a.lower_ in
                                                           ("remotely", "hybrid"))
        return _some(_reading(clause, who, "work_location", None, obj, f"{who.name} works {obj}", g, dates))
    contact = _contact_preference(clause, who, args)
    if contact is not None:
        return [contact]
    if verb.pos_ in ("NOUN", "PROPN"):  # a verbless answer: "The Basic 100 plan, billed to my Visa."
        klass = classify(verb, g)
        relation = CLASS_RELATION.get(klass or "")
        return _some(_reading(clause, who, relation, verb, None, None, g, dates, klass=klass)) if relation else []
    tried = [(verb, args)] + [(t, arguments(t)) for t in reversed(clause.chain[:-1])]
    for owner, owner_args in tried:
        found = _frames(clause, who, owner, owner_args, g, dates)
        if found:
            return found
    misparsed = _noun_read_as_verb(verb, g)
    if misparsed is not None:
        return _frames(clause, who, verb, [("dobj", misparsed)], g, dates)
    return []


def _noun_read_as_verb(verb: Any, g: Grammar) -> Any | None:
    """ "We don't need the team plan anymore": the tagger may read "plan" as a verb with "team" as its subject;
    a plan noun right after the verb's determiner is the object all the same."""
    for child in verb.children:
        if child.dep_ in ("ccomp", "xcomp", "conj") and child.lemma_.lower() in g.noun("plan") and any(
                t.dep_ == "det" for t in child.subtree):
            return child
    return None


CONTACT_VERBS = frozenset({"contact", "reach", "call", "text", "email", "message", "notify", "update", "phone"})


def _contact_preference(clause: Clause, who: Who, args: list[tuple[str, Any]]) -> Reading | None:
    """ "Please contact me by email instead of text", "I prefer to be contacted by text message"."""
    verb = clause.verb
    if verb.lemma_.lower() not in CONTACT_VERBS:
        return None
    passive = any(c.dep_ == "auxpass" for c in verb.children)
    if not passive and not any(n == "dobj" and a.lower_ in ("me", "us") for n, a in args):
        return None
    channel = next((a for n, a in args if n in ("prep:by", "prep:via", "prep:through", "prep:over", "prep:on")
                    and a.lemma_.lower() in ("email", "e-mail", "text", "message", "sms", "phone", "call", "post",
                                             "letter", "whatsapp", "mail")), None)
    if channel is None:
        return None
    obj = render([t for t in channel.subtree if t.dep_ not in ("prep", "pobj") or t.i == channel.i])
    instead = next((p for p in verb.children if p.lower_ == "of" and any(c.lower_ == "instead" for c in p.children)),
                   None)
    alternative = ""
    if instead is not None:
        after = [t for t in verb.doc[instead.i + 1:] if not t.is_punct]
        words = []
        for t in after:
            if t.dep_ in ("prep",) or t.pos_ in ("ADP", "VERB"):
                break
            words.append(t)
        alternative = render(words)
    text = f"{who.name} prefers to be contacted by {obj}" + (f" instead of {alternative}" if alternative else "")
    return Reading("contact", channel, obj, text, "channel")


def _frames(clause: Clause, who: Who, verb: Any, args: list[tuple[str, Any]], g: Grammar,
            dates: set[int]) -> list[Reading]:
    lemma = verb.lemma_.lower()
    for frame in g.frames_for(lemma):
        for wanted in frame.args:
            for name, token in args:
                if name != wanted or token.lower_ in g.word("stop_objects") or token.pos_ == "PRON":
                    continue
                if frame.relation in ("preference", "dislike"):
                    return _likes(clause, who, frame.relation, token, g, dates)
                if token.lemma_.lower() in g.noun("employer_words"):
                    employer = next((a for n, a in args if n in ("prep:at", "prep:with", "prep:for")
                                     and (a.pos_ == "PROPN" or a.ent_type_ == "ORG")), None)
                    if employer is not None:  # "got a new job at Tesco"
                        return _some(_reading(clause, who, "employer", employer, None, None, g, dates, arg=name))
                klass = classify(token, g)
                relation = CLASS_RELATION.get(klass or "") or frame.relation
                if frame.relation == "travel" and klass not in ("place", "travel"):
                    continue
                if frame.relation == "employer" and not (token.pos_ == "PROPN" or token.ent_type_ == "ORG"):
                    continue
                if frame.relation == "address" and klass in ("channel",):
                    continue
                if lemma == "be" and name == "attr" and token.lemma_.lower() in g.noun("occupation"):
                    relation, klass = "employer", "occupation"
                if not relation:
                    continue
                return _some(_reading(clause, who, relation, token, None, None, g, dates, klass=klass, arg=name))
    return []


def _some(reading: Reading | None) -> list[Reading]:
    return [reading] if reading is not None else []


def _likes(clause: Clause, who: Who, relation: str, token: Any, g: Grammar, dates: set[int]) -> list[Reading]:
    if clause.request or clause.status != "current":
        return []  # "I'd like to book ..." is a request, not a taste
    items = [token] + [c for c in token.children if c.dep_ == "conj"]
    found = []
    negated = clause.negated
    verb = "dislikes" if (relation == "dislike") != negated else "likes"
    for item in items:
        if item.pos_ in ("VERB", "AUX") and item.tag_ != "VBG":
            continue  # "I like to find a flat": a wish, not a taste
        tokens = phrase_tokens(item, dates, keep_conj=False)
        if not tokens or tokens[0].lower_ in REACTIONS or tokens[0].pos_ == "ADP" or \
                item.lower_ in g.word("stop_objects"):
            continue
        obj = object_text(tokens, keep_possessive=True)
        if obj:
            found.append(Reading("preference", item, obj, f"{who.name} {verb} {obj}"))
    return found


PLAN_NOUNS_BARE = frozenset({"plan", "plans", "package", "packages", "deal", "contract", "subscription", "tier"})


def _reading(clause: Clause, who: Who, relation: str, token: Any | None, obj: str | None, text: str | None,
             g: Grammar, dates: set[int], *, klass: str | None = None, arg: str = "") -> Reading | None:
    if obj is None and token is not None:
        obj = object_text(phrase_tokens(token, dates), keep_possessive=relation == "payment_method")
    obj = obj or ""
    if relation == "plan" and obj.lower() in PLAN_NOUNS_BARE and not (clause.negated or clause.ending):
        return None  # "I have a plan to eat out", "switched plans": no value to store
    if relation in ("travel", "activity") and not obj:
        return None
    if relation == "address" and klass != "place" and not any(t.pos_ in ("PROPN", "NUM") for t in
                                                              (token.subtree if token is not None else [])):
        return None  # "move to a new apartment": no address to store
    decided = bool(set(clause.governors) & {"decide", "choose", "opt", "agree"})
    plain = clause.status == "current" and not clause.negated and not clause.ending and not decided
    replaced = clause.verb.lemma_.lower() in ("replace", "swap", "trade") and arg in ("prep:with", "prep:for")
    if text is None:
        template = template_text(relation, klass, who.name, obj) if plain and not replaced else None
        text = template or clause_text(clause, who, token, dates)
        if klass == "broadband" and not text.lower().endswith("broadband") and text.endswith(obj.rsplit(" ", 1)[0]):
            text = f"{text} broadband"
    return Reading(relation, token, obj, text, klass)


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
                                  "deal", "tariff", "account", "landline") for w in obj.split())
        if not named and obj.split()[-1:] and obj.split()[-1].lower() in ("plans", "packages"):
            return None  # "switched plans": no value to state
        return f"{subject} is on the {obj}" + ("" if named else " plan")
    if relation == "device":
        return f"{subject} has {counted(obj)}"
    if relation == "payment_method":
        return f"{subject} pays with {obj}"
    if relation == "diet":
        return f"{subject} is {obj}"
    if relation == "employer":
        return f"{subject} works as {article(obj)} {obj}" if klass == "occupation" else f"{subject} works at {obj}"
    if relation == "pet":
        return f"{subject} has {counted(obj)}"
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
