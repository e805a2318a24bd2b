"""Labels derived from other corpora (SGD dialogue states, LoCoMo event summaries) and the leave-one-source-out
evaluation. The corpora are stood in for by small files in their real layout, written here."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from archivist.tasks.decisions.evaluate import LabelFileError, ProviderDecider, evaluate, load_labels
from archivist.tasks.decisions.local import LocalDecisionProvider
from archivist.tasks.decisions.local.crossval import leave_one_source_out
from archivist.tasks.decisions.local.sources import load_sources, locomo_items, sgd_items
from archivist.tasks.decisions.questions import load_questions

REPO = Path(__file__).resolve().parents[3]
LABELS = REPO / "data" / "labels" / "decisions.jsonl"
HELDOUT = REPO / "data" / "labels" / "heldout_support.jsonl"
QUESTIONS = load_questions()

SCHEMA = [{"service_name": "Restaurants_9", "slots": [
    {"name": "city", "description": "City where the restaurant is located", "is_categorical": False,
     "possible_values": []},
    {"name": "time", "description": "Tentative time of restaurant reservation", "is_categorical": False,
     "possible_values": []},
    {"name": "outdoor", "description": "Whether there is outdoor seating", "is_categorical": True,
     "possible_values": ["True", "False"]},
]}]


def _user(utterance: str, slots: dict[str, list[str]]) -> dict:
    return {"speaker": "USER", "utterance": utterance,
            "frames": [{"service": "Restaurants_9", "slots": [], "state": {"active_intent": "Reserve",
                                                                          "slot_values": slots}}]}


def _sgd(folder: Path) -> Path:
    folder.mkdir()
    (folder / "schema.json").write_text(json.dumps(SCHEMA))
    turns = [
        _user("Find me a table in Oakland.", {"city": ["Oakland"]}),
        {"speaker": "SYSTEM", "utterance": "What time?", "frames": []},
        _user("At 7 pm, with outdoor seating.", {"city": ["Oakland"], "time": ["7 pm"], "outdoor": ["True"]}),
        _user("Actually make it Berkeley instead.", {"city": ["Berkeley"], "time": ["7 pm"], "outdoor": ["True"]}),
        _user("Yes, Berkeley at 7 pm.", {"city": ["Berkeley"], "time": ["7 pm", "19:00"], "outdoor": ["True"]}),
        _user("Sounds good.", {"city": ["Berkeley"], "time": ["8 pm"], "outdoor": ["True"]}),
    ]
    (folder / "dialogues_001.json").write_text(json.dumps([{"dialogue_id": "1_001", "turns": turns}]))
    return folder


def test_sgd_states_give_updates_new_slots_and_restated_duplicates(tmp_path):
    items = sgd_items(_sgd(tmp_path / "sgd"))
    by_label = {item.label: item for item in items}
    assert Counter(item.label for item in items) == {"update": 1, "new": 1, "duplicate": 2}
    update = by_label["update"]
    assert "Oakland" in update.fields["old"] and "Berkeley" in update.fields["new"]
    assert update.fields["message"] == "Actually make it Berkeley instead."
    assert update.accept == ("update", "contradiction")
    new = by_label["new"]
    assert "Oakland" in new.fields["old"] and "7 pm" in new.fields["new"]
    # A boolean slot is never rendered; a change the user did not say (8 pm after "Sounds good.") is not used.
    assert not any("True" in item.fields["new"] or "8 pm" in item.fields["new"] for item in items)
    assert all(item.fields["source"] == "sgd" and item.fields["old"] != item.fields["new"] for item in items)
    assert [i.fields for i in sgd_items(tmp_path / "sgd")] == [i.fields for i in items]  # deterministic


def _locomo(folder: Path) -> Path:
    folder.mkdir()
    conversation = {
        "speaker_a": "Ana", "speaker_b": "Ben",
        "session_1": [{"speaker": "Ana", "dia_id": "D1:1", "text": "I signed up for a pottery class!"}],
        "session_2": [{"speaker": "Ana", "dia_id": "D2:1", "text": "Hi Ben."},
                      {"speaker": "Ana", "dia_id": "D2:2", "text": "My first pottery bowl came out of the kiln."}],
        "events_session_1": {"Ana": ["Ana registers for a pottery class."], "Ben": [], "date": "1 May, 2023"},
        "events_session_2": {"Ana": ["Ana finishes her first pottery bowl."], "Ben": ["Ben adopts a dog."],
                             "date": "9 May, 2023"},
    }
    (folder / "conv-1.json").write_text(json.dumps(conversation))
    return folder


def test_locomo_events_of_one_person_in_two_sessions_are_new_to_each_other(tmp_path):
    items = locomo_items(_locomo(tmp_path / "locomo"))
    assert len(items) == 1
    item = items[0]
    assert item.label == "new" and set(item.accept) == {"new", "refinement"}
    assert item.fields["old"] == "Ana registers for a pottery class."
    assert item.fields["message"] == "My first pottery bowl came out of the kiln."


def test_a_folder_without_either_corpus_is_a_clear_error(tmp_path):
    with pytest.raises(LabelFileError, match="neither sgd/ nor locomo/"):
        load_sources(LABELS, tmp_path)
    (tmp_path / "sgd").mkdir()
    with pytest.raises(LabelFileError, match="schema.json"):
        load_sources(LABELS, tmp_path)


def _team_labels(folder: Path) -> Path:
    """Every third line of the team's labels: both questions the folds need, at a third of the fitting time."""
    lines = LABELS.read_text().splitlines()[::3]
    path = folder / "team.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_leave_one_source_out_scores_every_source_and_the_holdout(tmp_path):
    _sgd(tmp_path / "sgd")
    _locomo(tmp_path / "locomo")
    sources = load_sources(_team_labels(tmp_path), tmp_path)
    assert set(sources) == {"team", "sgd", "locomo"}
    holdout = load_labels(HELDOUT)[:6]
    results = leave_one_source_out(sources, QUESTIONS, holdout=holdout)
    assert list(results) == ["team", "sgd", "locomo", "holdout"]
    team_relations = sum(item.question == "relation" for item in sources["team"])
    assert results["team"]["relation"]["n"] == team_relations and results["sgd"]["relation"]["n"] == 4
    assert results["holdout"]["relation"]["n"] == 6
    for row in results.values():
        for question in ("relation", "relation_alt"):
            assert 0.0 <= row[question]["accuracy"] <= 1.0 and row[question]["nll"] > 0
    with pytest.raises(ValueError, match="two sources"):
        leave_one_source_out({"team": sources["team"]}, QUESTIONS)


def test_a_scored_only_source_is_scored_by_the_heads_fitted_on_the_others_and_never_fitted(tmp_path):
    _sgd(tmp_path / "sgd")
    _locomo(tmp_path / "locomo")
    sources = load_sources(_team_labels(tmp_path), tmp_path)
    results = leave_one_source_out(sources, QUESTIONS, holdout=sources["sgd"], scored_only={"sgd", "locomo"})
    # The team is the only fitted source: nothing is left to fit without it, so it gets no row.
    assert list(results) == ["sgd", "locomo", "holdout"]
    assert results["sgd"]["scored_only"] and results["locomo"]["scored_only"]
    # The same heads (fitted on the team alone) scored SGD as a source and as the holdout.
    assert results["sgd"]["relation"] == results["holdout"]["relation"]
    unflagged = leave_one_source_out(sources, QUESTIONS)
    assert unflagged["sgd"]["relation"] != results["sgd"]["relation"]  # there LoCoMo was fitted too
    with pytest.raises(ValueError, match="nothing to fit"):
        leave_one_source_out(sources, QUESTIONS, scored_only=set(sources))


def test_the_shipped_model_on_support_phrasings_it_was_never_fitted_on():
    items = load_labels(HELDOUT)
    assert len(items) >= 40 and {item.label for item in items} >= {"new", "update", "negates", "contradiction"}
    report = evaluate(items, ProviderDecider(LocalDecisionProvider()), QUESTIONS)
    # Floors under the measured figures (README: 0.857 accuracy, ECE 0.108), so a regression fails, noise does not.
    assert report["relation"]["accuracy"] >= 0.78, report["relation"]
    assert report["relation"]["ece"] <= 0.2 and report["relation"]["fallbacks"] == 0, report["relation"]
