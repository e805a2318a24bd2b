"""Moving a store to the latest question wording (question set v1 -> v2) with a re-score."""

from __future__ import annotations

import polars as pl

from archivist.storage.store import Store
from archivist.tasks.decisions.types import Question
from archivist.tasks.rescore.requests import LatestQuestions, rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, write_night
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import statement


class TwoVersions:
    """Every question at v1 and v2; v2 is the latest (for statements and pairs alike)."""

    def __init__(self):
        self.by_version = {1: ScriptedQuestions(1), 2: ScriptedQuestions(2)}

    def get(self, question_id: str, version: int) -> Question:
        return self.by_version[int(version)].latest(question_id)

    def latest(self, question_id: str, asked_of: str = "statements") -> Question:
        return self.by_version[2].latest(question_id)


def test_a_rescore_with_the_same_model_moves_every_decision_to_the_latest_version(tmp_path):
    db = Store(str(tmp_path / "store"))
    write_night(db, [statement("I live in Leeds", day=0), statement("I moved to Berlin", day=5)],
                ScriptedDecider(model="old-1"))
    stored = db.read("decisions")
    assert set(stored["question_version"].to_list()) == {1}
    assert stored_decisions(db, new_model="old-1").height == 0  # without it, the same model re-asks nothing

    latest = LatestQuestions(TwoVersions())
    decisions = stored_decisions(db, new_model="old-1", latest=latest)
    assert decisions.height == stored.height
    work = rebuild_requests(db, decisions, latest)
    assert {q.version for r in work.requests for q in r.request.questions.values()} == {2}

    outcome = rescore_store(db, work, ScriptedDecider(model="old-1"), run_id="rescore-1", model="old-1", t=T,
                            relations=R)
    assert len(outcome.rescored) == stored.height
    moved = db.read("decisions").filter(pl.col("run_id") == "rescore-1")
    assert set(moved["question_version"].to_list()) == {2}  # the new rows name the version they were asked at
    # The originals keep theirs: stored decisions keep the meaning they were asked with.
    assert set(db.read("decisions").filter(pl.col("run_id") == "night-1")["question_version"].to_list()) == {1}
    assert QUESTIONS.get("relation", 1).version == 1


def test_the_command_line_dry_run_counts_the_move_to_the_latest_questions(tmp_path):
    import json

    from typer.testing import CliRunner

    from archivist.flows.cli import app
    from archivist.tasks.decisions.questions import load_questions

    db = Store(str(tmp_path / "store"))
    write_night(db, [statement("I live in Leeds", day=0), statement("I moved to Berlin", day=5)],
                ScriptedDecider(model="local-decider-3"))
    args = ["rescore", "--model", "local-decider-3", "--dry-run", "--json", "--store", db.uri]
    plain = json.loads(CliRunner().invoke(app, args).stdout)
    moved = CliRunner().invoke(app, [*args, "--latest-questions"])
    assert moved.exit_code == 0, moved.output
    assert plain["decisions"] == 0  # the same model re-asks nothing at the recorded versions
    # Every decision whose question has a newer shipped version than the v1 it was asked at; the rest
    # (worth_remembering, temporal_status, durability are still at v1) are current already.
    shipped = load_questions()
    stale = [qid for qid in db.read("decisions")["question_id"].to_list() if shipped.latest(qid).version != 1]
    assert json.loads(moved.stdout)["decisions"] == len(stale) > 0
