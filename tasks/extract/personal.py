"""Durable personal facts from personal chat (LoCoMo-style): pets, hobbies, groups, events, family, study, work.

Read before the support frames of tasks/extract/relate.py, and only for an object (or a verb) of a class in
configs/extraction.toml [nouns] that support logs rarely name (`pet`, `hobby`, `group`, `event`, `marital`,
`family_roles`, `degree`), so support phrasings keep their readings:

- "I adopted a puppy named Rex": pet, "Ana has a dog named Rex" (a young animal is named as the animal);
- "I started a pottery class": activity, "Ana takes a pottery class"; "I joined a book club": "Ana is a member
  of a book club"; "I play the guitar", "I've been doing yoga": activity, in the clause's own words;
- "I ran a charity race last Sunday": event, past (kind `event`), dated by `said_at`, never a current state;
- "I'm married", "we got engaged": partner; "I have three kids", "I'm a single mom": family;
- "I'm studying psychology", "I graduated from college": education; "I work at a hospital" / "as a nurse":
  employer; "I'm passionate about painting", "a big fan of jazz": preference.

Temporal status, negation and third parties come from the clause as everywhere else ("I'm thinking about taking
a painting class" is hypothetical, "my brother adopted a cat" is about the brother, "I don't have pets" is
negated); a planned event within days is dropped as a one-off by the same [durability] rule.
"""

from __future__ import annotations

from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.relate import Reading, Who, clause_text, object_text, phrase_tokens, plural_subject
from archivist.tasks.extract.relate import counted as _counted

NAMING_VERBS = frozenset({"name", "call"})


COURSES = frozenset({"course", "class", "program", "programme", "module", "degree"})
"""What one registers in to study ("registered in the IELTS Preparation course"), not a GP one registers with."""

def personal_readings(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> list[Reading]:
    """Readings of a clause about a person by the personal classes, or [] to leave it to the support frames."""
    verb = clause.verb
    lemma = verb.lemma_.lower()
    args = arguments(verb)
    if verb.pos_ not in ("VERB", "AUX"):
        return []
    marital = _marital(clause, who, lemma, args, g, dates)
    if marital is not None:
        return [marital]
    liking = _liking(clause, who, lemma, args, g, dates)
    if liking is not None:
        return [liking]
    if lemma in g.noun("study_verbs") or lemma == "register" and any(  # "registered in the IELTS course"
            n in ("prep:in", "prep:for", "prep:on") and a.lemma_.lower() in COURSES for n, a in args):
        end = next((a for n, a in args if n in ("dobj", "prep:in", "prep:at", "prep:from") and a.pos_ != "PRON"), None)
        if end is not None or lemma == "graduate":
            return [_reading(clause, who, "education", end, None, dates)]
    if lemma == "work":
        work = _work(clause, who, args, g, dates)
        if work is not None:
            return [work]
    for name, token in args:
        if token.lower_ in g.word("stop_objects") or token.pos_ == "PRON":
            continue
        head = token.lemma_.lower()
        words = {t.lemma_.lower() for t in token.subtree if t.dep_ in ("compound", "amod")} | {head, token.lower_}
        if (head in g.noun("pet") or token.lower_ in g.noun("pet")) and lemma in g.noun("pet_verbs"):
            obj = _pet_text(token, g, dates)
            template = f"{who.name} has {_counted(obj)}" if lemma in ("have", "get", "adopt", "rescue", "own",
                                                                        "foster", "buy") else None
            return [_reading(clause, who, "pet", token, template, dates, obj=obj)]
        if name == "dobj" and lemma == "have" and (head in g.word("kin") or token.lower_ in g.word("kin")) \
                and head not in ("friend", "neighbour", "neighbor", "colleague", "boss", "roommate", "flatmate"):
            obj = object_text(phrase_tokens(token, dates), keep_possessive=True)
            return [_reading(clause, who, "family", token, f"{who.name} has {_counted(obj)}", dates, obj=obj)]
        if name == "attr" and lemma == "be" and head in g.noun("family_roles"):
            return [_reading(clause, who, "family", token, None, dates)]
        if head in g.noun("business") and lemma in g.noun("business_verbs") and _own(token):
            obj = object_text(phrase_tokens(token, dates), keep_possessive=True)
            template = f"{who.name} runs {obj}" if obj.split()[0] in ("their", "own") else \
                f"{who.name} runs {_counted(obj)}"
            return [_reading(clause, who, "business", token, template, dates, obj=obj)]
        named = any(n in ("prep:at", "prep:with", "prep:for") and a.pos_ == "PROPN" for n, a in args)
        job_verb = lemma in g.noun("job_verbs") or clause.head.lemma_.lower() in ("get", "be")
        employer = _employer_of(token) if head in g.noun("job") and job_verb and not named else None
        if employer is not None:
            # "I've started a new job at Osprey Analytics": the parser hangs the employer on the job, not the verb
            obj = object_text(phrase_tokens(employer, dates), keep_possessive=True)
            return [_reading(clause, who, "employer", employer, f"{who.name} works at {obj}", dates, obj=obj)]
        if head in g.noun("job") and not named and job_verb:
            # "got a new job at Tesco" names the employer: the support frame writes "works at Tesco"
            return [_reading(clause, who, "employer", token, None, dates)]
        if head in g.noun("degree"):
            return [_reading(clause, who, "education", token, None, dates)]
        if head in g.noun("group") and lemma in g.noun("group_verbs") | {"go", "attend"}:
            return [_group(clause, who, token, lemma, name, g, dates)]
        if head in g.noun("event") and lemma in g.noun("event_verbs") and not words & g.noun("group"):
            return [_event(clause, who, token, g, dates)]
        if words & g.noun("hobby") and lemma in g.noun("hobby_verbs"):
            return [_reading(clause, who, "activity", token, None, dates, status=_habit(clause))]
    return []


def _employer_of(job: Any) -> Any | None:
    """The named employer of a job phrase ("a new job at Osprey Analytics", "a job with the NHS"), or None."""
    for prep in job.children:
        if prep.dep_ == "prep" and prep.lower_ in ("at", "with", "for"):
            found = next((c for c in prep.children if c.dep_ == "pobj" and (c.pos_ == "PROPN" or c.ent_type_ == "ORG"
                                                                          or c.text.isupper())), None)
            if found is not None:
                return found
    return None


def _own(token: Any) -> bool:
    """ "my own dance studio", "an online store": a business of the person's, not "the store" they shop at."""
    return any(c.lower_ in ("own", "my", "our", "a", "an") for c in token.children)


def _reading(clause: Clause, who: Who, relation: str, token: Any | None, template: str | None, dates: set[int],
             *, obj: str | None = None, status: str | None = None) -> Reading:
    if obj is None:
        obj = object_text(phrase_tokens(token, dates), keep_possessive=True) if token is not None else ""
    effective = status or clause.status
    plain = effective == "current" and not clause.negated and not clause.ending
    text = template if template and plain else clause_text(clause, who, token, dates)
    return Reading(relation, token, obj, text, relation, status)


def _pet_text(token: Any, g: Grammar, dates: set[int]) -> str:
    """ "a puppy named Rex" -> "dog named Rex": the animal and the name it was given."""
    adult = dict(pair.split("=", 1) for pair in g.noun("pet_adult"))
    tokens = [t for t in phrase_tokens(token, dates, keep_conj=True)]
    words = object_text(tokens, keep_possessive=True) if tokens else token.lower_
    if token.lower_ in adult:
        words = " ".join(adult[token.lower_] if w.lower() == token.lower_ else w for w in words.split())
    named = next((c for c in token.children if c.dep_ == "acl" and c.lemma_.lower() in NAMING_VERBS), None)
    if named is not None:
        name = next((t for t in named.subtree if t.pos_ == "PROPN"), None)
        if name is not None:
            parts = [t.text for t in name.subtree if t.pos_ == "PROPN"]
            words = f"{words} named {' '.join(parts)}"
    return words


def _habit(clause: Clause) -> str | None:
    """ "I'm taking a pottery class", "I've been doing yoga": a current practice, not an arranged future."""
    verb = clause.verb
    progressive = verb.tag_ == "VBG" and any(a.lemma_ == "be" for a in verb.children if a.dep_ == "aux")
    planned_aux = any(a.lower_ in ("will", "'ll", "shall") for a in verb.children if a.dep_ == "aux")
    if clause.status == "planned" and progressive and len(clause.chain) == 1 and not planned_aux \
            and not clause.request:
        return "current"
    return None


def _group(clause: Clause, who: Who, token: Any, lemma: str, arg: str, g: Grammar, dates: set[int]) -> Reading:
    obj = object_text(phrase_tokens(token, dates), keep_possessive=True)
    template = None
    # "took a class", "signed up for a club"; "took my kids to a workshop" is an outing, in its own words
    if lemma in g.noun("group_verbs") and obj and arg in ("dobj", "prep:for", "prep:in"):
        taken = token.lemma_.lower() in g.noun("taken") or token.lower_ in g.noun("taken")
        template = f"{who.name} takes {_counted(obj)}" if taken else f"{who.name} is a member of {_counted(obj)}"
    return _reading(clause, who, "activity", token, template, dates, obj=obj, status=_habit(clause))


def _event(clause: Clause, who: Who, token: Any, g: Grammar, dates: set[int]) -> Reading:
    """An event told in the past (or the perfect) happened once: status past, kind event, not a state."""
    head = clause.head
    perfect = any(a.lemma_ == "have" for a in head.children if a.dep_ == "aux")
    progressive = head.tag_ == "VBG" and any(a.lemma_ == "be" for a in head.children if a.dep_ == "aux")
    status = None
    if clause.status == "current" and (head.tag_ == "VBD" or perfect):
        status = "past"
    elif clause.status == "current" and progressive:
        status = "planned"  # "I'm hosting a dance competition next month": an arranged event, not a state
    relation = "event" if (status or clause.status) in ("past", "planned", "hypothetical") else "activity"
    return _reading(clause, who, relation, token, None, dates, status=status)


def _marital(clause: Clause, who: Who, lemma: str, args: list[tuple[str, Any]], g: Grammar,
             dates: set[int]) -> Reading | None:
    """ "I'm married", "I got engaged", "I've been married for five years", "I married Tom"."""
    word = next((a for n, a in args if n in ("acomp", "attr") and a.lower_ in g.noun("marital")), None)
    if word is None and lemma not in ("marry", "divorce", "engage"):
        return None
    state = word.lower_ if word is not None else {"marry": "married", "divorce": "divorced",
                                                  "engage": "engaged"}[lemma]
    spouse = next((a for n, a in args if n in ("dobj", "prep:to") and a.pos_ == "PROPN"), None)
    obj = state + (f" to {spouse.text}" if spouse is not None else "")
    return _reading(clause, who, "partner", word or clause.verb, f"{who.name} is {obj}", dates, obj=obj)


def _liking(clause: Clause, who: Who, lemma: str, args: list[tuple[str, Any]], g: Grammar,
            dates: set[int]) -> Reading | None:
    """ "I'm passionate about painting", "I'm a big fan of jazz", "I'm really into photography"."""
    if lemma != "be" or clause.status != "current" or clause.request:
        return None
    liking = next((a for n, a in args if n in ("acomp", "attr") and a.lemma_.lower() in g.noun("liking_words")), None)
    target = None
    if liking is not None:
        target = next((c for p in liking.children if p.dep_ == "prep" and p.lower_ in ("about", "of", "on", "with")
                       for c in p.children if c.dep_ in ("pobj", "pcomp")), None)
    if target is None:
        target = next((a for n, a in args if n == "prep:into" and a.pos_ in ("NOUN", "PROPN", "VERB")), None)
    if target is None or target.lower_ in g.word("stop_objects"):
        return None
    obj = object_text(phrase_tokens(target, dates, keep_conj=False), keep_possessive=True)
    verb = ("dislike" if clause.negated else "like") + ("" if plural_subject(clause, who) else "s")
    return Reading("preference", target, obj, f"{who.name} {verb} {obj}") if obj else None


def _work(clause: Clause, who: Who, args: list[tuple[str, Any]], g: Grammar, dates: set[int]) -> Reading | None:
    """ "I work at a hospital", "I work as a nurse" (a named employer is read by the support frame)."""
    role = next((a for n, a in args if n == "prep:as" and a.pos_ == "NOUN"), None)
    if role is not None:
        obj = object_text(phrase_tokens(role, dates))
        # "I work as a logistics planner at Kerrigan Logistics": the parser hangs the employer on the role
        employer = next((p for c in role.children if c.dep_ == "prep" and c.lower_ in ("at", "for", "with")
                         for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN"), None)
        if employer is not None:
            company = object_text(phrase_tokens(employer, dates), keep_possessive=True)
            role_words = object_text([t for t in phrase_tokens(role, dates) if t.i < employer.head.i])
            if company and role_words:
                return _reading(clause, who, "employer", employer,
                                f"{who.name} works as {_counted(role_words)} at {company}", dates, obj=company)
        return _reading(clause, who, "employer", role, f"{who.name} works as {_counted(obj)}", dates, obj=obj)
    place = next((a for n, a in args if n in ("prep:at", "prep:for", "prep:in") and a.pos_ == "NOUN"
                  and a.lemma_.lower() not in g.noun("not_workplaces")
                  and any(c.dep_ == "det" for c in a.children)), None)
    if place is None:
        return None
    obj = object_text(phrase_tokens(place, dates), keep_possessive=True)
    return _reading(clause, who, "employer", place, f"{who.name} works at {_counted(obj)}", dates, obj=obj)
