"""The structural relation features: the attribute frame with the values masked, and a denied stored value."""

from __future__ import annotations

from pathlib import Path

from archivist.tasks.decisions.evaluate import load_labels
from archivist.tasks.decisions.local.semantic import (
    MiniLMVectors,
    _denied_or_named,
    pair_texts,
    split_value,
    structural_features,
)

LABELS = Path(__file__).resolve().parents[3] / "data" / "labels"


def test_the_frame_masks_the_words_only_one_side_has():
    assert split_value("Melanie drives a Honda Civic", "Melanie drives a Subaru Outback") == \
        ("Melanie drives a something", "Honda Civic")
    # A word the other side has under another ending ("hikes"/"hiking") is frame, not value.
    assert split_value("User enjoys hikes", "User enjoys hiking") == ("User enjoys hikes", "")
    assert pair_texts("User is vegetarian", "User is vegan") == \
        ["User is something", "vegetarian", "User is something", "vegan"]


def test_a_stored_value_after_a_negation_is_denied_but_no_more_ends_it():
    assert _denied_or_named("Linda", "it's Lydia, not Linda") == (1.0, 1.0)
    assert _denied_or_named("Pro", "I've always been on Basic, I never had Pro.") == (1.0, 1.0)
    assert _denied_or_named("roommates", "no more roommates, it's a studio") == (1.0, 0.0)
    assert _denied_or_named("Chicago", "I moved to Detroit") == (0.0, 0.0)


def test_the_same_attribute_with_another_value_differs_from_a_paraphrase_and_an_addition():
    vectors = MiniLMVectors()
    swapped = structural_features("Melanie drives a Honda Civic", "Melanie drives a Subaru Outback", "", vectors)
    assert swapped["s_swapped"] == 1.0 and swapped["s_frame_cos"] > 0.99
    assert swapped["s_swap_distinct"] > 0.3
    added = structural_features("User has a dog", "User has a dog named Biscuit", "", vectors)
    assert added["s_added_only"] == 1.0 and added["s_swapped"] == 0.0
    same = structural_features("Nate has a pet turtle", "Nate has a pet turtle", "", vectors)
    assert same["s_swapped"] == same["s_added_only"] == 0.0 and same["s_frame_cos"] > 0.99


def test_the_held_out_sets_are_valid_and_never_fitted_on():
    import json

    from archivist.configs.settings import CONFIG_DIR

    shipped = json.loads((CONFIG_DIR / "local_decider.json").read_text())
    assert shipped["fitted_on"]["labels"] == "decisions.jsonl" and "extra" not in shipped["fitted_on"]
    for name in ("heldout_support.jsonl", "heldout_chat.jsonl", "heldout_agent.jsonl"):
        items = load_labels(LABELS / name)
        assert sum(item.question == "relation" for item in items) >= 40, name
        assert all(item.split is None for item in items), f"{name} must not carry a train/test split"
