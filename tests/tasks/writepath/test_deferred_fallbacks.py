"""A statement whose decision call failed transiently is deferred with the rest of its scope, never recorded.

The next run asks it through the normal policy, so a storm then a healthy re-run leaves exactly the store of a
healthy run; a malformed answer (not transient) stays a recorded fallback.
"""

from __future__ import annotations

import json

import polars as pl

from archivist.storage.events import read_events
from archivist.storage.facts import load_partition_state
from archivist.storage.store import Store
from archivist.tasks.extract import problem_rows
from archivist.tasks.writepath.decide import process_new_facts
from archivist.tasks.writepath.partition import FactsResult, _extracted_rows, commit_facts
from tests.fakes.fact_stores import QUESTIONS, R, T
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

SCOPES = [("acme", "cust-1"), ("acme", "cust-2")]


def night():
    return [
        statement("I live in Leeds", day=0),
        statement("I moved to Berlin", day=10),
        statement("I have a dog called Rex", day=20, relation="pet"),
        statement("I live in Paris", day=0, scope="cust-2"),
        statement("I moved to Rome", day=5, scope="cust-2"),
    ]


def decider() -> ScriptedDecider:
    scripted = ScriptedDecider()
    for moved, old in (("Berlin", "Leeds"), ("Rome", "Paris")):
        for question in ("relation:*", "relation_alt:*"):
            scripted.script(question, {"update": 0.95}, fact=moved, target=old)
    return scripted


def ingest(db: Store, statements, scripted: ScriptedDecider, run_id: str):
    changes = process_new_facts(statements, load_partition_state(db, SCOPES, DIM), scripted, QUESTIONS, T, R,
                                run_id=run_id)
    counts = commit_facts(db, FactsResult(0, changes, _extracted_rows([], "x", run_id), problem_rows([])), DIM,
                          run_id)
    return changes, counts


def without_run(values: str | None) -> dict | None:
    return None if values is None else {k: v for k, v in json.loads(values).items() if k != "run_id"}


def store_view(db: Store) -> tuple[pl.DataFrame, list[tuple], list[str]]:
    """Facts (without run ids), the ordered event log per scope, and the decision ids: what a run leaves."""
    facts = db.read("facts").drop("run_id", "vector").sort("fact_id")
    events = read_events(db).sort("tenant", "scope", "seq")
    log = [(r["tenant"], r["scope"], r["event_id"], r["kind"], r["fact_id"], without_run(r["before"]),
            without_run(r["after"])) for r in events.iter_rows(named=True)]
    return facts, log, sorted(db.read("decisions")["decision_id"].to_list())


def test_a_transient_failure_defers_the_statement_and_the_rest_of_its_scope(tmp_path):
    db = Store(str(tmp_path / "store"))
    stormy = decider().fail("temporal_status", fact="Berlin", transient=True)
    changes, counts = ingest(db, night(), stormy, "storm")

    deferred = sorted(f.text for f in changes.deferred)
    assert deferred == ["I have a dog called Rex", "I moved to Berlin"]  # Berlin failed; Rex comes after it
    assert counts["deferred_statements"] == 2
    assert counts["deferred_decisions"] == {"temporal_status/scripted": 1}
    assert counts["fallbacks"] == {}  # nothing recorded as a fallback
    stored = set(db.read("facts")["text"].to_list())
    assert stored == {"I live in Leeds", "I live in Paris", "I moved to Rome"}  # the other scope is untouched
    decisions = db.read("decisions")
    assert not decisions["fallback"].any()
    assert set(decisions["subject_fact_id"].to_list()) == set(db.read("facts")["fact_id"].to_list())


def test_a_storm_then_a_healthy_rerun_leaves_the_store_of_a_healthy_run(tmp_path):
    healthy = Store(str(tmp_path / "healthy"))
    ingest(healthy, night(), decider(), "healthy")

    db = Store(str(tmp_path / "stormy"))
    ingest(db, night(), decider().fail("relation*", fact="Berlin", transient=True)
           .fail("worth_remembering", fact="Rome", transient=True), "storm")
    assert db.count("facts") == 2 < healthy.count("facts") == 5
    # The re-run reads the same turns again (they were not marked extracted): Leeds and Paris are skipped by id.
    rerun = decider()
    _, counts = ingest(db, night(), rerun, "rerun")
    # Each of them has candidates; the moves, whose first reading could close the old address, are asked twice
    # (their questions, then the second reading); the dog, a `new` fact beside them, once.
    assert sorted(r.state["fact"] for r in rerun.requests) == sorted(
        ["I have a dog called Rex"] + ["I moved to Berlin", "I moved to Rome"] * 2)
    assert counts["deferred_statements"] == 0 and counts["deferred_decisions"] == {}

    facts, log, decisions = store_view(db)
    want_facts, want_log, want_decisions = store_view(healthy)
    assert facts.equals(want_facts)
    assert log == want_log
    assert len({entry[2] for entry in log}) == len(log)  # no event written twice
    assert decisions == want_decisions
    assert facts.filter(pl.col("text") == "I live in Leeds")["status"].to_list() == ["closed"]


def test_a_malformed_answer_stays_a_recorded_fallback(tmp_path):
    db = Store(str(tmp_path / "store"))
    changes, counts = ingest(db, night(), decider().fail("temporal_status", fact="Berlin"), "night")
    assert changes.deferred == [] and counts["deferred_decisions"] == {}
    assert counts["fallbacks"] == {"temporal_status/scripted": 1}
    assert "I moved to Berlin" in db.read("facts")["text"].to_list()
