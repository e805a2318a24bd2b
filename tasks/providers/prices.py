"""The price table (`configs/prices.toml`) and the cost of one call."""

from __future__ import annotations

import logging
import threading
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from archivist.configs.settings import CONFIG_DIR

log = logging.getLogger(__name__)

PRICES_FILE = CONFIG_DIR / "prices.toml"
PER = 1_000_000


@dataclass(frozen=True)
class Price:
    input: float
    """Dollars per 1M input tokens."""
    output: float = 0.0
    cached_input: float | None = None
    """Dollars per 1M input tokens read from the provider's prompt cache; None: billed as plain input."""
    cache_write: float | None = None
    """Dollars per 1M input tokens written to the prompt cache (Anthropic); None: billed as plain input."""


@dataclass
class PriceTable:
    models: dict[str, Price]
    free_providers: frozenset[str] = frozenset()
    _warned: set[str] = field(default_factory=set, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def price(self, model: str) -> Price | None:
        """The model's price: an exact entry, else the longest listed prefix of a versioned id."""
        if model in self.models:
            return self.models[model]
        candidates = [name for name in self.models if model.startswith(name)]
        return self.models[max(candidates, key=len)] if candidates else None

    def cost(self, provider: str, model: str, input_tokens: int, output_tokens: int = 0, *,
             cached_input_tokens: int = 0, cache_write_tokens: int = 0) -> float:
        """Dollars for one call; `cached_input_tokens` and `cache_write_tokens` are the parts of `input_tokens`
        the provider bills at its prompt-cache prices (read from the reply's usage by the wire mapping)."""
        if provider in self.free_providers:
            return 0.0
        price = self.price(model)
        if price is None:
            with self._lock:
                if model not in self._warned:
                    self._warned.add(model)
                    log.warning("no price for model %r in %s; its calls are costed at $0", model, PRICES_FILE)
            return 0.0
        cached = max(0, min(cached_input_tokens, input_tokens))
        written = max(0, min(cache_write_tokens, input_tokens - cached))
        plain = input_tokens - cached - written
        cached_price = price.input if price.cached_input is None else price.cached_input
        write_price = price.input if price.cache_write is None else price.cache_write
        return (plain * price.input + cached * cached_price + written * write_price
                + output_tokens * price.output) / PER


def load_prices(path: Path | str | None = None) -> PriceTable:
    """The price table from `path` (default `configs/prices.toml`)."""
    with open(path or PRICES_FILE, "rb") as handle:
        raw = tomllib.load(handle)
    models = {
        name: Price(
            input=float(entry.get("input", 0.0)),
            output=float(entry.get("output", 0.0)),
            cached_input=None if entry.get("cached_input") is None else float(entry["cached_input"]),
            cache_write=None if entry.get("cache_write") is None else float(entry["cache_write"]),
        )
        for name, entry in raw.get("models", {}).items()
    }
    return PriceTable(models=models, free_providers=frozenset(raw.get("free_providers", [])))


@lru_cache(maxsize=1)
def default_prices() -> PriceTable:
    return load_prices()
