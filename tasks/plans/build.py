"""Building plans: the plan row and its items, each item the changes one answer about a pair of facts calls for.

Consolidation (tasks/consolidate/run.py) turns its answers into items with `pair_action` and `pair_item`; a
re-score (tasks/rescore/run.py) brings items of its own. Both give them ids with `item_ids` and describe the
plan with `plan_row`; storage/plans.py saves them, tasks/plans/apply.py applies and restores them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.ids import content_id
from archivist.storage.plans import CLOSE_SUPERSEDED, LINK_SAME_AS, PLANNED, REOPEN, utcnow
from archivist.tasks.consolidate.pairs import CLOSED_AS_DUPLICATE, CLOSED_AS_SUPERSEDED, CURRENT, Pair, fact_state
from archivist.tasks.consolidate.pairs import REOPEN as REOPEN_CHECK
from archivist.tasks.decisions.types import Answer, Question
from archivist.tasks.policy.belief import logit, settle, shift
from archivist.tasks.policy.gates import cardinality_gate, siblings
from archivist.tasks.policy.types import ACTIVE, BELIEF_CHANGED, CLOSED, FACT_PROMOTED, SUPERSEDING, TENTATIVE

NOT_WRONG = frozenset({"new", "refinement"})
"""Answers that say a superseded fact was not superseded after all."""
CONFIRM = "confirm"
"""Plan action: a tentative fact gains the pair's supporting answer as evidence (and is promoted above reopen)."""


def pair_action(pair: Pair, answer: Answer, t: Thresholds, relations: Relations) -> tuple[str | None, str]:
    """The action an answer about a pair calls for, or None with why not (uncertain, gated, kept, ...)."""
    if answer.confidence < t.act:
        return None, "uncertain"
    label = answer.chosen
    if pair.source == REOPEN_CHECK:
        return (REOPEN, "") if label in NOT_WRONG else (None, "kept")
    if pair.older["status"] not in CURRENT or pair.newer["status"] not in CURRENT:
        return None, "not current"
    if label == "duplicate":
        # A tentative fact repeated is confirmed (and keeps the copy as a link); a tentative copy is linked away.
        return (CONFIRM if pair.older["status"] == TENTATIVE else LINK_SAME_AS), ""
    if label == "refinement" and TENTATIVE in (pair.older["status"], pair.newer["status"]):
        return CONFIRM, ""
    if label in SUPERSEDING:
        return (CLOSE_SUPERSEDED, "") if _gates_hold(pair, label, t, relations) else (None, "gated")
    return None, "unrelated"


def _gates_hold(pair: Pair, label: str, t: Thresholds, relations: Relations) -> bool:
    """The write path's temporal and cardinality gates, read from the stored facts: a plan or a wish closes
    nothing, history only ends a fact, and a new value replaces an old one only where the slot holds one."""
    temporal = pair.newer.get("temporal_status")
    if temporal not in ("current", "past"):
        return False
    if t.past_tense_only_negates and temporal == "past" and label != "negates":
        return False
    sibling = siblings(pair.newer, pair.older, relations)
    return cardinality_gate(label, pair.older.get("relation") or "", sibling, relations)


def pair_item(pair: Pair, action: str, decision_id: str, answer: Answer, t: Thresholds) -> dict[str, Any]:
    """The plan item for `action` on a pair: the changes per fact and the state the facts were planned against."""
    newer, older = pair.newer, pair.older
    if action == LINK_SAME_AS or (action == CONFIRM and answer.chosen == "duplicate"):
        same_as = [str(x) for x in (older.get("same_as") or [])]
        changes = {
            older["fact_id"]: {"kind": "link_made", "after": {"same_as": same_as + [newer["fact_id"]]}},
            newer["fact_id"]: {"kind": "fact_closed", "after": {
                "status": CLOSED, "closed_reason": CLOSED_AS_DUPLICATE, "superseded_by": older["fact_id"]}},
        }
        if action == CONFIRM:
            _confirm(changes, older, answer, t)
    elif action == CONFIRM:
        changes = {}
        for fact in (older, newer):
            if fact["status"] == TENTATIVE:
                _confirm(changes, fact, answer, t)
    elif action == CLOSE_SUPERSEDED:
        changes = {older["fact_id"]: {"kind": "fact_closed", "after": {
            "status": CLOSED, "valid_until": _iso(newer.get("said_at")), "superseded_by": newer["fact_id"],
            "closed_reason": CLOSED_AS_SUPERSEDED}}}
        if newer["status"] == TENTATIVE:
            # The newer fact's value is the current one: the act-strength answer the write path lacked.
            _confirm(changes, newer, answer, t)
    else:  # reopen: a fact closed by belief starts again at the reopen threshold, so it does not close at once
        changes = {older["fact_id"]: {"kind": "fact_reopened", "after": {
            "status": ACTIVE, "valid_until": None, "superseded_by": None, "closed_reason": None,
            "belief": max(float(older.get("belief") or 0.0), t.reopen)}}}
    return item_row(pair, action, decision_id, answer, changes)


def item_row(pair: Pair, action: str, decision_id: str, answer: Answer, changes: dict[str, Any]) -> dict[str, Any]:
    """A plan item over a pair: the answer it rests on, the two facts as they were, the changes it will make."""
    older, newer = pair.older, pair.newer
    return {
        "action": action, "tenant": older["tenant"], "scope": older["scope"], "fact_id": older["fact_id"],
        "other_fact_id": newer["fact_id"], "decision_id": decision_id,
        "probabilities": json.dumps(answer.probabilities, sort_keys=True), "chosen": answer.chosen,
        "confidence": answer.confidence,
        "expected_before": json.dumps({f["fact_id"]: fact_state(f) for f in (older, newer)}, sort_keys=True),
        "changes": json.dumps(changes, sort_keys=True), "outcome": PLANNED, "note": None,
    }


def _confirm(changes: dict[str, Any], fact: Mapping[str, Any], answer: Answer, t: Thresholds) -> None:
    """Add to `changes` the tentative `fact` gaining `answer` as evidence: belief += logit p, and the promotion
    to active that the write path's rule gives above the reopen threshold (a belief change alone below it)."""
    stored = fact.get("belief")
    belief = shift(t.tentative_belief if stored is None else float(stored), logit(answer.confidence, t), t)
    after: dict[str, Any] = dict(changes.get(fact["fact_id"], {}).get("after", {}))
    after["belief"] = belief
    promoted = settle(TENTATIVE, None, belief, t) == "promoted"
    if promoted:
        after["status"] = ACTIVE
    changes[fact["fact_id"]] = {"kind": FACT_PROMOTED if promoted else BELIEF_CHANGED, "after": after}


def _iso(moment: Any) -> Any:
    return moment.isoformat() if hasattr(moment, "isoformat") else moment


def plan_row(plan_id: str, kind: str, tenant: str | None, scope: str | None, model: str, question: Question | None,
             run_id: str, summary: Mapping[str, Any], fingerprint: str) -> dict[str, Any]:
    return {"plan_id": plan_id, "kind": kind, "tenant": tenant, "scope": scope, "created_at": utcnow(),
            "status": "draft", "model": model, "question_id": question.id if question else None,
            "question_version": question.version if question else None, "run_id": run_id,
            "summary": json.dumps(summary, sort_keys=True, default=str), "facts_fingerprint": fingerprint}


def item_ids(plan_id: str, items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Items with their ids and plan id (an item id names the plan, so two plans' events never collide)."""
    return [{**item, "plan_id": plan_id,
             "item_id": content_id("plan-item", plan_id, item["action"], item["fact_id"], item["other_fact_id"])}
            for item in items]
