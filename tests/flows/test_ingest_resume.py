"""A run killed mid-way and started again ends identical to an uninterrupted run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import polars as pl
import pytest

from archivist.storage import Store
from tests.archives import BAD_LINES, write_archive

pytestmark = pytest.mark.slow


def ingest_command(archive, store):
    # Turns only: the write path's own crash-resume is tested at its commit points (tests/storage/test_facts.py).
    return [sys.executable, "-m", "archivist", "ingest", str(archive), "--store", str(store),
            "--partitions", "6", "--stage", "turns"]


def env_for(tmp_path):
    # Small batches and partitions: many commits, so a kill lands between them.
    return dict(os.environ, ARCHIVIST_INGEST__BATCH_ROWS="500", ARCHIVIST_INGEST__WORKERS="1")


def stored(store) -> tuple[pl.DataFrame, pl.DataFrame]:
    s = Store(str(store))
    turns = s.read("turns").drop("run_id").sort("turn_id")
    quarantine = s.read("quarantine").drop("run_id", "quarantined_at").sort("quarantine_id")
    return turns, quarantine


def committed_turns(store) -> int:
    try:
        return Store(str(store)).count("turns")
    except Exception:  # the table may be mid-creation when first polled
        return 0


def test_killed_run_resumes_to_the_same_rows(prefect_api, tmp_path):
    archive = tmp_path / "archive.jsonl"
    valid = write_archive(archive, scopes=40, conversations=4, turns=25, bad_lines=BAD_LINES)
    env = env_for(tmp_path)

    reference = tmp_path / "reference"
    subprocess.run(ingest_command(archive, reference), env=env, check=True, capture_output=True)

    interrupted = tmp_path / "interrupted"
    process = subprocess.Popen(ingest_command(archive, interrupted), env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while committed_turns(interrupted) == 0 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    partial = committed_turns(interrupted)
    assert 0 < partial < valid, "the kill must land after some commits and before the last one"

    subprocess.run(ingest_command(archive, interrupted), env=env, check=True, capture_output=True)
    ref_turns, ref_quarantine = stored(reference)
    turns, quarantine = stored(interrupted)
    assert turns.height == valid
    assert turns.equals(ref_turns)
    assert quarantine.equals(ref_quarantine)
