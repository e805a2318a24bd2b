"""Every Lance SQL filter archivist sends is built here: literals, `IN` lists in chunks, the one scope filter.

Keeping them in one module means one place quotes strings (a tenant called o'brien cannot break a filter) and
one place decides what "a scope" means: `None` is "every scope of the tenant"; an empty string is a scope named
"" (which nothing stores), never "no scope".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

ID_CHUNK = 1_000
"""Values per `IN (...)` list: long lists make Lance's planner slow, so look-ups by id go in chunks."""

NOTHING = "false"
"""A filter no row matches (for an empty set of ids or scopes)."""


def quote(value: str) -> str:
    """A string literal for a Lance SQL filter."""
    return "'" + str(value).replace("'", "''") + "'"


def timestamp(moment: datetime) -> str:
    """A TIMESTAMP literal; a moment without a zone is taken as UTC."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return f"TIMESTAMP '{moment.strftime('%Y-%m-%d %H:%M:%S.%f')}'"


def in_list(column: str, values: Iterable[str]) -> str:
    values = list(values)
    if not values:
        return NOTHING
    return f"{column} IN ({', '.join(quote(v) for v in values)})"


def in_chunks(column: str, values: Iterable[str], chunk: int = ID_CHUNK) -> list[str]:
    """`column IN (...)` filters over the distinct `values`, sorted, at most `chunk` per filter."""
    ordered = sorted(set(values))
    return [in_list(column, ordered[i : i + chunk]) for i in range(0, len(ordered), chunk)]


def like_prefix(column: str, prefix: str) -> str:
    """Rows whose `column` starts with `prefix` (LIKE wildcards in the prefix are matched literally)."""
    escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{column} LIKE {quote(escaped + '%')}"


def all_of(*parts: str | None) -> str:
    """The conjunction of the given filters (None and empty ones left out); `true` when there are none."""
    kept = [p for p in parts if p]
    if not kept:
        return "true"
    return kept[0] if len(kept) == 1 else " AND ".join(f"({p})" for p in kept)


def scope_filter(
    scopes: Iterable[tuple[str, str | None]],
    *,
    statuses: Sequence[str] | None = None,
    said_by: datetime | None = None,
    valid_at: datetime | None = None,
) -> str:
    """Rows of any of the (tenant, scope) pairs; a pair (tenant, None) is every scope of that tenant.

    `statuses` keeps facts with one of them; `said_by` keeps rows said at or before the moment; `valid_at`
    keeps facts whose validity interval (valid_from, valid_until) contains it, a missing bound being open.
    """
    whole: set[str] = set()
    by_tenant: dict[str, set[str]] = {}
    for tenant, scope in scopes:
        if scope is None:
            whole.add(tenant)
        else:
            by_tenant.setdefault(tenant, set()).add(scope)
    clauses = [f"tenant = {quote(t)}" for t in sorted(whole)]
    for tenant, names in sorted(by_tenant.items()):
        if tenant in whole:
            continue
        names_sql = f"scope = {quote(next(iter(names)))}" if len(names) == 1 else in_list("scope", sorted(names))
        clauses.append(f"tenant = {quote(tenant)} AND {names_sql}")
    if not clauses:
        return NOTHING
    where = clauses[0] if len(clauses) == 1 else " OR ".join(f"({c})" for c in clauses)
    extra = []
    if statuses:
        extra.append(in_list("status", statuses))
    if said_by is not None:
        extra.append(f"(said_at IS NULL OR said_at <= {timestamp(said_by)})")
    if valid_at is not None:
        moment = timestamp(valid_at)
        extra.append(f"(valid_from IS NULL OR valid_from <= {moment})")
        extra.append(f"(valid_until IS NULL OR valid_until > {moment})")
    if not extra:
        return where
    head = where if len(clauses) == 1 else f"({where})"
    return " AND ".join([head, *extra])
