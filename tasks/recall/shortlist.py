"""The shortlist of the read path: which 30 stored items one relevance request will score.

Three methods, compared on LoCoMo by tests/benchmarks/eval_locomo.py (which prints the table):

- `similarity`: exact cosine search, the seed study's shortlist.
- `rrf`: reciprocal rank fusion of cosine search and BM25 (LanceDB's native FTS), the usual hybrid.
- `hybrid` (the default): BM25 over turns *with their neighbourhood* plus a light cosine term.
  An answer is often a short reply whose words are in the turn before it ("What did you paint?" /
  "A sunrise!"), so each BM25 hit also lends its score to the turns around it (half to the next and
  previous turn, a quarter two away, within a conversation; the neighbours of the best 30 hits are read
  beside the cosine search). Speakers the question names are dropped from the BM25 query (every turn of
  theirs would match) and their turns get a boost instead. The two signals are fused by score, lexical
  normalised by its best score and cosine min-max normalised over the candidate pool, because rank fusion
  gave the weaker cosine list as much say as BM25 and lowered recall.
  Facts have no neighbourhood: for them `hybrid` is the same score fusion without the spreading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

Method = Literal["similarity", "rrf", "hybrid"]
METHODS: tuple[str, ...] = ("similarity", "rrf", "hybrid")

Position = tuple[str, int]
"""(conversation_id, turn_index): where a turn sits, so its neighbours can be named before they are read."""


@dataclass(frozen=True)
class ShortlistConfig:
    method: Method = "hybrid"
    pool: int = 100
    """Candidates each search returns before fusion."""
    rrf_k: int = 60
    """The RRF constant of Cormack et al.; it damps the head of each ranking."""
    vector_weight: float = 0.2
    """Weight of the normalised cosine next to the normalised lexical score (1.0) in `hybrid`."""
    neighbour_weights: Mapping[int, float] = field(default_factory=lambda: {0: 1.0, 1: 0.5, -1: 0.5, 2: 0.25, -2: 0.25})
    """offset -> share of a BM25 hit's score a turn at that offset receives (turns only)."""
    neighbour_hits: int = 30
    """Neighbours are read for this many of the best BM25 hits (a read costs more than the rest of recall)."""
    speaker_boost: float = 0.5
    """A turn by a speaker the question names scores (1 + boost) times its fused score."""
    drop_named_speakers: bool = True
    """Search BM25 without the names of speakers the question names."""


# -- rank fusion --------------------------------------------------------------------------------------------


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[str]], *, k: int = 60, weights: Sequence[float] | None = None
) -> dict[str, float]:
    """RRF score of every id: the sum over rankings of weight / (k + rank), ranks counted from 1."""
    scores: dict[str, float] = {}
    for position, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else float(weights[position])
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    return scores


def ordered(scores: Mapping[str, float], tie_order: Sequence[str] = ()) -> list[str]:
    """Ids by score, highest first; ties keep `tie_order` (then id order), so results are deterministic."""
    rank = {item: i for i, item in enumerate(tie_order)}
    return sorted(scores, key=lambda item: (-scores[item], rank.get(item, len(rank)), item))


# -- query rewriting ---------------------------------------------------------------------------------------


def named_speakers(question: str, speakers: Iterable[str]) -> set[str]:
    """Speakers a question names, by full name or first name (whole words, any case)."""
    named = set()
    for speaker in speakers:
        if not speaker:
            continue
        forms = {speaker.strip(), speaker.strip().split()[0]}
        if any(len(form) > 1 and re.search(rf"\b{re.escape(form)}\b", question, re.IGNORECASE) for form in forms):
            named.add(speaker)
    return named


def lexical_query(question: str, speakers: Iterable[str]) -> str:
    """The question without the speakers' names (and their possessive 's), for BM25."""
    text = question
    for speaker in sorted(speakers, key=len, reverse=True):
        for form in {speaker.strip(), speaker.strip().split()[0]}:
            text = re.sub(rf"\b{re.escape(form)}(?:'s|’s)?\b", " ", text, flags=re.IGNORECASE)
    text = " ".join(text.split())
    # A question that was nothing but a name still searches for the name.
    return text if re.search(r"\w", text) else question


# -- neighbourhood spreading and score fusion ---------------------------------------------------------------


def spread_to_neighbours(
    hits: Iterable[tuple[Position, float]], weights: Mapping[int, float]
) -> dict[Position, float]:
    """Each hit's score lent to the positions around it: position (c, i + d) gets weights[d] x score."""
    spread: dict[Position, float] = {}
    for (conversation, index), score in hits:
        for offset, weight in weights.items():
            target = (conversation, index + offset)
            if target[1] < 0 or weight == 0:
                continue
            spread[target] = spread.get(target, 0.0) + weight * float(score)
    return spread


def normalise_lexical(scores: Mapping[str, float]) -> dict[str, float]:
    best = max(scores.values(), default=0.0)
    return {item: (score / best if best > 0 else 0.0) for item, score in scores.items()}


def normalise_cosine(cosines: Mapping[str, float], low: float, high: float) -> dict[str, float]:
    """Cosine rescaled so that the pool's worst is 0 and its best 1 (clamped: neighbours fall outside)."""
    span = high - low
    if span <= 1e-9:
        return {item: 1.0 for item in cosines}
    return {item: min(1.0, max(0.0, (value - low) / span)) for item, value in cosines.items()}


def fuse_scores(
    lexical: Mapping[str, float],
    cosine: Mapping[str, float],
    *,
    vector_weight: float,
    boosted: Iterable[str] = (),
    boost: float = 0.0,
) -> dict[str, float]:
    """lexical + vector_weight x cosine (both already normalised), times (1 + boost) for `boosted` ids."""
    boosted = set(boosted)
    fused = {}
    for item in set(lexical) | set(cosine):
        score = lexical.get(item, 0.0) + vector_weight * cosine.get(item, 0.0)
        fused[item] = score * (1.0 + boost) if item in boosted else score
    return fused
