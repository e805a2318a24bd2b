"""The run bookkeeping every flow shares: the runs row, what the run owns, and its summary."""

from __future__ import annotations

import json

import pytest

from archivist.flows.runs import TrackedRun
from archivist.storage.store import Store


class Resource:
    def __init__(self, fail: bool = False):
        self.closed, self.fail = 0, fail

    def close(self) -> None:
        self.closed += 1
        if self.fail:
            raise OSError("could not close")


def run_row(store: Store, run_id: str) -> dict:
    rows = [row for row in store.read("runs").to_dicts() if row["run_id"] == run_id]
    assert len(rows) == 1
    return rows[0]


def test_a_completed_run_records_its_summary_and_closes_what_it_owns(tmp_path):
    store = Store(str(tmp_path / "store"))
    with TrackedRun(store, "consolidate", "run-1", {"scope": "s"}, artifact="consolidation-summary") as run:
        owned = run.own(Resource())
        assert run_row(store, "run-1")["status"] == "running"
        summary = run.complete({"plan_id": "p1", "items": 2}, title="plan p1")
    assert summary == {"run_id": "run-1", "plan_id": "p1", "items": 2}
    row = run_row(store, "run-1")
    assert (row["status"], json.loads(row["counts"]), json.loads(row["parameters"])) == (
        "completed", summary, {"scope": "s"})
    assert owned.closed == 1 and run.status == "completed"


def test_a_failed_run_is_marked_failed_closes_what_it_owns_and_keeps_its_error(tmp_path):
    store = Store(str(tmp_path / "store"))
    first, second = Resource(), Resource(fail=True)
    with pytest.raises(KeyError, match="the real error"), TrackedRun(store, "rescore", "run-2", {},
                                                                      artifact="rescore-summary") as run:
        run.own(first)
        run.own(second)
        raise KeyError("the real error")  # a close that fails afterwards must not hide it
    assert run_row(store, "run-2")["status"] == "failed"
    assert (first.closed, second.closed) == (1, 1)


def test_a_run_that_ends_without_an_outcome_is_not_completed(tmp_path):
    store = Store(str(tmp_path / "store"))
    with TrackedRun(store, "ingest", "run-3", {}, artifact="ingest-summary"):
        pass
    assert run_row(store, "run-3")["status"] == "failed"
