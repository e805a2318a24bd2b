"""A partition's commit reports its recorded fallbacks per question and provider."""

from __future__ import annotations

from archivist.storage.facts import load_partition_state
from archivist.storage.store import Store
from archivist.tasks.extract import problem_rows
from archivist.tasks.writepath.decide import process_new_facts
from archivist.tasks.writepath.partition import FactsResult, _extracted_rows, commit_facts
from tests.fakes.fact_stores import QUESTIONS, R, T
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement


def test_the_commit_counts_fallbacks_per_question_and_provider(tmp_path):
    db = Store(str(tmp_path / "store"))
    decider = ScriptedDecider().fail("temporal_status", fact="Berlin").fail("relation:*", fact="Berlin")
    said = [statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)]
    changes = process_new_facts(said, load_partition_state(db, [("acme", "cust-1")], DIM), decider, QUESTIONS, T, R,
                                run_id="night-1")
    counts = commit_facts(db, FactsResult(0, changes, _extracted_rows([], "x", ""), problem_rows([])), DIM, "night-1")
    fell = changes.decisions.filter(changes.decisions["fallback"])
    assert fell.height == 2
    assert counts["fallbacks"] == {"relation/scripted": 1, "temporal_status/scripted": 1}
    assert not db.has_table("commits") or db.count("commits") == 0  # the commit's marker is gone
