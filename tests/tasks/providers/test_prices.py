"""The price table and the cost of a call."""

from __future__ import annotations

import logging

import pytest

from archivist.tasks.providers.prices import default_prices, load_prices


def test_jev_costs_input_only():
    prices = default_prices()
    assert prices.cost("systemone", "jev-1.13.0", 1_000_000, 500_000) == pytest.approx(0.042)
    assert prices.cost("systemone", "jev-latest", 2_000_000) == pytest.approx(0.084)


def test_listed_models_and_versioned_ids():
    prices = default_prices()
    assert prices.cost("openai_decisions", "gpt-6-luna", 1_000_000) == pytest.approx(0.10)
    assert prices.cost("llm:openai", "gpt-4o-mini-2024-07-18", 1_000_000, 1_000_000) == pytest.approx(0.75)
    for model in ["gpt-4.1-mini", "claude-haiku-4-5", "claude-sonnet-4-6", "text-embedding-3-small"]:
        assert prices.price(model) is not None and prices.cost("x", model, 1_000_000) > 0


def test_local_providers_are_free_and_unknown_models_warn_once(caplog):
    prices = default_prices()
    assert prices.cost("local", "anything", 10**9) == 0.0
    assert prices.cost("python", "mod:fn", 10**9) == 0.0
    with caplog.at_level(logging.WARNING):
        assert prices.cost("systemone", "mystery-model", 1000) == 0.0
        prices.cost("systemone", "mystery-model", 1000)
    assert sum("mystery-model" in r.getMessage() for r in caplog.records) == 1


def test_a_custom_price_file(tmp_path):
    path = tmp_path / "prices.toml"
    path.write_text('free_providers = []\n[models."m"]\ninput = 2.0\noutput = 8.0\n')
    assert load_prices(path).cost("any", "m", 500_000, 250_000) == pytest.approx(3.0)


def test_cached_input_tokens_are_priced_at_the_cached_input_price():
    prices = default_prices()
    # gpt-4o-mini: $0.15 input, $0.075 cached input, $0.60 output per 1M tokens.
    assert prices.cost("openai", "gpt-4o-mini", 1_000_000, 0, cached_input_tokens=400_000) == pytest.approx(
        0.6 * 0.15 + 0.4 * 0.075)
    # claude-haiku-4-5: $1 input, $0.10 cache reads, $1.25 cache writes.
    assert prices.cost("anthropic", "claude-haiku-4-5", 1_000_000, 0, cached_input_tokens=500_000,
                       cache_write_tokens=200_000) == pytest.approx(0.3 * 1.0 + 0.5 * 0.10 + 0.2 * 1.25)
    # A model with no cached price bills cached tokens as plain input; a cached count past the input is capped.
    assert prices.cost("systemone", "jev-1.13.0", 1_000_000, cached_input_tokens=2_000_000) == pytest.approx(0.042)
