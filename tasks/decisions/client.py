"""The decision client every stage asks through (the `Decider` protocol), around one `DecisionProvider`.

For each request: split its questions only where the provider's token limits require it; for each part,
the call gate (call cache -> replay check -> shared rate limiter -> retry -> ledger); then validate every
answer. An answer that is missing or malformed degrades only its own question to a uniform fallback that
carries the reason (`fallback=True`, `error`). A call that still fails after every retry either raises
(`on_failure="raise"`) or becomes fallbacks for its questions with the error recorded and marked
`transient` (the default; the write path defers such statements to the next run);
errors that a retry cannot fix (a bad key, a bad request, a replay miss) always raise. Never a silent
default.

A hosted provider is pinned: its model must have a price (configs/prices.toml, unless `allow_unpriced`), and
every reply, fresh or cached, must come from the pinned version (tasks/providers/pins.py); another answering
model raises `ModelMismatch`, which stops the run.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Literal

from archivist.configs.settings import ProviderSettings, Settings
from archivist.errors import ArchivistError
from archivist.ids import canonical_json
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.types import (
    Answer,
    CallRecord,
    DecisionRequest,
    DecisionResult,
    Question,
)
from archivist.tasks.providers.answers import InvalidAnswer, to_answer
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.budget import BudgetExhausted
from archivist.tasks.providers.errors import TransientError
from archivist.tasks.providers.gate import NOT_LOOKED_UP, SHARED, Sent, build_gate
from archivist.tasks.providers.limits import SplitPlan, TokenLimits, fits_without_counting, split_questions
from archivist.tasks.providers.pins import check_answering_model, require_price
from archivist.tasks.providers.prices import PriceTable, default_prices
from archivist.tasks.providers.ratelimit import RateLimiter
from archivist.tasks.providers.registry import make_provider
from archivist.tasks.providers.tokens import count_tokens

log = logging.getLogger(__name__)

PROVIDER_DEFAULT: Any = "provider-default"
PREPARE_BATCH = 256
"""Requests prepared (split, hashed, looked up in the cache) at a time by decide_many ..."""
FIRST_BATCH = 16
"""... starting with this many, so the first requests leave at once."""


@dataclass
class _Part:
    questions: dict[str, Question]
    body: Any
    hash: str
    tokens: int
    json: str = ""
    """The body's canonical JSON."""


@dataclass
class _Prepared:
    request: DecisionRequest
    plan: SplitPlan
    parts: list[_Part]


class DecisionClient:
    """Cache, limits, retries, splitting and validation around one decision provider."""

    def __init__(
        self,
        provider: DecisionProvider,
        settings: ProviderSettings,
        *,
        calls: CallLog | None = None,
        run_id: str | None = None,
        replay: bool = False,
        limiter: RateLimiter | None | Literal["shared"] = SHARED,
        sleep: Callable[[float], None] = time.sleep,
        prices: PriceTable | None = None,
        token_limits: TokenLimits | None = PROVIDER_DEFAULT,
        on_failure: Literal["fallback", "raise"] = "fallback",
        count: Callable[[str], int] = count_tokens,
        setting: str = "decisions",
    ):
        """`setting` names the settings section the provider comes from, for the messages that say what to fix."""
        if not isinstance(provider, DecisionProvider):
            raise TypeError(f"{type(provider).__name__} is not a decision provider: subclass "
                            "archivist.tasks.providers.base.DecisionProvider and declare what it can do")
        self.provider = provider
        self.settings = settings
        self.on_failure = on_failure
        self.count = count
        self.remote = provider.remote
        self.setting = setting
        if self.remote:
            require_price(prices or default_prices(), provider.name, setting, provider.model,
                          settings.allow_unpriced)
        self.token_limits = provider.token_limits if token_limits is PROVIDER_DEFAULT else token_limits
        self.overhead_tokens = provider.overhead_tokens
        self.gate = build_gate(
            provider=provider.name,
            model=provider.model,
            endpoint=provider.endpoint or provider.name,
            settings=settings,
            base_url=provider.base_url,
            limiter=limiter,
            remote=provider.remote,
            calls=calls,
            run_id=run_id,
            replay=replay,
            sleep=sleep,
            prices=prices,
            secrets=provider.secrets,
            cacheable=provider.cacheable,
        )

    # -- the Decider protocol --------------------------------------------------------------------

    def decide(self, request: DecisionRequest) -> DecisionResult:
        return self._run(self._prepare(request), prefetched=None)

    def decide_many(self, requests: list[DecisionRequest]) -> list[DecisionResult]:
        """Every request answered, in order; cache misses fan out over `settings.concurrency` threads.

        Requests are prepared and looked up in the cache in batches while earlier batches are being sent,
        so preparing thousands of requests never holds the pipe idle. An error that retries cannot fix
        (a bad key, a replay miss) stops every queued request from being sent and is raised.
        """
        results: list[DecisionResult | None] = [None] * len(requests)
        prefetch = getattr(self.provider, "prefetch_requests", None)
        if prefetch is not None and not self.remote:
            # An in-process model encodes every request's texts in shared batches (answers do not change).
            try:
                prefetch(requests)
            except Exception:  # noqa: BLE001 - each request's own call meets the error and is retried or recorded
                pass
        futures: dict[Future, int] = {}
        abort = threading.Event()
        pool = ThreadPoolExecutor(max_workers=max(1, self.settings.concurrency),
                                  thread_name_prefix=f"decide-{self.provider.name}")
        try:
            start, size = 0, FIRST_BATCH
            while start < len(requests):
                batch = [(i, self._prepare(requests[i])) for i in range(start, min(len(requests), start + size))]
                # Small first batches get the first requests out at once; later ones amortise the cache reads.
                start, size = start + size, min(PREPARE_BATCH, size * 4)
                prefetched = self.gate.prefetch([part.hash for _, p in batch for part in p.parts])
                for i, prepared in batch:
                    # An in-process model holds the GIL while it answers: threads only add their start-up and
                    # contention (measured: tests/benchmarks/bench_write_path.py), so it answers in order here.
                    if not self.remote or all(part.hash in prefetched for part in prepared.parts):
                        results[i] = self._run(prepared, prefetched)
                    else:
                        futures[pool.submit(self._run_unless_aborted, prepared, prefetched, abort)] = i
                _raise_first_failure(futures)
            for future in as_completed(futures):
                if isinstance(future.exception(), _Aborted):
                    continue  # the error that caused it is raised from its own future
                results[futures[future]] = future.result()
        except BaseException:
            abort.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        self.flush()
        missing = [i for i, r in enumerate(results) if r is None]
        if missing:  # cannot happen without an error raised above; never return a short list silently
            raise RuntimeError(f"decide_many lost requests {missing[:10]}")
        return results  # type: ignore[return-value]

    def _run_unless_aborted(self, prepared: _Prepared, prefetched: dict[str, Any],
                            abort: threading.Event) -> DecisionResult:
        if abort.is_set():
            raise _Aborted("an earlier request of this batch failed")
        try:
            return self._run(prepared, prefetched)
        except Exception:
            abort.set()  # the queued requests would fail the same way: do not send them
            raise

    # -- lifecycle -------------------------------------------------------------------------------

    def flush(self) -> None:
        if self.gate.calls is not None:
            self.gate.calls.flush()

    def close(self) -> None:
        self.flush()
        self.provider.close()

    def __enter__(self) -> DecisionClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------------

    def _body(self, state: Any, questions: dict[str, Question]) -> Any:
        return self.provider.request_body(state, questions)

    def _prepare(self, request: DecisionRequest) -> _Prepared:
        whole = self._part(request.state, request.questions) if request.questions else None
        if whole is not None and fits_without_counting(len(whole.json.encode("utf-8")), self.token_limits,
                                                       len(request.questions)):
            # The whole body is smaller in bytes than any limit is in tokens: no need to split or count.
            return _Prepared(request=request, plan=SplitPlan([dict(request.questions)], {}), parts=[whole])
        plan = split_questions(request.state, request.questions, self.token_limits, self.count)
        parts = [self._part(request.state, chunk) for chunk in plan.chunks]
        return _Prepared(request=request, plan=plan, parts=parts)

    def _part(self, state: Any, questions: dict[str, Question]) -> _Part:
        body = self._body(state, questions)
        body_json = canonical_json(body)
        tokens = self.count(body_json) + self.overhead_tokens if self.gate.limiter else 0
        return _Part(questions=dict(questions), body=body, hash=self.gate.hash(body, body_json), tokens=tokens,
                     json=body_json)

    def _send(self, state: Any, part: _Part) -> Sent:
        if self.provider.sends_encoded_body:
            # The exact text that was hashed goes on the wire, without building and encoding it again.
            reply = self.provider.send_body(part.body, part.json)
        else:
            reply = self.provider.send(state, part.questions)
        # Answers of HTTP providers come from JSON already; a user's function may return numpy scalars.
        answers = reply.answers if self.remote else _jsonable(reply.answers)
        response = {"answers": answers, "model": reply.model,
                    "input_tokens": reply.input_tokens, "output_tokens": reply.output_tokens}
        return Sent(response=response, input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
                    model=reply.model)

    def _run(self, prepared: _Prepared, prefetched: dict[str, Any] | None) -> DecisionResult:
        request = prepared.request
        answers: dict[str, Answer] = {}
        for key, why in prepared.plan.too_large.items():
            answers[key] = self._fallback(request.questions[key], key, why)
        calls: list[CallRecord] = []
        model = ""
        for part in prepared.parts:
            cached = NOT_LOOKED_UP if prefetched is None else prefetched.get(part.hash)
            try:
                result = self.gate.call(
                    part.body,
                    lambda part=part: self._send(request.state, part),
                    estimated_tokens=part.tokens,
                    cached=cached,
                    key=part.hash,
                    describe="questions " + ", ".join(list(part.questions)[:5]),
                )
            except BudgetExhausted as error:
                if self.on_failure == "raise":
                    raise
                # Not sent: transient for the statement (the write path defers it); the run's summary reports the stop.
                for key, question in part.questions.items():
                    answers[key] = Answer.uniform_fallback(question, str(error))
                    answers[key].transient = True
                continue
            except TransientError as error:
                if self.on_failure == "raise":
                    raise
                attempts = getattr(error, "attempts", "?")
                for key, question in part.questions.items():
                    answers[key] = self._fallback(question, key, f"call failed after {attempts} attempts: {error}")
                    answers[key].transient = True
                continue
            calls.append(result.record)
            reply = result.response if isinstance(result.response, dict) else {}
            if self.remote:
                check_answering_model(self.provider.name, self.setting, self.provider.model,
                                      str(reply.get("model") or ""), self.settings.accept_models)
            model = model or str(reply.get("model") or result.record.model)
            raw_answers = found if isinstance(found := reply.get("answers"), dict) else {}
            for key, question in part.questions.items():
                try:
                    answers[key] = to_answer(question, raw_answers.get(key))
                except InvalidAnswer as error:
                    answers[key] = self._fallback(question, key, f"{self.provider.name}: {error}")
        ordered = {key: answers[key] for key in request.questions}
        return DecisionResult(answers=ordered, calls=calls, model=model or self.provider.model,
                              provider=self.provider.name)

    def _fallback(self, question: Question, key: str, why: str) -> Answer:
        log.warning("decision %s (%s) fell back to uniform: %s", key, question.key, why)
        return Answer.uniform_fallback(question, why)


class _Aborted(ArchivistError, RuntimeError):
    """A queued request skipped because another one of its batch raised."""


def _raise_first_failure(futures: dict[Future, int]) -> None:
    """Raise the first error among the finished futures, so a batch stops early, not after all is queued."""
    for future in futures:
        if future.done() and not future.cancelled():
            error = future.exception()
            if error is not None and not isinstance(error, _Aborted):
                raise error


def _jsonable(value: Any) -> Any:
    """Plain JSON values (numpy scalars from a user's function become floats) so the cache can store them."""
    return json.loads(json.dumps(value, default=lambda v: v.item() if hasattr(v, "item") else str(v)))


def build_decider(settings: Settings, store: Store | None = None, run_id: str | None = None,
                  **options: Any) -> DecisionClient:
    """The configured decision client: calls cached and costed in `store` (when given) under `run_id`."""
    calls = CallLog(store) if store is not None else None
    return DecisionClient(make_provider(settings), settings.decisions, calls=calls, run_id=run_id,
                          replay=settings.replay, **options)
