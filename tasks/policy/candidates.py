"""Candidates of a new fact among a scope's stored facts (section 3.2, "Candidates").

    C(f) = {u ∈ Top_10 cos(f, ·) : cos(f, u) ≥ floor}  ∪  Top_10 G(f)
    G(f) = {u : subj(u) = subj(f) and rel(u) = rel(f)}  ∪  {u : ent(u) ∩ ent(f) ≠ ∅}

The floor (`candidate_min_cosine`, 0 = none) only thins the similarity half: a stored fact that far from the new
one is in the top 10 only because the scope holds few facts, and 99% of labeled pairs that are anything but
`new` sit above it (configs/thresholds.toml says where it comes from). Graph candidates are asked at any
cosine; a sibling below the floor now takes one of the `graph_k` places.

Pure and in memory: the write path holds a partition's facts (and the ones it adds) in a `ScopeIndex`, so a
later fact sees the earlier facts of its batch. storage/facts.py has the same lookups against LanceDB for
callers outside a batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from archivist.configs.relations import Relations


def normalize_entity(entity: str) -> str:
    return " ".join(str(entity).split()).casefold()


def unit(vector: Sequence[float] | np.ndarray) -> np.ndarray:
    array = np.asarray(vector, dtype=np.float32).reshape(-1)
    norm = float(np.linalg.norm(array))
    return array / norm if norm > 0 else array


class ScopeIndex:
    """The facts of one scope with unit vectors, in the order they were stored or added."""

    def __init__(self, relations: Relations, dim: int | None = None):
        self.relations = relations
        self.rows: list[dict[str, Any]] = []
        self.keys: list[tuple[str, str]] = []
        """(subject, canonical relation) per row: neither ever changes, and sibling search reads them often."""
        self.dim = dim
        # Grown by doubling, so adding a batch's facts one by one stays linear.
        self._vectors = np.zeros((16, dim or 0), dtype=np.float32)

    def add(self, row: dict[str, Any], vector: Sequence[float] | np.ndarray) -> int:
        vector = unit(vector)
        if not self.rows and self._vectors.shape[1] != vector.size:
            self.dim = vector.size  # the first vector fixes the dimension when none was given
            self._vectors = np.zeros((16, self.dim), dtype=np.float32)
        if len(self.rows) == len(self._vectors):
            self._vectors = np.vstack([self._vectors, np.zeros_like(self._vectors)])
        self._vectors[len(self.rows)] = vector
        self.rows.append(row)
        self.keys.append(sibling_key(row, self.relations))
        return len(self.rows) - 1

    def matrix(self) -> np.ndarray:
        return self._vectors[: len(self.rows)]


def sibling_key(row: Mapping[str, Any], relations: Relations) -> tuple[str, str]:
    return (row.get("subject") or "").strip().casefold(), relations.canonical(row.get("relation") or "")


def select_candidates(
    index: ScopeIndex,
    vector: np.ndarray,
    subject: str,
    relation: str,
    entities: Iterable[str],
    *,
    cosine_k: int,
    graph_k: int,
    rare_max: int,
    extra: Sequence[tuple[Mapping[str, Any], np.ndarray]] = (),
    min_cosine: float = 0.0,
) -> list[int]:
    """Positions of the candidates among `index.rows` followed by `extra` (facts not stored yet, numbered after
    the index's rows): the `cosine_k` closest at `min_cosine` or more (0: at any cosine), then up to `graph_k`
    more of the same subject and relation or sharing a rare named entity, at any cosine. Deterministic: ties go
    to the earlier fact."""
    rows: list[Mapping[str, Any]] = list(index.rows) + [row for row, _ in extra]
    if not rows:
        return []
    query = unit(vector)
    similarity = index.matrix() @ query if index.rows else np.zeros(0, dtype=np.float32)
    if extra:
        similarity = np.concatenate([similarity, np.array([unit(v) @ query for _, v in extra], dtype=np.float32)])
    # A stable sort on the negated score keeps the earlier fact first among equal scores.
    order = np.argsort(-similarity, kind="stable")
    chosen = [int(i) for i in order[:cosine_k] if min_cosine <= 0 or similarity[int(i)] >= min_cosine]
    taken = set(chosen)

    wanted = sibling_key({"subject": subject, "relation": relation}, index.relations)
    keys = index.keys + [sibling_key(row, index.relations) for row, _ in extra]
    siblings = [int(i) for i in order if int(i) not in taken and keys[int(i)] == wanted][:graph_k]
    graph = siblings
    taken.update(graph)
    if len(graph) < graph_k:
        rare = _rare_entities(rows, entities, rare_max)
        if rare:
            sharing = [
                int(i) for i in order
                if int(i) not in taken and rare & {normalize_entity(e) for e in rows[int(i)].get("entities") or ()}
            ]
            graph += sharing[: graph_k - len(graph)]
    return chosen + graph


def _rare_entities(rows: Sequence[Mapping[str, Any]], entities: Iterable[str], rare_max: int) -> set[str]:
    """The fact's entities that at most `rare_max` facts of the scope name: a shared common entity ("Monday",
    the person's own name) says nothing about whether two facts are related."""
    wanted = {normalize_entity(e) for e in entities if str(e).strip()}
    if not wanted:
        return set()
    counts: Counter[str] = Counter()
    for row in rows:
        for entity in {normalize_entity(e) for e in row.get("entities") or ()}:
            if entity in wanted:
                counts[entity] += 1
    return {entity for entity in wanted if 0 < counts[entity] <= rare_max}
