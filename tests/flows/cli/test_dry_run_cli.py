"""`archivist ingest --dry-run`: counts what a run would do and cost, sends nothing, writes nothing."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.flows.cli.output import SNAKE
from archivist.storage import schemas
from archivist.storage.calls import CallLog, LedgerRow
from archivist.storage.extract_skips import write_skips
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, mark_extracted, write_turns
from archivist.tasks.extract import batch as batch_extraction
from archivist.tasks.ingest import estimate
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.ingest.read import read_archive
from tests.archives import BAD_LINES, write_archive
from tests.fakes.fixtures import fake_server  # noqa: F401
from tests.tasks.writepath.test_extract_gate import skip_columns_row

runner = CliRunner()


@pytest.fixture
def night(tmp_path):
    path = tmp_path / "night" / "chats.jsonl"
    valid = write_archive(path, scopes=2, conversations=1, turns=6, bad_lines=BAD_LINES[:1])
    return path, valid


def half_stored(tmp_path, archive) -> Store:
    """A store holding the first half of the archive's turns (one of them extracted) and a ledger row."""
    from archivist.configs.settings import load_settings

    store = Store(str(tmp_path / "store"))
    embedder = get_embedder(load_settings())
    ensure_ingest_tables(store, embedder.dim)
    [records] = [b.records for b in read_archive([str(archive)]) if not b.records.is_empty()]
    first = records.head(records.height // 2)
    vectors = embedder.embed(first["text"].to_list())
    table = first.to_arrow().append_column("run_id", pa.array(["r0"] * first.height)).append_column(
        "vector", pa.array([v.tolist() for v in vectors], type=pa.list_(pa.float32(), embedder.dim)))
    write_turns(store, table.select(schemas.turns_schema(embedder.dim).names))
    import polars as pl

    mark_extracted(store, pl.DataFrame({"turn_id": [first["turn_id"][0]], "extractor": ["local"], "facts": [1],
                                        "run_id": ["r0"]}))
    write_skips(store, pl.DataFrame([skip_columns_row(first["turn_id"][1])]))
    with CallLog(store) as calls:
        calls.record(LedgerRow("openai", "gpt-4o-mini", "chat", "h1", run_id="r0", input_tokens=10,
                               output_tokens=5))
    return store


def versions(store: Store) -> dict[str, int | None]:
    return {name: store.version(name) for name in store.list_tables()}


def dry_run(args: list[str]) -> dict:
    result = runner.invoke(app, ["ingest", *args, "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    assert all(SNAKE.match(key) for key in report)
    return report


@pytest.mark.parametrize("decisions", ["openai_decisions", "systemone"])
def test_the_dry_run_sends_nothing_and_leaves_every_table_version_unchanged(tmp_path, night, fake_server,  # noqa: F811
                                                                           monkeypatch, decisions):
    archive, valid = night
    store = half_stored(tmp_path, archive)
    before, tables = versions(store), sorted(store.list_tables())
    monkeypatch.setenv("ARCHIVIST_LLM__PROVIDER", "openai")
    monkeypatch.setenv("ARCHIVIST_LLM__BASE_URL", fake_server.url + "/v1")
    monkeypatch.setenv("ARCHIVIST_DECISIONS__PROVIDER", decisions)
    monkeypatch.setenv("ARCHIVIST_DECISIONS__BASE_URL", fake_server.url + ("/v1" if decisions != "systemone" else ""))
    report = dry_run([str(archive.parent), "--store", store.uri])
    assert fake_server.requests == []  # no gate, extraction, decision or embedding request was sent
    assert versions(store) == before and sorted(store.list_tables()) == tables
    assert (report["valid"], report["quarantined"]) == (valid, 1)
    assert report["turns_already_stored"] == valid // 2 and report["turns_to_embed"] == valid - valid // 2
    # Every turn not extracted yet (the stored ones too) is screened; a hosted gate is not asked, so all count.
    assert report["turns_to_extract"] == valid - 1 and report["gate"]["asked"] is False
    calls = {call["purpose"]: call for call in report["calls"]}
    assert calls["extract"]["requests"] == valid - 1 and calls["extract"]["provider"] == "openai"
    assert calls["gate"]["provider"] == decisions and calls["gate"]["requests"] == 1  # 11 turns, 20 per request
    assert calls["extract"]["input_tokens"] > 100 * calls["extract"]["requests"]  # the whole prompt is counted
    assert calls["extract"]["cost_usd"] > 0 and report["total_cost_usd"] == pytest.approx(
        sum(c["cost_usd"] for c in report["calls"]), abs=1e-6)


def test_the_local_gate_runs_and_batch_mode_is_priced_at_its_discount(tmp_path, night, fake_server,  # noqa: F811
                                                                      monkeypatch):
    archive, valid = night
    with archive.open("a", encoding="utf-8") as out:  # one turn of pure filler
        out.write(json.dumps({"tenant": "acme", "scope": "cust-0000", "conversation_id": "conv-0", "turn_index": 99,
                              "speaker": "customer", "role": "customer", "text": "ok thanks, bye!",
                              "said_at": "2026-10-01T10:00:00+00:00"}) + "\n")
    valid += 1
    monkeypatch.setenv("ARCHIVIST_LLM__PROVIDER", "anthropic")
    monkeypatch.setenv("ARCHIVIST_LLM__MODEL", "claude-haiku-4-5")
    monkeypatch.setenv("ARCHIVIST_LLM__BASE_URL", fake_server.url)
    store = tmp_path / "no-store-yet"
    sync = dry_run([str(archive), "--store", str(store)])
    batch = dry_run([str(archive), "--store", str(store), "--extract", "batch"])
    assert not store.exists() and fake_server.requests == []
    assert sync["gate"]["asked"] is True and sync["turns_gated_out"] >= 1
    assert sync["turns_to_extract"] + sync["turns_gated_out"] == valid
    [line] = [c for c in sync["calls"] if c["purpose"] == "extract"]
    [batched] = [c for c in batch["calls"] if c["purpose"] == "extract"]
    assert batched["batch"] and batched["input_tokens"] == line["input_tokens"]
    assert batched["cost_usd"] == pytest.approx(line["cost_usd"] * batch_extraction.BATCH_DISCOUNT)
    assert estimate.BATCH_DISCOUNT == batch_extraction.BATCH_DISCOUNT


def test_without_an_llm_the_embedded_extractor_is_planned_for_free_and_a_bad_mode_is_refused(tmp_path, night):
    archive, valid = night
    report = dry_run([str(archive), "--store", str(tmp_path / "store")])
    assert report["extractor"] == "local" and report["gate"]["applies"] is False
    assert report["total_cost_usd"] == 0 and report["turns_to_extract"] == valid
    refused = runner.invoke(app, ["ingest", str(archive), "--dry-run", "--extract", "llm"])
    assert refused.exit_code == 2 and "needs an LLM" in refused.output
