"""The ingestion flow end to end, through a real Prefect server (see conftest.prefect_api)."""

from __future__ import annotations

import polars as pl
import pytest

from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
from archivist.storage import Store
from archivist.storage.turns import table_counts
from tests.archives import BAD_LINES, write_archive
from tests.fakes.fixtures import fake_openai  # noqa: F401

pytestmark = pytest.mark.slow


def settings_for(store_path, **overrides):
    # Keys as load_settings takes them: ingest__partitions=2, embedder__dim=16.
    return load_settings(store__uri=str(store_path), **overrides)


def turn_rows(store_uri) -> pl.DataFrame:
    return Store(store_uri).read("turns").drop("run_id", "vector").sort("turn_id")


def test_ingest_twice_changes_no_count_but_runs(prefect_api, tmp_path):
    archive = tmp_path / "archive" / "date=2026-10-01" / "chats.jsonl"
    valid = write_archive(archive, bad_lines=BAD_LINES)
    settings = settings_for(tmp_path / "store", ingest__partitions=3, ingest__batch_rows=10)

    first = run_ingest([str(tmp_path / "archive")], settings)
    assert (first.records_read, first.turns_written, first.quarantined) == (valid + 3, valid, 3)
    before = table_counts(Store(settings.store.uri))

    second = run_ingest([str(tmp_path / "archive")], settings)
    after = table_counts(Store(settings.store.uri))
    assert second.turns_written == 0 and second.duplicates_skipped == valid
    assert {k: v for k, v in after.items() if k != "runs"} == {k: v for k, v in before.items() if k != "runs"}
    assert (before["runs"], after["runs"]) == (1, 2)
    assert before["turns"] == valid and before["quarantine"] == 3


def test_tenants_sharing_scope_and_conversation_ids_stay_apart(prefect_api, tmp_path):
    write_archive(tmp_path / "a.jsonl", tenants=("acme", "globex"), scopes=2, conversations=1, turns=3)
    settings = settings_for(tmp_path / "store", ingest__partitions=2)
    run_ingest([str(tmp_path / "a.jsonl")], settings)
    turns = Store(settings.store.uri).read("turns")
    per_tenant = turns.group_by("tenant").agg(pl.len()).sort("tenant").rows()
    assert per_tenant == [("acme", 6), ("globex", 6)]
    assert turns["turn_id"].n_unique() == 12


def test_dask_runner_writes_what_the_thread_runner_writes(prefect_api, tmp_path):
    write_archive(tmp_path / "a.jsonl", scopes=5, conversations=2, turns=4)
    threads = settings_for(tmp_path / "threads", ingest__partitions=4)
    dask = settings_for(tmp_path / "dask", ingest__partitions=4)
    run_ingest([str(tmp_path / "a.jsonl")], threads, runner="threads")
    summary = run_ingest([str(tmp_path / "a.jsonl")], dask, runner="dask")
    assert summary.turns_written == 40
    assert turn_rows(threads.store.uri).equals(turn_rows(dask.store.uri))


def test_openai_embedder_by_config_is_cached_and_refuses_a_mix(prefect_api, tmp_path, fake_openai, monkeypatch):
    from archivist.tasks.ingest.embed import EmbedderMismatch

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-ingest-0000")
    write_archive(tmp_path / "a.jsonl", scopes=2, conversations=1, turns=3)
    settings = settings_for(tmp_path / "store", ingest__partitions=2, embedder__provider="openai",
                            embedder__model="text-embedding-3-small", embedder__dim=16,
                            embedder__base_url=fake_openai.url + "/v1")

    summary = run_ingest([str(tmp_path / "a.jsonl")], settings, stage="turns")
    store = Store(settings.store.uri)
    assert summary.turns_written == 6
    assert store.read("turns")["vector"].to_list()[0].__len__() == 16
    assert fake_openai.count(path="/v1/embeddings") >= 1
    assert store.count("ledger") >= 1

    local = settings_for(tmp_path / "store", ingest__partitions=2)
    with pytest.raises(EmbedderMismatch):
        run_ingest([str(tmp_path / "a.jsonl")], local, stage="turns")
