"""The answer-and-judge chat model goes through the shared SDK client and the one retry layer."""

from __future__ import annotations

import pytest

from archivist.configs.settings import LLMSettings
from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.recall.evaluation.answers import SDKChatModel
from tests.fakes.fixtures import fake_anthropic, fake_openai  # noqa: F401


def settings(server, provider, model, suffix=""):
    return LLMSettings(provider=provider, model=model, base_url=server.url + suffix, timeout_s=2.0,
                       max_attempts=3, backoff_initial_s=0.0, backoff_max_s=0.0)


def test_a_5xx_is_retried_once_by_our_layer_not_the_sdk(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-judge-0000")
    fake_openai.knobs.chat_reply = lambda prompt, text: "Leeds"
    fake_openai.knobs.fail_next, fake_openai.knobs.fail_status = 1, 503
    model = SDKChatModel(settings(fake_openai, "openai", "gpt-4o-mini", "/v1"))
    assert model.complete("system", "Where does she live?") == "Leeds"
    assert fake_openai.statuses() == {503: 1, 200: 1}


def test_anthropic_is_asked_without_a_temperature(fake_anthropic, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-judge-0000")
    fake_anthropic.knobs.chat_reply = lambda prompt, text: '{"correct": true}'
    model = SDKChatModel(settings(fake_anthropic, "anthropic", "claude-haiku-4-5"))
    assert model.complete("system", "grade this") == '{"correct": true}'
    assert "temperature" not in fake_anthropic.requests[0].body


def test_a_rejected_key_fails_fast_naming_the_variable(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-judge-0000")
    fake_openai.knobs.required_key = "another"
    model = SDKChatModel(settings(fake_openai, "openai", "gpt-4o-mini", "/v1"))
    with pytest.raises(AuthenticationError, match="OPENAI_API_KEY"):
        model.complete("system", "q")
    assert fake_openai.count(path="/v1/chat/completions") == 1
