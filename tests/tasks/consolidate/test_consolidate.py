"""Consolidation: which pairs are re-examined, how they are asked, and the plan that comes out (no store change)."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest

from archivist.storage.facts import load_partition_state
from archivist.storage.plans import read_plan
from archivist.storage.store import Store
from archivist.tasks.consolidate.neighbours import older_neighbours
from archivist.tasks.consolidate.pairs import (
    NEIGHBOUR,
    REOPEN,
    SIBLING,
    candidate_pairs,
)
from archivist.tasks.consolidate.run import consolidate_partition, consolidate_store
from tests.fakes.fact_stores import (
    QUESTIONS,
    R,
    T,
    content_hash,
    facts_hash,
    write_night,
)
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

SCOPE = ("acme", "cust-1")
RELATION = QUESTIONS.latest("relation")
LEEDS, BERLIN = statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)
REX, REX_AGAIN = statement("I have a dog named Rex", day=1, relation="pet"), statement("My dog is called Rex", day=5,
                                                                                         relation="pet")


def pair_decider(model: str = "pairs-1") -> ScriptedDecider:
    decider = ScriptedDecider(model=model)
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation:*", {"duplicate": 0.93}, fact="dog is called Rex", target="dog named Rex")
    return decider


@pytest.fixture
def store(tmp_path) -> Store:
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, REX, REX_AGAIN, BERLIN])  # the write path's default answers keep all four active
    return db


def consolidate(store: Store, decider: ScriptedDecider, run_id: str = "consolidate-1", **options):
    return consolidate_store(store, decider, RELATION, T, R, run_id=run_id, dim=DIM, scopes=[SCOPE], **options)


def test_a_pass_plans_a_supersession_and_a_duplicate_link_and_changes_no_fact_or_event(store):
    versions = {name: store.version(name) for name in ("facts", "events")}
    before = facts_hash(store)
    plan = consolidate(store, pair_decider())
    assert {name: store.version(name) for name in ("facts", "events")} == versions
    assert facts_hash(store) == before
    items = {row["action"]: row for row in plan.items.iter_rows(named=True)}
    assert set(items) == {"close_superseded", "link_same_as"}
    close, link = items["close_superseded"], items["link_same_as"]
    assert (close["fact_id"], close["other_fact_id"], close["chosen"]) == (LEEDS.fact_id, BERLIN.fact_id, "update")
    assert json.loads(close["probabilities"])["update"] == pytest.approx(0.95)
    assert json.loads(close["changes"])[LEEDS.fact_id]["after"]["status"] == "closed"
    assert json.loads(close["expected_before"])[LEEDS.fact_id]["status"] == "active"
    assert (link["fact_id"], link["other_fact_id"]) == (REX.fact_id, REX_AGAIN.fact_id)
    assert plan.status == "draft" and plan.plan["kind"] == "consolidate" and plan.plan["model"] == "pairs-1"
    summary = json.loads(plan.plan["summary"])
    assert summary["items"] == {"close_superseded": 1, "link_same_as": 1, "reopen": 0, "confirm": 0}
    # Each item names the decision behind it, recorded with the pair's facts and the model version.
    decision = store.read("decisions", where=f"decision_id = '{close['decision_id']}'").row(0, named=True)
    assert (decision["subject_fact_id"], decision["target_fact_id"], decision["model_version"]) == (
        BERLIN.fact_id, LEEDS.fact_id, "pairs-1")


def test_many_pairs_go_in_one_request(store):
    decider = pair_decider()
    consolidate(store, decider)
    assert len(decider.requests) == 1
    assert set(decider.requests[0].questions) == {"relation:p1", "relation:p2"}
    targets = decider.requests[0].state["targets"]
    assert {(t["old"], t["new"]) for t in targets.values()} == {
        ("I live in Leeds", "I moved to Berlin"), ("I have a dog named Rex", "My dog is called Rex")}
    split = pair_decider(model="pairs-2")
    consolidate_partition(store, [SCOPE], split, RELATION, T, R, run_id="consolidate-2", dim=DIM, pairs_per_request=1)
    assert [len(r.questions) for r in split.requests] == [1, 1] and split.batches == [2]


def test_pairs_examined_with_the_same_question_and_model_are_skipped_until_a_fact_changes(store):
    consolidate(store, pair_decider())
    again = pair_decider()
    second = consolidate(store, again, run_id="consolidate-2")
    assert again.requests == [] and second.items.height == 0
    assert json.loads(second.plan["summary"])["pairs_skipped"] == 2
    # Another model version has not examined them.
    other = pair_decider(model="pairs-2")
    assert consolidate(store, other, run_id="consolidate-3").items.height == 2
    # A new statement that lowers Leeds' belief changes Leeds: its pair is examined again.
    decider = ScriptedDecider()
    decider.script("relation:*", {"refinement": 0.9}, fact="Leeds, West Yorkshire", target="live in Leeds")
    write_night(store, [statement("I live in Leeds, West Yorkshire", day=12)], decider, run_id="night-2")
    fresh = pair_decider()
    consolidate(store, fresh, run_id="consolidate-4")
    asked = {(t["old"], t["new"]) for r in fresh.requests for t in r.state["targets"].values()}
    assert ("I live in Leeds", "I moved to Berlin") in asked
    assert ("I have a dog named Rex", "My dog is called Rex") not in asked


def test_a_fallback_answer_does_not_mark_its_pair_examined(store):
    failing = ScriptedDecider()
    failing.fail("relation:*")
    first = consolidate(store, failing)
    assert first.items.height == 0 and json.loads(first.plan["summary"])["fallbacks"] == 2
    assert consolidate(store, pair_decider(), run_id="consolidate-2").items.height == 2


def test_the_budget_bounds_pairs_per_scope_and_pass(store):
    decider = pair_decider()
    plan = consolidate(store, decider, max_pairs=1)
    assert sum(len(r.questions) for r in decider.requests) == 1
    assert json.loads(plan.plan["summary"])["pairs_found"] == 2
    rest = pair_decider()
    consolidate(store, rest, run_id="consolidate-2", max_pairs=1)  # the next pass takes the pair left over
    assert sum(len(r.questions) for r in rest.requests) == 1


def test_gates_keep_a_plan_or_a_second_hobby_from_closing_anything(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [statement("I play chess", day=0, relation="hobby"),
                     statement("I play go", day=3, relation="hobby")])
    write_night(db, [statement("I will move to Paris", day=4)], run_id="n2")
    planned = ScriptedDecider()
    planned.script("temporal_status", {"planned": 0.9, "current": 0.1, "past": 0.0, "hypothetical": 0.0},
                   fact="move to Leeds")
    write_night(db, [statement("I will move to Leeds", day=6)], planned, run_id="n3")
    decider = ScriptedDecider()
    decider.script("relation:*", {"contradiction": 0.95}, fact="play go", target="play chess")
    decider.script("relation:*", {"update": 0.95}, fact="move to Leeds", target="move to Paris")
    plan = consolidate_store(db, decider, RELATION, T, R, run_id="consolidate-1", dim=DIM, scopes=[SCOPE])
    assert plan.items.height == 0
    assert json.loads(plan.plan["summary"])["gated"] == 2


def test_a_fact_takes_part_in_one_item_per_plan_the_most_confident(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [statement("I live in Leeds", day=0), statement("I live in York", day=2),
                     statement("I moved to Berlin", day=10)])
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.90}, fact="live in York", target="live in Leeds")
    decider.script("relation:*", {"update": 0.97}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in York")
    plan = consolidate_store(db, decider, RELATION, T, R, run_id="consolidate-1", dim=DIM, scopes=[SCOPE])
    closes = {(r["fact_id"], r["other_fact_id"]) for r in plan.items.iter_rows(named=True)}
    leeds, york, berlin = (statement(t, day=d).fact_id for t, d in
                           (("I live in Leeds", 0), ("I live in York", 2), ("I moved to Berlin", 10)))
    assert closes == {(leeds, berlin)}
    assert json.loads(plan.plan["summary"])["conflicts"] == 2


def test_candidate_pairs_siblings_neighbours_and_reopen_checks(store):
    facts = load_partition_state(store, [SCOPE], DIM).facts
    pairs = candidate_pairs(facts, T, R)
    assert [(p.source, p.newer["text"], p.older["text"]) for p in pairs] == [
        (SIBLING, "My dog is called Rex", "I have a dog named Rex"),
        (SIBLING, "I moved to Berlin", "I live in Leeds")]
    # Pointing every vector the same way makes every older fact a neighbour (at most three per fact).
    same = facts.with_columns(pl.Series("vector", [np.ones(DIM, np.float32)] * facts.height,
                                        dtype=pl.Array(pl.Float32, DIM)))
    pairs = candidate_pairs(same, T, R)
    assert sum(p.source == NEIGHBOUR for p in pairs) == 6 - 2  # all 6 older pairs, two of them already siblings
    assert all(p.newer["said_at"] >= p.older["said_at"] for p in pairs)
    closed = facts.with_columns(
        pl.when(pl.col("fact_id") == LEEDS.fact_id).then(pl.lit("closed")).otherwise(pl.col("status")).alias("status"),
        pl.when(pl.col("fact_id") == LEEDS.fact_id).then(pl.lit("belief")).otherwise(None).alias("closed_reason"),
        pl.when(pl.col("fact_id") == LEEDS.fact_id).then(pl.lit(BERLIN.fact_id)).otherwise(None).alias("superseded_by"))
    first = candidate_pairs(closed, T, R)[0]
    assert (first.source, first.older["fact_id"], first.newer["fact_id"]) == (REOPEN, LEEDS.fact_id, BERLIN.fact_id)


def test_a_wrongly_superseded_fact_is_planned_for_reopening(store):
    consolidate(store, pair_decider())
    from archivist.tasks.plans.apply import apply_plan

    plan = read_plan(store, store.read("plans")["plan_id"][0])
    apply_plan(store, plan.plan_id)
    second_opinion = ScriptedDecider(model="pairs-2")
    second_opinion.script("relation:*", {"new": 0.9}, fact="moved to Berlin", target="live in Leeds")
    reopen = consolidate(store, second_opinion, run_id="consolidate-2")
    assert [(r["action"], r["fact_id"]) for r in reopen.items.iter_rows(named=True)] == [("reopen", LEEDS.fact_id)]


def test_exact_neighbours_match_brute_force_and_the_partitioned_search_finds_most():
    rng = np.random.default_rng(7)
    centres = rng.normal(size=(40, 32))
    vectors = (centres[rng.integers(0, 40, 800)] + rng.normal(size=(800, 32)) * 0.15).astype(np.float32)
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    scores = unit @ unit.T
    expected = set()
    for i in range(len(unit)):
        older = sorted((-scores[i, j], j) for j in range(i) if scores[i, j] >= 0.5)[:3]
        expected |= {(i, j) for _, j in older}
    exact = older_neighbours(vectors, 3, 0.5, method="exact")
    assert set(zip(exact.newer.tolist(), exact.older.tolist(), strict=True)) == expected
    assert np.all(exact.older < exact.newer) and np.all(exact.cosine >= 0.5)
    partitioned = older_neighbours(vectors, 3, 0.5, method="partitioned", list_size=50, probes=4)
    found = set(zip(partitioned.newer.tolist(), partitioned.older.tolist(), strict=True))
    assert found <= {(i, j) for i in range(800) for j in range(i) if scores[i, j] >= 0.5}
    assert len(found & expected) / len(expected) > 0.9


def test_consolidation_of_two_scopes_asks_them_in_one_batch(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, BERLIN, statement("I live in Leeds", day=0, scope="cust-2"),
                     statement("I moved to Berlin", day=10, scope="cust-2")])
    decider = pair_decider()
    part = consolidate_partition(db, [SCOPE, ("acme", "cust-2")], decider, RELATION, T, R, run_id="consolidate-1",
                                 dim=DIM)
    assert decider.batches == [2]
    assert [len(s.items) for s in part.scopes] == [1, 1]
    assert content_hash(pl.DataFrame(part.scopes[0].items).drop("scope", "fact_id", "other_fact_id",
                                                                "expected_before", "changes", "decision_id")) == \
        content_hash(pl.DataFrame(part.scopes[1].items).drop("scope", "fact_id", "other_fact_id",
                                                             "expected_before", "changes", "decision_id"))


# -- tentative facts: what the write path could not settle, a pass settles through a plan -------------------


def unsure_about(*facts: str) -> ScriptedDecider:
    """The write path's decider, unsure whether these statements are worth remembering: they are stored tentative."""
    decider = ScriptedDecider()
    for text in facts:
        decider.script("worth_remembering", {"true": 0.7}, fact=text)
    return decider


def statuses(store: Store) -> dict[str, tuple[str, float]]:
    from tests.fakes.fact_stores import facts_table

    return {row["text"]: (row["status"], round(row["belief"], 3)) for row in facts_table(store).iter_rows(named=True)}


def test_a_tentative_fact_is_paired_like_an_active_one(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, BERLIN], unsure_about("moved to Berlin"))
    assert statuses(db)["I moved to Berlin"][0] == "tentative"
    pairs = candidate_pairs(load_partition_state(db, [SCOPE], DIM).facts, T, R)
    assert [(p.source, p.newer["text"], p.older["text"]) for p in pairs] == [
        (SIBLING, "I moved to Berlin", "I live in Leeds")]


def test_a_repeated_tentative_fact_is_confirmed_and_linked_through_a_plan_and_restored(tmp_path):
    from archivist.tasks.plans.apply import apply_plan, restore_plan
    from tests.fakes.fact_stores import projection_matches_log

    db = Store(str(tmp_path / "store"))
    write_night(db, [REX], unsure_about("dog named Rex"))
    write_night(db, [REX_AGAIN], run_id="night-2")
    before = statuses(db)
    assert before["I have a dog named Rex"] == ("tentative", 0.5)
    assert before["My dog is called Rex"][0] == "active"
    decider = ScriptedDecider(model="stronger-1")
    decider.script("relation:*", {"duplicate": 0.93}, fact="dog is called Rex", target="dog named Rex")
    plan = consolidate(db, decider)
    assert statuses(db) == before  # a plan changes nothing until applied
    [item] = plan.items.iter_rows(named=True)
    assert (item["action"], item["fact_id"], item["other_fact_id"]) == ("confirm", REX.fact_id, REX_AGAIN.fact_id)
    changes = json.loads(item["changes"])
    # belief 0.5 gains logit(0.93): 0.93, above reopen 0.60, so the fact is promoted; the copy becomes a link.
    assert changes[REX.fact_id]["kind"] == "fact_promoted"
    assert changes[REX.fact_id]["after"] == {"belief": pytest.approx(0.93), "status": "active",
                                             "same_as": [REX_AGAIN.fact_id]}
    assert changes[REX_AGAIN.fact_id]["after"]["closed_reason"] == "duplicate"
    assert json.loads(plan.plan["summary"])["items"] == {"close_superseded": 0, "link_same_as": 0, "reopen": 0,
                                                         "confirm": 1}
    apply_plan(db, plan.plan_id)
    assert statuses(db)["I have a dog named Rex"] == ("active", 0.93)
    assert statuses(db)["My dog is called Rex"][0] == "closed"
    assert projection_matches_log(db)
    restore_plan(db, plan.plan_id)
    assert statuses(db) == before and projection_matches_log(db)


def test_a_tentative_fact_superseded_is_closed_and_a_tentative_superseder_promoted(tmp_path):
    from archivist.tasks.plans.apply import apply_plan

    db = Store(str(tmp_path / "store"))
    york, leeds_again = statement("I live in York", day=0), statement("I moved to Leeds", day=4)
    write_night(db, [york], unsure_about("live in York"))  # tentative, then superseded by an active fact
    write_night(db, [leeds_again], run_id="night-2")
    write_night(db, [BERLIN], unsure_about("moved to Berlin"), run_id="night-3")  # a tentative superseder
    assert [statuses(db)[t][0] for t in ("I live in York", "I moved to Leeds", "I moved to Berlin")] == [
        "tentative", "active", "tentative"]
    decider = ScriptedDecider(model="stronger-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Leeds", target="live in York")
    decider.script("relation:*", {"update": 0.97}, fact="moved to Berlin", target="moved to Leeds")
    plan = consolidate(db, decider)
    items = {(r["action"], r["fact_id"], r["other_fact_id"]) for r in plan.items.iter_rows(named=True)}
    # York and Leeds share a fact, so the more confident Berlin/Leeds item wins this pass; York waits.
    assert items == {("close_superseded", leeds_again.fact_id, BERLIN.fact_id)}
    changes = json.loads(plan.items["changes"][0])
    assert changes[BERLIN.fact_id]["kind"] == "fact_promoted"
    assert changes[BERLIN.fact_id]["after"]["status"] == "active"
    apply_plan(db, plan.plan_id)
    assert statuses(db)["I moved to Leeds"][0] == "closed" and statuses(db)["I moved to Berlin"][0] == "active"
    # The next pass: York's pair with Leeds now has a closed side; its pair with Berlin is asked and closes it.
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in York")
    second = consolidate(db, decider, run_id="consolidate-2")
    assert {(r["action"], r["fact_id"]) for r in second.items.iter_rows(named=True)} == {
        ("close_superseded", york.fact_id)}
    apply_plan(db, second.plan_id)
    assert statuses(db)["I live in York"][0] == "closed"


def test_a_tentative_refinement_is_confirmed_without_touching_the_active_fact(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS])
    write_night(db, [statement("I live in Leeds, West Yorkshire", day=12)], unsure_about("West Yorkshire"),
                run_id="night-2")
    decider = ScriptedDecider(model="stronger-1")
    decider.script("relation:*", {"refinement": 0.9}, fact="West Yorkshire", target="live in Leeds")
    [item] = consolidate(db, decider).items.iter_rows(named=True)
    changes = json.loads(item["changes"])
    refined = statement("I live in Leeds, West Yorkshire", day=12).fact_id
    assert item["action"] == "confirm" and set(changes) == {refined}
    assert changes[refined] == {"kind": "fact_promoted", "after": {"belief": pytest.approx(0.9), "status": "active"}}


def test_an_unsure_second_pass_leaves_a_tentative_fact_tentative(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [REX], unsure_about("dog named Rex"))
    write_night(db, [REX_AGAIN], run_id="night-2")
    decider = ScriptedDecider(model="stronger-1")
    decider.script("relation:*", {"duplicate": 0.7}, fact="dog is called Rex", target="dog named Rex")
    plan = consolidate(db, decider)
    assert plan.items.height == 0 and json.loads(plan.plan["summary"])["pairs_asked"] == 1
