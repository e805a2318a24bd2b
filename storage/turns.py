"""The `turns`, `quarantine` and `runs` tables: what ingestion writes."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

import polars as pl
import pyarrow as pa

from archivist.storage import schemas
from archivist.storage.store import Store, sql_in, sql_quote

EMBEDDER_KEY = "embedder"


def ensure_ingest_tables(store: Store, dim: int) -> None:
    store.ensure_table("turns", schemas.turns_schema(dim), btree=("turn_id",))
    store.ensure_table("quarantine", schemas.QUARANTINE, btree=("quarantine_id",))
    store.ensure_table("runs", schemas.RUNS, btree=("run_id",))


def recorded_embedder(store: Store) -> dict | None:
    return store.get_meta(EMBEDDER_KEY) if store.has_table("meta") else None


def record_embedder(store: Store, name: str, dim: int) -> None:
    store.set_meta(EMBEDDER_KEY, {"name": name, "dim": dim})


def existing_turn_ids(store: Store, turn_ids: list[str]) -> set[str]:
    """Which of `turn_ids` the store already holds (so re-ingesting embeds nothing twice)."""
    return store.present("turns", "turn_id", turn_ids)


def scopes_where(scopes: list[tuple[str, str]]) -> str:
    """A filter matching any of the (tenant, scope) pairs."""
    by_tenant: dict[str, list[str]] = {}
    for tenant, scope in scopes:
        by_tenant.setdefault(tenant, []).append(scope)
    return " OR ".join(f"(tenant = {sql_quote(t)} AND {sql_in('scope', s)})" for t, s in sorted(by_tenant.items()))


def read_scope_turns(store: Store, scopes: list[tuple[str, str]]) -> pl.DataFrame:
    """Every stored turn of the given scopes, with vectors."""
    if not scopes:
        return pl.DataFrame()
    return store.read("turns", where=scopes_where(scopes))


def extracted_turn_ids(store: Store, turn_ids: list[str]) -> set[str]:
    return store.present("extracted", "turn_id", turn_ids)


def mark_extracted(store: Store, rows: pl.DataFrame) -> int:
    """Record turns the write path has processed (written after their facts and events are committed)."""
    if rows.is_empty():
        return 0
    store.ensure_table("extracted", schemas.EXTRACTED, btree=("turn_id",))
    table = rows.select(schemas.EXTRACTED.names).to_arrow().cast(schemas.EXTRACTED)
    return store.insert_new("extracted", table, "turn_id")


def write_turns(store: Store, turns: pa.Table) -> int:
    """Insert turns not stored yet (keyed by content-hash id); return how many were new."""
    return store.insert_new("turns", turns.cast(store.table("turns").schema), "turn_id")


def write_quarantine(store: Store, rows: pl.DataFrame, run_id: str) -> int:
    if rows.is_empty():
        return 0
    now = datetime.now(timezone.utc)
    frame = rows.unique("quarantine_id", keep="first").with_columns(
        pl.lit(run_id).alias("run_id"),
        pl.lit(now).cast(pl.Datetime("us", "UTC")).alias("quarantined_at"),
    )
    table = frame.select(schemas.QUARANTINE.names).to_arrow().cast(schemas.QUARANTINE)
    return store.insert_new("quarantine", table, "quarantine_id")


def start_run(store: Store, run_id: str, flow: str, parameters: dict[str, Any]) -> None:
    store.ensure_table("runs", schemas.RUNS, btree=("run_id",))
    row = {
        "run_id": [run_id],
        "flow": [flow],
        "parameters": [json.dumps(parameters, default=str)],
        "started_at": [datetime.now(timezone.utc)],
        "finished_at": [None],
        "status": ["running"],
        "counts": ["{}"],
    }
    store.upsert("runs", pa.table(row, schema=schemas.RUNS), "run_id")


def finish_run(store: Store, run_id: str, status: str, counts: dict[str, Any]) -> None:
    runs = store.read("runs", where=f"run_id = {sql_quote(run_id)}")
    started = runs["started_at"][0] if not runs.is_empty() else None
    flow = runs["flow"][0] if not runs.is_empty() else "unknown"
    parameters = runs["parameters"][0] if not runs.is_empty() else "{}"
    row = {
        "run_id": [run_id],
        "flow": [flow],
        "parameters": [parameters],
        "started_at": [started],
        "finished_at": [datetime.now(timezone.utc)],
        "status": [status],
        "counts": [json.dumps(counts, default=str)],
    }
    store.upsert("runs", pa.table(row, schema=schemas.RUNS), "run_id")


def table_counts(store: Store) -> dict[str, Any]:
    """Row counts of every table, in the shape `archivist stats --json` prints."""
    facts = {"active": 0, "tentative": 0, "closed": 0}
    if store.has_table("facts"):
        for status in facts:
            facts[status] = store.count("facts", f"status = '{status}'")
    return {
        "turns": store.count("turns"),
        "facts": facts,
        "decisions": store.count("decisions"),
        "events": store.count("events"),
        "quarantine": store.count("quarantine"),
        "runs": store.count("runs"),
    }
