"""Chat as people type it: lower case, "im", "atm", "u", and a dropped "I" ("just upgraded to premium").

The parser was trained on edited text, so a sentence is given to it with the chat spellings of
configs/extraction.toml [chat] written out ("im" -> "I'm", "atm" -> "at the moment") and, when it opens with a
verb in the past tense that has no subject, with the "I" the writer left out. The quote stays the sentence as
written: only the parser's input changes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from archivist.tasks.extract.grammar import Grammar

_OPENS_WITH_PAST = re.compile(r"^\s*(?:(?:just|finally|recently|already|also|actually|so|and|then|ok|okay|yeah)"
                              r"[\s,]+)?(?:[a-z]{3,}ed|got|went|bought|left|took|sold|made|swapped|gave|put|set)\b",
                              re.IGNORECASE)
"""A sentence that may open with a past-tense verb ("Swapped my Galaxy for a Pixel", "just upgraded to ...")."""
_LEADING_ADVERBS = frozenset({"just", "finally", "recently", "already", "also", "actually", "so", "and", "then",
                              "ok", "okay", "yeah"})


@lru_cache(maxsize=8)
def _spelling(pairs: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    table = {chat.lower(): written for chat, written in pairs}
    words = sorted(table, key=len, reverse=True)
    return re.compile(r"(?<![\w'@.])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w'@]|\.\w)",
                      re.IGNORECASE), table


def written_out(text: str, g: Grammar) -> str:
    """`text` with the chat spellings of [chat] written out; the lone lower-case "i" becomes "I"."""
    if not g.chat:
        return text
    pattern, table = _spelling(tuple(sorted(g.chat.items())))
    return pattern.sub(lambda m: table[m.group(0).lower()], text)


def may_drop_subject(text: str) -> bool:
    return bool(_OPENS_WITH_PAST.match(text))


def dropped_subject(doc: Any) -> bool:
    """The sentence opens with a verb in the past tense (after an adverb or two) that has no subject: the writer
    left out "I" ("Swapped my Galaxy S21 for a Pixel 8 last week")."""
    for token in doc:
        if token.lower_ in _LEADING_ADVERBS or token.is_punct:
            continue
        return token.tag_ in ("VBD", "VBN") and token.pos_ == "VERB" and not any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children)
    return False


def with_subject(text: str) -> str:
    """ "Swapped my Galaxy" -> "I swapped my Galaxy"; "just upgraded" -> "I just upgraded"."""
    stripped = text.lstrip()
    first = stripped.split(" ", 1)[0]
    lowered = first.lower() if not first.isupper() else first
    return "I " + lowered + stripped[len(first):]


def all_lower_case(doc: Any) -> bool:
    """Typed without capitals (the pronoun "I" aside): capitals then say nothing about names."""
    return not any(ch.isupper() for token in doc if token.text != "I" for ch in token.text)
