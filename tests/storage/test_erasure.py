"""Purge as erasure: a small scope's turns leave every file; an empty scope is refused; a killed purge resumes to
a clean byte scan and one audit row; other tenants' ledger rows stay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime

import polars as pl
import pyarrow as pa
import pytest

from archivist.flows.cli import main
from archivist.storage import schemas, search, sql
from archivist.storage.calls import CallLog, LedgerRow
from archivist.storage.erasure import PURGE_JOBS_TABLE, unfinished_jobs
from archivist.storage.purge import (
    PurgeRefused,
    plan_purge,
    purge,
    purge_history,
    resume_purges,
)
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, mark_extracted, write_turns
from tests.fakes.fact_stores import write_night
from tests.fakes.statements import DIM, statement, vector_for

MARKER = "Zanzibarquux"  # a word only the purged scope ever says
SCOPES = [f"cust-{i:02d}" for i in range(30)]
PURGED = "cust-07"


def turn_rows(tenant: str, scope: str, texts: list[str]) -> list[dict]:
    return [{"turn_id": f"{tenant}-{scope}-t{i}", "tenant": tenant, "scope": scope, "conversation_id": f"{scope}-c",
             "turn_index": i, "speaker": "user", "role": "user", "text": text,
             "said_at": datetime(2024, 3, 1, tzinfo=UTC), "source_file": "night.jsonl", "source_line": i,
             "run_id": "r1", "vector": vector_for(text).tolist()} for i, text in enumerate(texts)]


def texts_of(scope: str) -> list[str]:
    town = MARKER if scope == PURGED else f"Town{scope[-2:]}ville"
    return [f"I live in {town} near the harbour", "I moved to Berlin", f"my router {scope} broke again"]


@pytest.fixture
def store(tmp_path) -> Store:
    """30 scopes of one tenant written in ONE append per table, so the purged scope (1/30 of the rows) shares
    every data file with the others; full-text indexes built."""
    db = Store(str(tmp_path / "store"))
    ensure_ingest_tables(db, DIM)
    rows = [r for scope in SCOPES for r in turn_rows("acme", scope, texts_of(scope))]
    write_turns(db, pa.Table.from_pylist(rows, schema=schemas.turns_schema(DIM)))
    write_night(db, [statement(texts_of(s)[0], day=0, scope=s, turn=f"acme-{s}-t0") for s in SCOPES])
    mark_extracted(db, pl.DataFrame({"turn_id": [r["turn_id"] for r in rows], "extractor": "local",
                                     "facts": 1, "run_id": "r1"}))
    search.ensure_fts_index(db, "turns")
    search.ensure_fts_index(db, "facts")
    return db


def files_holding(store: Store, needle: bytes) -> list[str]:
    found = []
    for root, _, files in os.walk(store.uri):
        for name in files:
            with open(os.path.join(root, name), "rb") as handle:
                if needle.lower() in handle.read().lower():
                    found.append(os.path.relpath(os.path.join(root, name), store.uri))
    return found


def test_a_deletion_alone_leaves_a_small_scopes_text_on_disk(store):
    """The failure the erasure exists for: Lance marks the rows deleted and compaction keeps the data file."""
    assert store.count("turns", f"scope = '{PURGED}'") / store.count("turns") < 0.1
    assert files_holding(store, MARKER.encode())  # the scan can see the text at all
    store.delete("turns", f"scope = '{PURGED}'")
    store.drop_old_versions("turns")
    assert any(path.startswith("turns.lance/data/") for path in files_holding(store, MARKER.encode()))


def test_a_small_share_scope_leaves_every_file_and_the_rest_is_intact(store):
    others = store.read("turns", where=f"scope != '{PURGED}'").sort("turn_id")
    purged_ids = store.read("turns", where=f"scope = '{PURGED}'")["turn_id"].to_list()
    result = purge(store, plan_purge(store, "acme", PURGED), purged_by="tester")
    assert files_holding(store, MARKER.encode()) == []
    for turn_id in purged_ids:
        assert files_holding(store, turn_id.encode()) == [], turn_id
    assert result.scanned_files > 10 and result.needles >= len(purged_ids) + 1
    assert store.read("turns").sort("turn_id").equals(others)
    assert store.count("facts", f"scope = '{PURGED}'") == 0 and store.count("facts") == len(SCOPES) - 1
    # The indexes were built again over the kept rows: full-text search and the id index still work.
    kinds = {(i.index_type, tuple(i.columns)) for i in store.table("turns").list_indices()}
    assert ("FTS", ("text",)) in kinds and ("BTree", ("turn_id",)) in kinds
    hits = search.text_search(store, "turns", "Town03ville", sql.scope_filter([("acme", "cust-03")]), 5, ["turn_id"])
    assert hits["turn_id"].to_list() == ["acme-cust-03-t0"]
    assert [len(store.table(n).list_versions()) for n in ("turns", "facts")] == [1, 1]
    assert len(purge_history(store)) == 1 and not unfinished_jobs(store)


def test_an_empty_scope_or_tenant_is_refused_and_nothing_goes(store, capsys):
    before = store.count("turns")
    with pytest.raises(PurgeRefused, match="--scope is empty"):
        plan_purge(store, "acme", "")
    with pytest.raises(PurgeRefused, match="needs a tenant"):
        plan_purge(store, " ")
    with pytest.raises(SystemExit) as exit_:
        main(["purge", "--tenant", "acme", "--scope", "", "--yes", "--store", store.uri])
    assert exit_.value.code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--scope is empty" in err[0] and "leave --scope out" in err[0]
    assert store.count("turns") == before and purge_history(store) == []


def test_a_tenant_sharing_a_request_hash_keeps_its_ledger_and_cache_rows(tmp_path):
    db = Store(str(tmp_path / "store"))
    ensure_ingest_tables(db, DIM)
    changes = {t: write_night(db, [statement("I live in Leeds", tenant=t, scope="c1", turn=f"{t}-t0"),
                                   statement("I moved to Leeds", day=3, tenant=t, scope="c1", turn=f"{t}-t1")],
                              run_id=f"night-{t}") for t in ("a", "b")}
    hashes = {t: set(c.decisions["request_hash"].to_list()) for t, c in changes.items()}
    shared = hashes["a"] & hashes["b"]
    assert shared, "the two tenants' identical statements make identical requests"
    with CallLog(db) as calls:
        for tenant, tenant_hashes in hashes.items():
            for request_hash in tenant_hashes:
                calls.remember(request_hash, "scripted", "scripted-1", "decide", {"answers": {}})
                calls.record(LedgerRow("scripted", "scripted-1", "decide", request_hash, run_id=f"night-{tenant}"))
    found = plan_purge(db, "a")
    purge(db, found)
    kept = set(db.read("ledger", where="run_id = 'night-b'")["request_hash"].to_list())
    assert kept == hashes["b"]  # tenant b's costs, including the requests a also made
    assert set(db.read("call_cache")["request_hash"].to_list()) >= hashes["b"]
    assert db.count("ledger", "run_id = 'night-a'") == len(hashes["a"] & shared)


CRASH_POINTS = ["purge:job", "purge:call_cache", "purge:extracted", "purge:turns", "purge:plans",
                "purge:versions", "purge:audit"]


def _purge_in_a_process(uri: str, crash_at: str | None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if crash_at:
        env["ARCHIVIST_CRASH_AT"] = crash_at
    return subprocess.run([sys.executable, "-m", "archivist", "purge", "--tenant", "acme", "--scope", PURGED,
                           "--store", uri, "--yes", "--json"],
                          env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_a_purge_killed_at_each_commit_boundary_is_finished_by_the_next_run(store):
    """A real process killed at each named point in turn; each next run resumes the recorded job (and dies at the
    next point); the last finishes it: a clean byte scan, every old version gone, one audit row."""
    with CallLog(store) as calls:  # an extraction reply that quotes the purged turn, and one that does not
        calls.remember("quoting", "llm", "m", "chat", {"facts": [f"lives in {MARKER}"]})
        calls.remember("other", "llm", "m", "chat", {"facts": ["lives in Town03ville"]})
    purged_turns = store.count("turns", f"scope = '{PURGED}'")
    for point in CRASH_POINTS:
        run = _purge_in_a_process(store.uri, point)
        assert run.returncode == 137, (point, run.stderr[-2000:])
        assert f"crash point {point} reached" in run.stderr
        assert len(unfinished_jobs(store)) == 1, point
        assert (len(purge_history(store)) == 1) == (point == "purge:audit"), point
    assert store.count("turns", f"scope = '{PURGED}'") == 0
    final = _purge_in_a_process(store.uri, None)
    assert final.returncode == 0, final.stderr[-2000:]
    assert "nothing stored" in final.stderr
    assert not unfinished_jobs(store) and store.count(PURGE_JOBS_TABLE) == 0
    audit = purge_history(store)
    assert len(audit) == 1 and json.loads(audit[0]["counts"])["turns"] == purged_turns
    assert files_holding(store, MARKER.encode()) == []
    assert store.read("call_cache")["request_hash"].to_list() == ["other"]
    for name in ("turns", "facts", "extracted", "events"):
        if store.has_table(name):
            assert len(store.table(name).list_versions()) == 1, name
    assert resume_purges(store) == []
