"""The `extract_skips` table: turns the extraction gate kept from the extractor, with the verdict behind each.

A skipped turn is *not* marked in `extracted` (storage/turns.py): `extracted` means "read by an extractor,
nothing left to find", and a turn the gate skipped was never read. So every later run still finds it among the
turns left to process, and a re-run with a lower threshold, or with another gate model, revisits exactly the
skipped turns; nothing else has to remember them. What this table adds is the verdict: one row per turn and
gate identity (provider, model, question id and version), holding the probability asked. A re-run with the same
gate identity reads the recorded probability instead of asking again (a hosted gate's request for yesterday's
skipped turns would otherwise be paid for every night), and compares it with its own threshold; another model
or question version has no row yet and is asked.

Rows are written insert-if-absent under a content id, so a re-run that skips the same turn again adds
nothing. Purge removes a scope's rows (tenant and scope columns, storage/purge.py).
"""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pyarrow as pa

from archivist.ids import content_id
from archivist.storage import sql
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store

SKIPS_TABLE = "extract_skips"
EXTRACT_SKIPS = pa.schema(
    [
        pa.field("skip_id", pa.string(), nullable=False),
        pa.field("turn_id", pa.string(), nullable=False),
        pa.field("tenant", pa.string(), nullable=False),
        pa.field("scope", pa.string(), nullable=False),
        pa.field("probability", pa.float64(), nullable=False),  # p(worth keeping), as the gate answered
        pa.field("kind", pa.string()),  # the likeliest option (`nothing` unless a kind led below the threshold)
        pa.field("provider", pa.string(), nullable=False),
        pa.field("model", pa.string(), nullable=False),
        pa.field("question_id", pa.string(), nullable=False),
        pa.field("question_version", pa.int64(), nullable=False),
        pa.field("threshold", pa.float64(), nullable=False),
        pa.field("extractor", pa.string()),
        pa.field("run_id", pa.string()),
        pa.field("skipped_at", TIMESTAMP),
    ]
)


def skip_id(turn_id: str, provider: str, model: str, question_id: str, question_version: int) -> str:
    """One row per turn and gate identity: the probability is a property of these, not of the threshold."""
    return content_id(SKIPS_TABLE, turn_id, provider, model, question_id, str(question_version))


def ensure_skips_table(store: Store) -> None:
    store.ensure_table(SKIPS_TABLE, EXTRACT_SKIPS, btree=("skip_id", "turn_id"))


def write_skips(store: Store, rows: pl.DataFrame) -> int:
    """Record skipped turns (columns of EXTRACT_SKIPS but `skip_id` and `skipped_at`); returns how many were new."""
    if rows.is_empty():
        return 0
    ensure_skips_table(store)
    ids = [skip_id(r["turn_id"], r["provider"], r["model"], r["question_id"], r["question_version"])
           for r in rows.iter_rows(named=True)]
    frame = rows.with_columns(pl.Series("skip_id", ids), pl.lit(datetime.now(UTC)).alias("skipped_at"))
    table = frame.select(EXTRACT_SKIPS.names).to_arrow().cast(EXTRACT_SKIPS)
    return store.insert_new(SKIPS_TABLE, table, "skip_id")


def recorded_verdicts(store: Store, turn_ids: list[str], provider: str, model: str, question_id: str,
                      question_version: int) -> dict[str, float]:
    """turn id -> the probability this gate identity answered for it before (turns it skipped)."""
    if not turn_ids or not store.has_table(SKIPS_TABLE):
        return {}
    where = sql.all_of(f"provider = {sql.quote(provider)}", f"model = {sql.quote(model)}",
                       f"question_id = {sql.quote(question_id)}", f"question_version = {int(question_version)}")
    frame = store.read_ids(SKIPS_TABLE, "turn_id", turn_ids, columns=["turn_id", "probability"], where=where)
    return dict(zip(frame["turn_id"].to_list(), frame["probability"].to_list(), strict=True)) if frame.height else {}


def read_skips(store: Store, scopes: list[tuple[str, str | None]] | None = None) -> pl.DataFrame:
    """The recorded skips (of the given scopes, or all)."""
    return store.read(SKIPS_TABLE, where=sql.scope_filter(scopes) if scopes else None)
