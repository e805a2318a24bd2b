"""With an LLM configured, the evaluation also answers each question from the recalled lines and judges it.

How is a named protocol (tasks/recall/evaluation/protocols.py): `archivist` (this project's prompts, the first
k lines, the answer model as its own judge) or `mem0` (mem0's LoCoMo prompts verbatim, a fixed judge model
separate from the answer model, k matched in tokens). Every call goes through the call gate: cached by its
full body in the store's call cache and written to the ledger under the evaluation's run id, so a re-run of
the same questions costs nothing and `read_costs` can say what answering cost. Sampling is fixed where the
API allows it: temperature 0 on OpenAI-compatible servers; Anthropic's current API rejects sampling
parameters, and the body says so (`"sampling": "vendor-fixed"`). With `llm.provider = "none"` (the default)
this step is skipped and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from archivist.configs.settings import LLMSettings, Settings
from archivist.errors import ArchivistError
from archivist.storage.calls import CallLog
from archivist.tasks.providers.chat import ChatClient
from archivist.tasks.providers.gate import SHARED, build_gate
from archivist.tasks.providers.ratelimit import RateLimiter
from archivist.tasks.providers.vendors import vendor_of
from archivist.tasks.recall.evaluation import protocols
from archivist.tasks.recall.evaluation.protocols import (
    ARCHIVIST_JUDGE_SYSTEM,
    DEFAULT_CONTEXT_TOKENS,
    conversation_speakers,
    token_matched,
)

# The names earlier callers import.
JUDGE_SYSTEM = ARCHIVIST_JUDGE_SYSTEM
ANSWER_K = protocols.ARCHIVIST_K
ANSWER_RUN_ID = "evaluate-locomo-answers"
"""The run id answer and judge calls are ledgered under."""


class EvaluationSetupError(ArchivistError, ValueError):
    """The answer-and-judge step is configured so that its numbers would mean nothing."""


class ChatModel(Protocol):
    name: str

    def complete(self, system: str, user: str) -> str: ...


class SDKChatModel:
    """OpenAI or Anthropic through the providers' chat client and gate (an OpenAI-compatible base_url reaches
    local servers): the endpoint's shared rate limiter and the one retry layer (SDK retries are off), keys
    scrubbed from every error; with `calls`, every call cached and ledgered under `run_id`."""

    def __init__(self, settings: LLMSettings, *, limiter: RateLimiter | None | Literal["shared"] = SHARED,
                 calls: CallLog | None = None, run_id: str | None = ANSWER_RUN_ID, json_reply: bool = False,
                 max_tokens: int = protocols.ARCHIVIST_ANSWER_MAX_TOKENS):
        self.settings = settings
        self.vendor = vendor_of(settings)
        self.model = settings.model
        self.name = f"{self.vendor}:{settings.model}"
        self.max_tokens = max_tokens
        self.chat = ChatClient(self.vendor, name=self.name, timeout_s=settings.timeout_s, base_url=settings.base_url,
                              key_env=settings.api_key_env, json_reply=json_reply)
        self.gate = build_gate(provider=self.vendor, model=settings.model, endpoint=self.chat.endpoint,
                               settings=settings, base_url=self.chat.base_url, limiter=limiter,
                               secrets=self.chat.secrets, calls=calls, run_id=run_id)

    def complete(self, system: str, user: str) -> str:
        if self.vendor == "anthropic" and not user.strip():
            # The Messages API needs a non-empty user turn: a system-only prompt (mem0's answer) goes there.
            system, user = "", system
        body: dict[str, Any] = {"model": self.model, "system": system, "user": user, "max_tokens": self.max_tokens}
        if self.vendor == "openai":
            body["temperature"] = 0
        else:
            body["sampling"] = "vendor-fixed"  # never sent (the wire picks its fields); it names what ran
        result = self.gate.call(body, lambda: self.chat.complete(body))
        return result.response["text"]

    def flush(self) -> None:
        if self.gate.calls is not None:
            self.gate.calls.flush()


def chat_model(settings: Settings, calls: CallLog | None = None, *, max_tokens: int | None = None) -> ChatModel | None:
    """The configured answer LLM, or None when none is configured."""
    if settings.llm.provider in ("", "none", None):
        return None
    return SDKChatModel(settings.llm, calls=calls,
                        max_tokens=max_tokens or protocols.ARCHIVIST_ANSWER_MAX_TOKENS)


def judge_model(settings: Settings, protocol_name: str, calls: CallLog | None = None,
                model: str | None = None) -> ChatModel | None:
    """The protocol's judge: its fixed model on OpenAI (or `model`), never the answer model; None where the
    protocol has the answer model judge itself, or no LLM is configured."""
    chosen = protocols.protocol(protocol_name)
    if chosen.fixed_judge is None or settings.llm.provider in ("", "none", None):
        return None
    name = model or chosen.fixed_judge
    if vendor_of(settings.llm) == "openai" and settings.llm.model == name:
        raise EvaluationSetupError(
            f"the {protocol_name} protocol's judge is {name}, which is also the answer model",
            hint="answer with another llm.model, or give the judge another model with --judge-model")
    same_server = vendor_of(settings.llm) == "openai"
    judge_settings = LLMSettings(provider="openai", model=name,
                                 base_url=settings.llm.base_url if same_server else None,
                                 api_key_env=settings.llm.api_key_env if same_server else None,
                                 timeout_s=settings.llm.timeout_s, max_attempts=settings.llm.max_attempts)
    return SDKChatModel(judge_settings, calls=calls, json_reply=chosen.judge_json, max_tokens=200)


def judged_correct(reply: str) -> bool:
    """The `archivist` judge's verdict; a reply with no readable JSON verdict counts as wrong (never a guess)."""
    return protocols.archivist_verdict(reply)


def answer_and_judge(per_question: Sequence[dict[str, Any]], model: ChatModel | None, *, k: int = ANSWER_K,
                     protocol: str = "archivist", judge: ChatModel | None = None,
                     context_tokens: int = DEFAULT_CONTEXT_TOKENS) -> dict[str, Any]:
    """Answer every question from each mode's lines and judge it; adds `answers` to each entry.

    `archivist` gives the first `k` lines and lets `judge` (default: the answer model) grade; `mem0` gives the
    lines that fit `context_tokens` and needs a separate `judge`."""
    if model is None:
        return {"skipped": "no LLM configured (llm.provider = none)"}
    chosen = protocols.protocol(protocol)
    if chosen.fixed_judge is not None and (judge is None or judge.name == model.name):
        raise EvaluationSetupError(f"the {protocol} protocol needs a judge model separate from the answer model",
                                   hint="configure llm.* for the answer model; the judge is the protocol's own")
    grader = judge or model
    speakers: dict[str, list[str]] = {}
    for entry in per_question:
        for lines in entry.get("lines", {}).values():
            for name in conversation_speakers(lines):
                seen = speakers.setdefault(entry.get("conversation", ""), [])
                if name not in seen:
                    seen.append(name)
    correct: dict[str, int] = {}
    counted: dict[str, int] = {}
    context: dict[str, list[int]] = {}
    for entry in per_question:
        entry["answers"] = {}
        for mode, lines in entry.get("lines", {}).items():
            given = lines[:k] if chosen.fixed_judge is None else token_matched(lines, context_tokens)
            prompt = chosen.answer(entry["question"], given, speakers.get(entry.get("conversation", ""), []))
            answer = model.complete(prompt.system, prompt.user).strip()
            graded = chosen.judge(entry["question"], str(entry["answer"]), answer)
            ok = chosen.verdict(grader.complete(graded.system, graded.user))
            entry["answers"][mode] = {"answer": answer, "correct": ok}
            correct[mode] = correct.get(mode, 0) + ok
            counted[mode] = counted.get(mode, 0) + 1
            context.setdefault(mode, []).append(len(given))
    for chat in {id(model): model, id(grader): grader}.values():
        flush = getattr(chat, "flush", None)
        if flush is not None:
            flush()
    summary: dict[str, Any] = {
        "protocol": chosen.name, "model": model.name, "judge": grader.name, "comparable_with": chosen.comparable,
        "accuracy": {mode: round(correct[mode] / counted[mode], 4) for mode in counted},
        "mean_lines": {mode: round(sum(v) / len(v), 2) for mode, v in context.items()},
    }
    summary.update({"k": k} if chosen.fixed_judge is None else {"context_tokens": context_tokens})
    return summary
