"""Writing a fact's words from parsed tokens: whole phrases, contractions spelled out, the third person.

A fact's text is built from tokens, never by cutting characters out of a sentence: a date phrase leaves
with its preposition ("leave on 5th of March from Paris" -> "leave from Paris"), a clause that is not part of
the fact (because ..., and it ...) leaves whole, and "I'm" is written "is" for "customer".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from typing import Any

from archivist.tasks.extract.dates import find_dates
from archivist.tasks.extract.phrasing import swap_pronouns, verb_third_person

CONTRACTED = {"'m": "am", "'re": "are", "'ve": "have", "'ll": "will", "n't": "not", "ca": "can", "wo": "will",
              "sha": "shall", "gon": "going", "wan": "want", "na": "to", "ta": "to", "im": "am"}
THIRD_PERSON_AUX = {"am": "is", "are": "is", "have": "has", "do": "does", "were": "was", "'m": "is", "'re": "is",
                    "'ve": "has"}
NEGATION_AFTER = frozenset({"anymore", "more", "longer"})
"""The end of "any more", "any longer", "anymore": a negation said after the object, kept in the text."""
CLITICS = frozenset({"n't", "'s", "'d", "'m", "'re", "'ve", "'ll"})
DATE_ENTITIES = frozenset({"DATE", "TIME"})
EXCLUDED_DEPS = frozenset({"advcl", "ccomp", "parataxis", "relcl", "mark", "cc", "intj", "nsubj", "nsubjpass",
                           "expl", "punct", "dep", "meta", "conj", "csubj", "appos_clause"})


def date_tokens(doc: Any, reference: date | None) -> set[int]:
    """Indexes of the tokens that make a date phrase, with the preposition that introduces one ("on Monday")."""
    found: set[int] = {t.i for t in doc if t.ent_type_ in DATE_ENTITIES and not t.like_email}
    if reference is not None:
        for mention in find_dates(doc.text, reference):
            found |= {t.i for t in doc if t.idx < mention.end and t.idx + len(t.text) > mention.start}
    if not found:
        return found
    for token in doc:  # a date's whole phrase goes: "5th of March", "two weeks ago", "since Tuesday"
        if token.i in found:
            found |= {t.i for t in token.subtree}
    for token in doc:
        if token.dep_ == "prep" and token.i not in found:
            objects = [c for c in token.children if c.dep_ in ("pobj", "pcomp")]
            if objects and all(t.i in found for c in objects for t in c.subtree):
                found |= {t.i for t in token.subtree}
        if token.lower_ in ("ago", "back") and token.head.i in found:
            found.add(token.i)
    return found


def spell(token: Any) -> str:
    """A token's word, contractions spelled out ("'m" -> "am", "'d" -> "would" or "had" by its lemma)."""
    lower = token.lower_.replace("\u2019", "'")
    if lower == "'s":
        return "is" if token.lemma_ == "be" else ("has" if token.lemma_ == "have" else token.text)
    if lower == "'d":
        return "had" if token.lemma_ == "have" else "would"
    if lower in ("na", "ta") and token.i > 0 and not token.nbor(-1).whitespace_ and \
            token.nbor(-1).lower_ in ("gon", "wan", "got"):
        return "to"  # the second half of "gonna", "wanna", "gotta"
    if lower in CONTRACTED and (lower.startswith("'") or lower == "n't" or _is_clipped(token)):
        return CONTRACTED[lower]
    text = token.text.replace("\u2019", "'")
    if len(text) > 1 and text.endswith(".") and "." not in text[:-1] and _ends_sentence(token):
        return text[:-1]  # "my tax code is 1185L.": the tokenizer keeps a full stop after a capital as an initial's
    return text


def _ends_sentence(token: Any) -> bool:
    return all(t.is_punct or t.is_space for t in token.doc[token.i + 1:])


def _is_clipped(token: Any) -> bool:
    """ "ca" of "can't", "wo" of "won't", "gon" of "gonna": a clipped word glued to the next token."""
    return not token.whitespace_ and token.i + 1 < len(token.doc) and token.nbor(1).lower_ in ("n't", "na", "ta")


def render(tokens: Iterable[Any], *, first_person: bool = False, third_person_at: int | None = None) -> str:
    """The tokens (in document order) as words. With `first_person`, the token at `third_person_at` takes the
    third person ("have" -> "has") and "my"/"me" become "their"/"them"."""
    out: list[str] = []
    previous = None
    for token in sorted(tokens, key=lambda t: t.i):
        word = spell(token)
        if first_person and token.i == third_person_at:
            word = THIRD_PERSON_AUX.get(token.lower_) or THIRD_PERSON_AUX.get(word.lower()) or (
                present_third_person(word) if token.tag_ == "VBP" else word)
        glued = previous is not None and previous.i == token.i - 1 and not previous.whitespace_
        if not out:
            out.append(word)
        elif token.lower_ == "n't" and out[-1].lower().endswith("can"):
            out[-1] += "not"  # "can't" -> "cannot"
        elif token.is_punct and token.text in ",.;:!?%)":
            out.append(word)
        elif glued and word == token.text and (token.lower_ not in CLITICS or token.tag_ == "POS"):
            out.append(word)  # "e-mail", "Sunflower#2026": one word the tokenizer split
        else:
            out.append(" " + word)
        previous = token
    text = "".join(out)
    if first_person:
        text = swap_pronouns(text)
    return tidy(text)


def present_third_person(word: str) -> str:
    """The third person of a verb the tagger says is present tense ("need" -> "needs", not a past form)."""
    lower = word.lower()
    if lower in ("am", "are", "have", "do", "go", "can", "will", "must", "may", "might", "shall", "should"):
        return verb_third_person(word)
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def tidy(text: str) -> str:
    text = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", text))
    text = re.sub(r"\(\s*\)", "", text)
    text = text.strip(" ,;:\u2013\u2014").rstrip("-")
    return text if re.match(r"-\d", text) else text.lstrip("-").strip(" ,;:")  # "-3.25": a sign is no dash


def finite_index(tokens: Iterable[Any]) -> int | None:
    """The first verb or auxiliary of a predicate (skipping "no longer", "never", adverbs): the one that agrees
    with the subject and takes the third person."""
    for token in sorted(tokens, key=lambda t: t.i):
        if token.dep_ in ("neg", "advmod", "npadvmod") and token.pos_ not in ("AUX", "VERB"):
            continue
        if token.pos_ in ("AUX", "VERB") and token.dep_ not in ("xcomp", "pcomp", "amod"):
            return token.i
        if token.pos_ in ("NOUN", "PROPN", "ADP", "DET"):
            return None
    return None
