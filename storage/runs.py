"""The `runs` table: one record per flow run (parameters, start, end, status, counts)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from archivist.storage import schemas, sql
from archivist.storage.store import Store


def start_run(store: Store, run_id: str, flow: str, parameters: dict[str, Any]) -> None:
    store.ensure_table("runs", schemas.RUNS, btree=("run_id",))
    row = {
        "run_id": [run_id],
        "flow": [flow],
        "parameters": [json.dumps(parameters, default=str)],
        "started_at": [datetime.now(UTC)],
        "finished_at": [None],
        "status": ["running"],
        "counts": ["{}"],
    }
    store.upsert("runs", pa.table(row, schema=schemas.RUNS), "run_id")


def finish_run(store: Store, run_id: str, status: str, counts: dict[str, Any]) -> None:
    runs = store.read("runs", where=f"run_id = {sql.quote(run_id)}")
    started = runs["started_at"][0] if not runs.is_empty() else None
    flow = runs["flow"][0] if not runs.is_empty() else "unknown"
    parameters = runs["parameters"][0] if not runs.is_empty() else "{}"
    row = {
        "run_id": [run_id],
        "flow": [flow],
        "parameters": [parameters],
        "started_at": [started],
        "finished_at": [datetime.now(UTC)],
        "status": [status],
        "counts": [json.dumps(counts, default=str)],
    }
    store.upsert("runs", pa.table(row, schema=schemas.RUNS), "run_id")
