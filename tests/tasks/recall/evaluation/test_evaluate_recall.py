"""The LoCoMo evaluation on a tiny conversation in LoCoMo's format, and the statistics of run comparisons."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from archivist.configs.settings import load_settings
from archivist.tasks.recall.evaluation.answers import JUDGE_SYSTEM, answer_and_judge, judged_correct
from archivist.tasks.recall.evaluation.compare import (
    bootstrap_by_conversation,
    compare_runs,
    mcnemar_exact,
    paired_difference,
)
from archivist.tasks.recall.evaluation.locomo import (
    KS,
    MODES,
    EvaluationSetup,
    evidence_dia_ids,
    load_locomo_questions,
    public_json,
    run_locomo_evaluation,
    summarize,
)
from tests.fakes.scripted_decider import ScriptedDecider

TINY = {
    "speaker_a": "Ana",
    "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a puppy named Rex yesterday!"},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Congrats! What breed is he?"},
        {"speaker": "Ana", "dia_id": "D1:3", "text": "A beagle. He loves the park by the lake."},
        {"speaker": "Ben", "dia_id": "D1:4", "text": "I should get out more too, work has been busy."},
    ],
    "session_2_date_time": "10:00 am on 9 June, 2023",
    "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "I started a pottery class on Monday.",
         "blip_caption": "a photo of a clay bowl"},
        {"speaker": "Ana", "dia_id": "D2:2", "text": "Nice! I ran a charity race last Sunday."},
        {"speaker": "Ben", "dia_id": "D2:3", "text": "How did Rex like the race?"},
        {"speaker": "Ana", "dia_id": "D2:4", "text": "He stayed home with my sister."},
    ],
    "qa": [
        {"question": "What breed is Ana's dog?", "answer": "beagle", "evidence": ["D1:3"], "category": 4},
        {"question": "When did Ben start pottery?", "answer": "5 June 2023", "evidence": ["D2:1"], "category": 2},
        {"question": "What did Ana and Ben do?", "answer": "adopted a dog; pottery", "evidence": ["D1:1; D2:1"],
         "category": 1},
        {"question": "Would Ana enjoy a dog show?", "answer": "likely yes", "evidence": ["D1:3", "D1:1"],
         "category": 3},
        {"question": "Did Ana adopt a cat?", "adversarial_answer": "no", "evidence": ["D1:1"], "category": 5},
        {"question": "What is Ana's sister called?", "answer": "unknown", "evidence": [], "category": 4},
    ],
}


def write_tiny_locomo(folder: Path, name: str = "tiny") -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(TINY), encoding="utf-8")
    return path


def test_evidence_entries_holding_several_ids_are_split():
    assert evidence_dia_ids(["D8:6; D9:17", "D1:3", "D2:1,D2:2"]) == ["D8:6", "D9:17", "D1:3", "D2:1", "D2:2"]


def test_questions_keep_categories_1_to_4_with_evidence_as_turn_ids(tmp_path):
    questions, left_out = load_locomo_questions(write_tiny_locomo(tmp_path))
    assert [q.category for q in questions] == [4, 2, 1, 3]
    assert left_out == 1
    assert len(questions[2].evidence) == 2 and all(len(turn_id) == 32 for q in questions for turn_id in q.evidence)
    assert {q.conversation for q in questions} == {"tiny"}


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny-run")
    decider = ScriptedDecider().script("relevance:*", {"true": 0.9}, target="beagle")
    run, out = run_locomo_evaluation([str(write_tiny_locomo(folder))], load_settings(), out_dir=folder / "run",
                                     decider=decider)
    return run, out, decider


def test_the_json_has_exactly_the_documented_shape(tiny_run):
    run, _, _ = tiny_run
    summary = json.loads(json.dumps(public_json(run)))
    assert summary["questions"] == 4
    assert "per_question" not in summary
    cuts = {*(str(k) for k in KS), "30"}
    for over in ("turns", "facts"):
        assert set(summary[over]) == set(MODES) == {"similarity", "fused", "reranked"}
        for mode in MODES:
            assert set(summary[over][mode]) == cuts
            for cell in summary[over][mode].values():
                assert set(cell) == {"all", "any"}
    for over in ("turns", "facts"):  # the write path extracted facts from the tiny conversation
        for mode in MODES:
            for cell in summary[over][mode].values():
                assert 0.0 <= cell["all"] <= cell["any"] <= 1.0
    assert summary["meta"]["facts"].startswith("extracted by the write path")
    assert set(summary["budgets"]["turns"]["fused"]) == {"128", "256", "512", "1024"}


def test_facts_shares_are_null_when_no_facts_were_measured():
    cuts = ["3", "5", "10", "20", "30"]
    entries = [{"category": 4, "outcomes": {"turns": {mode: {k: {"all": True, "any": True} for k in cuts}
                                                      for mode in MODES}}}]
    summary = summarize(entries, EvaluationSetup(budgets=()))
    assert summary["turns"]["fused"]["3"] == {"all": 1.0, "any": 1.0}
    assert summary["facts"]["reranked"]["30"] == {"all": None, "any": None}


def test_a_conversation_shorter_than_the_shortlist_is_all_in_it(tiny_run):
    run, _, _ = tiny_run
    for mode in MODES:
        assert run["turns"][mode]["30"] == {"all": 1.0, "any": 1.0}


def test_the_rerank_puts_what_the_decider_finds_relevant_first(tiny_run):
    run, _, decider = tiny_run
    breed = next(q for q in run["per_question"] if q["question"] == "What breed is Ana's dog?")
    assert "beagle" in breed["lines"]["reranked"][0]
    assert breed["outcomes"]["turns"]["reranked"]["3"]["all"] is True
    assert len(decider.requests) == 4 * 2  # one relevance request per question, over turns and over facts


def test_the_run_folder_holds_json_report_and_plots(tiny_run):
    _, folder, _ = tiny_run
    saved = json.loads((folder / "results.json").read_text())
    assert len(saved["per_question"]) == 4
    assert saved["answers"] == {"skipped": "no LLM configured (llm.provider = none)"}
    report = (folder / "report.md").read_text()
    assert "# Recall evaluation on LoCoMo" in report and "turns-recall.png" in report
    for name in ("turns-recall.png", "turns-budgets.png", "turns-categories.png"):
        assert (folder / name).read_bytes()[:4] == b"\x89PNG"


class FakeChat:
    name = "fake:chat"

    def complete(self, system: str, user: str) -> str:
        if system == JUDGE_SYSTEM:
            gold = user.split("Gold answer: ")[1].split("\n")[0]
            answer = user.split("Answer to grade: ")[1].split("\n")[0]
            return json.dumps({"correct": gold.lower() in answer.lower()})
        return "A beagle." if "beagle" in user else "not mentioned"


def test_answers_are_judged_per_mode_when_an_llm_is_configured(tiny_run):
    run, _, _ = tiny_run
    entries = json.loads(json.dumps(run["per_question"]))
    result = answer_and_judge(entries, FakeChat(), k=3)
    breed = next(e for e in entries if e["question"] == "What breed is Ana's dog?")
    assert breed["answers"]["reranked"] == {"answer": "A beagle.", "correct": True}
    assert result["accuracy"]["reranked"] == pytest.approx(0.25)
    assert answer_and_judge(entries, None) == {"skipped": "no LLM configured (llm.provider = none)"}


def test_a_judge_reply_without_a_json_verdict_counts_as_wrong():
    assert judged_correct('Sure: {"correct": true}') is True
    assert judged_correct("It is correct.") is False
    assert judged_correct('{"correct": "yes"}') is False


# -- statistics -------------------------------------------------------------------------------------------


def test_exact_mcnemar_matches_a_hand_computed_binomial():
    # b = 1, c = 6: 2 x P(X <= 1), X ~ Bin(7, 1/2) = 2 x (1 + 7) / 128
    assert mcnemar_exact(1, 6) == pytest.approx(16 / 128)
    assert mcnemar_exact(6, 1) == pytest.approx(16 / 128)
    assert mcnemar_exact(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar_exact(5, 5) == 1.0 and mcnemar_exact(0, 0) == 1.0


def test_paired_difference_has_a_normal_95_percent_interval():
    result = paired_difference([True, False, False, True], [True, True, True, False])
    half = 1.959963984540054 * math.sqrt((0.0625 + 0.5625 + 0.5625 + 1.5625) / 3 / 4)
    assert result["mean"] == pytest.approx(0.25)
    assert (result["low"], result["high"]) == (pytest.approx(0.25 - half), pytest.approx(0.25 + half))


def test_the_bootstrap_resamples_conversations():
    same = bootstrap_by_conversation({"c1": [(False, True)] * 3, "c2": [(False, True)]}, reps=200)
    assert same["low"] == same["high"] == 1.0
    mixed = bootstrap_by_conversation({"c1": [(False, True)] * 4, "c2": [(True, False)] * 4}, reps=500)
    assert mixed["low"] == -1.0 and mixed["high"] == 1.0  # a resample can draw one conversation twice


def _run(outcomes: dict[tuple[str, int], bool]) -> dict:
    return {"per_question": [
        {"conversation": c, "index": i, "question": f"q{i}", "category": 4,
         "outcomes": {"turns": {"reranked": {"3": {"all": ok, "any": ok}}}}}
        for (c, i), ok in outcomes.items()
    ]}


def test_compare_pairs_questions_and_counts_discordant_ones():
    a = _run({("c1", 0): True, ("c1", 1): False, ("c2", 0): False, ("c2", 1): False})
    b = _run({("c1", 0): True, ("c1", 1): True, ("c2", 0): True, ("c2", 1): False, ("c3", 0): True})
    result = compare_runs(a, b, "turns.reranked.3.all", reps=200)
    assert result["questions"] == 4 and (result["only_a"], result["only_b"]) == (0, 2)
    assert result["mcnemar_p"] == pytest.approx(0.5)
    assert result["difference"]["mean"] == pytest.approx(0.5)
    assert [row["difference"] for row in result["per_question"]] == [0, 1, 1, 0]
    with pytest.raises(ValueError):
        compare_runs(a, b, "turns.reranked.30")


def test_two_modes_of_one_run_compare_through_metric_b():
    run = {"per_question": [
        {"conversation": "c", "index": i, "question": f"q{i}",
         "outcomes": {"turns": {"similarity": {"3": {"all": False, "any": i == 0}},
                                "reranked": {"3": {"all": True, "any": True}}}}}
        for i in range(3)
    ]}
    result = compare_runs(run, run, "turns.similarity.3.any", metric_b="turns.reranked.3.any", reps=100)
    assert (result["a"], result["b"]) == (pytest.approx(1 / 3), 1.0)
    assert (result["only_a"], result["only_b"]) == (0, 2) and result["mcnemar_p"] == pytest.approx(0.5)
