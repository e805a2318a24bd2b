"""OpenAI embeddings (official SDK, max_retries=0) behind the same gate as decisions: call cache, shared
rate limiter, retry policy and cost ledger. `OpenAIEmbedder(config).embed(texts) -> np.ndarray` of
unit-length float32 rows, one per text.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from typing import Any, Literal

import numpy as np

from archivist.configs.settings import EmbedderSettings, ProviderSettings
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.providers.chat_sdk import ChatSDK
from archivist.tasks.providers.errors import MalformedResponse
from archivist.tasks.providers.gate import SHARED, Sent, build_gate
from archivist.tasks.providers.ratelimit import RateLimiter
from archivist.tasks.providers.tokens import count_tokens
from archivist.tasks.providers.vendors import OPENAI

DEFAULT_MODEL = "text-embedding-3-small"
ENDPOINT = "/v1/embeddings"
MAX_INPUTS = 2048
"""OpenAI accepts at most 2,048 inputs per request ..."""
MAX_REQUEST_TOKENS = 250_000
"""... and 300,000 tokens in all; our count is an estimate, so stay well under."""
LOCAL_MODEL_NAMES = {"l2_supercat"}


def default_limits(config: EmbedderSettings) -> ProviderSettings:
    """Retry and rate settings for the embeddings endpoint (EmbedderSettings carries none of its own)."""
    return ProviderSettings(provider="openai_embeddings", model=config.model, base_url=config.base_url,
                            api_key_env=config.api_key_env, requests_per_minute=3000,
                            tokens_per_minute=1_000_000)


class OpenAIEmbedder:
    """Embeddings from OpenAI's `/v1/embeddings`, cached and costed like every model call."""

    endpoint = ENDPOINT

    def __init__(
        self,
        config: EmbedderSettings,
        store: Store | None = None,
        run_id: str | None = None,
        *,
        calls: CallLog | None = None,
        limits: ProviderSettings | None = None,
        limiter: RateLimiter | None | Literal["shared"] = SHARED,
        replay: bool = False,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.config = config
        self.model = DEFAULT_MODEL if config.model in LOCAL_MODEL_NAMES else config.model
        self.dim = config.dim
        self.name = f"openai:{self.model}:{self.dim}"
        self.base_url = OPENAI.url(config.base_url)
        self.key_env = OPENAI.key_variable(config.api_key_env)
        self.settings = limits or default_limits(config)
        if calls is None and store is not None:
            calls = CallLog(store)
        self.sdk = ChatSDK("openai", self.base_url, self.key_env, "openai embeddings", self.settings.timeout_s,
                           keyless_local=False)
        self.gate = build_gate(provider="openai", model=self.model, endpoint=ENDPOINT, settings=self.settings,
                               base_url=self.base_url, limiter=limiter, limiter_name="openai_embeddings",
                               calls=calls, run_id=run_id, replay=replay, sleep=sleep, secrets=self.sdk.secrets,
                               # Counted against a run's spend budget, never refused: every turn is stored.
                               enforce_budget=False)

    def _batches(self, texts: list[str]) -> list[tuple[list[str], int]]:
        batches: list[tuple[list[str], int]] = []
        current: list[str] = []
        tokens = 0
        size = max(1, min(self.config.batch_size, MAX_INPUTS))
        for text in texts:
            n = count_tokens(text)
            if current and (len(current) >= size or tokens + n > MAX_REQUEST_TOKENS):
                batches.append((current, tokens))
                current, tokens = [], 0
            current.append(text)
            tokens += n
        if current:
            batches.append((current, tokens))
        return batches

    def _body(self, batch: list[str]) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "input": batch}
        if self.model.startswith("text-embedding-3"):
            body["dimensions"] = self.dim  # only the v3 models can shorten their vectors
        return body

    def _send(self, body: dict[str, Any]) -> Sent:
        reply = self.sdk.call(lambda client: client.embeddings.create(**body))
        rows = sorted(reply.data, key=lambda item: item.index)
        vectors = np.asarray([row.embedding for row in rows], dtype=np.float32)
        if vectors.shape != (len(body["input"]), self.dim):
            raise MalformedResponse(f"openai embeddings: expected {len(body['input'])} vectors of {self.dim} "
                                    f"dimensions, got shape {vectors.shape}", provider="openai")
        tokens = int(getattr(reply.usage, "prompt_tokens", 0) or 0)
        response = {"model": reply.model, "shape": list(vectors.shape),
                    "b64": base64.b64encode(vectors.tobytes()).decode("ascii")}
        return Sent(response=response, input_tokens=tokens, model=reply.model or self.model)

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # OpenAI rejects empty strings; a space embeds to "nothing said" without failing the batch.
        texts = [t if t.strip() else " " for t in texts]
        parts = []
        for batch, tokens in self._batches(texts):
            body = self._body(batch)
            result = self.gate.call(body, lambda body=body: self._send(body), estimated_tokens=tokens,
                                    describe=f"{len(batch)} texts")
            shape = tuple(result.response["shape"])
            parts.append(np.frombuffer(base64.b64decode(result.response["b64"]), dtype=np.float32).reshape(shape))
        vectors = np.concatenate(parts, axis=0)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return (vectors / np.where(norms == 0, 1.0, norms)).astype(np.float32)

    def flush(self) -> None:
        if self.gate.calls is not None:
            self.gate.calls.flush()

    def close(self) -> None:
        self.flush()
        self.sdk.close()
