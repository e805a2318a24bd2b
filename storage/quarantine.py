"""The `quarantine` table: every rejected input record with its reason (never silently dropped)."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl

from archivist.storage import schemas
from archivist.storage.store import Store


def ensure_quarantine_table(store: Store) -> None:
    store.ensure_table("quarantine", schemas.QUARANTINE, btree=("quarantine_id",))


def write_quarantine(store: Store, rows: pl.DataFrame, run_id: str) -> int:
    if rows.is_empty():
        return 0
    now = datetime.now(UTC)
    frame = rows.unique("quarantine_id", keep="first").with_columns(
        pl.lit(run_id).alias("run_id"),
        pl.lit(now).cast(pl.Datetime("us", "UTC")).alias("quarantined_at"),
    )
    table = frame.select(schemas.QUARANTINE.names).to_arrow().cast(schemas.QUARANTINE)
    return store.insert_new("quarantine", table, "quarantine_id")
