"""The provider base class, the registry that builds providers by name, and the one gated-client builder."""

from __future__ import annotations

from typing import Any

import pytest

from archivist.configs import load_settings
from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.decisions.local import LocalDecisionProvider
from archivist.tasks.decisions.types import ProviderReply
from archivist.tasks.providers import registry
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.gate import build_gate
from archivist.tasks.providers.llm_decider import LLMDecisionProvider
from archivist.tasks.providers.openai_decisions import OpenAIDecisionsProvider
from archivist.tasks.providers.pins import UnknownPrice
from archivist.tasks.providers.pycallable import PythonCallableProvider
from archivist.tasks.providers.systemone import SystemOneProvider
from tests.fakes import samples


@pytest.mark.parametrize(
    ("name", "model", "expected"),
    [
        ("systemone", "jev-latest", SystemOneProvider),
        ("openai_decisions", "gpt-6-luna", OpenAIDecisionsProvider),
        ("llm:openai", "gpt-4o-mini", LLMDecisionProvider),
        ("llm:anthropic", "claude-haiku-4-5", LLMDecisionProvider),
        ("llm", "claude-haiku-4-5", LLMDecisionProvider),
        ("python:tests.fakes.answers:default_answer", "x", PythonCallableProvider),
    ],
)
def test_the_registry_builds_each_provider_by_its_name(name, model, expected):
    provider = registry.make_provider(load_settings(decisions__provider=name, decisions__model=model))
    assert type(provider) is expected
    provider.close()


def test_the_local_provider_is_built_from_the_whole_settings():
    provider = registry.make_provider(load_settings())
    assert isinstance(provider, LocalDecisionProvider) and not provider.remote and not provider.cacheable


@pytest.mark.parametrize("name", ["nope", "systemone:x", "local:y", "llm:mistral"])
def test_an_unknown_name_says_which_names_exist(name):
    with pytest.raises(ValueError, match="use local, systemone|use llm:openai or llm:anthropic"):
        registry.make_provider(load_settings(decisions__provider=name))


class Constant(DecisionProvider):
    """A provider that declares nothing but its name: every other capability is the base class default."""

    name = "constant"
    model = "constant-1"

    def __init__(self, settings: Any = None):
        self.sent = 0

    def send(self, state, questions):
        self.sent += 1
        return ProviderReply(answers={k: {"type": q.type, "error": "constant"} for k, q in questions.items()},
                             model=self.model)


def test_a_registered_provider_is_built_by_name_and_gets_the_defaults():
    registry.register("constant", Constant)
    provider = registry.make_provider(load_settings(decisions__provider="constant"))
    assert isinstance(provider, Constant)
    assert (provider.remote, provider.cacheable, provider.token_limits, provider.overhead_tokens) == (True, True,
                                                                                                      None, 0)
    assert provider.secrets() == [] and provider.request_body({"a": 1}, {})["model"] == "constant-1"
    assert "constant" in registry.provider_names()


def test_the_client_refuses_an_object_that_does_not_declare_itself_a_provider():
    class Duck:
        name, model = "duck", "duck-1"

        def send(self, state, questions):  # pragma: no cover - never reached
            raise AssertionError

    with pytest.raises(TypeError, match="subclass archivist.tasks.providers.base.DecisionProvider"):
        DecisionClient(Duck(), ProviderSettings())  # type: ignore[arg-type]


def test_the_client_reads_the_declared_capabilities():
    with pytest.raises(UnknownPrice, match="constant-1"):  # a hosted model must be priced, or waived
        DecisionClient(Constant(), ProviderSettings(requests_per_minute=60))
    client = DecisionClient(Constant(), ProviderSettings(requests_per_minute=60, allow_unpriced=True))
    assert client.gate.limiter is not None and client.gate.cacheable  # remote by default: paced and cached
    result = client.decide(samples.request())
    assert result.any_fallback and client.provider.sent == 1


def test_gates_of_one_endpoint_share_one_limiter_and_in_process_ones_have_none():
    settings = ProviderSettings(requests_per_minute=100)
    one = build_gate(provider="p", model="m", endpoint="/e", settings=settings, base_url="http://h/v1/")
    two = build_gate(provider="p", model="n", endpoint="/f", settings=settings, base_url="http://h/v1")
    other = build_gate(provider="q", model="m", endpoint="/e", settings=settings, base_url="http://h/v1")
    local = build_gate(provider="p", model="m", endpoint="/e", settings=settings, base_url="http://h/v1", remote=False)
    assert one.limiter is two.limiter and one.limiter is not other.limiter and local.limiter is None
