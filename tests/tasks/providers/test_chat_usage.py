"""The chat wire mapping: what is sent per vendor, cached tokens read from usage, costs in the ledger."""

from __future__ import annotations

import pytest

from archivist.storage.store import Store
from archivist.tasks.extract import LLMExtractor
from archivist.tasks.extract.prompt import EXTRACTION_SCHEMA
from archivist.tasks.providers.chat import AnthropicChatWire, OpenAIChatWire
from archivist.tasks.providers.errors import ConfigurationError, Refused, Truncated, error_for_status
from archivist.tasks.providers.prices import default_prices
from tests.fakes.openai_routes import strict_schema_problem
from tests.tasks.extract.extract_fakes import make_turn, server, settings_for  # noqa: F401


@pytest.mark.parametrize("vendor", ["openai", "anthropic"])
def test_cached_prompt_tokens_are_read_from_usage_and_priced_as_cached(server, vendor, tmp_path):  # noqa: F811
    server.knobs.cached_tokens = 100
    store = Store(str(tmp_path / "store"))
    LLMExtractor(settings_for(server, vendor), store=store, limiter=None).extract([make_turn("t", "I love hiking.")])
    [row] = store.read("ledger").iter_rows(named=True)
    price = default_prices().price(row["model"])
    assert price is not None and price.cached_input is not None
    expected = ((row["input_tokens"] - 100) * price.input + 100 * price.cached_input
                + row["output_tokens"] * price.output) / 1_000_000
    assert row["cost_usd"] == pytest.approx(expected)
    assert row["cost_usd"] < default_prices().cost(vendor, row["model"], row["input_tokens"], row["output_tokens"])


def test_anthropic_input_tokens_include_cache_reads_and_writes():
    reply = {"content": [{"type": "text", "text": "{}"}], "model": "claude-haiku-4-5", "stop_reason": "end_turn",
             "usage": {"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": 300,
                       "cache_creation_input_tokens": 50}}
    sent = AnthropicChatWire().sent(reply, strict=True)
    assert (sent.input_tokens, sent.cached_input_tokens, sent.cache_write_tokens) == (360, 300, 50)


@pytest.mark.parametrize(("wire", "reply", "error"), [
    (OpenAIChatWire(), {"choices": [{"message": {"content": '{"facts": [{"sub'}, "finish_reason": "length"}],
                        "usage": {"prompt_tokens": 9, "completion_tokens": 40}}, Truncated),
    (OpenAIChatWire(), {"choices": [{"message": {"content": None, "refusal": "no"}, "finish_reason": "stop"}]},
     Refused),
    (AnthropicChatWire(), {"content": [{"type": "text", "text": '{"facts": ['}], "stop_reason": "max_tokens",
                           "usage": {"input_tokens": 9, "output_tokens": 40}}, Truncated),
    (AnthropicChatWire(), {"content": [], "stop_reason": "refusal", "usage": {}}, Refused),
])
def test_a_strict_client_refuses_cut_off_and_refused_replies_and_keeps_what_was_billed(wire, reply, error):
    with pytest.raises(error) as raised:
        wire.sent(reply, strict=True)
    if error is Truncated:
        assert raised.value.billed is not None and raised.value.billed.output_tokens == 40
    wire.sent(reply)  # a lenient client (the decider) reads it as before


@pytest.mark.parametrize(("status", "message", "setting"), [
    (404, "The model `gpt-4o-mini-typo` does not exist or you do not have access to it.", "llm.model"),
    (404, "model: claude-haiku-9", "llm.model"),
    (400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' "
          "instead.", "llm.max_tokens_parameter (max_tokens or max_completion_tokens)"),
    (400, "output_config: Extra inputs are not permitted", "llm.structured_output (false for a server without "
                                                          "JSON-schema output)"),
])
def test_a_request_every_call_would_send_is_a_configuration_error_naming_the_setting(status, message, setting):
    error = error_for_status(status, message, provider="llm:openai:x", key_env=None, section="llm")
    assert isinstance(error, ConfigurationError) and error.setting == setting


def test_a_rejected_request_about_its_own_content_stays_a_per_request_error():
    error = error_for_status(400, "This model's maximum context length is 128000 tokens", provider="x",
                             key_env=None, section="llm")
    assert not isinstance(error, ConfigurationError)


def test_the_extraction_schema_meets_the_strict_rules_the_fakes_enforce():
    assert strict_schema_problem(EXTRACTION_SCHEMA) is None
    loose = {**EXTRACTION_SCHEMA, "properties": {"facts": {"type": "array", "items": {
        "type": "object", "properties": {"text": {"type": "string"}}, "required": []}}}}
    assert "facts.items" in (strict_schema_problem(loose) or "")
