"""What runs that were killed leave in a local store's `<store>/_staging`, and writing it back or clearing it.

An ingest run stages its partitions (the archive's texts) and spills the paid calls of its partition tasks
(storage/spill.py) under `<store>/_staging/<run>`, and removes that folder when it ends however it ends, except
when it is killed. Runs write only under the writer lease, so while one holds it every other run's folder there
is a dead run's:

- `recover_spills` (ingest, before its own run starts) writes the calls the dead runs paid for to `call_cache`,
  `ledger` and `llm_batches`, so the new run finds their answers cached, and removes their spill folders. Their
  staged partitions are left: nothing reads them again, and a re-run stages afresh.
- `clear_dead_runs` (purge, before it plans) does the same recovery, then removes every dead run's folder, so
  its byte scan, which reads every file under the store, finds the purged scope's words only in the tables it
  rewrites. The recovered rows of the purged scope are then planned and erased like any others; those of other
  scopes stay in their tables.

Only a local store's own `_staging` is looked at: a shared `ingest.staging_dir` may hold other stores' runs,
and a run on an object store stages in a local temporary folder (neither is under the store).
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from archivist.storage import spill
from archivist.storage.calls import read_spilled, write_held
from archivist.storage.store import Store

log = logging.getLogger(__name__)

STAGING = "_staging"


@dataclass(frozen=True)
class Cleared:
    calls: int
    """Paid calls written to the tables from the dead runs' spill files."""
    runs: int
    """Dead runs' staging folders removed."""


def recover_spills(store: Store, run_id: str | None) -> int:
    """Write the paid calls and batch records spilled by runs that were killed (the flow itself: their staging
    folders stayed behind), so a run finds their answers cached; the number of calls. `run_id`'s own folder is
    left alone. The caller holds the writer lease, which makes every other run's folder a dead run's."""
    if "://" in store.uri:
        return 0
    calls = 0
    for folder in sorted((Path(store.uri) / STAGING).glob("*/_calls/*")):
        if folder.parent.parent.name == run_id or not folder.is_dir():
            continue
        held = read_spilled(str(folder))
        write_held(store, held)
        calls += len(held.ledger)
        spill.discard(str(folder))
    if calls:
        log.warning("recovered %d paid model call(s) of a run that was killed, from its spill files: their answers "
                    "are cached, so no later run pays for them again", calls)
    return calls


def clear_dead_runs(store: Store, command: str) -> Cleared:
    """Recover every dead run's spilled calls (`recover_spills`), then remove every run's staging folder: under
    the writer lease (taken here for `command`, re-entrant) and with no run of the caller's own, all are dead."""
    if "://" in store.uri:
        return Cleared(0, 0)
    with store.writer(command):
        calls = recover_spills(store, None)
        base = Path(store.uri) / STAGING
        dead = sorted(base.iterdir()) if base.is_dir() else []
        for path in dead:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)  # what stays is named by the purge's byte scan
            else:
                path.unlink(missing_ok=True)
    if dead:
        log.warning("removed the staging folders of %d ingest run(s) that were killed (their staged partitions; "
                    "the next ingest stages again)", len(dead))
    return Cleared(calls, len(dead))
