"""The LanceDB store: one connection, one writer per table, idempotent writes.

Every other module asks this class (or a helper module of this package built on it) for rows;
nothing outside `storage/` imports lancedb.
"""

from __future__ import annotations

import json
import threading
import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import lancedb
import polars as pl
import pyarrow as pa
from lancedb.index import BTree

from archivist.errors import ArchivistError
from archivist.storage import schemas, sql
from archivist.storage.frames import arrow_frame
from archivist.storage.lease import StoreBusy, writer_lease  # noqa: F401 (StoreBusy re-exported)
from archivist.storage.objects import StoreFiles

TABLE_ALIASES_KEY = "table_aliases"
"""Meta key: logical table name -> the physical table that serves it (set only by a re-embedding's switch)."""


class StoreError(ArchivistError, RuntimeError):
    """A store operation that cannot go on; the message says what to do next."""


class StoreNotFound(StoreError):
    """The path holds no archivist store (a typo in --store, or nothing ingested there yet)."""

    hint = "check --store (or [store] uri in archivist.toml), or run `archivist ingest` into it first"


STORE_MARKERS = ("meta", "turns", "events", "facts", "runs")
"""Tables of which at least one exists in every store archivist wrote to."""

_writes: dict[str, int] = {}
_writes_guard = threading.Lock()


def writes_made(reset: bool = False) -> dict[str, int]:
    """Physical table -> write operations (creates, inserts, upserts, appends, deletes, compactions) this
    process made; a flow's partition tasks make none, whatever process runs them (checked on Dask workers)."""
    with _writes_guard:
        made = dict(_writes)
        if reset:
            _writes.clear()
    return made


def _wrote(physical: str) -> None:
    with _writes_guard:
        _writes[physical] = _writes.get(physical, 0) + 1


@contextmanager
def lance_errors(what: str) -> Iterator[None]:
    """Turn an error of LanceDB (or of the files under it) into a `StoreError` that names what failed."""
    try:
        yield
    except ArchivistError:
        raise
    except (OSError, RuntimeError, ValueError) as err:
        raise StoreError(f"{what} failed: {err}", hint="check the store path and its free space, then run "
                         "the command again (every write is idempotent)") from err


class Store:
    """A LanceDB database at `uri` (a folder, or an object-store URI)."""

    def __init__(self, uri: str, storage_options: dict[str, str] | None = None):
        self.uri = str(uri)
        self.storage_options: dict[str, str] = dict(storage_options or {})
        with lance_errors(f"opening the store {self.uri}"):
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

    @classmethod
    def open_existing(cls, uri: str, storage_options: dict[str, str] | None = None) -> Store:
        """The store at `uri` for a command that only reads: a path that holds no archivist store is refused
        (instead of reading as an empty store, or creating a folder)."""
        if "://" not in str(uri) and not Path(uri).is_dir():
            raise StoreNotFound(f"no archivist store at {uri} (no such folder)")
        store = cls(uri, storage_options)
        if not any(name in store.list_tables() for name in STORE_MARKERS):
            raise StoreNotFound(f"no archivist store at {uri} (the folder holds no archivist tables)")
        return store

    def writer(self, command: str, wait_s: float = 0.0) -> AbstractContextManager[None]:
        """The store's one-writer lease for a command that writes (storage/lease.py); re-entrant in a process.

        Another process holding it makes this wait up to `wait_s` seconds, then raise `StoreBusy`."""
        return writer_lease(self.uri, command, wait_s, self.storage_options)

    # -- tables ---------------------------------------------------------------------------------

    def list_tables(self) -> list[str]:
        """Every physical table of the store (re-embedded copies included), sorted."""
        with lance_errors(f"listing the tables of {self.uri}"):
            return sorted(self._db.list_tables().tables)

    def open_physical(self, physical: str) -> Any | None:
        """A physical table by its own name (not resolved through the aliases); None when absent."""
        if physical not in self.list_tables():
            return None
        with lance_errors(f"opening table {physical}"):
            try:
                return self._db.open_table(physical)
            except ValueError as err:
                if "was not found" not in str(err):
                    raise
                # Listed while another partition's thread is still creating it (its folder is there, its first
                # version is not): to a reader it does not exist yet, as it did not a moment before.
                return None

    def refresh_aliases(self) -> None:
        """Re-read which physical table serves each logical name. A re-embedding writes the new vectors into
        new tables and switches every name at once with one write of this record (tasks/reembed.py)."""
        self._aliases = {}
        if "meta" in self.list_tables():
            self._aliases = dict(self.get_meta(TABLE_ALIASES_KEY) or {})

    def physical(self, name: str) -> str:
        return self._aliases.get(name, name)

    def writer_lock(self, name: str) -> threading.Lock:
        """The lock every writer of table `name` in this process holds: one writer per table."""
        with self._locks_guard:
            return self._locks.setdefault(self.physical(name), threading.Lock())

    def has_table(self, name: str) -> bool:
        return self.physical(name) in self.list_tables()

    def table(self, name: str) -> Any | None:
        return self.open_physical(self.physical(name))

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
            _wrote(self.physical(name))
            with lance_errors(f"creating table {name} in {self.uri}"):
                table = self._db.create_table(self.physical(name), schema=schema, exist_ok=True)
                for column in btree:
                    _create_btree(table, column)
            return table

    # -- writes ---------------------------------------------------------------------------------

    def insert_new(self, name: str, rows: pa.Table, key: str | list[str]) -> int:
        """Insert the rows whose `key` is not in the table yet; return how many were inserted."""
        if rows.num_rows == 0:
            return 0
        table = self._require(name)
        _wrote(self.physical(name))
        with self.writer_lock(name), lance_errors(f"inserting {rows.num_rows} rows into {name}"):
            result = table.merge_insert(key).when_not_matched_insert_all().execute(rows)
        return int(result.num_inserted_rows)

    def upsert(self, name: str, rows: pa.Table, key: str | list[str]) -> None:
        if rows.num_rows == 0:
            return
        table = self._require(name)
        _wrote(self.physical(name))
        with self.writer_lock(name), lance_errors(f"upserting {rows.num_rows} rows into {name}"):
            table.merge_insert(key).when_matched_update_all().when_not_matched_insert_all().execute(rows)

    def append(self, name: str, rows: pa.Table) -> None:
        if rows.num_rows == 0:
            return
        table = self._require(name)
        _wrote(self.physical(name))
        with self.writer_lock(name), lance_errors(f"appending {rows.num_rows} rows to {name}"):
            table.add(rows)

    def optimize(self, *names: str) -> None:
        """Compact small fragments and fold new rows into the scalar indexes (old versions are kept)."""
        for name in names:
            table = self.table(name)
            if table is not None:
                _wrote(self.physical(name))
                with self.writer_lock(name), lance_errors(f"optimizing {name}"):
                    table.optimize()

    def delete(self, name: str, where: str) -> None:
        table = self.table(name)
        if table is not None:
            _wrote(self.physical(name))
            with self.writer_lock(name), lance_errors(f"deleting rows of {name}"):
                table.delete(where)

    # -- reads ----------------------------------------------------------------------------------

    def count(self, name: str, where: str | None = None) -> int:
        table = self.table(name)
        if table is None:
            return 0
        with lance_errors(f"counting rows of {name}"):
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
        with lance_errors(f"reading {name}"):
            return arrow_frame(query.limit(None).to_arrow())

    def read_ids(self, name: str, key: str, ids: Iterable[str], columns: Sequence[str] | None = None,
                 where: str | None = None) -> pl.DataFrame:
        """Rows of `name` whose `key` is one of `ids` (and that match `where`), in chunks of ids; an empty
        frame when none is stored."""
        if not self.has_table(name):
            return pl.DataFrame()
        frames = [self.read(name, where=sql.all_of(where, chunk), columns=columns) for chunk in sql.in_chunks(key, ids)]
        frames = [f for f in frames if f.height]
        return pl.concat(frames) if frames else pl.DataFrame()

    def present(self, name: str, column: str, values: Sequence[str]) -> set[str]:
        """Which of `values` occur in `column` of table `name` (a scalar index on it keeps this cheap)."""
        frame = self.read_ids(name, column, values, columns=[column])
        return set(frame[column].to_list()) if frame.height else set()

    def version(self, name: str) -> int | None:
        table = self.table(name)
        return None if table is None else int(table.version)

    # -- small key/value metadata ---------------------------------------------------------------

    def get_meta(self, key: str) -> Any | None:
        frame = self.read("meta", where=f"key = {sql.quote(key)}")
        return None if frame.is_empty() else json.loads(frame["value"][0])

    def set_meta(self, key: str, value: Any) -> None:
        self.ensure_table("meta", schemas.META)
        self.upsert("meta", pa.table({"key": [key], "value": [json.dumps(value)]}, schema=schemas.META), "key")


    def _require(self, name: str) -> Any:
        table = self.table(name)
        if table is None:
            raise StoreError(f"table {name!r} does not exist in {self.uri}",
                             hint="run the command that creates it first (e.g. `archivist ingest`)")
        return table

    # -- erasure (purge) -------------------------------------------------------------------------

    def rewrite_without(self, physical: str, where: str) -> int:
        """Rewrite physical table `physical` with every row except those matching `where`; return how many
        went. One overwrite commit: no data file of the new version ever held a removed row (a deletion
        only marks rows, and compaction keeps a file with few deletions), and the scalar and full-text
        indexes are built again from the kept rows. Old versions stay until `drop_old_versions`."""
        table = self.open_physical(physical)
        if table is None:
            return 0
        _wrote(physical)
        with self.writer_lock(physical), lance_errors(f"rewriting {physical} without the purged rows"):
            removed = int(table.count_rows(where))
            if removed == 0:
                return 0
            total = int(table.count_rows())
            indexes = [(index.index_type, list(index.columns)) for index in table.list_indices()]
            # IS NOT TRUE, not NOT: a row whose filter columns are null makes the filter null, and NOT null
            # would drop that row too.
            kept = table.search().where(f"({where}) IS NOT TRUE").limit(None).to_arrow()
            if kept.num_rows + removed != total:
                raise StoreError(f"rewriting {physical}: {kept.num_rows} rows to keep and {removed} to remove "
                                 f"do not add up to its {total} rows; nothing was changed",
                                 hint="run the purge again; report this if it persists")
            table.add(kept.cast(table.schema), mode="overwrite")
            for index_type, columns in indexes:
                _recreate_index(table, index_type, columns)
        return removed

    def drop_old_versions(self, physical: str) -> tuple[int, int]:
        """Delete the table's tags, every version but the latest and every file no version uses;
        (tags deleted, versions left)."""
        table = self.open_physical(physical)
        if table is None:
            return 0, 0
        _wrote(physical)
        with self.writer_lock(physical), lance_errors(f"removing old versions of {physical}"), \
                warnings.catch_warnings():
            tags = list(table.tags.list())
            for tag in tags:  # a tagged version is never cleaned up
                table.tags.delete(tag)
            # Lance warns that concurrent readers of old versions will fail: that is the point here.
            warnings.simplefilter("ignore", UserWarning)
            # On a table with indexes, optimize commits an index update after its own cleanup ran, so one
            # call can leave two versions; the second call leaves one.
            for _ in range(3):
                table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
                if len(table.list_versions()) == 1:
                    break
            return len(tags), len(table.list_versions())

    def version_rows(self, physical: str, where: str) -> dict[int, int]:
        """version -> rows matching `where` in that version of the physical table, for every kept version."""
        table = self.open_physical(physical)
        if table is None:
            return {}
        found = {}
        with lance_errors(f"checking the versions of {physical}"):
            try:
                for version in [v["version"] for v in table.list_versions()]:
                    table.checkout(version)
                    found[version] = int(table.count_rows(where))
            finally:
                table.checkout_latest()
        return found

    def read_version(self, physical: str, version: int, where: str, columns: Sequence[str]) -> pl.DataFrame:
        """Rows of an old version of a physical table (empty when that version is gone)."""
        table = self.open_physical(physical)
        if table is None:
            return pl.DataFrame()
        with lance_errors(f"reading version {version} of {physical}"):
            if version not in [v["version"] for v in table.list_versions()]:
                return pl.DataFrame()
            try:
                table.checkout(version)
                return arrow_frame(table.search().where(where).select(list(columns)).limit(None).to_arrow())
            finally:
                table.checkout_latest()

    def files(self) -> StoreFiles:
        """The files under the store's root (a folder or an s3:// prefix), for byte-level checks."""
        return StoreFiles(self.uri, self.storage_options)


def _recreate_index(table: Any, index_type: str, columns: list[str]) -> None:
    """The index an overwrite dropped, built again over the new rows (scalar and full-text kinds)."""
    from lancedb.index import FTS, Bitmap, LabelList

    configs = {"BTree": BTree, "Bitmap": Bitmap, "LabelList": LabelList, "FTS": FTS}
    config = configs.get(index_type)
    if config is None or len(columns) != 1:
        # Vector indexes are never created by archivist (search is exact); a hand-made one is left out.
        return
    table.create_index(columns[0], config=config(), replace=True)


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
