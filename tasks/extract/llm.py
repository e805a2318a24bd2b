"""The LLM extractor: OpenAI chat completions (JSON mode) or Anthropic messages, through the official SDKs.

Every call goes through the shared call gate (call cache keyed by the full request -> replay check -> the
process-wide rate limiter of the endpoint -> the one tenacity retry layer, which honours Retry-After ->
cost ledger); the SDKs themselves run with max_retries=0. A base_url reaches any OpenAI-compatible server
(vLLM, SGLang, Ollama, llama.cpp); a loopback one needs no key.

What happens to a turn whose call or reply goes wrong:
- a malformed reply (no JSON, JSON of another shape), a 2xx body that does not parse even after the retries,
  or a request the provider rejects (400, 413, 422) -> no facts for that turn, and an `ExtractionProblem`
  that `take_problems()` hands out (the flow writes them to the quarantine table); the batch goes on;
- a reply cut off at its output budget (`finish_reason` "length", `stop_reason` "max_tokens") -> never cached
  nor partly used: asked again at twice the budget up to `llm.max_output_tokens_ceiling` (the answer is then
  cached under the first request's key too, so a re-run does not pay for the cut-off reply again); past the
  ceiling, no facts and a recorded problem; every billed attempt has its ledger row and cost;
- a missing or rejected key, a configuration every call would fail on (a wrong model name, a parameter the
  model does not take: `ConfigurationError`, naming the setting), or a replay-mode cache miss -> raised:
  every other turn would fail the same way;
- system and tool turns -> not sent: they are context for the turns after them.
- a provider still failing after every retry (429, 5xx, timeouts) -> raised after the calls in flight
  finish; what succeeded is cached, so the re-run pays only for the rest;
- a call the run's spend budget refuses (tasks/providers/budget.py) -> no facts and no problem: the turn is
  deferred (`take_deferred()`), so the write path leaves it unextracted for the next run.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any, Literal

from archivist.configs.relations import Relations, load_relations
from archivist.configs.settings import LLMSettings
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.extract.prompt import RAW_EXCERPT_CHARS, parse_reply, request_body, should_extract
from archivist.tasks.extract.types import ExtractedFact, ExtractionProblem, TurnContext
from archivist.tasks.providers.budget import BudgetExhausted
from archivist.tasks.providers.chat import ChatClient
from archivist.tasks.providers.errors import (
    AuthenticationError,
    BadRequest,
    CacheMiss,
    ConfigurationError,
    MalformedResponse,
    Refused,
    Truncated,
)
from archivist.tasks.providers.gate import SHARED, Sent, build_gate
from archivist.tasks.providers.prices import PriceTable
from archivist.tasks.providers.ratelimit import RateLimiter
from archivist.tasks.providers.tokens import count_tokens
from archivist.tasks.providers.vendors import vendor_of

log = logging.getLogger(__name__)

PER_TURN_ERRORS = (MalformedResponse, BadRequest, Refused)
"""Errors that concern one turn's request or reply: recorded for that turn, the batch goes on."""


class LLMExtractor:
    """Facts from a chat model, one request per turn, fanned out over `settings.concurrency` threads."""

    def __init__(
        self,
        settings: LLMSettings,
        *,
        store: Store | None = None,
        calls: CallLog | None = None,
        run_id: str | None = None,
        replay: bool = False,
        limiter: RateLimiter | None | Literal["shared"] = SHARED,
        sleep: Callable[[float], None] = time.sleep,
        prices: PriceTable | None = None,
        relations: Relations | None = None,
    ):
        self.settings = settings
        self.vendor = vendor_of(settings)
        self.model = settings.model
        self.name = f"llm:{self.vendor}:{self.model}"
        self.chat = ChatClient(self.vendor, name=self.name, timeout_s=settings.timeout_s, base_url=settings.base_url,
                              key_env=settings.api_key_env, strict=True,
                              token_parameter=settings.max_tokens_parameter, section="llm")
        self.endpoint = self.chat.endpoint
        self.base_url = self.chat.base_url
        self.key_env = self.chat.key_env
        self.relations = relations or load_relations()
        if calls is None and store is not None:
            calls = CallLog(store)
        self.calls = calls
        self.sleep = sleep
        self.gate = build_gate(provider=self.vendor, model=self.model, endpoint=self.endpoint, settings=settings,
                               base_url=self.base_url, limiter=limiter, calls=calls, run_id=run_id, replay=replay,
                               sleep=sleep, prices=prices, secrets=self.chat.secrets)
        self.limiter = self.gate.limiter
        self._problems: list[ExtractionProblem] = []
        self._deferred: set[str] = set()
        self._problems_lock = threading.Lock()
        self._stopped = threading.Event()
        """Set by the first error every turn would meet: turns not yet started make no call."""

    # -- the Extractor protocol ------------------------------------------------------------------

    def extract(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]:
        bodies = [self.request_body(turn) for turn in turns]
        hashes = [self.gate.hash(body) for body in bodies]
        cached = self.gate.prefetch(hashes)  # one table read for the whole batch; None below means a known miss
        results: list[list[ExtractedFact]] = [[] for _ in turns]
        self._stopped.clear()
        pool = ThreadPoolExecutor(max_workers=max(1, self.settings.concurrency),
                                  thread_name_prefix=f"extract-{self.vendor}")
        failure: BaseException | None = None
        try:
            futures = {pool.submit(self._extract_one, turn, body, cached.get(key)): i
                       for i, (turn, body, key) in enumerate(zip(turns, bodies, hashes, strict=True))
                       if should_extract(turn)}
            for future in as_completed(futures):
                try:
                    results[futures[future]] = future.result()
                except (AuthenticationError, ConfigurationError, CacheMiss) as error:
                    pool.shutdown(wait=True, cancel_futures=True)  # every other turn would fail the same way
                    raise error
                except Exception as error:  # a provider failing after every retry: finish the rest first
                    failure = failure or error
        finally:
            pool.shutdown(wait=True)
            if self.calls is not None:
                self.calls.flush()
        if failure is not None:
            raise failure
        return results

    def take_problems(self) -> list[ExtractionProblem]:
        with self._problems_lock:
            problems, self._problems = self._problems, []
        return problems

    def take_deferred(self) -> set[str]:
        """Turn ids whose extraction the spend budget refused since the last call (and forgotten by it)."""
        with self._problems_lock:
            deferred, self._deferred = self._deferred, set()
        return deferred

    def defer(self, turn: TurnContext) -> None:
        with self._problems_lock:
            self._deferred.add(turn.turn_id)

    # -- one turn ----------------------------------------------------------------------------------

    def request_body(self, turn: TurnContext, max_tokens: int | None = None) -> dict[str, Any]:
        return request_body(turn, self.model, self.relations, max_tokens=max_tokens or self.settings.max_output_tokens,
                            structured=self.settings.structured_output)

    def facts_from_response(self, turn: TurnContext, response: Any) -> list[ExtractedFact]:
        """The facts in a (cached or fresh) response; a malformed one is recorded and gives none."""
        text = response.get("text") if isinstance(response, dict) else None
        if not isinstance(text, str):
            self.record(turn, "malformed extraction response: no reply text", repr(response))
            return []
        parsed = parse_reply(text, turn, self.relations)
        if parsed.problem:
            self.record(turn, parsed.problem, text)
        return parsed.facts

    def record(self, turn: TurnContext, reason: str, raw: str = "") -> None:
        # The reason never quotes the message; the raw reply goes to the quarantine table, not to the log.
        log.warning("extraction of turn %s: %s", turn.turn_id, reason)
        with self._problems_lock:
            self._problems.append(ExtractionProblem(turn.turn_id, reason, raw[:RAW_EXCERPT_CHARS]))

    def _extract_one(self, turn: TurnContext, body: dict[str, Any], cached: Any) -> list[ExtractedFact]:
        if self._stopped.is_set():
            return []
        # The estimate only paces the limiter's token budget; without a limiter it is not worth counting.
        estimated = count_tokens(body["system"]) + count_tokens(body["user"]) if self.limiter is not None else 0
        try:
            result = self.gate.call(body, lambda: self._send(body), estimated_tokens=estimated, cached=cached,
                                    describe=f"extraction of turn {turn.turn_id}")
        except Truncated:
            return self.extract_with_larger_budget(turn, body)
        except (AuthenticationError, ConfigurationError, CacheMiss):
            self._stopped.set()
            raise
        except PER_TURN_ERRORS as error:
            self.record(turn, f"{type(error).__name__}: {error}")
            return []
        except BudgetExhausted:
            self.defer(turn)
            return []
        return self.facts_from_response(turn, result.response)

    def extract_with_larger_budget(self, turn: TurnContext, first: dict[str, Any]) -> list[ExtractedFact]:
        """The turn asked again at twice the output budget of the cut-off reply, up to the ceiling. The answer
        is also cached under the first request's key: it is what that request resolves to, and a re-run would
        otherwise pay for the cut-off reply again. Raises what the gate raises other than `Truncated`."""
        budget = int(first["max_tokens"])
        ceiling = max(self.settings.max_output_tokens_ceiling, budget)
        while budget < ceiling:
            budget = min(ceiling, budget * 2)
            body = self.request_body(turn, max_tokens=budget)
            estimated = count_tokens(body["system"]) + count_tokens(body["user"]) if self.limiter is not None else 0
            try:
                result = self.gate.call(body, lambda body=body: self._send(body), estimated_tokens=estimated,
                                        describe=f"extraction of turn {turn.turn_id} at {budget} output tokens")
            except Truncated:
                continue
            except ConfigurationError:
                raise
            except PER_TURN_ERRORS as error:
                self.record(turn, f"{type(error).__name__}: {error}")
                return []
            if self.calls is not None:
                self.calls.remember(self.gate.hash(first), self.vendor, result.record.model, self.endpoint,
                                    result.response)
            return self.facts_from_response(turn, result.response)
        self.record(turn, f"the reply was cut off at {budget} output tokens, the ceiling; no fact of it is used. "
                          "Raise llm.max_output_tokens_ceiling to extract this turn")
        return []

    # -- the SDKs ----------------------------------------------------------------------------------

    def secrets(self) -> list[str | None]:
        return self.chat.secrets()

    def _send(self, body: dict[str, Any]) -> Sent:
        return self.chat.complete(body)

    def close(self) -> None:
        self.chat.close()
        if self.calls is not None:
            self.calls.flush()
