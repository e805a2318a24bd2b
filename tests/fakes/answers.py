"""Deterministic answers: probabilities derived from a hash of the question, rounded to two decimals like Jev's."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def hashed_probabilities(seed: str, options: list[str]) -> dict[str, float]:
    """A distribution over `options` that depends only on `seed`; two-decimal rounding leaves a small drift."""
    weights = []
    for option in options:
        digest = hashlib.sha256(f"{seed}\x1f{option}".encode()).digest()
        weights.append(1 + int.from_bytes(digest[:4], "big") % 100)
    total = sum(weights)
    return {option: round(w / total, 2) for option, w in zip(options, weights, strict=True)}


def question_seed(question: Any) -> str:
    return json.dumps(question, sort_keys=True, default=str)


def default_answer(key: str, question: Any, options: list[str], state: Any) -> dict[str, float]:
    """The default scripted answer: options -> probability, from a hash of the question alone."""
    return hashed_probabilities(question_seed(question), options)


def malformed_probabilities(options: list[str]) -> dict[str, float]:
    """A distribution that names an option the question does not have and does not sum to 1."""
    return {**{option: 0.7 for option in options[:1]}, "not-an-option": 0.9}
