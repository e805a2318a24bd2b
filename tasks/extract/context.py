"""Turning stored turns into `TurnContext`s: each turn with the ten messages before it in its conversation.

The ten most similar stored facts come from whoever owns the facts (the write path searches the scope's
facts by the turn's vector); they are passed in as a function so this module needs no store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import polars as pl

from archivist.tasks.extract.types import CONTEXT_MESSAGES, SIMILAR_FACTS, ContextMessage, TurnContext

SimilarFacts = Callable[[Mapping[str, Any]], list[str]]
"""A turn row -> texts of the scope's stored facts most similar to it, most similar first."""


def turn_contexts(
    turns: pl.DataFrame | Iterable[Mapping[str, Any]],
    similar_facts: SimilarFacts | None = None,
    *,
    previous: int = CONTEXT_MESSAGES,
    similar: int = SIMILAR_FACTS,
) -> list[TurnContext]:
    """A context per turn, in conversation order (tenant, conversation, turn_index).

    The previous messages are those of the same conversation among `turns`: pass a conversation's earlier
    turns too (they can be dropped from the result afterwards) when only its newest turns are extracted.
    """
    rows = turns.to_dicts() if isinstance(turns, pl.DataFrame) else [dict(r) for r in turns]
    rows.sort(key=lambda r: (str(r.get("tenant")), str(r.get("scope")), str(r.get("conversation_id")),
                             int(r.get("turn_index") or 0)))
    contexts: list[TurnContext] = []
    history: dict[tuple[str, str, str], list[ContextMessage]] = {}
    for row in rows:
        key = (str(row.get("tenant")), str(row.get("scope")), str(row.get("conversation_id")))
        earlier = history.setdefault(key, [])
        facts = similar_facts(row)[:similar] if similar_facts is not None else []
        contexts.append(
            TurnContext(
                turn_id=str(row["turn_id"]),
                tenant=str(row.get("tenant") or ""),
                scope=str(row.get("scope") or ""),
                speaker=row.get("speaker"),
                role=str(row.get("role") or ""),
                text=str(row.get("text") or ""),
                said_at=row.get("said_at"),
                previous=tuple(earlier[-previous:]) if previous > 0 else (),
                similar_facts=tuple(facts),
                conversation_id=row.get("conversation_id"),
            )
        )
        earlier.append(ContextMessage(speaker=row.get("speaker"), role=str(row.get("role") or ""),
                                      text=str(row.get("text") or ""), said_at=row.get("said_at")))
        del earlier[: max(0, len(earlier) - previous)]  # only the last `previous` are ever shown
    return contexts
