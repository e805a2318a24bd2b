"""Batch mode (`--extract batch`): a partition's extraction requests as provider batches, at half price.

For nights where latency does not matter. The requests are exactly those the LLM extractor would send one
by one (same bodies, same call-cache keys), so:
- requests already in the call cache are not submitted; a re-run of a collected night submits nothing;
- the batch is recorded in `llm_batches` under a content hash of its requests (provider, model, endpoint,
  request hashes) right after it is submitted, so a restarted run finds it and resumes WAITING on the same
  batch id instead of submitting (and paying for) the same requests again;
- each result goes into the call cache and leaves one ledger row at half the synchronous price
  (`BATCH_DISCOUNT`); a request the provider could not answer becomes a recorded problem for its turn.
Control calls (upload, create, poll, download) go through the extractor's gate: its shared rate limiter and
the one retry layer (`tasks/providers/batches.py`). A batch cannot stop half way, so the run's spend budget
(tasks/providers/budget.py) is asked once before a batch is submitted: when it is spent, the partition's
uncached turns are deferred to the next run instead; a collected batch's cost is added to the run's spend.

- the requests are split into as many batches as the vendor's documented limits need (requests and bytes,
  `tasks/providers/batches.py` LIMITS), in the order of their hashes so that a re-run splits them the same
  way and finds its batches again; every batch is submitted before any is polled;
- a reply cut off at its output budget is not cached; its billed tokens are ledgered, and the turn is asked
  again synchronously at a larger budget (`LLMExtractor.extract_with_larger_budget`);
- system and tool turns are not sent (context only), as in the synchronous extractor.
The poll interval and the longest wait are `llm.batch_poll_interval_s` and `llm.batch_max_wait_s`.

The `llm_batches` records (and call rows) are held with the partition task's result and written by the flow
(`flows/cluster.py` `holding_calls`), which submits every batch in a first pass of short tasks. One window
stays open: a run killed between the provider accepting a batch and that task returning (its partition's
uploads, seconds) loses the id, and the next run submits again. A task that fails still hands its records
to the flow with its error.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from archivist.errors import ArchivistError, TransientError
from archivist.ids import request_hash
from archivist.storage.batches import ABANDONED, COLLECTED, BatchLedger, BatchRecord
from archivist.storage.calls import CallLog, LedgerRow
from archivist.storage.store import Store
from archivist.tasks.extract.llm import LLMExtractor
from archivist.tasks.extract.prompt import should_extract
from archivist.tasks.extract.types import ExtractedFact, ExtractionProblem, TurnContext
from archivist.tasks.providers.batches import (
    BatchAPI,
    BatchResults,
    BatchState,
    batch_api_for,
)
from archivist.tasks.providers.budget import BudgetExhausted
from archivist.tasks.providers.errors import CacheMiss
from archivist.tasks.providers.prices import PriceTable, default_prices

log = logging.getLogger(__name__)

BATCH_DISCOUNT = 0.5
"""Both providers bill batch requests at half the synchronous price."""
DEFAULT_POLL_INTERVAL_S = 60.0
DEFAULT_MAX_WAIT_S = 26 * 3600.0
"""Longer than the 24-hour completion window: a batch is finished or expired by then."""


class BatchPending(TransientError, RuntimeError):
    """The batch is still running after `max_wait_s`; running the same command again resumes waiting on it."""

    def __init__(self, message: str, batch_id: str):
        super().__init__(message)
        self.batch_id = batch_id


class BatchesSubmitted(TransientError, RuntimeError):
    """`llm.batch_submit_only`: the partition's batches are submitted (or were already) and nothing is waited
    on; the next run without it collects them. The ingest flow's first pass over a batch night raises this in
    every partition, so every batch of the night is in the vendors' queues before any is polled."""

    def __init__(self, message: str, batches: int = 0):
        super().__init__(message)
        self.batches = batches


class BatchFailed(ArchivistError, RuntimeError):
    """The provider failed, expired or cancelled the batch without results; the next run submits a new one."""


class BatchExtractor:
    """The LLM extractor's requests for a whole partition, submitted as one batch and waited on."""

    def __init__(
        self,
        llm: LLMExtractor,
        store: Store,
        *,
        poll_interval_s: float | None = None,
        max_wait_s: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        api: BatchAPI | None = None,
        prices: PriceTable | None = None,
        run_id: str | None = None,
        max_requests: int | None = None,
        max_bytes: int | None = None,
    ):
        """`poll_interval_s` and `max_wait_s` default to the LLM settings; `max_requests` and `max_bytes` to
        the vendor's batch limits (lower them to split sooner)."""
        if llm.calls is None:
            raise ValueError("batch extraction needs the LLM extractor's call log: build it with store=... so "
                             "that batch results land in the call cache")
        self.llm = llm
        self.calls: CallLog = llm.calls
        self.ledger = BatchLedger(store)
        settings = llm.settings
        self.poll_interval_s = poll_interval_s if poll_interval_s is not None else settings.batch_poll_interval_s
        self.max_wait_s = max_wait_s if max_wait_s is not None else settings.batch_max_wait_s
        self.sleep = sleep
        self.clock = clock
        self.api = api or batch_api_for(llm.chat, llm.gate)
        limits = self.api.limits
        self.max_requests = max(1, min(max_requests or limits.max_requests, limits.max_requests))
        self.max_bytes = max(1, min(max_bytes or limits.max_bytes, limits.max_bytes))
        self.prices = prices or default_prices()
        self.run_id = run_id or llm.gate.run_id
        self.name = f"batch:{llm.name}"
        self.batch_endpoint = f"batch:{llm.endpoint}"

    # -- the Extractor protocol --------------------------------------------------------------------

    def extract(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]:
        everything = turns
        turns = [turn for turn in everything if should_extract(turn)]
        bodies = [self.llm.request_body(turn) for turn in turns]
        hashes = [self.llm.gate.hash(body) for body in bodies]
        responses = self.calls.lookup_many(hashes)
        for key in dict.fromkeys(h for h in hashes if h in responses):
            self._ledger(key, self.llm.model, cached=True)
        missing = {h: body for h, body in zip(hashes, bodies, strict=True) if h not in responses}
        errors: dict[str, str] = {}
        truncated: set[str] = set()
        refused: set[str] = set()
        budget = self.llm.gate.budget
        if missing and budget is not None and self.llm.gate.enforce_budget:
            try:
                budget.check(f"a batch of {len(missing)} extraction requests")
            except BudgetExhausted:  # a batch cannot stop half way: it is sent whole or its turns wait
                refused, missing = set(missing), {}
        if self.llm.settings.batch_submit_only:
            records = self._submitted(missing) if missing else []
            self.calls.flush()
            raise BatchesSubmitted(f"{len(records)} {self.llm.vendor} extraction batch(es) submitted or already "
                                   "waiting; run without llm.batch_submit_only to collect them", len(records))
        if missing:
            results = self._run_batch(missing)
            responses.update({key: sent.response for key, sent in results.sent.items()})
            errors = results.errors
            truncated = set(results.truncated)
        self.calls.flush()
        facts: list[list[ExtractedFact]] = []
        for turn, key, body in zip(turns, hashes, bodies, strict=True):
            if key in responses:
                facts.append(self.llm.facts_from_response(turn, responses[key]))
            elif key in truncated:
                facts.append(self.llm.extract_with_larger_budget(turn, body))
            elif key in refused:
                self.llm.defer(turn)
                facts.append([])
            else:
                self.llm.record(turn, errors.get(key, "the batch returned no result for this request"))
                facts.append([])
        self.calls.flush()
        by_turn = {turn.turn_id: found for turn, found in zip(turns, facts, strict=True)}
        return [by_turn.get(turn.turn_id, []) for turn in everything]

    def take_problems(self) -> list[ExtractionProblem]:
        return self.llm.take_problems()

    def take_deferred(self) -> set[str]:
        return self.llm.take_deferred()

    # -- one batch ---------------------------------------------------------------------------------

    def batch_key(self, request_hashes: list[str]) -> str:
        return request_hash({"provider": self.llm.vendor, "model": self.llm.model, "endpoint": self.llm.endpoint,
                             "requests": sorted(request_hashes)})

    def split(self, requests: dict[str, dict[str, Any]]) -> list[dict[str, dict[str, Any]]]:
        """The requests in batches within `max_requests` and `max_bytes`, in hash order (so a re-run splits
        the same requests the same way and finds its batches by their keys)."""
        chunks: list[dict[str, dict[str, Any]]] = []
        chunk: dict[str, dict[str, Any]] = {}
        size = 0
        for custom_id in sorted(requests):
            body = requests[custom_id]
            line = self.api.request_size(custom_id, body)
            if line > self.max_bytes:
                raise BatchFailed(f"one extraction request is {line} bytes, over the {self.llm.vendor} batch limit "
                                  f"of {self.max_bytes}; use --extract llm for this night")
            if chunk and (len(chunk) >= self.max_requests or size + line > self.max_bytes):
                chunks.append(chunk)
                chunk, size = {}, 0
            chunk[custom_id] = body
            size += line
        if chunk:
            chunks.append(chunk)
        return chunks

    def _run_batch(self, requests: dict[str, dict[str, Any]]) -> BatchResults:
        """Every batch of the partition submitted (or found already submitted) first, then each waited on and
        collected, so no batch's 24-hour window waits behind another's."""
        records = self._submitted(requests)
        merged = BatchResults(sent={}, errors={})
        for record, chunk in records:
            results = self._collect(record, chunk)
            merged.sent.update(results.sent)
            merged.errors.update(results.errors)
            merged.truncated.update(results.truncated)
        return merged

    def _submitted(self, requests: dict[str, dict[str, Any]]) -> list[tuple[BatchRecord, dict[str, dict[str, Any]]]]:
        """The batches of `requests`: found pending in `llm_batches`, else submitted now."""
        records: list[tuple[BatchRecord, dict[str, dict[str, Any]]]] = []
        for chunk in self.split(requests):
            key = self.batch_key(list(chunk))
            record = self.ledger.get(key)
            if record is not None and record.pending:
                log.info("resuming the wait on %s batch %s (%d requests, submitted %s)", self.llm.vendor,
                         record.batch_id, record.request_count, record.submitted_at)
            else:
                record = self._submit(key, chunk)
            records.append((record, chunk))
        return records

    def _collect(self, record: BatchRecord, requests: dict[str, dict[str, Any]]) -> BatchResults:
        started = self.clock()
        state = self._wait(record)
        if not state.has_results:
            self.ledger.mark(record, ABANDONED)
            raise BatchFailed(f"{self.llm.vendor} batch {record.batch_id} ended as {state.status!r} without results"
                              f"{': ' + state.detail if state.detail else ''}. The next run submits a new batch; "
                              "if it fails again, check the model name and the request size limits")
        results = self.api.results(record.batch_id)
        latency = self.clock() - started
        for custom_id, sent in results.sent.items():
            if custom_id in requests:
                self.calls.remember(custom_id, self.llm.vendor, sent.model or self.llm.model, self.llm.endpoint,
                                    sent.response)
                self._ledger(custom_id, sent.model or self.llm.model, input_tokens=sent.input_tokens,
                             output_tokens=sent.output_tokens, latency_s=latency,
                             cached_input_tokens=sent.cached_input_tokens, cache_write_tokens=sent.cache_write_tokens)
        for custom_id, error in results.errors.items():
            self._ledger(custom_id, self.llm.model, error=error, latency_s=latency)
        for custom_id, billed in results.truncated.items():  # paid for, never cached
            self._ledger(custom_id, billed.model or self.llm.model, input_tokens=billed.input_tokens,
                         output_tokens=billed.output_tokens, latency_s=latency, billed=True,
                         cached_input_tokens=billed.cached_input_tokens, cache_write_tokens=billed.cache_write_tokens,
                         error="Truncated: the reply stopped at its output-token budget; asked again at a larger one")
        self.calls.flush()  # results are safe in the cache before the batch is marked collected
        self.ledger.mark(record, COLLECTED)
        return results

    def _submit(self, key: str, requests: dict[str, dict[str, Any]]) -> BatchRecord:
        if self.llm.gate.replay:
            raise CacheMiss(f"replay mode: {len(requests)} extraction requests are not in the call cache and "
                            "replay never calls a model; run without --replay", provider=self.llm.vendor)
        batch_id, file_id = self.api.submit(requests, key)
        record = self.ledger.save(BatchRecord(batch_key=key, provider=self.llm.vendor, model=self.llm.model,
                                              endpoint=self.llm.endpoint, batch_id=batch_id,
                                              request_count=len(requests), input_file_id=file_id,
                                              run_id=self.run_id))
        log.info("submitted %s batch %s with %d extraction requests", self.llm.vendor, batch_id, len(requests))
        return record

    def _wait(self, record: BatchRecord) -> BatchState:
        started = self.clock()
        while True:
            state = self.api.state(record.batch_id)
            if state.status != record.status and state.status:
                record = self.ledger.save(replace(record, status=state.status))
            if state.done:
                return state
            waited = self.clock() - started
            if waited >= self.max_wait_s:
                raise BatchPending(
                    f"{self.llm.vendor} batch {record.batch_id} ({record.request_count} requests) is still "
                    f"{state.status!r} after {waited:.0f} s. It is recorded in the store's llm_batches table: run "
                    "the same command again to resume waiting on it; nothing will be submitted twice.",
                    record.batch_id,
                )
            self.sleep(self.poll_interval_s)

    # -- transport and ledger ------------------------------------------------------------------------

    def _ledger(self, key: str, model: str, *, cached: bool = False, input_tokens: int = 0,
                output_tokens: int = 0, latency_s: float = 0.0, error: str | None = None, billed: bool = False,
                cached_input_tokens: int = 0, cache_write_tokens: int = 0) -> None:
        """One ledger row; a failed request costs nothing unless it was `billed` (a cut-off reply)."""
        cost = 0.0
        if not cached and (error is None or billed):
            cost = self.prices.cost(self.llm.vendor, model, input_tokens, output_tokens,
                                    cached_input_tokens=cached_input_tokens,
                                    cache_write_tokens=cache_write_tokens) * BATCH_DISCOUNT
            if self.llm.gate.budget is not None:
                self.llm.gate.budget.add(cost)
        self.calls.record(LedgerRow(provider=self.llm.vendor, model=model,
                                    endpoint=self.llm.endpoint if cached else self.batch_endpoint,
                                    request_hash=key, run_id=self.run_id, input_tokens=input_tokens,
                                    output_tokens=output_tokens, cost_usd=cost, latency_s=latency_s, cached=cached,
                                    attempts=0 if cached else 1, error=error,
                                    cached_input_tokens=cached_input_tokens, cache_write_tokens=cache_write_tokens))
