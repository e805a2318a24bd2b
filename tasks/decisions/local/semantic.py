"""Semantic features of the relation head: MiniLM sentence vectors of the new fact, the stored fact and the
message (tasks/ingest/minilm.py, int8 ONNX, offline, no torch).

The head reads three cosines and small projections: of the pair's vectors |u - v| and u * v (the classic
sentence-pair features), each reduced to `PROJECTION_DIMS` principal directions fitted on the training pairs, of
the signed step v - u, and of the vector of the clauses the new fact was heard in.
The projection is stored with the weights, so a refit that moves it moves the head with it. The features stay
MiniLM's whatever embedder the store uses: another model would move every value and de-calibrate the head.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from archivist.tasks.decisions.local import text as t

SEMANTIC_MODEL = "minilm-l6-v2-int8/384"
PROJECTION_DIMS = 12
# The signed step from the stored fact to the new one (v - u): |u - v| and u * v are symmetric and cannot tell
# "allergic" -> "not allergic" from the reverse. Leave-one-source-out over the ten team sources: 8 dims +0.013
# accuracy, 16 dims -0.001 (tasks/decisions/local/crossval.py).
SHIFT_DIMS = 8
# The words the fact was heard in (its clauses of the message): change, correction and hedge are said there
# in more ways than any lexicon lists ("took over", "since the install", "I misspoke"). Leave-one-source-out:
# 8 dims -0.008 accuracy, 16 +0.012, 24 +0.026 (0.867, NLL 0.405), 32 +0.021.
HEARD_DIMS = 24
_CACHE_LIMIT = 200_000


def _encode(texts: list[str]) -> np.ndarray:
    from archivist.tasks.ingest.minilm import encode

    return encode(texts)


class MiniLMVectors:
    """Encodes each distinct text once per process run (a fact meets many candidates); safe across threads.

    Same interface as embedding.SentenceVectors (`prefetch`, `cosine`), plus `vector`.
    """

    def __init__(self) -> None:
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def prefetch(self, texts: list[str]) -> None:
        missing = sorted({text for text in texts if text.strip() and text not in self._vectors})
        if not missing:
            return
        vectors = _encode(missing)
        with self._lock:
            if len(self._vectors) + len(missing) > _CACHE_LIMIT:
                self._vectors.clear()
            self._vectors.update(zip(missing, vectors, strict=True))

    def vector(self, text: str) -> np.ndarray:
        if not text.strip():
            return np.zeros(384, dtype=np.float32)
        found = self._vectors.get(text)
        if found is None:
            self.prefetch([text])
            found = self._vectors[text]
        return found

    def cosine(self, a: str, b: str) -> float:
        if not a.strip() or not b.strip():
            return 0.0
        return float(np.dot(self.vector(a), self.vector(b)))


@dataclass
class Projection:
    """Principal directions of |u - v| and u * v over the training pairs (rows of `diff` and `prod`)."""

    diff_mean: np.ndarray
    diff: np.ndarray
    prod_mean: np.ndarray
    prod: np.ndarray
    shift_mean: np.ndarray
    shift: np.ndarray
    heard_mean: np.ndarray
    heard: np.ndarray

    _NAMES = ("diff_mean", "diff", "prod_mean", "prod", "shift_mean", "shift", "heard_mean", "heard")

    def to_json(self) -> dict:
        return {name: [[round(float(v), 4) for v in row] for row in np.atleast_2d(getattr(self, name))]
                for name in self._NAMES}

    @classmethod
    def from_json(cls, data: dict) -> Projection:
        return cls(*(np.asarray(data[name], dtype=np.float64) for name in cls._NAMES))


def _pair_parts(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.abs(u - v), u * v


def _principal(rows: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    mean = rows.mean(axis=0, keepdims=True)
    # The sign of a singular vector is arbitrary; fix it so the same pairs always give the same features.
    _, _, vt = np.linalg.svd(rows - mean, full_matrices=False)
    directions = vt[:k]
    signs = np.sign(directions[np.arange(len(directions)), np.abs(directions).argmax(axis=1)])
    return mean, directions * signs[:, None]


def fit_projection(pairs: list[tuple[str, str]], vectors: MiniLMVectors, heard: list[str],
                   k: int = PROJECTION_DIMS) -> Projection:
    vectors.prefetch([text for pair in pairs for text in pair])
    diffs, prods = zip(*(_pair_parts(vectors.vector(old), vectors.vector(new)) for old, new in pairs), strict=True)
    diff_mean, diff = _principal(np.asarray(diffs, dtype=np.float64), k)
    prod_mean, prod = _principal(np.asarray(prods, dtype=np.float64), k)
    shifts = [vectors.vector(new) - vectors.vector(old) for old, new in pairs]
    shift_mean, shift = _principal(np.asarray(shifts, dtype=np.float64), SHIFT_DIMS)
    vectors.prefetch(heard)
    heard_mean, heard_basis = _principal(np.asarray([vectors.vector(text) for text in heard], dtype=np.float64),
                                         HEARD_DIMS)
    return Projection(diff_mean, diff, prod_mean, prod, shift_mean, shift, heard_mean, heard_basis)


_VALUE_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-.@_]*")
MASK = "something"


@lru_cache(maxsize=65536)  # a pure function of two strings, asked per question of the same pair
def split_value(text: str, other: str) -> tuple[str, str]:
    """(`text` with its own content words masked, those words): the attribute frame and the value of one side.

    "Melanie drives a Honda Civic" against "Melanie drives a Subaru Outback" gives the frame "Melanie drives a
    something" on both sides, so the frames' cosine says "same attribute" whatever the words of the values are,
    and the values' cosine says how far the two values are apart (a paraphrase or another value).
    """
    other_stems = t.content_stems(other)
    frame: list[str] = []
    value: list[str] = []
    for word in _VALUE_WORD.findall(text):
        low = word.lower()
        own = (low not in t.STOPWORDS and low.split("'")[0] not in t.STOPWORDS and t.stem(low) not in other_stems
               and not all(t.stem(part) in other_stems for part in t.tokens(low)))
        if own:
            value.append(word)
            if not frame or frame[-1] != MASK:
                frame.append(MASK)
        else:
            frame.append(word)
    return " ".join(frame), " ".join(value)


def pair_texts(old: str, new: str) -> list[str]:
    """The texts `structural_features` encodes for a pair (for one batched prefetch)."""
    return [*split_value(old, new), *split_value(new, old)]


def _denied_or_named(old_value: str, message: str) -> tuple[float, float]:
    """(the message names a value only the stored fact has, it names it right after a negation).

    "it's Lydia, not Linda" and "never had Pro" deny the stored value: a correction. "no more roommates" ends
    it instead, so "no more" does not count as a denial.
    """
    wanted = {t.stem(word) for word in t.tokens(old_value)}
    words = t.tokens(message)
    named = denied = False
    for k, word in enumerate(words):
        if t.stem(word) not in wanted:
            continue
        named = True
        start = max(0, k - 3)
        denied = denied or any((w in ("not", "never", "no") or w.endswith("n't")) and words[j + 1:j + 2] != ["more"]
                               for j, w in enumerate(words[start:k], start=start))
    return float(named), float(denied)


def structural_features(old: str, new: str, message: str, vectors: MiniLMVectors) -> dict[str, float]:
    """Is it the same attribute (frames' cosine with the values masked), and is the value the same, another,
    more specific, or denied? Read from the sentence structure rather than from a lexicon, so that they carry
    over to phrasing the labels never had."""
    frame_old, value_old = split_value(old, new)
    frame_new, value_new = split_value(new, old)
    vectors.prefetch([frame_old, frame_new, value_old, value_new])
    frame = vectors.cosine(frame_old, frame_new)
    swapped = float(bool(value_old) and bool(value_new))
    value = vectors.cosine(value_old, value_new) if swapped else 0.0
    named, denied = _denied_or_named(value_old, message) if value_old and message.strip() else (0.0, 0.0)
    return {
        "s_frame_cos": frame,
        "s_value_cos": value,
        "s_swapped": swapped,
        "s_swap_frame": frame * swapped,
        # The same frame holding two values that mean different things: another value of the same attribute.
        "s_swap_distinct": frame * swapped * (1.0 - max(value, 0.0)),
        # Only the newer side adds words: it says more about the same thing (a refinement). The reverse (only
        # the stored side has words) is left out: "modem stopped working" -> "modem works again" loses a word
        # and is a change, "Pixel 8" after "iPhone 12 -> Pixel 8" loses words and is not.
        "s_added_only": float(bool(value_new) and not value_old),
        "s_old_value_named": named,
        "s_old_value_denied": denied,
    }


def semantic_features(old: str, new: str, message: str, vectors: MiniLMVectors,
                      projection: Projection) -> dict[str, float]:
    """Cosines of the three texts and the projected pair vectors (new fact against the stored one)."""
    u, v = vectors.vector(old), vectors.vector(new)
    heard = t.focus(message, new) if message.strip() else new
    diff, prod = _pair_parts(u, v)
    values = {
        "m_cos_new_message": vectors.cosine(new, message) if message.strip() else 1.0,
        # The clauses the fact came from against the stored fact: what was said about it, not the rest of the turn.
        "m_cos_old_heard": vectors.cosine(old, heard),
    }
    for name, part, mean, basis in (("diff", diff, projection.diff_mean, projection.diff),
                                    ("prod", prod, projection.prod_mean, projection.prod),
                                    ("shift", v - u, projection.shift_mean, projection.shift),
                                    ("heard", vectors.vector(heard), projection.heard_mean, projection.heard)):
        projected = (part - mean.ravel()) @ basis.T
        values.update({f"m_{name}_{i}": float(x) for i, x in enumerate(projected)})
    return {**values, **structural_features(old, new, message, vectors)}
