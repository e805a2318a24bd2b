"""The local model's relevance answers for a read-path shortlist: which of these lines bear on the question?

A rerank request (tasks/recall/rerank.py) asks `relevance` of every shortlisted line at once, the targets in
shortlist order. Lines of one request are scored together, by a logistic regression over features of each
line read against the question and against the other lines of the request:

- `position`, `first`, `second`: log(1 + the line's place in the request), and whether it is the first or
  the second. The targets arrive in the order of the fused search (BM25 spread to neighbouring
  turns, names, cosine), whose ranking already holds most of what is known; the other features move a line up
  or down from there, and the first two places get their own weights (the head of the fused order is the
  most reliable part of it; a third indicator measured no better).
- `minilm_cos`, `minilm_z`, `minilm_rank`: MiniLM similarity of the question and the line's words (date prefix
  removed), raw, as a z-score among the request's lines, and as log(1 + its rank among them). A paraphrase
  ("Where does she work?" / "I got a job at the hospital") shares no word but sits close in MiniLM's space.
- `lexical`, `lexical_share`: question words in the line, weighted by their rarity among the request's lines
  (a word in every line says nothing), relative to the request's best line; the share of the question's
  words the line holds.
- `names_shared`, `names_missing`: people the question names that the line names (its speaker included), or
  does not.
- `when_and_date`: the question asks when and the line's words carry a date or a time expression.
- `line_question`: the line is itself a question (an answer rarely is).
- `head_logit`: the single-line relevance head's log-odds (tasks/decisions/local/features.py).

The weights live in `configs/relevance.json`, fitted on LoCoMo conversations by
`tests/benchmarks/fit_relevance.py` (which says how, and reports the held-out direction). A request with one
target is not a shortlist: it is answered by the single-line head alone, calibrated on the labeled set.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from archivist.tasks.decisions.local import text as t

WEIGHTS_PATH = Path(__file__).resolve().parents[3] / "configs" / "relevance.json"
if not WEIGHTS_PATH.is_file():  # installed as a package: configs/ sits beside tasks/
    WEIGHTS_PATH = Path(__file__).resolve().parents[2] / "configs" / "relevance.json"
FEATURES = ("position", "minilm_cos", "minilm_z", "minilm_rank", "lexical", "lexical_share", "names_shared",
            "names_missing", "when_and_date", "line_question", "head_logit", "first", "second")
_DATE_PREFIX = re.compile(r"^\[[^\]]*\]\s*")
_MONTHS = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
]
_TIME_WORDS = frozenset(_MONTHS) | {
    "yesterday", "today", "tomorrow", "ago", "last", "next", "week", "weekend", "month", "year", "years",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "since", "recently", "summer",
    "winter", "spring", "autumn", "fall", "birthday", "night", "morning", "evening"}
_WHEN_WORDS = frozenset({"when", "date", "year", "month", "long", "how long", "since"})


class Vectors(Protocol):
    def prefetch(self, texts: list[str]) -> None: ...
    def cosine(self, a: str, b: str) -> float: ...


def line_words(line: str) -> str:
    """A rendered memory line without its leading "[date] " (every line has one; only its words tell)."""
    return _DATE_PREFIX.sub("", line, count=1)


def _idf(lines: Sequence[frozenset[str]]) -> dict[str, float]:
    n = len(lines)
    counts: dict[str, int] = {}
    for stems in lines:
        for stem in stems:
            counts[stem] = counts.get(stem, 0) + 1
    return {stem: math.log(1.0 + (n - c + 0.5) / (c + 0.5)) for stem, c in counts.items()}


def request_features(query: str, lines: Sequence[str], vectors: Vectors,
                     head_logit: Callable[[str], float]) -> list[dict[str, float]]:
    """One feature row per line, in request order (see the module docstring)."""
    words = [line_words(line) for line in lines]
    vectors.prefetch([query, *words])
    cosines = np.array([vectors.cosine(query, w) for w in words], dtype=np.float64)
    spread = float(cosines.std()) or 1.0
    order = (-cosines).argsort(kind="stable")
    cos_rank = np.empty(len(words), dtype=np.int64)
    cos_rank[order] = np.arange(len(words))
    query_stems = t.content_stems(query)
    stems = [t.content_stems(w) for w in words]
    idf = _idf(stems)
    lexical = [sum(idf.get(s, 0.0) for s in query_stems & line) for line in stems]
    best = max(lexical, default=0.0) or 1.0
    query_names = t.names(query)
    query_tokens = set(t.tokens(query))
    asks_when = bool(query_tokens & _WHEN_WORDS)
    rows = []
    for index, (w, line_stems) in enumerate(zip(words, stems, strict=True)):
        line_tokens = set(t.tokens(w))
        line_names = t.names(w)
        has_date = bool(line_tokens & _TIME_WORDS) or bool(re.search(r"\b(1[89]|20)\d\d\b", w))
        rows.append({
            "position": math.log1p(index),
            "minilm_cos": float(cosines[index]),
            "minilm_z": float((cosines[index] - cosines.mean()) / spread),
            "minilm_rank": math.log1p(int(cos_rank[index])),
            "lexical": lexical[index] / best,
            "lexical_share": t.containment(query_stems, line_stems) if query_stems else 0.0,
            "names_shared": float(min(len(query_names & line_names), 2)),
            "names_missing": float(min(len(query_names - line_names), 2)),
            "when_and_date": float(asks_when and has_date),
            "line_question": float(w.rstrip().endswith("?")),
            "head_logit": head_logit(w),
            "first": float(index == 0),
            "second": float(index == 1),
        })
    return rows


@dataclass
class ListwiseRelevance:
    """Standardised features -> logistic regression (weights from configs/relevance.json)."""

    features: list[str]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    document: dict

    @classmethod
    def load(cls, path: str | Path | None = None) -> ListwiseRelevance:
        document = json.loads(Path(path or WEIGHTS_PATH).read_text(encoding="utf-8"))
        features = list(document["features"])
        unknown = sorted(set(features) - set(FEATURES))
        if unknown:
            raise ValueError(f"{path or WEIGHTS_PATH} uses features {unknown} this archivist does not compute; "
                             "refit with tests/benchmarks/fit_relevance.py")
        return cls(features, np.asarray(document["mean"], dtype=np.float64),
                   np.asarray(document["scale"], dtype=np.float64), np.asarray(document["weights"], dtype=np.float64),
                   float(document["bias"]), document)

    def logits(self, rows: Sequence[Mapping[str, float]]) -> np.ndarray:
        x = np.array([[row[name] for name in self.features] for row in rows], dtype=np.float64)
        return ((x - self.mean) / self.scale) @ self.weights + self.bias


class ShortlistScorer:
    """Scores a request's lines together, once per request (the provider asks one target at a time)."""

    def __init__(self, model: ListwiseRelevance, vectors: Vectors):
        self.model = model
        self.vectors = vectors
        self._last: tuple[Any, dict[str, float]] | None = None
        self._lock = threading.Lock()

    def p_true(self, query: str, targets: Mapping[str, str], target: str, head_logit: Callable[[str], float],
               temperature: float = 1.0) -> float:
        key = (query, tuple(targets.items()), temperature)
        with self._lock:
            last = self._last
        if last is None or last[0] != key:
            rows = request_features(query, list(targets.values()), self.vectors, head_logit)
            logits = self.model.logits(rows) / temperature
            scores = {mid: 1.0 / (1.0 + math.exp(-float(z))) for mid, z in zip(targets, logits, strict=True)}
            last = (key, scores)
            with self._lock:
                self._last = last
        return last[1][target]
