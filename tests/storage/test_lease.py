"""One writer per store: a second writer is refused with a message naming the first, a killed holder's lease is
taken over at once, and two ingests of one archive at the same time end with exactly the rows of one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import polars as pl
import pytest

from archivist.storage import Store
from archivist.storage.lease import StoreBusy, holder, writer_lease
from tests.archives import write_archive

HOLD = textwrap.dedent("""
    import sys
    from archivist.storage import Store
    with Store(sys.argv[1]).writer("consolidate"):
        print("held", flush=True)
        sys.stdin.read()  # until the test closes stdin (or kills us)
""")


def hold_in_another_process(uri: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLD, uri], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_writer_is_refused_naming_the_first_and_gets_it_once_released(tmp_path):
    store = Store(str(tmp_path / "store"))
    other = hold_in_another_process(store.uri)
    try:
        with pytest.raises(StoreBusy) as refused, store.writer("ingest"):
            pass
        line = refused.value.one_line()
        assert "cannot ingest" in line and "`consolidate`" in line and f"pid {other.pid}" in line
        assert "run this command again" in line
    finally:
        other.stdin.close()
        other.wait(timeout=60)
    with store.writer("ingest"):
        assert holder(store.uri)["pid"] == os.getpid() and holder(store.uri)["command"] == "ingest"


def test_a_killed_holders_lease_is_taken_over_at_once(tmp_path):
    store = Store(str(tmp_path / "store"))
    other = hold_in_another_process(store.uri)
    other.send_signal(signal.SIGKILL)
    other.wait(timeout=60)
    assert holder(store.uri)["pid"] == other.pid  # the record still names the dead holder ...
    with store.writer("purge"):  # ... but the OS lock died with it
        assert holder(store.uri)["pid"] == os.getpid()


def test_the_lease_is_reentrant_in_one_process_and_released_by_the_outermost_block(tmp_path):
    uri = str(tmp_path / "store")
    with writer_lease(uri, "ingest"), writer_lease(uri, "append events"):
        assert holder(uri)["command"] == "ingest"
    other = hold_in_another_process(uri)  # released: another process can take it
    other.stdin.close()
    other.wait(timeout=60)


def test_appending_events_takes_the_lease(tmp_path):
    """Event numbering reads the last seq and appends after it: never while another process writes."""
    from archivist.storage.events import append_events, events_frame

    store = Store(str(tmp_path / "store"))
    other = hold_in_another_process(store.uri)
    try:
        row = {"event_id": "e1", "tenant": "t", "scope": "s", "kind": "fact_added", "fact_id": "f1"}
        with pytest.raises(StoreBusy):
            append_events(store, events_frame([row]))
    finally:
        other.stdin.close()
        other.wait(timeout=60)
    assert not store.has_table("events") or store.count("events") == 0


def ingest(archive, uri) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "archivist", "ingest", str(archive), "--store", uri, "--json",
                             "--partitions", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, ARCHIVIST_INGEST__WORKERS="1"))


@pytest.mark.slow
def test_two_ingests_of_one_archive_at_once_end_with_the_rows_of_one(prefect_api, tmp_path):
    archive = tmp_path / "archive.jsonl"
    valid = write_archive(archive, scopes=20, conversations=5, turns=10)
    uri = str(tmp_path / "store")
    first = ingest(archive, uri)
    deadline = time.monotonic() + 120  # the first holds the lease once its record names it
    while (holder(uri) or {}).get("pid") != first.pid and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    second = ingest(archive, uri)
    outs = [p.communicate(timeout=600) for p in (first, second)]
    assert first.returncode == 0, outs[0][1][-2000:]
    if second.returncode == 0:  # the first had already finished: the second found everything stored
        assert json.loads(outs[1][0].strip().splitlines()[-1])["turns_written"] == 0
    else:
        assert second.returncode == 1
        errors = outs[1][1].strip().splitlines()
        assert len(errors) == 1 and "cannot ingest" in errors[0] and f"pid {first.pid}" in errors[0], errors
    store = Store(uri)
    turns = store.read("turns")
    assert turns.height == valid and turns["turn_id"].n_unique() == valid
    events = store.read("events")
    assert events.height == events["event_id"].n_unique() == events["seq"].n_unique()
    assert events["seq"].sort().to_list() == list(range(1, events.height + 1))
    runs = store.read("runs").filter(pl.col("flow") == "ingest")
    assert runs.height == (2 if second.returncode == 0 else 1)
