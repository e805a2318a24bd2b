"""Durable versus one-off in the write path: an errand is dropped, a hypothetical is kept only as tentative."""

from __future__ import annotations

import json

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import statement

T = load_thresholds()
R = load_relations()


def run(statements, decider):
    changes = process_new_facts(statements, pl.DataFrame(), decider, ScriptedQuestions(), T, R, run_id="run-test")
    return changes, {row["text"]: row for row in changes.facts.drop("vector").iter_rows(named=True)}


def test_a_plan_of_hours_is_dropped_and_the_drop_is_recorded():
    decider = ScriptedDecider()
    decider.script("kind", {"plan": 0.9}, fact="table for two")
    decider.script("durability", {"0": 0.9}, fact="table for two")
    changes, rows = run([statement("I would like a table for two tonight", day=0),
                         statement("I live in Leeds", day=1)], decider)
    assert list(rows) == ["I live in Leeds"]
    dropped = changes.events.filter(pl.col("kind") == "fact_dropped")
    assert dropped.height == 1 and json.loads(dropped["detail"][0])["reason"] == "one-off"


def test_a_lasting_plan_and_an_unsure_errand_are_kept():
    decider = ScriptedDecider()
    decider.script("kind", {"plan": 0.9}, fact="move to Paris")
    decider.script("durability", {"1": 0.9}, fact="move to Paris")
    decider.script("kind", {"plan": 0.9}, fact="book a cab")
    decider.script("durability", {"0": 0.7}, fact="book a cab")  # below act: not sure enough to drop
    _, rows = run([statement("I am going to move to Paris", day=0), statement("I need to book a cab", day=1)],
                  decider)
    assert set(rows) == {"I am going to move to Paris", "I need to book a cab"}


def test_a_sure_hypothetical_is_tentative_and_closes_nothing():
    decider = ScriptedDecider()
    decider.script("temporal_status", {"hypothetical": 0.9}, fact="might move")
    decider.script("relation:*", {"update": 0.92}, fact="might move", target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.9}, fact="might move", target="live in Leeds")
    changes, rows = run([statement("I live in Leeds", day=0), statement("I might move to York", day=5)], decider)
    assert rows["I might move to York"]["status"] == "tentative"
    assert rows["I live in Leeds"]["status"] == "active"
    assert changes.events.filter(pl.col("kind") == "fact_closed").is_empty()
