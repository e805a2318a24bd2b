"""Purge: a scope's rows leave every table and every old table version; other scopes stay; an audit row remains."""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone

import polars as pl
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage import schemas
from archivist.storage.calls import CallLog, LedgerRow
from archivist.storage.purge import plan_purge, purge, purge_history
from archivist.storage.quarantine import write_quarantine
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from archivist.tasks.consolidate.run import consolidate_store
from archivist.tasks.plans.apply import apply_plan
from tests.fakes.fact_stores import QUESTIONS, R, T, content_hash, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement, vector_for

MARKER = "Zanzibarquux"  # a word only the purged scope ever says


def turns(scope: str, texts: list[str]) -> pa.Table:
    rows = [{"turn_id": f"{scope}-t{i}", "tenant": "acme", "scope": scope, "conversation_id": f"{scope}-c",
             "turn_index": i, "speaker": "user", "role": "user", "text": text,
             "said_at": datetime(2024, 3, 1, tzinfo=timezone.utc), "source_file": "night.jsonl", "source_line": i,
             "run_id": "r1", "vector": vector_for(text).tolist()} for i, text in enumerate(texts)]
    return pa.Table.from_pylist(rows, schema=schemas.turns_schema(DIM))


def scope_facts(scope: str, town: str) -> list:
    return [statement(f"I live in {town}", day=0, scope=scope, turn=f"{scope}-t0"),
            statement("I moved to Berlin", day=10, scope=scope, turn=f"{scope}-t1")]


@pytest.fixture
def store(tmp_path) -> Store:
    """Two scopes of one tenant with turns, facts, decisions, events, a plan, cache and ledger rows, quarantine."""
    db = Store(str(tmp_path / "store"))
    ensure_ingest_tables(db, DIM)
    write_turns(db, turns("cust-1", [f"I live in {MARKER}", "I moved to Berlin"]))
    write_turns(db, turns("cust-2", ["I live in Leeds", "I moved to Berlin"]))
    changes = write_night(db, scope_facts("cust-1", MARKER) + scope_facts("cust-2", "Leeds"))
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin")
    for scope in ("cust-1", "cust-2"):
        plan = consolidate_store(db, decider, QUESTIONS.latest("relation"), T, R, run_id=f"consolidate-{scope}",
                                 dim=DIM, tenant="acme", scope=scope, scopes=[("acme", scope)])
        apply_plan(db, plan.plan_id)
    with CallLog(db) as calls:  # the cache and ledger rows of each scope's requests
        for request_hash in changes.decisions["request_hash"].unique().to_list():
            calls.remember(request_hash, "scripted", "scripted-1", "decide", {"answers": {}})
            calls.record(LedgerRow("scripted", "scripted-1", "decide", request_hash, run_id="night-1"))
        calls.remember("unattributed", "llm", "gpt-4o-mini", "chat", {"text": "an extraction reply"})
    quarantine = pl.DataFrame({"quarantine_id": ["q1", "q2", "q3"], "source_file": ["a.jsonl"] * 3,
                               "source_line": [1, 2, 3],
                               "raw": [json.dumps({"tenant": "acme", "scope": "cust-1", "text": MARKER}),
                                       json.dumps({"tenant": "acme", "scope": "cust-2", "text": "hi"}), "{not json"],
                               "reason": ["bad said_at"] * 3})
    write_quarantine(db, quarantine, "r1")
    db.table("facts").tags.create("before-purge", db.version("facts"))  # a tag would pin an old version
    return db


def scope_rows(store: Store) -> dict[str, int]:
    """Rows naming cust-1 in every table that has a scope column, in every version of it (but the audit table,
    whose row names the purged scope on purpose)."""
    found = {}
    for name in store._db.list_tables().tables:
        table = store._db.open_table(name)
        if "scope" not in table.schema.names or name == "purges":
            continue
        for version in [v["version"] for v in table.list_versions()]:
            table.checkout(version)
            found[f"{name}@{version}"] = int(table.count_rows("scope = 'cust-1'"))
        table.checkout_latest()
    return found


def requests_of(store: Store, scope: str) -> int:
    """The night's requests of a scope (the fixture caches and ledgers those, not the consolidation's)."""
    night = store.read("decisions", where=f"scope = '{scope}' AND NOT starts_with(run_id, 'consolidate-')")
    return night["request_hash"].n_unique()


def test_the_dry_run_finds_every_row_and_changes_nothing(store):
    versions = {n: store.version(n) for n in ("turns", "facts", "events")}
    found = plan_purge(store, "acme", "cust-1")
    assert found.counts["turns"] == 2 and found.counts["facts"] == 2 and found.counts["events"] > 2
    asked = requests_of(store, "cust-1")  # the two statements' requests (a second reading is a request of its own)
    assert asked >= 2 and found.counts["call_cache"] == found.counts["ledger"] == asked
    assert found.counts["quarantine"] == 1 and found.counts["plans"] == 1 and found.counts["plan_items"] == 1
    assert {n: store.version(n) for n in versions} == versions
    assert any("not attributable" in note for note in found.notes)


def test_after_a_purge_no_row_of_the_scope_is_in_any_table_or_version_and_the_other_scope_is_intact(store):
    other = {name: content_hash(store.read(name, where="scope = 'cust-2'").drop("quarantined_at", strict=False))
             for name in ("turns", "facts", "decisions", "events", "plan_items")}
    other_plan = store.read("plans", where="scope = 'cust-2'")["plan_id"][0]
    kept = requests_of(store, "cust-2")
    found = plan_purge(store, "acme", "cust-1")
    result = purge(store, found, purged_by="tester")
    left = scope_rows(store)
    assert all(n == 0 for n in left.values()), {k: n for k, n in left.items() if n}
    assert all(left == 1 for left in result.versions_left.values()), result.versions_left
    assert result.tags_deleted == 1
    for name, digest in other.items():
        assert content_hash(store.read(name, where="scope = 'cust-2'").drop("quarantined_at", strict=False)) == digest
    assert store.read("plans")["plan_id"].to_list() == [other_plan]
    assert sorted(os.listdir(f"{store.uri}/plans")) == [f"{other_plan}.parquet"]
    # cust-2's requests stay, and so does the unattributed cache entry
    assert store.count("call_cache") == kept + 1 and store.count("ledger") == kept
    assert store.read("quarantine")["quarantine_id"].sort().to_list() == ["q2", "q3"]
    # Nothing of the scope's text is left anywhere in the store's files, old versions and indexes included.
    for root, _, files in os.walk(store.uri):
        for name in files:
            with open(os.path.join(root, name), "rb") as handle:
                assert MARKER.encode() not in handle.read(), os.path.join(root, name)
    audit = purge_history(store)
    assert len(audit) == 1 and audit[0]["purged_by"] == "tester" and audit[0]["scope"] == "cust-1"
    counts = json.loads(audit[0]["counts"])
    assert counts["turns"] == 2 and counts["facts"] == 2 and MARKER not in audit[0]["counts"] + audit[0]["notes"]


def test_a_tenant_purge_with_clear_cache_leaves_nothing_of_the_tenant(store):
    purge(store, plan_purge(store, "acme", clear_cache=True))
    for name in ("turns", "facts", "decisions", "events", "plan_items", "plans"):
        assert store.count(name, "tenant = 'acme'") == 0, name
    assert store.count("call_cache") == 0 and store.count("quarantine") == 1  # the malformed line names nobody


def test_the_command_asks_first_and_removes_nothing_without_a_yes(store):
    runner = CliRunner()
    refused = runner.invoke(app, ["purge", "--tenant", "acme", "--scope", "cust-1", "--store", store.uri], input="n\n")
    assert refused.exit_code == 1 and "nothing removed" in refused.output and "turns" in refused.output
    assert store.count("turns", "scope = 'cust-1'") == 2
    done = runner.invoke(app, ["purge", "--tenant", "acme", "--scope", "cust-1", "--store", store.uri, "--yes",
                               "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output.strip().splitlines()[-1])
    assert report["removed"]["turns"] == 2 and store.count("turns", "scope = 'cust-1'") == 0
    again = runner.invoke(app, ["purge", "--tenant", "acme", "--scope", "cust-1", "--store", store.uri, "--yes"])
    assert again.exit_code == 0 and "nothing stored" in again.output
