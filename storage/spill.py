"""Spill files: a partition attempt's held call rows, on disk as they are made, for the attempt that retries it.

A partition task holds its `call_cache`, `ledger` and `llm_batches` rows for the flow to write
(`calls.hold_calls`). An attempt that dies with its worker (or fails and is retried) would lose them, and its
retry would pay for the same calls again. So each attempt also appends every paid call (its response and its
ledger row) and every batch record, as it is made, to its own file in the partition's spill folder (inside the
run's staging folder, which every worker reaches); a retry reads every file there first, so the calls its
predecessors were answered are cache hits, and their ledger rows come back with the retry's result. The flow
deletes the folder once it has written the rows. Free calls (the embedded models') are not spilled.

One JSON line per row, written with one `write` on a file opened for appending: a process killed mid-line
leaves a torn last line, which the reader skips (that one row is lost, not the file). Nothing here writes
a table; the rows hold what the call cache holds (responses, never keys).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import uuid
from datetime import datetime
from pathlib import Path
from typing import IO, Any

SUFFIX = ".jsonl"
DATES = ("created_at", "submitted_at", "updated_at")
"""Row fields written as ISO strings and read back as datetimes."""

_handles: dict[str, IO[str]] = {}
_lock = threading.Lock()


def new_file(folder: str) -> str:
    """A fresh spill file for one attempt in `folder` (created); named by the process, so one can tell which
    worker wrote it."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    return str(Path(folder) / f"{os.getpid()}-{uuid.uuid4().hex[:12]}{SUFFIX}")


def append(path: str, kind: str, row: dict[str, Any]) -> None:
    """One row of `kind` ("call": a paid call's {"cache": row or None, "ledger": row}; "batch": an `llm_batches`
    record) at the end of the spill file `path`."""
    line = json.dumps({"kind": kind, "row": row}, default=_encode, ensure_ascii=False) + "\n"
    with _lock:
        handle = _handles.get(path)
        if handle is None:
            handle = _handles[path] = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open per attempt
        handle.write(line)
        handle.flush()  # in the kernel's hands: a killed process loses nothing written


def close(path: str) -> None:
    with _lock:
        handle = _handles.pop(path, None)
    if handle is not None:
        handle.close()


def read(folder: str) -> list[tuple[str, dict[str, Any]]]:
    """(kind, row) of every spill file in `folder`, oldest file first; torn lines skipped."""
    base = Path(folder)
    if not base.is_dir():
        return []
    rows: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(base.glob(f"*{SUFFIX}"), key=lambda p: (p.stat().st_mtime, p.name)):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # the last line of a killed attempt
            rows.append((entry["kind"], _decode(entry["row"])))
    return rows


def discard(folder: str) -> None:
    """Remove the spill folder (the flow, once the rows it holds are written)."""
    shutil.rmtree(folder, ignore_errors=True)


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    return {k: _decode(v) if isinstance(v, dict) and k in ("cache", "ledger")
            else datetime.fromisoformat(v) if k in DATES and isinstance(v, str) else v for k, v in row.items()}


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"cannot spill a {type(value).__name__}")
