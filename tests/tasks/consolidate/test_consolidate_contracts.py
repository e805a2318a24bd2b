"""Consolidation honours the contracts: a plan settles a flagged conflict reversibly, and never closes a claim."""

from __future__ import annotations

import json

from archivist.storage.plans import read_plan
from archivist.storage.store import Store
from archivist.tasks.consolidate.run import consolidate_store
from archivist.tasks.plans.apply import apply_plan, restore_plan
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, projection_matches_log, replayed, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

SCOPE = ("acme", "cust-1")
RELATION = QUESTIONS.latest("relation")


def said(text, day, relation, obj, role):
    fact = statement(text, day=day, relation=relation, obj=obj, subject="customer")
    fact.role = role
    return fact


def night(store, statements, label, fact, target):
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {label: 0.95}, fact=fact, target=target)
    write_night(store, statements, decider)


def consolidate(store, label, fact, target):
    decider = ScriptedDecider(model="pairs-1")
    decider.script("relation:*", {label: 0.95}, fact=fact, target=target)
    return consolidate_store(store, decider, RELATION, T, R, run_id="consolidate-1", dim=DIM, scopes=[SCOPE])


def test_a_plan_settles_a_flagged_conflict_for_the_stronger_voice_and_restore_undoes_it(tmp_path):
    store = Store(str(tmp_path / "store"))
    enterprise = said("customer is on Enterprise", 0, "plan", "Enterprise", "agent")
    basic = said("customer is on Basic", 1, "plan", "Basic", "customer")
    night(store, [enterprise, basic], "update", "on Basic", "on Enterprise")
    before = by_text(replayed(store))
    assert before["customer is on Basic"]["conflicts"] and before["customer is on Enterprise"]["conflicts"]

    plan = consolidate(store, "update", "on Basic", "on Enterprise")
    items = plan.items.to_dicts()
    assert [(i["action"], i["fact_id"], i["other_fact_id"]) for i in items] == [
        ("settle_conflict", enterprise.fact_id, basic.fact_id)]
    apply_plan(store, plan.plan_id)
    after = by_text(replayed(store))
    held, claim = after["customer is on Enterprise"], after["customer is on Basic"]
    assert (held["status"], held["conflicts"]) == ("active", [])
    assert (claim["status"], claim["closed_reason"], claim["superseded_by"], claim["conflicts"]) == (
        "closed", "settled", enterprise.fact_id, [])
    assert projection_matches_log(store)

    restore_plan(store, read_plan(store, plan.plan_id).plan_id)
    restored = by_text(replayed(store))
    assert restored["customer is on Basic"]["status"] == "tentative"
    assert [json.loads(c)["fact_id"] for c in restored["customer is on Enterprise"]["conflicts"]] == [basic.fact_id]


def test_a_plan_never_closes_a_claim_another_claim_disagrees_with(tmp_path):
    store = Store(str(tmp_path / "store"))
    cause = said("the certificate is causing the failures", 0, "assessment", "cert", "agent")
    valid = said("the certificate is valid", 1, "assessment", "cert", "system")
    night(store, [cause, valid], "contradiction", "certificate is valid", "certificate is causing")
    plan = consolidate(store, "contradiction", "certificate is valid", "certificate is causing")
    assert plan.items.is_empty()
    assert {r["status"] for r in by_text(replayed(store)).values()} == {"active"}
