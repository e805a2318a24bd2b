"""Re-scoring honours the contracts: a new model's answer cannot make a weaker voice close a stronger one's fact."""

from __future__ import annotations

from archivist.storage.store import Store
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, replayed, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import statement


def said(text, day, obj, role):
    fact = statement(text, day=day, relation="plan", obj=obj, subject="customer")
    fact.role = role
    return fact


def test_a_new_model_saying_the_customer_replaced_the_agents_value_plans_nothing(tmp_path):
    store = Store(str(tmp_path / "store"))
    write_night(store, [said("customer is on Enterprise", 0, "Enterprise", "agent"),
                        said("customer is on Basic", 1, "Basic", "customer")], ScriptedDecider(model="old-1"))
    assert by_text(replayed(store))["customer is on Enterprise"]["status"] == "active"
    new = ScriptedDecider(model="new-2")
    for key in ("relation:*", "relation_alt:*"):
        new.script(key, {"update": 0.99}, fact="on Basic", target="on Enterprise")
    rebuilt = rebuild_requests(store, stored_decisions(store, new_model="new-2"), QUESTIONS)
    outcome = rescore_store(store, rebuilt, new, run_id="rescore-1", model="new-2", t=T, relations=R)
    assert outcome.drift["relation"]["flipped"] == 1  # the model did change its mind ...
    assert outcome.plan.items.is_empty()  # ... but the contract holds the evidence back, as the write path did
