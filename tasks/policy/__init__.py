"""The write-path policy of the seed paper (section 3.2) as pure functions over plain data.

Answers and stored fact rows in, typed events out; no I/O. The pieces, each a module:
zones (act / escalate / tentative and u*), gates (g_T, g_C, g_A), belief (evidence in log-odds, clamping,
close / reopen hysteresis), candidates (who a new fact is compared with), requests (one request per fact),
apply (one statement through all of it).
"""

from archivist.tasks.policy.apply import judge_statement
from archivist.tasks.policy.belief import Evidence, clamp, evidence, logit, settle, shift, sigmoid
from archivist.tasks.policy.candidates import ScopeIndex, select_candidates
from archivist.tasks.policy.gates import (
    agreement_gate,
    cardinality_gate,
    holds_now_or_before,
    needs_agreement,
    siblings,
    temporal_gate,
)
from archivist.tasks.policy.requests import FACT_QUESTIONS, QuestionBook, statement_request
from archivist.tasks.policy.types import (
    EVENT_KINDS,
    SUPERSEDING,
    SUPPORTING,
    CandidateJudgement,
    Event,
    Judged,
    Outcome,
    StatementJudgement,
)
from archivist.tasks.policy.zones import ZoneChoice, answer_zone, choose_zone, decision_zone, most_likely_candidate

__all__ = [
    "EVENT_KINDS",
    "FACT_QUESTIONS",
    "SUPERSEDING",
    "SUPPORTING",
    "CandidateJudgement",
    "Event",
    "Evidence",
    "Judged",
    "Outcome",
    "QuestionBook",
    "ScopeIndex",
    "StatementJudgement",
    "ZoneChoice",
    "agreement_gate",
    "answer_zone",
    "cardinality_gate",
    "choose_zone",
    "clamp",
    "decision_zone",
    "evidence",
    "holds_now_or_before",
    "judge_statement",
    "logit",
    "most_likely_candidate",
    "needs_agreement",
    "select_candidates",
    "settle",
    "shift",
    "siblings",
    "sigmoid",
    "statement_request",
    "temporal_gate",
]
