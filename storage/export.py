"""Reading whole tables out of the store in batches, filtered in Lance, for the Parquet export.

The export (tasks/export/parquet.py) decides which columns and rows leave the store; this module owns the LanceDB
calls and the filter strings, like every other module of this package.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime

import pyarrow as pa

from archivist.storage import sql
from archivist.storage.store import Store

SCAN_BATCH_ROWS = 65_536
"""Rows per batch read from Lance: bounds the export's memory whatever the table's size."""


def export_filter(*, tenant: str | None, tenant_column: str | None, since: datetime | None,
                  time_column: str | None) -> str | None:
    """The Lance filter for one table's export: its tenant and rows at or after `since`."""
    parts = []
    if tenant is not None and tenant_column is not None:
        parts.append(f"{tenant_column} = {sql.quote(tenant)}")
    if since is not None and time_column is not None:
        parts.append(f"{time_column} >= {sql.timestamp(since)}")
    return " AND ".join(parts) or None


def table_schema(store: Store, name: str) -> pa.Schema | None:
    table = store.table(name)
    return None if table is None else table.schema


def scan(store: Store, name: str, where: str | None, columns: Sequence[str],
         batch_rows: int = SCAN_BATCH_ROWS) -> Iterator[pa.RecordBatch]:
    """The rows of table `name` matching `where`, `columns` only, as record batches."""
    table = store.table(name)
    if table is None:
        return
    query = table.search()
    if where:
        query = query.where(where)
    reader = query.select(list(columns)).limit(None).to_batches(batch_rows)
    yield from reader
