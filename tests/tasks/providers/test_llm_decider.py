"""A chat model as decider: lenient parsing, and the OpenAI and Anthropic SDKs against the fakes."""

from __future__ import annotations

import json

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.answers import to_answer
from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.llm_decider import LLMDecisionProvider, parse_reply
from tests.fakes import samples
from tests.fakes.fixtures import fake_anthropic, fake_openai  # noqa: F401

QUESTIONS = samples.QUESTIONS


def parsed(text):
    return {key: to_answer(QUESTIONS[key], raw) if "error" not in raw else raw["error"]
            for key, raw in parse_reply(text, QUESTIONS).items()}


def test_lenient_parsing_of_a_messy_reply():
    text = """Sure! Here are my estimates:
```json
{"answers": {
  "worth_remembering": {"Yes": "80%", "no": "20%"},
  "kind": {"Plan": 0.7, "fact": 0.3},
  "durability": {"probabilities": {"0": 10, "1": 30, "2": 60}}
}}
```"""
    answers = parsed(text)
    assert answers["worth_remembering"].p("true") == pytest.approx(0.8)
    assert answers["kind"].probabilities == pytest.approx({"preference": 0.0, "plan": 0.7, "fact": 0.3})
    assert answers["durability"].probabilities == pytest.approx({"0": 0.1, "1": 0.3, "2": 0.6})


def test_a_bare_probability_for_yes_no_and_unnormalised_sums():
    answers = parsed(json.dumps({"worth_remembering": 0.25, "kind": {"preference": 2, "plan": 1, "fact": 1},
                                 "durability": {"0": 0.2, "1": 0.2, "2": 0.2}}))
    assert answers["worth_remembering"].p("false") == pytest.approx(0.75)
    assert answers["kind"].p("preference") == pytest.approx(0.5)
    assert answers["durability"].p("2") == pytest.approx(1 / 3)


def test_a_malformed_question_degrades_alone():
    answers = parsed(json.dumps({"answers": {"worth_remembering": {"true": 0.9, "false": 0.1},
                                             "kind": {"opinion": 1.0}, "durability": "long"}}))
    assert answers["worth_remembering"].p("true") == pytest.approx(0.9)
    assert "unknown option 'opinion'" in answers["kind"]
    assert "durability" in answers and isinstance(answers["durability"], str)


def test_no_json_at_all_degrades_every_question():
    answers = parse_reply("I cannot help with that.", QUESTIONS)
    assert all("not JSON" in a["error"] for a in answers.values())


def make_client(server, provider, model, sleeps=None):
    base = server.url + ("/v1" if provider == "llm:openai" else "")
    settings = ProviderSettings(provider=provider, model=model, base_url=base, timeout_s=2.0, max_attempts=3)
    return DecisionClient(LLMDecisionProvider(settings), settings,
                          sleep=sleeps.append if sleeps is not None else (lambda s: None))


def test_openai_chat_model_as_decider(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-chat-000000")
    result = make_client(fake_openai, "llm:openai", "gpt-4o-mini").decide(samples.request())
    assert not result.any_fallback
    call = result.calls[0]
    assert call.provider == "llm:openai" and call.endpoint == "/v1/chat/completions"
    assert call.cost_usd == pytest.approx((call.input_tokens * 0.15 + call.output_tokens * 0.60) / 1e6)
    body = fake_openai.requests[0].body
    assert body["response_format"] == {"type": "json_object"} and body["temperature"] == 0


def test_anthropic_model_as_decider_with_one_broken_answer(fake_anthropic, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-000000")

    def break_kind(prompt, text):
        reply = json.loads(text)
        reply["answers"]["kind"] = {"preference": "lots"}
        return "Here you go:\n" + json.dumps(reply)

    fake_anthropic.knobs.chat_reply = break_kind
    result = make_client(fake_anthropic, "llm:anthropic", "claude-haiku-4-5").decide(samples.request())
    assert result.answers["kind"].fallback and "malformed answer" in result.answers["kind"].error
    assert not result.answers["worth_remembering"].fallback and not result.answers["durability"].fallback
    request = fake_anthropic.requests[0]
    assert request.path == "/v1/messages" and "anthropic-version" in request.headers
    presented = request.headers.get("x-api-key") or request.headers.get("authorization", "")
    assert presented.endswith("sk-ant-test-000000")  # anthropic 2.x sends a Bearer header


def test_anthropic_retries_and_names_its_key_variable(fake_anthropic, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-000000")
    fake_anthropic.knobs.fail_next = 1
    fake_anthropic.knobs.fail_status = 529
    assert not make_client(fake_anthropic, "llm:anthropic", "claude-haiku-4-5").decide(samples.request()).any_fallback
    assert fake_anthropic.statuses() == {529: 1, 200: 1}
    fake_anthropic.knobs.required_key = "another"
    with pytest.raises(AuthenticationError, match="ANTHROPIC_API_KEY"):
        make_client(fake_anthropic, "llm:anthropic", "claude-haiku-4-5").decide(samples.request(2))


def test_a_local_openai_compatible_server_needs_no_key(fake_openai):
    result = make_client(fake_openai, "llm:openai", "qwen3-8b").decide(samples.request())
    assert not result.any_fallback
    assert result.calls[0].cost_usd == 0.0  # an unpriced local model
