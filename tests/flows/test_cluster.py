"""A Dask cluster that behaves like one machine: set up the way the README's Dask section says.

The cluster is a `dask scheduler` and two `dask worker` processes started from the command line, with
PREFECT_API_URL in the workers' environment (the shared Prefect server of conftest.prefect_api). Results
are compared with the thread runner row for row, by content: every column except the run id (a new one per
run, also inside the events' before/after images), the decisions' measured latency, and the event log's
global `seq`, which numbers events in commit order, so in the order partitions finish (with any runner):
each event's position within its scope is compared instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import polars as pl
import pytest

from archivist.configs import load_settings
from archivist.flows.cluster import ClusterNotReady, check_workers, temporary_servers
from archivist.flows.consolidate import consolidate_flow
from archivist.flows.ingest import run_ingest
from archivist.flows.rescore import rescore_flow
from archivist.storage import Store
from tests.archives import write_archive
from tests.fakes.cluster_tasks import book, imported, pause, processing
from tests.fakes.server import FakeServer, Knobs

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
KEY = "sk-test-cluster-0000"
TABLES = ("turns", "facts", "decisions", "events", "extracted")
VARIES = {"run_id", "latency_s"}
"""Columns that differ between two runs by design: the run's id, and a measured duration."""


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "distributed.cli." + args[0], *args[1:]], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


@pytest.fixture(scope="module")
def cluster(prefect_api, tmp_path_factory):
    """(scheduler address, Client, worker processes) of a cluster started as the README says."""
    from distributed import Client

    folder = tmp_path_factory.mktemp("dask")
    # PYTHONPATH: the workers import the functions of tests/fakes/cluster_tasks.py (archivist itself is installed).
    env = dict(os.environ, PREFECT_API_URL=prefect_api, TYPESAFE_API_KEY=KEY, PYTHONPATH=str(REPO))
    scheduler_file = folder / "scheduler.json"
    processes = [_start(["dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", ":0",
                         "--scheduler-file", str(scheduler_file)], env)]
    deadline = time.monotonic() + 120
    while not scheduler_file.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    address = json.loads(scheduler_file.read_text())["address"]
    for _ in range(2):
        # --no-nanny: a killed worker stays dead, as a lost machine would.
        processes.append(_start(["dask_worker", address, "--nthreads", "1", "--no-nanny",
                                 "--dashboard-address", ":0"], env))
    client = Client(address, set_as_default=False)
    client.wait_for_workers(2, timeout=120)
    yield address, client, processes[1:]
    client.close()
    for process in reversed(processes):
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def content_hashes(store_uri: str) -> dict[str, list[str]]:
    """Table -> sorted sha256 of each row's content (VARIES left out)."""
    store, out = Store(store_uri), {}
    for table in TABLES:
        frame = store.read(table)
        if table == "events":
            frame = frame.with_columns(pl.col("seq").rank("ordinal").over("tenant", "scope").alias("seq"))
        frame = frame.drop([c for c in frame.columns if c in VARIES])
        rows = []
        for row in frame.iter_rows(named=True):
            for image in ("before", "after"):
                if row.get(image):
                    row[image] = {k: v for k, v in json.loads(row[image]).items() if k not in VARIES}
            rows.append(hashlib.sha256(json.dumps(row, sort_keys=True, default=str).encode()).hexdigest())
        out[table] = sorted(rows)
    return out


def test_cluster_writes_what_the_thread_runner_writes_and_no_worker_starts_a_server(cluster, tmp_path):
    address, client, _ = cluster
    write_archive(tmp_path / "a.jsonl", scopes=6, conversations=2, turns=4)
    threads = load_settings(store__uri=str(tmp_path / "threads"), ingest__partitions=4)
    dask = load_settings(store__uri=str(tmp_path / "dask"), ingest__partitions=4)
    run_ingest([str(tmp_path / "a.jsonl")], threads, runner="threads")
    summary = run_ingest([str(tmp_path / "a.jsonl")], dask, runner="dask", dask_address=address)

    assert summary.turns_written == 48 and summary.facts_written > 0
    expected, got = content_hashes(threads.store.uri), content_hashes(dask.store.uri)
    assert {t: len(rows) for t, rows in got.items()} == {t: len(rows) for t, rows in expected.items()}
    assert got == expected
    # The partitions ran in the worker processes, and none of them started a Prefect server of its own.
    assert all(client.run(imported, "archivist.tasks.writepath.partition").values())
    assert client.run(temporary_servers) == {w: [] for w in client.scheduler_info()["workers"]}

    # Consolidation distributes the same way (ingest.runner and ingest.dask_address say where) and plans the same.
    plans = [consolidate_flow(settings=load_settings(store__uri=str(tmp_path / "threads"), ingest__partitions=4)),
             consolidate_flow(settings=load_settings(store__uri=str(tmp_path / "dask"), ingest__partitions=4,
                                                     ingest__runner="dask", ingest__dask_address=address))]
    assert all(client.run(imported, "archivist.tasks.consolidate.run").values())
    assert _plan_content(plans[0]) == _plan_content(plans[1])
    assert client.run(temporary_servers) == {w: [] for w in client.scheduler_info()["workers"]}

    # Re-scoring too: one task per partition of scopes on the workers; the same report and plan.
    reports = [rescore_flow(model="local-decider-1@t=0.6", settings=load_settings(
                   store__uri=str(tmp_path / name), ingest__partitions=4, **where))
               for name, where in (("threads", {}), ("dask", {"ingest__runner": "dask",
                                                            "ingest__dask_address": address}))]
    assert all(client.run(imported, "archivist.tasks.rescore.run").values())
    assert reports[0]["decisions"] > 0 and reports[0]["plan_items"] is not None
    assert _plan_content(reports[0]) == _plan_content(reports[1])


def _plan_content(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in {"plan_id", "run_id"}}


def test_workers_without_the_runs_prefect_api_are_refused_with_the_fix(cluster):
    _, client, _ = cluster
    with pytest.raises(ClusterNotReady) as caught:
        check_workers(client, "http://127.0.0.1:9/api")
    assert "PREFECT_API_URL=http://127.0.0.1:9/api" in caught.value.one_line()


def test_one_rate_budget_for_all_workers_and_a_pause_holds_every_worker(cluster):
    from archivist.tasks.providers import cluster_limits

    _, client, _ = cluster
    cluster_limits.install(client)
    workers = list(client.scheduler_info()["workers"])
    # 600 per minute, paced at one request per 0.102 s after a burst of 6; 20 bookings from each of two workers.
    futures = [client.submit(book, "bench-a", 600.0, 20, workers=[w], pure=False) for w in workers]
    slots = sorted(s for f in futures for s in f.result())
    assert len(slots) == 40
    # One budget: 34 paced slots span 3.5 s; a limiter per worker would pace each worker's 14 over 1.4 s.
    assert slots[-1] - slots[0] > 3.0
    # A Retry-After seen by one worker holds the other.
    client.submit(pause, "bench-b", 600.0, 3.0, workers=[workers[0]], pure=False).result()
    held = client.submit(book, "bench-b", 600.0, 1, workers=[workers[1]], pure=False).result()
    assert held[0] > 2.5


def test_a_worker_killed_mid_run_loses_no_partition(cluster, tmp_path, monkeypatch):
    address, client, workers = cluster
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    with FakeServer(Knobs(latency_s=0.5)) as server:
        write_archive(tmp_path / "a.jsonl", scopes=6, conversations=2, turns=4)
        decisions = {"decisions__provider": "systemone", "decisions__base_url": server.url,
                     "decisions__model": "jev-1.13.0", "decisions__concurrency": 1}
        threads = load_settings(store__uri=str(tmp_path / "threads"), ingest__partitions=4, **decisions)
        dask = load_settings(store__uri=str(tmp_path / "dask"), ingest__partitions=4, **decisions)
        run_ingest([str(tmp_path / "a.jsonl")], threads, runner="threads")

        outcome: dict = {}
        run = threading.Thread(target=lambda: outcome.update(
            summary=run_ingest([str(tmp_path / "a.jsonl")], dask, runner="dask", dask_address=address)))
        run.start()
        victim = _wait_for_a_busy_worker(client, "decide_partition", deadline=time.monotonic() + 180)
        os.kill(victim, signal.SIGKILL)
        run.join(timeout=300)

    assert "summary" in outcome, "the run did not complete after a worker was lost"
    assert content_hashes(dask.store.uri) == content_hashes(threads.store.uri)


def _wait_for_a_busy_worker(client, prefix: str, deadline: float) -> int:
    """The pid of a worker while it runs a task whose Prefect name starts with `prefix`."""
    while time.monotonic() < deadline:
        busy = client.run_on_scheduler(processing)
        for worker, keys in busy.items():
            if any(prefix in key for key in keys):
                return client.run(os.getpid, workers=[worker])[worker]
        time.sleep(0.05)
    raise AssertionError(f"no {prefix} task was seen running")


