"""The append-only `events` log: ids, encoding, the one rule that applies an event, replay, ordered appends.

Every change to the facts table is an event with its before and after values and the decision that caused it.
`apply_event` is shared by the write path (which builds the facts rows it commits by applying its own events)
and by `replay_facts`, so replaying the log rebuilds exactly the rows the write path wrote.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from archivist.clock import to_utc
from archivist.ids import content_id
from archivist.storage import sql
from archivist.storage.fact_schemas import (
    EVENTS,
    FACT_COLUMNS,
    FACT_TIMESTAMPS,
    fact_row_polars_schema,
)
from archivist.storage.frames import arrow_frame
from archivist.storage.store import Store, StoreError
from archivist.vocab import FACT_ADDED, FACT_DROPPED

EVENTS_TABLE = "events"
_SEQ_LOCKS: dict[str, threading.Lock] = {}
_SEQ_LOCKS_GUARD = threading.Lock()


def event_id(tenant: str, scope: str, kind: str, fact_id: str, cause_id: str | None) -> str:
    """Content of the cause, never of the run: the same statement processed again yields the same ids."""
    return content_id("event", tenant, scope, kind, fact_id, cause_id or "")


# -- JSON ------------------------------------------------------------------------------------------------


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return _utc(value).isoformat()
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        return value.tolist()
    raise TypeError(f"cannot store {type(value).__name__} in an event")


def encode(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, default=_default, sort_keys=True, ensure_ascii=False)


def decode_fact_values(text: str | None) -> dict[str, Any]:
    """An event's `after` (or `before`) as fact column values, timestamps parsed back."""
    values = json.loads(text) if text else {}
    for column in FACT_TIMESTAMPS:
        if isinstance(values.get(column), str):
            values[column] = _utc(datetime.fromisoformat(values[column]))
    return values


def _utc(moment: datetime) -> datetime:
    return to_utc(moment)


# -- applying and replaying ------------------------------------------------------------------------------


def apply_event(rows: dict[str, dict[str, Any]], kind: str, fact_id: str, after: Mapping[str, Any]) -> None:
    """The one rule of replay: `fact_added` creates the row, every other event updates the columns in `after`.

    An event about a fact the rows do not hold (an as-of replay that stops before the fact was added) is
    skipped; `fact_dropped` records a statement that was never stored.
    """
    if kind == FACT_ADDED:
        rows[fact_id] = {column: _copy(after.get(column)) for column in FACT_COLUMNS}
    elif kind != FACT_DROPPED and fact_id in rows:
        rows[fact_id].update({k: _copy(v) for k, v in after.items() if k in FACT_COLUMNS})


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, (list, tuple)) else value


def facts_frame(rows: Iterable[Mapping[str, Any]]) -> pl.DataFrame:
    """Fact rows (without vectors) as a frame with the facts schema, ordered by fact_id."""
    frame = pl.DataFrame([{c: row.get(c) for c in FACT_COLUMNS} for row in rows], schema=fact_row_polars_schema())
    return frame.sort("fact_id")


def replay_facts(events: pl.DataFrame, as_of: datetime | None = None) -> pl.DataFrame:
    """The facts table (without vectors) rebuilt from `events`, or as it stood at `as_of`.

    `as_of` keeps the events whose `at` (the time the causing statement was said) is at or before it, in log
    order: the store as it would have been had the archive been processed up to that moment.
    """
    if events.is_empty():
        return facts_frame([])
    ordered = events.sort("seq")
    if as_of is not None:
        ordered = ordered.filter(pl.col("at") <= _utc(as_of))
    rows: dict[str, dict[str, Any]] = {}
    for kind, fact_id, after in ordered.select("kind", "fact_id", "after").iter_rows():
        apply_event(rows, kind, fact_id, decode_fact_values(after))
    return facts_frame(rows.values())


# -- the table -------------------------------------------------------------------------------------------


def ensure_events_table(store: Store) -> None:
    store.ensure_table(EVENTS_TABLE, EVENTS, btree=("event_id",))


def events_frame(rows: Sequence[Mapping[str, Any]]) -> pl.DataFrame:
    """Event rows (seq may be None until committed) as a frame with the events schema."""
    table = pa.Table.from_pylist([{name: row.get(name) for name in EVENTS.names} for row in rows],
                                 schema=EVENTS.set(1, pa.field("seq", pa.int64())))
    return arrow_frame(table)


def existing_ids(store: Store, table_name: str, key: str, ids: Sequence[str]) -> set[str]:
    return store.present(table_name, key, ids)


def append_events(store: Store, events: pl.DataFrame) -> int:
    """Append the events the log does not hold yet, numbering them after the log's last `seq`.

    Idempotent: an event already in the log (same content id) is skipped and keeps its seq, so committing a
    partition twice, or again after a crash, neither repeats nor renumbers anything. One append, so a crash
    leaves all of a partition's new events in the log or none of them.
    """
    if events.is_empty():
        return 0
    ensure_events_table(store)
    events = events.unique("event_id", keep="first", maintain_order=True)
    # Numbering reads the last seq and appends after it: under the store's writer lease (no other process
    # numbers at the same time) and this process's lock (no other thread does).
    with store.writer("append events"), _seq_lock(store):
        present = existing_ids(store, EVENTS_TABLE, "event_id", events["event_id"].to_list())
        new = events.filter(~pl.col("event_id").is_in(sorted(present)))
        if new.is_empty():
            return 0
        start = last_seq(store) + 1
        new = new.with_columns(pl.int_range(start, start + new.height, dtype=pl.Int64).alias("seq"))
        store.append(EVENTS_TABLE, new.select(EVENTS.names).to_arrow().cast(EVENTS))
        return new.height


def last_seq(store: Store) -> int:
    table = store.table(EVENTS_TABLE)
    if table is None or table.count_rows() == 0:
        return 0
    seqs = table.search().select(["seq"]).limit(None).to_arrow().column("seq")
    return int(pc.max(seqs).as_py())  # pyright: ignore[reportAttributeAccessIssue] (pyarrow.compute makes its kernels at import)


def _seq_lock(store: Store) -> threading.Lock:
    with _SEQ_LOCKS_GUARD:
        return _SEQ_LOCKS.setdefault(store.uri, threading.Lock())


def read_events(store: Store, where: str | None = None) -> pl.DataFrame:
    """Events in log order (an empty frame with the schema when there are none)."""
    if not store.has_table(EVENTS_TABLE):
        return arrow_frame(EVENTS.empty_table())
    frame = store.read(EVENTS_TABLE, where=where)
    if frame.is_empty():
        return arrow_frame(EVENTS.empty_table())
    return frame.sort("seq")


def scope_events(store: Store, scopes: Iterable[tuple[str, str]]) -> pl.DataFrame:
    scopes = list(scopes)
    if not scopes:
        return arrow_frame(EVENTS.empty_table())
    return read_events(store, sql.scope_filter(scopes))


class AmbiguousId(StoreError):
    """A short id that starts more than one stored id."""

    hint = "give more characters of the id"


def resolve_fact_id(store: Store, given: str, min_full: int = 32) -> str:
    """The full fact id a unique prefix (as `archivist facts` prints them) names; `given` itself when it is
    already whole or starts no stored id."""
    if len(given) >= min_full or not given.isalnum():
        return given
    events = read_events(store, sql.like_prefix("fact_id", given))
    ids = sorted(set(events["fact_id"].to_list())) if not events.is_empty() else []
    if len(ids) > 1:
        raise AmbiguousId(f"{given} is the start of {len(ids)} fact ids ({', '.join(i[:16] for i in ids[:5])} ...)")
    return ids[0] if ids else given


def fact_history(store: Store, fact_id: str) -> pl.DataFrame:
    """Every event about `fact_id` or caused by it, in log order."""
    quoted = sql.quote(fact_id)
    return read_events(store, f"fact_id = {quoted} OR cause_id = {quoted}")
