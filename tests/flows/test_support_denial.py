"""A customer's immediate denial of an agent's recorded change, end to end with the embedded defaults.

An agent's voice outranks the customer's (configs/contracts.toml), which is right for a stale memory said days
later (tests/flows/test_support_voices.py), but not for the turn that follows the agent's own: "I've moved you to
the Pro plan" answered at once by "No, I didn't ask for that, I'm still on Basic" is the customer refusing a
change, and the plan they hold must stay as it was until they confirm otherwise.
"""

from __future__ import annotations

import json

import polars as pl
import pytest

from archivist.storage.events import read_events, replay_facts
from tests.archives import write_chats
from tests.fakes.environment import ingest_embedded

pytestmark = pytest.mark.slow

# scope -> turns (day, role, text); each opens with the plan the customer holds.
CHATS = {
    "denied": [(1, "customer", "Hi, I'm on the Basic plan and I want to check my bill."),
               (5, "customer", "Can you look at my bill again?"),
               (5, "agent", "I've moved you to the Pro plan."),
               (5, "customer", "No, I didn't ask for that. I'm still on the Basic plan.")],
    "refused-in-other-words": [(1, "customer", "We're on the Team plan for the office."),
                               (6, "agent", "Your account is now on the Enterprise plan."),
                               (6, "customer", "What? I never agreed to that. We're on the Team plan.")],
    "accepted": [(1, "customer", "Hi, I'm on the Basic plan and I want to check my bill."),
                 (5, "agent", "I've moved you to the Pro plan."),
                 (5, "customer", "Great, thanks!")],
}


def _archive(path):
    return write_chats(path, CHATS)


@pytest.fixture(scope="module")
def store(prefect_api, tmp_path_factory):
    root = tmp_path_factory.mktemp("denial")
    return ingest_embedded(root, [str(_archive(root / "chats.jsonl"))])


def _facts(store, scope: str) -> pl.DataFrame:
    return replay_facts(read_events(store).filter(pl.col("scope") == scope)).sort("said_at", "fact_id")


def _plans(store, scope: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for row in _facts(store, scope).filter(pl.col("relation") == "plan").iter_rows(named=True):
        found.setdefault(row["status"], []).append(row["object"])
    return found


@pytest.mark.parametrize(("scope", "kept", "refused"), [("denied", "Basic", "Pro"),
                                                        ("refused-in-other-words", "Team", "Enterprise")])
def test_an_immediate_refusal_leaves_the_customers_plan_as_it_was(store, scope, kept, refused):
    plans = _plans(store, scope)
    assert any(kept in value for value in plans.get("active", [])), plans
    assert not any(refused in value for value in plans.get("active", []) + plans.get("tentative", [])), plans
    closing = read_events(store).filter((pl.col("scope") == scope) & (pl.col("kind") == "fact_closed"))
    reasons = [json.loads(d).get("reason") for d in closing["detail"]]
    assert "the customer refused it at once" in reasons, reasons


def test_a_thank_you_is_no_refusal_and_the_agents_change_stands(store):
    plans = _plans(store, "accepted")
    assert any("Pro" in value for value in plans.get("active", [])), plans
    assert not any("Basic" in value for value in plans.get("active", [])), plans
