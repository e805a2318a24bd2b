from datetime import datetime, timezone

import polars as pl

from archivist.tasks.ingest.partition import in_conversation_order, partition_of, with_partition


def test_partition_is_stable_and_in_range():
    assert partition_of("acme", "cust-1", 8) == partition_of("acme", "cust-1", 8)
    assert all(0 <= partition_of("acme", f"cust-{i}", 8) < 8 for i in range(200))


def test_partitions_spread_scopes():
    used = {partition_of("acme", f"cust-{i}", 8) for i in range(200)}
    assert used == set(range(8))


def test_same_scope_name_in_two_tenants_is_two_keys():
    frame = pl.DataFrame({"tenant": ["a", "b"], "scope": ["s", "s"]})
    out = with_partition(frame, 1000)
    assert out["partition"].to_list() == [partition_of("a", "s", 1000), partition_of("b", "s", 1000)]


def test_every_turn_of_a_scope_lands_in_one_partition():
    frame = pl.DataFrame({"tenant": ["t"] * 6, "scope": ["x", "y", "x", "y", "x", "z"]})
    out = with_partition(frame, 4)
    assert out.group_by("scope").agg(pl.col("partition").n_unique())["partition"].max() == 1


def test_conversation_order_sorts_by_time_then_turn():
    t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    t1 = datetime(2026, 1, 2, tzinfo=timezone.utc)
    frame = pl.DataFrame({
        "tenant": ["t"] * 3, "scope": ["s"] * 3, "said_at": [t1, t0, t0],
        "conversation_id": ["c2", "c1", "c1"], "turn_index": [0, 1, 0],
    })
    ordered = in_conversation_order(frame)
    assert ordered.select("conversation_id", "turn_index").rows() == [("c1", 0), ("c1", 1), ("c2", 0)]
