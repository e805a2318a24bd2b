"""Committing a partition: replay rebuilds the facts table, re-commits add nothing, a crash resumes exactly."""

from __future__ import annotations

import polars as pl
import pytest

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.storage.events import read_events, replay_facts
from archivist.storage.facts import (
    commit_partition,
    facts_sharing_rare_entities,
    load_partition_state,
    nearest_facts,
    sibling_facts,
    write_decisions,
    write_facts,
)
from archivist.storage.store import Store
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM, at_day, statement, vector_for

T = load_thresholds()
R = load_relations()
SCOPE = [("acme", "cust-1")]

NIGHT_1 = [
    statement("I live in Leeds", day=0),
    statement("I plan to visit Japan in May", day=1, relation="travel", entities=("Japan",)),
    statement("My home is in Leeds", day=2),
    statement("I moved to Berlin", day=10),
]
NIGHT_2 = [statement("I just got back from Japan", day=70, relation="travel", entities=("Japan",))]


def scripted() -> ScriptedDecider:
    decider = ScriptedDecider()
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is in Leeds", target="live in Leeds")
    # Leeds was confirmed (0.98) by the duplicate, so closing it takes e < logit(0.25) - logit(0.98) = -4.99:
    # -2 logit(0.95) = -5.89 does (0.92 would leave it at 0.32).
    decider.script("relation*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("temporal_status", {"planned": 0.9, "current": 0.1, "past": 0.0, "hypothetical": 0.0},
                   fact="plan to visit")
    decider.script("temporal_status", {"past": 0.9, "current": 0.1, "planned": 0.0, "hypothetical": 0.0},
                   fact="got back")
    decider.script("plan_fulfilled:*", {"true": 0.9}, fact="got back")
    return decider


def night(store: Store, statements, run_id="run-1", commit=True):
    state = load_partition_state(store, SCOPE, DIM)
    changes = process_new_facts(statements, state, scripted(), ScriptedQuestions(), T, R, run_id=run_id)
    if commit:
        commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    return changes


def table(store: Store, name: str, key: str) -> pl.DataFrame:
    return store.read(name).sort(key)


def snapshot(store: Store) -> dict[str, pl.DataFrame]:
    return {"facts": table(store, "facts", "fact_id"), "decisions": table(store, "decisions", "decision_id"),
            "events": table(store, "events", "seq")}


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(str(tmp_path / "store"))


def test_replaying_the_events_rebuilds_the_facts_table_exactly(store):
    night(store, NIGHT_1)
    night(store, NIGHT_2, run_id="run-2")
    stored = table(store, "facts", "fact_id").drop("vector")
    rebuilt = replay_facts(read_events(store))
    assert rebuilt.equals(stored)
    assert rebuilt.schema == stored.schema
    statuses = dict(zip(rebuilt["text"].to_list(), rebuilt["status"].to_list(), strict=True))
    assert statuses == {"I live in Leeds": "closed", "I moved to Berlin": "active",
                        "I plan to visit Japan in May": "closed", "I just got back from Japan": "active"}


def test_as_of_replay_gives_the_store_as_it_stood_then(store):
    night(store, NIGHT_1)
    events = read_events(store)
    before_move = replay_facts(events, as_of=at_day(5))
    by_text = {r["text"]: r for r in before_move.iter_rows(named=True)}
    assert set(by_text) == {"I live in Leeds", "I plan to visit Japan in May"}
    assert by_text["I live in Leeds"]["status"] == "active"
    assert by_text["I live in Leeds"]["belief"] == 0.98  # the duplicate on day 2 had confirmed it
    after_move = {r["text"]: r for r in replay_facts(events, as_of=at_day(10)).iter_rows(named=True)}
    assert after_move["I live in Leeds"]["status"] == "closed"
    assert replay_facts(events, as_of=at_day(-1)).is_empty()


def test_committing_the_same_partition_twice_adds_nothing(store):
    changes = night(store, NIGHT_1)
    first = snapshot(store)
    counts = commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    assert (counts.decisions, counts.events) == (0, 0)
    again = snapshot(store)
    for name in first:
        assert again[name].equals(first[name]), name


def test_running_a_night_again_adds_nothing_and_asks_nothing(store):
    night(store, NIGHT_1)
    first = snapshot(store)
    changes = night(store, NIGHT_1)
    assert changes.requests == 0
    for name, frame in snapshot(store).items():
        assert frame.equals(first[name]), name


@pytest.mark.parametrize("written_before_crash", [("decisions",), ("decisions", "facts")])
def test_a_crash_before_the_events_are_written_resumes_to_the_uninterrupted_store(tmp_path, written_before_crash):
    uninterrupted = Store(str(tmp_path / "uninterrupted"))
    asked = night(uninterrupted, NIGHT_1).requests

    crashed = Store(str(tmp_path / "crashed"))
    changes = night(crashed, NIGHT_1, commit=False)
    from archivist.storage.facts import ensure_fact_tables

    ensure_fact_tables(crashed, DIM)
    write_decisions(crashed, changes.decisions)
    if "facts" in written_before_crash:
        write_facts(crashed, changes.facts, DIM)
    assert crashed.count("events") == 0

    resumed = night(crashed, NIGHT_1)  # the restart: same archive, same run
    assert resumed.requests == asked  # every request asked again (the call cache makes this free), none lost
    want, got = snapshot(uninterrupted), snapshot(crashed)
    for name in want:
        assert got[name].equals(want[name]), name


def test_event_seq_is_monotonic_across_commits_and_kept_on_recommit(store):
    first = night(store, NIGHT_1)
    night(store, NIGHT_2, run_id="run-2")
    seqs = read_events(store)["seq"].to_list()
    assert seqs == list(range(1, len(seqs) + 1))
    commit_partition(store, first.decisions, first.facts, first.events, DIM)
    assert read_events(store)["seq"].to_list() == seqs


def test_a_second_night_compares_with_what_the_first_stored(store):
    night(store, NIGHT_1)
    changes = night(store, NIGHT_2, run_id="run-2")
    plan = statement("I plan to visit Japan in May", day=1, relation="travel").fact_id
    closed = changes.events.filter(pl.col("kind") == "plan_closed")
    assert closed["fact_id"].to_list() == [plan]
    assert closed["run_id"].to_list() == ["run-2"]
    stored_plan = table(store, "facts", "fact_id").filter(pl.col("fact_id") == plan).row(0, named=True)
    assert (stored_plan["status"], stored_plan["run_id"]) == ("closed", "run-1")


def test_candidate_lookups_in_lancedb(store):
    night(store, NIGHT_1)
    nearest = nearest_facts(store, "acme", "cust-1", vector_for("I moved to Berlin"), k=2)
    assert nearest["text"].to_list()[0] == "I moved to Berlin"
    assert nearest["_distance"][0] == pytest.approx(0.0, abs=1e-6)
    assert nearest_facts(store, "acme", "someone-else", vector_for("I moved to Berlin")).is_empty()
    siblings = sibling_facts(store, "acme", "cust-1", "USER", "address")
    assert set(siblings["text"].to_list()) == {"I live in Leeds", "I moved to Berlin"}
    assert sibling_facts(store, "acme", "cust-1", "user", "address", statuses=["active"])["text"].to_list() == [
        "I moved to Berlin"]
    sharing = facts_sharing_rare_entities(store, "acme", "cust-1", ["Japan"])
    assert sharing["text"].to_list() == ["I plan to visit Japan in May"]
    assert facts_sharing_rare_entities(store, "acme", "cust-1", ["Japan"], rare_max=0).is_empty()
