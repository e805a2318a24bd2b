"""A provider's documented request-size limits, and the split of one request's questions to fit them.

One request carries every question that shares a state; it is split only where a limit requires it.
Jev 1.13 documents 64k tokens for the state plus all questions and 32k for the state plus the longest
single question (the ~270-token fixed overhead counts toward neither). Our counts use o200k_base, not
the provider's tokenizer, so a margin keeps estimates on the safe side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from archivist.ids import canonical_json
from archivist.tasks.decisions.types import Question
from archivist.tasks.providers.tokens import count_tokens


@dataclass(frozen=True)
class TokenLimits:
    total_tokens: int | None = None
    """State plus every question of one request."""
    per_question_tokens: int | None = None
    """State plus the longest single question."""
    max_questions: int | None = None
    margin: float = 0.9
    """Fraction of each token limit we fill, because our tokenizer is not the provider's."""


JEV_1_13 = TokenLimits(total_tokens=65_536, per_question_tokens=32_768)


@dataclass
class SplitPlan:
    chunks: list[dict[str, Question]]
    """Question groups, each sent as one request with the full state."""
    too_large: dict[str, str]
    """Question key -> why it cannot be sent at all (state plus that question alone is over the limit)."""


def text_tokens(value: Any, count: Callable[[str], int] = count_tokens) -> int:
    return count(_text(value))


def split_questions(
    state: Any,
    questions: dict[str, Question],
    limits: TokenLimits | None,
    count: Callable[[str], int] = count_tokens,
) -> SplitPlan:
    """Group `questions` into as few requests as the limits allow, keeping their order."""
    if limits is None or (
        limits.total_tokens is None and limits.per_question_tokens is None and limits.max_questions is None
    ):
        return SplitPlan(chunks=[dict(questions)] if questions else [], too_large={})
    total_cap = None if limits.total_tokens is None else int(limits.total_tokens * limits.margin)
    single_cap = None if limits.per_question_tokens is None else int(limits.per_question_tokens * limits.margin)
    if single_cap is None:
        single_cap = total_cap
    if _fits_by_bytes(state, questions, total_cap, single_cap, limits.max_questions):
        return SplitPlan(chunks=[dict(questions)], too_large={})
    state_tokens = text_tokens(state, count)

    chunks: list[dict[str, Question]] = []
    too_large: dict[str, str] = {}
    current: dict[str, Question] = {}
    current_tokens = state_tokens
    for key, question in questions.items():
        q_tokens = text_tokens({key: question.wire()}, count)
        if single_cap is not None and state_tokens + q_tokens > single_cap:
            too_large[key] = (
                f"state ({state_tokens} tokens) plus this question ({q_tokens} tokens) is over the provider's "
                f"limit of {single_cap} tokens for state plus one question; shorten the state"
            )
            continue
        full = limits.max_questions is not None and len(current) >= limits.max_questions
        over = total_cap is not None and current_tokens + q_tokens > total_cap
        if current and (full or over):
            chunks.append(current)
            current, current_tokens = {}, state_tokens
        current[key] = question
        current_tokens += q_tokens
    if current:
        chunks.append(current)
    return SplitPlan(chunks=chunks, too_large=too_large)


def _fits_by_bytes(state: Any, questions: dict[str, Question], total_cap: int | None, single_cap: int | None,
                   max_questions: int | None) -> bool:
    """True when even one token per byte fits: a byte-level BPE token covers at least one byte, so most
    requests skip tokenizing entirely."""
    if not questions or (max_questions is not None and len(questions) > max_questions):
        return False
    state_bytes = len(_text(state).encode("utf-8"))
    sizes = [len(canonical_json({k: q.wire()}).encode("utf-8")) for k, q in questions.items()]
    if total_cap is not None and state_bytes + sum(sizes) > total_cap:
        return False
    return single_cap is None or state_bytes + max(sizes) <= single_cap


def _text(value: Any) -> str:
    return value if isinstance(value, str) else canonical_json(value)


def fits_without_counting(body_bytes: int, limits: TokenLimits | None, questions: int) -> bool:
    """True when a request body of `body_bytes` UTF-8 bytes is within every limit even at one token per byte
    (the body holds the state and every question, so it bounds both token limits)."""
    if limits is None:
        return True
    if limits.max_questions is not None and questions > limits.max_questions:
        return False
    caps = [int(c * limits.margin) for c in (limits.total_tokens, limits.per_question_tokens) if c is not None]
    return all(body_bytes <= cap for cap in caps)
