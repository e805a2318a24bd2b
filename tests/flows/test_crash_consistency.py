"""A process killed at each multi-table commit boundary: readers see the replay of the log meanwhile, and the
next writer heals the store to exactly what an uninterrupted run leaves.

Each kill is a real subprocess ending itself with `os._exit(137)` at a named crash point
(archivist/crashpoints.py, ARCHIVIST_CRASH_AT), never a timer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from archivist.crashpoints import CRASH_STATUS, ENV_VAR
from archivist.storage.commits import open_commit_scopes, open_commits
from archivist.storage.plans import list_plans, read_plan
from archivist.storage.store import Store
from archivist.tasks.recall.asof import fact_view
from tests.fakes.fact_stores import (
    content_hash,
    facts_table,
    projection_matches_log,
    replayed,
)

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SCOPE = ("acme", "cust-1")


def step(store: Path, name: str, arg: str | None = None, crash_at: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    if crash_at:
        env[ENV_VAR] = crash_at
    command = [sys.executable, "-m", "tests.flows.crash_driver", name, str(store), *([arg] if arg else [])]
    done = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if crash_at:
        assert done.returncode == CRASH_STATUS, done.stderr[-2000:]
        assert f"crash point {crash_at} reached" in done.stderr
    else:
        assert done.returncode == 0, done.stderr[-2000:]
    return done


def facts_without_run(store: Path) -> str:
    return content_hash(facts_table(Store(str(store))).drop("vector"))


def reader_sees_the_replay(store: Path) -> None:
    """What recall reads for the scope equals the replay of the log, whatever the facts table holds."""
    db = Store(str(store))
    view = fact_view(db, *SCOPE, None)
    log = {row["fact_id"]: row for row in replayed(db).iter_rows(named=True)}
    if view is None:  # no commit open: the table itself must be the replay
        assert projection_matches_log(db)
    else:
        assert view.rows == log


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict[str, str]:
    """An uninterrupted store through every step: the facts after each."""
    store = tmp_path_factory.mktemp("reference") / "store"
    found = {}
    step(store, "night-1")
    step(store, "night-2")
    found["nights"] = facts_without_run(store)
    plan = step(store, "consolidate").stdout.strip()
    found["plan_items"] = json.dumps(sorted(read_plan(Store(str(store)), plan).items.select(
        "action", "fact_id", "other_fact_id").iter_rows()))
    step(store, "apply", plan)
    found["applied"] = facts_without_run(store)
    step(store, "restore", plan)
    found["restored"] = facts_without_run(store)
    return found


@pytest.mark.parametrize("point", ["facts:after-decisions", "facts:after-facts", "facts:after-events"])
def test_a_write_path_commit_killed_at_each_boundary_heals_to_the_replay(tmp_path, reference, point):
    store = tmp_path / "store"
    step(store, "night-1")
    step(store, "night-2", crash_at=point)
    db = Store(str(store))
    assert open_commit_scopes(db) == {SCOPE}
    if point == "facts:after-facts":
        assert not projection_matches_log(db)  # the failure: Porto's row (and Berlin closed) without events
    reader_sees_the_replay(store)
    step(store, "heal")  # the next writer opens the store
    assert not open_commits(db) and projection_matches_log(db)
    step(store, "night-2")  # and the night is run again
    assert projection_matches_log(db) and facts_without_run(store) == reference["nights"]


@pytest.mark.parametrize("point", ["plan-apply:after-facts", "plan-apply:after-events", "plan-apply:after-status"])
def test_a_plan_apply_killed_at_each_boundary_heals_to_the_applied_plan(tmp_path, reference, point):
    store = tmp_path / "store"
    step(store, "night-1")
    step(store, "night-2")
    plan = step(store, "consolidate").stdout.strip()
    step(store, "apply", plan, crash_at=point)
    db = Store(str(store))
    if point == "plan-apply:after-facts":
        assert not projection_matches_log(db)  # closed in the table, active in the log
    reader_sees_the_replay(store)
    step(store, "heal")
    assert not open_commits(db) and projection_matches_log(db)
    assert read_plan(db, plan).status == "applied"  # the apply was finished, not left as a draft
    assert facts_without_run(store) == reference["applied"]
    step(store, "restore", plan)
    assert facts_without_run(store) == reference["restored"]


def test_a_plan_restore_killed_between_facts_and_events_heals_to_the_restored_store(tmp_path, reference):
    store = tmp_path / "store"
    step(store, "night-1")
    step(store, "night-2")
    plan = step(store, "consolidate").stdout.strip()
    step(store, "apply", plan)
    step(store, "restore", plan, crash_at="plan-restore:after-facts")
    reader_sees_the_replay(store)
    step(store, "heal")
    db = Store(str(store))
    assert projection_matches_log(db) and read_plan(db, plan).status == "restored"
    assert facts_without_run(store) == reference["restored"]


def test_a_consolidation_killed_between_its_decisions_and_its_plan_loses_no_item(tmp_path, reference):
    store = tmp_path / "store"
    step(store, "night-1")
    step(store, "night-2")
    step(store, "consolidate", crash_at="consolidate:after-decisions")
    db = Store(str(store))
    assert list_plans(db).is_empty() and db.count("decisions", "run_id = 'consolidate-1'") > 0
    plan = step(store, "consolidate").stdout.strip()  # heals (the orphan decisions go), then asks again
    items = read_plan(db, plan).items
    assert items.height > 0
    assert json.dumps(sorted(items.select("action", "fact_id", "other_fact_id").iter_rows())) == reference["plan_items"]


def test_a_rescore_killed_between_its_decisions_and_its_plan_is_rolled_back_then_rerun(tmp_path):
    store = tmp_path / "store"
    step(store, "night-1")
    step(store, "night-2")
    step(store, "rescore", crash_at="rescore:after-decisions")
    db = Store(str(store))
    orphaned = db.count("decisions", "run_id = 'rescore-1'")
    assert orphaned > 0 and list_plans(db).is_empty()
    plan = step(store, "rescore").stdout.strip()
    assert plan and read_plan(db, plan).plan["kind"] == "rescore"
    assert db.count("decisions", "run_id = 'rescore-1'") == orphaned  # re-asked and recorded once, with a plan
    assert not open_commits(db)
    assert pl.DataFrame(list_plans(db)).height == 1
