"""What of a sentence is given to the parser (tasks/extract/local.py): all of it, the statement before a question, or
nothing. Chat spellings are written out and shortened statements completed first (tasks/extract/chat.py); the quote
stays the sentence as typed."""

from __future__ import annotations

import re

from archivist.tasks.extract.chat import (
    as_statement,
    declared,
    joined,
    labelled_values,
    may_drop_subject,
    with_dropped_copula,
    without_greeting,
    written_out,
)
from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.spoken import unspoken

_CANDIDATE = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|my|our|me|us|it|it's|he|she|they)\b|"
                        r"\bthe\s+\w+|@|\d{4}|\bdeliver\b|"
                        r"^(?:boxes|deliveries|letters|bills|statements|post|mail)\b",  # "boxes go to 5 Heron Way"
                        re.IGNORECASE)
_ASKED_OF = frozenset({"i", "you", "u", "we", "they", "it", "he", "she", "the", "my", "our", "this", "that", "there",
                       "these", "those"})
_AUXILIARY_ASKS = frozenset({"is", "are", "can", "could", "do", "does", "did", "will", "would", "should", "has",
                             "have"})
"""After a comma, a piece that opens with an auxiliary asks something ("..., are classes back on")."""


def readable(sentence: str, g: Grammar, *, answer: bool = False) -> str:
    """The part of a sentence worth parsing (chat spellings written out): all of it, the statement before a
    question, or nothing. An answer to an agent's question is parsed even when it is only a value."""
    sentence = unspoken(without_greeting(sentence))  # "hiya moved house": the greeting is no subject; "um"
    text = joined(labelled_values(with_dropped_copula(written_out(
        sentence.replace("\u2019", "'").replace("\u2018", "'"), g)), g), g)
    text = _NOT_THAT.sub("", as_statement(text.strip(), g)).strip(" ,")
    first = re.split(r"[\s,]+", text.lower(), maxsplit=2)
    opener = " ".join(first[:2])
    if first and (first[0] in g.cue("conditional_marks") or opener in
                  g.cue("conditional_openers") or opener in ("when i", "once i", "as soon")):
        return ""
    text = declared(text)  # "i'm on Unlimited Plus which includes EU roaming??" asks nothing
    text = _before_question(text, g)  # "i train at the Westbrook club, are classes back on"
    if text.rstrip(" \"')").endswith("?") or (first and first[0] in g.word("question_starts")
                                               and not re.match(r"^\w+n't\b", text.lower())):
        pieces = re.split(r",\s+|\s+[-\u2013\u2014]\s+|;\s*", text)  # "..., Wrexham - can he ...?"
        if _TAG_QUESTION.fullmatch(pieces[-1].strip().lower()):
            if len(pieces) < 3 or pieces[-2].strip().lower().split(" ", 1)[0] not in _CONSEQUENCE:
                return ""  # "we're on Gold, right?": a check of what the record holds, no claim
            # "My membership is Off-Peak, so I can come only until 4pm, yes?": the tag asks about the consequence;
            # what it follows from is stated
            pieces = pieces[:-1]
        kept = []
        for piece in pieces[:-1]:
            head = re.split(r"\s+", piece.strip().lower(), maxsplit=1)[0]
            if head in g.word("question_starts") or head in g.cue("conditional_marks"):
                break
            kept.append(piece)
        text = ", ".join(kept)
        if not text:
            return ""
        text = text + "." if not text.endswith(".") else text
    return text if answer or _CANDIDATE.search(text) or may_drop_subject(text) else ""


_NOT_THAT = re.compile(r"(?:^|(?<=[,;.]))\s*not that\b[^,;.!?]*", re.IGNORECASE)
"""A clause opened by "not that" denies it: "not that I'm switching Luna, she needs her dental checks"."""
_CONSEQUENCE = frozenset({"so", "then", "which", "that", "meaning"})
_TAG_QUESTION = re.compile(r"(?:right|correct|yeah|yes|no|ok|okay|is that (?:right|correct|so)|"
                           r"\w+n'?t (?:i|we|it|you|they|he|she|that))\s*\?+")


def _before_question(text: str, g: Grammar) -> str:
    """A statement followed by a question typed without its question mark ("my home gym is Eastgate, is the
    pool open bank holiday"): the statement, which is what the parser gets."""
    pieces = re.split(r",\s+", text)
    for k, piece in enumerate(pieces[1:], start=1):
        words = piece.lower().split()
        if len(words) >= 3 and words[0] in g.word("question_starts") and (
                words[0] in _AUXILIARY_ASKS or words[1] in _ASKED_OF):
            return ", ".join(pieces[:k]) + "."
    return text
