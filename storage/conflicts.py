"""Open conflicts: facts whose `conflicts` column names another side (configs/contracts.toml, tasks/policy/
transitions.py). Read from the event log, like `archivist facts`, so an audit sees what replay rebuilds.
"""

from __future__ import annotations

import json
from typing import Any

import polars as pl

from archivist.storage import sql
from archivist.storage.events import read_events, replay_facts
from archivist.vocab import CONFLICT_FLAGGED


def open_conflicts(store: Any, tenant: str | None = None, scope: str | None = None) -> list[dict[str, Any]]:
    """One row per open conflict on a fact (a pair shows once per fact that holds it), in scope order."""
    where = sql.all_of(f"tenant = {sql.quote(tenant)}" if tenant else None,
                       f"scope = {sql.quote(scope)}" if scope else None)
    events = read_events(store, where)
    if events.is_empty():
        return []
    facts = replay_facts(events)
    flagged = events.filter(pl.col("kind") == CONFLICT_FLAGGED)
    rules = {(r["fact_id"], r["cause_id"]): json.loads(r["detail"] or "{}").get("contract", {})
             for r in flagged.iter_rows(named=True)}
    found = []
    holding = facts.filter(pl.col("conflicts").list.len() > 0).sort("tenant", "scope", "fact_id")
    for row in holding.iter_rows(named=True):
        for entry in row["conflicts"]:
            side = json.loads(entry)
            contract = rules.get((row["fact_id"], side.get("fact_id"))) or rules.get(
                (side.get("fact_id"), row["fact_id"])) or {}
            found.append({
                "tenant": row["tenant"], "scope": row["scope"], "fact_id": row["fact_id"], "text": row["text"],
                "status": row["status"], "source": row["source"], "object": row["object"],
                "other_fact_id": side.get("fact_id"), "other_source": side.get("source"),
                "other_object": side.get("object"), "other_text": side.get("text"),
                "contract": contract.get("kind") or row["contract"], "verdict": contract.get("verdict"),
            })
    return found
