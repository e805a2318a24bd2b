"""The six provider paths that hold a key, each pointed at a fake server: shared by the redaction tests.

Each path is `(name, key_env, overrides, call)`: `overrides(url)` are the `load_settings` overrides that point
a flow at the fake, `call(url, store)` makes that path's call directly through its client (what a unit test
drives). The key variable of each path is its vendor's default, so the same key fixture serves all six.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from archivist.configs.settings import EmbedderSettings, LLMSettings, ProviderSettings
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.extract import LLMExtractor, TurnContext
from archivist.tasks.providers.llm_decider import LLMDecisionProvider
from archivist.tasks.providers.openai_decisions import OpenAIDecisionsProvider
from archivist.tasks.providers.openai_embeddings import OpenAIEmbedder
from archivist.tasks.providers.systemone import SystemOneProvider
from tests.fakes import samples

FAST = dict(max_attempts=2, backoff_initial_s=0.0, backoff_max_s=0.0, timeout_s=5.0, concurrency=2)


@dataclass(frozen=True)
class Path:
    name: str
    key_env: str
    overrides: Callable[[str], dict[str, Any]]
    call: Callable[[str, Store], Any]


def _section(name: str, **values: Any) -> dict[str, Any]:
    return {f"{name}__{key}": value for key, value in values.items()}


def _decide(provider_class: type, settings: ProviderSettings, store: Store) -> Any:
    client = DecisionClient(provider_class(settings), settings, calls=CallLog(store), limiter=None,
                            sleep=lambda seconds: None)
    with client:
        return client.decide(samples.request())


def _decisions(provider: str, model: str, suffix: str, provider_class: type) -> tuple[Callable, Callable]:
    def configure(url: str) -> dict[str, Any]:
        return _section("decisions", provider=provider, model=model, base_url=url + suffix, **FAST)

    def call(url: str, store: Store) -> Any:
        return _decide(provider_class, ProviderSettings(provider=provider, model=model, base_url=url + suffix,
                                                        **FAST), store)

    return configure, call


def _extraction() -> tuple[Callable, Callable]:
    def configure(url: str) -> dict[str, Any]:
        return _section("llm", provider="openai", model="gpt-4o-mini", base_url=url + "/v1", **FAST)

    def call(url: str, store: Store) -> Any:
        turn = TurnContext(turn_id="t-1", tenant="acme", scope="cust-1", speaker="Maria", role="customer",
                           text="I moved to Leeds last month.", said_at=datetime(2026, 10, 1, tzinfo=UTC))
        extractor = LLMExtractor(LLMSettings(provider="openai", model="gpt-4o-mini", base_url=url + "/v1", **FAST),
                                 store=store, limiter=None, sleep=lambda seconds: None)
        try:
            return extractor.extract([turn])
        finally:
            extractor.close()

    return configure, call


def _embeddings() -> tuple[Callable, Callable]:
    def embedder_settings(url: str) -> EmbedderSettings:
        return EmbedderSettings(provider="openai", model="text-embedding-3-small", dim=16, base_url=url + "/v1")

    def configure(url: str) -> dict[str, Any]:
        return _section("embedder", **embedder_settings(url).model_dump())

    def call(url: str, store: Store) -> Any:
        embedder = OpenAIEmbedder(embedder_settings(url), store, run_id="r1", sleep=lambda seconds: None,
                                  limits=ProviderSettings(provider="openai_embeddings", **FAST))
        try:
            return embedder.embed(["I moved to Leeds last month."])
        finally:
            embedder.close()

    return configure, call


PATHS = [
    Path("systemone", "TYPESAFE_API_KEY", *_decisions("systemone", "jev-latest", "", SystemOneProvider)),
    Path("openai_decisions", "OPENAI_API_KEY",
         *_decisions("openai_decisions", "gpt-6-luna", "/v1", OpenAIDecisionsProvider)),
    Path("llm:openai", "OPENAI_API_KEY", *_decisions("llm:openai", "gpt-4o-mini", "/v1", LLMDecisionProvider)),
    Path("llm:anthropic", "ANTHROPIC_API_KEY",
         *_decisions("llm:anthropic", "claude-haiku-4-5", "", LLMDecisionProvider)),
    Path("llm extraction", "OPENAI_API_KEY", *_extraction()),
    Path("openai embeddings", "OPENAI_API_KEY", *_embeddings()),
]


def files_holding(folder: Any, secret: str) -> list[str]:
    """Every file under `folder` whose bytes contain `secret` (Lance data, manifests, indexes, all of it)."""
    needle = secret.encode("utf-8")
    return [str(path) for path in sorted(folder.rglob("*")) if path.is_file() and needle in path.read_bytes()]
