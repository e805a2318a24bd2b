"""The three zones of a decision (section 3.2, "Three zones").

    u* = argmax_{u ∈ C(f)} max_{o ∈ R \\ {new}} P(o | f, u)        the most likely related candidate
    r*, π* = the argmax relation and its probability for u*

    act        if π* >= θ_act
    escalate   if r* ∈ S and π* < θ_esc       (an LLM settles r*; only uncertain superseding answers pay for it)
    tentative  otherwise
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.types import SUPERSEDING, CandidateJudgement, Zone


@dataclass(frozen=True)
class ZoneChoice:
    zone: Zone
    index: int | None
    """Position of u* among the candidates; None when there is nothing to relate the fact to."""
    relation: str
    confidence: float


def decision_zone(relation: str, confidence: float, t: Thresholds) -> Zone:
    """The zone of one relation answer."""
    if confidence >= t.act:
        return "act"
    if relation in SUPERSEDING and confidence < t.escalate:
        return "escalate"
    return "tentative"


def answer_zone(answer: Answer, t: Thresholds) -> Zone:
    """The zone of an answer that can never escalate (a fact question, the second phrasing)."""
    return "act" if answer.confidence >= t.act else "tentative"


def related_mass(answer: Answer) -> float:
    """max over R \\ {new} of P(o): how strongly the fact is related to this candidate at all."""
    return max((p for option, p in answer.probabilities.items() if option != "new"), default=0.0)


def most_likely_candidate(candidates: Sequence[CandidateJudgement]) -> int | None:
    """u*, the first on ties (candidates come in a deterministic order, closest first)."""
    best: int | None = None
    best_mass = -1.0
    for index, candidate in enumerate(candidates):
        judged = candidate.relation
        if judged is None or judged.answer.fallback:
            continue
        mass = related_mass(judged.answer)
        if mass > best_mass:
            best, best_mass = index, mass
    return best


def choose_zone(candidates: Sequence[CandidateJudgement], t: Thresholds) -> ZoneChoice:
    if not candidates:
        # Nothing stored to compare with: the fact is new, and storing it is the act.
        return ZoneChoice("act", None, "new", 1.0)
    index = most_likely_candidate(candidates)
    if index is None:
        # Every relation answer is a fallback: nothing can be said about the fact's relation to the store.
        return ZoneChoice("tentative", None, "new", 0.0)
    answer = candidates[index].relation.answer  # type: ignore[union-attr]
    return ZoneChoice(decision_zone(answer.chosen, answer.confidence, t), index, answer.chosen, answer.confidence)
