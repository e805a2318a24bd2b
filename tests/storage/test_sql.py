"""The one place filters are built: quoting, IN lists in chunks, the scope filter; and read commands refusing a
path that holds no store."""

from __future__ import annotations

import pyarrow as pa
import pytest

from archivist.storage import schemas, sql
from archivist.storage.events import (
    AmbiguousId,
    append_events,
    events_frame,
    resolve_fact_id,
)
from archivist.storage.store import Store, StoreNotFound


def test_quotes_cannot_break_a_filter_and_empty_lists_match_nothing():
    assert sql.quote("o'brien") == "'o''brien'"
    assert sql.in_list("scope", []) == "false"
    assert sql.in_chunks("id", ["b", "a", "b", "c"], chunk=2) == ["id IN ('a', 'b')", "id IN ('c')"]


def test_the_scope_filter_reads_none_as_every_scope_and_an_empty_scope_as_a_scope_named_empty():
    assert sql.scope_filter([("t", None)]) == "tenant = 't'"
    assert sql.scope_filter([("t", "")]) == "tenant = 't' AND scope = ''"
    assert sql.scope_filter([]) == "false"
    both = sql.scope_filter([("a", "s1"), ("a", "s2"), ("b", None)], statuses=["active"])
    assert both == "((tenant = 'b') OR (tenant = 'a' AND scope IN ('s1', 's2'))) AND status IN ('active')"


def test_the_scope_filter_selects_exactly_its_rows(tmp_path):
    store = Store(str(tmp_path / "store"))
    rows = [{"run_id": f"{t}/{s}", "flow": t, "parameters": s} for t in ("a", "b") for s in ("s1", "s2", "")]
    store.ensure_table("turns", schemas.turns_schema(2))
    turns = [{"turn_id": r["run_id"], "tenant": r["flow"], "scope": r["parameters"], "conversation_id": "c",
              "turn_index": 0, "role": "user", "text": "x", "vector": [0.0, 1.0]} for r in rows]
    store.append("turns", pa.Table.from_pylist(turns, schema=schemas.turns_schema(2)))
    picked = store.read("turns", where=sql.scope_filter([("a", "s1"), ("b", None)]))["turn_id"].sort().to_list()
    assert picked == ["a/s1", "b/", "b/s1", "b/s2"]


def test_a_read_command_refuses_a_path_without_a_store(tmp_path):
    with pytest.raises(StoreNotFound, match="no such folder"):
        Store.open_existing(str(tmp_path / "typo"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(StoreNotFound, match="holds no archivist tables"):
        Store.open_existing(str(tmp_path / "empty"))
    assert not (tmp_path / "typo").exists()


def test_a_short_fact_id_resolves_when_unique_and_is_refused_when_not(tmp_path):
    store = Store(str(tmp_path / "store"))
    rows = [{"event_id": f"e{i}", "tenant": "t", "scope": "s", "kind": "fact_added", "fact_id": fact_id}
            for i, fact_id in enumerate(["abc123", "abd999", "abd000"])]
    append_events(store, events_frame(rows))
    assert resolve_fact_id(store, "abc") == "abc123"
    assert resolve_fact_id(store, "zzz") == "zzz"
    with pytest.raises(AmbiguousId, match="start of 2 fact ids"):
        resolve_fact_id(store, "abd")
