"""`archivist recall`, `archivist evaluate locomo` and `archivist evaluate compare` through the real app.

The store is built by `evaluate locomo --store` from a tiny LoCoMo-format conversation (with the embedded
local decision model, as a user's first run would be). `recall` gets its relevance from a fake: a plain
function configured as the decision provider (`python:module:function`), as a user's own model would be.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage.store import StoreNotFound
from tests.tasks.recall.evaluation.test_evaluate_recall import write_tiny_locomo

runner = CliRunner()
FAKE_PROVIDER = "python:tests.flows.cli.test_recall_cli:beagles_are_relevant"


def beagles_are_relevant(state, questions):
    """A fake relevance model: a line about the beagle is relevant, nothing else is."""
    targets = state["targets"]
    return {key: {"true": 0.9, "false": 0.1} if "beagle" in targets[key.split(":", 1)[1]]["text"]
            else {"true": 0.1, "false": 0.9} for key in questions}


@pytest.fixture
def fake_relevance(monkeypatch):
    monkeypatch.setenv("ARCHIVIST_DECISIONS__PROVIDER", FAKE_PROVIDER)


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    store = folder / "store"
    conversation = write_tiny_locomo(folder)
    result = runner.invoke(app, ["evaluate", "locomo", str(conversation), "--json", "--store", str(store),
                                 "--out", str(folder / "run")])
    assert result.exit_code == 0, result.output
    return folder, store, json.loads(result.stdout)


def test_evaluate_locomo_prints_the_documented_json(evaluated):
    folder, _, summary = evaluated
    assert summary["questions"] == 4
    assert set(summary["turns"]) == {"similarity", "fused", "reranked"}
    assert set(summary["turns"]["reranked"]) == {"3", "5", "10", "20", "30"}
    assert summary["meta"]["decision_provider"] == "local:local-decider-3"
    assert (folder / "run" / "results.json").exists() and (folder / "run" / "report.md").exists()


def test_recall_prints_rendered_lines_from_the_store(evaluated, fake_relevance):
    _, store, _ = evaluated
    result = runner.invoke(app, ["recall", "What breed is Ana's dog?", "--tenant", "locomo-eval", "--scope", "tiny",
                                 "--store", str(store), "--k", "2"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line]
    assert len(lines) == 2 and all(line.startswith("[2023-") for line in lines)
    assert lines[0] == "[2023-05-08] Ana: A beagle. He loves the park by the lake."


def test_recall_json_respects_the_budget_and_reports_the_rerank(evaluated, fake_relevance):
    _, store, _ = evaluated
    result = runner.invoke(app, ["recall", "What breed is Ana's dog?", "--tenant", "locomo-eval", "--scope", "tiny",
                                 "--store", str(store), "--budget-tokens", "40", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["tokens"] <= 40 and answer["lines"]
    assert answer["reranked"] is True and answer["error"] is None
    assert answer["lines"][0]["relevance"] == pytest.approx(0.9) and "beagle" in answer["lines"][0]["text"]
    assert all(line["relevance"] == pytest.approx(0.1) for line in answer["lines"][1:])


def test_recall_as_of_leaves_out_what_was_said_later(evaluated):
    _, store, _ = evaluated
    result = runner.invoke(app, ["recall", "pottery class", "--tenant", "locomo-eval", "--scope", "tiny",
                                 "--store", str(store), "--as-of", "2023-05-31", "--no-rerank", "--json"])
    assert result.exit_code == 0, result.output
    lines = json.loads(result.stdout)["lines"]
    assert lines and all(line["said_at"].startswith("2023-05-08") for line in lines)


def test_recall_of_another_scope_prints_no_lines_and_a_missing_store_is_refused(evaluated, tmp_path):
    _, store, _ = evaluated
    other = runner.invoke(app, ["recall", "What breed is Ana's dog?", "--tenant", "locomo-eval", "--scope", "nobody",
                                "--store", str(store), "--json"])
    assert other.exit_code == 0 and json.loads(other.stdout)["lines"] == []
    missing = tmp_path / "no-store-here"
    result = runner.invoke(app, ["recall", "anything", "--scope", "s", "--store", str(missing)])
    # A mistyped --store is an error (one line from the CLI entry point), never an empty answer.
    assert result.exit_code != 0 and isinstance(result.exception, StoreNotFound) and result.stdout == ""
    assert not missing.exists()


def test_bad_options_are_refused(evaluated):
    _, store, _ = evaluated
    assert runner.invoke(app, ["recall", "q", "--scope", "s", "--store", str(store), "--over", "docs"]).exit_code != 0
    assert runner.invoke(app, ["recall", "q", "--scope", "s", "--store", str(store), "--as-of", "May"]).exit_code != 0


def test_compare_two_runs(evaluated):
    folder, _, _ = evaluated
    run = folder / "run" / "results.json"
    result = runner.invoke(app, ["evaluate", "compare", str(run), str(folder / "run"), "--json",
                                 "--metric", "turns.fused.3.any", "--reps", "100"])
    assert result.exit_code == 0, result.output
    compared = json.loads(result.stdout)
    assert compared["questions"] == 4 and compared["mcnemar_p"] == 1.0
    assert compared["difference"]["mean"] == 0.0
    bad = runner.invoke(app, ["evaluate", "compare", str(run), str(run), "--metric", "nonsense"])
    assert bad.exit_code == 2
