"""The closed sets of words stored in the tables: fact statuses, event kinds, closed reasons, roles, zones.

Each word is written by one module and read by many (the write path, replay, consolidation, re-scoring,
the CLI), so it is defined once here; a typo in a raw string would silently match nothing.
This module imports nothing of the project.
"""

from __future__ import annotations

from typing import Literal

# -- facts.status ----------------------------------------------------------------------------------------
ACTIVE, TENTATIVE, CLOSED = "active", "tentative", "closed"
FACT_STATUSES = (ACTIVE, TENTATIVE, CLOSED)

# -- facts.closed_reason: why a fact closed, which decides whether evidence may reopen it ----------------
CLOSED_BY_BELIEF = "belief"  # belief fell below the close threshold; reopens above the reopen threshold
CLOSED_AS_FULFILLED = "fulfilled"  # a stored plan that a later statement said was carried out
CLOSED_AS_SUPERSEDED = "superseded"  # consolidation: a newer fact replaced it
CLOSED_AS_DUPLICATE = "duplicate"  # consolidation: the same fact stored twice, linked to the older one
CLOSED_AS_SETTLED = "settled"  # a flagged conflict settled against it by an equal or stronger voice
CLOSED_AS_LAPSED = "lapsed"  # a plan whose date passed without the event happening
CLOSED_REASONS = (CLOSED_BY_BELIEF, CLOSED_AS_FULFILLED, CLOSED_AS_SUPERSEDED, CLOSED_AS_DUPLICATE, CLOSED_AS_SETTLED,
                  CLOSED_AS_LAPSED)

# -- events.kind -----------------------------------------------------------------------------------------
FACT_ADDED = "fact_added"
BELIEF_CHANGED = "belief_changed"
FACT_CLOSED = "fact_closed"
FACT_REOPENED = "fact_reopened"
FACT_PROMOTED = "fact_promoted"
LINK_MADE = "link_made"
PLAN_CLOSED = "plan_closed"
FACT_DROPPED = "fact_dropped"
CONFLICT_FLAGGED = "conflict_flagged"  # a contract kept a disagreement instead of applying it (configs/contracts.toml)
CONFLICT_SETTLED = "conflict_settled"  # an equal or stronger voice, or a plan, settled a flagged conflict
EVENT_KINDS = (FACT_ADDED, BELIEF_CHANGED, FACT_CLOSED, FACT_REOPENED, FACT_PROMOTED, LINK_MADE, PLAN_CLOSED,
               FACT_DROPPED, CONFLICT_FLAGGED, CONFLICT_SETTLED)

# -- plans.status ----------------------------------------------------------------------------------------
DRAFT, APPLIED, RESTORED = "draft", "applied", "restored"
PLAN_STATUSES = (DRAFT, APPLIED, RESTORED)

# -- decisions.zone --------------------------------------------------------------------------------------
Zone = Literal["act", "escalate", "tentative"]
ACT, ESCALATE = "act", "escalate"
ZONES = (ACT, ESCALATE, TENTATIVE)

# -- turns.role: who spoke; an archive record with another role is quarantined ---------------------------
ROLES = frozenset({"customer", "user", "agent", "assistant", "system", "tool"})
