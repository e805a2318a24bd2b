"""The `call_cache` and `ledger` tables: every model call's response by request hash, and what it cost.

One LanceDB commit per call would be far too slow (a commit costs milliseconds and makes a fragment), so
writes are buffered in memory and flushed in batches: every `flush_every` rows, and at `flush()` /
`close()`. Lookups read the memory buffers first, then the table (scalar index on `request_hash`).
Thread-safe: many decision threads share one `CallLog`. Keys and secrets never reach these tables;
callers hash and store request bodies that do not contain them.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from archivist.storage import spill, sql
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store

log = logging.getLogger(__name__)

CALL_CACHE = "call_cache"
LEDGER = "ledger"
LOOKUP_CHUNK = 500  # hashes per `IN (...)` filter

CALL_CACHE_SCHEMA = pa.schema(
    [
        pa.field("request_hash", pa.string(), nullable=False),
        pa.field("provider", pa.string()),
        pa.field("model", pa.string()),
        pa.field("endpoint", pa.string()),
        pa.field("response", pa.string()),
        pa.field("created_at", TIMESTAMP),
    ]
)

LEDGER_SCHEMA = pa.schema(
    [
        pa.field("call_id", pa.string(), nullable=False),
        pa.field("run_id", pa.string()),
        pa.field("provider", pa.string()),
        pa.field("model", pa.string()),
        pa.field("endpoint", pa.string()),
        pa.field("request_hash", pa.string()),
        pa.field("input_tokens", pa.int64()),
        pa.field("output_tokens", pa.int64()),
        pa.field("cost_usd", pa.float64()),
        pa.field("latency_s", pa.float64()),
        pa.field("cached", pa.bool_()),
        pa.field("attempts", pa.int64()),
        pa.field("error", pa.string()),
        pa.field("created_at", TIMESTAMP),
        # The parts of `input_tokens` read from and written to the provider's prompt cache (OpenAI
        # `prompt_tokens_details.cached_tokens`; Anthropic `cache_read_input_tokens` / `cache_creation_input_tokens`),
        # priced apart. Last, so a ledger written before them gets them appended, null in its old rows.
        pa.field("cached_input_tokens", pa.int64()),
        pa.field("cache_write_tokens", pa.int64()),
    ]
)


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class LedgerRow:
    provider: str
    model: str
    endpoint: str
    request_hash: str
    run_id: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    cached: bool = False
    attempts: int = 0
    """Attempts sent to the provider (0 for a cache hit)."""
    error: str | None = None
    """Set when the call failed after every retry and its questions fell back."""
    call_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created_at: datetime = field(default_factory=utcnow)
    cached_input_tokens: int = 0
    """Of `input_tokens`, those read from the provider's prompt cache (billed at its cached-input price)."""
    cache_write_tokens: int = 0
    """Of `input_tokens`, those written to the provider's prompt cache (Anthropic bills them above input)."""


@dataclass
class HeldCalls:
    """The `call_cache` and `ledger` rows a partition task's call logs buffered instead of writing: returned with
    the task's result so that the flow, the single writer of every table, writes them (`write_held`)."""

    cache: dict[str, dict[str, Any]] = field(default_factory=dict)
    ledger: list[LedgerRow] = field(default_factory=list)
    batches: dict[str, Any] = field(default_factory=dict)
    """`llm_batches` records (storage/batches.py) by batch key, the latest state of each."""
    spill_dir: str | None = None
    """The partition's spill folder (storage/spill.py), when the task was given one; deleted once written."""
    spill_file: str | None = None
    """This attempt's file in it: each paid call and batch record is appended as it is made, for a retry."""

    @property
    def empty(self) -> bool:
        return not (self.cache or self.ledger or self.batches)

    def spilled(self, kind: str, row: dict[str, Any]) -> None:
        if self.spill_file is not None:
            spill.append(self.spill_file, kind, row)

    def keep_batch(self, key: str, record: Any) -> None:
        with _held_lock:
            self.batches[key] = record
        self.spilled("batch", asdict(record))

    def batch(self, key: str) -> Any | None:
        with _held_lock:
            return self.batches.get(key)


_HELD: ContextVar[HeldCalls | None] = ContextVar("archivist_held_calls", default=None)
_held_lock = threading.Lock()  # module-level: a lock inside HeldCalls would not pickle back to the flow


@contextmanager
def hold_calls(spill_dir: str | None = None) -> Iterator[HeldCalls]:
    """Every `CallLog` opened inside the block (in this thread) flushes into the yielded rows, not the store;
    its lookups still see them, so a request answered earlier in the task is not paid twice. A `BatchLedger`
    opened inside it holds its `llm_batches` records there too.

    With `spill_dir` (one folder per partition, shared by its attempts), the rows of earlier attempts spilled
    there are held from the start (their answers are cache hits), and this attempt spills its own rows."""
    held = HeldCalls(spill_dir=spill_dir)
    if spill_dir is not None:
        _load_spilled(held, spill_dir)
        held.spill_file = spill.new_file(spill_dir)
    token = _HELD.set(held)
    try:
        yield held
    finally:
        _HELD.reset(token)
        if held.spill_file is not None:
            spill.close(held.spill_file)


def _load_spilled(held: HeldCalls, spill_dir: str) -> None:
    from archivist.storage.batches import BatchRecord

    seen: set[str] = set()
    for kind, row in spill.read(spill_dir):
        if kind == "call":
            cached, ledger = row["cache"], row["ledger"]
            if cached is not None:
                held.cache.setdefault(cached["request_hash"], cached)
            if ledger["call_id"] not in seen:
                seen.add(ledger["call_id"])
                held.ledger.append(LedgerRow(**ledger))
        elif kind == "batch":
            record = BatchRecord(**row)
            known = held.batches.get(record.batch_key)
            if known is None or known.updated_at <= record.updated_at:
                held.batches[record.batch_key] = record


def read_spilled(spill_dir: str) -> HeldCalls:
    """The rows spilled in `spill_dir` (a partition whose every attempt died: the flow writes what they paid)."""
    held = HeldCalls(spill_dir=spill_dir)
    _load_spilled(held, spill_dir)
    return held


def current_held() -> HeldCalls | None:
    """The rows of the `hold_calls` block this thread runs in; None outside one (writes go to the store)."""
    return _HELD.get()


def write_held(store: Store, held: HeldCalls) -> None:
    """Write a task's held rows: cache rows first, as every flush does, and batch records last (a batch is
    marked collected only once its results are in the cache)."""
    if held.empty:
        return
    token = _HELD.set(None)
    try:
        if held.cache or held.ledger:
            log = CallLog(store)
            log._pending_cache, log._pending_ledger = dict(held.cache), list(held.ledger)
            log.flush()
        if held.batches:
            from archivist.storage.batches import BatchLedger

            BatchLedger(store).save_all(list(held.batches.values()))
    finally:
        _HELD.reset(token)


class CallLog:
    """Buffered writer and reader of `call_cache` and `ledger` in one store (inside `hold_calls`, a buffer only)."""

    def __init__(self, store: Store, flush_every: int = 500):
        self.store = store
        self.flush_every = max(1, flush_every)
        store.ensure_table(CALL_CACHE, CALL_CACHE_SCHEMA, btree=["request_hash"])
        from archivist.storage.facts import add_missing_columns

        add_missing_columns(store, LEDGER, LEDGER_SCHEMA)  # a ledger from before the cached-token columns
        store.ensure_table(LEDGER, LEDGER_SCHEMA)
        self._lock = threading.Lock()  # guards the buffers
        self._flush_lock = threading.Lock()  # one flush at a time, in order
        self._pending_cache: dict[str, dict[str, Any]] = {}
        self._flushing_cache: dict[str, dict[str, Any]] = {}  # written right now: still visible to lookups
        self._pending_ledger: list[LedgerRow] = []
        self._held = _HELD.get()

    # -- call cache ------------------------------------------------------------------------------

    def lookup(self, request_hash: str) -> Any | None:
        """The cached response (decoded JSON) for `request_hash`, or None."""
        return self.lookup_many([request_hash]).get(request_hash)

    def lookup_many(self, hashes: Iterable[str]) -> dict[str, Any]:
        """Cached responses for those of `hashes` that have one: memory first, then the table."""
        found: dict[str, Any] = {}
        missing: list[str] = []
        with self._lock:
            for h in dict.fromkeys(hashes):
                row = self._pending_cache.get(h) or self._flushing_cache.get(h)
                if row is None and self._held is not None:
                    with _held_lock:
                        row = self._held.cache.get(h)
                if row is not None:
                    found[h] = json.loads(row["response"])
                else:
                    missing.append(h)
        if missing and self.store.count(CALL_CACHE) == 0:
            return found  # a fresh cache: a row count is far cheaper than a filtered scan
        for start in range(0, len(missing), LOOKUP_CHUNK):
            chunk = missing[start : start + LOOKUP_CHUNK]
            where = f"request_hash = {sql.quote(chunk[0])}" if len(chunk) == 1 else sql.in_list("request_hash", chunk)
            frame = self.store.read(CALL_CACHE, where=where, columns=["request_hash", "response"])
            for request_hash, response in frame.iter_rows():
                found.setdefault(request_hash, json.loads(response))
        return found

    def remember(self, request_hash: str, provider: str, model: str, endpoint: str, response: Any) -> None:
        """Buffer a response for the cache (the first one wins if the same request was answered twice)."""
        row = {
            "request_hash": request_hash,
            "provider": provider,
            "model": model,
            "endpoint": endpoint,
            "response": json.dumps(response, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
            "created_at": utcnow(),
        }
        with self._lock:
            self._pending_cache.setdefault(request_hash, row)
            due = len(self._pending_cache) >= self.flush_every
        if due:
            self.flush()

    # -- ledger ---------------------------------------------------------------------------------

    def record(self, row: LedgerRow) -> None:
        with self._lock:
            self._pending_ledger.append(row)
            due = len(self._pending_ledger) >= self.flush_every
        if self._held is not None and self._held.spill_file is not None and row.cost_usd > 0 and not row.cached:
            self._spill_paid(row)
        if due:
            self.flush()

    def _spill_paid(self, row: LedgerRow) -> None:
        """A paid call's ledger row and its response, to the attempt's spill file (storage/spill.py). Free calls
        (the embedded models', cache hits) are not spilled: asking them again costs no money, and spilling
        every one of them measured 2x the time of holding a call (tests/benchmarks/bench_spill.py)."""
        assert self._held is not None
        key = row.request_hash
        with self._lock:
            cached = self._pending_cache.get(key) or self._flushing_cache.get(key)
        if cached is None:
            with _held_lock:
                cached = self._held.cache.get(key)
        self._held.spilled("call", {"cache": cached, "ledger": dict(vars(row))})

    # -- flushing -------------------------------------------------------------------------------

    def flush(self) -> None:
        """Write every buffered row: cache rows first, so a ledger row never names an unwritten response."""
        with self._flush_lock:
            with self._lock:
                cache_rows = self._pending_cache
                ledger_rows = self._pending_ledger
                self._flushing_cache = cache_rows
                self._pending_cache, self._pending_ledger = {}, []
            if self._held is not None:
                with _held_lock:
                    for h, row in cache_rows.items():
                        self._held.cache.setdefault(h, row)
                    self._held.ledger.extend(ledger_rows)
                with self._lock:
                    self._flushing_cache = {}
                return
            try:
                if cache_rows:
                    table = pa.Table.from_pylist(list(cache_rows.values()), schema=CALL_CACHE_SCHEMA)
                    # Insert-if-absent: another process may have cached the same request meanwhile.
                    self.store.insert_new(CALL_CACHE, table, "request_hash")
                if ledger_rows:
                    # vars(), not dataclasses.asdict(): asdict deep-copies every row, a visible cost per call
                    table = pa.Table.from_pylist([dict(vars(r)) for r in ledger_rows], schema=LEDGER_SCHEMA)
                    self.store.append(LEDGER, table)
            except Exception:
                with self._lock:  # put the rows back so a later flush can write them
                    for h, row in cache_rows.items():
                        self._pending_cache.setdefault(h, row)
                    self._pending_ledger[:0] = ledger_rows
                raise
            finally:
                with self._lock:
                    self._flushing_cache = {}

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._pending_cache) + len(self._pending_ledger)

    def close(self) -> None:
        self.flush()

    def __enter__(self) -> CallLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SUMMARY_KEYS = ["run_id", "provider", "model"]


def ledger_summary(store: Store, run_id: str | None = None) -> list[dict[str, Any]]:
    """Calls, cached and failed calls, tokens, cost and median answer latency, by run, provider and model."""
    import polars as pl

    where = f"run_id = {sql.quote(run_id)}" if run_id else None
    frame = store.read(LEDGER, where=where)
    if frame.is_empty():
        return []
    summary = (
        frame.group_by(SUMMARY_KEYS)
        .agg(
            pl.len().alias("calls"),
            pl.col("cached").sum().alias("cached_calls"),
            pl.col("error").is_not_null().sum().alias("failed_calls"),
            pl.col("input_tokens").sum().alias("input_tokens"),
            pl.col("output_tokens").sum().alias("output_tokens"),
            *[pl.col(name).fill_null(0).sum().alias(name) if name in frame.columns else pl.lit(0).alias(name)
              for name in ("cached_input_tokens", "cache_write_tokens")],  # null in rows of an older ledger
            pl.col("cost_usd").sum().alias("cost_usd"),
            # A cache hit's latency is a table lookup and a failure's is the retry budget; the median that
            # matters is the provider's answers'.
            pl.col("latency_s").filter(~pl.col("cached") & pl.col("error").is_null()).median()
            .alias("p50_latency_s"),
            pl.col("created_at").min().alias("first_call"),
        )
        .sort(["first_call", "provider", "model"], nulls_last=True)
        .drop("first_call")
    )
    return summary.to_dicts()


def run_spend(store: Store, run_id: str) -> float:
    """What the ledger rows of `run_id` flushed so far cost, in US dollars (0 before the ledger exists)."""
    frame = store.read(LEDGER, where=f"run_id = {sql.quote(run_id)}", columns=["cost_usd"])
    return float(frame["cost_usd"].sum() or 0.0) if frame.height else 0.0
