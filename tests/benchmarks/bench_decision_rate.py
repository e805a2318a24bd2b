"""Benchmark: decision requests through DecisionClient.decide_many against a rate-limited fake System One.

    .venv/bin/python tests/benchmarks/bench_decision_rate.py [--requests 5000] [--scale 10]
    .venv/bin/python tests/benchmarks/bench_decision_rate.py --workers 2 [--limiter cluster|process|split]

The fake server enforces Jev 1.13's documented limit, 1,200 requests per sliding 60-second window, and
answers after 300 ms. Time is scaled by `--scale` (default 10): the window becomes 6 s and the latency
30 ms, so the limit is 1,200 per 6 s = 12,000 per minute. Scaling divides every duration by the same
factor, so the ratios that decide the outcome stay what they are unscaled (requests in flight = rate x
latency = 6; window / latency = 200) while a 5,000-request run takes about 25 s instead of 4 minutes.
`--scale 1` runs it unscaled.

It prints the achieved request rate as a fraction of the limit, the 429s the server sent and the
requests lost (not answered, or answered only by a fallback). Goal: >= 95% of the limit, no request
lost, fewer 429s than 1% of the requests. The server runs in its own process, as a real API would, so
that client and server do not compete for one interpreter lock.

`--workers N` sends the requests from N Dask worker processes (a local process cluster), each with its share,
against the same server, with one of three limiters:
- `cluster` (what archivist uses on Dask): every worker books its slots with the one limiter held by the Dask
  scheduler (tasks/providers/cluster_limits.py);
- `process`: a limiter per worker process, as before (N workers send N times the limit, and collect 429s);
- `split`: a limiter per worker at 1/N of the limit (holds the limit, but a worker with less work left leaves
  its share unused; here every worker gets an equal share, its best case).
A Prefect global concurrency limit (`rate_limit()` per call) was not run here: measured at about 3 times
slower than configured from 8 threads, and serialising threads (docs/measurements.md), it cannot reach 95%.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from archivist.configs.settings import ProviderSettings  # noqa: E402
from archivist.storage.calls import LEDGER, CallLog  # noqa: E402
from archivist.storage.store import Store  # noqa: E402
from archivist.tasks.decisions.client import DecisionClient  # noqa: E402
from archivist.tasks.providers.ratelimit import RateLimiter  # noqa: E402
from archivist.tasks.providers.systemone import SystemOneProvider  # noqa: E402
from archivist.tasks.providers.tokens import count_tokens  # noqa: E402
from tests.fakes import samples  # noqa: E402

KEY = "sk-bench-not-a-real-key-000"


def start_server(per_window: int, window_s: float, latency_s: float) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.serve", "--rpm", str(per_window), "--window", str(window_s),
         "--latency", str(latency_s), "--key", KEY],
        cwd=REPO, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    line = server.stdout.readline().split()
    if len(line) != 2 or line[0] != "URL":
        server.kill()
        raise SystemExit("the fake server did not start")
    return server, line[1]


def stats(url: str) -> dict:
    with urllib.request.urlopen(url + "/_fake/stats", timeout=10) as response:
        return json.loads(response.read())


def _worker_share(url: str, rpm: float, window_s: float, concurrency: int, timeout_s: float, limiter_kind: str,
                  workers: int, indexes: list[int]) -> dict:
    """One worker's share of the requests, sent from a Dask worker process."""
    settings = ProviderSettings(provider="systemone", base_url=url, requests_per_minute=rpm,
                                concurrency=concurrency, timeout_s=timeout_s)
    if limiter_kind == "cluster":
        from archivist.tasks.providers.cluster_limits import ClusterLimiter

        limiter = _timed(ClusterLimiter)(f"systemone|{url}", rpm, window_s=window_s)
    else:
        limiter = RateLimiter(rpm / workers if limiter_kind == "split" else rpm, window_s=window_s)
    count_tokens("load the tokenizer before the clock starts")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        client = DecisionClient(SystemOneProvider(settings), settings, calls=CallLog(store), run_id="bench",
                                limiter=limiter)  # type: ignore[arg-type]  # ClusterLimiter is duck-typed
        started = time.monotonic()
        results = client.decide_many([samples.request(i) for i in indexes])
        finished = time.monotonic()
        client.close()
        ledger_rows = store.count(LEDGER)
    answered = sum(1 for r in results if r.calls and not r.any_fallback)
    return {"answered": answered, "started": started, "finished": finished, "ledger_rows": ledger_rows,
            "lateness": getattr(limiter, "lateness", [])}


def _timed(base):
    """`base` recording, per booking, how much later than its slot the request could leave: the booking's
    reply time (the slot is counted from the scheduler's clock when it booked) plus the sleep's overrun."""

    class Timed(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.lateness: list[tuple[float, float, float]] = []  # (slot, reply round trip, sleep overrun)

        def acquire(self, tokens=0, sleep=None):
            asked = time.monotonic()
            delay = self.reserve(tokens)
            answered = time.monotonic()
            if delay > 0:
                (sleep or time.sleep)(delay)
            woke = time.monotonic()
            self.lateness.append((asked + delay, answered - asked, woke - answered - max(0.0, delay)))
            return max(0.0, delay)

    return Timed


def run_on_cluster(args, url: str, window_s: float, latency_s: float, limit_per_s: float) -> dict:
    from distributed import Client, LocalCluster

    from archivist.tasks.providers import cluster_limits

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        cluster_limits.install(client)
        workers = list(client.scheduler_info()["workers"])
        client.run(count_tokens, "warm up every worker before the clock starts")
        futures = [client.submit(_worker_share, url, limit_per_s * 60, window_s, args.concurrency,
                                 max(5.0, 50 * latency_s), args.limiter, args.workers,
                                 list(range(i, args.requests, args.workers)), workers=[w], pure=False)
                   for i, w in enumerate(workers)]
        shares = client.gather(futures)
    started, finished = min(s["started"] for s in shares), max(s["finished"] for s in shares)
    return {"answered": sum(s["answered"] for s in shares), "elapsed": finished - started,
            "ledger_rows": sum(s["ledger_rows"] for s in shares), "cpu": 0.0, "mono_started": started,
            "mono_finished": finished, "lateness": [x for s in shares for x in s["lateness"]]}


def lateness_report(lateness: list, rejected_at: list[float], window_s: float) -> dict:
    """Quantiles of the booking round trip and of the sleep overrun (each adds to how late a request leaves
    its slot), the worst lateness, and the worst in the window before each 429."""
    def q(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 4) if ordered else 0.0

    rtt, over = [x[1] for x in lateness], [x[2] for x in lateness]
    late = [x[1] + x[2] for x in lateness]
    before = [max((x[1] + x[2] for x in lateness if at - window_s < x[0] <= at), default=0.0) for at in rejected_at]
    return {"rtt_p50_s": q(rtt, 0.5), "rtt_p99_s": q(rtt, 0.99), "rtt_max_s": q(rtt, 1.0),
            "overrun_p50_s": q(over, 0.5), "overrun_p99_s": q(over, 0.99), "overrun_max_s": q(over, 1.0),
            "late_max_s": q(late, 1.0), "late_max_in_window_before_each_429_s": [round(b, 4) for b in before]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--scale", type=float, default=10.0, help="time compression factor (1 = real time)")
    parser.add_argument("--rpm", type=int, default=1200, help="the provider's requests per minute")
    parser.add_argument("--latency", type=float, default=0.3, help="the provider's latency in seconds, unscaled")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--workers", type=int, default=0,
                        help="Dask worker processes sending the requests (0: threads of this process)")
    parser.add_argument("--limiter", choices=("cluster", "process", "split"), default="cluster",
                        help="with --workers: one limiter in the scheduler, one per worker, or 1/N of the limit each")
    args = parser.parse_args()

    window_s = 60.0 / args.scale
    latency_s = args.latency / args.scale
    limit_per_s = args.rpm / window_s
    server, url = start_server(args.rpm, window_s, latency_s)
    os.environ["TYPESAFE_API_KEY"] = KEY
    try:
        if args.workers:
            outcome = run_on_cluster(args, url, window_s, latency_s, limit_per_s)
            answered, elapsed, ledger_rows, cpu = (outcome["answered"], outcome["elapsed"], outcome["ledger_rows"],
                                                   outcome["cpu"])
            mono_started, mono_finished = outcome["mono_started"], outcome["mono_finished"]
            lateness = outcome["lateness"]
        else:
            answered, elapsed, cpu, mono_started, mono_finished, ledger_rows = in_process(args, url, limit_per_s,
                                                                                          latency_s, window_s)
            lateness = []
        served = stats(url)
    finally:
        server.terminate()
        server.wait(timeout=10)
    report_results(args, window_s, latency_s, limit_per_s, answered, elapsed, cpu, mono_started, mono_finished,
                   ledger_rows, served, lateness)


def in_process(args, url: str, limit_per_s: float, latency_s: float, window_s: float):
    with tempfile.TemporaryDirectory() as folder:
        settings = ProviderSettings(provider="systemone", base_url=url, requests_per_minute=limit_per_s * 60,
                                    concurrency=args.concurrency, timeout_s=max(5.0, 50 * latency_s))
        # The client paces against the same (scaled) window the server counts over.
        limiter = RateLimiter(settings.requests_per_minute, settings.tokens_per_minute, window_s=window_s)
        store = Store(folder)
        client = DecisionClient(SystemOneProvider(settings), settings, calls=CallLog(store), run_id="bench",
                                limiter=limiter)
        requests = [samples.request(i) for i in range(args.requests)]
        count_tokens("load the tokenizer before the clock starts")
        started, cpu_started, mono_started = time.perf_counter(), time.process_time(), time.monotonic()
        results = client.decide_many(requests)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        mono_finished = time.monotonic()
        client.close()
        ledger_rows = store.count(LEDGER)
    answered = sum(1 for r in results if r.calls and not r.any_fallback)
    return answered, elapsed, cpu, mono_started, mono_finished, ledger_rows


def report_results(args, window_s, latency_s, limit_per_s, answered, elapsed, cpu, mono_started, mono_finished,
                   ledger_rows, served, lateness=()) -> None:
    lost = args.requests - answered
    ok = served["by_status"].get("200", 0)
    too_many = served["by_status"].get("429", 0)
    rate = answered / elapsed
    server_rate = (ok - 1) / served["span_s"] if served["span_s"] else 0.0
    report = {
        "requests": args.requests, "workers": args.workers, "limiter": args.limiter if args.workers else "process",
        "scale": args.scale, "window_s": window_s, "latency_s": latency_s,
        "limit_per_s": limit_per_s, "elapsed_s": round(elapsed, 2),
        "achieved_per_s": round(rate, 1), "fraction_of_limit": round(rate / limit_per_s, 4),
        "server_rate_fraction": round(server_rate / limit_per_s, 4),
        "http_200": ok, "http_429": too_many, "http_429_fraction": round(too_many / args.requests, 5),
        "startup_s": round(served["first_at"] - mono_started, 3) if served["first_at"] else None,
        "wind_down_s": round(mono_finished - served["last_at"], 3) if served["last_at"] else None,
        "lost": lost, "ledger_rows": ledger_rows, "client_cpu_ms_per_request": round(1000 * cpu / args.requests, 2),
        "goal_met": rate / limit_per_s >= 0.95 and lost == 0 and too_many < 0.01 * args.requests,
        "server_peak_in_window": served.get("peak_in_window"),
        "rejected_at_s": [round(at - mono_started, 3) for at in served.get("rejected_at", [])],
    }
    if lateness:
        report["lateness"] = lateness_report(list(lateness), served.get("rejected_at", []), window_s)
    if args.json:
        print(json.dumps(report))
        return
    print(f"fake System One: {args.rpm} requests per {window_s:g} s sliding window "
          f"({limit_per_s * 60:,.0f}/min), {latency_s * 1000:g} ms latency (time scaled x{args.scale:g})")
    print(f"{args.requests} requests in {elapsed:.2f} s: {rate:.1f}/s = {rate / limit_per_s:.1%} of the limit "
          f"(server-side, first to last arrival: {server_rate / limit_per_s:.1%})")
    print(f"429s received: {too_many} ({too_many / args.requests:.2%} of requests); requests lost: {lost}; "
          f"ledger rows: {ledger_rows}; client CPU {1000 * cpu / args.requests:.2f} ms per request")
    print("goal (>= 95% of the limit, none lost, 429s < 1%):", "met" if report["goal_met"] else "NOT met")


if __name__ == "__main__":
    main()
