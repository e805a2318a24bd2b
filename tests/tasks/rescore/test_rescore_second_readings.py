"""Re-scoring asks the second readings the write path left out once the new first readings require them."""

from __future__ import annotations

import json

import pytest

from archivist.storage.store import Store
from archivist.tasks.plans.apply import apply_plan
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import drift_markdown, rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, projection_matches_log, replayed, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import statement

LEEDS, BERLIN = statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)
DOG = statement("I have a dog", day=3, relation="pet")
NIGHT = [LEEDS, DOG, BERLIN]


def surer(model: str = "new-2") -> ScriptedDecider:
    """A model whose first reading of Berlin against Leeds is a confident update (the first model's was `new`)."""
    decider = ScriptedDecider(model=model)
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    return decider


@pytest.fixture
def store(tmp_path) -> Store:
    db = Store(str(tmp_path / "store"))
    write_night(db, NIGHT, ScriptedDecider(model="old-1"))  # every relation `new`: no second reading asked
    assert db.count("decisions", "question_id = 'relation_alt'") == 0
    assert by_text(replayed(db))["I live in Leeds"]["status"] == "active"
    return db


def _rescore(store: Store, decider: ScriptedDecider):
    work = rebuild_requests(store, stored_decisions(store, new_model=decider.model), QUESTIONS)
    return work, rescore_store(store, work, decider, run_id="rescore-1", model=decider.model, t=T, relations=R)


def test_a_first_reading_that_now_acts_gets_its_second_reading_and_closes_as_a_fresh_night_would(store, tmp_path):
    decider = surer()
    work, outcome = _rescore(store, decider)

    # One more request than the rebuilt ones: the second reading of Leeds alone (the dog's first reading is
    # still `new`, so its second reading stays unasked), in a round of its own after the first readings.
    assert len(decider.requests) == len(work.requests) + 1 and decider.batches == [len(work.requests), 1]
    last = decider.requests[-1]
    assert [k.split(":")[0] for k in last.questions] == ["relation_alt"]
    assert [last.state["targets"][k.split(":")[1]]["text"] for k in last.questions] == ["I live in Leeds"]
    summary = outcome.summary()
    assert summary["new_second_readings"] == {"n": 1, "chosen": {"update": 1}, "new_fallbacks": 0}
    assert summary["requests"] == len(work.requests) + 1
    assert "relation_alt" not in outcome.drift  # no old answer: counted apart, not as a flip
    assert "1 second readings asked for the first time" in drift_markdown(summary)

    # A fresh night with the second model on a new store asks the same request and stores the same decision.
    fresh = Store(str(tmp_path / "fresh"))
    write_night(fresh, NIGHT, surer())
    expected = [r for r in fresh.read("decisions").to_dicts() if r["question_id"] == "relation_alt"]
    recorded = [r for r in store.read("decisions").to_dicts()
                if r["question_id"] == "relation_alt" and r["run_id"] == "rescore-1"]
    assert [(r["decision_id"], r["request_hash"], r["target_fact_id"], r["chosen"]) for r in recorded] == \
        [(r["decision_id"], r["request_hash"], r["target_fact_id"], r["chosen"]) for r in expected]
    assert len(expected) == 1 and expected[0]["target_fact_id"] == LEEDS.fact_id

    # The plan closes Leeds as that night did: same status, reason, successor, end and belief.
    items = outcome.plan.items.to_dicts()
    assert [(i["action"], i["fact_id"], i["other_fact_id"]) for i in items] == [("close_superseded", LEEDS.fact_id,
                                                                                BERLIN.fact_id)]
    apply_plan(store, outcome.plan.plan_id)
    assert projection_matches_log(store)
    fields = ("status", "closed_reason", "superseded_by", "valid_until")
    got, want = by_text(replayed(store))["I live in Leeds"], by_text(replayed(fresh))["I live in Leeds"]
    assert want["status"] == "closed"
    assert {f: got[f] for f in fields} == {f: want[f] for f in fields}
    assert got["belief"] == pytest.approx(want["belief"])
    closed = [e for e in fresh.read("events").to_dicts() if e["kind"] == "fact_closed"]
    planned = json.loads(items[0]["changes"])[LEEDS.fact_id]
    assert [e["fact_id"] for e in closed] == [LEEDS.fact_id] and planned["kind"] == "fact_closed"


def test_a_model_that_answers_the_same_asks_nothing_new_and_drifts_nothing(store):
    decider = ScriptedDecider(model="old-2")  # the first model's answers under another version
    work, outcome = _rescore(store, decider)
    assert len(decider.requests) == len(work.requests) and decider.batches == [len(work.requests)]
    assert outcome.summary()["new_second_readings"]["n"] == 0 and not outcome.asked_new
    assert outcome.drift and all(q["flipped"] == 0 and q["mean_total_variation"] == 0.0
                                 for q in outcome.drift.values())
    assert outcome.plan.items.height == 0
    assert store.count("decisions", "question_id = 'relation_alt'") == 0


def test_the_same_model_version_re_asks_nothing(store):
    decider = ScriptedDecider(model="old-1")
    work, outcome = _rescore(store, decider)
    assert work.requests == [] and decider.requests == []
    assert outcome.summary()["new_second_readings"]["n"] == 0 and outcome.drift == {}


def test_a_later_re_score_asks_again_the_second_reading_an_earlier_one_asked(store):
    _rescore(store, surer("new-2"))
    again = surer("new-3")
    work, outcome = _rescore(store, again)  # the earlier re-score's rows are not re-asked: the reading is asked anew
    assert len(again.requests) == len(work.requests) + 1
    assert outcome.summary()["new_second_readings"]["n"] == 1
    assert [(i["action"], i["fact_id"]) for i in outcome.plan.items.to_dicts()] == [("close_superseded",
                                                                                    LEEDS.fact_id)]
