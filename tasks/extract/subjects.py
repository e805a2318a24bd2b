"""Who a clause is about, beyond "I": a relative ("my sister Anna"), a name, the thing "it" stands for."""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.sentences import Span
from archivist.tasks.extract.types import TurnContext


def kin_of(subject: Any, g: Grammar) -> Any | None:
    for token in [subject, *subject.children]:
        if token is not subject and token.dep_ == "compound" and subject.pos_ == "NOUN":
            continue  # "my family doctor", "our family plan": the kin word says which doctor, whose is still mine
        if token.lemma_.lower() in g.word("kin") or token.lower_ in g.word("kin"):
            return token
    return None


def name_of(subject: Any, g: Grammar, exclude: Any | None = None) -> str | None:
    for token in [subject, *subject.children]:
        if ((exclude is not None and token.i == exclude.i) or token.pos_ != "PROPN"
                or token.lower_ in g.word("not_names")):
            continue
        parts = [t for t in token.subtree if t.pos_ == "PROPN" and t.dep_ in ("compound", "flat") or t.i == token.i]
        return " ".join(t.text for t in parts if exclude is None or t.i != exclude.i)
    return None


def thing_word(token: Any) -> str:
    return token.text if token.text.isupper() or (token.pos_ == "PROPN" and token.i > 0) else token.lower_


def antecedent(pronoun: Any, turn: TurnContext, sentence: Span, g: Grammar) -> tuple[str | None, bool]:
    """What "it" is, for a clause about the state of a thing: the last owned thing named before it in this
    sentence, this turn, or the person's earlier messages (no coreference model: the nearest such noun), and
    whether it was named in this sentence."""
    for token in reversed(list(pronoun.doc[: pronoun.i])):
        if token.lemma_.lower() in g.word("owned") and token.pos_ in ("NOUN", "PROPN"):
            return thing_word(token), True
    owned = re.compile(r"\b(" + "|".join(sorted(map(re.escape, g.word("owned")), key=len, reverse=True)) + r")\b",
                       re.IGNORECASE)
    earlier = [turn.text[: sentence.start]] + [m.text for m in reversed(turn.previous)]
    for text in earlier:
        matches = owned.findall(text)
        if matches:
            word = matches[-1]
            return (word if word.isupper() else word.lower()), False
    return None, False


PERSONAL_PRONOUNS = frozenset({"he", "she", "they"})
_OPENERS = frozenset({"went", "got", "had", "love", "just", "also", "maybe", "really", "anyway", "sure", "well", "nice",
                      "cool", "awesome", "what", "when", "where", "why", "how", "who", "did", "was", "can", "could",
                      "would", "will", "have", "been", "one", "last", "next", "some", "every", "after", "before",
                      "since", "and", "but", "because", "she", "they", "his", "him", "her", "not", "too", "now",
                      "then", "wow", "aww", "haha", "lol", "omg", "yay", "sounds", "glad", "happy", "sad", "sorry"})
_PLURAL_KIN = frozenset({"kids", "children", "parents", "friends", "family", "grandparents", "sisters", "brothers",
                         "cousins", "neighbours", "neighbors", "colleagues", "roommates", "flatmates"})


def person_antecedent(pronoun: Any, turn: TurnContext, sentence: Span, g: Grammar, person: str) -> str | None:
    """Whom "he", "she" or "they" stands for: the third party the same speaker named last (in this sentence, this
    turn, then their last three messages), gender-agnostic, since no gender is known of a name; None when the
    speaker named nobody, so that the fact is dropped rather than stored about the speaker. "they" stands only
    for a plural ("my kids", "my parents")."""
    before = pronoun.doc.text[: pronoun.idx]
    own = [m.text for m in reversed(turn.previous) if (m.speaker or "") == (turn.speaker or "")][:3]
    for text in [before, turn.text[: sentence.start], *own]:
        found = _last_named(text, g, person, plural=pronoun.lower_ == "they")
        if found is not None:
            return found
    return None


def _last_named(text: str, g: Grammar, person: str, *, plural: bool) -> str | None:
    kin = "|".join(sorted(map(re.escape, g.word("kin")), key=len, reverse=True))
    best: tuple[int, str] | None = None
    for match in re.finditer(r"\b(?:my|our)\s+(?:\w+\s+)?(" + kin + r")\b(?:,?\s+((?-i:[A-Z][a-z]+)))?", text,
                             re.IGNORECASE):
        word, name = match.group(1).lower(), match.group(2)
        if plural != (word in _PLURAL_KIN) or (name and name.lower() in g.word("not_names")):
            continue
        best = (match.start(), name if name and not plural else f"{person}'s {word}")
    if not plural:
        for match in re.finditer(r"(?:(?<=[a-z,] )|(?<=[.!?] )|^)([A-Z][a-z]{2,})\b", text):
            name = match.group(1)
            opening = match.start() == 0 or text[match.start() - 2] in ".!?"
            if name.lower() in g.word("not_names") or name == person or (best and match.start() <= best[0]):
                continue
            if opening and (name.lower() in _OPENERS or name.endswith(("ed", "ing", "ly", "s"))):
                continue  # a capital that only opens the sentence ("Went", "Loving", "Really")
            if any(name.lower() in g.noun(n) for n in g.nouns):
                continue  # "a Pixel", "the Pro plan": a thing, not a person
            best = (match.start(), name)
    return best[1] if best else None


_OTHER_PRONOUNS = frozenset({"him", "her", "them"})
_SELF = frozenset({"me", "us", "myself", "ourselves", "i", "we", "family", "household", "home", "everyone"})


def held_for_another(clause: Any, obj: Any | None, g: Grammar) -> bool:
    """What the speaker set up, bought or holds "for" someone else is that person's: "I bought a Kia Picanto for my
    wife", "a new phone for him". A relative or a pronoun after "for" on the object, or on the verb when the verb
    has an object of its own ("signed up for Premium" names the thing); not when the speaker is among them ("for me
    and my kids"). A bare name ("for Ethan") is read on the agent's side, where the chat says whether another
    person was spoken of (named_subject.for_another): the parser runs without its entity recogniser."""
    heads = [obj] if obj is not None else []
    if any(c.dep_ == "dobj" for c in clause.verb.children):
        heads.append(clause.verb)
    for head in heads:
        for prep in (c for c in head.children if c.dep_ == "prep" and c.lower_ == "for"):
            for person in (c for c in prep.children if c.dep_ == "pobj"):
                group = [person, *(c for c in person.conjuncts)]
                if any(p.lower_ in _SELF for p in group):
                    continue
                if any(p.lower_ in _OTHER_PRONOUNS or p.pos_ == "NOUN" and kin_of(p, g) is not None for p in group):
                    return True
    return False
