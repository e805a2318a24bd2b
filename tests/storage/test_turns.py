from datetime import datetime, timezone

import numpy as np
import polars as pl
import pyarrow as pa
import pytest

from archivist.ids import content_id
from archivist.storage import Store, StoreError, schemas
from archivist.storage.quarantine import write_quarantine
from archivist.storage.runs import finish_run, start_run
from archivist.storage.turns import ensure_ingest_tables, existing_turn_ids, table_counts, write_turns

DIM = 4


def turns_table(rows: list[tuple[str, str, str, int, str]]) -> pa.Table:
    said = datetime(2026, 11, 28, tzinfo=timezone.utc)
    data = {
        "turn_id": [content_id(t, s, c, i, x) for t, s, c, i, x in rows],
        "tenant": [r[0] for r in rows],
        "scope": [r[1] for r in rows],
        "conversation_id": [r[2] for r in rows],
        "turn_index": [r[3] for r in rows],
        "speaker": ["customer"] * len(rows),
        "role": ["customer"] * len(rows),
        "text": [r[4] for r in rows],
        "said_at": [said] * len(rows),
        "source_file": ["a.jsonl"] * len(rows),
        "source_line": list(range(1, len(rows) + 1)),
        "run_id": ["r1"] * len(rows),
        "vector": [np.ones(DIM, dtype=np.float32) / 2 for _ in rows],
    }
    return pa.table(data, schema=schemas.turns_schema(DIM))


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "store"))
    ensure_ingest_tables(store, DIM)
    return store


def test_writing_the_same_turns_twice_adds_nothing(store):
    rows = turns_table([("acme", "c1", "conv", 0, "hi"), ("acme", "c1", "conv", 1, "my card broke")])
    assert write_turns(store, rows) == 2
    assert write_turns(store, rows) == 0
    assert store.count("turns") == 2


def test_existing_ids_are_found_and_others_are_not(store):
    rows = turns_table([("acme", "c1", "conv", 0, "hi")])
    write_turns(store, rows)
    known = rows.column("turn_id")[0].as_py()
    assert existing_turn_ids(store, [known, "not-there"]) == {known}


def test_two_tenants_with_the_same_ids_keep_separate_rows(store):
    rows = turns_table([("acme", "c1", "conv", 0, "hello"), ("globex", "c1", "conv", 0, "hello")])
    assert write_turns(store, rows) == 2
    acme = store.read("turns", where="tenant = 'acme'")
    assert acme.height == 1 and acme["tenant"].to_list() == ["acme"]


def test_quarantine_is_keyed_by_source_and_content(store):
    rows = pl.DataFrame({
        "quarantine_id": [content_id("f", 3, "{bad"), content_id("f", 4, "")],
        "source_file": ["f", "f"], "source_line": [3, 4], "raw": ["{bad", ""],
        "reason": ["unparseable JSON", "empty text"],
    })
    assert write_quarantine(store, rows, "run-1") == 2
    assert write_quarantine(store, rows, "run-2") == 0
    assert sorted(store.read("quarantine")["reason"].to_list()) == ["empty text", "unparseable JSON"]


def test_runs_record_start_and_finish(store):
    start_run(store, "r9", "ingest", {"paths": ["x"]})
    assert store.read("runs")["status"].to_list() == ["running"]
    finish_run(store, "r9", "completed", {"turns_written": 3})
    runs = store.read("runs")
    assert runs.height == 1 and runs["status"][0] == "completed" and '"turns_written": 3' in runs["counts"][0]


def test_counts_cover_tables_that_do_not_exist_yet(store):
    write_turns(store, turns_table([("acme", "c1", "conv", 0, "hi")]))
    assert table_counts(store) == {
        "turns": 1, "facts": {"active": 0, "tentative": 0, "closed": 0},
        "decisions": 0, "events": 0, "quarantine": 0, "runs": 0,
    }


def test_a_table_with_another_schema_is_refused_with_advice(tmp_path):
    store = Store(str(tmp_path / "s"))
    store.ensure_table("turns", schemas.turns_schema(8))
    with pytest.raises(StoreError, match="new --store"):
        store.ensure_table("turns", schemas.turns_schema(4))


def test_a_table_listed_while_another_thread_is_still_creating_it_reads_as_absent(tmp_path):
    """A partition asks whether turns were extracted while another partition's thread creates `extracted`: LanceDB
    lists the table's folder before its first version is written, and opening it then fails. To the reader the
    table does not exist yet, as it did not a moment before; any other failure to open still raises."""
    store = Store(str(tmp_path / "store"))
    (tmp_path / "store" / "extracted.lance").mkdir(parents=True)
    assert "extracted" in store.list_tables()
    assert store.table("extracted") is None
    assert store.present("extracted", "turn_id", ["t1"]) == set()
