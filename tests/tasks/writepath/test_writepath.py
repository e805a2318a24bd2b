"""The write path's mechanics: one request per fact, ordering within a scope, batching across scopes."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.storage.events import apply_event, decode_fact_values
from archivist.storage.facts import PartitionState
from archivist.tasks.policy.candidates import ScopeIndex, select_candidates
from archivist.tasks.writepath.decide import PartitionChanges, process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import at_day, statement

T = load_thresholds()
# The fakes' vectors are random, not an embedding: a test that needs a fact of another relation to be a cosine
# candidate switches the candidate floor off (tests/tasks/policy/test_candidate_floor.py tests the floor).
ASK_ALL = T.model_copy(update={"candidate_min_cosine": 0.0})
R = load_relations()
FACT_KEYS = {"worth_remembering", "kind", "temporal_status", "relation_type", "durability", "sensitivity"}


def run(statements, decider=None, current=None, t=T) -> PartitionChanges:
    return process_new_facts(statements, current if current is not None else pl.DataFrame(),
                             decider or ScriptedDecider(), ScriptedQuestions(), t, R, run_id="run-1")


def test_one_request_per_fact_and_the_second_phrasing_as_a_second_reading_of_its_own():
    decider = ScriptedDecider()
    # A first reading that could close Leeds (update, past every gate but g_A): its second reading is asked.
    decider.script("relation:*", {"update": 0.95}, fact="dog")
    changes = run([statement("I live in Leeds", day=0), statement("I have a dog", day=1, relation="pet")], decider,
                  t=ASK_ALL)
    first, second, reading = decider.requests
    assert set(first.questions) == FACT_KEYS
    assert set(second.questions) == FACT_KEYS | {"relation:c1"}
    assert second.state["targets"] == {"c1": {"text": "I live in Leeds", "said_at": "2024-03-01T09:00:00+00:00"}}
    assert "targets.c1" in second.questions["relation:c1"].instructions
    # Before, relation_alt shared the request and state of relation, yet counted as a second piece of evidence.
    assert set(reading.questions) == {"relation_alt:c1"}
    assert reading.state != second.state and {k: v for k, v in reading.state.items() if k != "reading"} == second.state
    rows = {row["question_id"]: row for row in changes.decisions.iter_rows(named=True)
            if row["subject_fact_id"] == statement("I have a dog", day=1, relation="pet").fact_id}
    assert rows["relation_alt"]["request_hash"] != rows["relation"]["request_hash"]  # cached apart


def test_a_later_fact_sees_an_earlier_fact_of_its_batch_even_when_given_out_of_order():
    decider = ScriptedDecider()
    run([statement("I moved to Berlin", day=10), statement("I live in Leeds", day=0)], decider)
    # Berlin's first reading is `new` (the scripted default), so it has no second reading to ask.
    assert [r.state["fact"] for r in decider.requests] == ["I live in Leeds", "I moved to Berlin"]
    assert decider.requests[1].state["targets"]["c1"]["text"] == "I live in Leeds"


def test_a_fact_dated_before_an_earlier_statement_is_still_read_after_it():
    # "I moved to Berlin last month", said on day 10, dates the move to day -20, before "I live in Leeds" (day 0):
    # it is still compared with Leeds (the order said), and keeps its own date as valid_from.
    decider = ScriptedDecider()
    moved = statement("I moved to Berlin last month", day=10)
    moved.valid_from = at_day(-20)
    changes = run([moved, statement("I live in Leeds", day=0)], decider)
    assert [r.state["fact"] for r in decider.requests] == ["I live in Leeds", "I moved to Berlin last month"]
    row = changes.facts.filter(pl.col("fact_id") == moved.fact_id).row(0, named=True)
    assert (row["said_at"], row["valid_from"]) == (at_day(10), at_day(-20))


def test_scopes_are_independent_so_each_round_asks_one_fact_of_every_scope_together():
    decider = ScriptedDecider()
    statements = [statement(f"fact {i} of {scope}", day=i, scope=scope) for scope in ("a", "b", "c") for i in range(2)]
    changes = run(statements, decider)
    # The second round's facts have a candidate, but a `new` first reading (the default) needs no second one.
    assert decider.batches == [3, 3]
    assert changes.requests == 6


def _vector(*values: float) -> np.ndarray:
    vector = np.zeros(8, dtype=np.float32)
    vector[: len(values)] = values
    return vector


def test_facts_of_one_scope_that_cannot_see_each_other_are_asked_together_with_the_same_answers():
    narrow = T.model_copy(update={"cosine_candidates": 1, "graph_candidates": 0})
    stored = statement("A", day=0, relation="x")
    stored.vector = _vector(1)
    first = statement("B", day=1, relation="y")
    first.vector = _vector(1, 0.1)
    second = statement("C", day=2, relation="z")
    second.vector = _vector(1, 0, 0.1)  # closer to A (0.995) than to B (0.990): B is not its candidate
    third = statement("D", day=3, relation="w")
    third.vector = _vector(1, 0.12)  # closest to B: must wait until B is decided
    base = run([stored])
    decider = ScriptedDecider()
    together = run([first, second, third], decider, current=base.facts, t=narrow)
    assert decider.batches == [2, 1]  # two statements, then one (`new` first readings: no second reading)

    # Deciding them one at a time, each against what the previous one left, gives the very same rows.
    current, one_by_one = base.facts, []
    for fact in (first, second, third):
        step = run([fact], current=current, t=narrow)
        one_by_one.append(step)
        current = pl.concat([current.filter(~pl.col("fact_id").is_in(step.facts["fact_id"].to_list())), step.facts])
    assert together.decisions.sort("decision_id").equals(
        pl.concat([s.decisions for s in one_by_one]).sort("decision_id"))
    assert together.events.drop("seq").equals(pl.concat([s.events for s in one_by_one]).drop("seq"))


def test_statements_already_stored_linked_or_dropped_are_skipped():
    decider = ScriptedDecider()
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is in Leeds")
    decider.script("worth_remembering", {"true": 0.1}, fact="thanks")
    statements = [statement("I live in Leeds", day=0), statement("My home is in Leeds", day=1),
                  statement("thanks", day=2)]
    first = run(statements, decider)
    seen = {statements[0].fact_id, statements[1].fact_id, statements[2].fact_id}
    again = ScriptedDecider()
    second = run(statements, again, current=PartitionState(first.facts, frozenset(seen)))
    assert again.requests == []
    assert second.events.is_empty() and second.decisions.is_empty() and second.facts.is_empty()


def test_the_fact_rows_are_the_events_applied():
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.95}, fact="Berlin")
    decider.script("relation_alt:*", {"update": 0.95}, fact="Berlin")
    changes = run([statement("I live in Leeds", day=0), statement("I moved to Berlin", day=5)], decider)
    rows: dict = {}
    for kind, fact_id, after in changes.events.select("kind", "fact_id", "after").iter_rows():
        apply_event(rows, kind, fact_id, decode_fact_values(after))
    assert changes.facts.drop("vector").sort("fact_id").to_dicts() == [rows[k] for k in sorted(rows)]


def test_decision_rows_record_question_version_zone_model_and_request():
    decider = ScriptedDecider(model="scripted-7")
    decider.script("relation:*", {"contradiction": 0.70}, fact="Berlin")
    changes = run([statement("I live in Leeds", day=0), statement("I live in Berlin", day=5)], decider)
    relation = changes.decisions.filter(pl.col("question_id") == "relation").row(0, named=True)
    assert relation["zone"] == "tentative"
    assert relation["question_version"] == 1 and relation["model_version"] == "scripted-7"
    assert relation["provider"] == "scripted" and len(relation["request_hash"]) == 64
    assert relation["options"] == ["new", "duplicate", "refinement", "update", "contradiction", "negates"]
    assert relation["target_fact_id"] == statement("I live in Leeds", day=0).fact_id
    assert changes.decisions.height == 6 + 8  # six fact questions, then six more and two about the candidate
    assert changes.decisions["decision_id"].n_unique() == changes.decisions.height
    # The same inputs give the same ids: a re-run's decisions are recognised, not repeated.
    again = run([statement("I live in Leeds", day=0), statement("I live in Berlin", day=5)], decider)
    assert again.decisions["decision_id"].to_list() == changes.decisions["decision_id"].to_list()


def test_an_unknown_predicate_is_filed_under_the_slot_the_model_chose():
    decider = ScriptedDecider()
    decider.script("relation_type", {"employer": 0.9}, fact="Acme")
    changes = run([statement("I work for Acme", day=0, relation="toils_at"),
                   statement("I collect stamps", day=1, relation="collects")], decider)
    relations = dict(zip(changes.facts["text"].to_list(), changes.facts["relation"].to_list(), strict=True))
    assert relations == {"I work for Acme": "employer", "I collect stamps": "collects"}


def test_a_missing_answer_is_a_recorded_fallback_that_closes_nothing():
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.99}, fact="Berlin")
    decider.script("relation_alt:*", {"update": 0.99}, fact="Berlin")
    decider.fail("temporal_status", fact="Berlin")
    changes = run([statement("I live in Leeds", day=0), statement("I moved to Berlin", day=5)], decider)
    temporal = changes.decisions.filter((pl.col("question_id") == "temporal_status") & pl.col("fallback"))
    assert temporal.height == 1 and temporal["error"][0] == "scripted failure"
    assert "fact_closed" not in changes.events["kind"].to_list()


def test_a_fact_without_a_vector_is_refused():
    fact = statement("I live in Leeds")
    fact.vector = None
    with pytest.raises(ValueError, match="no vector"):
        run([fact])


def test_candidates_are_the_closest_then_siblings_and_rare_entities_similarity_missed():
    index = ScopeIndex(R, 8)
    for i in range(14):
        row = {"fact_id": f"f{i}", "subject": "user", "relation": "likes", "entities": ["Monday"]}
        if i == 12:
            row["relation"] = "lives_in"  # a sibling of an address fact, far away
        if i == 13:
            row["entities"] = ["Kyoto"]  # a rare entity, far away
        # Monday is named by 13 facts, more than rare_entity_max_facts: sharing it says nothing.
        index.add(row, _vector(1.0, i / 10))  # f0 is the closest to (1, 0), f13 the farthest
    chosen = select_candidates(index, _vector(1.0), "User", "address", ["Kyoto", "Monday"], cosine_k=10,
                               graph_k=10, rare_max=10)
    assert chosen == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13]


def test_a_vector_from_another_embedding_space_is_refused():
    base = run([statement("I live in Leeds", day=0)])
    other = statement("I moved to Berlin", day=5)
    other.vector = np.ones(16, dtype=np.float32)
    with pytest.raises(ValueError, match="re-embedding"):
        run([other], current=base.facts)
