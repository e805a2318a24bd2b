"""What a killed ingest run leaves in `<store>/_staging`: a purge writes its spilled paid calls to their tables,
erases those of the purged scope with the rest, keeps the others', and removes the dead run's folder, so its
byte scan passes; while another process holds the writer lease (a live run) the purge refuses and touches none
of it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest

from archivist.flows.cli import main
from archivist.storage import schemas
from archivist.storage.calls import CALL_CACHE, LEDGER, CallLog, LedgerRow, hold_calls
from archivist.storage.lease import StoreBusy
from archivist.storage.purge import plan_purge, purge, purge_history
from archivist.storage.staging import clear_dead_runs
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from tests.fakes.fact_stores import write_night
from tests.fakes.statements import DIM, statement, vector_for
from tests.storage.test_erasure import files_holding
from tests.storage.test_lease import hold_in_another_process

MARKER = "Zanzibarquux"  # a word only the purged scope ever says
SCOPES = [f"cust-{i:02d}" for i in range(6)]
PURGED, KEPT = "cust-02", "cust-04"


def town(scope: str) -> str:
    return MARKER if scope == PURGED else f"Town{scope[-2:]}ville"


@pytest.fixture
def store(tmp_path) -> Store:
    db = Store(str(tmp_path / "store"))
    ensure_ingest_tables(db, DIM)
    rows = [{"turn_id": f"{s}-t0", "tenant": "acme", "scope": s, "conversation_id": f"{s}-c", "turn_index": 0,
             "speaker": "user", "role": "user", "text": f"I live in {town(s)} near the harbour",
             "said_at": datetime(2024, 3, 1, tzinfo=UTC), "source_file": "night.jsonl", "source_line": 0,
             "run_id": "r1", "vector": vector_for(f"I live in {town(s)} near the harbour").tolist()} for s in SCOPES]
    write_turns(db, pa.Table.from_pylist(rows, schema=schemas.turns_schema(DIM)))
    write_night(db, [statement(f"I live in {town(s)}", scope=s, turn=f"{s}-t0") for s in SCOPES])
    return db


def kill_a_run(store: Store, run: str = "run-dead") -> Path:
    """What an ingest run killed during extraction leaves: a staged partition, and the spill file of a partition
    task that paid for two extraction calls, one quoting the purged scope's turn and one another scope's.
    The spill is written by the code a partition task runs (hold_calls + CallLog); the held rows are then
    dropped, as they are when the process dies."""
    folder = Path(store.uri) / "_staging" / run
    (folder / "partition=00000").mkdir(parents=True)
    pl.DataFrame({"scope": SCOPES, "text": [f"I live in {town(s)} near the harbour" for s in SCOPES]}).write_parquet(
        folder / "partition=00000" / "batch-000000.parquet")
    with hold_calls(str(folder / "_calls" / "facts-0")), CallLog(store) as calls:
        for scope in (PURGED, KEPT):
            calls.remember(f"extract-{scope}", "llm", "m", "chat", {"facts": [f"lives in {town(scope)}"]})
            calls.record(LedgerRow("llm", "m", "chat", f"extract-{scope}", run_id=run, cost_usd=0.01, attempts=1))
    assert store.count(LEDGER) == 0 and CallLog(store).lookup(f"extract-{KEPT}") is None  # nothing written yet
    return folder


def assert_erased_and_recovered(store: Store, dead: Path) -> None:
    assert files_holding(store, MARKER.encode()) == []
    assert not dead.exists() and list((Path(store.uri) / "_staging").iterdir()) == []
    # The other scope's paid call is in the tables now (cached: the next run does not pay for it again) ...
    assert CallLog(store).lookup(f"extract-{KEPT}") == {"facts": [f"lives in {town(KEPT)}"]}
    assert store.read(LEDGER)["request_hash"].to_list() == [f"extract-{KEPT}"]
    # ... and the one that quoted the purged scope went with the scope.
    assert store.read(CALL_CACHE, where=f"request_hash = 'extract-{PURGED}'").height == 0
    assert store.count("turns", f"scope = '{PURGED}'") == 0 and store.count("turns") == len(SCOPES) - 1
    assert len(purge_history(store)) == 1


def test_the_purge_command_recovers_a_killed_runs_spills_erases_the_scope_and_removes_its_folder(store, capsys):
    dead = kill_a_run(store)
    assert any(p.startswith("_staging/") for p in files_holding(store, MARKER.encode()))  # what used to stop it
    with pytest.raises(SystemExit) as exit_:
        main(["purge", "--tenant", "acme", "--scope", PURGED, "--yes", "--store", store.uri, "--json"])
    assert exit_.value.code == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["removed"][CALL_CACHE] == 1 and report["removed"][LEDGER] == 1 and report["byte_scan"]
    assert_erased_and_recovered(store, dead)


def test_a_plan_made_before_the_killed_runs_calls_were_recovered_is_made_again(store):
    found = plan_purge(store, "acme", PURGED)
    assert CALL_CACHE not in found.counts  # nothing of the scope in the call cache when it was planned
    dead = kill_a_run(store)
    result = purge(store, found)
    assert result.scope.counts[CALL_CACHE] == 1 and result.scope.counts[LEDGER] == 1
    assert_erased_and_recovered(store, dead)


def test_while_another_process_holds_the_lease_the_purge_refuses_and_leaves_its_staging_alone(store, capsys):
    live = kill_a_run(store, "run-live")  # as a live run's folder looks: its holder may still be writing it
    before = sorted(p.relative_to(live).as_posix() for p in live.rglob("*"))
    other = hold_in_another_process(store.uri)
    try:
        with pytest.raises(SystemExit) as exit_:
            main(["purge", "--tenant", "acme", "--scope", PURGED, "--yes", "--store", store.uri])
        with pytest.raises(StoreBusy, match="cannot purge"):
            clear_dead_runs(store, "purge")
    finally:
        other.stdin.close()
        other.wait(timeout=60)
    assert exit_.value.code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot purge" in err[0] and f"pid {other.pid}" in err[0], err
    assert sorted(p.relative_to(live).as_posix() for p in live.rglob("*")) == before
    assert store.count(LEDGER) == 0 and store.count("turns", f"scope = '{PURGED}'") == 1
    assert purge_history(store) == []
