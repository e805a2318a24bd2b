"""Call logs inside `hold_calls` buffer their rows for the flow instead of writing them."""

from __future__ import annotations

import pickle
import threading

from archivist.storage.calls import CALL_CACHE, LEDGER, CallLog, LedgerRow, hold_calls, write_held
from archivist.storage.store import Store


def _row(n: int) -> LedgerRow:
    return LedgerRow(provider="p", model="m", endpoint="e", request_hash=f"h{n}", run_id="run-1", cost_usd=0.25)


def test_a_held_call_log_writes_nothing_and_still_answers_its_own_lookups(tmp_path):
    store = Store(str(tmp_path / "store"))
    with hold_calls() as held:
        calls = CallLog(store, flush_every=2)
        for n in range(3):
            calls.remember(f"h{n}", "p", "m", "e", {"answer": n})
            calls.record(_row(n))
        calls.close()  # the flushes a full buffer and close() trigger go to `held`
    assert store.count(CALL_CACHE) == 0 and store.count(LEDGER) == 0
    assert calls.lookup_many(["h0", "h2", "h9"]) == {"h0": {"answer": 0}, "h2": {"answer": 2}}
    assert sorted(held.cache) == ["h0", "h1", "h2"] and [r.request_hash for r in held.ledger] == ["h0", "h1", "h2"]

    write_held(store, pickle.loads(pickle.dumps(held)))  # as it comes back from a worker process
    assert store.count(CALL_CACHE) == 3 and store.count(LEDGER) == 3
    assert CallLog(store).lookup("h1") == {"answer": 1}


def test_the_hold_is_per_block_and_per_thread(tmp_path):
    store = Store(str(tmp_path / "store"))

    def elsewhere() -> None:
        log = CallLog(store)
        log.record(_row(7))
        log.close()

    with hold_calls() as held:
        # Another thread (another task on the thread runner) is not inside this block: it writes as before.
        worker = threading.Thread(target=elsewhere)
        worker.start()
        worker.join()
        inner = CallLog(store)
        inner.record(_row(8))
        inner.close()
    after = CallLog(store)
    after.record(_row(9))
    after.close()
    assert [r.request_hash for r in held.ledger] == ["h8"]
    assert sorted(store.read(LEDGER)["request_hash"].to_list()) == ["h7", "h9"]
