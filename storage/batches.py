"""The `llm_batches` table: provider batches this store submitted, keyed by a content hash of their requests.

Batch extraction (`--extract batch`) submits a partition's requests as one OpenAI Batch or Anthropic
Message Batch, which can take up to a day. Before submitting it looks here: a batch with the same key (the
same requests to the same provider and model) that is still running or finished but not yet collected is
waited on or collected instead, so a restarted run never pays for the same requests twice. The table holds
ids and counts only, never request or response content.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from archivist.storage import sql
from archivist.storage.calls import current_held
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store

LLM_BATCHES = "llm_batches"

LLM_BATCHES_SCHEMA = pa.schema(
    [
        pa.field("batch_key", pa.string(), nullable=False),
        pa.field("provider", pa.string()),
        pa.field("model", pa.string()),
        pa.field("endpoint", pa.string()),
        pa.field("batch_id", pa.string()),
        pa.field("input_file_id", pa.string()),
        pa.field("status", pa.string()),
        pa.field("request_count", pa.int64()),
        pa.field("run_id", pa.string()),
        pa.field("submitted_at", TIMESTAMP),
        pa.field("updated_at", TIMESTAMP),
    ]
)

SUBMITTED = "submitted"
"""Sent to the provider; results not collected yet (the provider's own status is in `status` too)."""
COLLECTED = "collected"
"""Results downloaded into the call cache; the batch will not be looked at again."""
ABANDONED = "abandoned"
"""The provider failed, expired or cancelled it without results; the next run submits a new one."""


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class BatchRecord:
    batch_key: str
    provider: str
    model: str
    endpoint: str
    batch_id: str
    request_count: int
    input_file_id: str | None = None
    status: str = SUBMITTED
    run_id: str | None = None
    submitted_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)

    @property
    def pending(self) -> bool:
        return self.status not in (COLLECTED, ABANDONED)


def _values(row: dict[str, Any]) -> dict[str, Any]:
    return {name: row.get(name) for name in LLM_BATCHES_SCHEMA.names}


class BatchLedger:
    """Reads and writes `llm_batches` rows (a handful per night: no buffering needed). Opened inside
    `hold_calls` (a partition task), its writes are held with the task's call rows for the flow to write."""

    def __init__(self, store: Store):
        self.store = store
        self._held = current_held()
        if self._held is None:
            store.ensure_table(LLM_BATCHES, LLM_BATCHES_SCHEMA)

    def get(self, batch_key: str) -> BatchRecord | None:
        if self._held is not None:
            held = self._held.batch(batch_key)
            if held is not None:
                return held
        frame = self.store.read(LLM_BATCHES, where=f"batch_key = {sql.quote(batch_key)}")
        if frame.is_empty():
            return None
        row = frame.row(0, named=True)
        return BatchRecord(**_values(row))

    def save(self, record: BatchRecord) -> BatchRecord:
        record = replace(record, updated_at=utcnow())
        if self._held is not None:
            self._held.keep_batch(record.batch_key, record)
        else:
            self.save_all([record])
        return record

    def save_all(self, records: list[BatchRecord]) -> None:
        """Upsert `records` as they are (the flow writing a task's held records)."""
        table = pa.Table.from_pylist([asdict(r) for r in records], schema=LLM_BATCHES_SCHEMA)
        self.store.upsert(LLM_BATCHES, table, "batch_key")

    def mark(self, record: BatchRecord, status: str) -> BatchRecord:
        return self.save(replace(record, status=status))

    def pending(self) -> list[BatchRecord]:
        """Batches submitted and not yet collected or abandoned (for `archivist` status reports)."""
        frame = self.store.read(LLM_BATCHES, where=f"status NOT IN ('{COLLECTED}', '{ABANDONED}')")
        return [BatchRecord(**_values(row)) for row in frame.iter_rows(named=True)]
