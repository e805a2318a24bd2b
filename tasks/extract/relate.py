"""From a parsed clause to facts: its relation (verb frame and object class), its object and its text.

The relation comes from `configs/extraction.toml`: the object's class first (a plan noun, a tier name, a
device, a payment method, a diet, a trip, a place), then the content verb's frame. A plain current statement
is written with its relation's template ("customer lives at 7 Canal Street, Manchester"); anything else keeps
its own words in the third person ("customer is going to move to Paris"), because what makes it planned,
past, negated or hypothetical must reach the decision model.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.dates import MONTHS, WEEKDAYS
from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrases import (  # noqa: F401 - re-exported for the readers of relations
    ARTICLES,
    CLASS_RELATION,
    PLACE_ENTITIES,
    POSSESSIVES,
    REACTIONS,
    STREET,
    classify,
    object_text,
    phrase_tokens,
)
from archivist.tasks.extract.readings import (  # noqa: F401 - re-exported for the readers of relations
    Reading,
    Who,
    clause_text,
    counted,
    template_text,
)
from archivist.tasks.extract.writing import render


def frame_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> list[Reading]:
    """Readings of a clause about a person, by its content verb's frames (first matching argument wins)."""
    verb = clause.verb
    args = arguments(verb)
    lemma = verb.lemma_.lower()
    # "I work hybrid", "I'm fully remote now"; never "I drive a Corolla Hybrid" (the car's name)
    if lemma == "work" and any(n == "prep:from" and a.lower_ == "home" for n, a in args) or any(
            a.lower_ in ("remotely", "hybrid") and (lemma == "work" or a.dep_ in ("advmod", "acomp"))
            for a in verb.children):
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
            if wanted == "prep:at" and frame.relation == "" and lemma != "be":
                continue  # "I got it at the Apple Store": only "we're at 41 Fenwick Street" (below) is read
            for name, token in args:
                stop = token.lower_ in g.word("stop_objects") and not any(  # "9 linnet way" is no "way"
                    t.like_num for t in token.children if t.dep_ == "nummod")
                if name != wanted or stop or token.pos_ == "PRON":
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
                if klass in ("place", None) and token.text[:1].isupper() and name in (
                        "prep:to", "prep:with", "prep:over") and any(
                        n == "dobj" and _words_of(a) & g.noun("bank_accounts") for n, a in args):
                    relation, klass = "bank", "bank"  # "moved my current account to Kroo": the bank it went to
                if lemma == "subscribe" and name == "prep:to" and not relation and any(
                        c.i < token.i and c.dep_ not in ("det", "poss") for c in token.subtree):
                    relation, klass = "plan", "plan"  # "I'm subscribed to the 2-person box": what one subscribes to
                if lemma in CHOOSING_VERBS and klass != "seat":
                    continue  # "I want the Pro plan" is a request (its own reading); a seat is a standing choice
                if klass == "vehicle" and (lemma not in g.noun("vehicle_verbs") or clause.request
                                           or not _names_a_vehicle(token, g)):
                    continue  # "I need a small car from today", "you have a car waiting": no car of one's own
                if frame.relation == "travel" and klass not in ("place", "travel", "vehicle"):
                    continue
                if frame.relation == "employer" and not (token.pos_ == "PROPN" or token.ent_type_ == "ORG"):
                    continue
                if frame.relation == "address" and token.like_num and not any(c.like_num for c in token.children) \
                        and len(list(token.subtree)) == 1:
                    continue  # "I moved to Three": a network named by a number word, no place
                if frame.relation == "address" and lemma in ("move", "relocate") and any(
                        n == "dobj" and a.lower_ not in ("house", "home", "flat", "apartment", "myself", "ourselves")
                        for n, a in args):
                    continue  # "I've moved everything over to Capitec": things moved, not the person
                if frame.relation == "address" and name == "prep:on" and not (
                        token.ent_type_ in PLACE_ENTITIES or any(t.like_num or t.lower_ in STREET | {"isle", "island"}
                                                                 for t in token.subtree)):
                    continue  # "we're staying on Okta": on a product, not on a street
                if frame.relation == "doctor" and who.first_person and any(
                        c.dep_ == "poss" and c.lower_ == "your" for c in token.children):
                    continue  # "I'm registered with your private GP service": a client of the company spoken to
                titles = _titles(token)
                if relation == "address" and (titles or any(c.dep_ == "det" and c.lower_ in ("a", "an")
                                                            for c in token.children) and not any(
                        t.pos_ == "PROPN" or any(ch.isdigit() for ch in t.text) for t in token.subtree)):
                    continue  # "move over to Dr Okafor as my dentist": a person; "in a two bed": no address
                if lemma == "be" and name == "prep:with" and who.first_person and titles & {"dr", "doctor"}:
                    relation, klass = "doctor", None  # "now I am with Dr Okafor": the doctor one is registered with
                if frame.relation == "address" and (klass in ("channel",) or relation == "address" and any(
                        n == "dobj" and a.lemma_.lower() not in g.word("premises") | MOVED_HOME for n, a in args)):
                    continue  # "moved my delivery day to Friday": the thing moved, not the person
                if lemma == "be" and name == "attr" and token.lemma_.lower() in g.noun("occupation"):
                    if _record_role(token):
                        continue  # "you're the only driver", "I'm the named driver": a role on a policy, no job
                    relation, klass = "employer", "occupation"
                if lemma == "be" and name in ("attr", "prep:at", "prep:on") and member_grade(token, g):
                    relation, klass = "membership", "membership"  # "I'm a Silver member on the rewards scheme"
                if lemma == "be" and name == "prep:on" and who.first_person and klass in ("place", None) and \
                        _named(token, dates):
                    relation, klass = "plan", "plan"  # "I'm on Unlimited Plus", "we're on WaterSure": a named plan
                if lemma == "be" and name == "attr" and klass == "place" and clause.subject is not None and \
                        clause.subject.lemma_.lower() in g.word("premises") and any(t.like_num for t in token.subtree):
                    relation = "address"  # "our office is Level 3, 88 Queen Street, Auckland"
                if lemma == "be" and name == "prep:at" and who.first_person and klass == "place" and any(
                        t.like_num for t in token.subtree) and not clause.negated:
                    relation = "address"  # "we're at 41 Fenwick Street", "im at 9 linnet way now"
                if not relation:
                    continue
                return _some(_reading(clause, who, relation, token, None, None, g, dates, klass=klass, arg=name))
    return []


_RECORD_ROLE_WORDS = frozenset({"only", "main", "named", "sole", "lead", "primary", "secondary", "additional",
                                "second", "other", "joint", "designated", "nominated", "registered"})


_RECORD_ROLE_NOUNS = frozenset({"driver", "user", "admin", "administrator", "owner", "holder", "payer", "contact"})


def _record_role(token: Any) -> bool:
    """ "the only driver", "a named driver", "the admin": a role someone holds on an account or a policy, said
    with a word that ranks it among the record's people, or "the" before a role every record has; "a driver" and
    "the office manager" are jobs."""
    return any(c.dep_ == "amod" and c.lower_ in _RECORD_ROLE_WORDS or c.dep_ == "det" and c.lower_ == "the"
               and token.lemma_.lower() in _RECORD_ROLE_NOUNS for c in token.children)


def paying_account(token: Any, g: Grammar, dates: set[int]) -> list[Any]:
    """The words of the bank account a payment is made from ("direct debit from my Lloyds account"), or []."""
    for prep in token.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("from", "through", "via", "with", "on"):
            continue
        account = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if account is None or account.i in dates:
            continue
        named = any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in account.children)
        if classify(account, g) == "bank" or (account.lemma_.lower() == "account" and named):
            return [prep, *phrase_tokens(account, dates)]
    return []


def _named(token: Any, dates: set[int]) -> bool:
    """A capitalised name that is not a date or a time ("Unlimited Plus", "Economy 7", "WaterSure")."""
    words = [t for t in phrase_tokens(token, dates) if t.i not in dates]
    return bool(words) and token.i not in dates and token.text[:1].isupper() and token.pos_ in ("PROPN", "NOUN") \
        and token.ent_type_ not in ("DATE", "TIME", "GPE", "PERSON")


def member_grade(token: Any, g: Grammar) -> bool:
    """ "a Gold member", "a platinum cardholder": a member word with a grade of the tier list before it."""
    return token.lemma_.lower() in g.word("member_words") and any(
        c.dep_ in ("compound", "amod") and c.lower_ in g.noun("tier") for c in token.children)


def loyalty_grade(obj: str, g: Grammar) -> str | None:
    """ "Gold tier", "the Platinum status", "Silver" -> "Gold", "Platinum", "Silver": a loyalty grade, alone or
    named with a grade noun ("the Gold plan" is a plan)."""
    words = obj.split()
    words = words[1:] if words[:1] and words[0].lower() == "the" else words
    if words and words[0].lower() in g.word("loyalty_grades") and (
            len(words) == 1 or len(words) == 2 and words[1].lower() in g.word("grade_nouns")):
        return words[0].title()
    return None


_CALENDAR = frozenset({*WEEKDAYS, *MONTHS, "weekday", "weekend", "morning", "afternoon", "evening", "night"})
CHOOSING_VERBS = frozenset({"want", "choose", "request", "correct"})
PERSON_TITLES = frozenset({"dr", "doctor", "mr", "mrs", "ms", "miss", "mx", "prof", "professor", "nurse"})
def _titles(token: Any) -> set[str]:
    """The personal titles of an object phrase, up to its head ("Dr Okafor" -> {"dr"})."""
    return {t.lower_.rstrip(".") for t in token.subtree if t.i <= token.i} & PERSON_TITLES


GENERIC_VEHICLES = frozenset({"car", "van", "motorbike", "motorcycle", "scooter", "moped"})


def _names_a_vehicle(token: Any, g: Grammar) -> bool:
    """A maker, a model or a name: "a 2015 Ford Focus", "a Kia Niro"; "a small car" names none."""
    words = {t.lemma_.lower() for t in token.subtree} | {t.lower_ for t in token.subtree}
    if words & _COMPANY_SUFFIXES:
        return False  # "We are Van Dijk Logistiek B.V.": a firm's name, whatever word it starts with
    return bool(words & (g.noun("vehicle") - GENERIC_VEHICLES)) or any(t.pos_ == "PROPN" for t in token.subtree)


_COMPANY_SUFFIXES = frozenset({"b.v.", "bv", "ltd", "ltd.", "limited", "inc", "inc.", "llc", "gmbh", "plc", "pty",
                               "s.a.", "sa", "ag", "n.v.", "nv", "co.", "corp", "corp.", "pte", "llp"})


def _words_of(token: Any) -> set[str]:
    words = [t.lower_ for t in token.subtree if not t.is_punct and t.lower_ not in POSSESSIVES | ARTICLES]
    return {" ".join(words), token.lower_, token.lemma_.lower()}


def _some(reading: Reading | None) -> list[Reading]:
    return [reading] if reading is not None else []


def _likes(clause: Clause, who: Who, relation: str, token: Any, g: Grammar, dates: set[int]) -> list[Reading]:
    if clause.request or clause.status != "current":
        return []  # "I'd like to book ..." is a request, not a taste
    items = [token] + [c for c in token.children if c.dep_ == "conj"]
    found = []
    negated = clause.negated
    verb = "dislike" if (relation == "dislike") != negated else "like"
    verb = verb if plural_subject(clause, who) else verb + "s"  # "customer's friends dislike Mexican food"
    for item in items:
        if item.pos_ in ("VERB", "AUX") and item.tag_ != "VBG":
            continue  # "I like to find a flat": a wish, not a taste
        tokens = phrase_tokens(item, dates, keep_conj=False)
        if not tokens:
            continue
        # "I love the colours!" reacts to what was just shown; "He loves the park" (a third party) is a taste
        definite = tokens[0].lower_ == "the" and not who.first_person
        if (tokens[0].lower_ in REACTIONS and not definite) or tokens[0].pos_ == "ADP" or \
                item.lower_ in g.word("stop_objects"):
            continue
        obj = ("the " if definite else "") + object_text(tokens, keep_possessive=True)
        if obj:
            found.append(Reading("preference", item, obj, f"{who.name} {verb} {obj}"))
    return found


def plural_subject(clause: Clause, who: Who) -> bool:
    """A third party said in the plural ("my friends", "my parents"): its verbs take no -s."""
    return not who.first_person and clause.subject is not None and clause.subject.tag_ in ("NNS", "NNPS")


PLAN_NOUNS_BARE = frozenset({"plan", "plans", "package", "packages", "deal", "contract", "subscription", "tier",
                             "policy", "cover", "membership", "tariff", "bundle"})


MOVED_HOME = frozenset({"home", "house", "family", "stuff", "thing", "everything", "furniture", "everyone"})
DAY_OF_MONTH = re.compile(r"(?:the )?\d{1,2}(?:st|nd|rd|th)\b(?: of (?:the|each|every) month)?$", re.I)

VAGUE_MODIFIERS = frozenset({"own", "new", "other", "different", "another", "separate", "same", "old", "current",
                             "previous", "usual", "regular", "normal", "better", "cheaper", "bigger", "smaller"})
"""Words that set one value of a kind apart from another without naming it ("my own plan", "a different bank")."""
VALUE_SLOTS = frozenset({"address", "plan", "bank", "payment_method", "employer", "provider", "supplier", "diet",
                         "contact", "vehicle", "device", "name"})
"""Relations whose object must name a value (a bank, a phone), so that a kind alone ("changed banks") states none;
not the tastes and activities, where a kind is the value ("likes dogs")."""


def names_no_value(token: Any) -> bool:
    """The object is a common noun alone, plural ("changed banks", "switched phones") or set apart only by a
    vague word ("my own plan", "a new provider"): it names the kind of value, not the value."""
    if token.pos_ != "NOUN" or token.like_num:
        return False
    modifiers = [c for c in token.children if c.dep_ not in ("det", "poss", "predet", "punct", "case")]
    if any(c.dep_ not in ("amod", "advmod") or c.lower_ not in VAGUE_MODIFIERS for c in modifiers):
        return False
    return bool(modifiers) or token.tag_ == "NNS"


def _reading(clause: Clause, who: Who, relation: str, token: Any | None, obj: str | None, text: str | None,
             g: Grammar, dates: set[int], *, klass: str | None = None, arg: str = "") -> Reading | None:
    if obj is None and token is not None:
        tokens = phrase_tokens(token, dates)
        if relation == "payment_method":  # "direct debit from my Lloyds account": the account it is paid from
            tokens = sorted({*tokens, *paying_account(token, g, dates)}, key=lambda t: t.i)
        obj = object_text(tokens, keep_possessive=relation == "payment_method")
    obj = obj or ""
    if relation == "plan" and obj.lower() in PLAN_NOUNS_BARE and not (clause.negated or clause.ending):
        return None  # "I have a plan to eat out", "switched plans": no value to store
    if token is not None and relation in VALUE_SLOTS and not (clause.negated or clause.ending) and \
            names_no_value(token):
        return None  # "I changed banks", "I have my own plan now": the kind is named, the value is said elsewhere
    if relation == "payment_method" and DAY_OF_MONTH.match(obj):
        return None  # "I get paid on the 12th": a day of the month says when, not how
    if not obj and (token is not None or relation in ("travel", "activity")):
        return None  # "we moved in June": the date was the only object, no value is left
    if relation == "address" and klass != "place" and not any(t.pos_ in ("PROPN", "NUM") for t in
                                                              (token.subtree if token is not None else [])):
        return None  # "move to a new apartment": no address to store
    if relation == "address" and obj and all(w.lower().rstrip("s") in _CALENDAR for w in obj.replace(",", " ").split()
                                             if w.lower() not in ("and", "or", "the")):
        return None  # "Hannah's moving to Fridays": a day or a month, no address
    decided = bool(set(clause.governors) & {"decide", "choose", "opt", "agree"})
    plain = clause.status == "current" and not clause.negated and not clause.ending and not decided
    grade = loyalty_grade(obj, g) if relation == "plan" else None
    if grade is not None:  # "moved up to Gold tier": the grade "a Silver member" named, not a plan
        relation, klass = "membership", "membership"
        text = f"{who.name} is a {grade} member" if plain and text is None else text
    # "replaced it with a Toyota Yaris": the new value is stated as plainly as "has a Toyota Yaris", when it is one
    replaced = clause.verb.lemma_.lower() in ("replace", "swap", "trade") and arg in ("prep:with", "prep:for") \
        and klass is None
    if text is None:
        template = template_text(relation, klass, who.name, obj) if plain and not replaced else None
        text = template or clause_text(clause, who, token, dates)
        if klass == "broadband" and not text.lower().endswith("broadband") and text.endswith(obj.rsplit(" ", 1)[0]):
            text = f"{text} broadband"
    return Reading(relation, token, obj, text, klass)
