"""OpenAI's Decisions API (`POST /v1/decisions`) through the official SDK (`client.decisions`, max_retries=0).

Its shapes differ from System One and are mapped both ways here: questions go as an *array* with
`name` = our request key, `noul` becomes `predicate` (its true/false rubric folded into the
instructions, which is the only place a predicate takes it), `choice` criteria become
`choices: [{value, description}]` and score levels become `levels: [{label}]`. Answers come back in
question order; a per-question `refusal` becomes that question's recorded fallback.
"""

from __future__ import annotations

import json
from typing import Any

from archivist.configs.settings import ProviderSettings
from archivist.ids import canonical_json
from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.chat_sdk import ChatSDK
from archivist.tasks.providers.errors import MalformedResponse
from archivist.tasks.providers.limits import TokenLimits
from archivist.tasks.providers.vendors import OPENAI

DEFAULT_MODEL = "gpt-6-luna"
"""The only model of the beta; the client compares every reply's `model` with it (tasks/providers/pins.py)."""
ENDPOINT = "/v1/decisions"
LIMITS = TokenLimits(total_tokens=1_050_000, max_questions=400)
"""The SDK documents 1-400 questions per request and the model a 1,050,000-token context."""


def to_openai_question(key: str, question: Question) -> dict[str, Any]:
    """One System One question as an OpenAI Decisions question named `key`."""
    if question.type == "noul":
        rubric = [f"{side}: {question.options[side]}" for side in ("true", "false") if question.options.get(side)]
        instructions = question.instructions + ("\n" + "\n".join(rubric) if rubric else "")
        return {"type": "predicate", "name": key, "instructions": instructions}
    if question.type == "choice":
        choices = [
            {"value": option, **({"description": rubric} if rubric else {})}
            for option, rubric in question.options.items()
        ]
        return {"type": "choice", "name": key, "instructions": question.instructions, "choices": choices}
    levels = [{"label": str(question.options[k] or k)} for k in sorted(question.options, key=int)]
    return {"type": "score", "name": key, "instructions": question.instructions, "levels": levels}


def from_openai_answer(question: Question, answer: dict[str, Any] | None) -> dict[str, Any]:
    """One OpenAI answer as a System One answer (validated later, like every provider's)."""
    if answer is None:
        return {"type": question.type, "error": "no answer in the reply for this question"}
    kind = answer.get("type")
    if kind == "refusal":
        return {"type": question.type, "error": "the model refused to answer this question (OpenAI refusal)"}
    if kind == "predicate":
        return {"type": "noul", "noul": answer.get("probability")}
    if kind in ("choice", "score"):
        probabilities = {}
        for item in answer.get("probabilities") or []:
            value = item.get("value")
            # Choice values are typed (True and "true" differ); we only ever send strings.
            probabilities[str(value).lower() if isinstance(value, bool) else str(value)] = item.get("probability")
        return {"type": kind, "probabilities": probabilities}
    return {"type": question.type, "error": f"unknown answer type {kind!r}"}


def answers_by_key(keys: list[str], questions: dict[str, Question], answers: list[dict[str, Any]]) -> dict[str, Any]:
    """Pair answers with questions: by name when every answer carries its question's name, else by position."""
    named = {a.get("name"): a for a in answers if a.get("name")}
    if set(named) == set(keys):
        return {k: from_openai_answer(questions[k], named[k]) for k in keys}
    # A model may return fewer answers than questions; the missing ones become per-question errors below.
    paired = dict(zip(keys, answers, strict=False))
    return {k: from_openai_answer(questions[k], paired.get(k)) for k in keys}


class OpenAIDecisionsProvider(DecisionProvider):
    name = "openai_decisions"
    endpoint = ENDPOINT
    token_limits = LIMITS

    def __init__(self, settings: ProviderSettings):
        self.settings = settings
        configured = settings.model if settings.model and not settings.model.startswith("local") else None
        self.model = configured or DEFAULT_MODEL
        self.base_url = OPENAI.url(settings.base_url)
        self.key_env = OPENAI.key_variable(settings.api_key_env)
        self.sdk = ChatSDK("openai", self.base_url, self.key_env, self.name, self.settings.timeout_s,
                           keyless_local=False)

    def request_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        text = state if isinstance(state, str) else canonical_json(state)
        return {"model": self.model, "input": text,
                "questions": [to_openai_question(k, q) for k, q in questions.items()]}

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        body = self.request_body(state, questions)
        # The raw response: we read the JSON ourselves, so an odd answer reaches our per-question
        # validation instead of failing the SDK's model for the whole reply.
        text = self.sdk.call(lambda client: client.decisions.with_raw_response.create(**body).http_response.text)
        try:
            data = json.loads(text)
        except ValueError as err:
            raise MalformedResponse(f"{self.name}: the reply is not JSON", provider=self.name) from err
        if not isinstance(data, dict) or not isinstance(data.get("answers"), list):
            raise MalformedResponse(f"{self.name}: the reply has no `answers` array", provider=self.name)
        usage = data.get("usage") or {}
        return ProviderReply(
            answers=answers_by_key(list(questions), questions, data.get("answers") or []),
            model=str(data.get("model") or ""),  # what answered; "" when unreported, for the pin check
            input_tokens=int(usage.get("input_tokens") or 0),
            output_tokens=int(usage.get("output_tokens") or 0),
            endpoint=ENDPOINT,
        )

    def close(self) -> None:
        self.sdk.close()
