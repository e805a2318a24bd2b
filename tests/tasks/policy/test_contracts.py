"""The contracts of configs/contracts.toml with scripted decisions: exact probabilities in, exact changes out."""

from __future__ import annotations

import json

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.storage.events import replay_facts
from archivist.tasks.policy.contracts import load_contracts
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import at_day, statement

T = load_thresholds()
R = load_relations()


def said(text, *, day, relation, obj, role="customer", scope="cust-1"):
    fact = statement(text, day=day, relation=relation, obj=obj, subject="customer", scope=scope)
    fact.role = role
    return fact


def run(statements, decider):
    changes = process_new_facts(statements, pl.DataFrame(), decider, ScriptedQuestions(), T, R, run_id="run-1")
    numbered = changes.events.drop("seq").with_row_index("seq").with_columns(pl.col("seq").cast(pl.Int64))
    return changes, replay_facts(numbered)


def by_text(facts):
    return {row["text"]: row for row in facts.iter_rows(named=True)}


def kinds(changes, fact_id=None):
    events = changes.events if fact_id is None else changes.events.filter(pl.col("fact_id") == fact_id)
    return events["kind"].to_list()


def test_a_weaker_voice_cannot_close_an_account_fact_a_stronger_one_set_and_the_attempt_is_flagged():
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.95}, fact="on Basic", target="on Enterprise")
    decider.script("relation_alt:*", {"update": 0.95}, fact="on Basic", target="on Enterprise")
    enterprise = said("customer is on Enterprise", day=0, relation="plan", obj="Enterprise", role="agent")
    basic = said("customer is on Basic", day=1, relation="plan", obj="Basic")
    changes, facts = run([enterprise, basic], decider)
    rows = by_text(facts)
    held, claim = rows["customer is on Enterprise"], rows["customer is on Basic"]
    assert (held["status"], held["belief"], held["source"]) == ("active", T.initial_belief, "agent")
    assert (claim["status"], claim["belief"], claim["source"]) == ("tentative", T.tentative_belief, "customer")
    assert kinds(changes, held["fact_id"]) == ["fact_added", "conflict_flagged"]
    assert [json.loads(c)["source"] for c in held["conflicts"]] == ["customer"]
    assert [json.loads(c)["fact_id"] for c in claim["conflicts"]] == [held["fact_id"]]


def test_a_stronger_voice_supersedes_a_weaker_one_and_the_event_names_the_contract():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="on Basic", target="on Enterprise")
        decider.script(key, {"update": 0.95}, fact="on Pro", target="on Enterprise")
        decider.script(key, {"duplicate": 0.95}, fact="on Pro", target="on Pro")
    statements = [said("customer is on Enterprise", day=0, relation="plan", obj="Enterprise"),
                  said("customer is on Pro", day=1, relation="plan", obj="Pro", role="system")]
    changes, facts = run(statements, decider)
    rows = by_text(facts)
    old, new = rows["customer is on Enterprise"], rows["customer is on Pro"]
    assert (old["status"], old["superseded_by"]) == ("closed", new["fact_id"])
    assert new["status"] == "active" and new["source"] == "system"
    closing = changes.events.filter((pl.col("kind") == "fact_closed") & (pl.col("fact_id") == old["fact_id"]))
    assert json.loads(closing["detail"][0])["contract"] == {
        "kind": "account", "rule": "supersede", "verdict": "applied", "sources": new["sources"]}


def test_an_agent_repeat_of_the_held_value_settles_the_conflict_and_closes_the_weaker_claim():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="on Basic", target="on Enterprise")
        decider.script(key, {"duplicate": 0.95}, fact="Enterprise, confirmed", target="on Enterprise")
    statements = [said("customer is on Enterprise", day=0, relation="plan", obj="Enterprise", role="agent"),
                  said("customer is on Basic", day=1, relation="plan", obj="Basic"),
                  said("customer is on Enterprise, confirmed", day=2, relation="plan", obj="Enterprise", role="agent")]
    changes, facts = run(statements, decider)
    rows = by_text(facts)
    held, claim = rows["customer is on Enterprise"], rows["customer is on Basic"]
    assert held["conflicts"] == [] and held["status"] == "active"
    assert [s.split(":")[0] for s in held["sources"]] == ["agent", "agent"]
    assert (claim["status"], claim["closed_reason"], claim["conflicts"]) == ("closed", "settled", [])
    assert kinds(changes).count("conflict_settled") == 2


def test_claims_that_disagree_are_both_kept_and_both_flagged():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"contradiction": 0.95}, fact="certificate is valid", target="certificate is causing")
    statements = [said("the certificate is causing the failures", day=0, relation="assessment", obj="cert",
                       role="agent"),
                  said("the certificate is valid", day=1, relation="assessment", obj="cert", role="tool")]
    changes, facts = run(statements, decider)
    rows = by_text(facts)
    cause, valid = rows["the certificate is causing the failures"], rows["the certificate is valid"]
    assert cause["status"] == valid["status"] == "active" and cause["belief"] == valid["belief"] == T.initial_belief
    assert [json.loads(c)["fact_id"] for c in cause["conflicts"]] == [valid["fact_id"]]
    assert [json.loads(c)["fact_id"] for c in valid["conflicts"]] == [cause["fact_id"]]
    assert "belief_changed" not in kinds(changes)


def test_an_issue_is_not_closed_by_a_fix_of_another_thing():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="works fine", target="stopped working")
    statements = [said("customer's router stopped working", day=0, relation="service_status",
                       obj="router stopped working"),
                  said("customer's phone works fine", day=1, relation="service_status", obj="phone works fine")]
    changes, facts = run(statements, decider)
    assert by_text(facts)["customer's router stopped working"]["status"] == "active"
    assert kinds(changes) == ["fact_added", "fact_added"]
    statements.append(said("customer's router works fine", day=2, relation="service_status", obj="router works fine"))
    changes, facts = run(statements, decider)
    router = by_text(facts)["customer's router stopped working"]
    fixed = by_text(facts)["customer's router works fine"]
    assert (router["status"], router["superseded_by"]) == ("closed", fixed["fact_id"])


def test_a_dated_plan_nothing_fulfilled_lapses_a_week_after_its_date_and_an_undated_one_never_does():
    decider = ScriptedDecider()
    decider.script("kind", {"plan": 0.95}, fact="to Lisbon")
    decider.script("kind", {"plan": 0.95}, fact="to Rome")
    lisbon = said("customer is flying to Lisbon", day=0, relation="travel", obj="Lisbon")
    lisbon.valid_from = at_day(5)
    rome = said("customer is going to Rome some day", day=0, relation="travel", obj="Rome")
    early = said("customer has a dog", day=11, relation="pet", obj="dog")
    late = said("customer has a cat", day=13, relation="pet", obj="cat")
    changes, facts = run([lisbon, rome, early], decider)
    assert {r["text"]: r["status"] for r in facts.iter_rows(named=True)}["customer is flying to Lisbon"] == "active"
    changes, facts = run([lisbon, rome, early, late], decider)
    rows = by_text(facts)
    assert (rows["customer is flying to Lisbon"]["status"], rows["customer is flying to Lisbon"]["closed_reason"]) == (
        "closed", "lapsed")
    assert rows["customer is going to Rome some day"]["status"] == "active"
    closing = changes.events.filter(pl.col("kind") == "fact_closed")
    assert closing["fact_id"].to_list() == [lisbon.fact_id] and closing["cause_id"].to_list() == [late.fact_id]


def test_a_customer_refusing_an_agents_change_at_once_closes_the_change_and_keeps_their_value():
    decider = ScriptedDecider()  # the heads read "still on Basic" as news: only the contract decides here
    pro = said("customer is on Pro", day=0, relation="plan", obj="Pro", role="agent")
    basic = said("customer is on Basic", day=3 / (24 * 60), relation="plan", obj="Basic")
    changes, facts = run([pro, basic], decider)
    rows = by_text(facts)
    held, refusal = rows["customer is on Pro"], rows["customer is on Basic"]
    assert (held["status"], held["closed_reason"], held["superseded_by"]) == ("closed", "settled", refusal["fact_id"])
    assert (refusal["status"], refusal["conflicts"] or []) == ("active", [])


def test_the_same_claim_outside_the_contest_window_or_about_another_slot_is_held_back_as_before():
    window = load_contracts().authority.contest_within_minutes
    for later in (window + 1, 60 * 24):
        pro = said("customer is on Pro", day=0, relation="plan", obj="Pro", role="agent")
        basic = said("customer is on Basic", day=later / (24 * 60), relation="plan", obj="Basic")
        _, facts = run([pro, basic], ScriptedDecider())
        rows = by_text(facts)
        assert rows["customer is on Pro"]["status"] == "active", later
        assert rows["customer is on Basic"]["status"] == "tentative", later
    email = said("customer's email is a@b.example", day=0, relation="contact", obj="a@b.example", role="agent")
    plan = said("customer is on Basic", day=1 / (24 * 60), relation="plan", obj="Basic")
    _, facts = run([email, plan], ScriptedDecider())
    assert {row["status"] for row in facts.iter_rows(named=True)} == {"active"}


def test_a_system_record_is_not_contested_by_a_reply():
    pro = said("customer is on Pro", day=0, relation="plan", obj="Pro", role="system")
    basic = said("customer is on Basic", day=1 / (24 * 60), relation="plan", obj="Basic")
    _, facts = run([pro, basic], ScriptedDecider())
    rows = by_text(facts)
    assert (rows["customer is on Pro"]["status"], rows["customer is on Basic"]["status"]) == ("active", "tentative")


def test_a_change_the_customer_reports_on_a_later_day_is_news_and_closes_the_agents_value():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="iPhone 15", target="Pixel 7")
    pixel = said("customer has a Google Pixel 7", day=0, relation="device", obj="Google Pixel 7", role="agent")
    pixel.relation = "plan"  # an account slot, one value at a time, under the authority of the voice that set it
    iphone = said("customer has an iPhone 15", day=30, relation="plan", obj="iPhone 15")
    iphone.replaces = True  # "I got a new phone, an iPhone 15": the statement says the value changed
    _, facts = run([pixel, iphone], decider)
    rows = by_text(facts)
    assert rows["customer has a Google Pixel 7"]["status"] == "closed"
    assert (rows["customer has an iPhone 15"]["status"], rows["customer has an iPhone 15"]["conflicts"] or []) == \
        ("active", [])


def test_a_claim_that_states_no_change_or_a_change_on_the_same_day_is_still_held_back():
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="on Basic", target="on Enterprise")
    for day, replaces in ((30, False), (0.5, True)):
        enterprise = said("customer is on Enterprise", day=0, relation="plan", obj="Enterprise", role="agent")
        basic = said("customer is on Basic", day=day, relation="plan", obj="Basic")
        basic.replaces = replaces
        _, facts = run([enterprise, basic], decider)
        rows = by_text(facts)
        assert (rows["customer is on Enterprise"]["status"], rows["customer is on Basic"]["status"]) == \
            ("active", "tentative"), (day, replaces)
