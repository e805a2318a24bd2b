"""Re-embedding: every vector re-computed into new tables, then one switch; never a mix of vector spaces."""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone

import numpy as np
import pyarrow as pa
import pytest

from archivist.storage import schemas
from archivist.storage.facts import load_partition_state
from archivist.storage.meta import record_embedder, recorded_embedder
from archivist.storage.scopes import fact_vector_dim
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from archivist.tasks.ingest.reembed import ReembedIncomplete, reembed_store
from tests.fakes.fact_stores import write_night
from tests.fakes.statements import DIM, statement

TEXTS = ["I live in Leeds", "I have a dog", "I moved to Berlin"]


class FakeEmbedder:
    """Deterministic vectors from the text; can fail after some batches, or add a turn while embedding."""

    def __init__(self, dim: int = 16, fail_after: int | None = None, on_first_call=None):
        self.dim, self.name = dim, f"fake:{dim}"
        self.fail_after, self.on_first_call = fail_after, on_first_call
        self.texts: list[str] = []
        self.batches = 0

    def embed(self, texts: list[str]) -> np.ndarray:
        if self.on_first_call is not None and self.batches == 0:
            self.on_first_call()
        if self.fail_after is not None and self.batches >= self.fail_after:
            raise ConnectionError("embedding endpoint went away")
        self.batches += 1
        self.texts += texts
        return np.stack([vector(text, self.dim) for text in texts])


def vector(text: str, dim: int) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
    v = np.random.default_rng(seed).normal(size=dim).astype(np.float32)
    return v / np.linalg.norm(v)


def turn_rows(texts: list[str], start: int = 0) -> pa.Table:
    rows = [{"turn_id": f"t{start + i}", "tenant": "acme", "scope": "cust-1", "conversation_id": "c1",
             "turn_index": start + i, "speaker": "user", "role": "user", "text": text,
             "said_at": datetime(2024, 3, 1, tzinfo=timezone.utc), "source_file": "a.jsonl", "source_line": i,
             "run_id": "r1", "vector": vector(text, DIM).tolist()} for i, text in enumerate(texts)]
    return pa.Table.from_pylist(rows, schema=schemas.turns_schema(DIM))


@pytest.fixture
def store(tmp_path) -> Store:
    db = Store(str(tmp_path / "store"))
    ensure_ingest_tables(db, DIM)
    write_turns(db, turn_rows(TEXTS))
    record_embedder(db, "fake:8", DIM)
    write_night(db, [statement(text, day=i) for i, text in enumerate(TEXTS)])
    return db


def dims(store: Store, table: str) -> set[int]:
    return {len(v) for v in store.read(table)["vector"].to_list()}


def test_reembedding_switches_every_vector_table_at_once(store):
    embedder = FakeEmbedder()
    report = reembed_store(store, embedder, batch_rows=2)
    assert report.switched and report.tables["facts"]["rows"] == 3 and report.tables["turns"]["embedded"] == 3
    assert recorded_embedder(store) == {"name": "fake:16", "dim": 16}
    assert dims(store, "turns") == dims(store, "facts") == {16}
    facts = store.read("facts")
    for text, stored in zip(facts["text"].to_list(), facts["vector"].to_list(), strict=True):
        assert np.allclose(stored, vector(text, 16))
    # A store opened afterwards (another process) reads the new tables too; the write path works in 16-d.
    reopened = Store(store.uri)
    assert fact_vector_dim(reopened) == 16 and dims(reopened, "turns") == {16}
    assert load_partition_state(reopened, [("acme", "cust-1")], 16).facts.height == 3
    # The old vectors are kept, untouched, under their own names.
    assert {len(v) for v in store._db.open_table("facts").search().limit(None).to_arrow()["vector"].to_pylist()} == {8}


def test_an_interrupted_reembedding_switches_nothing_and_resumes(store):
    with pytest.raises(ConnectionError):
        reembed_store(store, FakeEmbedder(fail_after=1), batch_rows=2)
    assert recorded_embedder(store) == {"name": "fake:8", "dim": DIM}
    assert dims(store, "turns") == dims(store, "facts") == {DIM}  # all old, none new: no mix
    resumed = FakeEmbedder()
    report = reembed_store(store, resumed, batch_rows=2)
    assert report.switched and len(resumed.texts) == 3 + 3 - 2  # the first batch of turns was kept
    assert dims(store, "turns") == dims(store, "facts") == {16}


def test_rows_added_while_reembedding_stop_the_switch(store):
    embedder = FakeEmbedder(on_first_call=lambda: write_turns(store, turn_rows(["a late turn"], start=10)))
    with pytest.raises(ReembedIncomplete, match="Run the re-embedding again"):
        reembed_store(store, embedder)
    assert recorded_embedder(store)["name"] == "fake:8" and dims(store, "turns") == {DIM}
    assert reembed_store(store, FakeEmbedder()).switched
    assert store.count("turns") == 4 and dims(store, "turns") == {16}


def test_the_same_embedder_again_is_nothing_to_do(store):
    embedder = FakeEmbedder(dim=DIM)
    embedder.name = "fake:8"
    assert not reembed_store(store, embedder).switched and embedder.batches == 0
