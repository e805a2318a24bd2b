"""What every model call passes through: call cache -> replay check -> rate limiter -> retry -> ledger.

Decisions, LLM calls and embeddings all use it, so a re-run of unchanged requests makes no network call,
`--replay` fails clearly on a miss, every endpoint is paced by its shared limiter, and every call (cached
or not, failed or not) leaves one ledger row. The request hash covers provider, endpoint, model and the
body actually sent, which never contains a key.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from archivist.configs.settings import ProviderSettings
from archivist.ids import canonical_json, request_hash
from archivist.storage.calls import CallLog, LedgerRow
from archivist.tasks.decisions.types import CallRecord
from archivist.tasks.providers.budget import RunBudget, run_budget
from archivist.tasks.providers.errors import CacheMiss, RateLimited
from archivist.tasks.providers.prices import PriceTable, default_prices
from archivist.tasks.providers.ratelimit import RateLimiter, shared_limiter
from archivist.tasks.providers.redaction import install_log_redaction, redact, scrub
from archivist.tasks.providers.retry import call_with_retry, make_retrying

log = logging.getLogger(__name__)

NOT_LOOKED_UP = object()
SHARED: Final = "shared"
"""`limiter=SHARED`: the process-wide limiter of the endpoint (see `build_gate`)."""


@dataclass
class Sent:
    """What a provider's transport returns for one request."""

    response: Any
    """JSON-able: this is what the call cache stores."""
    input_tokens: int = 0
    output_tokens: int = 0
    model: str = ""
    """The versioned model id that answered, when the provider reports one."""
    cached_input_tokens: int = 0
    """Input tokens served from the provider's prompt cache (billed at `cached_input`); OpenAI counts them
    inside `input_tokens`, Anthropic beside it: the wire mapping makes them a part of `input_tokens` here."""
    cache_write_tokens: int = 0
    """Input tokens written to the prompt cache (Anthropic bills them at `cache_write`), also part of input_tokens."""


@dataclass
class GateResult:
    response: Any
    record: CallRecord


class CallGate:
    """Cache, limiter, retry and ledger around one provider endpoint."""

    def __init__(
        self,
        *,
        provider: str,
        model: str,
        endpoint: str,
        settings: ProviderSettings,
        calls: CallLog | None = None,
        run_id: str | None = None,
        replay: bool = False,
        limiter: RateLimiter | None = None,
        sleep: Callable[[float], None] = time.sleep,
        prices: PriceTable | None = None,
        secrets: Callable[[], list[str | None]] = lambda: [],
        cacheable: bool = True,
        budget: RunBudget | None = None,
        enforce_budget: bool = True,
    ):
        self.provider = provider
        self.model = model
        self.endpoint = endpoint
        self.settings = settings
        self.calls = calls
        self.run_id = run_id
        self.replay = replay
        self.limiter = limiter
        self.sleep = sleep
        self.prices = prices or default_prices()
        self.secrets = secrets
        self.cacheable = cacheable
        self.budget = budget
        # False: calls are counted against the budget but never refused (embeddings: turns are always stored).
        self.enforce_budget = enforce_budget
        # One policy for every call and thread (tenacity keeps per-call state thread-local); the lambda
        # reads self.sleep at each wait so a test can swap it after construction.
        self._retrying = make_retrying(settings, sleep=lambda seconds: self.sleep(seconds),
                                       on_retry=self._on_retry, label=f"{provider} {endpoint}")

    def _on_retry(self, error: BaseException, wait: float, attempt_number: int) -> None:
        if isinstance(error, RateLimited) and error.retry_after and self.limiter is not None:
            self.limiter.pause(error.retry_after)  # every other thread holds off too

    def hash(self, body: Any, body_json: str | None = None) -> str:
        """sha256 of the canonical JSON of {provider, endpoint, model, body}; pass `body_json` (the body's
        canonical JSON) when it is at hand, to skip encoding the body twice."""
        if body_json is None:
            return request_hash({"provider": self.provider, "endpoint": self.endpoint, "model": self.model,
                                 "body": body})
        # Exactly canonical_json of that dict: keys in sorted order, body spliced in already encoded.
        text = (f'{{"body":{body_json},"endpoint":{canonical_json(self.endpoint)},'
                f'"model":{canonical_json(self.model)},"provider":{canonical_json(self.provider)}}}')
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def prefetch(self, hashes: list[str]) -> dict[str, Any]:
        """Cached responses for many requests in one table read (decide_many uses this)."""
        if self.calls is None or not self.cacheable or not hashes:
            return {}
        return self.calls.lookup_many(hashes)

    def call(
        self,
        body: Any,
        send: Callable[[], Sent],
        *,
        estimated_tokens: int = 0,
        cached: Any = NOT_LOOKED_UP,
        describe: str = "",
        key: str | None = None,
    ) -> GateResult:
        """The response to `body`: from the cache, or by `send()` under the limiter and the retry policy.
        `key` is `self.hash(body)` when the caller has computed it already."""
        key = key or self.hash(body)
        started = time.perf_counter()
        if self.cacheable and self.calls is not None:
            if cached is NOT_LOOKED_UP:
                cached = self.calls.lookup(key)
            if cached is not None:
                return self._cached(key, cached, time.perf_counter() - started)
        if self.replay and self.cacheable:
            raise CacheMiss(
                f"replay mode: no cached response for {self.provider} {self.endpoint} model {self.model} "
                f"(request {key[:16]}{', ' + describe if describe else ''}). Replay never calls a model: run "
                f"without --replay to make the call, or replay a store that holds this run's call cache.",
                provider=self.provider,
            )
        if self.budget is not None and self.enforce_budget:
            self.budget.check(describe)  # before the limiter and the retries: a refused call costs nothing

        def attempt() -> Sent:
            if self.limiter is not None:
                self.limiter.acquire(estimated_tokens, sleep=self.sleep)
            return send()

        try:
            sent, attempts = call_with_retry(attempt, self.settings, retrying=self._retrying)
        except Exception as error:
            scrub(error, self.secrets())  # the last line of defence before it is raised, logged or recorded
            if not isinstance(error, CacheMiss):
                # A failed attempt the provider answered (a truncated reply) was billed: ledger what it cost.
                billed = getattr(error, "billed", None)
                billed_model = getattr(billed, "model", "") or self.model
                billed_in = int(getattr(billed, "input_tokens", 0) or 0)
                billed_out = int(getattr(billed, "output_tokens", 0) or 0)
                billed_cost = self.prices.cost(
                    self.provider, billed_model, billed_in, billed_out,
                    cached_input_tokens=int(getattr(billed, "cached_input_tokens", 0) or 0),
                    cache_write_tokens=int(getattr(billed, "cache_write_tokens", 0) or 0)) if billed else 0.0
                if billed_cost and self.budget is not None:
                    self.budget.add(billed_cost)
                self._ledger(key, billed_model, billed_in, billed_out, time.perf_counter() - started,
                             attempts=getattr(error, "attempts", 1), cost=billed_cost,
                             error=redact(f"{type(error).__name__}: {error}", self.secrets()),
                             cached_input=int(getattr(billed, "cached_input_tokens", 0) or 0),
                             cache_write=int(getattr(billed, "cache_write_tokens", 0) or 0))
            raise
        latency = time.perf_counter() - started
        if self.limiter is not None and sent.input_tokens:
            self.limiter.settle(estimated_tokens, sent.input_tokens)
        model = sent.model or self.model
        if self.cacheable and self.calls is not None:
            self.calls.remember(key, self.provider, model, self.endpoint, sent.response)
        cost = self.prices.cost(self.provider, model, sent.input_tokens, sent.output_tokens,
                                cached_input_tokens=sent.cached_input_tokens,
                                cache_write_tokens=sent.cache_write_tokens)
        if self.budget is not None:
            self.budget.add(cost)
        self._ledger(key, model, sent.input_tokens, sent.output_tokens, latency, attempts=attempts, cost=cost,
                     cached_input=sent.cached_input_tokens, cache_write=sent.cache_write_tokens)
        record = CallRecord(provider=self.provider, model=model, request_hash=key, input_tokens=sent.input_tokens,
                            output_tokens=sent.output_tokens, cost_usd=cost, latency_s=latency, cached=False,
                            endpoint=self.endpoint)
        return GateResult(response=sent.response, record=record)

    def control(self, fn: Callable[[], Any]) -> Any:
        """`fn()` under the limiter and the retry policy, neither cached nor ledgered: for calls that
        answer no request of their own (a batch upload, create, poll or download)."""

        def attempt() -> Any:
            if self.limiter is not None:
                self.limiter.acquire(0, sleep=self.sleep)
            return fn()

        try:
            result, _ = call_with_retry(attempt, self.settings, retrying=self._retrying)
        except Exception as error:
            scrub(error, self.secrets())
            raise
        return result

    def _cached(self, key: str, response: Any, latency: float) -> GateResult:
        model = str(response["model"]) if isinstance(response, dict) and response.get("model") else self.model
        self._ledger(key, model, 0, 0, latency, attempts=0, cached=True)
        record = CallRecord(provider=self.provider, model=model, request_hash=key, latency_s=latency, cached=True,
                            endpoint=self.endpoint)
        return GateResult(response=response, record=record)

    def _ledger(self, key: str, model: str, input_tokens: int, output_tokens: int, latency: float, *,
                attempts: int, cost: float = 0.0, cached: bool = False, error: str | None = None,
                cached_input: int = 0, cache_write: int = 0) -> None:
        if self.calls is None:
            return
        self.calls.record(LedgerRow(provider=self.provider, model=model, endpoint=self.endpoint, request_hash=key,
                                    run_id=self.run_id, input_tokens=input_tokens, output_tokens=output_tokens,
                                    cost_usd=cost, latency_s=latency, cached=cached, attempts=attempts,
                                    error=error, cached_input_tokens=cached_input, cache_write_tokens=cache_write))


def build_gate(
    *,
    provider: str,
    model: str,
    endpoint: str,
    settings: ProviderSettings,
    base_url: str = "",
    limiter: RateLimiter | None | Literal["shared"] = SHARED,
    limiter_name: str | None = None,
    remote: bool = True,
    **options: Any,
) -> CallGate:
    """The one place a gated client is built: the endpoint's shared limiter (when `limiter` is SHARED and the
    calls leave the process), log redaction installed, the spend budget of `run_id` when the run has one
    (tasks/providers/budget.py), and a `CallGate` with the rest of `options` (calls, run_id, replay, sleep,
    prices, secrets, cacheable, enforce_budget).

    The shared limiter is keyed by `limiter_name` (default `provider`) and `base_url`: every client of one
    endpoint in this process, in every thread, draws on the same budget."""
    install_log_redaction()
    if limiter == SHARED:
        limiter = (shared_limiter(limiter_name or provider, base_url, settings.requests_per_minute,
                                  settings.tokens_per_minute) if remote else None)
    options.setdefault("budget", run_budget(options.get("run_id")))
    return CallGate(provider=provider, model=model, endpoint=endpoint, settings=settings, limiter=limiter,
                    **options)
