"""With an LLM configured, the evaluation also answers each question from the recalled lines and judges it.

The answer prompt gives the lines as recall renders them and asks for a short answer or "not mentioned";
the judge compares it with LoCoMo's gold answer and replies with JSON. Both run at temperature 0 where the API takes one. With
`llm.provider = "none"` (the default) this step is skipped and says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Protocol

from archivist.configs.settings import LLMSettings, Settings

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


class ChatModel(Protocol):
    name: str

    def complete(self, system: str, user: str) -> str: ...


class SDKChatModel:
    """OpenAI or Anthropic through the shared SDK client (an OpenAI-compatible base_url reaches local servers).

    Calls go through the one retry layer (SDK retries are off) with keys redacted from errors, like every
    other LLM call; answer-and-judge calls are not cached or ledgered yet.
    """

    def __init__(self, settings: LLMSettings):
        from archivist.tasks.providers.chat_sdk import ChatSDK
        from archivist.tasks.providers.llm_decider import vendor_of

        self.settings = settings
        self.vendor = vendor_of(settings) if ":" in settings.provider else settings.provider
        self.name = f"{self.vendor}:{settings.model}"
        default_url = "https://api.anthropic.com" if self.vendor == "anthropic" else "https://api.openai.com/v1"
        key_env = settings.api_key_env or ("ANTHROPIC_API_KEY" if self.vendor == "anthropic" else "OPENAI_API_KEY")
        self.sdk = ChatSDK(self.vendor, (settings.base_url or default_url).rstrip("/"), key_env, self.name,
                           settings.timeout_s)

    def complete(self, system: str, user: str) -> str:
        from archivist.tasks.providers.retry import call_with_retry

        text, _ = call_with_retry(lambda: self.sdk.call(lambda client: self._complete(client, system, user)),
                                  self.settings, label=self.name)
        return text

    def _complete(self, client: Any, system: str, user: str) -> str:
        if self.vendor == "anthropic":
            # anthropic 2.x's Messages API takes no sampling temperature.
            message = client.messages.create(model=self.settings.model, system=system, max_tokens=200,
                                             messages=[{"role": "user", "content": user}])
            return "".join(getattr(block, "text", "") for block in message.content)
        completion = client.chat.completions.create(
            model=self.settings.model, temperature=0, max_tokens=200,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
        )
        return (completion.choices[0].message.content or "") if completion.choices else ""


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
