"""Memory lines as an answer model reads them, and the cut at k lines or a token budget.

A turn renders as the read-path study stores it, "[date] speaker: text"; a fact as "[date] text — "quote"",
and a fact that a newer one replaced as "[date] (superseded until date) text — "quote"", right after the
fact that replaced it. Dates are ISO days: short, unambiguous, and sortable by the answer model.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from archivist.tasks.providers.tokens import count_tokens

SEPARATOR = "\n"
"""Lines are joined with this; the budget counts the joined text, separators included."""


def day(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d") if moment is not None else "undated"


def dated(valid_from: datetime | None, precision: str | None, said_at: datetime | None = None) -> str:
    """A fact's own date at the precision its statement gave: "2019", "2019-03", "week of 2019-03-04",
    "2019-03-08"; empty when the statement gave none, or only its own day (the line's date already says it)."""
    if valid_from is None or not precision:
        return ""
    if precision == "year":
        return valid_from.strftime("%Y")
    if precision == "month":
        return valid_from.strftime("%Y-%m")
    if precision == "week":
        return f"week of {day(valid_from)}"
    return "" if said_at is not None and day(said_at) == day(valid_from) else day(valid_from)


def render_turn(said_at: datetime | None, speaker: str | None, text: str) -> str:
    """"[2023-05-08] Caroline: I went to a support group yesterday."""
    who = (speaker or "").strip()
    return f"[{day(said_at)}] {who}: {text}" if who else f"[{day(said_at)}] {text}"


def render_fact(
    said_at: datetime | None,
    text: str,
    quote: str | None,
    *,
    superseded: bool = False,
    valid_until: datetime | None = None,
    sources: Sequence[str] | None = None,
    conflicts: Sequence[str] | None = None,
    date: str = "",
) -> str:
    """"[2024-01-03] Ana lives in Porto — "I just moved to Porto"", marked when superseded; a fact a voice other
    than the customer stated, or one with an open conflict, says so: "(agent; conflicting: customer says Basic)".
    `date` is the fact's own date (`dated`): "[2024-01-03] (2019) Ana lived in Boston"."""
    marker = ""
    if superseded:
        marker = f"(superseded until {day(valid_until)}) " if valid_until is not None else "(superseded) "
    if date:
        marker = f"{marker}({date}) "
    line = f"[{day(said_at)}] {marker}{text}"
    quote = (quote or "").strip()
    line = f"{line} — \"{quote}\"" if quote else line
    notes = source_notes(sources, conflicts)
    return f"{line} ({notes})" if notes else line


def source_notes(sources: Sequence[str] | None, conflicts: Sequence[str] | None) -> str:
    """"customer, agent; conflicting: customer says Basic plan" (empty for a fact only its customer stated)."""
    voices = list(dict.fromkeys(entry.split(":", 1)[0] for entry in (sources or []) if entry))
    parts = [", ".join(voices)] if voices and voices != ["customer"] else []
    for entry in conflicts or []:
        try:
            side = json.loads(entry)
        except ValueError:
            continue
        parts.append(f"conflicting: {side.get('source') or 'customer'} says {side.get('object') or side.get('text')}")
    return "; ".join(parts)


@dataclass
class Cut:
    kept: int
    """How many of the offered lines fit."""
    tokens: int
    """Tokens of the kept lines joined by SEPARATOR."""
    reason: str | None
    """"k", "budget", or None when every line fit."""


def cut_lines(
    lines: Sequence[str],
    *,
    k: int | None,
    budget_tokens: int | None,
    count: Callable[[str], int] = count_tokens,
) -> Cut:
    """The longest prefix of `lines` with at most k lines whose joined text is within the budget.

    The joined text is re-counted as each line is added (token counts of concatenated text are not
    strictly additive), so the budget holds for the exact text handed to the answer model.
    """
    limit = len(lines) if k is None else max(0, min(k, len(lines)))
    tokens = 0
    for index in range(limit):
        joined = SEPARATOR.join(lines[: index + 1])
        needed = count(joined)
        if budget_tokens is not None and needed > budget_tokens:
            return Cut(kept=index, tokens=tokens, reason="budget")
        tokens = needed
    reason = "k" if limit < len(lines) else None
    return Cut(kept=limit, tokens=tokens, reason=reason)


def prefix_within_budget(
    line_tokens: Sequence[str], budget_tokens: int, count: Callable[[str], int] = count_tokens
) -> int:
    """How many leading lines fit in `budget_tokens` (the evaluation's budgets, without a k)."""
    return cut_lines(line_tokens, k=None, budget_tokens=budget_tokens, count=count).kept


def as_datetime(value: Any) -> datetime | None:
    """Polars hands timestamps back as datetime already; anything else (None, NaT) means undated."""
    return value if isinstance(value, datetime) else None
