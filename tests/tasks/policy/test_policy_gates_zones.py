"""The three gates and the three zones, case by case."""

from __future__ import annotations

import pytest

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.tasks.decisions.types import Answer, Question
from archivist.tasks.policy.gates import (
    agreement_gate,
    cardinality_gate,
    holds_now_or_before,
    needs_agreement,
    siblings,
    temporal_gate,
)
from archivist.tasks.policy.types import CandidateJudgement, Judged
from archivist.tasks.policy.zones import choose_zone, decision_zone, most_likely_candidate

T = load_thresholds()
R = load_relations()
RELATIONS = ["new", "duplicate", "refinement", "update", "contradiction", "negates"]


def temporal(**probabilities: float) -> Answer:
    options = {"current": 0.0, "planned": 0.0, "past": 0.0, "hypothetical": 0.0, **probabilities}
    return Answer.from_probabilities(options)


def relation(**probabilities: float) -> Answer:
    return Answer.from_probabilities({o: probabilities.get(o, 0.0) for o in RELATIONS})


# -- g_T --------------------------------------------------------------------------------------------------


def test_temporal_gate_sums_current_and_past_because_a_completed_change_is_split_between_them():
    split = temporal(current=0.5, past=0.4, planned=0.1)
    assert holds_now_or_before(split, T)
    assert temporal_gate(split, "update", T)


@pytest.mark.parametrize("label", ["planned", "hypothetical"])
def test_plans_and_hypotheticals_close_nothing(label):
    answer = temporal(**{label: 0.9, "current": 0.1})
    assert not temporal_gate(answer, "update", T)
    assert not temporal_gate(answer, "negates", T)


def test_a_statement_that_is_only_history_may_end_what_it_names_but_not_replace_a_value():
    used_to = temporal(past=0.92, current=0.08)
    assert temporal_gate(used_to, "negates", T)
    assert not temporal_gate(used_to, "update", T)
    assert not temporal_gate(used_to, "contradiction", T)
    assert temporal_gate(used_to, "update", T.model_copy(update={"past_tense_only_negates": False}))


def test_an_unanswered_temporal_question_lets_nothing_close():
    question = Question("temporal_status", 1, "choice", "when?", {o: None for o in ("current", "past", "x", "y")})
    assert not holds_now_or_before(None, T)
    # A uniform fallback puts 0.5 on current + past: below act anyway, but refused for being a fallback.
    assert not holds_now_or_before(Answer.uniform_fallback(question, "broken"), T)
    assert not holds_now_or_before(Answer(dict(current=0.5, past=0.5), "current", 0.5, fallback=True), T)


# -- g_C --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "label,stored_relation,sibling,allowed",
    [
        ("negates", "likes", False, True),
        ("update", "address", False, True),
        ("update", "likes", True, True),  # the paper lets an update between siblings through on any cardinality
        ("update", "likes", False, False),
        ("contradiction", "address", True, True),
        ("contradiction", "address", False, False),
        ("contradiction", "likes", True, False),  # "likes hiking" never contradicts "likes painting"
        ("duplicate", "address", True, False),
    ],
)
def test_cardinality_gate(label, stored_relation, sibling, allowed):
    assert cardinality_gate(label, stored_relation, sibling, R) is allowed


def test_siblings_share_subject_and_canonical_relation():
    assert siblings({"subject": "User", "relation": "lives_in"}, {"subject": "user ", "relation": "address"}, R)
    assert not siblings({"subject": "wife", "relation": "likes"}, {"subject": "user", "relation": "likes"}, R)


# -- g_A --------------------------------------------------------------------------------------------------


def test_agreement_needs_a_superseding_second_phrasing_at_act_strength():
    assert agreement_gate(relation(update=0.85, new=0.15), T)
    assert agreement_gate(relation(negates=0.9, new=0.1), T)
    assert not agreement_gate(relation(update=0.84, new=0.16), T)
    assert not agreement_gate(relation(duplicate=0.95, new=0.05), T)
    assert not agreement_gate(None, T)


def test_agreement_is_needed_first_and_then_only_for_updates_of_many_valued_relations():
    assert needs_agreement("update", {"relation": "address", "evidence_against": 0}, R)
    assert not needs_agreement("update", {"relation": "address", "evidence_against": 2}, R)
    assert needs_agreement("update", {"relation": "likes", "evidence_against": 2}, R)
    assert not needs_agreement("contradiction", {"relation": "address", "evidence_against": 1}, R)


# -- zones ------------------------------------------------------------------------------------------------


def candidate(answer: Answer | None, fact_id: str = "u") -> CandidateJudgement:
    return CandidateJudgement({"fact_id": fact_id}, Judged(answer) if answer else None)


@pytest.mark.parametrize(
    "label,p,zone",
    [
        ("update", 0.85, "act"),
        ("new", 0.85, "act"),
        ("update", 0.59, "escalate"),
        ("negates", 0.30, "escalate"),
        ("update", 0.60, "tentative"),
        ("contradiction", 0.84, "tentative"),
        ("duplicate", 0.40, "tentative"),  # uncertain but not superseding: no LLM is paid for it
        ("new", 0.70, "tentative"),
    ],
)
def test_decision_zone(label, p, zone):
    assert decision_zone(label, p, T) == zone


def test_u_star_is_the_candidate_most_likely_related_not_the_most_confident():
    unrelated = relation(new=0.97, duplicate=0.03)
    related = relation(new=0.5, update=0.45, duplicate=0.05)
    assert most_likely_candidate([candidate(unrelated, "a"), candidate(related, "b")]) == 1
    choice = choose_zone([candidate(unrelated, "a"), candidate(related, "b")], T)
    # r* is u*'s argmax: "new" at 0.5, so the fact is stored as tentative rather than acted on.
    assert (choice.index, choice.relation, choice.confidence, choice.zone) == (1, "new", 0.5, "tentative")


def test_ties_go_to_the_first_candidate():
    same = relation(update=0.9, new=0.1)
    assert most_likely_candidate([candidate(same, "a"), candidate(same, "b")]) == 0


def test_no_candidates_is_the_act_zone_and_only_fallbacks_is_tentative():
    assert choose_zone([], T).zone == "act"
    broken = relation(update=1.0)
    broken.fallback = True
    assert choose_zone([candidate(broken)], T).zone == "tentative"
