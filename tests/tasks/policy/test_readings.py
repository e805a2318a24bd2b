"""The second reading is asked only where the first reading could still act (tasks/policy/readings.py)."""

from __future__ import annotations

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.readings import NOT_ASKED, unread_reason
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions, spread
from tests.fakes.statements import statement

T = load_thresholds()
R = load_relations()
RELATION_OPTIONS = ["new", "duplicate", "refinement", "update", "contradiction", "negates"]
NOW = Answer.from_probabilities(spread({"current": 0.95}, ["current", "past", "planned", "hypothetical"]))
PLANNED = Answer.from_probabilities(spread({"planned": 0.95}, ["current", "past", "planned", "hypothetical"]))
ADDRESS = {"fact_id": "u1", "subject": "user", "relation": "address"}
NEW_ADDRESS = {"fact_id": "f1", "subject": "user", "relation": "address"}
PREFIX = f"{NOT_ASKED}: "


def reading(label: str, p: float) -> Answer:
    return Answer.from_probabilities(spread({label: p}, RELATION_OPTIONS))


def test_only_a_first_reading_past_every_gate_but_agreement_keeps_its_second_reading():
    assert unread_reason(ADDRESS, reading("update", 0.95), NOW, NEW_ADDRESS, T, R) is None  # could close
    assert unread_reason(ADDRESS, reading("negates", 0.70), NOW, NEW_ADDRESS, T, R) is None
    ruled_out = {
        "new": (reading("new", 0.95), NOW, NEW_ADDRESS),
        "support": (reading("duplicate", 0.95), NOW, NEW_ADDRESS),
        "weak": (reading("update", 0.45), NOW, NEW_ADDRESS),
        "temporal": (reading("update", 0.95), PLANNED, NEW_ADDRESS),
        "fallback": (Answer.uniform_fallback(ScriptedQuestions().latest("relation"), "boom"), NOW, NEW_ADDRESS),
    }
    for name, (answer, temporal, new_row) in ruled_out.items():
        why = unread_reason(ADDRESS, answer, temporal, new_row, T, R)
        assert why is not None and why.startswith(PREFIX), name
    # A contradiction between facts of two relations: g_C stops it whatever the second reading says.
    hobby = {"fact_id": "u2", "subject": "user", "relation": "hobby"}
    assert "cardinality gate" in unread_reason(hobby, reading("contradiction", 0.95), NOW, NEW_ADDRESS, T, R)



def test_a_candidate_the_first_reading_rules_out_gets_no_second_reading_and_one_that_could_close_gets_it():
    decider = ScriptedDecider()
    moved = "I moved to Berlin"
    decider.script("relation:*", {"update": 0.95}, fact=moved, target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.95}, fact=moved, target="live in Leeds")
    leeds, dog = statement("I live in Leeds", day=0), statement("I have a dog", day=1, relation="pet")
    # The fakes' vectors are random: the dog fact is a cosine candidate of the move only without the floor.
    ask_all = T.model_copy(update={"candidate_min_cosine": 0.0})
    changes = process_new_facts([leeds, dog, statement(moved, day=5)], pl.DataFrame(), decider, ScriptedQuestions(),
                                ask_all, R, run_id="run-1")

    second = [r for r in decider.requests if r.state.get("reading")]
    asked = [key for r in second if r.state["fact"] == moved for key in r.questions]
    keys = {v["text"]: k for r in second for k, v in r.state["targets"].items()}
    assert asked == [f"relation_alt:{keys['I live in Leeds']}"]  # not the dog's: `new` moves no belief

    rows = changes.decisions.filter(pl.col("subject_fact_id") == statement(moved, day=5).fact_id)
    by_target = {(r["question_id"], r["target_fact_id"]): r for r in rows.iter_rows(named=True)}
    assert ("relation_alt", leeds.fact_id) in by_target and ("relation_alt", dog.fact_id) not in by_target
    note = by_target[("relation", dog.fact_id)]["error"]
    assert note.startswith(PREFIX) and "is new" in note
    assert by_target[("relation", leeds.fact_id)]["error"] is None

    facts = {r["text"]: r for r in changes.facts.iter_rows(named=True)}
    assert facts["I live in Leeds"]["status"] == "closed"  # the second reading agreed: g_A holds
    assert facts["I have a dog"]["status"] == "active"


def test_u_star_in_the_escalation_zone_gets_no_second_reading():
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.55, "new": 0.40}, fact="Berlin")
    changes = process_new_facts([statement("I live in Leeds", day=0), statement("I live in Berlin", day=5)],
                                pl.DataFrame(), decider, ScriptedQuestions(), T, R, run_id="run-1")
    assert not any(r.state.get("reading") for r in decider.requests)
    relation = changes.decisions.filter(pl.col("question_id") == "relation").row(0, named=True)
    # The escalation note comes first; the second reading's note follows it.
    assert relation["error"].startswith("escalation zone and no LLM configured")
    assert "escalation zone, where the LLM's verdict replaces both readings" in relation["error"]
