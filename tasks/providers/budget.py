"""A run's spend budget (`archivist ingest --max-cost-usd`, `[budget] max_cost_usd`): once the run's model calls
have cost that much, no new call starts.

The gate (tasks/providers/gate.py) asks the run's `RunBudget` before sending a request that the call cache
cannot answer, and adds each answered call's cost to it. One `RunBudget` per run id per process, shared by
every thread (the thread runner's partitions, the decision and extraction fan-out), so the check sees the
whole run's spend. Calls already in flight when the budget is reached finish and are paid, so a run may
overshoot by at most the calls in flight (`concurrency` per client and partition).

A refused call raises `BudgetExhausted`: terminal for the run (nothing more is sent) but not for the turn
(its work is deferred, as after a transient failure, and the next run does it).

On a Dask cluster (a worker, or the flow's process while its cluster is in use) the run's budget is a
`cluster_limits.ClusterBudget`: the spend total lives in the scheduler's plugin beside the rate limiters, every
billed call's cost is added there as it is ledgered and every check reads the cluster-wide total, so the
overshoot is bounded by the calls in flight across the cluster (`concurrency` per client and running partition).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from archivist.errors import ArchivistError


class BudgetExhausted(ArchivistError, RuntimeError):
    """The run's spend reached its budget: this call was not sent (its work is left for the next run)."""

    hint = "run the same ingest again (with a higher --max-cost-usd, or none) to finish the work left undone"


class RunBudget:
    """The spend of one run against its limit (None: unlimited, spend only counted); thread-safe."""

    def __init__(self, limit_usd: float | None, spent_usd: float = 0.0):
        self.limit_usd = limit_usd
        self._spent = float(spent_usd)
        self._refused = 0
        self._lock = threading.Lock()

    @property
    def spent_usd(self) -> float:
        with self._lock:
            return self._spent

    @property
    def refused(self) -> int:
        """Calls refused so far because the budget was reached."""
        with self._lock:
            return self._refused

    @property
    def exhausted(self) -> bool:
        with self._lock:
            return self.limit_usd is not None and self._spent >= self.limit_usd

    def check(self, describe: str = "") -> None:
        """Raise BudgetExhausted when the spend has reached the limit (the call must not start)."""
        with self._lock:
            if self.limit_usd is None or self._spent < self.limit_usd:
                return
            spent = self._spent
        self.refuse(spent, describe)

    def refuse(self, spent: float, describe: str = "") -> None:
        """Count a refused call and raise BudgetExhausted for it."""
        with self._lock:
            self._refused += 1
        raise BudgetExhausted(f"spend budget reached: ${spent:.6f} of ${self.limit_usd or 0.0:.6f} spent by this "
                              f"run; not sent{': ' + describe if describe else ''}")

    def add(self, cost_usd: float) -> None:
        if cost_usd:
            with self._lock:
                self._spent += cost_usd


_BUDGETS: dict[str, RunBudget] = {}
_LOCK = threading.Lock()


def open_budget(run_id: str, limit_usd: float | None, spent_usd: float = 0.0) -> RunBudget:
    """The budget of `run_id` in this process (a new one, replacing any left by an earlier run of the same id);
    on a Dask cluster, the one the scheduler holds for the whole cluster."""
    budget = _cluster_budget(run_id, limit_usd) or RunBudget(limit_usd, spent_usd)
    with _LOCK:
        _BUDGETS[run_id] = budget
    return budget


def ensure_budget(run_id: str, limit_usd: float | None, spent: Callable[[], float]) -> RunBudget:
    """The budget of `run_id` in this process; in a process that has none yet (a Dask worker), the cluster's
    (held by its scheduler), or else one started from `spent()`, the run's spend recorded so far."""
    with _LOCK:
        budget = _BUDGETS.get(run_id)
    if budget is not None:
        return budget
    fresh = _cluster_budget(run_id, limit_usd) or RunBudget(limit_usd, spent() if limit_usd is not None else 0.0)
    with _LOCK:
        return _BUDGETS.setdefault(run_id, fresh)


def _cluster_budget(run_id: str, limit_usd: float | None) -> RunBudget | None:
    # Only a process that already imported distributed can be on a cluster: others skip its import (seconds).
    if "distributed" not in sys.modules:
        return None
    from archivist.tasks.providers.cluster_limits import cluster_budget

    return cluster_budget(run_id, limit_usd)


def run_budget(run_id: str | None) -> RunBudget | None:
    if run_id is None:
        return None
    with _LOCK:
        return _BUDGETS.get(run_id)


def close_budget(run_id: str) -> RunBudget | None:
    with _LOCK:
        budget = _BUDGETS.pop(run_id, None)
    close = getattr(budget, "close", None)  # a cluster's budget: its total in the scheduler goes too
    if callable(close):
        close()
    return budget
