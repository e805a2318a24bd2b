"""Re-embedding after a change of embedder: every stored vector re-computed, then switched at once.

    report = reembed_store(store, get_embedder(settings))

1. For `turns` (their text) and `facts` (their text), copy every row into a new physical table with the new
   embedder's vector (`turns__<space>`, `facts__<space>`). Resumable: rows already copied are not embedded
   again, so an interrupted run picks up where it stopped.
2. Check that each copy holds exactly the rows of its source.
3. Switch: one commit of the `meta` table records the new embedder and points `turns` and `facts` at the
   copies (storage/vector_space.py). Readers see all old vectors or all new ones, never a mix.

The old tables are kept, so the previous vectors stay readable until someone drops them; `archivist purge`
purges every copy. Run it with no ingestion at the same time: rows added to the old tables after step 1 make
step 2 refuse the switch (run it again then; it resumes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from archivist.errors import ArchivistError
from archivist.ids import content_id
from archivist.storage.meta import recorded_embedder
from archivist.storage.search import forget_tables
from archivist.storage.store import Store
from archivist.storage.vector_space import (
    VECTOR_TABLES,
    ids_of,
    read_rows,
    space_table,
    switch_vector_space,
    write_space_rows,
)
from archivist.tasks.ingest.embed import Embedder

BATCH_ROWS = 2_000


class ReembedIncomplete(ArchivistError, RuntimeError):
    """A copy does not hold exactly its source's rows, so the store was not switched."""


@dataclass
class ReembedReport:
    embedder: str
    dim: int
    previous: dict[str, Any] | None
    switched: bool
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    """logical table -> {"rows", "embedded", "from", "to"}"""


def vector_space(embedder: Embedder) -> str:
    """A short, table-name-safe id of an embedder's vector space."""
    return "e" + content_id("vector-space", embedder.name, embedder.dim)[:10]


def reembed_store(store: Store, embedder: Embedder, *, batch_rows: int = BATCH_ROWS) -> ReembedReport:
    previous = recorded_embedder(store)
    report = ReembedReport(embedder.name, embedder.dim, previous, switched=False)
    if previous and previous.get("name") == embedder.name and int(previous.get("dim", -1)) == embedder.dim:
        return report  # the store's vectors already are this embedder's
    space = vector_space(embedder)
    aliases: dict[str, str] = {}
    for logical, (key, _) in VECTOR_TABLES.items():
        if not store.has_table(logical):
            continue
        source, target = store.physical(logical), space_table(logical, space)
        wanted = ids_of(store, source, key)
        todo = sorted(wanted - ids_of(store, target, key))
        embedded = 0
        for start in range(0, len(todo), batch_rows):
            rows = read_rows(store, logical, key, todo[start : start + batch_rows])
            vectors = np.asarray(embedder.embed(rows["text"].to_list()), dtype=np.float32)
            if vectors.shape != (rows.height, embedder.dim):
                raise ValueError(f"embedder {embedder.name} returned vectors of shape {vectors.shape} for "
                                 f"{rows.height} texts; expected {embedder.dim}-d, one per text")
            rows = rows.with_columns(pl.Series("vector", vectors, dtype=pl.Array(pl.Float32, embedder.dim)))
            embedded += write_space_rows(store, target, key, rows, embedder.dim, logical)
        copied, now = ids_of(store, target, key), ids_of(store, source, key)
        if copied != now:
            raise ReembedIncomplete(
                f"{target} holds {len(copied)} rows but {source} holds {len(now)} (rows were added or removed "
                "while re-embedding); nothing was switched. Run the re-embedding again: it resumes and checks again.")
        aliases[logical] = target
        report.tables[logical] = {"rows": len(now), "embedded": embedded, "from": source, "to": target}
    switch_vector_space(store, embedder.name, embedder.dim, aliases)
    forget_tables(store)  # kept handles point at the old tables
    report.switched = True
    return report
