"""Scopes hashed into partitions: the unit of parallel work (ordered within a scope, independent across)."""

from __future__ import annotations

import polars as pl

from archivist.ids import content_id


def partition_of(tenant: str, scope: str, partitions: int) -> int:
    """Stable across processes and versions (Python's hash() is salted per process)."""
    return int(content_id(tenant, scope)[:8], 16) % partitions


def with_partition(records: pl.DataFrame, partitions: int) -> pl.DataFrame:
    """`records` with a `partition` column; hashes each distinct (tenant, scope) once."""
    keys = records.select("tenant", "scope").unique()
    keys = keys.with_columns(
        pl.Series(
            "partition",
            [partition_of(t, s, partitions) for t, s in keys.iter_rows()],
            dtype=pl.Int32,
        )
    )
    return records.join(keys, on=["tenant", "scope"], how="left")


def in_conversation_order(records: pl.DataFrame) -> pl.DataFrame:
    """Turns of a scope in conversation and time order (the order the write path reads them in)."""
    return records.sort(["tenant", "scope", "said_at", "conversation_id", "turn_index"], nulls_last=True)
