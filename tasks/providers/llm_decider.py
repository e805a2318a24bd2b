"""A chat model as a decision provider: OpenAI or Anthropic (official SDKs, max_retries=0), asked for a
probability per option as JSON for every question of a request.

The reply is parsed leniently (code fences, prose around the object, percentages, numbers as strings,
option names in another case, omitted zero options) and normalised. A question whose part of the reply
cannot be read becomes `{"error": why}`, which the client turns into a recorded fallback for that
question alone; the other questions keep their answers. An OpenAI-compatible `base_url` reaches local
servers (vLLM, SGLang, Ollama, llama.cpp), which usually need no key.
"""

from __future__ import annotations

import json
import re
from typing import Any

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.chat import ChatClient
from archivist.tasks.providers.vendors import vendor_of

SYSTEM_PROMPT = (
    "You answer typed questions about a state with calibrated probabilities. For every question, give every "
    "one of its options a probability between 0 and 1; the probabilities of one question sum to 1. Reply with "
    'one JSON object and nothing else: {"answers": {"<question key>": {"<option>": <probability>, ...}, ...}}.'
)
FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def question_block(questions: dict[str, Question]) -> dict[str, Any]:
    return {
        "questions": {
            key: {"type": q.type, "instructions": q.instructions, "options": dict(q.options)}
            for key, q in questions.items()
        }
    }


def user_prompt(state: Any, questions: dict[str, Question]) -> str:
    state_text = state if isinstance(state, str) else json.dumps(state, ensure_ascii=False, indent=1)
    return (
        f"STATE:\n```json\n{state_text}\n```\n\nQUESTIONS (answer each key; options are listed with their "
        f"meaning):\n```json\n{json.dumps(question_block(questions), ensure_ascii=False, indent=1)}\n```"
    )


def extract_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text`, tolerating code fences and prose around it."""
    candidates = [m.group(1) for m in FENCE.finditer(text)] + [text]
    for candidate in candidates:
        candidate = candidate.strip()
        try:
            value = json.loads(candidate)
        except ValueError:
            start, end = candidate.find("{"), candidate.rfind("}")
            if start < 0 or end <= start:
                continue
            try:
                value = json.loads(candidate[start : end + 1])
            except ValueError:
                continue
        if isinstance(value, dict):
            return value
    return None


ALIASES = {"yes": "true", "no": "false", "y": "true", "n": "false"}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        percent = text.endswith("%")
        try:
            number = float(text.rstrip("%").strip())
        except ValueError:
            return None
        return number / 100.0 if percent else number
    return None


def lenient_probabilities(question: Question, value: Any) -> dict[str, float]:
    """Probabilities over the question's options from whatever the model wrote; raises ValueError."""
    if isinstance(value, dict) and isinstance(value.get("probabilities"), dict):
        value = value["probabilities"]
    if question.type == "noul" and isinstance(value, (int, float, str)) and not isinstance(value, bool):
        p = _number(value)
        if p is None:
            raise ValueError(f"not a probability: {value!r}")
        value = {"true": p, "false": 1.0 - p}
    if not isinstance(value, dict):
        raise ValueError(f"expected an object of option probabilities, got {type(value).__name__}")
    by_lower = {option.lower(): option for option in question.options}
    found: dict[str, float] = {}
    for name, raw in value.items():
        label = str(name).strip().lower()
        label = ALIASES.get(label, label) if question.type == "noul" else label
        option = by_lower.get(label)
        number = _number(raw)
        if option is None:
            raise ValueError(f"unknown option {name!r}")
        if number is None or number < 0:
            raise ValueError(f"probability of {name!r} is {raw!r}")
        found[option] = number
    total = sum(found.values())
    if total > 1.5 and abs(total - 100.0) < 5.0:  # percentages written as numbers
        found = {k: v / 100.0 for k, v in found.items()}
        total = sum(found.values())
    if total <= 0:
        raise ValueError("every probability is zero")
    # Options left out are taken as zero: models often omit what they rule out.
    return {option: found.get(option, 0.0) / total for option in question.options}


def parse_reply(text: str, questions: dict[str, Question]) -> dict[str, Any]:
    """System One answers for every question from a model's reply text; unreadable ones carry `error`."""
    obj = extract_object(text)
    if obj is None:
        return {k: {"type": q.type, "error": f"reply is not JSON: {text[:80]!r}"} for k, q in questions.items()}
    answers = found if isinstance(found := obj.get("answers"), dict) else obj
    out: dict[str, Any] = {}
    for key, question in questions.items():
        if key not in answers:
            out[key] = {"type": question.type, "error": "the model gave no answer for this question"}
            continue
        try:
            probabilities = lenient_probabilities(question, answers[key])
        except ValueError as err:
            out[key] = {"type": question.type, "error": f"malformed answer from the model: {err}"}
            continue
        if question.type == "noul":
            out[key] = {"type": "noul", "noul": probabilities["true"]}
        else:
            out[key] = {"type": question.type, "probabilities": probabilities}
    return out


class LLMDecisionProvider(DecisionProvider):
    """Decisions from a chat model through the official OpenAI or Anthropic SDK."""

    def __init__(self, settings: ProviderSettings):
        self.settings = settings
        self.vendor = vendor_of(settings)
        self.name = f"llm:{self.vendor}"
        self.model = settings.model
        self.chat = ChatClient(self.vendor, name=self.name, timeout_s=settings.timeout_s, base_url=settings.base_url,
                              key_env=settings.api_key_env)
        self.endpoint = self.chat.endpoint
        self.base_url = self.chat.base_url
        self.key_env = self.chat.key_env

    def request_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        """Everything that shapes the answer (model, prompt, sampling): the call cache hashes this."""
        options = sum(len(q.options) for q in questions.values())
        body: dict[str, Any] = {
            "model": self.model,
            "system": SYSTEM_PROMPT,
            "user": user_prompt(state, questions),
            "max_tokens": min(16_000, 128 + 16 * len(questions) + 12 * options),
        }
        if self.vendor == "openai":
            # Anthropic's current Messages API takes no sampling temperature; OpenAI-compatible servers do.
            body["temperature"] = 0
        return body

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        sent = self.chat.complete(self.request_body(state, questions))
        return ProviderReply(answers=parse_reply(sent.response["text"], questions), model=sent.model or self.model,
                             input_tokens=sent.input_tokens, output_tokens=sent.output_tokens,
                             endpoint=self.endpoint)

    def close(self) -> None:
        self.chat.close()
