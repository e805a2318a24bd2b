"""OpenAI's Decisions API through the official SDK against the fake: mapping both ways, refusals, errors."""

from __future__ import annotations

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.openai_decisions import (
    OpenAIDecisionsProvider,
    from_openai_answer,
    to_openai_question,
)
from tests.fakes import samples
from tests.fakes.fixtures import fake_openai  # noqa: F401

KEY = "sk-test-openai-decisions-0123"


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


def make_client(server, sleeps=None, **overrides):
    settings = ProviderSettings(provider="openai_decisions", base_url=server.url + "/v1", timeout_s=2.0,
                                max_attempts=4, **overrides)
    return DecisionClient(OpenAIDecisionsProvider(settings), settings,
                          sleep=sleeps.append if sleeps is not None else (lambda s: None))


def test_questions_map_to_the_openai_shape():
    predicate = to_openai_question("w", samples.WORTH)
    assert predicate["type"] == "predicate" and predicate["name"] == "w"
    assert "a durable fact about the user" in predicate["instructions"]  # the rubric travels in the text
    choice = to_openai_question("k", samples.KIND)
    assert choice["choices"] == [
        {"value": "preference", "description": "a like or dislike"},
        {"value": "plan", "description": "something the user intends to do"},
        {"value": "fact"},  # no rubric: no description
    ]
    score = to_openai_question("d", samples.DURABILITY)
    assert score["type"] == "score" and [level["label"] for level in score["levels"]] == ["hours", "weeks", "years"]


def test_answers_map_back_to_system_one():
    assert from_openai_answer(samples.WORTH, {"type": "predicate", "probability": 0.8}) == {"type": "noul", "noul": 0.8}
    choice = from_openai_answer(samples.KIND, {"type": "choice", "probabilities": [
        {"value": "plan", "probability": 0.7}, {"value": "fact", "probability": 0.3}]})
    assert choice == {"type": "choice", "probabilities": {"plan": 0.7, "fact": 0.3}}
    score = from_openai_answer(samples.DURABILITY, {"type": "score", "probabilities": [
        {"value": 0, "label": "hours", "probability": 0.2}, {"value": 2, "label": "years", "probability": 0.8}]})
    assert score["probabilities"] == {"0": 0.2, "2": 0.8}
    refusal = from_openai_answer(samples.KIND, {"type": "refusal", "name": "k"})
    assert "refused" in refusal["error"]


def test_end_to_end_through_the_sdk(fake_openai, key):
    result = make_client(fake_openai).decide(samples.request())
    assert not result.any_fallback and result.model == "gpt-6-luna"
    assert set(result.answers["durability"].probabilities) == {"0", "1", "2"}
    body = fake_openai.requests[0].body
    assert [q["name"] for q in body["questions"]] == list(samples.QUESTIONS)
    assert isinstance(body["input"], str)  # a dict state goes as JSON text
    assert result.calls[0].input_tokens > 0
    assert result.calls[0].cost_usd == pytest.approx(result.calls[0].input_tokens * 0.10 / 1e6)


def test_a_refusal_falls_back_for_that_question_only(fake_openai, key):
    fake_openai.knobs.refuse_keys = {"kind"}
    result = make_client(fake_openai).decide(samples.request())
    assert result.answers["kind"].fallback and "refused" in result.answers["kind"].error
    assert not result.answers["worth_remembering"].fallback and not result.answers["durability"].fallback


def test_a_malformed_answer_falls_back_for_that_question_only(fake_openai, key):
    fake_openai.knobs.malformed_keys = {"durability"}
    result = make_client(fake_openai).decide(samples.request())
    assert result.answers["durability"].fallback and "options do not match" in result.answers["durability"].error
    assert not result.answers["kind"].fallback


def test_sdk_errors_go_through_our_retry_layer(fake_openai, key):
    fake_openai.knobs.rate_limit_next = 1
    fake_openai.knobs.retry_after = "1"
    fake_openai.knobs.fail_next = 1
    sleeps: list[float] = []
    result = make_client(fake_openai, sleeps).decide(samples.request())
    assert not result.any_fallback
    assert fake_openai.statuses() == {429: 1, 500: 1, 200: 1}  # SDK retries are off: every attempt is ours
    assert sleeps[0] == pytest.approx(1.0)


def test_sdk_401_names_the_variable(fake_openai, key):
    fake_openai.knobs.required_key = "another-key-xyz"
    with pytest.raises(AuthenticationError, match="OPENAI_API_KEY") as raised:
        make_client(fake_openai).decide(samples.request())
    assert KEY not in str(raised.value) and fake_openai.count() == 1


def test_a_malformed_body_through_the_sdk_is_retried(fake_openai, key):
    fake_openai.knobs.malformed_next = 1
    result = make_client(fake_openai).decide(samples.request())
    assert not result.any_fallback and fake_openai.count() == 2
