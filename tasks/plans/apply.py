"""Applying a plan as events, and restoring it by compensating events.

Apply: each item's facts are rebuilt from the event log and compared with the state the item was planned
against (`expected_before`); an item whose facts moved on is refused with the difference, the rest become
events carrying the plan id (cause = the item). Restore: every event the plan wrote gets a compensating event
that sets the columns back to their `before` values; an item whose facts were changed again after the apply
is kept, with the reason, rather than overwrite the later change. Neither ever deletes an event.

Both write the facts projection first and the events second (storage/facts.py's commit protocol), and event
ids are content ids of (plan item, fact, kind), so a second apply or restore, or one resumed after a crash,
adds nothing that is already there: the store stays equal to the replay of its log. The facts, the events and
the plan's status are three tables, so the commit runs under a marker (storage/commits.py): a process killed
inside it leaves the marker, readers take the scopes' facts from the log meanwhile, and the next writer rewrites
the facts from the log and finishes the apply or restore (tasks/plans/heal.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import polars as pl

from archivist.crashpoints import crash_point
from archivist.errors import TerminalError
from archivist.storage.commits import PLAN_APPLY, PLAN_RESTORE, begin_commit, end_commit
from archivist.storage.events import (
    append_events,
    apply_event,
    decode_fact_values,
    encode,
    event_id,
    events_frame,
    facts_frame,
    replay_facts,
    scope_events,
)
from archivist.storage.facts import write_facts
from archivist.storage.plans import (
    APPLIED,
    DRAFT,
    RESTORED,
    StoredPlan,
    read_plan,
    update_plan,
    utcnow,
)
from archivist.storage.scopes import fact_vector_dim, read_fact_rows
from archivist.storage.store import Store
from archivist.tasks.consolidate.pairs import fact_state

COMPENSATING_KIND = {"fact_closed": "fact_reopened", "fact_reopened": "fact_closed", "link_made": "link_removed",
                     "belief_changed": "belief_changed", "fact_promoted": "belief_changed"}
"""The kind of the event that undoes an event of a kind (replay applies every kind's `after` the same way)."""


class PlanRefused(TerminalError, RuntimeError):
    """The whole plan cannot be applied or restored; the message says why and what to do instead."""


@dataclass
class PlanChange:
    plan_id: str
    operation: str
    """apply | restore"""
    status: str
    """The plan's status afterwards."""
    nothing_to_do: bool = False
    """Applied (or restored) before: this call changed nothing."""
    done: list[str] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)
    """item_id -> why."""
    events: int = 0


def apply_plan(store: Store, plan_id: str, *, now: datetime | None = None) -> PlanChange:
    from archivist.tasks.plans.heal import heal_store

    heal_store(store)  # a writer opening the store first finishes what a killed one left half-written
    return _apply(store, plan_id, now=now)


def restore_plan(store: Store, plan_id: str, *, now: datetime | None = None) -> PlanChange:
    from archivist.tasks.plans.heal import heal_store

    heal_store(store)
    return _restore(store, plan_id, now=now)


def finish_plan_change(store: Store, plan_id: str, operation: str) -> PlanChange:
    """Run an apply or restore that a killed process began, to its end (what healing calls)."""
    return _apply(store, plan_id) if operation == "apply" else _restore(store, plan_id)


def _apply(store: Store, plan_id: str, *, now: datetime | None = None) -> PlanChange:
    stored = read_plan(store, plan_id)
    if stored.status == APPLIED:
        return PlanChange(plan_id, "apply", APPLIED, nothing_to_do=True)
    if stored.status == RESTORED:
        raise PlanRefused(f"plan {plan_id} was applied and then restored; it is not applied again, because its "
                          "items were planned against a state the store has left. Make a new plan against the "
                          "current state (`archivist consolidate` or `archivist rescore`).")
    now = now or utcnow()
    events, current = _scope_state(store, stored)
    written = set(events.filter(pl.col("plan_id") == plan_id)["event_id"].to_list())
    change = PlanChange(plan_id, "apply", APPLIED)
    new_events: list[dict[str, Any]] = []
    outcomes = []
    for item in stored.items.iter_rows(named=True):
        changes = json.loads(item["changes"])
        ids = {fid: event_id(item["tenant"], item["scope"], c["kind"], fid, item["item_id"])
               for fid, c in changes.items()}
        if ids and all(i in written for i in ids.values()):
            change.done.append(item["item_id"])  # written by an apply that stopped before marking the plan
            outcomes.append({**item, "outcome": "applied", "note": None})
            continue
        moved = _moved(json.loads(item["expected_before"]), current)
        if moved:
            note = (f"refused: {moved}; the plan was made against another state. Make a new plan "
                    f"(`archivist consolidate` or `archivist rescore`) to decide on the current one.")
            change.refused[item["item_id"]] = note
            outcomes.append({**item, "outcome": "refused", "note": note})
            continue
        for fid, planned in changes.items():
            after = decode_fact_values(json.dumps(planned["after"]))
            before = {column: current[fid].get(column) for column in after}
            new_events.append(_event(item, fid, planned["kind"], before, after, ids[fid], now, "apply",
                                     {"action": item["action"], "other_fact_id": item["other_fact_id"]}))
            apply_event(current, planned["kind"], fid, after)
        change.done.append(item["item_id"])
        outcomes.append({**item, "outcome": "applied", "note": None})
    return _record(store, stored, change, new_events, current, outcomes, PLAN_APPLY, "plan-apply", applied_at=now)


def _restore(store: Store, plan_id: str, *, now: datetime | None = None) -> PlanChange:
    stored = read_plan(store, plan_id)
    if stored.status == DRAFT:
        raise PlanRefused(f"plan {plan_id} was never applied, so there is nothing to restore (the store holds "
                          f"none of its changes). Apply it with `archivist plan apply {plan_id}`, or leave it.")
    if stored.status == RESTORED:
        return PlanChange(plan_id, "restore", RESTORED, nothing_to_do=True)
    now = now or utcnow()
    events, current = _scope_state(store, stored)
    mine = events.filter(pl.col("plan_id") == plan_id).sort("seq")
    details = [json.loads(d) if d else {} for d in mine["detail"].to_list()]
    undone = {d["restores"] for d in details if d.get("restores")}
    applied = [row for row, d in zip(mine.iter_rows(named=True), details, strict=True) if not d.get("restores")]
    change = PlanChange(plan_id, "restore", RESTORED)
    by_item: dict[str, list[dict[str, Any]]] = {}
    for row in applied:
        by_item.setdefault(row["cause_id"], []).append(row)
    items = {row["item_id"]: row for row in stored.items.iter_rows(named=True)}
    new_events: list[dict[str, Any]] = []
    outcomes = []
    for item_id, rows in by_item.items():
        pending = [r for r in rows if r["event_id"] not in undone]
        moved = [f"{r['fact_id'][:12]} {diff}" for r in pending
                 for diff in [_difference(decode_fact_values(r["after"]), current.get(r["fact_id"]))] if diff]
        item = items.get(item_id)
        if moved:
            note = (f"kept: changed again after the plan was applied ({'; '.join(moved)}); restoring it would "
                    "overwrite that later change. Undo it by hand if it must go.")
            change.refused[item_id] = note
            if item is not None:
                outcomes.append({**item, "outcome": "kept", "note": note})
            continue
        for row in reversed(pending):  # undo in reverse order of the apply
            before = decode_fact_values(row["before"])
            after_now = {column: current[row["fact_id"]].get(column) for column in before}
            item_row = item or {"item_id": item_id, "tenant": row["tenant"], "scope": row["scope"],
                                "decision_id": row["decision_id"]}
            kind = str(row["kind"])
            new_events.append(_event({**item_row, "plan_id": plan_id}, row["fact_id"],
                                     COMPENSATING_KIND.get(kind, kind), after_now, before,
                                     event_id(row["tenant"], row["scope"], "restore", row["fact_id"],
                                              f"restore:{row['event_id']}"), now, "restore",
                                     {"restores": row["event_id"]}))
            apply_event(current, COMPENSATING_KIND.get(kind, kind), row["fact_id"], before)
        change.done.append(item_id)
        if item is not None:
            outcomes.append({**item, "outcome": "restored", "note": None})
    return _record(store, stored, change, new_events, current, outcomes, PLAN_RESTORE, "plan-restore",
                   restored_at=now)


def _record(store: Store, stored: StoredPlan, change: PlanChange, new_events: list[dict[str, Any]],
            current: dict[str, dict[str, Any]], outcomes: list[dict[str, Any]], commit_kind: str, point: str,
            **stamp: datetime) -> PlanChange:
    """Write an apply's or a restore's facts, events and plan status under one commit marker; `change.status`
    is the plan's new status and `stamp` its time column (applied_at or restored_at)."""
    marker = begin_commit(store, commit_kind, _scopes(stored), plan_id=change.plan_id)
    change.events = _commit(store, new_events, current, point)
    update_plan(store, stored, items=pl.DataFrame(outcomes, schema=stored.items.schema) if outcomes else None,
                status=change.status, **stamp)
    crash_point(f"{point}:after-status")
    end_commit(store, marker)
    return change


# -- helpers ---------------------------------------------------------------------------------------------


def _scopes(stored: StoredPlan) -> list[tuple[str, str]]:
    return sorted(set(stored.items.select("tenant", "scope").iter_rows())) if stored.items.height else []


def _scope_state(store: Store, stored: StoredPlan) -> tuple[pl.DataFrame, dict[str, dict[str, Any]]]:
    """The plan's scopes' events, and their facts rebuilt from them (fact_id -> row)."""
    events = scope_events(store, _scopes(stored))
    return events, {row["fact_id"]: row for row in replay_facts(events).iter_rows(named=True)}


def _moved(expected: dict[str, dict[str, Any]], current: dict[str, dict[str, Any]]) -> str:
    """How the item's facts differ from the state it was planned against ("" when they do not)."""
    found = []
    for fact_id, state in expected.items():
        row = current.get(fact_id)
        if row is None:
            found.append(f"fact {fact_id[:12]} is no longer in the store")
            continue
        now = fact_state(row)
        diffs = [f"{c} {state.get(c)!r} -> {now.get(c)!r}" for c in now if now.get(c) != state.get(c)]
        if diffs:
            found.append(f"fact {fact_id[:12]} changed since the plan was made ({', '.join(diffs)})")
    return "; ".join(found)


def _difference(wanted: dict[str, Any], row: dict[str, Any] | None) -> str:
    if row is None:
        return "is no longer in the store"
    diffs = [f"{c} {v!r} -> {row.get(c)!r}" for c, v in wanted.items() if _norm(row.get(c)) != _norm(v)]
    return ", ".join(diffs)


def _norm(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _event(item: dict[str, Any], fact_id: str, kind: str, before: dict[str, Any], after: dict[str, Any],
           the_id: str, now: datetime, operation: str, detail: dict[str, Any]) -> dict[str, Any]:
    return {
        "event_id": the_id, "seq": None, "tenant": item["tenant"], "scope": item["scope"], "fact_id": fact_id,
        "kind": kind, "cause_id": item["item_id"] if operation == "apply" else f"restore:{item['item_id']}",
        "before": encode(before), "after": encode(after),
        "detail": encode({"plan_id": item["plan_id"], "item_id": item["item_id"], **detail}),
        "decision_id": item.get("decision_id"), "run_id": f"plan-{operation}-{item['plan_id']}",
        "plan_id": item["plan_id"], "at": now,
    }


def _commit(store: Store, new_events: list[dict[str, Any]], current: dict[str, dict[str, Any]], point: str) -> int:
    """The changed facts' rows (with their stored vectors), then the events: the commit point."""
    if not new_events:
        return 0
    changed = sorted({e["fact_id"] for e in new_events})
    rows = facts_frame([current[f] for f in changed])
    vectors = read_fact_rows(store, changed).select("fact_id", "vector")
    if vectors.height != len(changed):
        missing = sorted(set(changed) - set(vectors["fact_id"].to_list()))
        raise RuntimeError(f"{len(missing)} facts of the plan have no row in the facts table (first: {missing[0]}); "
                           "the table was edited outside archivist: rebuild it from the event log first")
    write_facts(store, rows.join(vectors, on="fact_id", how="left"), fact_vector_dim(store) or 0)
    crash_point(f"{point}:after-facts")
    written = append_events(store, events_frame(new_events))
    crash_point(f"{point}:after-events")
    return written
