"""A chat model as decider: lenient parsing, and the OpenAI and Anthropic SDKs against the fakes."""

from __future__ import annotations

import json

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.answers import InvalidAnswer, to_answer
from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.llm_decider import LLMDecisionProvider, parse_reply
from archivist.tasks.providers.pins import ModelMismatch, UnknownPrice
from tests.fakes import samples
from tests.fakes.fixtures import fake_anthropic, fake_openai  # noqa: F401

QUESTIONS = samples.QUESTIONS


def parsed(text):
    out = {}
    for key, raw in parse_reply(text, QUESTIONS).items():
        try:
            out[key] = to_answer(QUESTIONS[key], raw)
        except InvalidAnswer as err:
            out[key] = str(err)
    return out


def test_lenient_reading_of_a_messy_reply():
    text = """Sure! Here are my estimates:
```json
{"answers": {
  "worth_remembering": {"Yes": "80%", "no": "20%"},
  "kind": {"Plan": 0.7, "fact": 0.3, "PREFERENCE": "0"},
  "durability": {"probabilities": {"0": 10, "1": 30, "2": 60}}
}}
```"""
    answers = parsed(text)
    assert answers["worth_remembering"].p("true") == pytest.approx(0.8)
    assert answers["kind"].probabilities == pytest.approx({"preference": 0.0, "plan": 0.7, "fact": 0.3})
    assert answers["durability"].probabilities == pytest.approx({"0": 0.1, "1": 0.3, "2": 0.6})


def test_left_out_options_and_wrong_totals_are_fallbacks_not_renormalised():
    # Before: {"plan": 0.7} became plan = 1.0 and {"yes": 0.6} became true = 1.0, both past the act threshold.
    answers = parsed(json.dumps({"worth_remembering": {"yes": 0.6}, "kind": {"plan": 0.7},
                                 "durability": {"0": 0.2, "1": 0.2, "2": 0.2}}))
    assert "missing ['false']" in answers["worth_remembering"]
    assert "missing ['fact', 'preference']" in answers["kind"]
    assert "sum to 0.6000" in answers["durability"]


def test_a_bare_yes_no_probability_is_complete_and_rounding_drift_passes():
    answers = parsed(json.dumps({"worth_remembering": 0.25, "kind": {"preference": 0.33, "plan": 0.33, "fact": 0.33},
                                 "durability": {"0": 0.2, "1": 0.2, "2": 0.6}}))
    assert answers["worth_remembering"].p("false") == pytest.approx(0.75)
    assert answers["kind"].p("preference") == pytest.approx(1 / 3)  # 0.99: two-decimal rounding, rescaled
    assert answers["durability"].p("2") == pytest.approx(0.6)


def test_a_model_that_leaves_out_options_gets_recorded_fallbacks(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-chat-000000")

    def drop_ruled_out(prompt, text):
        reply = json.loads(text)
        reply["answers"]["kind"] = {"plan": 0.7}
        reply["answers"]["worth_remembering"] = {"true": 0.6}
        return json.dumps(reply)

    fake_openai.knobs.chat_reply = drop_ruled_out
    result = make_client(fake_openai, "llm:openai", "gpt-4o-mini").decide(samples.request())
    for key in ("kind", "worth_remembering"):
        answer = result.answers[key]
        assert answer.fallback and "missing" in (answer.error or "")
        assert answer.confidence < 0.85  # a uniform fallback, never an act-zone 1.0
    assert not result.answers["durability"].fallback


def test_a_malformed_question_degrades_alone():
    answers = parsed(json.dumps({"answers": {"worth_remembering": {"true": 0.9, "false": 0.1},
                                             "kind": {"opinion": 1.0}, "durability": "long"}}))
    assert answers["worth_remembering"].p("true") == pytest.approx(0.9)
    assert "unknown option 'opinion'" in answers["kind"]
    assert "durability" in answers and isinstance(answers["durability"], str)


def test_no_json_at_all_degrades_every_question():
    answers = parse_reply("I cannot help with that.", QUESTIONS)
    assert all("not JSON" in a["error"] for a in answers.values())


def make_client(server, provider, model, sleeps=None, **options):
    base = server.url + ("/v1" if provider == "llm:openai" else "")
    settings = ProviderSettings(provider=provider, model=model, base_url=base, timeout_s=2.0, max_attempts=3,
                                **options)
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


def test_a_local_openai_compatible_server_needs_no_key_but_an_explicit_price_waiver(fake_openai):
    with pytest.raises(UnknownPrice, match="no price for model 'qwen3-8b'"):
        make_client(fake_openai, "llm:openai", "qwen3-8b")
    assert fake_openai.requests == []  # refused before any call is made
    result = make_client(fake_openai, "llm:openai", "qwen3-8b", allow_unpriced=True).decide(samples.request())
    assert not result.any_fallback
    assert result.calls[0].cost_usd == 0.0  # an unpriced local model, knowingly


def test_an_answering_model_other_than_the_pin_stops_the_run(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-chat-000000")
    fake_openai.knobs.reported_model = "gpt-4.1-mini-2025-04-14"
    with pytest.raises(ModelMismatch, match="answered as 'gpt-4.1-mini-2025-04-14'.*pins 'gpt-4o-mini'"):
        make_client(fake_openai, "llm:openai", "gpt-4o-mini").decide(samples.request())
    fake_openai.knobs.reported_model = "gpt-4o-mini-2024-07-18"  # the pin's own dated snapshot
    result = make_client(fake_openai, "llm:openai", "gpt-4o-mini").decide(samples.request(2))
    assert result.model == "gpt-4o-mini-2024-07-18" and not result.any_fallback


def test_anthropic_sampling_is_named_in_the_cached_body_and_never_sent(fake_anthropic, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-000000")
    provider = LLMDecisionProvider(ProviderSettings(provider="llm:anthropic", model="claude-haiku-4-5",
                                                    base_url=fake_anthropic.url))
    assert provider.request_body("s", QUESTIONS)["sampling"] == "vendor-fixed"
    make_client(fake_anthropic, "llm:anthropic", "claude-haiku-4-5").decide(samples.request())
    sent = fake_anthropic.requests[0].body
    assert not {"temperature", "top_p", "top_k", "sampling"} & set(sent)
