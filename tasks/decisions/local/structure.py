"""The structure of a pair the write path can state outright: the same one-valued slot, another value.

The write path sends each fact's (subject, relation, object) triple with the request (tasks/policy/requests.py,
key `slot`). When both facts fill the same canonical relation, that relation holds one value at a time
(configs/relations.toml), the subject is the same and the objects differ, the two cannot both hold: `new`
(another value that holds beside the stored one) is ruled out by the relation table, not by the wording. The
relation heads were fitted on text pairs that carry no triples, so this is applied to their answer rather than
learned: the mass they gave to `new` moves to the superseding answers, in the proportion the head gave them,
scaled by how sure the temporal head is that the new fact holds now. A plan, a wish or a piece of history keeps
its `new`, and a negated new fact ("never signed up for the Unlimited plan") is not another value of the slot.
`duplicate` and `refinement` are left as the head gave them: two wordings of one value stay the head's call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from archivist.configs.relations import Relations, load_relations
from archivist.tasks.decisions.local import text as t
from archivist.tasks.decisions.types import TARGETS

SLOT = "slot"
_SUPERSEDING = ("update", "contradiction")


def _triple(entry: Any) -> Mapping[str, Any] | None:
    slot = entry.get(SLOT) if isinstance(entry, Mapping) else None
    return slot if isinstance(slot, Mapping) else None


def _value(text: Any) -> frozenset[str]:
    return t.content_stems(str(text or ""))


def one_slot_change(state: Mapping[str, Any], target: str | None, relations: Relations | None = None) -> bool:
    """Both facts fill the same one-valued relation of the same subject with values that differ.

    Values differ when each side has a content word the other lacks: "4 Rose Lane" -> "4 Rose Lane, Derby"
    only adds to the stored value (a refinement or a duplicate, the head's call).
    """
    if target is None:
        return False
    new, old = _triple(state), _triple((state.get(TARGETS) or {}).get(target))
    if new is None or old is None:
        return False
    relations = relations or load_relations()
    relation = relations.canonical(str(old.get("relation") or ""))
    if relations.canonical(str(new.get("relation") or "")) != relation or relations.cardinality(relation) != "one":
        return False
    if str(new.get("subject") or "").strip().casefold() != str(old.get("subject") or "").strip().casefold():
        return False
    old_value, new_value = _value(old.get("object")), _value(new.get("object"))
    return bool(old_value - new_value) and bool(new_value - old_value)


def negated(fact: str) -> bool:
    return t.count(t.NEGATION, fact) > 0


def apply_slot_change(probabilities: dict[str, float], holds_now: float) -> dict[str, float]:
    """Move `new`'s mass, times P(the new fact holds now), to update and contradiction as the head split them."""
    moved = probabilities.get("new", 0.0) * min(max(holds_now, 0.0), 1.0)
    superseding = {name: probabilities.get(name, 0.0) for name in _SUPERSEDING}
    total = sum(superseding.values())
    shares = {name: value / total for name, value in superseding.items()} if total > 0 else {"update": 1.0}
    result = dict(probabilities)
    result["new"] = probabilities.get("new", 0.0) - moved
    for name, share in shares.items():
        result[name] = result.get(name, 0.0) + moved * share
    return result
