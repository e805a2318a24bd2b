"""Small archive builders for the reader tests: every test writes its own files under tmp_path.

Imported by the test modules beside it (pytest puts this folder on sys.path).
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from archivist.tasks.ingest.read import read_archive


def message(index: int, **changes) -> dict:
    """A valid JSON Lines message; `changes` overrides fields, and a value of ... removes the field."""
    record = {
        "tenant": "acme",
        "scope": "cust-0001",
        "conversation_id": "conv-1",
        "turn_index": index,
        "speaker": "Maria",
        "role": "customer",
        "text": f"Message number {index} about my broadband.",
        "said_at": f"2026-11-28T10:{index % 60:02d}:00Z",
    }
    for key, value in changes.items():
        if value is ...:
            record.pop(key, None)
        else:
            record[key] = value
    return record


def line(record: dict) -> bytes:
    return json.dumps(record).encode("utf-8")


def write_lines(path: Path, lines: list[bytes]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def read_all(paths, fmt: str = "auto", **options) -> tuple[pl.DataFrame, pl.DataFrame, int]:
    """(records, quarantine, records read) of the whole archive, batches concatenated."""
    batches = list(read_archive([str(p) for p in paths], fmt, **options))
    assert batches, "the archive yielded no batch"
    records = pl.concat([b.records for b in batches])
    quarantine = pl.concat([b.quarantine for b in batches])
    return records, quarantine, sum(b.records_read for b in batches)
