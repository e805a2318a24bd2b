"""The similar stored facts an LLM extractor is shown, including the facts earlier turns of the same night gave.

Section 3.2 of the seed shows the extractor the ten stored facts of the scope most similar to the new message.
Read once before the night, that list misses what the night itself has said: a customer who gives a new
address at 09:00 and corrects it at 09:05 would have the 09:05 turn extracted without the 09:00 fact in view.
So a synchronous LLM night runs in waves: wave k holds the k-th turn (in time order) of every scope of the
partition, fanned out together; after each wave its facts are embedded and join their scope's pool, and the
next wave's turns are shown the most similar of the stored facts and tonight's together. Scopes stay
independent, so a wave is as wide as the partition has scopes.

Batch mode keeps one pass (a wave per batch would make a night take days) and the embedded extractor reads
no stored facts; both see only what was stored before the night. The facts are embedded once: the vectors
made here are handed to the write path with the facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import numpy as np
import polars as pl

from archivist.tasks.extract.types import SIMILAR_FACTS, ExtractedFact, Extractor, TurnContext

Embed = Callable[[list[str]], Any]
"""Texts -> one vector per text (the write path's embedder)."""
EARLIEST = datetime.min.replace(tzinfo=UTC)


class SimilarPool:
    """Per scope, the texts and vectors of the facts an extractor may be shown, most similar first."""

    def __init__(self, facts: pl.DataFrame, limit: int = SIMILAR_FACTS):
        self.limit = limit
        self._texts: dict[tuple[str, str], list[str]] = {}
        self._vectors: dict[tuple[str, str], list[np.ndarray]] = {}
        if facts.is_empty():
            return
        for (tenant, scope), rows in facts.filter(pl.col("status") != "closed").partition_by(
                ["tenant", "scope"], as_dict=True).items():
            self.add(str(tenant), str(scope), rows["text"].to_list(), rows["vector"].to_list())

    def add(self, tenant: str, scope: str, texts: Sequence[str], vectors: Sequence[Any]) -> None:
        key = (tenant, scope)
        self._texts.setdefault(key, []).extend(texts)
        self._vectors.setdefault(key, []).extend(np.asarray(v, dtype=np.float32) for v in vectors)

    def similar(self, row: Mapping[str, Any]) -> list[str]:
        """`SimilarFacts` for `turn_contexts`: a turn row -> texts of its scope's closest facts."""
        return self.closest(str(row.get("tenant")), str(row.get("scope")), row.get("vector"))

    def closest(self, tenant: str, scope: str, vector: Any) -> list[str]:
        texts = self._texts.get((tenant, scope))
        if not texts or vector is None:
            return []
        scores = np.stack(self._vectors[(tenant, scope)]) @ np.asarray(vector, dtype=np.float32)
        return [texts[i] for i in np.argsort(-scores, kind="stable")[: self.limit]]


def waves(contexts: Sequence[TurnContext]) -> list[list[int]]:
    """Indexes of `contexts` by wave: wave k holds each scope's k-th turn in time order."""
    order: dict[tuple[str, str], list[int]] = {}
    for index in sorted(range(len(contexts)), key=lambda i: (_moment(contexts[i]), i)):
        order.setdefault((contexts[index].tenant, contexts[index].scope), []).append(index)
    depth = max((len(indexes) for indexes in order.values()), default=0)
    return [[indexes[k] for indexes in order.values() if k < len(indexes)] for k in range(depth)]


def extract_tonight(extractor: Extractor, contexts: Sequence[TurnContext], pool: SimilarPool,
                    turn_vectors: Mapping[str, Any], embed: Embed
                    ) -> tuple[list[list[ExtractedFact]], list[list[Any]]]:
    """Facts per turn, wave by wave, each wave shown the facts of the waves before it; and their vectors
    (per turn, one per fact, in order) so the write path does not embed them again."""
    facts: list[list[ExtractedFact]] = [[] for _ in contexts]
    vectors: list[list[Any]] = [[] for _ in contexts]
    for wave in waves(contexts):
        shown = [replace(contexts[i], similar_facts=tuple(pool.closest(contexts[i].tenant, contexts[i].scope,
                                                                       turn_vectors.get(contexts[i].turn_id))))
                 if contexts[i].turn_id in turn_vectors else contexts[i] for i in wave]
        found = extractor.extract(shown)
        texts = [fact.text for turn_facts in found for fact in turn_facts]
        made = list(embed(texts)) if texts else []
        at = 0
        for index, turn_facts in zip(wave, found, strict=True):
            facts[index] = list(turn_facts)
            vectors[index] = made[at: at + len(turn_facts)]
            at += len(turn_facts)
            if turn_facts:
                context = contexts[index]
                pool.add(context.tenant, context.scope, [f.text for f in turn_facts], vectors[index])
    return facts, vectors


def _moment(context: TurnContext) -> datetime:
    said = context.said_at
    if said is None:
        return EARLIEST
    return said if said.tzinfo else said.replace(tzinfo=UTC)
