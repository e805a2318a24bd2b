"""The decision provider base class: what a provider is, declared as class attributes with defaults.

The decision client reads these attributes and nothing else (no `getattr` probing), the way simonw/llm's
`Model` declares `can_stream` or `needs_key`: a provider states what it can do, and a missing capability is
its default, not a guess. A provider overrides `send` and whichever defaults do not fit it.

    class MyProvider(DecisionProvider):
        name = "mine"
        remote = False          # in-process: no shared rate limiter
        cacheable = False       # cheap and deterministic: not worth a call-cache row

        def send(self, state, questions) -> ProviderReply: ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers.keys import env_secret
from archivist.tasks.providers.limits import TokenLimits

if TYPE_CHECKING:
    from archivist.configs.settings import Settings


class DecisionProvider:
    """One way of answering typed questions: an HTTP API, an LLM, the local model, a user's function."""

    name: str = ""
    """Names the provider in ledger rows, call-cache keys and the shared limiter."""
    model: str = ""
    endpoint: str = ""
    """The endpoint path for ledger rows and cache keys; empty means `name`."""
    remote: bool = True
    """Calls leave the process: they share the endpoint's process-wide rate limiter."""
    cacheable: bool = True
    """Answers are stored in the call cache and `--replay` serves them."""
    base_url: str = ""
    """Where the calls go; with `name` it keys the shared rate limiter."""
    key_env: str | None = None
    """The environment variable holding the key; its value is redacted from every error and log."""
    token_limits: TokenLimits | None = None
    """Request-size limits; a request over them is split into several."""
    overhead_tokens: int = 0
    """Tokens billed per request beyond its body (paces the token budget)."""
    sends_encoded_body: bool = False
    """`send_body(body, body_json)` sends the client's already-encoded body as is (no second encoding)."""
    scorings: tuple[str, ...] = ("json",)
    """The `scoring` settings values the provider can follow: `json`, the probabilities it states; only an
    OpenAI-compatible LLM decider adds `logprobs`."""

    @classmethod
    def from_settings(cls, settings: Settings) -> DecisionProvider:
        """The provider for `settings.decisions`; the registry builds every provider this way."""
        return cls(settings.decisions)  # type: ignore[call-arg]

    def request_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        """Everything that shapes the answer: the call cache hashes it."""
        return {"model": self.model, "state": state,
                "questions": {k: {**q.wire(), "id": q.key} for k, q in questions.items()}}

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        raise NotImplementedError(f"{type(self).__name__} must implement send(state, questions)")

    def send_body(self, body: dict[str, Any], body_json: str) -> ProviderReply:
        raise NotImplementedError(f"{type(self).__name__} declares sends_encoded_body but has no send_body")

    def secrets(self) -> list[str | None]:
        """Values to redact from errors and ledger rows."""
        return [env_secret(self.key_env)] if self.key_env else []

    def close(self) -> None:
        """Release connections; the client calls it once, when it is closed."""
