"""A stated change (`replaces`) is stored on the fact, so a re-score re-asks exactly what the night asked."""

from __future__ import annotations

import dataclasses

import polars as pl

from archivist.storage.store import Store
from archivist.tasks.decisions.types import Answer
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, replayed, write_night
from tests.fakes.scripted_decider import ScriptedDecider, spread
from tests.fakes.statements import statement

LEEDS = statement("I live in Leeds", day=0, obj="Leeds")
BERLIN = dataclasses.replace(statement("I moved to Berlin", day=10, obj="Berlin"), replaces=True)
PARIS = statement("I am in Paris for a week", day=20, obj="Paris")


class ReadsTheMark(ScriptedDecider):
    """A model that reads the slot's change mark: a marked change updates the stored value, else it is new."""

    def _one(self, request, key, question):
        slot = request.state.get("slot") or {} if isinstance(request.state, dict) else {}
        if key.startswith(("relation:", "relation_alt:")) and slot.get("replaces") is True:
            return Answer.from_probabilities(spread({"update": 0.95}, question.option_names))
        return super()._one(request, key, question)


def test_a_marked_change_is_stored_and_a_rescore_with_the_same_model_asks_the_same_requests(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, BERLIN], ReadsTheMark(model="old-1"))
    stored = by_text(db.read("facts"))
    assert stored["I moved to Berlin"]["replaces"] is True and stored["I live in Leeds"]["replaces"] is False
    assert by_text(replayed(db))["I live in Leeds"]["status"] == "closed"  # the mark decided the night

    work = rebuild_requests(db, stored_decisions(db, new_model="old-2"), QUESTIONS)
    berlin = next(r.request.state for r in work.requests if r.request.state["fact"] == "I moved to Berlin")
    assert berlin["slot"]["replaces"] is True
    outcome = rescore_store(db, work, ReadsTheMark(model="old-2"), run_id="rescore-1", model="old-2", t=T,
                            relations=R)
    assert outcome.drift and all(q["flipped"] == 0 and q["mean_abs_change"] == 0.0 for q in outcome.drift.values())
    decisions = db.read("decisions")
    night = decisions.filter(pl.col("run_id") == "night-1")
    again = decisions.filter(pl.col("run_id") == "rescore-1")
    assert again.height == night.height
    assert set(again["request_hash"].to_list()) == set(night["request_hash"].to_list())


def test_only_the_new_facts_slot_carries_the_mark_never_a_stored_targets(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, BERLIN], ReadsTheMark(model="old-1"))
    later = ReadsTheMark(model="old-1")
    write_night(db, [PARIS], later, run_id="night-2")
    targets = [t for r in later.requests for t in r.state["targets"].values() if t["text"] == "I moved to Berlin"]
    assert targets and all("replaces" not in t["slot"] for t in targets)
    assert all("replaces" not in (r.state.get("slot") or {}) for r in later.requests)  # Paris states no change
