"""Thresholds suggested from a model's answers on labeled items: each rule, and when it refuses to guess."""

from __future__ import annotations

from archivist.configs.thresholds import load_thresholds
from archivist.tasks.decisions.calibrate import Scored, suggest_thresholds
from archivist.tasks.decisions.types import Answer

RELATIONS = ("new", "duplicate", "refinement", "update", "contradiction", "negates")


def relation(chosen: str, confidence: float, label: str) -> Scored:
    rest = (1.0 - confidence) / (len(RELATIONS) - 1)
    answer = Answer.from_probabilities({o: confidence if o == chosen else rest for o in RELATIONS})
    return Scored("relation", answer, label, (label,))


def test_act_is_the_lowest_confidence_whose_answers_are_right_often_enough():
    # 30 answers at 0.95 all right, 30 at 0.80 right one time in two: precision >= 0.9 starts above 0.80.
    scored = [relation("update", 0.95, "update") for _ in range(30)]
    scored += [relation("update", 0.80, "update" if i % 2 else "new") for i in range(30)]
    suggestion = suggest_thresholds("m-1", scored)
    assert suggestion.values["act"] == 0.81 and suggestion.support["act"] == 30


def test_escalate_sits_where_superseding_answers_stop_being_better_than_a_coin():
    scored = [relation("update", 0.95, "update") for _ in range(40)]
    scored += [relation("update", 0.55, "new" if i % 3 else "update") for i in range(30)]  # right 1 in 3
    scored += [relation("update", 0.70, "update" if i % 4 else "new") for i in range(30)]  # right 3 in 4
    suggestion = suggest_thresholds("m-1", scored)
    # Below 0.56 only the 1-in-3 answers; from 0.71 on, the 3-in-4 ones join and lift accuracy past 0.5.
    assert suggestion.values["escalate"] == 0.70 and suggestion.support["escalate"] == 30
    assert suggestion.values["escalate"] <= suggestion.values["act"]


def test_too_few_answers_suggest_nothing_and_say_why():
    suggestion = suggest_thresholds("m-1", [relation("update", 0.95, "update") for _ in range(5)])
    assert suggestion.values == {}
    assert set(suggestion.notes) == {"act", "escalate", "relevance"}


def test_the_suggestion_is_a_section_the_thresholds_file_reads(tmp_path):
    scored = [relation("update", 0.95, "update") for _ in range(30)]
    scored += [relation("update", 0.55, "new") for _ in range(30)]
    section = suggest_thresholds("m-1", scored).toml("a test")
    path = tmp_path / "thresholds.toml"
    path.write_text(load_thresholds.__globals__["THRESHOLDS_FILE"].read_text() + "\n" + section)
    read = load_thresholds(path, model="m-1")
    assert (read.act, read.escalate) == (0.56, 0.56)
