"""The plans and plan_items tables, and each plan's Parquet copy beside the store."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl
import pytest

from archivist.storage.plans import (
    PlanNotFound,
    items_frame,
    list_plans,
    plan_file,
    plans_to_purge,
    read_plan,
    save_plan,
    update_plan,
)
from archivist.storage.store import Store

CREATED = datetime(2026, 11, 1, 4, 0, tzinfo=timezone.utc)


def plan(plan_id: str = "p1", tenant: str = "acme", scope: str | None = None, **extra) -> dict:
    return {"plan_id": plan_id, "kind": "consolidate", "tenant": tenant, "scope": scope, "created_at": CREATED,
            "status": "draft", "model": "m-1", "question_id": "relation", "question_version": 1,
            "run_id": "consolidate-x", "summary": json.dumps({"pairs_asked": 2}), "facts_fingerprint": "f" * 32,
            **extra}


def item(item_id: str, plan_id: str = "p1", scope: str = "cust-1", tenant: str = "acme") -> dict:
    return {"item_id": item_id, "plan_id": plan_id, "tenant": tenant, "scope": scope, "action": "close_superseded",
            "fact_id": f"fact-{item_id}", "other_fact_id": f"other-{item_id}", "decision_id": f"d-{item_id}",
            "probabilities": json.dumps({"update": 0.95}), "chosen": "update", "confidence": 0.95,
            "expected_before": json.dumps({f"fact-{item_id}": {"status": "active"}}),
            "changes": json.dumps({f"fact-{item_id}": {"kind": "fact_closed", "after": {"status": "closed"}}}),
            "outcome": "planned", "note": None}


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(str(tmp_path / "store"))


def test_a_saved_plan_reads_back_with_its_items_and_is_listed(store):
    saved = save_plan(store, plan(), items_frame([item("a"), item("b")]))
    assert saved.status == "draft" and saved.plan["items"] == 2
    again = read_plan(store, "p1")
    assert again.plan["model"] == "m-1" and again.plan["created_at"] == CREATED
    assert again.items["item_id"].to_list() == ["a", "b"]
    assert list_plans(store)["plan_id"].to_list() == ["p1"]
    assert list_plans(store, tenant="other").is_empty()


def test_saving_the_same_plan_twice_adds_nothing(store):
    save_plan(store, plan(), items_frame([item("a")]))
    save_plan(store, plan(), items_frame([item("a")]))
    assert store.count("plans") == 1 and store.count("plan_items") == 1


def test_the_parquet_copy_holds_the_items_and_follows_status_changes(store):
    saved = save_plan(store, plan(), items_frame([item("a"), item("b")]))
    path = plan_file(store, "p1")
    assert str(path) == f"{store.uri}/plans/p1.parquet"
    copy = pl.read_parquet(path)
    assert copy["item_id"].sort().to_list() == ["a", "b"]
    assert set(copy["plan_status"].to_list()) == {"draft"} and set(copy["plan_kind"].to_list()) == {"consolidate"}
    outcomes = saved.items.with_columns(pl.lit("applied").alias("outcome"))
    update_plan(store, saved, items=outcomes, status="applied", applied_at=CREATED)
    copy = pl.read_parquet(path)
    assert set(copy["plan_status"].to_list()) == {"applied"} and set(copy["outcome"].to_list()) == {"applied"}
    assert read_plan(store, "p1").plan["applied_at"] == CREATED


def test_an_object_store_has_no_parquet_copy():
    class Remote:
        uri = "s3://bucket/memory"

    assert plan_file(Remote(), "p1") is None  # type: ignore[arg-type]


def test_a_missing_plan_says_how_to_find_the_plans(store):
    with pytest.raises(PlanNotFound, match="archivist plan list"):
        read_plan(store, "nope")


def test_purge_deletes_the_scope_plans_and_trims_tenant_wide_ones(store):
    save_plan(store, plan("wide"), items_frame([item("a", "wide", "cust-1"), item("b", "wide", "cust-2")]))
    save_plan(store, plan("mine", scope="cust-1"), items_frame([item("c", "mine", "cust-1")]))
    save_plan(store, plan("theirs", scope="cust-2"), items_frame([item("d", "theirs", "cust-2")]))
    save_plan(store, plan("everyone", tenant=None), items_frame([item("e", "everyone", "cust-1"),
                                                                  item("f", "everyone", "x", tenant="other")]))
    assert plans_to_purge(store, "acme", "cust-1") == (["mine"], ["everyone", "wide"])
    assert plans_to_purge(store, "acme", None) == (["mine", "theirs", "wide"], ["everyone"])
    assert plans_to_purge(store, "other", None) == ([], ["everyone"])
