"""Reads the dry-run estimate (tasks/ingest/estimate.py) makes of the store: the ledger's history, nothing written."""

from __future__ import annotations

from archivist.storage import sql
from archivist.storage.calls import LEDGER
from archivist.storage.store import Store


def ledger_output_tokens(store: Store, provider: str, model: str) -> tuple[float, int]:
    """(mean output tokens, calls) of the paid, successful calls of `provider` to `model` (or a versioned id of it)
    in the ledger; (0.0, 0) when there are none."""
    if not store.has_table(LEDGER):
        return 0.0, 0
    where = sql.all_of(f"provider = {sql.quote(provider)}", sql.like_prefix("model", model), "cached = false",
                       "error IS NULL", "output_tokens > 0")
    rows = store.read(LEDGER, where=where, columns=["output_tokens"])
    if rows.is_empty():
        return 0.0, 0
    return float(rows["output_tokens"].mean() or 0.0), rows.height  # type: ignore[arg-type]
