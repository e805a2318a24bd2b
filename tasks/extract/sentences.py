"""Sentences of a message with their offsets, so that a fact's quote is always a verbatim substring of it.

The splitter is ours rather than the parser's: it does not split after "St." and other abbreviations of
addresses, it splits at an emoji (which a chat uses as a full stop), and it is the same for every extractor (the LLM
prompt numbers the same sentences).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ABBREVIATIONS = {"st", "mr", "mrs", "ms", "dr", "rd", "ave", "no", "e.g", "i.e", "etc", "approx", "vs", "jr", "sr",
                 "mt", "ft", "apt", "ln", "sq", "co", "ltd", "inc", "dept", "est", "tel"}
_EMOJI = "\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\uFE0F\u200D"
_DASH = r"(?<!\d)(?<!\bam)(?<!\bpm)\s+[-\u2013\u2014]\s+(?!\d)|\u2014"
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+|\s*[" + _EMOJI + r"]+\s*|" + _DASH)
"""A sentence ends at its mark, a line break, an emoji or a dash: a chat writes "on the bank holiday 💪 Your
membership has ..." and "Sorted ✅ Sandyford is your home club" with no other mark between two sentences, and
"Done - your home club is now Headingley" or "Lifetime Essential - £4,000 vet fees per year" with a dash where
a full stop would be (the parser reads the words before it as the subject). A dash between numbers or times
("9am - 5pm", "1 - 3") is a range, not a boundary."""
_WORD_BEFORE = re.compile(r"(?<![\w])([A-Za-z.]+)\.$")  # a whole word: "IP4 2RD." ends a sentence


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def split_sentences(text: str) -> list[Span]:
    """Sentences of `text` with their offsets; no split after "St." and other abbreviations."""
    spans: list[Span] = []
    start = 0
    for boundary in _BOUNDARY.finditer(text):
        before = text[start : boundary.start()]
        word = _WORD_BEFORE.search(before)
        if boundary.group(0).strip() == "" and word and word.group(1).lower().rstrip(".") in ABBREVIATIONS:
            continue
        _add_span(spans, text, start, boundary.start())
        start = boundary.end()
    _add_span(spans, text, start, len(text))
    return spans


def _add_span(spans: list[Span], text: str, start: int, end: int) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        offset = start + piece.index(stripped)
        spans.append(Span(offset, offset + len(stripped), stripped))
