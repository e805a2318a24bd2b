"""The call cache and ledger tables: buffered writes, lookups memory-first, thread safety, the summary."""

from __future__ import annotations

import threading

import pytest

from archivist.storage.calls import CALL_CACHE, LEDGER, CallLog, LedgerRow, ledger_summary
from archivist.storage.store import Store


def row(i: int, run: str = "r1", **fields) -> LedgerRow:
    return LedgerRow(provider="systemone", model="jev-1.13.0", endpoint="/v1/systemone", request_hash=f"h{i}",
                     run_id=run, **fields)


def test_writes_are_buffered_and_lookups_read_the_buffer_first(tmp_path):
    store = Store(str(tmp_path / "store"))
    calls = CallLog(store, flush_every=100)
    calls.remember("h1", "systemone", "jev-1.13.0", "/v1/systemone", {"answers": {"a": 1}})
    calls.record(row(1))
    assert store.count(CALL_CACHE) == 0 and store.count(LEDGER) == 0  # nothing committed yet
    assert calls.lookup("h1") == {"answers": {"a": 1}}
    calls.flush()
    assert store.count(CALL_CACHE) == 1 and store.count(LEDGER) == 1 and calls.pending == 0
    fresh = CallLog(store)  # another process, say: reads the table
    assert fresh.lookup("h1") == {"answers": {"a": 1}} and fresh.lookup("nope") is None


def test_a_full_buffer_flushes_in_one_batch(tmp_path):
    store = Store(str(tmp_path / "store"))
    calls = CallLog(store, flush_every=10)
    for i in range(25):
        calls.record(row(i))
    assert store.count(LEDGER) == 20 and calls.pending == 5
    versions_before = store.version(LEDGER)
    calls.close()
    assert store.count(LEDGER) == 25 and store.version(LEDGER) == versions_before + 1


def test_the_first_answer_to_a_request_wins_across_writers(tmp_path):
    store = Store(str(tmp_path / "store"))
    a, b = CallLog(store), CallLog(store)
    a.remember("same", "p", "m", "e", {"v": 1})
    b.remember("same", "p", "m", "e", {"v": 2})
    a.flush()
    b.flush()
    assert store.count(CALL_CACHE) == 1 and CallLog(store).lookup("same") == {"v": 1}


def test_many_threads_share_one_log(tmp_path):
    store = Store(str(tmp_path / "store"))
    calls = CallLog(store, flush_every=64)
    found_during = []

    def work(t: int):
        for i in range(100):
            key = f"t{t}-{i}"
            calls.remember(key, "p", "m", "e", {"i": i})
            calls.record(row(i, run=f"t{t}"))
            found_during.append(calls.lookup(key) == {"i": i})  # visible while buffered or flushing

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    calls.close()
    assert all(found_during)
    assert store.count(CALL_CACHE) == 800 and store.count(LEDGER) == 800


def test_lookup_many_reads_hundreds_of_hashes_in_chunks(tmp_path):
    store = Store(str(tmp_path / "store"))
    calls = CallLog(store, flush_every=10_000)
    for i in range(1200):
        calls.remember(f"h{i}", "p", "m", "e", i)
    calls.flush()
    found = CallLog(store).lookup_many([f"h{i}" for i in range(0, 1300, 2)])
    assert len(found) == 600 and found["h1198"] == 1198


def test_the_ledger_summary_groups_by_run_provider_and_model(tmp_path):
    store = Store(str(tmp_path / "store"))
    with CallLog(store) as calls:
        calls.record(row(1, input_tokens=1000, output_tokens=10, cost_usd=0.042e-3, latency_s=0.3, attempts=1))
        calls.record(row(2, input_tokens=3000, output_tokens=30, cost_usd=0.126e-3, latency_s=0.5, attempts=2))
        calls.record(row(3, cached=True, latency_s=0.001))
        calls.record(row(4, error="ServerError: boom", attempts=6))
        calls.record(LedgerRow(provider="llm:openai", model="gpt-4o-mini", endpoint="/v1/chat/completions",
                               request_hash="x", run_id="r1", input_tokens=500, output_tokens=100,
                               cost_usd=0.000135, latency_s=1.2, attempts=1))
        calls.record(row(5, run="r2", input_tokens=7, cost_usd=1e-9, latency_s=0.2, attempts=1))
    summary = ledger_summary(store, run_id="r1")
    jev = next(r for r in summary if r["provider"] == "systemone")
    assert (jev["calls"], jev["cached_calls"], jev["failed_calls"]) == (4, 1, 1)
    assert (jev["input_tokens"], jev["output_tokens"]) == (4000, 40)
    assert jev["cost_usd"] == pytest.approx(0.168e-3)
    assert jev["p50_latency_s"] == pytest.approx(0.4)  # answered calls only: not the cache hit nor the failure
    assert len(summary) == 2 and len(ledger_summary(store)) == 3
