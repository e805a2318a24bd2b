"""Sentences, clauses and subjects for the embedded extractor.

Sentences keep their offsets in the message, so a fact's quote is always a verbatim substring of it.
Clauses are split where a new subject starts ("..., and my phone is a Pixel 8"). The subject of a clause
is the scope's person for "I", "we", "my", "our" and "the <thing a person owns>", a name for "Anna ..." or
"my sister Anna ...", and "<person>'s sister" for an unnamed relative; "you", "he", "it" and the rest give
no subject, because without coreference their owner is a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from archivist.tasks.extract.dates import date_at_start
from archivist.tasks.extract.lexicon import Lexicon, alternation

ABBREVIATIONS = {"st", "mr", "mrs", "ms", "dr", "rd", "ave", "no", "e.g", "i.e", "etc", "approx", "vs", "jr", "sr",
                 "mt", "ft", "apt", "ln", "sq", "co", "ltd", "inc", "dept", "est", "tel"}
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")
_WORD_BEFORE = re.compile(r"([A-Za-z.]+)\.$")
_SUBJECT_AHEAD = r"(?=(?:i|we|my|our|me)(?:\b|'))"
_CLAUSE_BREAK = re.compile(
    r"\s*(?:;|:\s|\s[-\u2013\u2014]+\s|,?\s+(?:but|and|so|because|although|though|while|whereas|plus|then)\s+"
    + _SUBJECT_AHEAD + r"|,\s+" + _SUBJECT_AHEAD + r")\s*",
    re.IGNORECASE,
)
_TRAILING_PUNCTUATION = re.compile(r"[\s.!?,;:\u2026~*]+$|\s*(?::\)|:\(|:D|;\)|<3|xx+)\s*$")
_FIRST_PERSON = re.compile(r"^(?:I|we|me and my \w+|my \w+ and I)\s+(?P<rest>.+)$", re.IGNORECASE)
_NAMED = re.compile(r"^(?P<name>[A-Z][a-z]+)(?P<poss>'s)?\s+(?P<rest>.+)$")
THIRD_PERSON_VERBS = {"is", "has", "was", "will", "would", "can", "could", "got", "went", "had", "did", "does",
                      "made", "took", "bought", "left", "lost", "found", "came", "said", "told", "just", "still",
                      "never", "also", "really", "always", "used", "loves", "likes"}

CONTRACTIONS = {
    "i'm": "I am", "i've": "I have", "i'd": "I would", "i'll": "I will", "we're": "we are", "we've": "we have",
    "we'd": "we would", "we'll": "we will", "don't": "do not", "doesn't": "does not", "didn't": "did not",
    "can't": "cannot", "won't": "will not", "isn't": "is not", "aren't": "are not", "wasn't": "was not",
    "weren't": "were not", "haven't": "have not", "hasn't": "has not", "hadn't": "had not",
    "couldn't": "could not", "wouldn't": "would not", "shouldn't": "should not", "gonna": "going to",
    "wanna": "want to", "gotta": "have to", "im": "I am", "ive": "I have",
}
_CONTRACTION = re.compile(r"\b(?:" + alternation(list(CONTRACTIONS)) + r")(?![\w'])", re.IGNORECASE)


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Subject:
    name: str
    predicate: str
    first_person: bool
    """True when the predicate was said of "I"/"we" (its verb is turned to the third person)."""


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


def normalise(text: str) -> str:
    """Straight apostrophes and single spaces: what every pattern is written against."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


def expand_contractions(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        return CONTRACTIONS[match.group(0).lower()]

    return _CONTRACTION.sub(replace, text)


def strip_trailing_punctuation(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, _TRAILING_PUNCTUATION.sub("", text)
    return text.strip().strip('"').strip()


def is_question(sentence: str, lexicon: Lexicon) -> bool:
    """A question or a request ("Can you check my bill"): it states nothing about the speaker."""
    if sentence.rstrip(" \"')").endswith("?"):
        return True
    return bool(lexicon.question_start.match(strip_discourse(sentence, lexicon)))


def declarative_lead(sentence: str, lexicon: Lexicon) -> str:
    """The comma-separated pieces of a question that come before its question part: "I pay by direct debit"
    of "I pay by direct debit, is that set up too?"; empty when the sentence opens with the question."""
    pieces = re.split(r",\s+", sentence.rstrip(" ?\"')"))
    kept: list[str] = []
    for piece in pieces[:-1]:
        bare = strip_discourse(piece, lexicon)
        if bare and (lexicon.question_start.match(bare) or lexicon.conditional_start.match(bare)):
            break
        kept.append(piece)
    return ", ".join(kept)


def is_conditional(sentence: str, lexicon: Lexicon) -> bool:
    return bool(lexicon.conditional_start.match(strip_discourse(sentence, lexicon)))


def split_clauses(sentence: str) -> list[str]:
    """Clauses of a (normalised) sentence, split where a new first-person subject starts."""
    return [piece.strip() for piece in _CLAUSE_BREAK.split(sentence) if piece and piece.strip()]


def strip_discourse(clause: str, lexicon: Lexicon) -> str:
    """The clause without leading fillers ("Oh, so ...") and a leading date phrase ("Last week, ...")."""
    for _ in range(6):
        before = clause
        clause = lexicon.discourse.sub("", clause, count=1).lstrip(" ,")
        clause = clause[date_at_start(clause) :].lstrip(" ,")
        if clause == before:
            break
    return clause


def resolve_subject(clause: str, person: str, lexicon: Lexicon) -> Subject | None:
    """Who the clause is about, and what it says of them; None when the subject is not the person or a name."""
    not_names = lexicon.word_set("not_names")
    first = _FIRST_PERSON.match(clause)
    if first:
        return Subject(person, first.group("rest"), True)
    relative = lexicon.relative_subject.match(clause)
    if relative:
        name = relative.group("name")
        if name and name.lower() not in not_names:
            return Subject(name, relative.group("rest"), False)
        rest = relative.group("rest") if not name else f"{name} {relative.group('rest')}"
        return Subject(f"{person}'s {relative.group('kin').lower()}", rest, False)
    possessive = re.match(r"^(?:my|our)\s+(?P<rest>.+)$", clause, re.IGNORECASE)
    if possessive:
        return Subject(person, "my " + possessive.group("rest"), True)
    thing = lexicon.owned_subject.match(clause)
    if thing:
        return Subject(person, "my " + thing.group("rest"), True)
    named = _NAMED.match(clause)
    if named and named.group("name").lower() not in not_names:
        rest = named.group("rest")
        if named.group("poss"):
            return Subject(named.group("name"), "my " + rest, False)
        # "Anna moved ...", "Anna is ...": a name is a subject only before a third-person verb, so that
        # "Unconditional love is ..." (a capitalised first word) is not read as a person.
        verb = rest.split(" ", 1)[0].lower()
        if verb in THIRD_PERSON_VERBS or verb.endswith("ed") or (verb.endswith("s") and not verb.endswith("ss")):
            return Subject(named.group("name"), rest, False)
    return None
