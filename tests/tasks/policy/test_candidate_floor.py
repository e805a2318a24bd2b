"""The candidate similarity floor: a dissimilar cosine candidate is not asked, a graph candidate always is."""

from __future__ import annotations

import numpy as np
import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.tasks.policy.candidates import ScopeIndex, select_candidates
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import statement

R = load_relations()


def _at(cosine: float) -> np.ndarray:
    """A unit vector at `cosine` from (1, 0, ...)."""
    vector = np.zeros(8, dtype=np.float32)
    vector[0], vector[1] = cosine, np.sqrt(1.0 - cosine**2)
    return vector


def _index() -> ScopeIndex:
    index = ScopeIndex(R, 8)
    index.add({"fact_id": "close", "subject": "user", "relation": "diet", "entities": []}, _at(0.9))
    index.add({"fact_id": "far", "subject": "user", "relation": "diet", "entities": []}, _at(0.1))
    index.add({"fact_id": "sibling", "subject": "user", "relation": "address", "entities": []}, _at(0.05))
    index.add({"fact_id": "rare", "subject": "user", "relation": "diet", "entities": ["Kyoto"]}, _at(0.02))
    return index


def _select(min_cosine: float) -> list[str]:
    index = _index()
    chosen = select_candidates(index, _at(1.0), "User", "address", ["Kyoto"], cosine_k=10, graph_k=10,
                               rare_max=10, min_cosine=min_cosine)
    return [index.rows[p]["fact_id"] for p in chosen]


def test_a_dissimilar_cosine_candidate_is_not_asked_but_graph_candidates_below_the_floor_still_are():
    # "far" is in the top 10 only because the scope is small; the sibling (same subject and relation) and the
    # fact sharing a rare entity are as far, and asked all the same.
    assert _select(0.3) == ["close", "sibling", "rare"]


def test_floor_zero_asks_every_top_candidate_in_similarity_order():
    assert _select(0.0) == ["close", "far", "sibling", "rare"]


def test_a_floor_above_every_cosine_leaves_only_the_graph_candidates():
    assert _select(0.95) == ["sibling", "rare"]


def test_the_write_path_asks_relation_only_of_candidates_at_the_floor_or_above():
    first = statement("I eat fish", day=0, relation="diet")
    first.vector = _at(0.1)
    near = statement("I am vegetarian", day=1, relation="diet")
    near.vector = _at(0.8)
    new = statement("I live in Leeds", day=2, relation="address")
    new.vector = _at(1.0)

    def asked_targets(floor: float) -> list[str]:
        decider = ScriptedDecider()
        t = load_thresholds().model_copy(update={"candidate_min_cosine": floor})
        process_new_facts([first, near, new], pl.DataFrame(), decider, ScriptedQuestions(), t, R, run_id="run-1")
        last = [r for r in decider.requests if r.state.get("fact") == "I live in Leeds"][0]
        return sorted(target["text"] for target in last.state["targets"].values())

    assert asked_targets(0.5) == ["I am vegetarian"]
    assert asked_targets(0.0) == ["I am vegetarian", "I eat fish"]
