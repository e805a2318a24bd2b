"""`archivist costs`: the ledger summarised by run, provider and model."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage.calls import CallLog, LedgerRow
from archivist.storage.store import Store, StoreNotFound
from archivist.storage.turns import ensure_ingest_tables


@pytest.fixture
def store_uri(tmp_path):
    uri = str(tmp_path / "store")
    ensure_ingest_tables(Store(uri), 8)  # a store ingested into (a bare ledger is no archivist store)
    with CallLog(Store(uri)) as calls:
        for i, latency in enumerate([0.2, 0.4, 0.9]):
            calls.record(LedgerRow(provider="systemone", model="jev-1.13.0", endpoint="/v1/systemone",
                                   request_hash=f"h{i}", run_id="night-1", input_tokens=1_000_000,
                                   output_tokens=200, cost_usd=0.042, latency_s=latency, attempts=1))
        calls.record(LedgerRow(provider="systemone", model="jev-1.13.0", endpoint="/v1/systemone",
                               request_hash="h0", run_id="night-2", cached=True, latency_s=0.001))
        calls.record(LedgerRow(provider="llm:anthropic", model="claude-haiku-4-5", endpoint="/v1/messages",
                               request_hash="c", run_id="night-1", input_tokens=2000, output_tokens=400,
                               cost_usd=0.004, latency_s=1.5, attempts=2))
    return uri


def test_costs_json_by_run_provider_and_model(store_uri):
    result = CliRunner().invoke(app, ["costs", "--store", store_uri, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    rows = {(r["run_id"], r["provider"], r["model"]): r for r in report["rows"]}
    jev = rows[("night-1", "systemone", "jev-1.13.0")]
    assert (jev["calls"], jev["cached_calls"], jev["input_tokens"], jev["output_tokens"]) == (3, 0, 3_000_000, 600)
    assert jev["cost_usd"] == pytest.approx(0.126) and jev["p50_latency_s"] == pytest.approx(0.4)
    cached = rows[("night-2", "systemone", "jev-1.13.0")]
    assert (cached["calls"], cached["cached_calls"], cached["cost_usd"], cached["p50_latency_s"]) == (1, 1, 0.0, None)
    assert rows[("night-1", "llm:anthropic", "claude-haiku-4-5")]["cost_usd"] == pytest.approx(0.004)
    assert report["total"]["calls"] == 5 and report["total"]["cost_usd"] == pytest.approx(0.130)


def test_costs_for_one_run_as_a_table(store_uri):
    result = CliRunner().invoke(app, ["costs", "--store", store_uri, "--run", "night-2"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "jev-1.13.0" in result.output and "night-2" in result.output and "claude" not in result.output
    filtered = json.loads(CliRunner().invoke(app, ["costs", "--store", store_uri, "--run", "night-2", "--json"]).output)
    assert [r["run_id"] for r in filtered["rows"]] == ["night-2"]


def test_costs_of_a_store_without_calls(tmp_path):
    ensure_ingest_tables(Store(str(tmp_path / "empty")), 8)
    result = CliRunner().invoke(app, ["costs", "--store", str(tmp_path / "empty"), "--json"])
    assert result.exit_code == 0 and json.loads(result.output) == {"rows": [], "total": {
        "calls": 0, "cached_calls": 0, "failed_calls": 0, "input_tokens": 0, "cached_input_tokens": 0,
        "cache_write_tokens": 0, "output_tokens": 0, "cost_usd": 0}}


def test_costs_refuse_a_path_that_holds_no_store(tmp_path):
    # This used to read a missing store as an empty ledger (exit 0); a typo in --store is now refused.
    result = CliRunner().invoke(app, ["costs", "--store", str(tmp_path / "empty"), "--json"])
    assert isinstance(result.exception, StoreNotFound) and not (tmp_path / "empty").exists()
