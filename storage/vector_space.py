"""The tables that hold vectors, and the one write that switches them to another embedder's vector space.

`turns` and `facts` carry a vector. A re-embedding copies each of them, row for row with new vectors, into a
physical table of its own (`facts__<space>`), then `switch_vector_space` writes the store's embedder record and
the table aliases (logical name -> physical table, read by `Store`) in ONE commit of the `meta` table: until
that commit every reader sees the old tables and the old embedder, after it the new ones, never a mix.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

import polars as pl
import pyarrow as pa

from archivist.storage import schemas
from archivist.storage.fact_schemas import facts_schema
from archivist.storage.meta import EMBEDDER_KEY
from archivist.storage.store import TABLE_ALIASES_KEY, Store

VECTOR_TABLES: dict[str, tuple[str, Callable[[int], pa.Schema]]] = {
    "turns": ("turn_id", schemas.turns_schema),
    "facts": ("fact_id", facts_schema),
}
"""Logical table -> (its key, its schema for a vector dimension)."""


def space_table(logical: str, space: str) -> str:
    return f"{logical}__{space}"


def all_physical_tables(store: Store, logical: str) -> list[str]:
    """Every physical table that holds (or held) rows of `logical`: itself and its re-embedded copies."""
    return [n for n in store.list_tables() if n == logical or n.startswith(f"{logical}__")]


def ids_of(store: Store, table: str, key: str) -> set[str]:
    """Every key of a physical table (not resolved through the aliases)."""
    handle = store.open_physical(table)
    if handle is None:
        return set()
    return set(handle.search().select([key]).limit(None).to_arrow().column(key).to_pylist())


def read_rows(store: Store, logical: str, key: str, ids: Sequence[str]) -> pl.DataFrame:
    """Rows of the table currently serving `logical`, by key."""
    return store.read_ids(logical, key, ids)


def write_space_rows(store: Store, table: str, key: str, rows: pl.DataFrame, dim: int, logical: str) -> int:
    """Insert re-embedded rows into physical table `table` (created on first use); idempotent by key."""
    schema = VECTOR_TABLES[logical][1](dim)
    store.ensure_table(table, schema, btree=(key,))
    return store.insert_new(table, rows.select(schema.names).to_arrow().cast(schema), key)


def switch_vector_space(store: Store, embedder: str, dim: int, aliases: Mapping[str, str]) -> None:
    """Record the new embedder and point every logical vector table at its new copy: one commit."""
    current = dict(store.get_meta(TABLE_ALIASES_KEY) or {}) if store.has_table("meta") else {}
    rows = pa.table({"key": [EMBEDDER_KEY, TABLE_ALIASES_KEY],
                     "value": [json.dumps({"name": embedder, "dim": dim}), json.dumps({**current, **aliases})]},
                    schema=schemas.META)
    store.ensure_table("meta", schemas.META)
    store.upsert("meta", rows, "key")
    store.refresh_aliases()
