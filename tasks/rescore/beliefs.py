"""The store changes a re-score implies: beliefs replayed with the new probabilities, and the facts that would
cross the close or reopen threshold as a result.

The shape of the log is kept (which statements were stored, which facts were their candidates, in what order);
only the evidence is recomputed, with the same policy functions as the write path (tasks/policy), and the same
contracts (configs/contracts.toml: evidence a contract held back stays held back):

    e(s, u)  for every statement s and candidate u whose relation, second phrasing or temporal answer changed:
             `evidence()` with the new answers and the gates re-evaluated on them (temporal, cardinality,
             agreement; the candidate's `evidence_against` as it stood then). If the new answers put s in the
             escalation zone with u as u*, the answer is withheld (a plan cannot call the LLM), as the write
             path does without an LLM. An escalated verdict or a fulfilled plan keeps its old effect.
    mirror   the statement's own gain, -Σ min(e, 0), recomputed from the new evidence.

Then each touched fact's belief is replayed event by event (the changed evidence in place of the old, new
evidence inserted where the statement was processed, every other belief write as recorded), and `settle`
says whether the final belief closes or reopens it. Changes to statements that were linked or dropped (a
duplicate that would now be stored, ...) need a re-ingest, not a plan; they are counted, not planned.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.storage.events import decode_fact_values, replay_facts
from archivist.storage.plans import CLOSE_SUPERSEDED, PLANNED, REOPEN
from archivist.tasks.consolidate.pairs import fact_state
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy import Judged
from archivist.tasks.policy.belief import evidence, settle, shift
from archivist.tasks.policy.contracts import Contracts, load_contracts
from archivist.tasks.policy.gates import (
    agreement_gate,
    cardinality_gate,
    needs_agreement,
    siblings,
    temporal_gate,
)
from archivist.tasks.policy.transitions import contract_verdict
from archivist.tasks.policy.types import (
    ACTIVE,
    BELIEF_CHANGED,
    CLOSED,
    CLOSED_BY_BELIEF,
    CandidateJudgement,
)
from archivist.tasks.policy.zones import choose_zone


@dataclass
class Rescored:
    """One re-asked decision: the stored row, its old answer, the new answer and the new decision's id."""

    row: dict[str, Any]
    old: Answer
    new: Answer
    new_decision_id: str
    version: int | None = None
    """The question version it was re-asked at (None: the stored one)."""
    fresh: bool = False
    """Asked for the first time (a second reading the write path left out): `old` is `new`, and it counts as changed."""

    @property
    def changed(self) -> bool:
        options = set(self.old.probabilities) | set(self.new.probabilities)
        return self.fresh or self.old.fallback != self.new.fallback or any(
            abs(self.old.p(o) - self.new.p(o)) > 1e-12 for o in options)


@dataclass
class BeliefPlan:
    items: list[dict[str, Any]] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)


def belief_plan(events: pl.DataFrame, rescored: list[Rescored], t: Thresholds, relations: Relations,
                unchanged: Sequence[Rescored] = (), contracts: Contracts | None = None) -> BeliefPlan:
    """Plan items for the facts whose replayed belief crosses a threshold (events: the affected scopes' log).

    `unchanged` are the original answers of the same statements that were not re-asked (a re-score of one
    question): the gates read them as they were.
    """
    plan = BeliefPlan()
    contracts = contracts or load_contracts()
    facts = {row["fact_id"]: row for row in replay_facts(events).iter_rows(named=True)}
    ordered = events.sort("seq").to_dicts()
    relation, alt, temporal = {}, {}, {}
    for r in [*unchanged, *rescored]:  # re-asked answers last, so they win
        subject, target, qid = r.row["subject_fact_id"], r.row["target_fact_id"], r.row["question_id"]
        if r.row["run_id"] and r.row["run_id"].startswith("consolidate-"):
            continue  # a consolidation pair's answer changed no belief: its plan, if applied, is its own event
        if qid == "relation" and target:
            relation[(subject, target)] = r
        elif qid == "relation_alt" and target:
            alt[(subject, target)] = r
        elif qid == "temporal_status" and not target:
            temporal[subject] = r

    recorded = {(e["cause_id"], e["fact_id"]): e for e in ordered
                if e["kind"] == BELIEF_CHANGED and e["cause_id"] != e["fact_id"]}
    first_seq = {}
    for e in ordered:
        first_seq.setdefault(e["cause_id"], e["seq"])
    new_delta: dict[tuple[str, str], float] = {}
    by_statement: dict[str, list[str]] = {}
    for (statement, target) in relation:
        by_statement.setdefault(statement, []).append(target)
    for statement, targets in by_statement.items():
        moved = [u for u in targets if _changed(relation.get((statement, u)), alt.get((statement, u)),
                                                temporal.get(statement))]
        if not moved:
            continue
        if statement not in facts:
            plan.counts["statement not stored"] += 1
            continue
        withheld = _withheld(statement, targets, relation, t)
        for target in moved:
            old_event = recorded.get((statement, target))
            detail = json.loads(old_event["detail"]) if old_event and old_event["detail"] else {}
            if detail.get("escalated") or target not in facts:
                plan.counts["kept (escalated verdict or fact gone)"] += 1
                continue
            before = json.loads(old_event["before"]) if old_event and old_event["before"] else None
            against = int(before["evidence_against"]) if before and "evidence_against" in before else \
                _evidence_against_before(ordered, target, first_seq.get(statement))
            delta = 0.0 if target == withheld else _new_evidence(
                facts[statement], facts[target], against, relation[(statement, target)].new,
                _new(alt.get((statement, target))), _new(temporal.get(statement)), t, relations)
            if delta < 0 and contract_verdict(facts[statement], facts[target], contracts, lowers=True) != "applied":
                plan.counts["held by contract"] += 1  # configs/contracts.toml: the write path held it back too
                delta = 0.0
            new_delta[(statement, target)] = delta
    if not new_delta:
        return plan
    _plan_items(plan, facts, ordered, recorded, first_seq, new_delta, relation, t)
    return plan


def _new(r: Rescored | None) -> Answer | None:
    return None if r is None else r.new


def _changed(*answers: Rescored | None) -> bool:
    return any(a is not None and a.changed for a in answers)


def _withheld(statement: str, targets: list[str], relation: Mapping, t: Thresholds) -> str | None:
    """u*, when the new answers put the statement in the escalation zone (no LLM settles it in a plan)."""
    candidates = [CandidateJudgement({"fact_id": u}, Judged(relation[(statement, u)].new)) for u in targets]
    choice = choose_zone(candidates, t)
    return targets[choice.index] if choice.zone == "escalate" and choice.index is not None else None


def _evidence_against_before(ordered: list[dict[str, Any]], fact_id: str, seq: int | None) -> int:
    count = 0
    for e in ordered:
        if seq is not None and e["seq"] >= seq:
            break
        if e["fact_id"] == fact_id and e["after"]:
            after = json.loads(e["after"])
            count = int(after.get("evidence_against") or count) if "evidence_against" in after else count
    return count


def _new_evidence(statement: Mapping[str, Any], target: Mapping[str, Any], against: int, answer: Answer,
                  alt: Answer | None, temporal: Answer | None, t: Thresholds, relations: Relations) -> float:
    label = answer.chosen if not answer.fallback else "new"
    sibling = siblings(statement, target, relations)
    stored = {"evidence_against": against, "relation": target.get("relation")}
    found = evidence(answer, alt, temporal_ok=temporal_gate(temporal, label, t),
                     cardinality_ok=cardinality_gate(label, target.get("relation") or "", sibling, relations),
                     needs_agreement=needs_agreement(label, stored, relations), agreement_ok=agreement_gate(alt, t),
                     t=t)
    return found.delta


def _plan_items(plan: BeliefPlan, facts: dict[str, dict[str, Any]], ordered: list[dict[str, Any]],
                recorded: dict, first_seq: dict[str, int], new_delta: dict[tuple[str, str], float],
                relation: Mapping[tuple[str, str], Rescored], t: Thresholds) -> None:
    old_delta = {key: float(json.loads(recorded[key]["detail"]).get("evidence", 0.0)) if key in recorded else 0.0
                 for key in new_delta}
    statements = {s for s, _ in new_delta}
    mirror_new: dict[str, float] = {}
    for s in statements:
        deltas = {u: d for (s2, u), d in new_delta.items() if s2 == s}
        others = [json.loads(e["detail"]).get("evidence", 0.0) for (s2, u), e in recorded.items()
                  if s2 == s and u not in deltas]
        mirror_new[s] = -sum(min(d, 0.0) for d in list(deltas.values()) + others)
    touched = sorted({u for _, u in new_delta} | statements)
    for fact_id in touched:
        belief = _replay_belief(fact_id, ordered, new_delta, mirror_new, first_seq, t)
        row = facts[fact_id]
        if belief is None or abs(belief - float(row["belief"])) < 1e-12:
            continue
        change = settle(row["status"], row.get("closed_reason"), belief, t)
        if change not in ("closed", "reopened"):
            plan.counts["belief shifts without crossing a threshold"] += 1
            continue
        causes = [(new_delta[key] - old_delta[key], key) for key in new_delta if key[1] == fact_id]
        if change == "closed":
            shift_by, cause = min(causes) if causes else (0.0, None)
            after = {"belief": belief, "status": CLOSED, "closed_reason": CLOSED_BY_BELIEF,
                     "superseded_by": cause[0] if cause else None,
                     "valid_until": _iso(facts[cause[0]]["said_at"]) if cause else None}
            action, kind = CLOSE_SUPERSEDED, "fact_closed"
        else:
            shift_by, cause = max(causes) if causes else (0.0, None)
            after = {"belief": belief, "status": ACTIVE, "closed_reason": None, "superseded_by": None,
                     "valid_until": None}
            action, kind = REOPEN, "fact_reopened"
        plan.counts["would close" if change == "closed" else "would reopen"] += 1
        rescored = relation.get(cause) if cause else None
        plan.items.append({
            "action": action, "tenant": row["tenant"], "scope": row["scope"], "fact_id": fact_id,
            "other_fact_id": cause[0] if cause else None,
            "decision_id": rescored.new_decision_id if rescored else None,
            "probabilities": json.dumps(rescored.new.probabilities, sort_keys=True) if rescored else None,
            "chosen": rescored.new.chosen if rescored else None,
            "confidence": rescored.new.confidence if rescored else None,
            "expected_before": json.dumps({fact_id: fact_state(row)}, sort_keys=True),
            "changes": json.dumps({fact_id: {"kind": kind, "after": after}}, sort_keys=True),
            "outcome": PLANNED, "note": f"belief {float(row['belief']):.3f} -> {belief:.3f} (evidence {shift_by:+.2f})",
        })


def _replay_belief(fact_id: str, ordered: list[dict[str, Any]], new_delta: dict[tuple[str, str], float],
                   mirror_new: dict[str, float], first_seq: dict[str, int], t: Thresholds) -> float | None:
    """The fact's belief after its events, with the re-scored evidence in place of the old."""
    steps: list[tuple[tuple[int, int], str, float]] = []
    seen = set()
    for e in ordered:
        if e["fact_id"] != fact_id or not e["after"]:
            continue
        after = decode_fact_values(e["after"])
        if "belief" not in after:
            continue
        detail = json.loads(e["detail"]) if e["detail"] else {}
        cause = e["cause_id"]
        if e["kind"] == BELIEF_CHANGED and (cause, fact_id) in new_delta:
            steps.append(((e["seq"], 0), "shift", new_delta[(cause, fact_id)]))
            seen.add(cause)
        elif e["kind"] == BELIEF_CHANGED and cause == fact_id and "took_over" in detail and fact_id in mirror_new:
            steps.append(((e["seq"], 0), "shift", mirror_new[fact_id]))
            seen.add("mirror")
        elif e["kind"] == BELIEF_CHANGED and "evidence" in detail and "plan_id" not in detail:
            steps.append(((e["seq"], 0), "shift", float(detail["evidence"])))
        else:
            steps.append(((e["seq"], 0), "set", float(after["belief"])))
    for (cause, target), delta in new_delta.items():
        if target == fact_id and cause not in seen and delta != 0.0 and cause in first_seq:
            steps.append(((first_seq[cause], 1), "shift", delta))
    if fact_id in mirror_new and "mirror" not in seen and mirror_new[fact_id] > 0 and fact_id in first_seq:
        steps.append(((first_seq[fact_id], 1), "shift", mirror_new[fact_id]))
    if not steps:
        return None
    belief = None
    for _, op, value in sorted(steps, key=lambda s: s[0]):
        belief = value if op == "set" or belief is None else shift(belief, value, t)
    return belief


def _iso(moment: Any) -> Any:
    return moment.isoformat() if hasattr(moment, "isoformat") else moment
