"""`archivist evaluate decisions` and `archivist decider fit` through the real command line app."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.flows.cli.decisions import evaluate_app

REPO = Path(__file__).resolve().parents[3]
LABELS = REPO / "data" / "labels" / "decisions.jsonl"
runner = CliRunner()

SMALL = [
    {"question": "relation", "old": "User lives in Paris", "new": "User lives in Berlin",
     "message": "I moved to Berlin.", "label": "update", "accept": ["update"]},
    {"question": "relation", "old": "User likes hiking", "new": "User likes painting", "message": "I paint too.",
     "label": "new"},
    {"question": "temporal_status", "fact": "User used to live in Leeds", "message": "I used to live in Leeds.",
     "label": "past"},
    {"question": "worth_remembering", "fact": "User said thanks", "message": "thanks!", "label": False},
    {"question": "relevance", "memory": "User lives in Berlin", "query": "Where does the user live?", "label": True},
]


def _small_labels(tmp_path) -> Path:
    path = tmp_path / "small.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in SMALL))
    return path


def test_evaluate_decisions_prints_one_json_object_per_question(tmp_path):
    result = runner.invoke(app, ["evaluate", "decisions", str(_small_labels(tmp_path)), "--provider", "local",
                                 "--store", str(tmp_path / "store"), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"relation", "relation_alt", "temporal_status", "worth_remembering", "relevance",
                           "relation_confusion", "suggested_thresholds"}
    assert report["relation"]["n"] == 2 and report["temporal_status"]["n"] == 1
    for question in ("relation", "temporal_status", "worth_remembering", "relevance"):
        assert {"n", "accuracy", "ece", "brier", "nll"} <= set(report[question])
        assert 0.0 <= report[question]["accuracy"] <= 1.0 and report[question]["nll"] > 0
    assert sum(sum(row.values()) for row in report["relation_confusion"].values()) == 2


def test_evaluate_decisions_prints_a_table_and_the_confusion(tmp_path):
    result = runner.invoke(app, ["evaluate", "decisions", str(_small_labels(tmp_path)), "--provider", "local",
                                 "--model", "local-decider-3@t=0.7", "--store", str(tmp_path / "store")])
    assert result.exit_code == 0, result.output
    assert "local-decider-3@t=0.7" in result.output
    assert "worth_remembering" in result.output and "label (rows)" in result.output


def test_bad_input_exits_with_a_message(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"question": "relation"}\n')
    result = runner.invoke(app, ["evaluate", "decisions", str(broken), "--provider", "local"])
    assert result.exit_code == 2 and "broken.jsonl:1" in result.output
    result = runner.invoke(app, ["evaluate", "decisions", str(_small_labels(tmp_path)), "--split", "test"])
    assert result.exit_code == 2 and "no items with split 'test'" in result.output
    result = runner.invoke(app, ["evaluate", "decisions", str(_small_labels(tmp_path)), "--split", "dev"])
    assert result.exit_code != 0


def test_evaluate_is_a_group_other_modules_can_extend():
    @evaluate_app.command("probe-only-in-this-test")
    def _probe() -> None:
        print("extended")

    try:
        assert runner.invoke(app, ["evaluate", "probe-only-in-this-test"]).stdout.strip() == "extended"
        assert "decisions" in runner.invoke(app, ["evaluate", "--help"]).output
    finally:
        evaluate_app.registered_commands.pop()


def test_decider_fit_writes_weights_that_the_local_model_loads(tmp_path):
    from archivist.tasks.decisions.local import LocalDecisionProvider

    out = tmp_path / "weights.json"
    # One extra label file, not the default two: the shipped fit (all of them) is checked in test_local_model.
    styles = LABELS.parent / "relations_styles.jsonl"
    result = runner.invoke(app, ["decider", "fit", "--labels", str(LABELS), "--out", str(out), "--split", "test",
                                 "--model", "local-decider-3", "--more-labels", str(styles)])
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert document["fitted_on"]["split"] == "test" and document["model"] == "local-decider-3"
    assert [entry["labels"] for entry in document["fitted_on"]["more"]] == ["relations_styles.jsonl"]
    assert set(document["heads"]) == {"relation", "relation_alt", "temporal_status", "worth_remembering", "relevance"}
    # The MiniLM projections (56 directions of 384 numbers) are most of it: small next to the tens of MB allowed.
    assert out.stat().st_size < 400_000
    assert LocalDecisionProvider(weights_path=str(out)).model == "local-decider-3"


def test_evaluate_decisions_with_a_provider_suggests_that_models_thresholds(tmp_path):
    result = runner.invoke(app, ["evaluate", "decisions", str(LABELS), "--provider", "local", "--split", "test",
                                 "--store", str(tmp_path / "store")])
    assert result.exit_code == 0, result.output
    assert '[models."local-decider-3"]' in result.output and "configs/thresholds.toml" in result.output
    as_json = json.loads(runner.invoke(app, ["evaluate", "decisions", str(LABELS), "--provider", "local", "--split",
                                             "test", "--store", str(tmp_path / "store"), "--json"]).stdout)
    suggestion = as_json["suggested_thresholds"]
    assert suggestion["model"] == "local-decider-3"
    for name, value in suggestion["values"].items():  # each suggested value stands on enough answers
        assert 0.5 <= value < 1.0 and suggestion["support"][name] >= 20
