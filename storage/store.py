"""The LanceDB store: one connection, one writer per table, idempotent writes.

Every other module asks this class (or a helper module of this package built on it) for rows;
nothing outside `storage/` imports lancedb.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

import lancedb
from lancedb.index import BTree
import polars as pl
import pyarrow as pa

from archivist.storage import schemas

TABLE_ALIASES_KEY = "table_aliases"
"""Meta key: logical table name -> the physical table that serves it (set only by a re-embedding's switch)."""


class StoreError(RuntimeError):
    """A store operation that cannot go on; the message says what to do next."""


def sql_quote(value: str) -> str:
    """A string literal for a Lance SQL filter."""
    return "'" + str(value).replace("'", "''") + "'"


def sql_in(column: str, values: Iterable[str]) -> str:
    return f"{column} IN ({', '.join(sql_quote(v) for v in values)})"


class Store:
    """A LanceDB database at `uri` (a folder, or an object-store URI)."""

    def __init__(self, uri: str, storage_options: dict[str, str] | None = None):
        self.uri = str(uri)
        self._db = lancedb.connect(
            self.uri,
            storage_options=storage_options or None,
            # Other processes (a resumed run, the CLI) must see each other's commits.
            read_consistency_interval=timedelta(0),
        )
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._aliases: dict[str, str] = {}
        self.refresh_aliases()

    # -- tables ---------------------------------------------------------------------------------

    def refresh_aliases(self) -> None:
        """Re-read which physical table serves each logical name. A re-embedding writes the new vectors into
        new tables and switches every name at once with one write of this record (tasks/reembed.py)."""
        self._aliases = {}
        if "meta" in self._db.list_tables().tables:
            self._aliases = dict(self.get_meta(TABLE_ALIASES_KEY) or {})

    def physical(self, name: str) -> str:
        return self._aliases.get(name, name)

    def writer_lock(self, name: str) -> threading.Lock:
        """The lock every writer of table `name` in this process holds: one writer per table."""
        with self._locks_guard:
            return self._locks.setdefault(self.physical(name), threading.Lock())

    def has_table(self, name: str) -> bool:
        return self.physical(name) in self._db.list_tables().tables

    def table(self, name: str) -> Any | None:
        return self._db.open_table(self.physical(name)) if self.has_table(name) else None

    def ensure_table(self, name: str, schema: pa.Schema, btree: Sequence[str] = ()) -> Any:
        """Open table `name`, creating it (and scalar indexes on `btree` columns) if absent."""
        with self.writer_lock(name):
            if self.has_table(name):
                table = self._db.open_table(self.physical(name))
                if table.schema != schema and not _compatible(table.schema, schema):
                    raise StoreError(
                        f"table {name!r} in {self.uri} has schema {table.schema} but this version of "
                        f"archivist writes {schema}; use a new --store or migrate the table"
                    )
                return table
            table = self._db.create_table(self.physical(name), schema=schema, exist_ok=True)
            for column in btree:
                _create_btree(table, column)
            return table

    # -- writes ---------------------------------------------------------------------------------

    def insert_new(self, name: str, rows: pa.Table, key: str | list[str]) -> int:
        """Insert the rows whose `key` is not in the table yet; return how many were inserted."""
        if rows.num_rows == 0:
            return 0
        table = self._db.open_table(self.physical(name))
        with self.writer_lock(name):
            result = table.merge_insert(key).when_not_matched_insert_all().execute(rows)
        return int(result.num_inserted_rows)

    def upsert(self, name: str, rows: pa.Table, key: str | list[str]) -> None:
        if rows.num_rows == 0:
            return
        table = self._db.open_table(self.physical(name))
        with self.writer_lock(name):
            table.merge_insert(key).when_matched_update_all().when_not_matched_insert_all().execute(rows)

    def append(self, name: str, rows: pa.Table) -> None:
        if rows.num_rows == 0:
            return
        table = self._db.open_table(self.physical(name))
        with self.writer_lock(name):
            table.add(rows)

    def optimize(self, *names: str) -> None:
        """Compact small fragments and fold new rows into the scalar indexes (old versions are kept)."""
        for name in names:
            table = self.table(name)
            if table is not None:
                with self.writer_lock(name):
                    table.optimize()

    def delete(self, name: str, where: str) -> None:
        table = self.table(name)
        if table is not None:
            with self.writer_lock(name):
                table.delete(where)

    # -- reads ----------------------------------------------------------------------------------

    def count(self, name: str, where: str | None = None) -> int:
        table = self.table(name)
        if table is None:
            return 0
        return int(table.count_rows(where)) if where else int(table.count_rows())

    def read(self, name: str, where: str | None = None, columns: Sequence[str] | None = None) -> pl.DataFrame:
        """Rows of a table as a Polars frame (filtered in Lance, not in Polars)."""
        table = self.table(name)
        if table is None:
            return pl.DataFrame()
        query = table.search()
        if where:
            query = query.where(where)
        if columns:
            query = query.select(list(columns))
        return pl.from_arrow(query.limit(None).to_arrow())

    def present(self, name: str, column: str, values: Sequence[str], chunk: int = 2_000) -> set[str]:
        """Which of `values` occur in `column` of table `name` (a scalar index on it keeps this cheap)."""
        table = self.table(name)
        if table is None or not values:
            return set()
        found: set[str] = set()
        values = list(values)
        for start in range(0, len(values), chunk):
            rows = (table.search().where(sql_in(column, values[start : start + chunk]))
                    .select([column]).limit(None).to_arrow())
            found.update(rows.column(column).to_pylist())
        return found

    def version(self, name: str) -> int | None:
        table = self.table(name)
        return None if table is None else int(table.version)

    # -- small key/value metadata ---------------------------------------------------------------

    def get_meta(self, key: str) -> Any | None:
        frame = self.read("meta", where=f"key = {sql_quote(key)}")
        return None if frame.is_empty() else json.loads(frame["value"][0])

    def set_meta(self, key: str, value: Any) -> None:
        self.ensure_table("meta", schemas.META)
        self.upsert("meta", pa.table({"key": [key], "value": [json.dumps(value)]}, schema=schemas.META), "key")


def _create_btree(table: Any, column: str) -> None:
    """A scalar index on `column`; another process creating the same table at once is not an error."""
    try:
        table.create_index(column, config=BTree(), replace=False)
    except Exception:
        table.checkout_latest()
        if not any(column in index.columns for index in table.list_indices()):
            raise


def _compatible(found: pa.Schema, wanted: pa.Schema) -> bool:
    """Same columns and types; nullability may differ because Lance does not always keep it."""
    return [(f.name, f.type) for f in found] == [(f.name, f.type) for f in wanted]
