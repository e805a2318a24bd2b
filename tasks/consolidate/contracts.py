"""Consolidation under the contracts of configs/contracts.toml (the same verdicts as the write path).

A consolidation answer that would close the older fact of a pair is checked against the older fact's contract:
claims are never closed (flag), a fix of another thing does not close an issue (resolve), and a weaker voice does
not close a fact a stronger one set (authority). When the two facts are the two sides of a flagged conflict, the
plan settles it, reversibly: the weaker side closes as `settled` and both conflict lists lose the pair
(`settle_conflict`); a supersession the authority allows settles it the other way (the conflict lists are
cleared beside the usual `close_superseded` changes).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from archivist.storage.plans import CLOSE_SUPERSEDED
from archivist.tasks.consolidate.pairs import Pair
from archivist.tasks.decisions.types import Answer
from archivist.tasks.plans.build import item_row
from archivist.tasks.policy.contracts import Contracts
from archivist.tasks.policy.transitions import contract_verdict
from archivist.vocab import CLOSED, CLOSED_AS_SETTLED, CONFLICT_SETTLED

SETTLE_CONFLICT = "settle_conflict"
"""Plan action: the two sides of a flagged conflict; the stronger voice's side stays, the weaker one closes."""


def contract_action(pair: Pair, action: str | None, why: str, contracts: Contracts) -> tuple[str | None, str]:
    """`action` (from tasks/plans/build.py `pair_action`) as the older fact's contract allows it."""
    if action != CLOSE_SUPERSEDED:
        return action, why
    verdict = contract_verdict(pair.newer, pair.older, contracts, lowers=True)
    if verdict == "applied":
        return action, why
    if verdict == "vetoed" and in_conflict(pair.newer, pair.older):
        return SETTLE_CONFLICT, ""
    return None, f"contract: {verdict}"


def in_conflict(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return any(json.loads(c).get("fact_id") == b["fact_id"] for c in (a.get("conflicts") or []))


def _without(row: Mapping[str, Any], other_id: str) -> list[str]:
    return [c for c in (row.get("conflicts") or []) if json.loads(c).get("fact_id") != other_id]


def settle_item(pair: Pair, decision_id: str, answer: Answer) -> dict[str, Any]:
    """The plan item settling a conflict for the older (stronger) side: the newer (weaker) side closes."""
    strong, weak = pair.older, pair.newer
    changes = {
        strong["fact_id"]: {"kind": CONFLICT_SETTLED, "after": {"conflicts": _without(strong, weak["fact_id"])}},
        weak["fact_id"]: {"kind": CONFLICT_SETTLED, "after": {
            "conflicts": _without(weak, strong["fact_id"]), "status": CLOSED, "closed_reason": CLOSED_AS_SETTLED,
            "superseded_by": strong["fact_id"]}},
    }
    return item_row(pair, SETTLE_CONFLICT, decision_id, answer, changes)


def settle_in(item: dict[str, Any], pair: Pair) -> dict[str, Any]:
    """A supersession between the two sides of a conflict settles it: both conflict lists lose the pair."""
    if item["action"] != CLOSE_SUPERSEDED or not in_conflict(pair.older, pair.newer):
        return item
    changes = json.loads(item["changes"])
    older, newer = pair.older, pair.newer
    changes.setdefault(older["fact_id"], {"kind": CONFLICT_SETTLED, "after": {}})["after"]["conflicts"] = \
        _without(older, newer["fact_id"])
    changes.setdefault(newer["fact_id"], {"kind": CONFLICT_SETTLED, "after": {}})["after"]["conflicts"] = \
        _without(newer, older["fact_id"])
    return {**item, "changes": json.dumps(changes, sort_keys=True)}
