"""Benchmark: a month of logs in one run, on the thread runner and on a local process cluster of 2 workers.

    .venv/bin/python tests/benchmarks/bench_month.py [--nights 30] [--customers 5000] [--partitions 16]

Generates the archive (generate_month.py, same seed for both runners), then ingests it end to end (turns,
extraction, decisions with the embedded models) once per runner, each in a fresh store and a child process
of its own so that peak memory is that run's. The cluster run starts its 2 worker processes first and
passes their scheduler's address, as on an existing cluster; every process reports to one Prefect API.
Prints per runner: turns/s, the stage times the flow records, peak resident memory of the flow process and
of each worker, then the ratio of the two runners and the overhead per partition task
((cluster seconds - thread seconds) / partition tasks). On 2 cores the cluster need not be faster.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def child(runner: str, archive: str, store: str, partitions: int, workers: int) -> dict:
    """One ingest run in this process; returns its figures."""
    from archivist.configs import load_settings
    from archivist.flows.cluster import one_prefect_api
    from archivist.flows.ingest import run_ingest

    settings = load_settings(store__uri=store, ingest__partitions=partitions, ingest__workers=workers)
    with one_prefect_api():
        if runner == "threads":
            started = time.perf_counter()
            summary = run_ingest([archive], settings, runner="threads")
            seconds, workers_mb = time.perf_counter() - started, []
        else:
            from distributed import Client, LocalCluster

            # Spawned inside one_prefect_api: the workers inherit its PREFECT_API_URL.
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                started = time.perf_counter()
                summary = run_ingest([archive], settings, runner="dask", dask_address=cluster.scheduler_address)
                seconds = time.perf_counter() - started
                workers_mb = sorted(client.run(_peak_rss_mb).values())
    return {"runner": runner, "seconds": round(seconds, 1), "turns": summary.records_read,
            "turns_written": summary.turns_written, "facts_written": summary.facts_written,
            "decisions": summary.decisions, "events": summary.events, "partitions": summary.partitions,
            "turns_per_s": round(summary.records_read / seconds, 1),
            "stage_seconds": {k: round(v, 1) for k, v in getattr(summary, "stage_seconds", {}).items()},
            "flow_peak_mb": round(_peak_rss_mb()), "worker_peak_mb": [round(m) for m in workers_mb]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--customers", type=int, default=5000)
    parser.add_argument("--partitions", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--child", nargs=3, metavar=("RUNNER", "ARCHIVE", "STORE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print("RESULT " + json.dumps(child(*args.child, args.partitions, args.workers)), flush=True)
        return

    from tests.benchmarks.generate_month import generate

    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "month"
        counts = generate(archive, args.nights, args.customers)
        print(f"archive: {counts['turns']:,} turns, {counts['conversations']:,} conversations, "
              f"{args.customers:,} customers, {args.nights} nights")
        results = {}
        for runner in ("threads", "dask"):
            env = {**os.environ, "PYTHONPATH": str(REPO), "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
            env.pop("PREFECT_API_URL", None)  # each child starts one temporary server; workers share it
            done = subprocess.run(
                [sys.executable, __file__, "--partitions", str(args.partitions), "--workers", str(args.workers),
                 "--child", runner, str(archive), str(Path(folder) / f"store-{runner}")],
                env=env, cwd=REPO, capture_output=True, text=True)
            line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
            if line is None:
                raise SystemExit(f"the {runner} run failed:\n{done.stderr[-3000:]}")
            results[runner] = json.loads(line[len("RESULT "):])
            print(json.dumps(results[runner]))
    threads, dask = results["threads"], results["dask"]
    tasks = 2 * dask["partitions"]  # one embedding task and one write-path task per partition
    print(f"threads: {threads['turns_per_s']:,} turns/s; dask ({args.workers} worker processes): "
          f"{dask['turns_per_s']:,} turns/s; cluster / threads = {dask['turns_per_s'] / threads['turns_per_s']:.2f}")
    print(f"overhead per partition task: {(dask['seconds'] - threads['seconds']) / tasks:+.2f} s "
          f"({tasks} tasks); same rows written: "
          f"{all(threads[k] == dask[k] for k in ('turns_written', 'facts_written', 'decisions', 'events'))}")


if __name__ == "__main__":
    main()
