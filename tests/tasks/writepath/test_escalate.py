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
