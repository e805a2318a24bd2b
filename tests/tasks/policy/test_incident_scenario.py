"""TypedMem's incident scenario (seeds/typedmem-explicit-transitions.txt) through the write path's contracts.

An operations investigation of why clients cannot reach a logging service, seven steps from four sources:
telemetry (a tool), support cases (agents), the agent's own assessment and decisions, and a certificate
validation system. The kinds are the application's choice, made here by relation: `evidence` follows the
reinforce contract, `assessment` the flag contract, `decision` the supersede contract (configs/contracts.toml).
Replaying the whole log gives the post's final state; replaying the events before step 7 gives the earlier one.
"""

from __future__ import annotations

import json

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.storage.events import replay_facts
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import at_day, statement

T = load_thresholds()
R = load_relations()

STEPS = [  # (day, role, relation, text)
    (1, "tool", "evidence", "certificate errors are associated with the client failures"),
    (2, "agent", "evidence", "support cases report certificate errors with the client failures"),
    (3, "agent", "assessment", "the certificate is causing the client failures"),
    (4, "system", "assessment", "the certificate is valid"),
    (5, "agent", "decision", "investigate the certificate"),
    (6, "tool", "evidence", "client failures correlate with lost connectivity to the logging service"),
    (7, "agent", "decision", "investigate the connectivity to the logging service"),
]


def _decider() -> ScriptedDecider:
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"duplicate": 0.95}, fact="support cases report", target="certificate errors are")
        decider.script(key, {"contradiction": 0.95}, fact="certificate is valid", target="certificate is causing")
        decider.script(key, {"update": 0.95}, fact="investigate the connectivity", target="investigate the cert")
    return decider


def _run():
    statements = []
    for day, role, relation, text in STEPS:
        fact = statement(text, day=day, relation=relation, subject="logging service", obj=text)
        fact.role = role
        statements.append(fact)
    changes = process_new_facts(statements, pl.DataFrame(), _decider(), ScriptedQuestions(), T, R, run_id="run-1")
    events = changes.events.drop("seq").with_row_index("seq").with_columns(pl.col("seq").cast(pl.Int64))
    return events


def _by_text(facts: pl.DataFrame) -> dict[str, dict]:
    return {row["text"]: row for row in facts.iter_rows(named=True)}


def test_the_whole_log_replays_to_six_records_with_the_new_decision_current_and_both_assessments_flagged():
    facts = _by_text(replay_facts(_run()))
    assert len(facts) == 6
    evidence = facts[STEPS[0][3]]
    assert [s.split(":")[0] for s in evidence["sources"]] == ["tool", "agent"]  # one record, two sources
    assert evidence["belief"] > T.initial_belief and evidence["status"] == "active"
    cause, valid = facts[STEPS[2][3]], facts[STEPS[3][3]]
    assert cause["status"] == valid["status"] == "active"
    assert [json.loads(c)["fact_id"] for c in cause["conflicts"]] == [valid["fact_id"]]
    assert [json.loads(c)["fact_id"] for c in valid["conflicts"]] == [cause["fact_id"]]
    old, new = facts[STEPS[4][3]], facts[STEPS[6][3]]
    assert (old["status"], old["superseded_by"]) == ("closed", new["fact_id"])
    assert new["status"] == "active" and new["conflicts"] == []
    current = sorted(t for t, r in facts.items() if r["relation"] == "decision" and r["status"] == "active")
    assert current == [STEPS[6][3]]


def test_the_log_records_each_step_with_the_contract_that_made_it():
    events = _run()
    steps = [(row["kind"], json.loads(row["detail"])["contract"]["rule"]) for row in events.iter_rows(named=True)]
    assert steps == [
        ("fact_added", "add"),  # 1 evidence added (telemetry)
        ("link_made", "reinforce"),  # 2 evidence reinforced (support cases) ...
        ("belief_changed", "reinforce"),  # ... and its belief rises
        ("fact_added", "add"),  # 3 assessment added (the agent)
        ("fact_added", "add"),  # 4 competing assessment stored, flagged on itself ...
        ("conflict_flagged", "flag"),  # ... and on the first assessment
        ("fact_added", "add"),  # 5 decision added
        ("fact_added", "add"),  # 6 evidence added (connectivity)
        ("fact_added", "add"),  # 7 decision superseded: the new one ...
        ("belief_changed", "supersede"),  # ... the old one's belief falls ...
        ("fact_closed", "supersede"),  # ... and it closes, kept in history
        ("belief_changed", "mirror"),  # the new decision takes over what the old one lost
    ]
    sources = [json.loads(d)["source"]["voice"] for d in events["detail"].to_list()]
    assert sources[:2] == ["tool", "agent"] and sources[5] == "system"


def test_a_prefix_before_step_seven_replays_to_the_earlier_state():
    facts = _by_text(replay_facts(_run(), as_of=at_day(6)))
    assert len(facts) == 5
    current = [t for t, r in facts.items() if r["relation"] == "decision" and r["status"] == "active"]
    assert current == ["investigate the certificate"]
    assert all(r["conflicts"] for t, r in facts.items() if r["relation"] == "assessment")
