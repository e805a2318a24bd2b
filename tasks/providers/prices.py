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

    def cost(self, provider: str, model: str, input_tokens: int, output_tokens: int = 0) -> float:
        if provider in self.free_providers:
            return 0.0
        price = self.price(model)
        if price is None:
            with self._lock:
                if model not in self._warned:
                    self._warned.add(model)
                    log.warning("no price for model %r in %s; its calls are costed at $0", model, PRICES_FILE)
            return 0.0
        return (input_tokens * price.input + output_tokens * price.output) / PER


def load_prices(path: Path | str | None = None) -> PriceTable:
    """The price table from `path` (default `configs/prices.toml`)."""
    with open(path or PRICES_FILE, "rb") as handle:
        raw = tomllib.load(handle)
    models = {
        name: Price(
            input=float(entry.get("input", 0.0)),
            output=float(entry.get("output", 0.0)),
            cached_input=None if entry.get("cached_input") is None else float(entry["cached_input"]),
        )
        for name, entry in raw.get("models", {}).items()
    }
    return PriceTable(models=models, free_providers=frozenset(raw.get("free_providers", [])))


@lru_cache(maxsize=1)
def default_prices() -> PriceTable:
    return load_prices()
