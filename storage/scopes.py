"""Small reads that consolidation, re-scoring and purge share: which scopes exist, the facts' vector size,
decision ids already recorded, and the text of source turns."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import polars as pl

from archivist.storage.events import EVENTS_TABLE, scope_filter
from archivist.storage.facts import DECISIONS_TABLE, FACTS_TABLE
from archivist.storage.store import Store, sql_in, sql_quote

_ID_CHUNK = 2_000


def list_scopes(store: Store, tenant: str | None = None, scope: str | None = None) -> list[tuple[str, str]]:
    """Every (tenant, scope) with events, optionally of one tenant and/or one scope, sorted."""
    if not store.has_table(EVENTS_TABLE):
        return []
    parts = []
    if tenant:
        parts.append(f"tenant = {sql_quote(tenant)}")
    if scope:
        parts.append(f"scope = {sql_quote(scope)}")
    frame = store.read(EVENTS_TABLE, where=" AND ".join(parts) or None, columns=["tenant", "scope"])
    if frame.is_empty():
        return []
    return sorted(frame.unique().iter_rows())


def fact_vector_dim(store: Store) -> int | None:
    """The dimension of the facts table's vectors (None when there is no facts table)."""
    table = store.table(FACTS_TABLE)
    if table is None:
        return None
    return int(table.schema.field("vector").type.list_size)


def recorded_decision_ids(store: Store, scopes: Iterable[tuple[str, str]], question_id: str,
                          run_prefix: str) -> set[str]:
    """Ids of the decisions on `question_id` recorded for these scopes by runs whose id starts `run_prefix`.

    One scan per partition of scopes, so checking which pairs were examined before costs the same per fact
    whatever the scope's size.
    """
    scopes = list(scopes)
    if not scopes or not store.has_table(DECISIONS_TABLE):
        return set()
    where = (f"({scope_filter(scopes)}) AND question_id = {sql_quote(question_id)} "
             f"AND starts_with(run_id, {sql_quote(run_prefix)})")
    frame = store.read(DECISIONS_TABLE, where=where, columns=["decision_id"])
    return set(frame["decision_id"].to_list()) if frame.height else set()


def read_turn_texts(store: Store, turn_ids: Sequence[str]) -> dict[str, str]:
    """turn_id -> text for those of `turn_ids` the store holds."""
    wanted = sorted({t for t in turn_ids if t})
    found: dict[str, str] = {}
    if not wanted or not store.has_table("turns"):
        return found
    for start in range(0, len(wanted), _ID_CHUNK):
        frame = store.read("turns", where=sql_in("turn_id", wanted[start : start + _ID_CHUNK]),
                           columns=["turn_id", "text"])
        found.update(dict(frame.iter_rows()) if frame.height else {})
    return found


def read_fact_rows(store: Store, fact_ids: Sequence[str]) -> pl.DataFrame:
    """Rows of the facts table (with vectors) for `fact_ids`."""
    wanted = sorted(set(fact_ids))
    if not wanted or not store.has_table(FACTS_TABLE):
        return pl.DataFrame()
    frames = [store.read(FACTS_TABLE, where=sql_in("fact_id", wanted[i : i + _ID_CHUNK]))
              for i in range(0, len(wanted), _ID_CHUNK)]
    frames = [f for f in frames if f.height]
    return pl.concat(frames) if frames else pl.DataFrame()


def read_statement_decisions(store: Store, statement_ids: Sequence[str], question_ids: Sequence[str]) -> pl.DataFrame:
    """Every decision recorded about these statements on these questions (all runs, all models)."""
    wanted = sorted(set(statement_ids))
    if not wanted or not store.has_table(DECISIONS_TABLE):
        return pl.DataFrame()
    frames = [store.read(DECISIONS_TABLE, where=f"{sql_in('subject_fact_id', wanted[i : i + _ID_CHUNK])} AND "
                                                f"{sql_in('question_id', question_ids)}")
              for i in range(0, len(wanted), _ID_CHUNK)]
    frames = [f for f in frames if f.height]
    return pl.concat(frames) if frames else pl.DataFrame()
