"""With an LLM configured, the evaluation also answers each question from the recalled lines and judges it.

The answer prompt gives the lines as recall renders them and asks for a short answer or "not mentioned";
the judge compares it with LoCoMo's gold answer and replies with JSON. Both run at temperature 0 where the API takes
one. With `llm.provider = "none"` (the default) this step is skipped and says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Literal, Protocol

from archivist.configs.settings import LLMSettings, Settings
from archivist.tasks.providers.chat import ChatClient
from archivist.tasks.providers.gate import SHARED, build_gate
from archivist.tasks.providers.ratelimit import RateLimiter
from archivist.tasks.providers.vendors import vendor_of

ANSWER_SYSTEM = (
    "You answer questions about a long conversation between two people. You see only some memory lines from "
    "it, each as [date said] speaker: what they said. Use only these lines. When a line says 'yesterday' or "
    "'last week', count from the date of that line."
)
ANSWER_PROMPT = (
    "Memory lines:\n{context}\n\nQuestion: {question}\n\n"
    "Answer in at most one short sentence. If the lines do not contain the answer, reply: not mentioned."
)
JUDGE_SYSTEM = "You grade a short answer against the gold answer of a reading-comprehension question."
JUDGE_PROMPT = (
    "Question: {question}\nGold answer: {gold}\nAnswer to grade: {answer}\n\n"
    "The answer is correct when it states what the gold answer states: paraphrase, another date format, or "
    "extra detail that does not contradict it are fine; a date is correct when it names the same day, week, "
    "month or year the gold answer names. 'not mentioned' is wrong unless the gold answer says the same.\n"
    'Reply with one JSON object and nothing else: {{"correct": true}} or {{"correct": false}}.'
)
ANSWER_K = 10
"""Lines given to the answer model (the seed study's range runs from 3 to 20)."""
ANSWER_MAX_TOKENS = 200


class ChatModel(Protocol):
    name: str

    def complete(self, system: str, user: str) -> str: ...


class SDKChatModel:
    """OpenAI or Anthropic through the providers' chat model and gate (an OpenAI-compatible base_url reaches
    local servers): the endpoint's shared rate limiter and the one retry layer (SDK retries are off), keys
    scrubbed from every error. Answer-and-judge calls are not cached or ledgered (no store is at hand).
    """

    def __init__(self, settings: LLMSettings, *, limiter: RateLimiter | None | Literal["shared"] = SHARED):
        self.settings = settings
        self.vendor = vendor_of(settings)
        self.name = f"{self.vendor}:{settings.model}"
        self.chat = ChatClient(self.vendor, name=self.name, timeout_s=settings.timeout_s, base_url=settings.base_url,
                              key_env=settings.api_key_env, json_reply=False)
        self.gate = build_gate(provider=self.vendor, model=settings.model, endpoint=self.chat.endpoint,
                               settings=settings, base_url=self.chat.base_url, limiter=limiter,
                               secrets=self.chat.secrets)

    def complete(self, system: str, user: str) -> str:
        body: dict[str, Any] = {"model": self.settings.model, "system": system, "user": user,
                                "max_tokens": ANSWER_MAX_TOKENS}
        if self.vendor == "openai":
            body["temperature"] = 0  # anthropic 2.x's Messages API takes no sampling temperature
        result = self.gate.call(body, lambda: self.chat.complete(body))
        return result.response["text"]


def chat_model(settings: Settings) -> ChatModel | None:
    """The configured LLM, or None when none is configured."""
    if settings.llm.provider in ("", "none", None):
        return None
    return SDKChatModel(settings.llm)


def judged_correct(reply: str) -> bool:
    """The judge's verdict; a reply with no readable JSON verdict counts as wrong (never as a guess)."""
    match = re.search(r"\{.*?\}", reply, re.DOTALL)
    if not match:
        return False
    try:
        verdict = json.loads(match.group(0))
    except json.JSONDecodeError:
        return False
    return isinstance(verdict, dict) and verdict.get("correct") is True


def answer_and_judge(per_question: Sequence[dict[str, Any]], model: ChatModel | None, *,
                     k: int = ANSWER_K) -> dict[str, Any]:
    """Answer every question from each mode's first k turn lines and judge it; adds `answers` to each entry."""
    if model is None:
        return {"skipped": "no LLM configured (llm.provider = none)"}
    correct: dict[str, int] = {}
    counted: dict[str, int] = {}
    for entry in per_question:
        entry["answers"] = {}
        for mode, lines in entry.get("lines", {}).items():
            context = "\n".join(lines[:k]) or "(no lines)"
            answer = model.complete(ANSWER_SYSTEM, ANSWER_PROMPT.format(context=context, question=entry["question"]))
            verdict = model.complete(JUDGE_SYSTEM, JUDGE_PROMPT.format(
                question=entry["question"], gold=entry["answer"], answer=answer.strip()))
            ok = judged_correct(verdict)
            entry["answers"][mode] = {"answer": answer.strip(), "correct": ok}
            correct[mode] = correct.get(mode, 0) + ok
            counted[mode] = counted.get(mode, 0) + 1
    return {"model": model.name, "k": k,
            "accuracy": {mode: round(correct[mode] / counted[mode], 4) for mode in counted}}
