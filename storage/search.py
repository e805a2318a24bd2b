"""Search over the `turns` and `facts` tables: full-text (LanceDB's native FTS), exact vector search, fetches.

The recall read path asks this module for candidates; nothing else on that path touches LanceDB.

FTS index freshness. Lance's native FTS still searches rows added after the index was built (it scans the
unindexed fragments flat), so a stale index is slower, never wrong. Rebuilding costs about 0.1 s per 10,000
rows here, so `ensure_fts_index` rebuilds only when the table's version moved since the last build *and* rows
sit outside the index; the version it was built at is kept in the store's meta table (and in this process, so
a warm recall does not even read meta). `optimize()` would also fold new rows in, but it compacts and prunes
old versions, which belongs to a scheduled maintenance flow, never to a read.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import polars as pl
from lancedb.index import FTS, Bitmap
from lancedb.query import MatchQuery

from archivist.storage import sql
from archivist.storage.frames import arrow_frame
from archivist.storage.store import Store

log = logging.getLogger(__name__)

FTS_META_PREFIX = "search:fts:"
FILTER_COLUMNS = {"turns": ("tenant", "scope"), "facts": ("tenant", "scope", "status")}
"""Columns every recall filters on: bitmap indexes keep the per-scope prefilter cheap."""

MAX_UNINDEXED_SHARE = 0.0
"""Rebuild as soon as any row sits outside the index (the rebuild is cheap next to a slower search)."""

_built_at: dict[tuple[str, str], int] = {}
"""(store uri, table) -> table version the FTS index was built at, as known to this process."""
_built_lock = threading.Lock()

_open_tables: weakref.WeakKeyDictionary[Store, dict[str, Any]] = weakref.WeakKeyDictionary()
"""Table handles per store. Opening a table costs a few milliseconds (a listing and a manifest read), a
recall opens several, and the store's connection re-checks the latest version on every query anyway
(read_consistency_interval=0), so a kept handle never reads stale rows."""
_speakers: dict[tuple[str, str, str], tuple[int, frozenset[str]]] = {}


def open_table(store: Store, name: str) -> Any | None:
    """The table `name` of `store` (None when it does not exist yet; that is never cached)."""
    handles = _open_tables.setdefault(store, {})
    table = handles.get(name)
    if table is None:
        table = store.table(name)
        if table is not None:
            handles[name] = table
    return table


def forget_tables(store: Store) -> None:
    """Drop kept handles (after a table was dropped and created again)."""
    _open_tables.pop(store, None)


# -- index management -------------------------------------------------------------------------------------


def _fts_index(table: Any, column: str) -> Any | None:
    for index in table.list_indices():
        if index.index_type == "FTS" and list(index.columns) == [column]:
            return index
    return None


def _unindexed_share(table: Any, index: Any) -> float:
    stats = table.index_stats(index.name)
    if stats is None:
        return 1.0
    total = stats.num_indexed_rows + stats.num_unindexed_rows
    return stats.num_unindexed_rows / total if total else 0.0


def ensure_fts_index(store: Store, name: str, column: str = "text") -> bool:
    """Create or refresh the native FTS index on `name.column` when stale; True when it (re)built one."""
    table = open_table(store, name)
    if table is None:
        return False
    key = (store.uri, name)
    version = int(table.version)
    if _built_at.get(key) == version:
        return False
    with _built_lock:
        meta_key = f"{FTS_META_PREFIX}{name}:{column}"
        recorded = store.get_meta(meta_key) if store.has_table("meta") else None
        index = _fts_index(table, column)
        fresh = index is not None and (
            (recorded or {}).get("version") == version or _unindexed_share(table, index) <= MAX_UNINDEXED_SHARE
        )
        if fresh:
            _built_at[key] = version
            return False
        with store.writer_lock(name):
            table.create_index(column, config=FTS(), replace=True)
            present = {index.columns[0] for index in table.list_indices() if len(index.columns) == 1}
            for filter_column in FILTER_COLUMNS.get(name, ()):
                if filter_column not in present and filter_column in table.schema.names:
                    table.create_index(filter_column, config=Bitmap(), replace=True)

        version = int(table.version)
        try:
            store.set_meta(meta_key, {"version": version, "rows": int(table.count_rows())})
        except Exception as error:  # another process recorded at the same moment: the index is built either way
            log.debug("could not record FTS build of %s: %s", name, error)
        _built_at[key] = version
        log.info("built FTS index on %s.%s at version %d", name, column, version)
        return True


# -- searches ---------------------------------------------------------------------------------------------


def _frame(table: Any, query: Any, where: str, limit: int, columns: Sequence[str], score: str) -> pl.DataFrame:
    # Asking for the score column explicitly avoids Lance's per-query deprecation warning.
    rows = query.where(where, prefilter=True).limit(limit).select([*columns, score]).to_arrow()
    return arrow_frame(rows)


def vector_search(
    store: Store, name: str, vector: np.ndarray, where: str, limit: int, columns: Sequence[str]
) -> pl.DataFrame:
    """The `limit` nearest rows to `vector` within `where` (exact search), with `_distance` (cosine)."""
    table = open_table(store, name)
    if table is None or limit <= 0:
        return pl.DataFrame()
    query = table.search(np.asarray(vector, dtype=np.float32), vector_column_name="vector").distance_type("cosine")
    return _frame(table, query, where, limit, columns, "_distance")


def text_search(
    store: Store, name: str, text: str, where: str, limit: int, columns: Sequence[str], column: str = "text"
) -> pl.DataFrame:
    """The `limit` best BM25 matches of `text` within `where`, with `_score`; empty for an empty query."""
    table = open_table(store, name)
    if table is None or limit <= 0 or not text.strip():
        return pl.DataFrame()
    ensure_fts_index(store, name, column)
    # A MatchQuery is never parsed as query syntax, so quotes or operators in a question cannot break it.
    # pyright misses the pydantic.Field defaults of lancedb's MatchQuery dataclass
    query = table.search(MatchQuery(text, column), query_type="fts")  # pyright: ignore[reportCallIssue]
    return _frame(table, query, where, limit, columns, "_score")


def fetch_by_ids(
    store: Store, name: str, id_column: str, ids: Iterable[str], columns: Sequence[str], where: str | None = None
) -> pl.DataFrame:
    """Rows whose `id_column` is in `ids` (and match `where`), in no particular order."""
    wanted = list(dict.fromkeys(ids))
    table = open_table(store, name)
    if table is None or not wanted:
        return pl.DataFrame()
    frames = [_read(table, sql.all_of(where, chunk), columns) for chunk in sql.in_chunks(id_column, wanted)]
    frames = [f for f in frames if not f.is_empty()]
    return pl.concat(frames) if frames else pl.DataFrame()


def fetch_turns_at(
    store: Store, positions: Iterable[tuple[str, int]], where: str, columns: Sequence[str]
) -> pl.DataFrame:
    """Turns at (conversation_id, turn_index) positions within `where`: the neighbours of search hits."""
    by_conversation: dict[str, set[int]] = {}
    for conversation_id, turn_index in positions:
        by_conversation.setdefault(conversation_id, set()).add(int(turn_index))
    table = open_table(store, "turns")
    if not by_conversation or table is None:
        return pl.DataFrame()
    clauses = [
        f"(conversation_id = {sql.quote(c)} AND turn_index IN ({', '.join(str(i) for i in sorted(ix))}))"
        for c, ix in sorted(by_conversation.items())
    ]
    return _read(table, f"({where}) AND ({' OR '.join(clauses)})", columns)


def read_rows(store: Store, name: str, where: str, columns: Sequence[str], limit: int | None = None) -> pl.DataFrame:
    """Rows of `name` matching `where` (at most `limit`)."""
    table = open_table(store, name)
    return pl.DataFrame() if table is None else _read(table, where, columns, limit)


def _read(table: Any, where: str, columns: Sequence[str], limit: int | None = None) -> pl.DataFrame:
    return arrow_frame(table.search().where(where).select(list(columns)).limit(limit).to_arrow())


def scope_speakers(store: Store, tenant: str, scope: str) -> frozenset[str]:
    """The distinct speakers of a scope's turns, re-read only after the turns table changed."""
    table = open_table(store, "turns")
    if table is None:
        return frozenset()
    key, version = (store.uri, tenant, scope), int(table.version)
    cached = _speakers.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    frame = _read(table, sql.scope_filter([(tenant, scope)]), ["speaker"])
    speakers = frozenset() if frame.is_empty() else frozenset(s for s in frame["speaker"].unique().to_list() if s)
    _speakers[key] = (version, speakers)
    return speakers


def table_columns(store: Store, name: str) -> list[str]:
    table = open_table(store, name)
    return [] if table is None else list(table.schema.names)
