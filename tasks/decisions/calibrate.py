"""Thresholds suggested for one decision model from its answers on labeled items.

Each model's probabilities are on its own scale, so the seed's 0.85 / 0.60 / 0.5 hold for the model they were
measured on (Jev 1.13.0) and are only a starting point for another. From a model's answers on labeled items
(`archivist evaluate decisions --provider P`), three numbers are suggested, each by a rule that says what
the threshold is for:

    act        the lowest confidence at which the answers at or above it are right at least `act_precision`
               of the time (every question pooled: act reads every question's confidence)
    escalate   the highest confidence (not above act) below which the superseding relation answers are right
               no more than `escalate_accuracy` of the time: where an LLM's second opinion is worth its price
    relevance  the P(true) cut of the relevance question with the best F1 on its labels

A rule with fewer than `min_support` answers to stand on suggests nothing ("not enough labeled answers"),
never a number read off a handful. The result is a `[models."<id>"]` section for configs/thresholds.toml.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from archivist.tasks.decisions.questions import SUPERSEDING
from archivist.tasks.decisions.types import Answer

GRID = tuple(round(0.50 + 0.01 * i, 2) for i in range(50))
"""Candidate thresholds, 0.50 to 0.99 in hundredths (an answer below 0.5 is never a confident one)."""


@dataclass(frozen=True)
class Scored:
    question_id: str
    answer: Answer
    label: str
    accept: tuple[str, ...]

    @property
    def right(self) -> bool:
        return self.answer.chosen in self.accept


@dataclass
class Suggestion:
    model: str
    values: dict[str, float] = field(default_factory=dict)
    support: dict[str, int] = field(default_factory=dict)
    """How many answers each suggested value stands on."""
    notes: dict[str, str] = field(default_factory=dict)
    """Why a threshold has no suggestion."""

    def toml(self, source: str) -> str:
        """The section to paste into configs/thresholds.toml."""
        lines = [f'[models."{self.model}"]']
        lines += [f"{name} = {value}" for name, value in self.values.items()]
        lines.append(f'source = "{source}"')
        return "\n".join(lines) + "\n"

    def as_dict(self) -> dict[str, Any]:
        return {"model": self.model, "values": self.values, "support": self.support, "notes": self.notes}


def suggest_thresholds(model: str, scored: Sequence[Scored], *, act_precision: float = 0.90,
                       escalate_accuracy: float = 0.50, min_support: int = 20) -> Suggestion:
    """The thresholds `scored` (one model's answers on labeled items, fallbacks left out) support."""
    answers = [s for s in scored if not s.answer.fallback]
    out = Suggestion(model)
    act = _act(answers, act_precision, min_support)
    if act is None:
        out.notes["act"] = f"no confidence at which {min_support}+ answers are right {act_precision:.0%} of the time"
    else:
        out.values["act"], out.support["act"] = act
    relations = [s for s in answers if s.question_id == "relation" and s.answer.chosen in SUPERSEDING]
    escalate = _escalate(relations, out.values.get("act", 1.0), escalate_accuracy, min_support)
    if escalate is None:
        out.notes["escalate"] = (f"fewer than {min_support} superseding relation answers below a threshold that "
                                 f"are right at most {escalate_accuracy:.0%} of the time")
    else:
        out.values["escalate"], out.support["escalate"] = escalate
    relevance = _relevance([s for s in answers if s.question_id == "relevance"], min_support)
    if relevance is None:
        out.notes["relevance"] = f"fewer than {min_support} labeled relevance answers"
    else:
        out.values["relevance"], out.support["relevance"] = relevance
    return out


def _act(answers: Sequence[Scored], precision: float, min_support: int) -> tuple[float, int] | None:
    for threshold in GRID:
        above = [s for s in answers if s.answer.confidence >= threshold]
        if len(above) < min_support:
            return None  # higher thresholds only keep fewer
        if sum(s.right for s in above) / len(above) >= precision:
            return threshold, len(above)
    return None


def _escalate(answers: Sequence[Scored], act: float, accuracy: float, min_support: int) -> tuple[float, int] | None:
    best = None
    for threshold in GRID:
        if threshold > act:
            break
        below = [s for s in answers if s.answer.confidence < threshold]
        if len(below) >= min_support and sum(s.right for s in below) / len(below) <= accuracy:
            best = (threshold, len(below))
    return best


def _relevance(answers: Sequence[Scored], min_support: int) -> tuple[float, int] | None:
    if len(answers) < min_support:
        return None
    best, best_f1 = None, -1.0
    for threshold in GRID:
        predicted = [s.answer.p("true") > threshold for s in answers]
        truth = ["true" in s.accept for s in answers]
        hits = sum(p and t for p, t in zip(predicted, truth, strict=True))
        f1 = 2 * hits / max(1, sum(predicted) + sum(truth))
        if f1 > best_f1:
            best, best_f1 = threshold, f1
    return (best, len(answers)) if best is not None else None
