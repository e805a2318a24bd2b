"""Functions the cluster tests run on Dask workers and on the scheduler (importable there: PYTHONPATH=repo)."""

from __future__ import annotations

import sys
import time
from typing import Any


def imported(module: str) -> bool:
    return module in sys.modules


def book(key: str, rpm: float, n: int) -> list[float]:
    """Book `n` slots of the endpoint `key` through this process's shared limiter; their times on the
    machine's monotonic clock, which every process of one machine shares."""
    from archivist.tasks.providers.ratelimit import shared_limiter

    limiter = shared_limiter(key, "http://127.0.0.1:1", rpm)
    assert type(limiter).__name__ == "ClusterLimiter", type(limiter)
    return [time.monotonic() + limiter.reserve() for _ in range(n)]


def pause(key: str, rpm: float, seconds: float) -> None:
    from archivist.tasks.providers.ratelimit import shared_limiter

    shared_limiter(key, "http://127.0.0.1:1", rpm).pause(seconds)


def processing(dask_scheduler: Any) -> dict[str, list[str]]:
    """Worker address -> keys of the tasks it runs now."""
    return {ws.address: [str(ts.key) for ts in ws.processing] for ws in dask_scheduler.workers.values()}
