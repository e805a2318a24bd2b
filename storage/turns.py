"""The `turns` and `extracted` tables: what ingestion stores, and which turns the write path has read.

`runs` (storage/runs.py), `quarantine` (storage/quarantine.py) and the embedder record (storage/meta.py) have
modules of their own."""

from __future__ import annotations

from typing import Any

import polars as pl
import pyarrow as pa

from archivist.storage import schemas, sql
from archivist.storage.store import Store


def ensure_ingest_tables(store: Store, dim: int) -> None:
    store.ensure_table("turns", schemas.turns_schema(dim), btree=("turn_id",))
    store.ensure_table("quarantine", schemas.QUARANTINE, btree=("quarantine_id",))
    store.ensure_table("runs", schemas.RUNS, btree=("run_id",))


def existing_turn_ids(store: Store, turn_ids: list[str]) -> set[str]:
    """Which of `turn_ids` the store already holds (so re-ingesting embeds nothing twice)."""
    return store.present("turns", "turn_id", turn_ids)


def read_scope_turns(store: Store, scopes: list[tuple[str, str]]) -> pl.DataFrame:
    """Every stored turn of the given scopes, with vectors."""
    if not scopes:
        return pl.DataFrame()
    return store.read("turns", where=sql.scope_filter(scopes))


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
    table = store.table("turns")
    assert table is not None, "write_turns runs after ensure_tables has created `turns`"
    return store.insert_new("turns", turns.cast(table.schema), "turn_id")


def table_counts(store: Store) -> dict[str, Any]:
    """Row counts of every table, in the shape `archivist stats --json` prints."""
    facts = {"active": 0, "tentative": 0, "closed": 0}
    if store.has_table("facts"):
        for status in facts:
            facts[status] = store.count("facts", f"status = {sql.quote(status)}")
    return {
        "turns": store.count("turns"),
        "facts": facts,
        "decisions": store.count("decisions"),
        "events": store.count("events"),
        "quarantine": store.count("quarantine"),
        "runs": store.count("runs"),
    }
