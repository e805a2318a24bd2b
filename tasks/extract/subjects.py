"""Who a clause is about, beyond "I": a relative ("my sister Anna"), a name, the thing "it" stands for."""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.sentences import Span
from archivist.tasks.extract.types import TurnContext


def kin_of(subject: Any, g: Grammar) -> Any | None:
    for token in [subject, *subject.children]:
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
