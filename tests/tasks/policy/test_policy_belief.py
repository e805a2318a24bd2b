"""Evidence in log-odds, clamping and the close/reopen hysteresis, number by number."""

from __future__ import annotations

import math

import pytest

from archivist.configs.thresholds import load_thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.belief import evidence, logit, settle, shift, sigmoid

T = load_thresholds()
RELATIONS = ["new", "duplicate", "refinement", "update", "contradiction", "negates"]


def answer(label: str, p: float) -> Answer:
    rest = (1.0 - p) / (len(RELATIONS) - 1)
    return Answer.from_probabilities({o: (p if o == label else rest) for o in RELATIONS})


def ln_odds(p: float) -> float:
    return math.log(p / (1 - p))


def open_gates(**overrides):
    gates = dict(temporal_ok=True, cardinality_ok=True, needs_agreement=True, agreement_ok=True, t=T)
    gates.update(overrides)
    return gates


def test_logit_clamps_so_a_certain_answer_is_finite_evidence():
    assert logit(1.0, T) == pytest.approx(ln_odds(0.98))
    assert logit(0.0, T) == pytest.approx(ln_odds(0.02))
    assert logit(0.9, T) == pytest.approx(ln_odds(0.9))


def test_shift_moves_in_log_odds_and_clamps_the_belief():
    assert shift(0.85, -ln_odds(0.92) - ln_odds(0.90), T) == pytest.approx(0.0519084, abs=1e-7)
    assert shift(0.85, +50.0, T) == 0.98
    assert shift(0.85, -50.0, T) == 0.02


def test_support_adds_the_logit_of_its_probability():
    found = evidence(answer("duplicate", 0.9), None, **open_gates())
    assert (found.reason, found.pieces) == ("support", 0)
    assert found.delta == pytest.approx(ln_odds(0.9))


def test_a_confirmed_superseding_answer_counts_both_phrasings():
    found = evidence(answer("update", 0.92), answer("update", 0.90), **open_gates())
    assert (found.reason, found.pieces) == ("against", 2)
    assert found.delta == pytest.approx(-(ln_odds(0.92) + ln_odds(0.90)))
    assert found.delta == pytest.approx(-4.6395717, abs=1e-6)


@pytest.mark.parametrize("p", [0.45, 0.5])
def test_an_answer_at_or_below_one_half_is_not_evidence(p):
    # logit(0.45) < 0: counted as support it would *lower* the belief (the paper's v2 bug).
    assert ln_odds(0.45) < 0
    found = evidence(answer("duplicate", p), None, **open_gates())
    assert (found.delta, found.reason) == (0.0, "weak")


@pytest.mark.parametrize(
    "gate,reason",
    [("temporal_ok", "temporal_gate"), ("cardinality_ok", "cardinality_gate"), ("agreement_ok", "agreement_gate")],
)
def test_each_closed_gate_stops_superseding_evidence(gate, reason):
    found = evidence(answer("update", 0.95), answer("update", 0.95), **open_gates(**{gate: False}))
    assert (found.delta, found.reason) == (0.0, reason)


def test_gates_do_not_apply_to_support():
    closed = open_gates(temporal_ok=False, cardinality_ok=False, agreement_ok=False)
    assert evidence(answer("refinement", 0.9), None, **closed).delta == pytest.approx(ln_odds(0.9))


def test_a_later_piece_of_evidence_needs_no_agreement_and_counts_alone():
    found = evidence(answer("update", 0.8), answer("new", 0.8), **open_gates(needs_agreement=False,
                                                                             agreement_ok=False))
    assert (found.pieces, found.delta) == (1, pytest.approx(-ln_odds(0.8)))


def test_an_escalated_verdict_counts_once_at_its_assigned_probability():
    verdict = Answer.from_probabilities({o: float(o == "update") for o in RELATIONS})
    found = evidence(verdict, None, **open_gates(needs_agreement=False, agreement_ok=False),
                     relation_p=T.escalation_probability)
    assert found.delta == pytest.approx(-ln_odds(0.98))


def test_new_and_fallback_answers_are_not_evidence():
    assert evidence(answer("new", 0.99), None, **open_gates()).reason == "new"
    broken = answer("update", 0.99)
    broken.fallback = True
    assert evidence(broken, None, **open_gates()).reason == "fallback"


@pytest.mark.parametrize(
    "status,reason,belief,expected",
    [
        ("active", None, 0.2499, "closed"),
        ("active", None, 0.25, None),  # "below" 0.25, not at it
        ("tentative", None, 0.1, "closed"),
        ("closed", "belief", 0.6001, "reopened"),
        ("closed", "belief", 0.60, None),  # "above" 0.60, not at it
        ("closed", "belief", 0.45, None),  # between the two: nothing changes (hysteresis)
        ("closed", "fulfilled", 0.95, None),  # a plan that happened does not reopen by belief
        ("tentative", None, 0.61, "promoted"),
        ("tentative", None, 0.55, None),
        ("active", None, 0.45, None),
    ],
)
def test_settle(status, reason, belief, expected):
    assert settle(status, reason, belief, T) == expected


def test_sigmoid_inverts_logit():
    assert sigmoid(logit(0.37, T)) == pytest.approx(0.37)
