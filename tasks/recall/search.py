"""Candidates for the shortlist: the searches of `storage.search`, fused by `recall_shortlist`.

`shortlist_turns` and `shortlist_facts` return the same `Shortlist`: ids in shortlist order and each item's
row (the columns recall renders), plus the time each step took.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from archivist.storage import search
from archivist.tasks.recall.shortlist import (
    ShortlistConfig,
    fuse_scores,
    lexical_query,
    named_speakers,
    normalise_cosine,
    normalise_lexical,
    ordered,
    reciprocal_rank_fusion,
    spread_to_neighbours,
)

TURN_COLUMNS = ["turn_id", "conversation_id", "turn_index", "speaker", "role", "text", "said_at"]
FACT_COLUMNS = [
    "fact_id", "subject", "relation", "object", "text", "quote", "source_turn_id", "said_at",
    "valid_from", "valid_until", "belief", "status", "superseded_by", "date_precision",
]

_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="recall-search")
"""Runs the cosine search (and the neighbour read) beside the BM25 search; Lance releases the GIL."""


@dataclass
class Shortlist:
    ids: list[str] = field(default_factory=list)
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
    cosine: dict[str, float] = field(default_factory=dict)
    named: list[str] = field(default_factory=list)
    """Speakers the question named (turns, `hybrid`)."""
    timings_ms: dict[str, float] = field(default_factory=dict)


def _rows(frame: pl.DataFrame, id_column: str) -> dict[str, dict[str, Any]]:
    if frame.is_empty():
        return {}
    return {row[id_column]: row for row in frame.iter_rows(named=True)}


def _cosines(frame: pl.DataFrame, id_column: str) -> dict[str, float]:
    if frame.is_empty():
        return {}
    return dict(zip(frame[id_column].to_list(), (1.0 - frame["_distance"].cast(pl.Float64)).to_list(), strict=True))


def _searches(store, table, question, vector, where, columns, config):
    """Cosine and BM25 searches, side by side (each releases the GIL inside Lance)."""
    vector_future = _pool.submit(search.vector_search, store, table, vector, where, config.pool, columns)
    lexical = search.text_search(store, table, question, where, config.pool, columns)
    return vector_future.result(), lexical


def shortlist_turns(
    store, question: str, vector: np.ndarray, where: str, size: int, config: ShortlistConfig,
    *, speakers: Iterable[str] = (),
) -> Shortlist:
    """The turn shortlist; `speakers` are the scope's speakers, so a question that names one is understood."""
    started = time.perf_counter()
    result = Shortlist()
    hybrid = config.method == "hybrid"
    named = named_speakers(question, speakers) if hybrid else set()
    # Names match every turn of their speaker: BM25 searches without them, and their turns get a boost instead.
    query = lexical_query(question, named) if named and config.drop_named_speakers else question
    vector_future = _pool.submit(search.vector_search, store, "turns", vector, where, config.pool, TURN_COLUMNS)
    lexical = search.text_search(store, "turns", query, where, config.pool, TURN_COLUMNS)
    spread: dict = {}
    neighbour_future = None
    if hybrid and not lexical.is_empty():
        hits = list(zip(zip(lexical["conversation_id"].to_list(), lexical["turn_index"].to_list(), strict=True),
                        lexical["_score"].to_list(), strict=True))
        spread = spread_to_neighbours(hits, config.neighbour_weights)
        # Only the best hits' neighbours are read: a lower hit lends too little to lift a turn into the shortlist.
        near_best = spread_to_neighbours(hits[: config.neighbour_hits], config.neighbour_weights)
        hit_positions = {position for position, _ in hits}
        unread = [position for position in near_best if position not in hit_positions]
        if unread:
            # Read the hits' neighbours while the cosine search is still running.
            neighbour_future = _pool.submit(search.fetch_turns_at, store, unread, where, [*TURN_COLUMNS, "vector"])
    similar = vector_future.result()
    neighbours = neighbour_future.result() if neighbour_future is not None else pl.DataFrame()
    result.timings_ms["search"] = (time.perf_counter() - started) * 1000

    rows, cosine, similar_ids, lexical_ids, scores = _ranked(similar, lexical, "turn_id", config)
    if scores is None:
        result.named = sorted(named)
        low, high = min(cosine.values(), default=0.0), max(cosine.values(), default=0.0)
        if not neighbours.is_empty():
            matrix = neighbours["vector"].to_numpy().astype(np.float32, copy=False)
            norms = np.linalg.norm(matrix, axis=1) * (np.linalg.norm(vector) or 1.0)
            similarity = (matrix @ vector) / np.where(norms > 0, norms, 1.0)
            for row, value in zip(neighbours.drop("vector").iter_rows(named=True), similarity.tolist(), strict=True):
                rows.setdefault(row["turn_id"], row)
                cosine.setdefault(row["turn_id"], value)
        by_position = {(row["conversation_id"], row["turn_index"]): item for item, row in rows.items()}
        scores = fuse_scores(
            normalise_lexical({by_position[p]: s for p, s in spread.items() if p in by_position}),
            # Normalised by the cosine pool's range; a neighbour outside it is clamped to [0, 1].
            normalise_cosine(cosine, low, high),
            vector_weight=config.vector_weight,
            boosted={item for item, row in rows.items() if row.get("speaker") in named},
            boost=config.speaker_boost,
        )
    return _keep_best(result, scores, rows, cosine, similar_ids + lexical_ids, size, started)


def _keep_best(result: Shortlist, scores: dict, rows: dict, cosine: dict, tie_order: list, size: int,
               started: float) -> Shortlist:
    """The `size` best-scored items, with their rows, scores and the time the shortlist took."""
    result.ids = ordered(scores, tie_order=tie_order)[:size]
    result.rows = {item: rows[item] for item in result.ids}
    result.scores = {item: scores[item] for item in result.ids}
    result.cosine = cosine
    result.timings_ms["shortlist"] = (time.perf_counter() - started) * 1000
    return result


def _ranked(similar: pl.DataFrame, lexical: pl.DataFrame, key: str, config: ShortlistConfig):
    """Rows, cosines and both rankings of a search pair; scores for the similarity and RRF methods, else None
    (the caller fuses scores its own way)."""
    rows = _rows(similar, key) | _rows(lexical, key)
    cosine = _cosines(similar, key)
    similar_ids = [] if similar.is_empty() else similar[key].to_list()
    lexical_ids = [] if lexical.is_empty() else lexical[key].to_list()
    scores = None
    if config.method == "similarity":
        scores = {item: cosine[item] for item in similar_ids}
    elif config.method == "rrf":
        scores = reciprocal_rank_fusion([similar_ids, lexical_ids], k=config.rrf_k)
    return rows, cosine, similar_ids, lexical_ids, scores


def shortlist_facts(
    store, question: str, vector: np.ndarray, where: str, size: int, config: ShortlistConfig
) -> Shortlist:
    started = time.perf_counter()
    result = Shortlist()
    columns = [c for c in FACT_COLUMNS if c in search.table_columns(store, "facts")]
    similar, lexical = _searches(store, "facts", question, vector, where, columns, config)
    result.timings_ms["search"] = (time.perf_counter() - started) * 1000
    rows, cosine, similar_ids, lexical_ids, scores = _ranked(similar, lexical, "fact_id", config)
    if scores is None:
        bm25 = {} if lexical.is_empty() else dict(zip(lexical_ids, lexical["_score"].to_list(), strict=True))
        scores = fuse_scores(
            normalise_lexical(bm25),
            normalise_cosine(cosine, min(cosine.values(), default=0.0), max(cosine.values(), default=0.0)),
            vector_weight=config.vector_weight,
        )
    return _keep_best(result, scores, rows, cosine, similar_ids + lexical_ids, size, started)
