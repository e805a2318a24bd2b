"""The shipped thresholds are the seed paper's; a change to one of them must be a deliberate edit of this test."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from archivist.configs.thresholds import THRESHOLDS_FILE, load_thresholds

# Typed Decisions in Agent Memory, section 3 (and DESIGN.md, "The seed's numbers the defaults keep").
PAPER = {
    "act": 0.85,
    "escalate": 0.60,
    "relevance": 0.5,
    "close": 0.25,
    "reopen": 0.60,
    "belief_min": 0.02,
    "belief_max": 0.98,
    "evidence_min_probability": 0.5,
    "cosine_candidates": 10,
    "graph_candidates": 10,
    "shortlist": 30,
    "cosine_floor": 10,
    "consolidation_neighbours": 3,
    "consolidation_min_cosine": 0.5,
    "consolidation_max_pairs": 60,
}

# Values the paper leaves open; thresholds.toml explains each choice.
OURS = {
    "initial_belief": 0.85,
    "tentative_belief": 0.5,
    "escalation_probability": 0.98,
    "worth_drop_below": 0.60,
    "worth_tentative_below": 0.85,
    "past_tense_only_negates": True,
    "one_off_drop": True,
    "hypothetical_tentative": True,
    "rare_entity_max_facts": 10,
    "candidate_min_cosine": 0.25,
}


@pytest.mark.parametrize("name,value", sorted(PAPER.items()))
def test_default_is_the_papers_value(name, value):
    assert getattr(load_thresholds(), name) == value


@pytest.mark.parametrize("name,value", sorted(OURS.items()))
def test_default_of_a_value_the_paper_leaves_open(name, value):
    assert getattr(load_thresholds(), name) == value


def test_every_threshold_is_pinned():
    assert set(load_thresholds().model_dump()) == set(PAPER) | set(OURS) | {"models"}


def _write(tmp_path, extra="", **changes):
    """A copy of the shipped file with top-level `changes` (written before any table) and `extra` at the end."""
    text = THRESHOLDS_FILE.read_text()
    top = ""
    for key, value in changes.items():
        text = "\n".join(line for line in text.splitlines() if not line.startswith(f"{key} "))
        top += f"{key} = {value}\n"
    path = tmp_path / "thresholds.toml"
    path.write_text(top + text + "\n" + extra)
    return path


def test_jev_is_read_with_the_seed_papers_numbers():
    jev = load_thresholds(model="jev-1.13.0")
    assert (jev.act, jev.escalate, jev.relevance) == (PAPER["act"], PAPER["escalate"], PAPER["relevance"])
    assert load_thresholds().measured_for("jev-1.13.0") and not load_thresholds().measured_for("gpt-6-luna")


def test_a_model_section_sets_that_models_probability_thresholds_only(tmp_path):
    path = _write(tmp_path, extra='[models."gpt-6-luna"]\nact = 0.9\nescalate = 0.7\n')
    base, luna = load_thresholds(path), load_thresholds(path, model="gpt-6-luna")
    assert (luna.act, luna.escalate) == (0.9, 0.7) and luna.close == base.close
    assert load_thresholds(path, model="jev-1.13.0").act == 0.85  # other models keep theirs
    assert load_thresholds(path, model="gpt-6-luna-2026-10-06").act == 0.9  # a dated snapshot of the id


def test_a_model_section_is_checked_like_the_file(tmp_path):
    with pytest.raises(ValidationError, match="close"):  # belief bounds are the store's, never a model's
        load_thresholds(_write(tmp_path, extra='[models."m"]\nclose = 0.1\n'))
    path = _write(tmp_path, extra='[models."m"]\nescalate = 0.9\n')
    with pytest.raises(ValidationError, match="escalate must not exceed act"):
        load_thresholds(path, model="m")


def test_a_copy_of_the_file_overrides_the_defaults(tmp_path):
    assert load_thresholds(_write(tmp_path, act="0.9")).act == 0.9


def test_a_misspelt_threshold_is_an_error_not_a_silent_default(tmp_path):
    with pytest.raises(ValidationError, match="acts"):
        load_thresholds(_write(tmp_path, acts="0.9"))


def test_close_must_stay_below_reopen_or_facts_would_flicker(tmp_path):
    with pytest.raises(ValidationError, match="flickering"):
        load_thresholds(_write(tmp_path, close="0.7"))
