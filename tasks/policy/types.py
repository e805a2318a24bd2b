"""Plain data the write-path policy reads (answers, stored fact rows) and writes (events).

A stored fact is a plain mapping with the columns of the `facts` table; the policy reads `fact_id`, `subject`,
`relation`, `belief`, `status`, `temporal_status`, `kind`, `evidence_against`, `closed_reason` and `same_as`,
and never mutates it: every change it wants is an `Event` whose `after` holds the new column values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from archivist.tasks.decisions.types import Answer

# Statuses, event kinds and closed reasons are defined once in the bottom layer; re-exported for the policy.
from archivist.vocab import (  # noqa: F401
    ACTIVE,
    BELIEF_CHANGED,
    CLOSED,
    CLOSED_AS_FULFILLED,
    CLOSED_BY_BELIEF,
    EVENT_KINDS,
    FACT_ADDED,
    FACT_CLOSED,
    FACT_DROPPED,
    FACT_PROMOTED,
    FACT_REOPENED,
    LINK_MADE,
    PLAN_CLOSED,
    TENTATIVE,
    Zone,
)

# The paper's relation sets (section 3.2): answers that support a stored fact, and the superseding subset S.
SUPPORTING = frozenset({"duplicate", "refinement"})
SUPERSEDING = frozenset({"update", "contradiction", "negates"})




@dataclass(frozen=True)
class Judged:
    """One answer and the id of the `decisions` row that records it (so events can name their cause)."""

    answer: Answer
    decision_id: str | None = None


@dataclass(frozen=True)
class CandidateJudgement:
    """What the decision model said about one stored candidate, and that candidate's row as it stands now."""

    fact: Mapping[str, Any]
    relation: Judged | None
    relation_alt: Judged | None = None
    plan_fulfilled: Judged | None = None
    """Asked only when the candidate is a stored plan."""


@dataclass(frozen=True)
class StatementJudgement:
    """A new fact (a statement not stored yet), its fact-question answers and its candidates."""

    row: Mapping[str, Any]
    """The row the fact would be stored as; the policy fills in `belief` and `status`."""
    answers: Mapping[str, Judged]
    """Fact questions by question id: worth_remembering, kind, temporal_status, ..."""
    candidates: Sequence[CandidateJudgement] = ()


@dataclass(frozen=True)
class Event:
    """One change to the store. `after` holds only `facts` columns, so replay is `row.update(after)`."""

    kind: str
    fact_id: str
    before: dict[str, Any] | None
    after: dict[str, Any]
    cause_id: str
    """The statement (new fact id) whose processing made this change."""
    decision_id: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    """Why: the relation, probabilities, evidence in log-odds, the gate that blocked, ..."""


@dataclass
class Outcome:
    """What happened to one statement."""

    statement_id: str
    action: Literal["added", "linked", "dropped"]
    zone: Zone
    status: str | None
    """The new fact's status when added; None when linked or dropped."""
    events: list[Event]
    reasons: list[str] = field(default_factory=list)
    """Why the fact is tentative (or dropped), in words a report can print."""
    target_id: str | None = None
    """u*: the candidate the zone was decided on."""
    escalated: bool = False
    withheld_target: str | None = None
    """A candidate whose superseding answer was not applied because no LLM could settle it."""
