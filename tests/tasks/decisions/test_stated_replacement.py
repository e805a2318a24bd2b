"""A stated replacement in the request's `slot` (tasks/decisions/local/structure.py): it supersedes the stored value
of the same subject and relation, within what configs/relations.toml says a replacement replaces."""

from __future__ import annotations

import pytest

from archivist.configs.relations import load_relations
from archivist.tasks.decisions.local import structure

HEAD = {"new": 0.55, "duplicate": 0.2, "contradiction": 0.1, "update": 0.1, "negates": 0.03, "refinement": 0.02}


def state(new: dict, old: dict) -> dict:
    return {"fact": "f", "slot": new, "targets": {"c1": {"text": "t", "slot": old}}}


def slot(relation: str, value: str, *, subject: str = "customer", replaces: bool = False) -> dict:
    found = {"subject": subject, "relation": relation, "object": value}
    return {**found, "replaces": True} if replaces else found


@pytest.mark.parametrize("new, old, expected", [
    (slot("device", "iPhone 15", replaces=True), slot("device", "Pixel 7"), True),
    (slot("device", "iPhone 15", replaces=True), slot("device", "MacBook Air"), False),  # a phone, not the laptop
    (slot("device", "iPhone 15"), slot("device", "Pixel 7"), False),  # not stated as a change
    (slot("device", "iPhone 15", replaces=True, subject="customer's wife"), slot("device", "Pixel 7"), False),
    (slot("device", "Pixel 7", replaces=True), slot("device", "Pixel 7"), False),  # the same value
    (slot("bank", "Monzo", replaces=True), slot("bank", "Barclays"), True),
    (slot("preference", "swimming", replaces=True), slot("preference", "hiking"), False),
    (slot("contact", "sam@jones.me", replaces=True), slot("contact", "sam.jones@gmail.com"), True),
    (slot("diet", "pescatarian", replaces=True), slot("diet", "vegetarian"), True),
    (slot("address", "4 Rose Lane, Derby", replaces=True), slot("address", "4 Rose Lane"), False),  # only adds
])
def test_what_a_stated_replacement_replaces(new, old, expected):
    assert structure.stated_replacement(state(new, old), "c1", load_relations()) is expected


def test_a_stated_replacement_moves_the_other_answers_to_update_by_trust_and_tense():
    relations = load_relations()
    moved = structure.restructure(state(slot("device", "iPhone 15", replaces=True), slot("device", "Pixel 7")), "c1",
                                  "customer has an iPhone 15", dict(HEAD), lambda: 0.9, relations)
    share = relations.stated_replacement_trust * 0.9
    assert moved["update"] == pytest.approx(0.1 + share * 0.9)
    assert moved["new"] == pytest.approx(0.55 * (1 - share))
    assert sum(moved.values()) == pytest.approx(1.0)


def test_a_plan_or_a_negated_fact_keeps_the_heads_answer():
    relations = load_relations()
    asked = state(slot("device", "iPhone 15", replaces=True), slot("device", "Pixel 7"))
    assert structure.restructure(asked, "c1", "customer has an iPhone 15", dict(HEAD), lambda: 0.0,
                                 relations) == pytest.approx(HEAD)
    denial = structure.restructure(asked, "c1", "customer no longer has an iPhone 15", dict(HEAD), lambda: 1.0,
                                   relations)
    assert denial["update"] == denial["contradiction"] == denial["negates"] == 0.0  # another value is denied
    assert denial["new"] == pytest.approx(0.55 + 0.1 + 0.1 + 0.03)
    same = state(slot("plan", "Gold plan"), slot("plan", "Gold plan"))
    assert structure.restructure(same, "c1", "customer is not on the Gold plan", dict(HEAD), lambda: 1.0,
                                 relations) == HEAD  # denying the stored value itself is the heads' call


def test_an_unmarked_change_of_a_one_valued_slot_still_only_moves_new():
    relations = load_relations()
    asked = state(slot("plan", "Pro plan"), slot("plan", "Basic plan"))
    moved = structure.restructure(asked, "c1", "customer is on the Pro plan", dict(HEAD), lambda: 1.0, relations)
    assert moved["duplicate"] == pytest.approx(HEAD["duplicate"]) and moved["new"] == pytest.approx(0.0)


@pytest.mark.parametrize("new, old, distinct", [
    (slot("service_status", "Pixel 8 stopped charging"), slot("device", "Pixel 8"), True),
    (slot("delivery_address", "9 Dock Road"), slot("address", "4 Rose Lane"), True),  # a parcel, not a move
    (slot("plan", "Gold plan"), slot("subscription", "Silver plan"), False),  # one relation under two names
    (slot("device", "Pixel 8", subject="customer's son"), slot("contact", "07700 900123"), False),  # two subjects
    (slot("made_up_relation", "x"), slot("device", "Pixel 8"), False),  # a name the table does not know
])
def test_facts_of_two_known_relations_are_about_different_attributes(new, old, distinct):
    relations = load_relations()
    assert structure.distinct_relations(state(new, old), "c1", relations) is distinct
    moved = structure.restructure(state(new, old), "c1", "customer has it", dict(HEAD), lambda: 1.0, relations)
    if distinct:
        share = relations.distinct_relation_trust
        assert moved["new"] == pytest.approx(0.55 + share * 0.45)
        assert moved["update"] == pytest.approx(0.1 * (1 - share))
        assert sum(moved.values()) == pytest.approx(1.0)
