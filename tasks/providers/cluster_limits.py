"""One budget of requests and tokens per minute per provider endpoint for a whole Dask cluster, and one spend
total per run (`ClusterBudget`, the run's `--max-cost-usd` checked against every worker's calls).

The process limiter (`ratelimit.RateLimiter`) is a GCRA scheduler: a call books the next free slot and sleeps
until it. Held per process, N worker processes would send N times the provider's limit. Here the same
limiter lives in the Dask scheduler, as a scheduler plugin with one message handler: every worker (and the
flow's own process) books its slot there in one round trip and sleeps locally, so the pace is the pace of one
process whatever the number of workers, and a pause asked by a 429's Retry-After holds every worker.

Why the scheduler and not the alternatives (figures in tests/benchmarks/bench_decision_rate.py's docstring):
- the scheduler outlives any worker, so a lost worker loses no budget state (a Dask actor lives on a worker);
- one round trip per request, against three or more for a `distributed.Lock` plus a `Variable`, and Prefect's
  `rate_limit()` was measured about 3 times slower than configured (docs/measurements.md);
- a static split of the limit across workers idles whatever share a worker with less work leaves unused.

The scheduler must be able to import archivist (the plugin is pickled to it), as the workers must. This module
imports distributed; `ratelimit.shared_limiter` imports it only in a process that already uses Dask.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import distributed
from distributed.comm.core import CommClosedError
from distributed.diagnostics.plugin import SchedulerPlugin

from archivist.tasks.providers.budget import RunBudget
from archivist.tasks.providers.errors import ArchivistModelError, TransientError
from archivist.tasks.providers.ratelimit import RateLimiter

PLUGIN_NAME = "archivist-rate-limits-v2"
"""Versioned: on a long-lived scheduler that holds an older archivist's plugin (no spend handler), this one is
registered beside it and its handlers replace the old ones, instead of the run finding the old one and failing."""
HANDLER = "archivist_rate_limit"
"""The scheduler's message handler the plugin adds (a Dask comm op)."""
SPEND_HANDLER = "archivist_spend"
"""The handler of the runs' spend: one total per run id, added to by every process's billed calls."""
SAFETY_FRACTION = 0.02
"""Kept unused per window (the process limiter keeps 1%): a slot booked in the scheduler is taken after a round
trip and a thread wake-up in the worker, jitter that bunches requests; at 1% the rate benchmark with 2 workers
on 2 cores drew 8 429s in 3,000 requests."""


class SchedulerUnreachable(ArchivistModelError, TransientError):
    """The Dask scheduler holding the run's rate budget did not answer."""


class RateLimitPlugin(SchedulerPlugin):
    """The scheduler side: one `RateLimiter` per endpoint key, driven by `HANDLER` messages."""

    name = PLUGIN_NAME

    def __init__(self) -> None:
        self._limiters: dict[str, RateLimiter] = {}
        self._spent: dict[str, float] = {}

    async def start(self, scheduler: Any) -> None:
        scheduler.handlers[HANDLER] = self.handle
        scheduler.handlers[SPEND_HANDLER] = self.spend

    def spend(self, action: str, run_id: str, cost: float = 0.0) -> float:
        """The run's spend after `action`: "add" a billed call's cost, "read" it, or "close" the run (forgotten)."""
        if action == "add":
            self._spent[run_id] = self._spent.get(run_id, 0.0) + cost
        elif action == "close":
            return self._spent.pop(run_id, 0.0)
        return self._spent.get(run_id, 0.0)

    def handle(self, action: str, key: str, requests_per_minute: float = 0.0, tokens_per_minute: float = 0.0,
               window_s: float = 60.0, tokens: int = 0, actual: int = 0, seconds: float = 0.0) -> float:
        limiter = self._limiters.get(key)
        if limiter is None or limiter.window_s != window_s:
            limiter = self._limiters[key] = RateLimiter(requests_per_minute, tokens_per_minute, window_s=window_s,
                                                        safety=SAFETY_FRACTION)
        elif (limiter.requests_per_minute, limiter.tokens_per_minute) != (requests_per_minute, tokens_per_minute):
            limiter.configure(requests_per_minute, tokens_per_minute)  # one endpoint, one budget: latest wins
        if action == "reserve":
            return limiter.reserve(tokens)
        if action == "settle":
            limiter.settle(tokens, actual)
        elif action == "pause":
            limiter.pause(seconds)
        return 0.0


class ClusterLimiter:
    """The worker side: `RateLimiter`'s interface, each booking made by the scheduler's plugin."""

    def __init__(self, key: str, requests_per_minute: float, tokens_per_minute: float = 0.0, *,
                 window_s: float = 60.0, client: Any = None, sleep: Callable[[float], None] = time.sleep):
        self.key, self.window_s = key, window_s
        self.requests_per_minute, self.tokens_per_minute = requests_per_minute, tokens_per_minute
        self._client = client
        self._sleep = sleep

    def configure(self, requests_per_minute: float, tokens_per_minute: float) -> None:
        self.requests_per_minute, self.tokens_per_minute = requests_per_minute, tokens_per_minute

    def _send(self, action: str, **fields: Any) -> float:
        client = self._client = self._client or cluster_client()
        try:
            return float(client.sync(getattr(client.scheduler, HANDLER), action=action, key=self.key,
                                     requests_per_minute=self.requests_per_minute,
                                     tokens_per_minute=self.tokens_per_minute, window_s=self.window_s, **fields))
        except (OSError, CommClosedError) as err:
            raise SchedulerUnreachable(
                f"the Dask scheduler that holds the rate budget of {self.key} did not answer ({err}); check the "
                f"scheduler is running, then run again", provider=self.key.split("|", 1)[0]) from err

    def reserve(self, tokens: int = 0) -> float:
        return self._send("reserve", tokens=tokens)

    def acquire(self, tokens: int = 0, sleep: Callable[[float], None] | None = None) -> float:
        delay = self.reserve(tokens)
        if delay > 0:
            (sleep or self._sleep)(delay)
        return max(0.0, delay)

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        self._send("settle", tokens=estimated_tokens, actual=actual_tokens)

    def pause(self, seconds: float) -> None:
        self._send("pause", seconds=seconds)


class ClusterBudget(RunBudget):
    """`RunBudget` over the run's spend held by the scheduler's plugin: every process of the cluster adds each
    billed call's cost there (one round trip) and checks the cluster-wide total before a call (another), so a
    run overshoots its budget by at most the calls in flight across the cluster, as one process would."""

    def __init__(self, run_id: str, limit_usd: float | None, *, client: Any = None):
        super().__init__(limit_usd)
        self.run_id = run_id
        self._client = client

    def _send(self, action: str, cost: float = 0.0) -> float:
        client = self._client = self._client or cluster_client()
        try:
            return float(client.sync(getattr(client.scheduler, SPEND_HANDLER), action=action, run_id=self.run_id,
                                     cost=cost))
        except (OSError, CommClosedError) as err:
            raise SchedulerUnreachable(
                f"the Dask scheduler that holds run {self.run_id}'s spend did not answer ({err}); check the "
                f"scheduler is running, then run again", provider="budget") from err

    @property
    def spent_usd(self) -> float:
        return self._send("read")

    @property
    def exhausted(self) -> bool:
        return self.limit_usd is not None and self.spent_usd >= self.limit_usd

    def check(self, describe: str = "") -> None:
        if self.limit_usd is None:
            return
        spent = self._send("read")
        if spent < self.limit_usd:
            return
        self.refuse(spent, describe)

    def add(self, cost_usd: float) -> None:
        if cost_usd:
            self._send("add", cost_usd)

    def close(self) -> float:
        """Forget the run's total in the scheduler (the flow, once its run ends); the spend it had. A scheduler
        gone by then has forgotten it already."""
        try:
            return self._send("close")
        except SchedulerUnreachable:
            return 0.0


def cluster_budget(run_id: str, limit_usd: float | None) -> ClusterBudget | None:
    """The run's budget held by the scheduler, when this process is on a cluster that holds the rate limits."""
    return ClusterBudget(run_id, limit_usd) if current_scheduler() is not None else None


def install(client: Any) -> None:
    """Add the plugin to the scheduler `client` is connected to, unless a run already did (two runs on one
    cluster share one budget)."""
    if not client.run_on_scheduler(_has_plugin):
        client.register_plugin(RateLimitPlugin(), name=PLUGIN_NAME)


def _has_plugin(dask_scheduler: Any) -> bool:
    return PLUGIN_NAME in dask_scheduler.plugins


class _Scope:
    """The scheduler whose budget this process uses: set in the flow's process while its cluster is in use,
    found on a worker from the worker itself."""

    lock = threading.Lock()
    flow_address: str | None = None
    flow_client: Any = None
    checked: dict[str, bool] = {}


def set_flow_scheduler(address: str | None, client: Any = None) -> None:
    """The cluster the flow's process uses (its task runner's scheduler and client), or None once done."""
    _Scope.flow_address, _Scope.flow_client = address, client


def current_scheduler() -> str | None:
    """The address of the scheduler holding the rate budgets, or None when this process is on no cluster."""
    if _Scope.flow_address:
        return _Scope.flow_address
    worker = _this_worker()
    if worker is None:
        return None
    address = worker.scheduler.address
    with _Scope.lock:
        if address not in _Scope.checked:
            _Scope.checked[address] = bool(cluster_client().run_on_scheduler(_has_plugin))
        return address if _Scope.checked[address] else None


def cluster_client() -> Any:
    """A client of this process's cluster, from any thread (a task's pool threads included)."""
    worker = _this_worker()
    if worker is not None:
        return worker._get_client()
    # The flow's process: its task runner's client (not the default one, which it does not set).
    return _Scope.flow_client if _Scope.flow_client is not None else distributed.get_client()


def _this_worker() -> Any:
    try:
        return distributed.get_worker()
    except ValueError:
        # Not the task's own thread: a thread the task started (its bounded pool of model calls) is still on
        # the worker, which `get_worker` only knows from the task's thread.
        running = [w for w in list(distributed.Worker._instances) if w.status.name == "running"]
        return running[0] if len(running) == 1 else None
