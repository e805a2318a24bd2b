"""The facts a recall reads when the facts table's current values are not the answer.

The facts table holds each fact as it stands now. Two readers need something else:

- `as_of` a past moment: the facts, beliefs, statuses and supersession links as they stood then, which is the
  replay of the scope's events up to that moment (DESIGN.md principle 3). Today's values would show a fact
  that was current then as "(superseded until ...)" and rank it by today's (low) belief.
- a scope with a commit in progress, or one a killed process left open (storage/commits.py): its facts rows
  may be ahead of or behind the log until the commit ends or the next writer heals it; the log is the truth.

Either way the view is the replay, and the facts table still supplies what the log does not hold (vectors,
the full-text index), so searches run on the table restricted to the view's current facts and every row found
is overlaid with its replayed values. A scope without events (facts written straight into the table, as a
test or an import does) has nothing to replay and is read from the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from archivist.storage import sql
from archivist.storage.commits import open_commit_scopes
from archivist.storage.events import replay_facts, scope_events
from archivist.storage.store import Store

CURRENT_STATUSES = ("active", "tentative")


@dataclass
class FactView:
    rows: dict[str, dict[str, Any]]
    """fact_id -> the fact as the replay has it (no vector)."""

    def current_ids(self) -> list[str]:
        return sorted(f for f, row in self.rows.items() if row.get("status") in CURRENT_STATUSES)

    def where(self, scope_where: str) -> str:
        """The scope's filter narrowed to the facts current in the view."""
        ids = self.current_ids()
        return sql.all_of(scope_where, sql.in_list("fact_id", ids)) if ids else sql.NOTHING

    def overlay(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A row the table returned, with the view's values (search scores and columns it lacks are kept)."""
        replayed = self.rows.get(row["fact_id"])
        return {**row, **replayed} if replayed is not None else dict(row)

    def superseded_by(self, fact_ids: Sequence[str]) -> list[dict[str, Any]]:
        """The view's facts that `fact_ids` superseded."""
        wanted = set(fact_ids)
        return [row for row in self.rows.values() if row.get("superseded_by") in wanted]


def fact_view(store: Store, tenant: str, scope: str, as_of: datetime | None) -> FactView | None:
    """The replayed view of a scope's facts, or None when the facts table can be read as it is."""
    if as_of is None and (tenant, scope) not in open_commit_scopes(store):
        return None
    events = scope_events(store, [(tenant, scope)])
    if events.is_empty():
        return None
    replayed = replay_facts(events, as_of=as_of)
    return FactView({row["fact_id"]: row for row in replayed.iter_rows(named=True)})
