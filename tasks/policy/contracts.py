"""The contracts of `configs/contracts.toml`: which voice a role speaks with, how strong it is, and which
transition rule each kind of fact follows. `tasks/policy/transitions.py` applies them to a statement's events.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from archivist.configs.files import CONFIG_DIR, ShippedModel
from archivist.configs.relations import normalize_relation

CONTRACTS_FILE = CONFIG_DIR / "contracts.toml"
CUSTOMER = "customer"

Rule = Literal["supersede", "resolve", "reinforce", "flag", "fulfil"]


class Contract(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: Rule
    authority: bool = False
    stronger_supersedes: bool = False
    lapse_after_days: int | None = Field(default=None, ge=0)
    relations: tuple[str, ...] = ()


class Authority(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    order: tuple[str, ...]
    equal: tuple[tuple[str, ...], ...] = ()
    contest_within_minutes: float = Field(default=0.0, ge=0)
    contestable: tuple[str, ...] = ()
    changes_are_news: bool = False


class Settle(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    settle_by: Literal["equal_or_stronger", "stronger"] = "equal_or_stronger"


class Rewrite(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    from_: str = Field(alias="from")
    to: str


class AgentReading(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    boilerplate: tuple[str, ...] = ()
    advice: tuple[str, ...] = ()
    evidence_openers: tuple[str, ...] = ()
    rewrites: tuple[Rewrite, ...] = ()
    confirmations: tuple[str, ...] = ()
    requests: tuple[Rewrite, ...] = ()
    refusals: tuple[str, ...] = ()


class SystemAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    action: str
    pattern: str
    relation: str
    text: str


class Contracts(BaseModel):
    """Field docs are in contracts.toml, beside the values."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    version: int
    voices: dict[str, str]
    authority: Authority
    contract: dict[str, Contract]
    default: Contract
    settle: Settle = Settle()
    agent: AgentReading = AgentReading()
    system: tuple[SystemAction, ...] = ()

    @model_validator(mode="after")
    def _known_voices(self) -> Contracts:
        known = set(self.authority.order)
        unknown = sorted(set(self.voices.values()) - known)
        if unknown:
            raise ValueError(f"voices {unknown} are not in [authority] order {list(self.authority.order)}")
        for pattern in [a.pattern for a in self.system] + [r.from_ for r in self.agent.rewrites] + \
                list(self.agent.confirmations) + [r.from_ for r in self.agent.requests]:
            re.compile(pattern)
        return self

    @cached_property
    def _by_relation(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for kind, contract in self.contract.items():
            for relation in contract.relations:
                found.setdefault(normalize_relation(relation), kind)
        return found

    @cached_property
    def _rank(self) -> dict[str, int]:
        order = list(reversed(self.authority.order))  # weakest first: rank 0
        rank = {voice: index for index, voice in enumerate(order)}
        for group in self.authority.equal:
            top = max(rank[v] for v in group)
            rank.update({v: top for v in group})
        return rank

    def voice(self, role: str | None) -> str:
        """The voice a turn's role speaks with; an unknown role is the weakest voice."""
        return self.voices.get((role or "").strip().lower(), CUSTOMER)

    def rank(self, voice: str | None) -> int:
        return self._rank.get(voice or CUSTOMER, 0)

    def kind_of(self, relation: str | None, kind: str | None = None) -> str:
        """The contract a fact of this relation (and kind) follows; "default" when none lists it."""
        if kind == "plan" and "plan" in self.contract:
            return "plan"
        return self._by_relation.get(normalize_relation(relation or ""), "default")

    def fact_rank(self, fact: Mapping[str, Any]) -> int:
        """A fact is as strong as the voice that set it. A stronger voice's repeat adds a source and belief but
        does not lift the fact out of its own voice's reach: a customer who confirmed-by-agent "direct debit"
        can still report switching to a card; an agent's own statement of the value is what a customer cannot
        overwrite."""
        return self.rank(fact.get("source"))

    def outranked(self, row: Mapping[str, Any], fact: Mapping[str, Any]) -> bool:
        """Whether statement `row`'s voice is weaker than the voice that set `fact`, unless the statement contests
        it at once (a customer replying within `contest_within_minutes` to a value a `contestable` voice set) or
        reports a change on a later day (`is_news`)."""
        if self.rank(row.get("source")) >= self.fact_rank(fact):
            return False
        return not (self.contests(row, fact) or self.is_news(row, fact))

    def is_news(self, row: Mapping[str, Any], fact: Mapping[str, Any]) -> bool:
        """A change the weaker voice reports ("I got a new phone, an iPhone 15": the statement `replaces` the slot's
        value) after the day the stronger voice set the value: news the record could not hold yet, not a stale
        claim against it (`[authority] changes_are_news`)."""
        said, set_at = row.get("said_at"), fact.get("said_at")
        if not self.authority.changes_are_news or not row.get("replaces") or not isinstance(said, datetime) \
                or not isinstance(set_at, datetime):
            return False
        return said.date() > set_at.date()  # calendar days, so naive and aware moments compare too

    def contests(self, row: Mapping[str, Any], fact: Mapping[str, Any]) -> bool:
        window = self.authority.contest_within_minutes
        said, set_at = row.get("said_at"), fact.get("said_at")
        if not window or (row.get("source") or CUSTOMER) != CUSTOMER or fact.get("source") not in \
                self.authority.contestable or not isinstance(said, datetime) or not isinstance(set_at, datetime):
            return False
        if str(fact.get("subject") or "").lower() != str(row.get("subject") or "").lower():
            return False
        try:
            gap = (said - set_at).total_seconds()
        except TypeError:  # one naive, one aware: not comparable, so not contested
            return False
        return 0 <= gap <= window * 60

    def get(self, name: str | None) -> Contract:
        return self.contract.get(name or "", self.default)

    def settles(self, voice: str | None, holder: Mapping[str, Any]) -> bool:
        """Whether a statement of `voice` may settle a conflict on the fact `holder`."""
        holder_rank = self.fact_rank(holder)
        if self.settle.settle_by == "stronger":
            return self.rank(voice) > holder_rank
        return self.rank(voice) >= holder_rank


load_contracts = ShippedModel(Contracts, CONTRACTS_FILE)


# -- the source columns ------------------------------------------------------------------------------------


def source_entry(voice: str, role: str | None, speaker: str | None, turn_id: str | None) -> str:
    """One entry of a fact's `sources`: "voice:role:speaker:turn_id" (colons in a speaker's name removed)."""
    return ":".join([voice, role or "", (speaker or "").replace(":", " "), turn_id or ""])


def parse_source(entry: str) -> dict[str, str]:
    voice, role, speaker, turn_id = (entry.split(":", 3) + ["", "", "", ""])[:4]
    return {"voice": voice, "role": role, "speaker": speaker, "turn_id": turn_id}


def conflict_entry(row: Mapping[str, Any]) -> str:
    """The other side of a conflict as the holder's `conflicts` column keeps it."""
    return json.dumps({"fact_id": row.get("fact_id"), "source": row.get("source") or CUSTOMER,
                       "object": row.get("object") or "", "text": row.get("text") or ""}, sort_keys=True)


def conflict_sides(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(entry) for entry in (row.get("conflicts") or [])]


def conflict_phrase(side: Mapping[str, Any]) -> str:
    """"customer says Basic plan": how a recall line names the other side of a conflict."""
    return f"{side.get('source') or CUSTOMER} says {side.get('object') or side.get('text') or '?'}"
