"""A rate limiter shared by every thread of the process: requests and tokens per minute, paced evenly.

It is GCRA (a token bucket written as a "theoretical arrival time"), used as a scheduler rather than a
gate: each call reserves the next free slot under a lock and sleeps until it outside the lock, so threads
queue fairly and requests leave evenly spaced. The burst is small and the pace is set so that *any*
window of `window_s` seconds holds at most `burst + rate * window_s` requests, which is kept below the
provider's limit: a run at full speed stays under the limit instead of bouncing off it.

Providers count over a sliding minute, so `window_s` is 60; a time-scaled benchmark shortens it.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

BURST_FRACTION = 0.01
"""Requests (and tokens) allowed at once, as a fraction of what one window allows."""
SAFETY_FRACTION = 0.01
"""Kept unused per window to absorb network jitter between our send time and the server's arrival time."""


@dataclass
class _Pace:
    """GCRA for one quantity: one unit every `interval` seconds, `tolerance` seconds of burst."""

    interval: float
    tolerance: float
    tat: float = 0.0  # theoretical arrival time of the next unit


def _pace(per_minute: float, window_s: float, safety: float = SAFETY_FRACTION) -> _Pace:
    if per_minute <= 0 or math.isinf(per_minute):
        return _Pace(interval=0.0, tolerance=0.0)
    per_window = per_minute * window_s / 60.0
    burst = max(1.0, math.floor(per_window * BURST_FRACTION))
    usable = max(per_window * (1.0 - safety) - burst, per_window * 0.5)
    interval = window_s / usable
    return _Pace(interval=interval, tolerance=(burst - 1.0) * interval)


class RateLimiter:
    """Paces calls to `requests_per_minute` and `tokens_per_minute` (0 or less: unlimited)."""

    def __init__(
        self,
        requests_per_minute: float,
        tokens_per_minute: float = 0.0,
        *,
        window_s: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        safety: float = SAFETY_FRACTION,
    ):
        self.window_s = window_s
        self.safety = safety
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._paused_until = 0.0
        self.configure(requests_per_minute, tokens_per_minute)

    def configure(self, requests_per_minute: float, tokens_per_minute: float) -> None:
        with self._lock:
            self.requests_per_minute = requests_per_minute
            self.tokens_per_minute = tokens_per_minute
            self._requests = _pace(requests_per_minute, self.window_s, self.safety)
            self._tokens = _pace(tokens_per_minute, self.window_s, self.safety)

    def reserve(self, tokens: int = 0) -> float:
        """Book the next slot for one request of `tokens` tokens; return seconds to wait for it."""
        with self._lock:
            now = self._clock()
            start = max(
                now,
                self._paused_until,
                self._requests.tat - self._requests.tolerance,
                self._tokens.tat - self._tokens.tolerance,
            )
            self._requests.tat = max(self._requests.tat, start) + self._requests.interval
            self._tokens.tat = max(self._tokens.tat, start) + self._tokens.interval * max(0, tokens)
            return start - now

    def acquire(self, tokens: int = 0, sleep: Callable[[float], None] | None = None) -> float:
        """Wait for a slot (with `sleep`, default the limiter's) and return how long that took."""
        delay = self.reserve(tokens)
        if delay > 0:
            (sleep or self._sleep)(delay)
        return max(0.0, delay)

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        """Correct the token pace once the provider reports what a request really counted."""
        with self._lock:
            self._tokens.tat += self._tokens.interval * (actual_tokens - estimated_tokens)

    def pause(self, seconds: float) -> None:
        """Hold every thread for `seconds` (a 429 said so): the other threads would only collect 429s too."""
        with self._lock:
            self._paused_until = max(self._paused_until, self._clock() + seconds)


_registry: dict[tuple[str, str, str | None], RateLimiter] = {}
_registry_lock = threading.Lock()


def shared_limiter(
    provider: str, base_url: str, requests_per_minute: float, tokens_per_minute: float = 0.0
) -> RateLimiter:
    """The limiter of one provider endpoint shared by every thread and client of the process, or, on a Dask
    cluster (a worker, or the flow's process while it uses one), by every process of the cluster: then it is
    a `cluster_limits.ClusterLimiter` booking its slots with the scheduler."""
    scheduler = _cluster_scheduler()
    key = (provider, base_url.rstrip("/"), scheduler)
    with _registry_lock:
        limiter = _registry.get(key)
        if limiter is None:
            if scheduler is None:
                limiter = RateLimiter(requests_per_minute, tokens_per_minute)
            else:
                from archivist.tasks.providers.cluster_limits import ClusterLimiter

                # Duck-typed: the cluster limiter has every method the gate and clients call.
                limiter = cast(RateLimiter, ClusterLimiter(f"{provider}|{key[1]}", requests_per_minute,
                                                           tokens_per_minute))
            _registry[key] = limiter
        elif (limiter.requests_per_minute, limiter.tokens_per_minute) != (requests_per_minute, tokens_per_minute):
            # One endpoint has one budget: the most recent settings win.
            limiter.configure(requests_per_minute, tokens_per_minute)
        return limiter


def _cluster_scheduler() -> str | None:
    # Only a process that already imported distributed can be on a cluster: others skip its import (seconds).
    if "distributed" not in sys.modules:
        return None
    from archivist.tasks.providers.cluster_limits import current_scheduler

    return current_scheduler()
