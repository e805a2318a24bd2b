"""The `facts` and `decisions` tables: loading a partition's state, committing its changes, candidate lookups.

Commit protocol (one partition at a time, one writer per table):

    1. decisions   insert-if-absent by decision_id (a content hash of question, version, state and model)
    2. facts       upsert by fact_id: new facts with their vectors, changed facts with their new values
    3. events      appended if absent by event_id, numbered after the log's last seq: the commit point

The event log is the truth and the facts table its projection. `load_partition_state` therefore rebuilds a
partition's facts by replaying its events and takes only the vectors from the facts table. A crash before step
3 leaves the log without the partition: the re-run sees the same state, asks the same questions (answered by the
call cache), computes the same ids, and its commit adds exactly what the interrupted one did not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import polars as pl
import pyarrow as pa

from archivist.storage import sql
from archivist.storage.events import (
    FACT_DROPPED,
    append_events,
    ensure_events_table,
    replay_facts,
    scope_events,
)
from archivist.storage.fact_schemas import DECISIONS, FACT_COLUMNS, facts_schema
from archivist.storage.frames import arrow_frame
from archivist.storage.store import Store, lance_errors

FACTS_TABLE, DECISIONS_TABLE = "facts", "decisions"


def ensure_fact_tables(store: Store, dim: int) -> None:
    add_missing_columns(store, FACTS_TABLE, facts_schema(dim))
    add_missing_columns(store, DECISIONS_TABLE, DECISIONS)
    store.ensure_table(FACTS_TABLE, facts_schema(dim), btree=("fact_id",))
    store.ensure_table(DECISIONS_TABLE, DECISIONS, btree=("decision_id",))
    ensure_events_table(store)


def add_missing_columns(store: Store, name: str, schema: pa.Schema) -> list[str]:
    """Migrate a table written by an older version: the columns `schema` has after the table's last one are
    appended, null in every existing row (a metadata-only change in Lance). A table whose columns are not a
    prefix of `schema` is left for `ensure_table` to refuse."""
    table = store.table(name)
    if table is None:
        return []
    found = [f.name for f in table.schema]
    wanted = list(schema)
    if len(found) >= len(wanted) or [f.name for f in wanted[: len(found)]] != found:
        return []
    missing = wanted[len(found):]
    with store.writer_lock(name), lance_errors(f"adding columns {[f.name for f in missing]} to {name}"):
        table.add_columns(missing)
    return [f.name for f in missing]


@dataclass
class PartitionState:
    """What a partition's scopes hold now: the facts (with vectors) and every statement already processed."""

    facts: pl.DataFrame
    seen: frozenset[str] = field(default_factory=frozenset)
    """Statement ids stored, linked as a duplicate, or dropped: processing them again would change nothing."""


@dataclass
class CommitCounts:
    decisions: int
    facts: int
    events: int


def load_partition_state(store: Store, scopes: Iterable[tuple[str, str]], dim: int) -> PartitionState:
    """The current facts of the given (tenant, scope) pairs, rebuilt from the event log, with their vectors."""
    events = scope_events(store, list(scopes))
    facts = replay_facts(events)
    vectors = _vectors(store, facts["fact_id"].to_list(), dim)
    missing = [fact_id for fact_id in facts["fact_id"].to_list() if fact_id not in vectors]
    if missing:
        # Facts are written before their events, so this means the table was edited by hand or truncated.
        raise RuntimeError(f"{len(missing)} facts in the event log have no row in the facts table "
                           f"(first: {missing[0]}); restore the facts table or re-embed those facts")
    vector_column = pl.Series("vector", [vectors[f] for f in facts["fact_id"].to_list()],
                              dtype=pl.Array(pl.Float32, dim))
    facts = facts.with_columns(vector_column)
    seen = set(facts["fact_id"].to_list())
    for same_as in facts["same_as"].to_list():
        seen.update(same_as or ())
    seen.update(events.filter(pl.col("kind") == FACT_DROPPED)["fact_id"].to_list())
    return PartitionState(facts, frozenset(seen))


def _vectors(store: Store, fact_ids: Sequence[str], dim: int) -> dict[str, np.ndarray]:
    rows = store.read_ids(FACTS_TABLE, "fact_id", fact_ids, columns=["fact_id", "vector"])
    if not rows.height:
        return {}
    return {fact_id: np.asarray(vector, dtype=np.float32)
            for fact_id, vector in zip(rows["fact_id"].to_list(), rows["vector"].to_list(), strict=True)}


def commit_partition(store: Store, decisions: pl.DataFrame, facts: pl.DataFrame, events: pl.DataFrame,
                     dim: int) -> CommitCounts:
    """Write one partition's decisions, facts and events together, in the order that makes a crash harmless."""
    ensure_fact_tables(store, dim)
    written_decisions = write_decisions(store, decisions)
    written_facts = write_facts(store, facts, dim)
    written_events = append_events(store, events)
    return CommitCounts(written_decisions, written_facts, written_events)


def write_decisions(store: Store, decisions: pl.DataFrame) -> int:
    if decisions.is_empty():
        return 0
    rows = decisions.unique("decision_id", keep="first", maintain_order=True).select(DECISIONS.names)
    return store.insert_new(DECISIONS_TABLE, rows.to_arrow().cast(DECISIONS), "decision_id")


def write_facts(store: Store, facts: pl.DataFrame, dim: int) -> int:
    """Upsert fact rows (with vectors); returns how many rows were written."""
    if facts.is_empty():
        return 0
    schema = facts_schema(dim)
    rows = facts.unique("fact_id", keep="last", maintain_order=True).select(schema.names)
    store.upsert(FACTS_TABLE, rows.to_arrow().cast(schema), "fact_id")
    return rows.height


def read_decisions(store: Store, decision_ids: Sequence[str]) -> pl.DataFrame:
    frame = store.read_ids(DECISIONS_TABLE, "decision_id", decision_ids)
    return frame if frame.height else arrow_frame(DECISIONS.empty_table())


def read_decisions_except(store: Store, *, run_prefix: str, provider: str, model_version: str,
                          question: str | None = None, tenant: str | None = None,
                          scope: str | None = None) -> pl.DataFrame:
    """Decisions not of a run whose id starts `run_prefix`, not of `provider`, not of `model_version` (a missing
    value is never excluded), narrowed to a question, tenant or scope when given."""
    if not store.has_table(DECISIONS_TABLE):
        return pl.DataFrame()
    where = sql.all_of(
        f"run_id IS NULL OR NOT starts_with(run_id, {sql.quote(run_prefix)})",
        f"provider IS NULL OR provider != {sql.quote(provider)}",
        f"model_version IS NULL OR model_version != {sql.quote(model_version)}",
        f"question_id = {sql.quote(question)}" if question else None,
        f"tenant = {sql.quote(tenant)}" if tenant else None,
        f"scope = {sql.quote(scope)}" if scope else None,
    )
    return store.read(DECISIONS_TABLE, where=where)


# -- candidate lookups against LanceDB (for callers outside a write-path batch) -------------------------------


def nearest_facts(store: Store, tenant: str, scope: str, vector: Sequence[float] | np.ndarray, k: int = 10,
                  statuses: Sequence[str] | None = None) -> pl.DataFrame:
    """The `k` facts of the scope closest to `vector` by cosine, closest first, with `_distance` (1 - cosine)."""
    table = store.table(FACTS_TABLE)
    if table is None or k <= 0:
        return pl.DataFrame()
    query = (table.search(np.asarray(vector, dtype=np.float32)).distance_type("cosine")
             .where(sql.scope_filter([(tenant, scope)], statuses=statuses), prefilter=True).limit(k))
    return arrow_frame(query.to_arrow())


def sibling_facts(store: Store, tenant: str, scope: str, subject: str, relation: str, limit: int = 10,
                  statuses: Sequence[str] | None = None) -> pl.DataFrame:
    """Facts of the scope with the same subject (case-insensitive) and relation."""
    where = sql.all_of(sql.scope_filter([(tenant, scope)], statuses=statuses),
                       f"lower(subject) = {sql.quote((subject or '').lower())}", f"relation = {sql.quote(relation)}")
    frame = store.read(FACTS_TABLE, where=where, columns=FACT_COLUMNS) if store.has_table(FACTS_TABLE) else None
    return pl.DataFrame() if frame is None or frame.is_empty() else frame.sort("fact_id").head(limit)


def facts_sharing_rare_entities(store: Store, tenant: str, scope: str, entities: Iterable[str],
                                rare_max: int = 10, limit: int = 10) -> pl.DataFrame:
    """Facts of the scope naming one of `entities` that at most `rare_max` facts of the scope name."""
    wanted = sorted({str(e) for e in entities if str(e).strip()})
    if not wanted or not store.has_table(FACTS_TABLE):
        return pl.DataFrame()
    quoted = ", ".join(sql.quote(e) for e in wanted)
    where = f"{sql.scope_filter([(tenant, scope)])} AND array_has_any(entities, [{quoted}])"
    frame = store.read(FACTS_TABLE, where=where, columns=FACT_COLUMNS)
    if frame.is_empty():
        return frame
    counts = frame.explode("entities").filter(pl.col("entities").is_in(wanted)).group_by("entities").len()
    rare = counts.filter(pl.col("len") <= rare_max)["entities"].to_list()
    shared = pl.col("entities").list.eval(pl.element().is_in(rare)).list.any()
    return frame.filter(shared).sort("fact_id").head(limit)


def read_facts(store: Store, tenant: str, scope: str, statuses: Sequence[str] | None = None) -> pl.DataFrame:
    """A scope's rows of the facts table (the projection; `replay_facts` gives the same from the log)."""
    if not store.has_table(FACTS_TABLE):
        return pl.DataFrame()
    return store.read(FACTS_TABLE, where=sql.scope_filter([(tenant, scope)], statuses=statuses))
