"""Escalation to an LLM: the relation question asked of a chat model through the shared client."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from archivist.configs import load_settings
from archivist.storage import Store
from archivist.tasks.writepath.decide import NewFact
from archivist.tasks.writepath.escalate import build_escalation
from tests.fakes.fixtures import fake_openai  # noqa: F401

MOVE = NewFact(tenant="acme", scope="c1", subject="customer", relation="address", object="Leeds",
               text="customer lives in Leeds", quote="I moved to Leeds.", source_turn_id="t2",
               said_at=datetime(2026, 10, 26, tzinfo=timezone.utc), message="I moved to Leeds.")
OLD = {"fact_id": "f1", "text": "customer lives in York", "said_at": datetime(2026, 10, 5, tzinfo=timezone.utc)}


def test_no_llm_configured_means_no_escalation():
    assert build_escalation(load_settings()) is None


def test_the_llm_settles_the_relation_and_its_cost_is_recorded(fake_openai, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-escalation-0000")
    fake_openai.knobs.chat_reply = lambda prompt, text: json.dumps(
        {"answers": {"relation:c": {"update": 0.9, "new": 0.1, "duplicate": 0, "refinement": 0,
                                    "contradiction": 0, "negates": 0}}})
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake_openai.url + "/v1")
    store = Store(str(tmp_path / "store"))
    escalate = build_escalation(settings, store, "run-1")
    verdict = escalate(MOVE, OLD)
    escalate.close()
    assert verdict.relation == "update" and verdict.model == "gpt-4o-mini"
    assert verdict.input_tokens > 0 and verdict.cost_usd > 0
    prompt = json.dumps(fake_openai.requests[0].body)
    assert "customer lives in York" in prompt and "I moved to Leeds." in prompt
    assert store.count("ledger") == 1

    again = build_escalation(settings, store, "run-2")
    assert again(MOVE, OLD).relation == "update"
    again.close()
    assert fake_openai.count(path="/v1/chat/completions") == 1  # served from the call cache


def test_an_unusable_llm_answer_is_an_error_the_write_path_records(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-escalation-0000")
    fake_openai.knobs.chat_reply = lambda prompt, text: "I would rather not say."
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake_openai.url + "/v1",
                             llm__max_attempts=1)
    escalate = build_escalation(settings)
    with pytest.raises(RuntimeError, match="no usable relation"):
        escalate(MOVE, OLD)


def test_the_verdict_carries_the_llms_validated_probabilities(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-escalation-0000")
    fake_openai.knobs.chat_reply = lambda prompt, text: json.dumps(
        {"answers": {"relation:c": {"update": 0.7, "new": 0.3, "duplicate": 0, "refinement": 0,
                                    "contradiction": 0, "negates": 0}}})
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake_openai.url + "/v1")
    escalate = build_escalation(settings)
    verdict = escalate(MOVE, OLD)
    assert verdict.probabilities is not None and verdict.probabilities["update"] == pytest.approx(0.7)
    assert fake_openai.requests[0].body["temperature"] == 0


def test_an_llm_that_leaves_out_options_settles_nothing(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-escalation-0000")
    # Before: {"update": 0.7} was renormalised to update = 1.0 and closed the old address.
    fake_openai.knobs.chat_reply = lambda prompt, text: json.dumps({"answers": {"relation:c": {"update": 0.7}}})
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake_openai.url + "/v1")
    with pytest.raises(RuntimeError, match="missing"):
        build_escalation(settings)(MOVE, OLD)


def test_through_the_write_path_a_plan_is_never_escalated_and_a_move_is(fake_openai, monkeypatch):
    import polars as pl

    from archivist.configs.relations import load_relations
    from archivist.configs.thresholds import load_thresholds
    from archivist.tasks.writepath.decide import process_new_facts
    from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
    from tests.fakes.statements import statement

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-escalation-0000")
    fake_openai.knobs.chat_reply = lambda prompt, text: json.dumps(
        {"answers": {"relation:c": {"update": 0.9, "new": 0.1, "duplicate": 0, "refinement": 0,
                                    "contradiction": 0, "negates": 0}}})
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake_openai.url + "/v1")
    leeds, plan, move = (statement("I live in Leeds", day=0), statement("I plan to move to Berlin", day=3),
                         statement("I moved to Berlin", day=5))
    decider = ScriptedDecider()
    decider.script("temporal_status", {"planned": 0.9, "current": 0.05, "past": 0.05, "hypothetical": 0.0},
                   fact="plan to move")
    decider.script("relation:*", {"update": 0.55, "new": 0.45}, target="live in Leeds")
    escalate = build_escalation(settings)
    try:
        changes = process_new_facts([leeds, plan], pl.DataFrame(), decider, ScriptedQuestions(), load_thresholds(),
                                    load_relations(), run_id="run-plan", escalate=escalate)
        assert fake_openai.count(path="/v1/chat/completions") == 0  # before: the plan paid for an LLM call
        changes = process_new_facts([leeds, move], pl.DataFrame(), decider, ScriptedQuestions(), load_thresholds(),
                                    load_relations(), run_id="run-move", escalate=escalate)
    finally:
        escalate.close()
    assert fake_openai.count(path="/v1/chat/completions") == 1
    verdict = changes.decisions.filter(pl.col("model_version") == "gpt-4o-mini").row(0, named=True)
    assert json.loads(verdict["probabilities"])["update"] == pytest.approx(0.9)  # the LLM's own, not 0.98
