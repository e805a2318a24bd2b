"""storage.search: the FTS index is rebuilt only when stale, and every search stays inside its filter."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pyarrow as pa
import pytest

from archivist.storage import schemas, search, sql
from archivist.storage.store import Store

DIM = 4


def at(day: int) -> datetime:
    return datetime(2024, 1, day, tzinfo=timezone.utc)


def turns(rows: list[tuple[str, str, str, int, str, int, list[float]]]) -> pa.Table:
    """(turn_id, tenant, scope, turn_index, text, day, vector) rows of one conversation per scope."""
    return pa.Table.from_pylist(
        [
            {"turn_id": tid, "tenant": tenant, "scope": scope, "conversation_id": f"{tenant}/{scope}",
             "turn_index": index, "speaker": f"speaker-{index % 2}", "role": "user", "text": text,
             "said_at": at(day), "source_file": None, "source_line": None, "run_id": "t", "vector": vector}
            for tid, tenant, scope, index, text, day, vector in rows
        ],
        schema=schemas.turns_schema(DIM),
    )


ROWS = [
    ("a0", "acme", "s1", 0, "I live in Lisbon by the river", 1, [1.0, 0, 0, 0]),
    ("a1", "acme", "s1", 1, "my router broke again", 2, [0, 1.0, 0, 0]),
    ("a2", "acme", "s1", 2, "I moved to Porto", 5, [0.9, 0.1, 0, 0]),
    ("b0", "acme", "s2", 0, "I live in Lisbon as well", 1, [1.0, 0, 0, 0]),
    ("c0", "other", "s1", 0, "Lisbon is where I live", 1, [1.0, 0, 0, 0]),
]


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "store"))
    store.ensure_table("turns", schemas.turns_schema(DIM), btree=("turn_id",))
    store.insert_new("turns", turns(ROWS), "turn_id")
    return store


def test_the_fts_index_is_built_once_and_rebuilt_only_after_new_rows(store):
    assert search.ensure_fts_index(store, "turns") is True
    assert search.ensure_fts_index(store, "turns") is False
    recorded = store.get_meta("search:fts:turns:text")
    assert recorded["version"] == store.version("turns") and recorded["rows"] == len(ROWS)

    # Another process knows only what meta says: a recorded, current build is not rebuilt.
    search._built_at.clear()
    assert search.ensure_fts_index(store, "turns") is False

    store.insert_new("turns", turns([("a3", "acme", "s1", 3, "the new flat in Porto is quiet", 6, [0, 0, 1.0, 0])]),
                     "turn_id")
    assert search.ensure_fts_index(store, "turns") is True
    assert store.get_meta("search:fts:turns:text")["rows"] == len(ROWS) + 1
    hits = search.text_search(store, "turns", "quiet flat", sql.scope_filter([("acme", "s1")]), 5, ["turn_id"])
    assert hits["turn_id"].to_list() == ["a3"]


def test_a_deletion_changes_the_version_but_needs_no_rebuild(store):
    search.ensure_fts_index(store, "turns")
    store.delete("turns", "turn_id = 'a1'")
    assert search.ensure_fts_index(store, "turns") is False


def test_text_search_stays_inside_tenant_and_scope(store):
    hits = search.text_search(store, "turns", "where do I live, Lisbon?", sql.scope_filter([("acme", "s1")]), 10,
                              ["turn_id", "text"])
    assert hits["turn_id"].to_list() == ["a0"]
    assert "_score" in hits.columns


def test_vector_search_stays_inside_tenant_and_scope_and_reports_cosine_distance(store):
    hits = search.vector_search(store, "turns", np.array([1.0, 0, 0, 0], dtype=np.float32),
                                sql.scope_filter([("acme", "s1")]), 10, ["turn_id"])
    assert hits["turn_id"].to_list() == ["a0", "a2", "a1"]
    assert hits["_distance"].to_list()[0] == pytest.approx(0.0, abs=1e-6)
    assert hits["_distance"].to_list()[2] == pytest.approx(1.0, abs=1e-6)


def test_said_by_keeps_what_was_said_by_then(store):
    where = sql.scope_filter([("acme", "s1")], said_by=datetime(2024, 1, 3))
    hits = search.vector_search(store, "turns", np.array([1.0, 0, 0, 0], dtype=np.float32), where, 10, ["turn_id"])
    assert sorted(hits["turn_id"].to_list()) == ["a0", "a1"]


def test_query_syntax_in_a_question_is_searched_as_words(store):
    hits = search.text_search(store, "turns", 'router "broke" AND (again) OR -river?',
                              sql.scope_filter([("acme", "s1")]), 10, ["turn_id"])
    assert "a1" in hits["turn_id"].to_list()
    assert search.text_search(store, "turns", "   ", sql.scope_filter([("acme", "s1")]), 10, ["turn_id"]).is_empty()


def test_neighbours_are_fetched_by_position_within_the_filter(store):
    got = search.fetch_turns_at(store, [("acme/s1", 1), ("acme/s1", 7), ("acme/s2", 0)],
                                sql.scope_filter([("acme", "s1")]), ["turn_id"])
    assert got["turn_id"].to_list() == ["a1"]
    by_id = search.fetch_by_ids(store, "turns", "turn_id", ["a2", "b0", "zz"], ["turn_id"],
                                sql.scope_filter([("acme", "s1")]))
    assert by_id["turn_id"].to_list() == ["a2"]


def test_scope_speakers_are_reread_after_the_table_changes(store):
    assert search.scope_speakers(store, "acme", "s1") == {"speaker-0", "speaker-1"}
    row = turns([("a9", "acme", "s1", 9, "hello", 7, [0, 0, 0, 1.0])]).set_column(
        5, "speaker", pa.array(["Ana"]))
    store.insert_new("turns", row, "turn_id")
    assert search.scope_speakers(store, "acme", "s1") == {"speaker-0", "speaker-1", "Ana"}


def test_fact_filters_cover_status_and_validity():
    where = sql.scope_filter([("t", "s")], statuses=["active", "tentative"], valid_at=datetime(2024, 5, 1))
    assert "status IN ('active', 'tentative')" in where
    assert "valid_from <= TIMESTAMP '2024-05-01 00:00:00.000000'" in where
    assert "valid_until > TIMESTAMP '2024-05-01 00:00:00.000000'" in where
    assert sql.scope_filter([("o'brien", "s")]).startswith("tenant = 'o''brien'")


def test_searching_a_missing_table_returns_nothing(tmp_path):
    empty = Store(str(tmp_path / "empty"))
    assert search.ensure_fts_index(empty, "turns") is False
    assert search.text_search(empty, "facts", "anything", "tenant = 't'", 5, ["fact_id"]).is_empty()
    assert search.vector_search(empty, "facts", np.zeros(DIM), "tenant = 't'", 5, ["fact_id"]).is_empty()
