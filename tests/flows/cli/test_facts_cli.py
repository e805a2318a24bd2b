"""`archivist facts` and `archivist history` read the event log back."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.flows.cli import app
from archivist.storage.facts import commit_partition, load_partition_state
from archivist.storage.store import Store
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM, statement

LEEDS = statement("I live in Leeds", day=0)
BERLIN = statement("I moved to Berlin", day=10)
DUPLICATE = statement("My home is in Leeds", day=2)


@pytest.fixture(scope="module")
def store_uri(tmp_path_factory) -> str:
    uri = str(tmp_path_factory.mktemp("cli") / "store")
    store = Store(uri)
    decider = ScriptedDecider()
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is in Leeds")
    decider.script("relation:*", {"update": 0.96}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    state = load_partition_state(store, [("acme", "cust-1")], DIM)
    changes = process_new_facts([LEEDS, DUPLICATE, BERLIN], state, decider, ScriptedQuestions(), load_thresholds(),
                                load_relations(), run_id="run-cli")
    commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    return uri


def invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_facts_lists_the_active_facts_now(store_uri):
    listed = json.loads(invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--store", store_uri, "--json"))
    rows = listed["facts"]
    assert (listed["tenant"], listed["scope"], listed["status"], listed["total"]) == ("acme", "cust-1", "active", 1)
    assert [r["text"] for r in rows] == ["I moved to Berlin"]
    assert rows[0]["status"] == "active" and rows[0]["said_at"].startswith("2024-03-11")


def test_facts_with_every_status_and_as_of_a_past_moment(store_uri):
    every = json.loads(invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--status", "all", "--store",
                              store_uri, "--json"))["facts"]
    assert {r["text"]: r["status"] for r in every} == {"I live in Leeds": "closed", "I moved to Berlin": "active"}
    back_then = json.loads(invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--as-of", "2024-03-05",
                                  "--store", store_uri, "--json"))["facts"]
    assert [(r["text"], r["status"], r["belief"]) for r in back_then] == [("I live in Leeds", "active", 0.98)]
    closed = invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--status", "closed", "--store", store_uri)
    assert "I live in Leeds" in closed and "until 2024-03-11" in closed and "Berlin" not in closed


def test_history_shows_the_events_and_the_decisions_behind_them(store_uri):
    record = json.loads(invoke("history", LEEDS.fact_id, "--store", store_uri, "--json"))
    assert record["fact"]["status"] == "closed"
    kinds = [e["kind"] for e in record["events"] if e["fact_id"] == LEEDS.fact_id]
    assert kinds == ["fact_added", "link_made", "belief_changed", "belief_changed", "fact_closed"]
    closing = next(e for e in record["events"] if e["kind"] == "fact_closed")
    decision = record["decisions"][closing["decision_id"]]
    assert (decision["question_id"], decision["chosen"], decision["zone"], decision["model_version"]) == (
        "relation", "update", "act", "scripted-1")
    assert decision["probabilities"]["update"] == 0.96
    text = invoke("history", LEEDS.fact_id, "--store", store_uri)
    assert "fact_closed" in text and "because relation v1 chose update at 0.960 (zone act, scripted-1)" in text


def test_history_of_a_linked_duplicate_shows_the_link_it_caused(store_uri):
    record = json.loads(invoke("history", DUPLICATE.fact_id, "--store", store_uri, "--json"))
    assert record["fact"] is None
    assert [(e["kind"], e["fact_id"]) for e in record["events"]] == [
        ("link_made", LEEDS.fact_id), ("belief_changed", LEEDS.fact_id)]


def test_history_of_an_unknown_fact_fails_cleanly(store_uri):
    result = CliRunner().invoke(app, ["history", "nope", "--store", store_uri])
    assert result.exit_code == 1
    assert "no events for nope" in result.output


def test_a_bad_status_or_moment_is_a_usage_error(store_uri):
    for bad in (["--status", "gone"], ["--as-of", "soon"]):
        assert CliRunner().invoke(app, ["facts", "--scope", "cust-1", *bad, "--store", store_uri]).exit_code == 2
