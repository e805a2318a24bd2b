"""Belief in log-odds (section 3.2, "Belief, not deletion"): evidence, clamping, close and reopen.

    e(f, u) = + logit π                     r ∈ {duplicate, refinement}
            = - logit π - logit π'          r ∈ S and the three gates hold
            = 0                             otherwise
    logit b_u <- logit b_u + e(f, u)        logit b_f <- logit b_f - Σ_u min(e(f, u), 0)

π' is the second phrasing (`relation_alt`), which counts as a second piece of evidence only because it is a
second reading: it is asked in a request of its own, over a state worded from the stored facts' side, and cached
apart (tasks/policy/requests.py), never in the request that asks `relation`. configs/thresholds.toml says why.

An answer counts only when its probability exceeds `evidence_min_probability` (0.5): below that logit π is
negative and weak support would lower a belief (the paper's v2 bug).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.types import (
    ACTIVE,
    CLOSED,
    CLOSED_BY_BELIEF,
    SUPERSEDING,
    SUPPORTING,
    TENTATIVE,
)


def clamp(p: float, t: Thresholds) -> float:
    return min(t.belief_max, max(t.belief_min, p))


def logit(p: float, t: Thresholds) -> float:
    """Log-odds of p clamped to [belief_min, belief_max], so an answer at p = 1.0 is finite evidence."""
    p = clamp(p, t)
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def shift(belief: float, delta: float, t: Thresholds) -> float:
    """`belief` moved by `delta` in log-odds, clamped."""
    return clamp(sigmoid(logit(belief, t) + delta), t)


@dataclass(frozen=True)
class Evidence:
    delta: float
    """e(f, u) in log-odds; 0.0 when the answer does not count."""
    reason: str
    """support | against | new | weak | fallback | temporal_gate | cardinality_gate | agreement_gate | withheld"""
    pieces: int = 0
    """Superseding answers counted (1, or 2 when the second phrasing agreed)."""
    p: float | None = None
    p_alt: float | None = None


def evidence(
    relation: Answer | None,
    alt: Answer | None,
    *,
    temporal_ok: bool,
    cardinality_ok: bool,
    needs_agreement: bool,
    agreement_ok: bool,
    t: Thresholds,
    relation_p: float | None = None,
) -> Evidence:
    """e(f, u) for one candidate. `relation_p` overrides π (a caller that has a label and a probability only)."""
    if relation is None or relation.fallback:
        return Evidence(0.0, "fallback")
    label = relation.chosen
    p = relation.confidence if relation_p is None else relation_p
    if label not in SUPPORTING and label not in SUPERSEDING:
        return Evidence(0.0, "new", p=p)
    if p <= t.evidence_min_probability:
        return Evidence(0.0, "weak", p=p)
    if label in SUPPORTING:
        return Evidence(logit(p, t), "support", p=p)
    if not temporal_ok:
        return Evidence(0.0, "temporal_gate", p=p)
    if not cardinality_ok:
        return Evidence(0.0, "cardinality_gate", p=p)
    if needs_agreement and not agreement_ok:
        return Evidence(0.0, "agreement_gate", p=p, p_alt=alt.confidence if alt else None)
    delta = -logit(p, t)
    pieces = 1
    p_alt = None
    # The second phrasing counts whenever it agrees at act strength, not only when it was required.
    if agreement_ok and alt is not None:
        p_alt = alt.confidence
        delta -= logit(p_alt, t)
        pieces = 2
    return Evidence(delta, "against", pieces, p=p, p_alt=p_alt)


def settle(status: str, closed_reason: str | None, belief: float, t: Thresholds) -> str | None:
    """The status change a new belief causes: "closed", "reopened", "promoted" or None.

    The gap between `close` and `reopen` is the hysteresis: a belief wandering between them changes nothing.
    Only a fact closed by belief reopens by belief; a plan closed as fulfilled is history, not doubt.
    """
    if status in (ACTIVE, TENTATIVE) and belief < t.close:
        return "closed"
    if status == CLOSED and closed_reason == CLOSED_BY_BELIEF and belief > t.reopen:
        return "reopened"
    if status == TENTATIVE and belief > t.reopen:
        return "promoted"
    return None
