"""Small reads that consolidation, re-scoring and purge share: which scopes exist, the facts' vector size,
decision ids already recorded, and the text of source turns."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import polars as pl

from archivist.storage import sql
from archivist.storage.events import EVENTS_TABLE
from archivist.storage.facts import DECISIONS_TABLE, FACTS_TABLE
from archivist.storage.store import Store


def list_scopes(store: Store, tenant: str | None = None, scope: str | None = None) -> list[tuple[str, str]]:
    """Every (tenant, scope) with events, optionally of one tenant and/or one scope, sorted."""
    if not store.has_table(EVENTS_TABLE):
        return []
    where = sql.all_of(f"tenant = {sql.quote(tenant)}" if tenant else None,
                       f"scope = {sql.quote(scope)}" if scope else None)
    frame = store.read(EVENTS_TABLE, where=where, columns=["tenant", "scope"])
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
    where = sql.all_of(sql.scope_filter(scopes), f"question_id = {sql.quote(question_id)}",
                       f"starts_with(run_id, {sql.quote(run_prefix)})")
    frame = store.read(DECISIONS_TABLE, where=where, columns=["decision_id"])
    return set(frame["decision_id"].to_list()) if frame.height else set()


def read_turn_texts(store: Store, turn_ids: Sequence[str]) -> dict[str, str]:
    """turn_id -> text for those of `turn_ids` the store holds."""
    frame = store.read_ids("turns", "turn_id", {t for t in turn_ids if t}, columns=["turn_id", "text"])
    return dict(frame.iter_rows()) if frame.height else {}


def read_fact_rows(store: Store, fact_ids: Sequence[str]) -> pl.DataFrame:
    """Rows of the facts table (with vectors) for `fact_ids`."""
    return store.read_ids(FACTS_TABLE, "fact_id", fact_ids)


def read_statement_decisions(store: Store, statement_ids: Sequence[str], question_ids: Sequence[str]) -> pl.DataFrame:
    """Every decision recorded about these statements on these questions (all runs, all models)."""
    return store.read_ids(DECISIONS_TABLE, "subject_fact_id", statement_ids,
                          where=sql.in_list("question_id", question_ids))
