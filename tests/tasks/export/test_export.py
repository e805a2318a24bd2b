"""`archivist export`: Parquet by tenant and date that Polars and pyarrow.dataset read back as the store holds it."""

from datetime import datetime, timedelta, timezone

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.ids import content_id
from archivist.storage import schemas
from archivist.storage.store import Store
from archivist.tasks.export.parquet import export_tables
from tests.fakes.fact_stores import write_night
from tests.fakes.statements import statement

DIM = 4
DAY0 = datetime(2026, 11, 1, 9, 0, tzinfo=timezone.utc)


def _turns(rows: list[tuple[str, str, int, str]]) -> pa.Table:
    return pa.table(
        {
            "turn_id": [content_id(t, s, d, x) for t, s, d, x in rows],
            "tenant": [r[0] for r in rows],
            "scope": [r[1] for r in rows],
            "conversation_id": ["c1"] * len(rows),
            "turn_index": list(range(len(rows))),
            "speaker": ["customer"] * len(rows),
            "role": ["customer"] * len(rows),
            "text": [r[3] for r in rows],
            "said_at": [DAY0 + timedelta(days=r[2]) for r in rows],
            "source_file": ["a.jsonl"] * len(rows),
            "source_line": list(range(1, len(rows) + 1)),
            "run_id": ["r1"] * len(rows),
            "vector": [np.full(DIM, i, dtype=np.float32) for i in range(len(rows))],
        },
        schema=schemas.turns_schema(DIM),
    )


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "store"))
    store.ensure_table("turns", schemas.turns_schema(DIM))
    store.append("turns", _turns([("acme", "cust-1", 0, "hello"), ("acme", "cust-1", 1, "I moved"),
                                  ("acme", "cust-2", 1, "hi"), ("globex", "cust-1", 2, "bye")]))
    write_night(store, [statement("User lives in Leeds", day=0, obj="Leeds"),
                        statement("User lives in York", day=3, obj="York"),
                        statement("User lives in Bath", day=1, obj="Bath", tenant="globex")])
    return store


def _store_rows(store: Store, name: str) -> pl.DataFrame:
    return store.read(name).drop("vector", strict=False)


def test_every_table_round_trips_through_polars_and_pyarrow_dataset(store, tmp_path):
    out = tmp_path / "export"
    result = export_tables(store, ["turns", "facts", "decisions", "events"], out)

    assert result.tables == {name: store.count(name) for name in ("turns", "facts", "decisions", "events")}
    assert (out / "turns" / "tenant=acme" / "date=2026-11-02").is_dir()
    assert (out / "turns" / "tenant=globex" / "date=2026-11-03").is_dir()
    for name, key in [("turns", "turn_id"), ("facts", "fact_id"), ("decisions", "decision_id"),
                      ("events", "event_id")]:
        wanted = _store_rows(store, name).sort(key)
        read = (pl.read_parquet(out / name / "**" / "*.parquet", hive_partitioning=True)
                .select(wanted.columns).sort(key))
        assert read.equals(wanted), name
        dataset = ds.dataset(out / name, format="parquet", partitioning="hive")
        assert dataset.count_rows() == wanted.height
        assert "vector" not in dataset.schema.names
    first = next((out / "turns").rglob("*.parquet"))
    assert pq.ParquetFile(first).metadata.row_group(0).column(0).compression == "ZSTD"


def test_tenant_and_since_select_rows_and_rerun_replaces_partitions(store, tmp_path):
    out = tmp_path / "export"
    export_tables(store, ["turns"], out, tenant="acme", since=DAY0 + timedelta(days=1))
    export_tables(store, ["turns"], out, tenant="acme", since=DAY0 + timedelta(days=1))  # idempotent

    read = pl.read_parquet(out / "turns" / "**" / "*.parquet", hive_partitioning=True)
    assert sorted(read["text"].to_list()) == ["I moved", "hi"]
    assert set(read["tenant"].to_list()) == {"acme"}


def test_vectors_only_when_asked_and_tenantless_tables_skipped_under_tenant(store, tmp_path):
    with_vectors = export_tables(store, ["turns"], tmp_path / "v", with_vectors=True)
    dataset = ds.dataset(tmp_path / "v" / "turns", format="parquet", partitioning="hive")
    assert "vector" in dataset.schema.names and with_vectors.tables["turns"] == 4

    store.ensure_table("quarantine", schemas.QUARANTINE)
    result = export_tables(store, ["quarantine", "plans"], tmp_path / "q", tenant="acme")
    assert "tenant" in result.skipped["quarantine"]
    assert result.skipped["plans"] == "not in this store"


def test_cli_writes_json_summary_and_refuses_unknown_table(store, tmp_path):
    runner = CliRunner()
    ok = runner.invoke(app, ["export", "turns", "facts", "--out", str(tmp_path / "o"), "--store", store.uri,
                             "--since", "2026-11-02", "--json"])
    assert ok.exit_code == 0, ok.output
    assert '"turns": 3' in ok.output

    bad = runner.invoke(app, ["export", "turnz", "--out", str(tmp_path / "o"), "--store", store.uri])
    assert bad.exit_code != 0
    assert "unknown table 'turnz'" in bad.output
