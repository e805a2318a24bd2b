"""Vendor defaults in one place, and the one `vendor_of` every chat caller uses."""

from __future__ import annotations

import pytest

from archivist.configs.settings import LLMSettings, ProviderSettings
from archivist.tasks.providers.vendors import OPENAI, TYPESAFE, llm_configured, vendor, vendor_of


def test_vendor_is_named_or_inferred():
    assert vendor_of(ProviderSettings(provider="llm:anthropic", model="x")) == "anthropic"
    assert vendor_of(ProviderSettings(provider="llm", model="claude-haiku-4-5")) == "anthropic"
    assert vendor_of(ProviderSettings(provider="llm", model="gpt-4o-mini")) == "openai"


@pytest.mark.parametrize("provider", ["openai", "OpenAI", "llm:openai", " llm:openai "])
def test_the_extractor_and_decider_spellings_name_the_same_vendor(provider):
    assert vendor_of(LLMSettings(provider=provider, model="claude-haiku-4-5")) == "openai"
    assert llm_configured(LLMSettings(provider=provider))


@pytest.mark.parametrize(("provider", "message"), [("none", "no LLM is configured"), ("", "no LLM is configured"),
                                                   ("local", "no LLM is configured"),
                                                   ("llm:mistral", "use llm:openai or llm:anthropic")])
def test_no_or_an_unknown_vendor_says_what_to_set(provider, message):
    with pytest.raises(ValueError, match=message):
        vendor_of(LLMSettings(provider=provider))
    assert not llm_configured(LLMSettings(provider=provider))


def test_settings_override_each_default(monkeypatch):
    assert OPENAI.url(None) == "https://api.openai.com/v1" and OPENAI.url("http://127.0.0.1:8000/v1/") == (
        "http://127.0.0.1:8000/v1")
    assert OPENAI.key_variable(None) == "OPENAI_API_KEY" and OPENAI.key_variable("MY_KEY") == "MY_KEY"
    monkeypatch.setenv("TYPESAFE_BASE_URL", "http://typesafe.local")
    assert TYPESAFE.url(None) == "http://typesafe.local" and TYPESAFE.url("http://x") == "http://x"
    with pytest.raises(ValueError, match="unknown vendor"):
        vendor("mistral")
