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
from archivist.storage.store import writes_made
from tests.archives import write_archive
from tests.fakes.cluster_tasks import book, imported, pause
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


def content_hashes(store_uri: str, decision_costs: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Table -> sorted sha256 of each row's content (VARIES left out, and `decision_costs` of decisions)."""
    store, out = Store(store_uri), {}
    for table in TABLES:
        frame = store.read(table)
        if table == "events":
            frame = frame.with_columns(pl.col("seq").rank("ordinal").over("tenant", "scope").alias("seq"))
        left_out = VARIES | (set(decision_costs) if table == "decisions" else set())
        frame = frame.drop([c for c in frame.columns if c in left_out])
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
    client.run(writes_made, True)
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
    assert client.run(writes_made) == {w: {} for w in client.scheduler_info()["workers"]}  # the flow wrote all

    # Consolidation distributes the same way (ingest.runner and ingest.dask_address say where) and plans the same.
    plans = [consolidate_flow(settings=load_settings(store__uri=str(tmp_path / "threads"), ingest__partitions=4)),
             consolidate_flow(settings=load_settings(store__uri=str(tmp_path / "dask"), ingest__partitions=4,
                                                     ingest__runner="dask", ingest__dask_address=address))]
    assert all(client.run(imported, "archivist.tasks.consolidate.run").values())
    assert _plan_content(plans[0]) == _plan_content(plans[1])
    assert client.run(temporary_servers) == {w: [] for w in client.scheduler_info()["workers"]}

    # Re-scoring too: one task per partition of scopes on the workers; the same report and plan.
    reports = [rescore_flow(model="local-decider-3@t=0.6", settings=load_settings(
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


def _ledger_content(store_uri: str) -> list[tuple]:
    """The ledger's rows by content: ids, run ids, times and measured latencies left out."""
    frame = Store(store_uri).read("ledger").drop("call_id", "run_id", "created_at", "latency_s")
    return sorted(frame.iter_rows(), key=repr)


def _batch_content(store_uri: str) -> list[tuple]:
    """`llm_batches` by content: the fake server's random batch and file ids and the times left out."""
    frame = Store(store_uri).read("llm_batches").drop("batch_id", "input_file_id", "run_id", "submitted_at",
                                                      "updated_at")
    return sorted(frame.iter_rows(), key=repr)


def test_a_batch_night_on_the_cluster_is_written_by_the_flow_alone(cluster, tmp_path):
    from tests.fakes.llm_batches import BatchFakeServer, extraction_replies

    address, client, _ = cluster
    write_archive(tmp_path / "a.jsonl", scopes=6, conversations=1, turns=3)
    client.run(writes_made, True)  # count this run's writes only
    with BatchFakeServer() as fake:
        fake.knobs.chat_reply = extraction_replies({})
        llm = {"llm__provider": "openai", "llm__model": "gpt-4o-mini", "llm__base_url": fake.url + "/v1",
               "llm__batch_poll_interval_s": 0.01, "llm__max_attempts": 2, "gate__llm": False,
               "ingest__partitions": 3}
        threads = load_settings(store__uri=str(tmp_path / "threads"), **llm)
        dask = load_settings(store__uri=str(tmp_path / "dask"), **llm)
        run_ingest([str(tmp_path / "a.jsonl")], threads, runner="threads", extract="batch")
        run_ingest([str(tmp_path / "a.jsonl")], dask, runner="dask", dask_address=address, extract="batch")

    batches = _batch_content(dask.store.uri)
    assert len(batches) >= 2 and set(Store(dask.store.uri).read("llm_batches")["status"]) == {"collected"}
    assert batches == _batch_content(threads.store.uri)
    assert _ledger_content(dask.store.uri) == _ledger_content(threads.store.uri)
    assert content_hashes(dask.store.uri) == content_hashes(threads.store.uri)
    # The workers submitted, waited on and collected the batches, and opened no table for writing.
    assert all(client.run(imported, "archivist.tasks.extract.batch").values())
    assert client.run(writes_made) == {w: {} for w in client.scheduler_info()["workers"]}


def test_one_spend_budget_for_the_cluster_and_the_next_run_does_exactly_the_rest(cluster, tmp_path, monkeypatch):
    from tests.flows.test_ingest_budget import assert_same_rows, scripted, store_view

    address, client, workers = cluster
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    write_archive(tmp_path / "a.jsonl", scopes=4, conversations=4, turns=6)  # phrases repeat: order matters
    with FakeServer(Knobs(latency_s=0.02)) as server:
        server.knobs.answer = scripted
        sent = lambda: server.count(path="/v1/systemone")  # noqa: E731
        decisions = {"decisions__provider": "systemone", "decisions__base_url": server.url,
                     "decisions__model": "jev-1.13.0", "decisions__concurrency": 1, "ingest__partitions": 4}
        healthy = run_ingest([str(tmp_path / "a.jsonl")], load_settings(store__uri=str(tmp_path / "healthy"),
                                                                       **decisions), runner="threads")
        paid = Store(str(tmp_path / "healthy")).read("ledger").filter(pl.col("cost_usd") > 0)
        calls, most = sent(), float(paid["cost_usd"].max())
        budget = healthy.spent_usd * 0.3
        assert paid.height == calls > 12 and budget > 4 * most  # a budget of several calls, not of one or two

        budgeted = load_settings(store__uri=str(tmp_path / "budgeted"), budget__max_cost_usd=budget, **decisions)
        stopped = run_ingest([str(tmp_path / "a.jsonl")], budgeted, runner="dask", dask_address=address)
        # One total for the cluster: over the budget by at most the calls in flight (one per worker: concurrency
        # 1); a budget per worker would let each of the two spend it.
        in_flight = len(workers) * 1
        assert stopped.budget_stopped and budget <= stopped.spent_usd <= budget + in_flight * most
        assert stopped.deferred_statements > 0

        rest = run_ingest([str(tmp_path / "a.jsonl")], load_settings(store__uri=str(tmp_path / "budgeted"),
                                                                    **decisions), runner="dask", dask_address=address)
        assert not rest.budget_stopped and rest.deferred_turns == 0
        assert sent() == 2 * calls  # nothing paid twice: the stopped run's answers came from its call cache
    assert_same_rows(store_view(str(tmp_path / "budgeted")), store_view(str(tmp_path / "healthy")))


def test_a_worker_killed_mid_run_loses_no_partition_and_its_retry_pays_nothing_twice(cluster, tmp_path,
                                                                                   monkeypatch):
    address, client, workers = cluster
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    with FakeServer(Knobs(latency_s=0.5)) as server:
        write_archive(tmp_path / "a.jsonl", scopes=6, conversations=2, turns=4)
        decisions = {"decisions__provider": "systemone", "decisions__base_url": server.url,
                     "decisions__model": "jev-1.13.0", "decisions__concurrency": 1}
        threads = load_settings(store__uri=str(tmp_path / "threads"), ingest__partitions=4, **decisions)
        dask = load_settings(store__uri=str(tmp_path / "dask"), ingest__partitions=4, **decisions)
        run_ingest([str(tmp_path / "a.jsonl")], threads, runner="threads")
        asked = server.count(path="/v1/systemone")

        outcome: dict = {}
        run = threading.Thread(target=lambda: outcome.update(
            summary=run_ingest([str(tmp_path / "a.jsonl")], dask, runner="dask", dask_address=address)))
        run.start()
        # The victim: a worker whose partition attempt has been answered (and has spilled) two paid calls.
        victim = _wait_for_paid_calls(tmp_path / "dask", 2, deadline=time.monotonic() + 180)
        os.kill(victim, signal.SIGKILL)
        run.join(timeout=300)
        asked_again = server.count(path="/v1/systemone") - asked

    assert "summary" in outcome, "the run did not complete after a worker was lost"
    # The retry found the calls the dead attempt was answered in its spill: none of them was sent again (only
    # the one request the victim had in flight, concurrency 1, may have been: sent, never answered to it;
    # without the spill the retry sent 3 again), and the ledger holds each paid call once. (Those answers
    # are cache hits to the retry, so its decisions record $0 and no tokens for them: the ledger keeps the cost.)
    assert asked <= asked_again <= asked + 1
    paid = [Store(uri).read("ledger").filter(~pl.col("cached")) for uri in (threads.store.uri, dask.store.uri)]
    assert paid[1].height == paid[0].height and float(paid[1]["cost_usd"].sum()) == pytest.approx(
        float(paid[0]["cost_usd"].sum()))
    costs = ("input_tokens", "cost_usd")
    assert content_hashes(dask.store.uri, costs) == content_hashes(threads.store.uri, costs)
    assert not list((tmp_path / "dask").glob("_staging/*/_calls/*"))  # every spill removed once written


def _wait_for_paid_calls(store: Path, n: int, deadline: float) -> int:
    """The pid of a worker whose current write-path attempt has spilled `n` paid calls (storage/spill.py)."""
    while time.monotonic() < deadline:
        for path in store.glob("_staging/*/_calls/facts-*/*.jsonl"):
            lines = [json.loads(line) for line in path.read_text().splitlines() if line.endswith("}")]
            if sum(1 for e in lines if e["kind"] == "call") >= n:  # only paid calls are spilled
                return int(path.name.split("-", 1)[0])
        time.sleep(0.05)
    raise AssertionError(f"no partition attempt spilled {n} paid calls")
