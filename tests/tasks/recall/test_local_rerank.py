"""The local decision model's shortlist relevance (tasks/decisions/local/relevance.py), as the rerank asks it.

Lines and questions are written here; the weights are the shipped ones (configs/relevance.json, fitted on
LoCoMo), so these tests pin behaviour the fit must keep, not the fit's numbers.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from archivist.tasks.decisions.local.relevance import (
    FEATURES,
    WEIGHTS_PATH,
    ListwiseRelevance,
    line_words,
    request_features,
)
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import about, request_key
from archivist.tasks.recall.rerank import relevance_request

RELEVANCE = load_questions().latest("relevance")


class WordVectors:
    """A stand-in for MiniLM: bag-of-words vectors, so similarities are known exactly."""

    def prefetch(self, texts):
        pass

    def cosine(self, a: str, b: str) -> float:
        wa, wb = set(a.lower().replace("?", "").split()), set(b.lower().replace("?", "").split())
        return len(wa & wb) / max(1.0, (len(wa) * len(wb)) ** 0.5)


@pytest.fixture(scope="module")
def provider():
    from archivist.tasks.decisions.local import LocalDecisionProvider

    return LocalDecisionProvider()


def ask(provider, question: str, lines: list[str]) -> list[float]:
    request, local_ids = relevance_request(question, {f"item{i}": line for i, line in enumerate(lines)}, RELEVANCE)
    reply = provider.send(request.state, request.questions)
    return [reply.answers[request_key("relevance", mid)]["noul"] for mid in local_ids]


def test_features_read_the_words_not_the_date_prefix_and_weigh_rare_words():
    assert line_words("[2023-05-08] Caroline: I went to a support group.") == "Caroline: I went to a support group."
    lines = ["[2023-05-08] Caroline: I went to a support group yesterday.",
             "[2023-05-08] Melanie: I went to the beach with the kids.",
             "[2023-05-09] Melanie: What a lovely day it was!"]
    rows = request_features("When did Caroline go to the support group?", lines, WordVectors(), lambda _: 0.0)
    assert [set(r) for r in rows] == [set(FEATURES)] * 3
    first, second, third = rows
    assert first["position"] == 0.0 and second["position"] > 0.0
    assert first["lexical"] == 1.0 and second["lexical"] < first["lexical"]  # "went" is in two lines: worth less
    assert (first["names_shared"], second["names_missing"]) == (1.0, 1.0)
    assert first["when_and_date"] == 1.0 and second["when_and_date"] == 0.0  # "yesterday" answers "when"
    assert third["line_question"] == 0.0 and first["minilm_rank"] == 0.0


def test_the_shipped_weights_name_their_features_and_how_they_were_fitted():
    document = json.loads(WEIGHTS_PATH.read_text())
    assert document["features"] == list(FEATURES)
    assert document["fitted_on"]["script"] == "tests/benchmarks/fit_relevance.py"
    model = ListwiseRelevance.load()
    assert model.weights.shape == (len(FEATURES),)
    # The fused order is the prior: the same line lower in the shortlist scores lower.
    row = dict.fromkeys(FEATURES, 0.0)
    low = {**row, "position": np.log1p(20)}
    assert model.logits([row])[0] > model.logits([low])[0]


def test_unknown_features_in_a_weights_file_are_refused(tmp_path):
    document = json.loads(WEIGHTS_PATH.read_text())
    document["features"] = [*document["features"][:-1], "telepathy"]
    path = tmp_path / "relevance.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match="telepathy"):
        ListwiseRelevance.load(path)


def test_a_shortlist_lifts_the_answer_over_lines_that_only_share_its_words(provider):
    question = "Where did Caroline move from?"
    lines = ["[2023-05-08] Melanie: Where did you get that lovely move in the dance class?",
             "[2023-05-08] Melanie: Caroline, where did you put the pictures?",
             "[2023-05-08] Caroline: I moved here from Sweden four years ago.",
             "[2023-05-08] Melanie: The kids loved the pottery class."]
    scores = ask(provider, question, lines)
    assert all(0.0 < s < 1.0 for s in scores)
    assert scores[2] > scores[0] and scores[2] > scores[3]


def test_shortlist_answers_are_deterministic_and_follow_the_temperature(provider):
    from archivist.tasks.decisions.local import LocalDecisionProvider

    lines = ["[2023-05-08] Caroline: I moved here from Sweden four years ago.",
             "[2023-05-08] Melanie: The kids loved the pottery class.",
             "[2023-05-09] Melanie: I painted a sunset last week."]
    first = ask(provider, "When did Melanie paint a sunset?", lines)
    assert first == ask(provider, "When did Melanie paint a sunset?", lines)
    sharp = ask(LocalDecisionProvider(temperature=0.5), "When did Melanie paint a sunset?", lines)
    assert np.argmax(sharp) == np.argmax(first) == 2
    assert max(sharp) > max(first)


def test_one_memory_alone_is_still_answered_by_the_single_line_head(provider):
    state = {"query": "Where does the user live now?", "targets": {"m": {"text": "User lives in Berlin"}}}
    reply = provider.send(state, {"relevance:m": about(RELEVANCE, "m")})
    alone = reply.answers["relevance:m"]["noul"]
    assert alone > 0.5
    assert alone == pytest.approx(1 / (1 + np.exp(-provider._relevance_logit("User lives in Berlin",
                                                                              "Where does the user live now?"))),
                                  abs=0.02)

