"""Who said it, end to end with the embedded defaults, on a support archive written for the purpose.

Three customers: an agent confirming what the customer said; an agent recording a plan change, then the
customer repeating the old plan; a fault reported, an unrelated fix, then the fix.
"""

from __future__ import annotations

import json

import polars as pl
import pytest

from archivist.storage import Store
from archivist.storage.events import read_events, replay_facts
from tests.archives import write_chats
from tests.fakes.environment import ingest_embedded

pytestmark = pytest.mark.slow

CHATS = {
    "confirm": [(1, "customer", "Hi, I'm on the Basic plan and I want to check my bill."),
                (1, "agent", "Thanks for waiting. I can see you are on the Basic plan."),
                (1, "agent", "Is there anything else I can help you with?")],
    "change": [(1, "customer", "Hi, I'm on the Basic plan and I want to check my bill."),
               (5, "agent", "Your account is now on the Enterprise plan."),
               (9, "customer", "I'm on the Basic plan.")],
    "fault": [(12, "customer", "My router stopped working."),
              (13, "customer", "My phone works fine now."),
              (14, "customer", "My router works fine now.")],
}


def _archive(path):
    return write_chats(path, CHATS)


@pytest.fixture(scope="module")
def store(prefect_api, tmp_path_factory) -> Store:
    root = tmp_path_factory.mktemp("voices")
    return ingest_embedded(root, [str(_archive(root / "chats.jsonl"))])


def _facts(store: Store, scope: str) -> pl.DataFrame:
    return replay_facts(read_events(store).filter(pl.col("scope") == scope)).sort("said_at", "fact_id")


def _voices(row) -> list[str]:
    return [entry.split(":", 1)[0] for entry in row["sources"]]


def test_an_agent_confirmation_adds_a_source_to_the_fact_instead_of_a_second_fact(store):
    facts = _facts(store, "confirm")
    plans = facts.filter(pl.col("relation") == "plan")
    assert plans.height == 1 and facts.height == 1  # the agent's question states nothing
    row = plans.row(0, named=True)
    assert (row["source"], _voices(row), row["status"]) == ("customer", ["customer", "agent"], "active")
    assert row["belief"] > 0.85  # above the initial belief: the second source raised it
    link = read_events(store).filter((pl.col("scope") == "confirm") & (pl.col("kind") == "link_made"))
    detail = json.loads(link["detail"][0])
    assert detail["source"]["voice"] == "agent" and detail["contract"]["rule"] == "reinforce"


def test_a_stale_customer_claim_after_an_agent_recorded_change_is_flagged_not_applied(store):
    facts = list(_facts(store, "change").iter_rows(named=True))
    assert len(facts) == 3
    enterprise = next(r for r in facts if "Enterprise" in r["object"])
    old_basic, stale = sorted((r for r in facts if "Basic" in r["object"]), key=lambda r: r["said_at"])
    assert (enterprise["source"], enterprise["status"]) == ("agent", "active")
    assert old_basic["status"] == "closed" and old_basic["superseded_by"] == enterprise["fact_id"]
    assert (stale["source"], stale["status"]) == ("customer", "tentative")
    assert [json.loads(c)["fact_id"] for c in stale["conflicts"]] == [enterprise["fact_id"]]
    sides = [json.loads(c) for c in enterprise["conflicts"]]
    assert [(s["fact_id"], s["source"]) for s in sides] == [(stale["fact_id"], "customer")]
    flagged = read_events(store).filter((pl.col("kind") == "conflict_flagged") & (pl.col("scope") == "change"))
    assert flagged["fact_id"].to_list() == [enterprise["fact_id"]]
    assert json.loads(flagged["detail"][0])["contract"]["verdict"] == "vetoed"


def test_a_reported_fault_closes_when_the_customer_says_it_is_fixed_and_not_on_an_unrelated_fix(store):
    facts = {r["text"]: r for r in _facts(store, "fault").iter_rows(named=True)}
    broken, phone, fixed = (facts["customer's router stopped working"], facts["customer's phone works fine"],
                            facts["customer's router works fine"])
    assert broken["contract"] == "issue"
    assert (broken["status"], broken["superseded_by"]) == ("closed", fixed["fact_id"])
    assert fixed["status"] == "active" and phone["status"] != "closed"
    closing = read_events(store).filter((pl.col("kind") == "fact_closed") & (pl.col("fact_id") == broken["fact_id"]))
    assert closing["cause_id"].to_list() == [fixed["fact_id"]]


def test_every_decision_records_the_voice_of_its_statement(store):
    decisions = store.read("decisions", where="scope = 'change'")
    assert set(decisions["source"].to_list()) == {"customer", "agent"}

