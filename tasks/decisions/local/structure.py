"""The structure of a pair the write path can state outright: the same one-valued slot, another value.

The write path sends each fact's (subject, relation, object) triple with the request (tasks/policy/requests.py,
key `slot`). When both facts fill the same canonical relation, that relation holds one value at a time
(configs/relations.toml), the subject is the same and the objects differ, the two cannot both hold: `new`
(another value that holds beside the stored one) is ruled out by the relation table, not by the wording. The
relation heads were fitted on text pairs that carry no triples, so this is applied to their answer rather than
learned: the mass they gave to `new` moves to the superseding answers, in the proportion the head gave them,
scaled by how sure the temporal head is that the new fact holds now. A plan, a wish or a piece of history keeps
its `new`, and a negated new fact ("never signed up for the Unlimited plan") is not another value of the slot.
`duplicate` and `refinement` are left as the head gave them: two wordings of one value stay the head's call. A
negated new fact about another value of the slot ("never signed up for the Unlimited plan" against "on the Pro
plan") denies nothing stored: whatever the heads gave to update, contradiction or negates goes to `new`.

A stated replacement goes further. When the new fact's slot carries `replaces` (its statement says the value
changed: "I switched to an iPhone 15", "it's 3 Bay View now", "went from Silver to Gold"), the subject and the
relation are the stored fact's and the values differ, the statement itself says the stored value no longer holds:
every other answer (new, duplicate, a bare negation, a contradiction) gives way to `update`, by
`stated_replacement_trust` (configs/relations.toml) times P(the new fact holds now). That holds for many-valued
relations too, within what the relation table says a replacement replaces: the device of the same kind (a phone
for a phone, never the laptop), any bank, nothing for a taste ("likes hiking" never replaces "likes painting").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from archivist.configs.relations import Relations, load_relations
from archivist.tasks.decisions.local import text as t
from archivist.tasks.decisions.types import TARGETS

SLOT, REPLACES = "slot", "replaces"
_NAMED = re.compile(r"[A-Z0-9@]")
"""A value that names something (an address, a plan, an email) has a capital, a digit or an @; a state has none."""
_SUPERSEDING = ("update", "contradiction")


def _triple(entry: Any) -> Mapping[str, Any] | None:
    slot = entry.get(SLOT) if isinstance(entry, Mapping) else None
    return slot if isinstance(slot, Mapping) else None


def _value(text: Any) -> frozenset[str]:
    return t.content_stems(str(text or ""))


def restructure(state: Mapping[str, Any], target: str | None, new_fact: str, probabilities: dict[str, float],
                holds_now: Callable[[], float], relations: Relations | None = None) -> dict[str, float]:
    """A relation head's answer for (new fact, stored fact `target`) after what the triples state outright."""
    relations = relations or load_relations()
    if negated(new_fact):
        if _same_slot_other_value(state, target, relations) is not None:
            return deny_other_value(probabilities)
        return probabilities
    if stated_replacement(state, target, relations):
        return apply_replacement(probabilities, holds_now(), relations.stated_replacement_trust)
    if one_slot_change(state, target, relations):
        return apply_slot_change(probabilities, holds_now())
    if distinct_relations(state, target, relations):
        return apply_distinct(probabilities, relations.distinct_relation_trust)
    if restated_value(state, target, relations):
        return apply_restatement(probabilities, relations.stated_replacement_trust)
    return probabilities


def restated_value(state: Mapping[str, Any], target: str | None, relations: Relations | None = None) -> bool:
    """Both facts fill one one-valued slot of one subject, and the new value says nothing the stored one does not
    ("77 Pine Hollow Dr, Clovis" after "77 Pine Hollow Dr, Clovis CA 93611"): a restatement, however changed the
    wording around it sounds ("I've updated your address to ...", the agent confirming the customer's move)."""
    relations = relations or load_relations()
    found = _same_slot(state, target, relations)
    if found is None or relations.cardinality(found[2]) != "one":
        return False
    new, old, _ = found
    if not _NAMED.search(str(new.get("object") or "")):
        return False  # "router works again" after "router stopped working": a state, not a named value
    old_value, new_value = _value(old.get("object")), _value(new.get("object"))
    return bool(new_value) and new_value <= old_value and not _values_differ(str(old.get("object") or ""),
                                                                             str(new.get("object") or ""))


def apply_restatement(probabilities: dict[str, float], trust: float) -> dict[str, float]:
    """update and contradiction give `trust` of their mass to `duplicate`: a value cannot replace itself."""
    share = min(max(trust, 0.0), 1.0)
    result = dict(probabilities)
    moved = sum(result.get(name, 0.0) * share for name in _SUPERSEDING)
    for name in _SUPERSEDING:
        if name in result:
            result[name] *= 1.0 - share
    result["duplicate"] = result.get("duplicate", 0.0) + moved
    return result


def distinct_relations(state: Mapping[str, Any], target: str | None, relations: Relations | None = None) -> bool:
    """Both facts are about one subject and fill two different relations the table knows."""
    relations = relations or load_relations()
    if target is None:
        return False
    new, old = _triple(state), _triple((state.get(TARGETS) or {}).get(target))
    if new is None or old is None:
        return False
    names = [str(triple.get("relation") or "") for triple in (new, old)]
    if not all(relations.known(name) for name in names):
        return False
    if str(new.get("subject") or "").strip().casefold() != str(old.get("subject") or "").strip().casefold():
        return False
    return relations.canonical(names[0]) != relations.canonical(names[1])


def apply_distinct(probabilities: dict[str, float], trust: float) -> dict[str, float]:
    """Every answer but `new` gives `trust` of its mass to `new`."""
    share = min(max(trust, 0.0), 1.0)
    result = {name: (value if name == "new" else value * (1.0 - share)) for name, value in probabilities.items()}
    result["new"] = probabilities.get("new", 0.0) + share * (1.0 - probabilities.get("new", 0.0))
    return result


def _same_slot_other_value(state: Mapping[str, Any], target: str | None,
                           relations: Relations) -> tuple[Mapping[str, Any], Mapping[str, Any], str] | None:
    """(new triple, stored triple, canonical relation) when both fill one relation of one subject with values
    that differ; None otherwise."""
    found = _same_slot(state, target, relations)
    if found is None or not _values_differ(str(found[1].get("object") or ""), str(found[0].get("object") or "")):
        return None
    return found


def _same_slot(state: Mapping[str, Any], target: str | None,
               relations: Relations) -> tuple[Mapping[str, Any], Mapping[str, Any], str] | None:
    """(new triple, stored triple, canonical relation) when both fill one relation of one subject; else None."""
    if target is None:
        return None
    new, old = _triple(state), _triple((state.get(TARGETS) or {}).get(target))
    if new is None or old is None:
        return None
    relation = relations.canonical(str(old.get("relation") or ""))
    if relations.canonical(str(new.get("relation") or "")) != relation:
        return None
    if str(new.get("subject") or "").strip().casefold() != str(old.get("subject") or "").strip().casefold():
        return None
    return new, old, relation


def _values_differ(old: str, new: str) -> bool:
    """Each side has a content word the other lacks; an identifier (an email address, a number) differs when
    its characters do ("sam@jones.me" against "sam.jones@gmail.com", whose words are nearly the same)."""
    old_value, new_value = _value(old), _value(new)
    if old_value - new_value and new_value - old_value:
        return True
    a, b = (re.sub(r"\s+", " ", v.strip().casefold()) for v in (old, new))
    identifier = any("@" in v or any(ch.isdigit() for ch in v) for v in (a, b))
    return identifier and a != b and a not in b and b not in a


def stated_replacement(state: Mapping[str, Any], target: str | None, relations: Relations | None = None) -> bool:
    """The new fact states a change of its slot's value and the stored fact holds a value that change replaces."""
    relations = relations or load_relations()
    found = _same_slot_other_value(state, target, relations)
    if found is None or found[0].get(REPLACES) is not True:
        return False
    new, old, relation = found
    return relations.replaces(relation, str(old.get("object") or ""), str(new.get("object") or ""))


def deny_other_value(probabilities: dict[str, float]) -> dict[str, float]:
    """ "not on the Gold plan" against "on the Unlimited plan": denying another value leaves the stored one as it
    was, so nothing that would lower it (update, contradiction, negates) stands; their mass goes to `new`."""
    result = dict(probabilities)
    moved = sum(result.pop(name, 0.0) for name in (*_SUPERSEDING, "negates"))
    result.update({name: 0.0 for name in (*_SUPERSEDING, "negates") if name in probabilities})
    result["new"] = probabilities.get("new", 0.0) + moved
    return result


def apply_replacement(probabilities: dict[str, float], holds_now: float, trust: float) -> dict[str, float]:
    """Every other answer gives `trust` times P(the new fact holds now) of its mass to `update`."""
    share = min(max(trust, 0.0), 1.0) * min(max(holds_now, 0.0), 1.0)
    result = {name: value * (1.0 - share) for name, value in probabilities.items()}
    result["update"] = probabilities.get("update", 0.0) + share * (1.0 - probabilities.get("update", 0.0))
    return result


def one_slot_change(state: Mapping[str, Any], target: str | None, relations: Relations | None = None) -> bool:
    """Both facts fill the same one-valued relation of the same subject with values that differ.

    Values differ when each side has a content word the other lacks: "4 Rose Lane" -> "4 Rose Lane, Derby"
    only adds to the stored value (a refinement or a duplicate, the head's call).
    """
    relations = relations or load_relations()
    found = _same_slot_other_value(state, target, relations)
    return found is not None and relations.cardinality(found[2]) == "one"


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
