"""Validation of one answer in the System One shape, and its conversion to an `Answer`.

Every provider hands back System One answers (`noul`, `choice`, `score`); this module is the one place
that decides whether an answer is usable. A usable answer names exactly the question's options with
probabilities in [0, 1] that sum to 1; a sum off by no more than two-decimal rounding can explain is
rescaled (providers round to two decimals), anything else is rejected with a reason. A provider may put
`{"error": reason}` in place of an answer (a refusal, an unparseable LLM reply) to say why there is none.
"""

from __future__ import annotations

import math
from typing import Any

from archivist.errors import ArchivistError
from archivist.tasks.decisions.types import Answer, Question

EXACT_TOLERANCE = 1e-6
"""A sum within this of 1 is kept as is (TypeSafe's compatibility spec)."""
ROUNDING_DRIFT_PER_OPTION = 0.005
"""Each probability rounded to two decimals can be off by half a hundredth; that much drift is rescaled."""


class InvalidAnswer(ArchivistError, ValueError):
    """An answer that cannot be used; the message is recorded on the fallback."""


def to_answer(question: Question, raw: Any) -> Answer:
    """The validated `Answer` for `question` from a raw System One answer; raises `InvalidAnswer`."""
    if raw is None:
        raise InvalidAnswer("no answer for this question in the reply")
    if not isinstance(raw, dict):
        raise InvalidAnswer(f"answer is a {type(raw).__name__}, not an object")
    if raw.get("error"):
        raise InvalidAnswer(str(raw["error"])[:300])
    kind = raw.get("type", question.type)
    if kind != question.type:
        raise InvalidAnswer(f"answer type {kind!r} does not match question type {question.type!r}")
    if question.type == "noul" and "probabilities" not in raw:
        p = _probability(raw.get("noul"), "noul")
        return Answer.from_probabilities({"true": p, "false": 1.0 - p})
    probabilities = raw.get("probabilities")
    if not isinstance(probabilities, dict):
        raise InvalidAnswer("answer has no `probabilities` object")
    return Answer.from_probabilities(normalise(question, probabilities))


def normalise(question: Question, probabilities: dict[str, Any]) -> dict[str, float]:
    """Probabilities over exactly the question's options, summing to 1; raises `InvalidAnswer` otherwise."""
    expected = set(question.options)
    found = {str(k) for k in probabilities}
    if found != expected:
        missing, extra = sorted(expected - found), sorted(found - expected)
        raise InvalidAnswer(f"options do not match the question: missing {missing}, unexpected {extra}")
    values = {str(k): _probability(v, str(k)) for k, v in probabilities.items()}
    total = sum(values.values())
    if abs(total - 1.0) <= EXACT_TOLERANCE:
        return {option: values[option] for option in question.options}
    allowed = max(ROUNDING_DRIFT_PER_OPTION * len(values), 0.01) + 1e-9
    if total <= 0 or abs(total - 1.0) > allowed:
        raise InvalidAnswer(f"probabilities sum to {total:.4f}, not 1 (more than rounding can explain)")
    return {option: values[option] / total for option in question.options}


def _probability(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidAnswer(f"probability of {what!r} is {value!r}, not a number")
    value = float(value)
    if not math.isfinite(value) or value < 0.0 or value > 1.0:
        raise InvalidAnswer(f"probability of {what!r} is {value}, outside [0, 1]")
    return value
