"""Which pairs of a scope's stored facts a consolidation pass re-examines, and which it may skip.

Three sources, in the order they get the pass's budget (`consolidation_max_pairs` per scope and pass):

1. reopen checks: a fact closed as superseded, with the current fact that superseded it (was the close right?);
2. siblings: each current fact with its `consolidation_neighbours` most recent older current facts of the same
   subject and relation (cosine similarity tends to miss these; seed paper, "Candidates");
3. neighbours: each current fact with its `consolidation_neighbours` closest older current facts at cosine
   `consolidation_min_cosine` or more (tasks/consolidate/neighbours.py), closest pairs first.

"Current" is active or tentative: a tentative fact is one the write path could not settle (an unsure answer, no
LLM to escalate to), and a later pass, often with a stronger or re-scored model, is its chance to be confirmed or
closed (tasks/consolidate/run.py turns the answers into plan items).

A pair already examined with the same question version and model version, whose two facts have not changed
since, is skipped: the decision recording it has an id made of exactly those things (`pair_decision_id`), so
"examined before" is one set lookup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
import polars as pl

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.ids import canonical_json, content_id
from archivist.tasks.consolidate.neighbours import older_neighbours
from archivist.tasks.decisions.types import Question
from archivist.vocab import (  # noqa: F401
    ACTIVE,
    CLOSED,
    CLOSED_AS_DUPLICATE,
    CLOSED_AS_SUPERSEDED,
    CLOSED_BY_BELIEF,
    TENTATIVE,
)

STATE_COLUMNS = ("status", "belief", "superseded_by", "same_as", "closed_reason", "valid_until", "evidence_against")
"""The columns of a fact that change after it is stored: what apply compares and a fingerprint covers."""
REOPENABLE = (CLOSED_BY_BELIEF, CLOSED_AS_SUPERSEDED)
REOPEN, SIBLING, NEIGHBOUR = "reopen", "sibling", "neighbour"
_PRIORITY = {REOPEN: 0, SIBLING: 1, NEIGHBOUR: 2}
CURRENT = (ACTIVE, TENTATIVE)
"""Statuses of facts that still say something about now, and so are paired."""


def fact_state(row: Mapping[str, Any]) -> dict[str, Any]:
    """The changeable columns of a fact as plain JSON values."""
    return {column: _plain(row.get(column)) for column in STATE_COLUMNS}


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    if hasattr(value, "to_list"):
        return [str(v) for v in value.to_list()]
    return value


def state_fingerprint(row: Mapping[str, Any]) -> str:
    return content_id(row["fact_id"], canonical_json(fact_state(row)))


def facts_fingerprint(fingerprints: Sequence[str]) -> str:
    return content_id("facts", *sorted(fingerprints))


@dataclass(frozen=True)
class Pair:
    """Two stored facts of one scope: `newer` is compared with `older` (the relation question's new and old)."""

    newer: Mapping[str, Any]
    older: Mapping[str, Any]
    source: str
    cosine: float | None = None

    @property
    def key(self) -> tuple[str, str]:
        return self.newer["fact_id"], self.older["fact_id"]


def pair_decision_id(question: Question, model: str, pair: Pair, fingerprints: dict[str, str] | None = None) -> str:
    """The id of the decision recording this pair's examination: same question version, same model version,
    same state of both facts -> same id, so an examined pair is recognised. (`fingerprints` caches each fact's
    fingerprint across the pairs it is in.)"""
    cache = {} if fingerprints is None else fingerprints
    for row in (pair.newer, pair.older):
        if row["fact_id"] not in cache:
            cache[row["fact_id"]] = state_fingerprint(row)
    return content_id("consolidate-pair", question.id, question.version, model, cache[pair.newer["fact_id"]],
                      cache[pair.older["fact_id"]])


def _age_order(facts: pl.DataFrame) -> pl.DataFrame:
    return facts.sort(["said_at", "fact_id"], nulls_last=False)


def candidate_pairs(facts: pl.DataFrame, t: Thresholds, relations: Relations, method: str = "auto") -> list[Pair]:
    """Every pair worth re-examining in one scope's facts (rows with a `vector`), in budget order."""
    if facts.is_empty():
        return []
    rows = {row["fact_id"]: row for row in facts.drop("vector").iter_rows(named=True)}
    current = _age_order(facts.filter(pl.col("status").is_in(CURRENT)))
    pairs: dict[tuple[str, str], Pair] = {}

    for row in rows.values():  # 1. reopen checks
        superseder = rows.get(row.get("superseded_by") or "")
        if row["status"] == CLOSED and row.get("closed_reason") in REOPENABLE and superseder is not None \
                and superseder["status"] in CURRENT:
            pairs.setdefault((superseder["fact_id"], row["fact_id"]), Pair(superseder, row, REOPEN))

    ids = current["fact_id"].to_list()
    k = t.consolidation_neighbours
    groups: dict[tuple[str, str], list[str]] = {}
    for fact_id in ids:  # 2. siblings, oldest first, so each group lists older facts before newer ones
        row = rows[fact_id]
        group = groups.setdefault(((row["subject"] or "").strip().casefold(),
                                   relations.canonical(row["relation"] or "")), [])
        for older in group[-k:][::-1]:
            pairs.setdefault((fact_id, older), Pair(row, rows[older], SIBLING))
        group.append(fact_id)

    if len(ids) > 1:  # 3. cosine neighbours among current facts
        vectors = np.asarray(current["vector"].to_list(), dtype=np.float32)
        found = older_neighbours(vectors, k, t.consolidation_min_cosine, method=method)
        for newer, older, cosine in zip(found.newer.tolist(), found.older.tolist(), found.cosine.tolist(), strict=True):
            key = (ids[newer], ids[older])
            if key in pairs:
                pairs[key] = Pair(pairs[key].newer, pairs[key].older, pairs[key].source, float(cosine))
            else:
                pairs[key] = Pair(rows[ids[newer]], rows[ids[older]], NEIGHBOUR, float(cosine))

    def order(pair: Pair) -> tuple:
        return (_PRIORITY[pair.source], -(pair.cosine if pair.cosine is not None else 2.0), pair.key)

    return sorted(pairs.values(), key=order)


def select_pairs(pairs: Sequence[Pair], examined: set[str], question: Question, model: str,
                 max_pairs: int | None) -> tuple[list[tuple[Pair, str]], int]:
    """The pairs this pass asks about (with their decision ids), and how many were skipped as examined."""
    chosen: list[tuple[Pair, str]] = []
    skipped = 0
    fingerprints: dict[str, str] = {}
    for pair in pairs:
        decision_id = pair_decision_id(question, model, pair, fingerprints)
        if decision_id in examined:
            skipped += 1
            continue
        if max_pairs is not None and len(chosen) >= max_pairs:
            continue
        chosen.append((pair, decision_id))
    return chosen, skipped
