"""Answer-and-judge protocols: mem0's prompts verbatim, a judge apart from the answer model, token-matched k,
every call cached and ledgered (through the real OpenAI SDK against the loopback fake)."""

from __future__ import annotations

import json

import pytest

from archivist.configs.settings import LLMSettings, load_settings
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.recall.evaluation.answers import (
    EvaluationSetupError,
    SDKChatModel,
    answer_and_judge,
    judge_model,
)
from archivist.tasks.recall.evaluation.protocols import (
    MEM0_ACCURACY_PROMPT,
    mem0_answer,
    mem0_verdict,
    token_matched,
)
from tests.fakes.fixtures import fake_openai  # noqa: F401

LINES = ["[2023-05-08] Caroline: I adopted a beagle called Rex.",
         "[2023-05-09] Melanie: We went camping at the lake.",
         "[2023-05-10] Caroline: Rex loves the beach."]
ENTRY = {"conversation": "conv-1", "index": 0, "question": "What breed is Caroline's dog?", "answer": "beagle",
         "lines": {"reranked": LINES}}


def test_the_mem0_answer_prompt_is_filled_as_mem0_fills_it():
    prompt = mem0_answer("What breed?", LINES, ["Caroline", "Melanie"])
    assert prompt.user == "" and "{{" not in prompt.system
    caroline = json.dumps(["2023-05-08: I adopted a beagle called Rex.", "2023-05-10: Rex loves the beach."],
                          indent=4)
    assert f"Memories for user Caroline:\n\n    {caroline}" in prompt.system
    assert "8. The answer should be less than 5-6 words." in prompt.system
    assert mem0_verdict('The answer names the breed. {"label": "CORRECT"}')
    assert not mem0_verdict('{"label": "WRONG"}') and not mem0_verdict("CORRECT")


def test_k_is_matched_in_tokens_never_cutting_a_line():
    assert token_matched(LINES, 10 ** 6) == LINES
    assert token_matched(LINES, 30) == LINES[:1]  # 18 tokens fit, 18 + 17 do not
    assert token_matched(LINES, 3) == []


def settings_for(server, model):
    return LLMSettings(provider="openai", model=model, base_url=server.url + "/v1", timeout_s=2.0, max_attempts=2)


def test_mem0_protocol_asks_a_fixed_judge_at_temperature_zero_and_caches_every_call(fake_openai, monkeypatch,
                                                                                     tmp_path):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-judge-0000")

    def reply(prompt, text):
        return '{"label": "CORRECT"}' if "label an answer" in prompt else "A beagle."

    fake_openai.knobs.chat_reply = reply
    store = Store(str(tmp_path / "store"))

    def run():
        calls = CallLog(store)
        answerer = SDKChatModel(settings_for(fake_openai, "gpt-4.1-mini"), calls=calls, max_tokens=512)
        judge = SDKChatModel(settings_for(fake_openai, "gpt-4o-mini"), calls=calls, json_reply=True)
        entry = json.loads(json.dumps(ENTRY))
        summary = answer_and_judge([entry], answerer, protocol="mem0", judge=judge, context_tokens=40)
        calls.flush()
        return summary, entry

    summary, entry = run()
    assert summary["accuracy"] == {"reranked": 1.0} and summary["judge"] == "openai:gpt-4o-mini"
    assert entry["answers"]["reranked"] == {"answer": "A beagle.", "correct": True}
    answer_body, judge_body = (r.body for r in fake_openai.requests)
    assert answer_body["model"] == "gpt-4.1-mini" and judge_body["model"] == "gpt-4o-mini"
    assert answer_body["temperature"] == 0 and judge_body["temperature"] == 0
    assert judge_body["response_format"] == {"type": "json_object"}
    assert answer_body["messages"][0]["content"].startswith("\n    You are an intelligent memory assistant")
    assert judge_body["messages"][1]["content"] == MEM0_ACCURACY_PROMPT.format(
        question=ENTRY["question"], gold_answer="beagle", generated_answer="A beagle.")
    assert store.count("ledger") == 2

    again, _ = run()  # the same questions again: from the call cache, no request
    assert again == summary and fake_openai.count(path="/v1/chat/completions") == 2
    assert store.count("ledger", "cached") == 2


def test_the_mem0_protocol_refuses_the_answer_model_as_its_judge(fake_openai):
    answerer = SDKChatModel(settings_for(fake_openai, "gpt-4o-mini"))
    with pytest.raises(EvaluationSetupError, match="separate from the answer model"):
        answer_and_judge([json.loads(json.dumps(ENTRY))], answerer, protocol="mem0", judge=answerer)
    configured = load_settings(llm__provider="openai", llm__model="gpt-4o-mini")
    with pytest.raises(EvaluationSetupError, match="also the answer model"):
        judge_model(configured, "mem0")
    assert judge_model(load_settings(llm__provider="openai", llm__model="gpt-4.1-mini"), "mem0").name == \
        "openai:gpt-4o-mini"
    assert judge_model(configured, "archivist") is None  # that protocol's judge is the answer model
