"""A partition task wrapped by `holding_calls` writes no call rows itself: the flow writes them with its result."""

from __future__ import annotations

import cloudpickle

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
