"""The rerank of the read path: one relevance request over the whole shortlist, then the selection rule.

The request follows the decision layer's convention (tasks/decisions/types.py): state
{"query": question, "targets": {mid: {"text": line}}} with one question "relevance:<mid>" per item. Items
get short request-local ids (m0, m1, ...) rather than their 32-character store ids: fewer tokens, and the
same shortlist always makes the same request, so the call cache answers a repeated question for free.

Selection: the items judged relevant above the threshold, plus the `floor` first items of the shortlist
whatever their score, ordered by relevance x belief (seed study, section 3), then the rest of the shortlist
in its fused order. The local relevance answers separate evidence from other lines only weakly (few pass the
threshold), so dropping the lines below it lost evidence that fused search still holds at 20 lines (LoCoMo
any@20 0.818 vs 0.892): the rerank reorders the head of the list and leaves the tail to fused search, so a
reader of many lines gets at least what fused search gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from archivist.tasks.decisions.types import DecisionRequest, DecisionResult, Question, about, request_key

RELEVANCE = "relevance"


@dataclass
class Selection:
    ids: list[str]
    """Kept items, best first."""
    relevance: dict[str, float]
    floor: set[str]
    """Kept only because they are among the first `floor` of the shortlist."""
    tail: list[str]
    """Judged below the threshold and past the floor: after the reranked head, in shortlist order."""


def relevance_request(
    question: str, lines: Mapping[str, str], relevance_question: Question
) -> tuple[DecisionRequest, dict[str, str]]:
    """The one request that scores every item; returns it with request id -> item id."""
    local_ids = {f"m{index}": item for index, item in enumerate(lines)}
    state = {"query": question, "targets": {mid: {"text": lines[item]} for mid, item in local_ids.items()}}
    questions = {request_key(RELEVANCE, mid): about(relevance_question, mid) for mid in local_ids}
    return DecisionRequest(state=state, questions=questions), local_ids


def relevance_scores(result: DecisionResult, local_ids: Mapping[str, str]) -> dict[str, float]:
    """P(relevant) per item; an item whose answer fell back scores 0.5, which the threshold does not keep."""
    scores = {}
    for mid, item in local_ids.items():
        answer = result.answers.get(request_key(RELEVANCE, mid))
        scores[item] = answer.p("true") if answer is not None else 0.5
    return scores


def select(
    shortlist: Sequence[str],
    relevance: Mapping[str, float],
    belief: Mapping[str, float],
    *,
    threshold: float,
    floor: int,
    extra: Sequence[str] = (),
) -> Selection:
    """Items above `threshold` plus the first `floor` of the shortlist, ordered by relevance x belief, then
    the other shortlist items in shortlist order (`tail`).

    `extra` items (facts pulled in by a relation the question names) compete on relevance alone: the floor
    and the tail are the shortlist's, so an extra item judged irrelevant is left out. Ties keep shortlist
    order, so the order is deterministic.
    """
    candidates = list(dict.fromkeys([*shortlist, *extra]))
    rank = {item: i for i, item in enumerate(candidates)}
    floor_ids = set(shortlist[:floor])
    kept = [item for item in candidates if relevance.get(item, 0.0) > threshold or item in floor_ids]
    kept.sort(key=lambda item: (-(relevance.get(item, 0.0) * belief.get(item, 1.0)), rank[item]))
    below = {item for item in floor_ids if relevance.get(item, 0.0) <= threshold}
    chosen = set(kept)
    tail = [item for item in dict.fromkeys(shortlist) if item not in chosen]
    return Selection(ids=[*kept, *tail], relevance=dict(relevance), floor=below, tail=tail)
