"""Re-scoring: rebuilt requests, the dry run's estimate, drift, the new decisions, the plan, the call cache."""

from __future__ import annotations

import json

import polars as pl
import pytest
from typer.testing import CliRunner

from archivist.configs.settings import ProviderSettings, Settings, with_overrides
from archivist.flows.cli import app
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient, build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.plans.apply import apply_plan, restore_plan
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import drift_markdown, estimate, rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, facts_hash, projection_matches_log, replayed, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.scripted_provider import ScriptedProvider
from tests.fakes.statements import statement

LEEDS, BERLIN = statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)
DOG = statement("I have a dog", day=3, relation="pet")


def old_model() -> ScriptedDecider:
    decider = ScriptedDecider(model="old-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    return decider


def new_model(model: str = "new-2") -> ScriptedDecider:
    """The second model: Berlin says nothing about Leeds, and it is less sure the dog is worth remembering."""
    decider = ScriptedDecider(model=model)
    decider.script("relation:*", {"new": 0.9}, fact="moved to Berlin")
    decider.script("relation_alt:*", {"new": 0.9}, fact="moved to Berlin")
    decider.script("worth_remembering", {"true": 0.7}, fact="have a dog")
    return decider


@pytest.fixture
def store(tmp_path) -> Store:
    db = Store(str(tmp_path / "store"))
    write_night(db, [LEEDS, DOG, BERLIN], old_model())
    assert by_text(replayed(db))["I live in Leeds"]["status"] == "closed"
    return db


def work(store: Store, model: str = "new-2", **filters):
    return rebuild_requests(store, stored_decisions(store, new_model=model, **filters), QUESTIONS)


def test_each_original_request_is_rebuilt_with_its_questions_together(store):
    rebuilt = work(store)
    # Leeds; the dog (`new` beside Leeds: no second reading, tasks/policy/readings.py); Berlin (both relations, and
    # the second reading of Leeds, which its first reading could close).
    assert store.count("decisions") == rebuilt.decisions_asked == 6 + 7 + 9
    # Leeds had no candidate and the dog no second reading (one request each); Berlin had its second reading (two).
    assert len(rebuilt.requests) == 4
    berlin, second = sorted((r for r in rebuilt.requests if r.request.state["fact"] == "I moved to Berlin"),
                            key=lambda r: "reading" in r.request.state)
    assert berlin.request.state["message"] == "I moved to Berlin"
    assert {t["text"] for t in berlin.request.state["targets"].values()} == {"I live in Leeds", "I have a dog"}
    assert {k.split(":")[0] for k in berlin.request.questions} >= {"relation", "temporal_status"}
    # The second phrasing is re-asked apart, over the state worded from the stored facts' side, of the one
    # candidate it was asked about (Leeds: the dog's first reading left nothing for it to decide).
    assert {k.split(":")[0] for k in second.request.questions} == {"relation_alt"}
    leeds_only = {k: v for k, v in berlin.request.state["targets"].items() if v["text"] == "I live in Leeds"}
    assert {k: v for k, v in second.request.state.items() if k != "reading"} == {
        **berlin.request.state, "targets": dict(zip(["c1"], leeds_only.values(), strict=True))}
    assert len(work(store, question="relation").requests) == 2


def test_the_dry_run_counts_and_costs_and_calls_nothing(store):
    rebuilt = work(store, model="jev-1.13.0")
    found = estimate(rebuilt, "systemone", "jev-1.13.0")
    assert (found.decisions, found.requests) == (22, 4)
    assert found.input_tokens > 100 and found.cost_usd == pytest.approx(found.input_tokens * 0.042 / 1e6)
    assert estimate(rebuilt, "local", "local-decider-3").cost_usd == 0.0
    decisions, ledger = store.count("decisions"), store.count("ledger")
    result = CliRunner().invoke(app, ["rescore", "--model", "jev-1.13.0", "--provider", "systemone", "--dry-run",
                                      "--json", "--store", store.uri])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)  # stdout: a note about a temporary Prefect server goes to stderr
    assert (report["decisions"], report["requests"], report["dry_run"]) == (22, 4, True)
    # The command rebuilds requests with the shipped question wording (longer than the scripted one).
    shipped = rebuild_requests(store, stored_decisions(store, new_model="jev-1.13.0"), load_questions())
    assert report["cost_usd"] == pytest.approx(estimate(shipped, "systemone", "jev-1.13.0").cost_usd, abs=1e-6)
    # No call: no ledger row, no new decision (a systemone call would need a server and a key anyway).
    assert (store.count("decisions"), store.count("ledger")) == (decisions, ledger)


def test_a_second_model_reports_flips_records_new_decisions_and_plans_a_reopen(store):
    rebuilt = work(store)
    decider = new_model()
    before = facts_hash(store)
    outcome = rescore_store(store, rebuilt, decider, run_id="rescore-1", model="new-2", t=T, relations=R)
    assert len(decider.requests) == 4 and decider.batches == [4]
    relation = outcome.drift["relation"]
    assert relation["flips"] == {"new": {"new": 2}, "update": {"new": 1}}
    # |P_new(old choice) - P_old(old choice)|:
    # the dog (0.95 both), Berlin-Leeds (0.95 -> 0.02), Berlin-dog (0.95 -> 0.9)
    assert relation["flipped"] == 1 and relation["mean_abs_change"] == pytest.approx((0 + 0.93 + 0.05) / 3)
    worth = outcome.drift["worth_remembering"]
    assert worth["crossing"]["act"] == pytest.approx(1 / 3) and worth["crossing"]["relevance"] == 0.0
    # New decisions beside the old ones, which are unchanged.
    assert store.count("decisions") == 44 and store.count("decisions", "run_id = 'rescore-1'") == 22
    assert store.count("decisions", "model_version = 'old-1'") == 22
    # The plan: Leeds' belief, replayed without the evidence of the flipped answers, crosses the reopen threshold.
    assert facts_hash(store) == before
    items = outcome.plan.items.to_dicts()
    assert [(i["action"], i["fact_id"], i["other_fact_id"]) for i in items] == [("reopen", LEEDS.fact_id,
                                                                                BERLIN.fact_id)]
    assert json.loads(items[0]["changes"])[LEEDS.fact_id]["after"]["belief"] == pytest.approx(0.85)
    assert outcome.plan.plan["kind"] == "rescore" and outcome.plan.plan["model"] == "new-2"
    markdown = drift_markdown(outcome.summary())
    assert "| relation | 3 | 1 (33.3%)" in markdown and "update -> new: 1" in markdown
    # The plan is applied and restored like any plan.
    apply_plan(store, outcome.plan.plan_id)
    assert by_text(replayed(store))["I live in Leeds"]["status"] == "active" and projection_matches_log(store)
    restore_plan(store, outcome.plan.plan_id)
    assert facts_hash(store) == before


def test_a_model_that_agrees_changes_nothing(store):
    outcome = rescore_store(store, work(store, model="old-2"), old_model(), run_id="rescore-1", model="old-2", t=T,
                            relations=R)
    assert all(q["flipped"] == 0 and q["mean_abs_change"] == 0.0 for q in outcome.drift.values())
    assert outcome.plan.items.height == 0


def test_a_rerun_is_served_from_the_call_cache(store):
    provider = ScriptedProvider(new_model("remote-2"))
    first = DecisionClient(provider, ProviderSettings(provider="scripted-remote", model="remote-2",
                                                     allow_unpriced=True),
                           calls=CallLog(store), run_id="rescore-1", limiter=None)
    one = rescore_store(store, work(store, model="remote-2"), first, run_id="rescore-1", model="remote-2", t=T,
                        relations=R)
    first.close()
    assert provider.calls == 4 and one.cached_calls == 0
    again = DecisionClient(provider, ProviderSettings(provider="scripted-remote", model="remote-2",
                                                     allow_unpriced=True),
                           calls=CallLog(store), run_id="rescore-2", limiter=None)
    two = rescore_store(store, work(store, model="remote-2"), again, run_id="rescore-2", model="remote-2", t=T,
                        relations=R)
    again.close()
    assert provider.calls == 4  # not one more
    assert (two.calls, two.cached_calls) == (4, 4)
    assert two.drift == one.drift and store.count("ledger", "cached") == 4


def test_two_settings_of_the_local_model_drift(tmp_path):
    settings = Settings()
    db = Store(str(tmp_path / "store"))
    with build_decider(settings, db, "night-1") as decider:
        from archivist.storage.facts import commit_partition, load_partition_state
        from archivist.tasks.writepath.decide import process_new_facts

        facts = [statement("I live in Leeds", day=0), statement("I moved to Berlin last week", day=10)]
        changes = process_new_facts(facts, load_partition_state(db, [("acme", "cust-1")], 8), decider,
                                    load_questions(), T, R, run_id="night-1")
        commit_partition(db, changes.decisions, changes.facts, changes.events, 8)
    settings = with_overrides(settings, decisions__model="local-decider-3@t=1.6")
    rebuilt = rebuild_requests(db, stored_decisions(db, new_model=settings.decisions.model), load_questions())
    with build_decider(settings, db, "rescore-1") as sharper:
        outcome = rescore_store(db, rebuilt, sharper, run_id="rescore-1", model=settings.decisions.model, t=T,
                                relations=R)
    # A flatter setting: a sure answer at the probability ceiling stays there when sharpened, never when flattened.
    assert outcome.drift["relation"]["n"] == 1
    assert outcome.drift["relation"]["mean_abs_change"] > 0
    # The second reading was stored (and so re-asked) only if the first reading could close Leeds.
    alt = db.count("decisions", "question_id = 'relation_alt' AND run_id = 'night-1'")
    assert ("relation_alt" in outcome.drift) == (alt > 0)
    assert alt == 0 or outcome.drift["relation_alt"]["mean_abs_change"] > 0
    assert sum(q["mean_total_variation"] > 0 for q in outcome.drift.values()) >= 6  # a flatter model moves most answers
    rows = db.read("decisions", where="run_id = 'rescore-1'")
    assert set(rows["model_version"].to_list()) == {"local-decider-3@t=1.6"}


def test_decisions_of_statements_never_stored_are_counted_not_reasked(tmp_path):
    db = Store(str(tmp_path / "store"))
    decider = ScriptedDecider()
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is Leeds")
    write_night(db, [LEEDS, statement("My home is Leeds", day=1)], decider)
    rebuilt = work(db)
    # Six fact questions and the relation: a duplicate's first reading leaves no second one to ask.
    assert rebuilt.skipped == {"statement not stored (linked as a duplicate or dropped)": 7}
    assert pl.DataFrame([r.request.state for r in rebuilt.requests])["fact"].to_list() == ["I live in Leeds"]


def test_rescoring_one_question_reads_the_other_answers_as_they_were(store):
    surer = ScriptedDecider(model="surer-2")  # only `relation` is re-asked; the second phrasing stays at 0.95
    surer.script("relation:*", {"update": 0.99}, fact="moved to Berlin", target="live in Leeds")
    rebuilt = work(store, model="surer-2", question="relation")
    assert {k.split(":")[0] for r in rebuilt.requests for k in r.request.questions} == {"relation"}
    outcome = rescore_store(store, rebuilt, surer, run_id="rescore-1", model="surer-2", t=T, relations=R,
                            question="relation")
    assert outcome.drift["relation"]["flipped"] == 0
    assert outcome.plan.items.height == 0  # Leeds stays closed: both phrasings still agree it was replaced
    assert outcome.plan.plan["question_id"] == "relation"
