"""Benchmark: what the cluster's spend budget adds to a paid call, against the rate limiter's booking.

    .venv/bin/python tests/benchmarks/bench_cluster_budget.py [--workers 2] [--calls 500]

On a Dask cluster a paid call costs three round trips to the scheduler's archivist plugin: the rate limiter's
booking (`ClusterLimiter.reserve`, which was already paid before the spend budget moved there), the budget's
check and the budget's add (`ClusterBudget`). This starts a local process cluster, has every worker make
`--calls` of each at once, and prints the median and p99 milliseconds of each kind and the budget's pair
against one booking (the ratio). A hosted model call takes hundreds of milliseconds; this is what it adds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))


def _on_worker(calls: int) -> dict[str, list[float]]:
    from archivist.tasks.providers.cluster_limits import ClusterBudget
    from archivist.tasks.providers.ratelimit import shared_limiter

    limiter = shared_limiter("bench-budget", "http://127.0.0.1:1", 10_000_000.0)
    budget = ClusterBudget("bench-run", 1e9)
    times: dict[str, list[float]] = {"booking": [], "budget check + add": []}
    for _ in range(calls):
        started = time.perf_counter()
        limiter.reserve()
        times["booking"].append(time.perf_counter() - started)
        started = time.perf_counter()
        budget.check()
        budget.add(0.0001)
        times["budget check + add"].append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calls", type=int, default=500)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    from archivist.tasks.providers import cluster_limits

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster.scheduler_address) as client:
        cluster_limits.install(client)
        workers = list(client.scheduler_info()["workers"])
        futures = [client.submit(_on_worker, args.calls, workers=[w], pure=False) for w in workers]
        results = [f.result() for f in futures]
        spent = client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.plugins[
            cluster_limits.PLUGIN_NAME]._spent.get("bench-run", 0.0))
    print(f"{args.workers} workers x {args.calls} paid calls each, all at once:")
    medians = {}
    for kind in ("booking", "budget check + add"):
        values = sorted(t * 1000 for r in results for t in r[kind])
        medians[kind] = statistics.median(values)
        print(f"  {kind:20s} median {medians[kind]:6.2f} ms, p99 {values[int(len(values) * 0.99) - 1]:6.2f} ms")
    print(f"  budget / booking: {medians['budget check + add'] / medians['booking']:.2f}; cluster total "
          f"${spent:.4f} (expected ${args.workers * args.calls * 0.0001:.4f})")


if __name__ == "__main__":
    main()
