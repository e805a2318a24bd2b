"""Commits in progress: a marker row written before a multi-table commit and deleted after it.

LanceDB commits one table at a time, so a process killed between two tables leaves them disagreeing: facts
upserted but their events not appended, or consolidation decisions recorded but their plan not saved. Every
multi-table commit therefore runs as

    begin_commit(store, kind, scopes, ...)    the marker: which commit, which scopes, which run or plan
    ... the tables, in their usual order ...
    end_commit(store, commit_id)              the marker goes

and a marker that is still there names a commit that was cut short. Readers treat the facts of its scopes as
the replay of the events (`open_commit_scopes`); the next writer heals it (tasks/plans/heal.py) with the
functions below: `heal_facts` rewrites the scopes' facts rows as the replay of their events (the log is the
truth), and `rollback_unsaved_plan` removes the decisions of a consolidation or re-score run whose plan was
never saved, so the pairs it asked count as examined only once a plan holds its items.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import polars as pl
import pyarrow as pa

from archivist.ids import content_id
from archivist.storage import sql
from archivist.storage.events import replay_facts, scope_events
from archivist.storage.facts import DECISIONS_TABLE, FACTS_TABLE, write_facts
from archivist.storage.plans import PLAN_ITEMS_TABLE, PLANS_TABLE, delete_plan_files
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.scopes import fact_vector_dim
from archivist.storage.store import Store, StoreError

COMMITS_TABLE = "commits"
FACTS_COMMIT, PLAN_APPLY, PLAN_RESTORE, PLAN_SAVE = "facts", "plan-apply", "plan-restore", "plan-save"
"""Marker kinds: a write-path commit (decisions, facts, events); a plan's apply or restore (facts, events,
plan status); a consolidation or re-score (decisions, then the plan that holds their items)."""
FACT_KINDS = (FACTS_COMMIT, PLAN_APPLY, PLAN_RESTORE)

COMMITS = pa.schema(
    [
        pa.field("commit_id", pa.string(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("scopes", pa.string()),
        pa.field("run_id", pa.string()),
        pa.field("plan_id", pa.string()),
        pa.field("started_at", TIMESTAMP),
    ]
)


@dataclass(frozen=True)
class OpenCommit:
    commit_id: str
    kind: str
    scopes: list[tuple[str, str]]
    run_id: str | None
    plan_id: str | None


def begin_commit(store: Store, kind: str, scopes: Iterable[tuple[str, str]], *, run_id: str | None = None,
                 plan_id: str | None = None) -> str:
    """Write the marker of a commit about to start; returns its id (for `end_commit`)."""
    scopes = sorted({(str(t), str(s)) for t, s in scopes})
    commit_id = content_id("commit", kind, run_id or "", plan_id or "", json.dumps(scopes))
    store.ensure_table(COMMITS_TABLE, COMMITS, btree=("commit_id",))
    row = {"commit_id": commit_id, "kind": kind, "scopes": json.dumps(scopes), "run_id": run_id,
           "plan_id": plan_id, "started_at": datetime.now(UTC)}
    store.insert_new(COMMITS_TABLE, pa.Table.from_pylist([row], schema=COMMITS), "commit_id")
    return commit_id


def end_commit(store: Store, commit_id: str) -> None:
    store.delete(COMMITS_TABLE, f"commit_id = {sql.quote(commit_id)}")


def open_commits(store: Store) -> list[OpenCommit]:
    """Markers of commits that began and have not ended (cut short, or running now), oldest first."""
    if not store.has_table(COMMITS_TABLE):
        return []
    frame = store.read(COMMITS_TABLE)
    if frame.is_empty():
        return []
    return [OpenCommit(row["commit_id"], row["kind"], [tuple(s) for s in json.loads(row["scopes"] or "[]")],
                       row["run_id"], row["plan_id"])
            for row in frame.sort("started_at").iter_rows(named=True)]


def open_commit_scopes(store: Store) -> set[tuple[str, str]]:
    """Scopes whose facts rows may differ from the replay of their events right now."""
    return {scope for commit in open_commits(store) if commit.kind in FACT_KINDS for scope in commit.scopes}


def heal_facts(store: Store, scopes: Sequence[tuple[str, str]]) -> int:
    """Rewrite the facts rows of `scopes` as the replay of their events; returns how many rows changed.

    Facts are written before their events, so every fact of the log has a row (and a vector) in the table; a
    row the log does not hold was written by a commit that never reached its events, and goes.
    """
    scopes = list(scopes)
    if not scopes or not store.has_table(FACTS_TABLE):
        return 0
    where = sql.scope_filter(scopes)
    replayed = replay_facts(scope_events(store, scopes))
    stored = store.read(FACTS_TABLE, where=where)
    if stored.is_empty():
        stored = pl.DataFrame(schema={"fact_id": pl.String})
    vectors = stored.select("fact_id", "vector") if "vector" in stored.columns else stored
    missing = set(replayed["fact_id"].to_list()) - set(vectors["fact_id"].to_list())
    if missing:
        raise StoreError(f"{len(missing)} facts in the event log have no row in the facts table (first: "
                         f"{min(missing)}); the table was edited outside archivist: restore it from a "
                         "backup or re-embed those facts")
    keep = set(replayed["fact_id"].to_list())
    extra = sorted(set(stored["fact_id"].to_list()) - keep)
    changed = _changed(stored, replayed)
    if changed.height:
        write_facts(store, changed.join(vectors, on="fact_id", how="left"), fact_vector_dim(store) or 0)
    if extra:
        store.delete(FACTS_TABLE, f"({where}) AND {sql.in_list('fact_id', extra)}")
    return changed.height + len(extra)


def _changed(stored: pl.DataFrame, replayed: pl.DataFrame) -> pl.DataFrame:
    """The replayed rows that differ from (or are missing in) the stored ones."""
    if replayed.is_empty():
        return replayed
    if stored.height == 0 or "vector" not in stored.columns:
        return replayed
    by_id = {row["fact_id"]: row for row in stored.drop("vector").iter_rows(named=True)}
    differ = [row["fact_id"] for row in replayed.iter_rows(named=True)
              if _normal(by_id.get(row["fact_id"])) != _normal(row)]
    return replayed.filter(pl.col("fact_id").is_in(differ))


def _normal(row: dict | None) -> dict | None:
    return None if row is None else {k: (list(v) if isinstance(v, tuple) else v) for k, v in row.items()}


def plan_saved(store: Store, plan_id: str) -> bool:
    return store.has_table(PLANS_TABLE) and store.count(PLANS_TABLE, f"plan_id = {sql.quote(plan_id)}") > 0


def rollback_unsaved_plan(store: Store, run_id: str, plan_id: str) -> int:
    """A run that recorded decisions but never saved its plan: remove those decisions and any items of the
    plan, so the next pass asks the same pairs again (from the call cache) and saves them with their plan.
    Returns how many decisions were removed; a plan that was saved keeps everything."""
    if plan_saved(store, plan_id):
        return 0
    removed = 0
    if store.has_table(DECISIONS_TABLE):
        where = f"run_id = {sql.quote(run_id)}"
        removed = store.count(DECISIONS_TABLE, where)
        if removed:
            store.delete(DECISIONS_TABLE, where)
    if store.has_table(PLAN_ITEMS_TABLE):
        store.delete(PLAN_ITEMS_TABLE, f"plan_id = {sql.quote(plan_id)}")
    delete_plan_files(store, [plan_id])
    return removed
