"""The `extract_skips` table: one row per turn and gate identity, looked up by a re-run, erased by purge."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pyarrow as pa

from archivist.storage import schemas
from archivist.storage.extract_skips import SKIPS_TABLE, read_skips, recorded_verdicts, write_skips
from archivist.storage.purge import plan_purge, purge
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from tests.fakes.statements import DIM, vector_for


def skip_rows(scope: str, model: str = "local-decider-3", n: int = 2) -> pl.DataFrame:
    return pl.DataFrame([{"turn_id": f"{scope}-t{i}", "tenant": "acme", "scope": scope, "probability": 0.1 * (i + 1),
                          "kind": "nothing", "provider": "local", "model": model, "question_id": "extract_gate",
                          "question_version": 1, "threshold": 0.5, "extractor": "llm:openai:gpt-4o-mini",
                          "run_id": "r1"} for i in range(n)])


def test_writing_the_same_skips_again_adds_nothing_and_a_rerun_finds_them_by_gate_identity(tmp_path):
    store = Store(str(tmp_path / "store"))
    assert write_skips(store, skip_rows("cust-1")) == 2
    assert write_skips(store, skip_rows("cust-1")) == 0
    assert write_skips(store, skip_rows("cust-1", model="other-model")) == 2  # another model's verdicts
    ids = ["cust-1-t0", "cust-1-t1", "cust-1-t9"]
    found = recorded_verdicts(store, ids, "local", "local-decider-3", "extract_gate", 1)
    assert found == {"cust-1-t0": 0.1, "cust-1-t1": 0.2}
    assert recorded_verdicts(store, ids, "local", "local-decider-3", "extract_gate", 2) == {}
    assert recorded_verdicts(store, ids, "openai_decisions", "gpt-6-luna", "extract_gate", 1) == {}


def test_a_purge_of_a_scope_erases_its_skip_rows_and_keeps_the_other_scopes(tmp_path):
    store = Store(str(tmp_path / "store"))
    ensure_ingest_tables(store, DIM)
    turns = [{"turn_id": f"{scope}-t{i}", "tenant": "acme", "scope": scope, "conversation_id": "c", "turn_index": i,
              "speaker": "u", "role": "user", "text": f"ok thanks {scope} {i}",
              "said_at": datetime(2024, 3, 1, tzinfo=UTC),
              "source_file": "n.jsonl", "source_line": i, "run_id": "r1", "vector": vector_for(str(i)).tolist()}
             for scope in ("cust-1", "cust-2") for i in range(2)]
    write_turns(store, pa.Table.from_pylist(turns, schema=schemas.turns_schema(DIM)))
    write_skips(store, skip_rows("cust-1"))
    write_skips(store, skip_rows("cust-2"))
    found = plan_purge(store, "acme", "cust-1")
    assert found.counts[SKIPS_TABLE] == 2
    purge(store, found, purged_by="tester")  # its byte scan fails if a purged turn id is left in any file
    assert sorted(read_skips(store)["scope"].unique().to_list()) == ["cust-2"]
    assert store.count(SKIPS_TABLE) == 2
