"""`archivist plan list|show|apply|restore` on a store written through the write path."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage.store import Store
from archivist.tasks.consolidate.run import consolidate_store
from tests.fakes.fact_stores import (
    QUESTIONS,
    R,
    T,
    by_text,
    facts_hash,
    facts_table,
    projection_matches_log,
    write_night,
)
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

LEEDS, BERLIN = statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)
REX, REX_AGAIN = (statement("I have a dog named Rex", day=1, relation="pet"),
                  statement("My dog is called Rex", day=5, relation="pet"))
CHESS = statement("I play chess", day=2, relation="hobby")


@pytest.fixture
def planned(tmp_path) -> tuple[Store, str]:
    """A store with five active facts and a draft consolidation plan of two items."""
    store = Store(str(tmp_path / "store"))
    write_night(store, [LEEDS, REX, CHESS, REX_AGAIN, BERLIN])
    decider = ScriptedDecider(model="pairs-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation:*", {"duplicate": 0.93}, fact="dog is called Rex", target="dog named Rex")
    plan = consolidate_store(store, decider, QUESTIONS.latest("relation"), T, R, run_id="consolidate-1", dim=DIM,
                             scopes=[("acme", "cust-1")])
    return store, plan.plan_id


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_list_and_show_a_plan(planned):
    store, plan_id = planned
    listed = json.loads(invoke("plan", "list", "--store", store.uri, "--json"))["plans"]
    listed_rows = [(p["plan_id"], p["kind"], p["status"], p["items"]) for p in listed]
    assert listed_rows == [(plan_id, "consolidate", "draft", 2)]
    shown = json.loads(invoke("plan", "show", plan_id, "--store", store.uri, "--json"))
    assert {(i["action"], i["fact_text"], i["other_fact_text"]) for i in shown["items"]} == {
        ("close_superseded", "I live in Leeds", "I moved to Berlin"),
        ("link_same_as", "I have a dog named Rex", "My dog is called Rex")}
    assert shown["plan"]["summary"]["pairs_asked"] == 2
    text = invoke("plan", "show", plan_id, "--store", store.uri)
    assert "close_superseded" in text and "I live in Leeds" in text and f"archivist plan apply {plan_id}" in text


def test_apply_changes_exactly_its_items_and_restore_returns_the_identical_facts_table(planned):
    store, plan_id = planned
    before = facts_table(store)
    before_hash = facts_hash(store)
    invoke("plan", "apply", plan_id, "--store", store.uri)
    after = facts_table(store)
    changed = {row["text"] for row, old in zip(after.to_dicts(), before.to_dicts(), strict=True) if row != old}
    assert changed == {"I live in Leeds", "I have a dog named Rex", "My dog is called Rex"}
    rows = by_text(after)
    assert (rows["I live in Leeds"]["status"], rows["I live in Leeds"]["superseded_by"]) == ("closed", BERLIN.fact_id)
    assert rows["I have a dog named Rex"]["same_as"] == [REX_AGAIN.fact_id]
    assert (rows["My dog is called Rex"]["status"], rows["My dog is called Rex"]["closed_reason"]) == ("closed",
                                                                                                     "duplicate")
    events = store.read("events", where=f"plan_id = '{plan_id}'")
    assert events.height == 3 and set(events["kind"].to_list()) == {"fact_closed", "link_made"}
    assert projection_matches_log(store)
    invoke("plan", "restore", plan_id, "--store", store.uri)
    assert facts_hash(store) == before_hash
    assert projection_matches_log(store)
    assert store.count("events", f"plan_id = '{plan_id}'") == 6  # nothing deleted: three compensating events


def test_restore_after_another_night_of_writes_undoes_only_the_plan(planned):
    store, plan_id = planned
    invoke("plan", "apply", plan_id, "--store", store.uri)
    before = facts_table(store)
    night = write_night(store, [statement("I bought a bike", day=20, relation="device")], run_id="night-2")
    assert night.events.height == 1  # a new fact, unrelated to the plan's facts
    invoke("plan", "restore", plan_id, "--store", store.uri)
    after = facts_table(store)
    assert set(after["text"].to_list()) == set(before["text"].to_list()) | {"I bought a bike"}
    original = {r["fact_id"]: r for r in before.to_dicts()}
    for row in after.to_dicts():
        if row["text"] in ("I live in Leeds", "I have a dog named Rex", "My dog is called Rex"):
            assert row["status"] == "active" and row["same_as"] == [] and row["superseded_by"] is None
        elif row["text"] != "I bought a bike":
            assert row == original[row["fact_id"]]
    assert projection_matches_log(store)


def test_restore_after_another_night_gives_the_pre_apply_table_plus_the_new_facts(planned):
    store, plan_id = planned
    untouched = facts_hash(store)
    invoke("plan", "apply", plan_id, "--store", store.uri)
    write_night(store, [statement("I bought a bike", day=20, relation="device")], run_id="night-2")
    invoke("plan", "restore", plan_id, "--store", store.uri)
    from tests.fakes.fact_stores import content_hash

    assert content_hash(facts_table(store).filter(~facts_table(store)["text"].is_in(["I bought a bike"]))) == untouched


def test_applying_or_restoring_twice_changes_nothing_the_second_time(planned):
    store, plan_id = planned
    invoke("plan", "apply", plan_id, "--store", store.uri)
    applied, events = facts_hash(store), store.count("events")
    assert "already applied" in invoke("plan", "apply", plan_id, "--store", store.uri)
    assert (facts_hash(store), store.count("events")) == (applied, events)
    invoke("plan", "restore", plan_id, "--store", store.uri)
    restored, events = facts_hash(store), store.count("events")
    report = json.loads(invoke("plan", "restore", plan_id, "--store", store.uri, "--json"))
    assert report["nothing_to_do"] and (facts_hash(store), store.count("events")) == (restored, events)


def test_apply_refuses_items_whose_facts_changed_and_applies_the_rest(planned):
    store, plan_id = planned
    decider = ScriptedDecider()  # Leeds gets support from a new statement after the plan was made
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is Leeds", target="live in Leeds")
    write_night(store, [statement("My home is Leeds", day=11)], decider, run_id="night-2")
    result = CliRunner().invoke(app, ["plan", "apply", plan_id, "--store", store.uri])
    assert result.exit_code == 0, result.output
    assert "refused" in result.output and "changed since the plan was made" in result.output
    assert "same_as" in result.output and "archivist consolidate" in result.output
    rows = by_text(facts_table(store))
    assert rows["I live in Leeds"]["status"] == "active"
    assert rows["My dog is called Rex"]["status"] == "closed"
    shown = json.loads(invoke("plan", "show", plan_id, "--store", store.uri, "--json"))
    assert {i["action"]: i["outcome"] for i in shown["items"]} == {"close_superseded": "refused",
                                                                   "link_same_as": "applied"}


def test_restoring_a_plan_never_applied_is_refused_and_so_is_applying_a_restored_plan(planned):
    store, plan_id = planned
    output = invoke("plan", "restore", plan_id, "--store", store.uri, code=1)
    assert "never applied" in output and f"archivist plan apply {plan_id}" in output
    invoke("plan", "apply", plan_id, "--store", store.uri)
    invoke("plan", "restore", plan_id, "--store", store.uri)
    assert "make a new plan" in invoke("plan", "apply", plan_id, "--store", store.uri, code=1).lower()


def test_an_unknown_plan_is_an_error_that_says_where_to_look(planned):
    store, _ = planned
    assert "archivist plan list" in invoke("plan", "show", "nope", "--store", store.uri, code=2)
