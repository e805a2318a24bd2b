"""The `plans` and `plan_items` tables, and each plan's Parquet copy beside a local store.

A plan is a reviewed list of store changes (consolidation or re-scoring) that changes nothing until it is
applied. Each item names the fact(s) it changes, the decision and probabilities behind it, the state of its
facts it was planned against (`expected_before`) and the column values it would set (`changes`), so apply can
refuse an item whose facts moved on and restore can undo exactly what apply wrote.

    plans       plan_id, kind (consolidate | rescore), tenant, scope (the filter it ran with), created_at,
                status (draft | applied | restored), model, question id and version, summary (JSON),
                facts_fingerprint (of every fact it read), applied_at, restored_at, items
    plan_items  item_id, plan_id, tenant, scope, action (close_superseded | link_same_as | reopen), fact_id,
                other_fact_id, decision_id, probabilities (JSON), chosen, confidence, expected_before (JSON),
                changes (JSON), outcome (planned | applied | refused | restored | kept), note
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa

from archivist.errors import ArchivistError
from archivist.storage import sql
from archivist.storage.frames import arrow_frame
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store
from archivist.vocab import APPLIED, DRAFT, RESTORED  # noqa: F401 (plan statuses, re-exported)

PLANS_TABLE, PLAN_ITEMS_TABLE = "plans", "plan_items"
PLAN_KINDS = ("consolidate", "rescore")
CLOSE_SUPERSEDED, LINK_SAME_AS, REOPEN = "close_superseded", "link_same_as", "reopen"
PLANNED = "planned"

PLANS = pa.schema(
    [
        pa.field("plan_id", pa.string(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("tenant", pa.string()),
        pa.field("scope", pa.string()),
        pa.field("created_at", TIMESTAMP),
        pa.field("status", pa.string(), nullable=False),
        pa.field("model", pa.string()),
        pa.field("question_id", pa.string()),
        pa.field("question_version", pa.int64()),
        pa.field("run_id", pa.string()),
        pa.field("summary", pa.string()),
        pa.field("facts_fingerprint", pa.string()),
        pa.field("applied_at", TIMESTAMP),
        pa.field("restored_at", TIMESTAMP),
        pa.field("items", pa.int64()),
    ]
)

PLAN_ITEMS = pa.schema(
    [
        pa.field("item_id", pa.string(), nullable=False),
        pa.field("plan_id", pa.string(), nullable=False),
        pa.field("tenant", pa.string(), nullable=False),
        pa.field("scope", pa.string(), nullable=False),
        pa.field("action", pa.string(), nullable=False),
        pa.field("fact_id", pa.string(), nullable=False),
        pa.field("other_fact_id", pa.string()),
        pa.field("decision_id", pa.string()),
        pa.field("probabilities", pa.string()),
        pa.field("chosen", pa.string()),
        pa.field("confidence", pa.float64()),
        pa.field("expected_before", pa.string()),
        pa.field("changes", pa.string()),
        pa.field("outcome", pa.string()),
        pa.field("note", pa.string()),
    ]
)


class PlanNotFound(ArchivistError, LookupError):
    """No plan with that id in the store."""


@dataclass
class StoredPlan:
    plan: dict[str, Any]
    items: pl.DataFrame

    @property
    def plan_id(self) -> str:
        return self.plan["plan_id"]

    @property
    def status(self) -> str:
        return self.plan["status"]


def utcnow() -> datetime:
    return datetime.now(UTC)


def ensure_plan_tables(store: Store) -> None:
    store.ensure_table(PLANS_TABLE, PLANS, btree=("plan_id",))
    store.ensure_table(PLAN_ITEMS_TABLE, PLAN_ITEMS, btree=("item_id",))


def empty_items() -> pl.DataFrame:
    return arrow_frame(PLAN_ITEMS.empty_table())


def items_frame(rows: Sequence[Mapping[str, Any]]) -> pl.DataFrame:
    table = pa.Table.from_pylist([{name: row.get(name) for name in PLAN_ITEMS.names} for row in rows],
                                 schema=PLAN_ITEMS)
    return arrow_frame(table)


def save_plan(store: Store, plan: Mapping[str, Any], items: pl.DataFrame) -> StoredPlan:
    """Write a new plan and its items (insert-if-absent: saving the same plan twice adds nothing)."""
    ensure_plan_tables(store)
    row: dict[str, Any] = {name: plan.get(name) for name in PLANS.names}
    row["items"] = items.height
    row["status"] = row["status"] or DRAFT
    if items.height:
        store.insert_new(PLAN_ITEMS_TABLE, items.select(PLAN_ITEMS.names).to_arrow().cast(PLAN_ITEMS), "item_id")
    # The plan row last: a plan that is listed always has all of its items.
    store.insert_new(PLANS_TABLE, pa.Table.from_pylist([row], schema=PLANS), "plan_id")
    stored = read_plan(store, row["plan_id"])
    write_plan_file(store, stored)
    return stored


def read_plan(store: Store, plan_id: str) -> StoredPlan:
    plans = store.read(PLANS_TABLE, where=f"plan_id = {sql.quote(plan_id)}") if store.has_table(PLANS_TABLE) \
        else pl.DataFrame()
    if plans.is_empty():
        raise PlanNotFound(f"no plan {plan_id!r} in {store.uri}; list the plans with `archivist plan list`")
    items = store.read(PLAN_ITEMS_TABLE, where=f"plan_id = {sql.quote(plan_id)}")
    items = empty_items() if items.is_empty() else items.select(PLAN_ITEMS.names).sort(["scope", "item_id"])
    return StoredPlan(plans.row(0, named=True), items)


def list_plans(store: Store, tenant: str | None = None) -> pl.DataFrame:
    if not store.has_table(PLANS_TABLE):
        return arrow_frame(PLANS.empty_table())
    plans = store.read(PLANS_TABLE, where=f"tenant = {sql.quote(tenant)}" if tenant else None)
    return arrow_frame(PLANS.empty_table()) if plans.is_empty() else plans.sort("created_at", descending=True)


def update_plan(store: Store, stored: StoredPlan, items: pl.DataFrame | None = None, **columns: Any) -> StoredPlan:
    """Set plan columns (status, applied_at, ...) and item outcomes; rewrite the Parquet copy."""
    if items is not None and items.height:
        store.upsert(PLAN_ITEMS_TABLE, items.select(PLAN_ITEMS.names).to_arrow().cast(PLAN_ITEMS), "item_id")
    row = {**stored.plan, **columns}
    store.upsert(PLANS_TABLE, pa.Table.from_pylist([{n: row.get(n) for n in PLANS.names}], schema=PLANS), "plan_id")
    updated = read_plan(store, stored.plan_id)
    write_plan_file(store, updated)
    return updated


# -- the Parquet copy ---------------------------------------------------------------------------------------


def plan_file(store: Store, plan_id: str) -> Path | None:
    """`<store>/plans/<plan_id>.parquet`, for a store in a local folder (None for an object store)."""
    if "://" in store.uri:
        return None
    return Path(store.uri) / "plans" / f"{plan_id}.parquet"


def write_plan_file(store: Store, stored: StoredPlan) -> Path | None:
    """The plan's items with the plan's own columns (prefixed `plan_`), for analytics tools that read Parquet."""
    path = plan_file(store, stored.plan_id)
    if path is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    plan_columns = {f"plan_{k}": v for k, v in stored.plan.items() if k != "plan_id"}
    frame = stored.items.with_columns(
        [pl.lit(v, dtype=_polars_type(k)).alias(k) for k, v in plan_columns.items()])
    partial = path.with_suffix(".parquet.partial")
    frame.write_parquet(partial)
    partial.replace(path)  # readers never see half a file
    return path


def _polars_type(column: str) -> pl.DataType:
    field = PLANS.field(column.removeprefix("plan_"))
    return arrow_frame(pa.table({"x": pa.array([], type=field.type)})).schema["x"]


# -- what purge needs -------------------------------------------------------------------------------------


def plans_to_purge(store: Store, tenant: str, scope: str | None) -> tuple[list[str], list[str]]:
    """(plans to delete whole, plans that only lose some items) for a purge of `tenant`[/`scope`].

    A plan made for the purged tenant (a tenant purge) or for exactly the purged scope goes whole; any other
    plan with items of the purged tenant/scope (made for the whole tenant, or for every tenant) loses them.
    """
    if not store.has_table(PLANS_TABLE):
        return [], []
    plans = store.read(PLANS_TABLE, where=f"tenant = {sql.quote(tenant)}", columns=["plan_id", "scope"])
    whole = sorted(p for p, s in plans.iter_rows() if scope is None or s == scope) if plans.height else []
    touched: list[str] = []
    if store.has_table(PLAN_ITEMS_TABLE):
        where = sql.scope_filter([(tenant, scope)])
        items = store.read(PLAN_ITEMS_TABLE, where=where, columns=["plan_id"])
        touched = sorted(set(items["plan_id"].to_list()) - set(whole)) if items.height else []
    return whole, touched


def delete_plan_files(store: Store, plan_ids: Sequence[str]) -> int:
    removed = 0
    for plan_id in plan_ids:
        path = plan_file(store, plan_id)
        if path is not None and path.exists():
            path.unlink()
            removed += 1
    return removed


def plan_where(plan_ids: Sequence[str]) -> str:
    return sql.in_list("plan_id", plan_ids)
