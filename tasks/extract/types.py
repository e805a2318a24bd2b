"""The nouns of extraction: a turn with its context, a fact extracted from it, and the extractor interface.

Section 3.2 of the seed paper: an extractor sees the new message, the last ten messages of its conversation
and the ten most similar facts the scope already stored, and returns the facts the message states. Every
extractor takes a whole batch of turns at once so that a remote one can fan its calls out (or submit them
as one provider batch); the answer is one list of facts per turn, in the order of the turns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, Protocol

CONTEXT_MESSAGES = 10
"""Messages before the turn that an extractor sees (the seed's m_{t-10} .. m_{t-1})."""
SIMILAR_FACTS = 10
"""Stored facts of the scope most similar to the turn that an extractor sees (Top_10 s_cos)."""


@dataclass(frozen=True)
class ContextMessage:
    """One earlier message of the conversation, as the extractor shows it."""

    speaker: str | None
    role: str
    text: str
    said_at: datetime | None = None


@dataclass(frozen=True)
class TurnContext:
    """A turn to extract facts from, with what the extractor may look at besides it."""

    turn_id: str
    tenant: str
    scope: str
    speaker: str | None
    role: str
    text: str
    said_at: datetime | None
    """When the message was sent (UTC); relative dates resolve against its date. None: not known (ABCD)."""
    previous: tuple[ContextMessage, ...] = ()
    """The last ten messages of the conversation before this turn, oldest first."""
    similar_facts: tuple[str, ...] = ()
    """Texts of the ten stored facts of this scope most similar to the turn, most similar first."""
    conversation_id: str | None = None

    @property
    def said_on(self) -> date | None:
        if self.said_at is None:
            return None
        moment = self.said_at if self.said_at.tzinfo else self.said_at.replace(tzinfo=UTC)
        return moment.astimezone(UTC).date()


@dataclass(frozen=True)
class ExtractedFact:
    """One fact a message states: a (subject, relation, object) edge, its text, and where it came from."""

    subject: str
    relation: str
    """A relation name; canonical names are those of configs/relations.toml (address, plan, preference ...)."""
    object: str
    text: str
    """A short normalised sentence ("customer lives at 14 Harbour Street, Leeds"), cue words kept."""
    quote: str
    """The verbatim span of the message the fact rests on (always a substring of the message)."""
    said_at: str | None
    """ISO date the fact is about: a relative date in the message resolved against its date, else the
    message's own date; None when the message has no date."""
    entities: list[str] = field(default_factory=list)
    source_turn_id: str = ""
    temporal_status: str | None = None
    """current, past, planned or hypothetical as the embedded extractor reads the grammar; None from an LLM
    (the decision model's temporal_status question decides what is stored either way)."""
    kind: str | None = None
    """fact, plan or event as the grammar suggests; None when the extractor does not say."""
    replaces: bool = False
    """The statement says the slot's value changed to this one ("I switched to an iPhone 15", "it's 3 Bay View
    now", "went from Silver to Gold", "no longer X, now Y"): the value it held before no longer holds, even where
    the relation holds many values (tasks/decisions/local/structure.py reads it from the request's `slot`)."""
    read_in: str | None = None
    """The words the statement was read in, where they are not the turn's own: an agent's statement is read as the
    customer's first-person sentence ("I've changed your meal to vegan, and your flight next month shows it" ->
    "My meal is now vegan."), and the decision model weighs the fact in that sentence, not in the agent's process
    talk around it ("next month", "will go to"). None: in the whole turn (every customer fact, every LLM fact)."""
    date_precision: str | None = None
    """day, week, month or year: how much of `said_at` the message gave ("back in 2019" is 2019-01-01 at
    year precision); None when the date is the message's own day or not known."""


def fact_time(fact: ExtractedFact, message_said_at: datetime | None) -> datetime | None:
    """`fact.said_at` as a UTC timestamp (what `NewFact.said_at` and the facts table hold): the message's own
    timestamp when the fact is dated by the message, else midnight UTC of the resolved date ("last Friday")."""
    if fact.said_at is None:
        return None
    if message_said_at is not None:
        moment = message_said_at if message_said_at.tzinfo else message_said_at.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
        if moment.date().isoformat() == fact.said_at:
            return moment
    return datetime.combine(date.fromisoformat(fact.said_at), datetime.min.time(), tzinfo=UTC)


@dataclass(frozen=True)
class ExtractionProblem:
    """A turn whose extraction failed or was partly unusable: recorded, never silent, never fatal to a batch."""

    turn_id: str
    reason: str
    """What went wrong and what to do about it; never contains the message text or a key."""
    raw: str = ""
    """The start of the model's reply (for a malformed one), to look at in the quarantine table."""


class Extractor(Protocol):
    """Facts for each turn of a batch; a remote extractor fans the batch out, a local one loops."""

    name: str
    """Identifies the extractor and its version, for the run record."""

    def extract(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]: ...

    def take_problems(self) -> list[ExtractionProblem]:
        """Problems recorded since the last call (and forgotten by it)."""
        ...


def as_context(row: dict[str, Any]) -> ContextMessage:
    """A `turns` row (or any mapping with speaker, role, text, said_at) as a context message."""
    return ContextMessage(speaker=row.get("speaker"), role=str(row.get("role") or ""), text=str(row.get("text") or ""),
                          said_at=row.get("said_at"))
