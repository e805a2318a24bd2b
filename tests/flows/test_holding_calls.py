"""A partition task wrapped by `holding_calls` writes no call rows itself: the flow writes them with its result."""

from __future__ import annotations

import cloudpickle
import pytest

from archivist.flows.cluster import Held, holding_calls
from archivist.storage.calls import CALL_CACHE, LEDGER, CallLog, LedgerRow
from archivist.storage.store import Store


def _partition(store_uri: str, n: int) -> str:
    """A stand-in partition task: its model calls go through a call log it opens itself, as a decision client's."""
    with CallLog(Store(store_uri)) as calls:
        for i in range(n):
            calls.remember(f"h{i}", "p", "m", "e", {"answer": i})
            calls.record(LedgerRow(provider="p", model="m", endpoint="e", request_hash=f"h{i}", run_id="run-1"))
    return f"{n} asked"


def test_the_task_returns_its_call_rows_and_the_flow_writes_them_before_the_result(tmp_path):
    uri = str(tmp_path / "store")
    task = cloudpickle.loads(cloudpickle.dumps(holding_calls(_partition)))  # as Dask ships it to a worker
    held = cloudpickle.loads(cloudpickle.dumps(task(uri, 3)))  # and its result back
    store = Store(uri)
    assert isinstance(held, Held) and store.count(LEDGER) == 0 and store.count(CALL_CACHE) == 0
    assert held.written(store) == "3 asked"
    assert store.count(LEDGER) == 3 and CallLog(store).lookup("h2") == {"answer": 2}
    assert task.__name__ == "_partition"  # Prefect and the task's Dask key keep the function's name


def _submitting_partition(store_uri: str, fail: bool) -> int:
    """A stand-in for the batch submission task: it records a batch, as BatchExtractor does after submitting."""
    from archivist.storage.batches import BatchLedger, BatchRecord

    ledger = BatchLedger(Store(store_uri))
    ledger.save(BatchRecord(batch_key="k1", provider="openai", model="m", endpoint="e", batch_id="batch_1",
                            request_count=3))
    assert ledger.get("k1") is not None and ledger.get("k1").batch_id == "batch_1"  # its own record, held
    with CallLog(Store(store_uri)) as calls:
        calls.record(LedgerRow(provider="p", model="m", endpoint="e", request_hash="h0", run_id="run-1"))
    if fail:
        raise TimeoutError("the wait for the batch ran out")
    return 1


class _Future:
    """What the flow's loop gets from a task runner: `.result()` returns the task's value or raises its error."""

    def __init__(self, fn, *args):
        self.fn, self.args = fn, args

    def result(self):
        # Across the pickle boundary, as a Dask worker returns a result or an error.
        try:
            value = self.fn(*self.args)
        except Exception as err:
            raise cloudpickle.loads(cloudpickle.dumps(err)) from None
        return cloudpickle.loads(cloudpickle.dumps(value))


def test_batch_records_are_held_with_the_call_rows_and_written_by_the_flow(tmp_path):
    from archivist.flows.cluster import committed
    from archivist.storage.batches import LLM_BATCHES, BatchLedger

    uri = str(tmp_path / "store")
    task = holding_calls(_submitting_partition)
    future = _Future(task, uri, False)
    store = Store(uri)
    held = future.result()
    assert not store.has_table(LLM_BATCHES) and store.count(LEDGER) == 0  # the task wrote nothing
    assert committed(_Future(lambda: held), store) == 1
    assert BatchLedger(store).get("k1").batch_id == "batch_1" and store.count(LEDGER) == 1


def test_a_failed_task_hands_its_batch_records_to_the_flow_with_its_error(tmp_path):
    from archivist.flows.cluster import committed
    from archivist.storage.batches import BatchLedger

    uri = str(tmp_path / "store")
    store = Store(uri)
    with pytest.raises(TimeoutError, match="ran out"):
        committed(_Future(holding_calls(_submitting_partition), uri, True), store)
    # The batch it submitted is recorded, so the next run waits on it instead of paying for it again.
    assert BatchLedger(store).get("k1").batch_id == "batch_1" and store.count(LEDGER) == 1


def _asking_partition(store_uri: str, answered: list[int], die_after: int | None) -> int:
    """A stand-in partition whose provider is a counter: a request not in the call cache is `answered` (paid)."""
    with CallLog(Store(store_uri)) as calls:
        for i in range(4):
            if calls.lookup(f"h{i}") is None:
                answered.append(i)
                calls.remember(f"h{i}", "p", "m", "e", {"answer": i})
                calls.record(LedgerRow(provider="p", model="m", endpoint="e", request_hash=f"h{i}",
                                       run_id="run-1", cost_usd=0.5, attempts=1))
            else:
                calls.record(LedgerRow(provider="p", model="m", endpoint="e", request_hash=f"h{i}",
                                       run_id="run-1", cached=True))
            if die_after is not None and i + 1 == die_after:
                raise ConnectionResetError("the worker went away")
    return 4


def test_a_retry_reads_the_spill_of_the_attempt_that_died_and_pays_nothing_twice(tmp_path):
    from archivist.storage import spill

    uri, folder, answered = str(tmp_path / "store"), str(tmp_path / "staging" / "_calls" / "facts-0"), []
    task = holding_calls(_asking_partition)
    with pytest.raises(ConnectionResetError):
        task(uri, answered, 2, calls_spill=folder)  # its rows never reach the flow
    with open(next((tmp_path / "staging" / "_calls" / "facts-0").glob("*.jsonl")), "a") as torn:
        torn.write('{"kind": "ledger", "row": {"call_')  # a process killed mid-line
    assert [kind for kind, _ in spill.read(folder)] == ["call", "call"]  # the two paid calls, each with its answer

    held = cloudpickle.loads(cloudpickle.dumps(task(uri, answered, None, calls_spill=folder)))
    assert answered == [0, 1, 2, 3]  # the retry asked only what the first attempt had not been answered
    store = Store(uri)
    assert held.written(store) == 4
    ledger = store.read(LEDGER)
    assert ledger.filter(~ledger["cached"]).height == 4 and float(ledger["cost_usd"].sum()) == 2.0
    assert not (tmp_path / "staging" / "_calls" / "facts-0").exists()  # the flow removed the spill once written


def test_without_a_spill_folder_a_retry_pays_again(tmp_path):
    uri, answered = str(tmp_path / "store"), []
    task = holding_calls(_asking_partition)
    with pytest.raises(ConnectionResetError):
        task(uri, answered, 2)
    task(uri, answered, None)
    assert answered == [0, 1, 0, 1, 2, 3]


def test_the_next_run_writes_the_paid_calls_a_killed_run_spilled(tmp_path, caplog):
    from archivist.storage.staging import recover_spills

    uri, answered = str(tmp_path / "store"), []
    dead = str(tmp_path / "store" / "_staging" / "run-dead" / "_calls" / "facts-0")
    mine = tmp_path / "store" / "_staging" / "run-now" / "_calls" / "facts-0"
    with pytest.raises(ConnectionResetError):  # the whole run dies: nothing reaches the flow
        holding_calls(_asking_partition)(uri, answered, 3, calls_spill=dead)
    mine.mkdir(parents=True)
    store = Store(uri)
    assert store.count(LEDGER) == 0
    assert recover_spills(store, "run-now") == 3
    assert [CallLog(store).lookup(f"h{i}") for i in range(4)] == [{"answer": 0}, {"answer": 1}, {"answer": 2}, None]
    assert store.count(LEDGER) == 3 and "recovered 3 paid model call(s)" in caplog.text
    assert not (tmp_path / "store" / "_staging" / "run-dead" / "_calls" / "facts-0").exists() and mine.exists()
    assert recover_spills(store, "run-now") == 0  # once
