"""Prompt-cache reads and writes reach the ledger as columns of their own and `archivist costs` shows them."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage.calls import LEDGER, LEDGER_SCHEMA, CallLog, LedgerRow
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables
from archivist.tasks.extract import LLMExtractor
from tests.tasks.extract.extract_fakes import make_turn, server, settings_for  # noqa: F401


@pytest.mark.parametrize(("vendor", "write"), [("openai", 0), ("anthropic", 30)])
def test_cache_reads_and_writes_from_usage_are_ledgered_and_shown_by_costs(server, vendor, write, tmp_path):  # noqa: F811
    server.knobs.cached_tokens, server.knobs.cache_write_tokens = 100, write
    uri = str(tmp_path / "store")
    ensure_ingest_tables(Store(uri), 8)
    store = Store(uri)
    LLMExtractor(settings_for(server, vendor), store=store, limiter=None).extract([make_turn("t", "I love hiking.")])
    [row] = store.read(LEDGER).iter_rows(named=True)
    assert (row["cached_input_tokens"], row["cache_write_tokens"]) == (100, write)
    assert row["input_tokens"] > 100 + write  # the parts are inside input_tokens, not beside it

    report = json.loads(CliRunner().invoke(app, ["costs", "--store", uri, "--json"]).output)
    assert (report["total"]["cached_input_tokens"], report["total"]["cache_write_tokens"]) == (100, write)
    table = CliRunner().invoke(app, ["costs", "--store", uri], env={"COLUMNS": "250"})
    assert table.exit_code == 0 and "cache read" in table.output and "cache write" in table.output


def test_a_ledger_written_before_the_cache_columns_gets_them_null_in_old_rows(tmp_path):
    store = Store(str(tmp_path / "store"))
    old = pa.schema([f for f in LEDGER_SCHEMA if f.name not in ("cached_input_tokens", "cache_write_tokens")])
    store.ensure_table(LEDGER, old)
    store.append(LEDGER, pa.Table.from_pylist([{"call_id": "old", "run_id": "r0", "provider": "p", "model": "m",
                                                "input_tokens": 50, "output_tokens": 5, "cost_usd": 0.1,
                                                "cached": False}], schema=old))
    with CallLog(store) as calls:  # what every run does first: opens the ledger, no schema error
        calls.record(LedgerRow(provider="p", model="m", endpoint="/x", request_hash="h", run_id="r1",
                               input_tokens=40, cached_input_tokens=30))
    assert store.table(LEDGER).schema.names == LEDGER_SCHEMA.names
    rows = {r["call_id"] if r["run_id"] == "r0" else "new": r for r in store.read(LEDGER).iter_rows(named=True)}
    assert (rows["old"]["cached_input_tokens"], rows["old"]["cache_write_tokens"]) == (None, None)
    assert rows["new"]["cached_input_tokens"] == 30
    from archivist.storage.calls import ledger_summary

    summary = {r["run_id"]: r for r in ledger_summary(store)}
    assert (summary["r0"]["cached_input_tokens"], summary["r1"]["cached_input_tokens"]) == (0, 30)
