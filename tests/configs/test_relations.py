from __future__ import annotations

import pytest
from pydantic import ValidationError

from archivist.configs.relations import Relations, load_relations


@pytest.mark.parametrize(
    "name,canonical,cardinality",
    [
        ("address", "address", "one"),
        ("Lives in", "address", "one"),
        ("moved-to", "address", "one"),
        ("works_at", "employer", "one"),
        ("subscription", "plan", "one"),
        ("payment_method", "payment_method", "one"),
        ("likes", "preference", "many"),
        ("hobby", "preference", "many"),
        ("has_pet", "pet", "many"),
        ("device", "device", "many"),
    ],
)
def test_aliases_resolve_to_a_relation_with_its_cardinality(name, canonical, cardinality):
    relations = load_relations()
    assert relations.canonical(name) == canonical
    assert relations.cardinality(name) == cardinality


def test_an_unknown_relation_is_many_valued_the_side_that_never_lets_a_contradiction_close():
    relations = load_relations()
    assert not relations.known("collects_stamps")
    assert relations.canonical("Collects Stamps") == "collects_stamps"
    assert relations.cardinality("collects_stamps") == "many"


def test_one_alias_for_two_relations_is_rejected():
    with pytest.raises(ValidationError, match="names both"):
        Relations.model_validate({"relation": {"address": {"cardinality": "one", "aliases": ["home"]},
                                               "family": {"cardinality": "many", "aliases": ["home"]}}})
