"""A chat model as a decision provider: OpenAI or Anthropic (official SDKs, max_retries=0), asked for a
probability per option as JSON for every question of a request.

The reply is *read* leniently (code fences, prose around the object, percentages, numbers as strings, option
names in another case, "yes"/"no" for a yes/no question) but never *repaired*: the probabilities go to the
validation every provider gets (tasks/providers/answers.py), so an option the model left out, or a total off
by more than two-decimal rounding, makes that question a recorded fallback. Nothing is renormalised: a reply
`{"update": 0.7}` is not a 1.0 for `update`. A question whose part of the reply cannot be read becomes
`{"error": why}`; the other questions keep their answers. An OpenAI-compatible `base_url` reaches local
servers (vLLM, SGLang, Ollama, llama.cpp), which usually need no key.

Sampling: OpenAI-compatible servers get `temperature: 0`. Anthropic's Messages API version 2026-10-21 (the one
the 2.x SDK sends) rejects every sampling parameter with a 400, even `temperature: 1.0`, and the SDK has
none; so an Anthropic decider runs at the vendor's fixed sampling, and the request body says so
(`"sampling": "vendor-fixed"`) so that a cached answer is never mistaken for a temperature-0 one.

Scoring (`scoring` in the decider's settings): `json` (the default) is the above. `logprobs` asks each question
in a request of its own (`max_questions=1`), with its options labelled A, B, C, ..., for one output token with
`logprobs: true, top_logprobs: N`, and reads the options' probabilities from the first token's top
log-probabilities (tasks/providers/option_logprobs.py has the rule: options conditioned on "the answer is an
option" only when they hold at least `min_option_mass`, else a recorded fallback; the unlisted mass is bounded
and kept with the answer). The body differs from a `json` one (prompt, `logprobs`, `top_logprobs`, `scoring`,
`min_option_mass`), so the two modes never share a cached answer. Anthropic's Messages API has no
log-probabilities (no such parameter in the 2.x SDK, none in its replies), so `logprobs` with an Anthropic
model is refused with a ConfigurationError; an OpenAI-compatible server that answers without them stops the
run the same way.
"""

from __future__ import annotations

import json
import re
from typing import Any

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers import option_logprobs
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.chat import ChatClient
from archivist.tasks.providers.errors import Billed, ConfigurationError
from archivist.tasks.providers.limits import TokenLimits
from archivist.tasks.providers.vendors import vendor_of

SYSTEM_PROMPT = (
    "You answer typed questions about a state with calibrated probabilities. For every question, give every "
    "one of its options a probability between 0 and 1, writing 0 for an option you rule out (never leave an "
    "option out); the probabilities of one question sum to 1. Reply with one JSON object and nothing else: "
    '{"answers": {"<question key>": {"<option>": <probability>, ...}, ...}}.'
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
    """The option probabilities the model wrote, under the question's option names; raises ValueError.

    Only the spelling is forgiven (case, yes/no, "80%", numbers as strings, percentages written as numbers
    that sum to about 100). Options left out stay left out and the total is not touched: both are for the
    shared validation to judge, which makes them a recorded fallback."""
    if isinstance(value, dict) and isinstance(value.get("probabilities"), dict):
        value = value["probabilities"]
    if question.type == "noul" and isinstance(value, (int, float, str)) and not isinstance(value, bool):
        p = _number(value)
        if p is None:
            raise ValueError(f"not a probability: {value!r}")
        # One number for a yes/no question is a complete answer: P(true), and P(false) is the rest.
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
        if option in found:
            raise ValueError(f"option {option!r} is given twice")
        found[option] = number
    total = sum(found.values())
    if total > 1.5 and abs(total - 100.0) < 5.0:  # percentages written as numbers: a unit, not a repair
        found = {k: v / 100.0 for k, v in found.items()}
    return found


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
        # Every option as written, for noul too: the shared validation checks that nothing is missing and
        # that the total is 1 within rounding.
        out[key] = {"type": question.type, "probabilities": probabilities}
    return out


class LLMDecisionProvider(DecisionProvider):
    """Decisions from a chat model through the official OpenAI or Anthropic SDK."""

    scorings = ("json", "logprobs")

    def __init__(self, settings: ProviderSettings, section: str = "decisions"):
        """`section`: the settings section `settings` comes from, for the messages that say what to fix."""
        self.settings = settings
        self.vendor = vendor_of(settings)
        self.name = f"llm:{self.vendor}"
        self.model = settings.model
        self.section = section
        self.logprobs = settings.scoring == "logprobs"
        if self.logprobs and self.vendor == "anthropic":
            raise ConfigurationError(
                f"{section}.scoring = \"logprobs\" needs an OpenAI-compatible model: Anthropic's API returns no "
                f"log-probabilities; set {section}.scoring = \"json\"", setting=f"{section}.scoring",
                provider=self.name)
        if self.logprobs:
            self.token_limits = TokenLimits(max_questions=1)  # one question, one letter, one request
        self.chat = ChatClient(self.vendor, name=self.name, timeout_s=settings.timeout_s, base_url=settings.base_url,
                              key_env=settings.api_key_env, json_reply=not self.logprobs, section=section)
        self.endpoint = self.chat.endpoint
        self.base_url = self.chat.base_url
        self.key_env = self.chat.key_env

    def request_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        """Everything that shapes the answer (model, prompt, sampling): the call cache hashes this."""
        if self.logprobs:
            return self._logprob_body(state, questions)
        options = sum(len(q.options) for q in questions.values())
        body: dict[str, Any] = {
            "model": self.model,
            "system": SYSTEM_PROMPT,
            "user": user_prompt(state, questions),
            "max_tokens": min(16_000, 128 + 16 * len(questions) + 12 * options),
        }
        if self.vendor == "openai":
            body["temperature"] = 0
        else:
            # Anthropic's API rejects sampling parameters (see the module doc); the body names what ran.
            body["sampling"] = "vendor-fixed"
        return body

    def _logprob_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        # One prompt per question (the client sends one question per request, see token_limits); the rule's
        # threshold is in the body because the cached answer is the scored one.
        return {"model": self.model, "system": option_logprobs.SYSTEM_PROMPT, "scoring": "logprobs",
                "prompts": {key: option_logprobs.user_prompt(state, q) for key, q in questions.items()},
                "max_tokens": 1, "temperature": 0, "logprobs": True, "top_logprobs": self.settings.top_logprobs,
                "min_option_mass": self.settings.min_option_mass}

    def _send_logprobs(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        body = self._logprob_body(state, questions)
        answers: dict[str, Any] = {}
        common = {k: v for k, v in body.items() if k != "prompts"}
        model, tokens_in, tokens_out = "", 0, 0
        for key, question in questions.items():
            sent = self.chat.complete({**common, "user": body["prompts"][key]})
            model = model or sent.model
            tokens_in, tokens_out = tokens_in + sent.input_tokens, tokens_out + sent.output_tokens
            top = sent.response.get("logprobs")
            if top is None:
                error = ConfigurationError(
                    f"{self.name} answered without log-probabilities (model {self.model!r}, {self.base_url}): this "
                    f"server or model does not return them; set {self.section}.scoring = \"json\"",
                    setting=f"{self.section}.scoring", provider=self.name)
                error.billed = Billed(model=sent.model, input_tokens=tokens_in, output_tokens=tokens_out,
                                      cached_input_tokens=sent.cached_input_tokens)  # answered, so paid for
                raise error
            answers[key] = option_logprobs.score_options(question, top, self.settings.min_option_mass)
        return ProviderReply(answers=answers, model=model, input_tokens=tokens_in, output_tokens=tokens_out,
                             endpoint=self.endpoint)

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        if self.logprobs:
            return self._send_logprobs(state, questions)
        sent = self.chat.complete(self.request_body(state, questions))
        # The model the service reports, or "" when it reports none: never the configured name in its place,
        # so the client's pin check sees what actually answered.
        return ProviderReply(answers=parse_reply(sent.response["text"], questions), model=sent.model,
                             input_tokens=sent.input_tokens, output_tokens=sent.output_tokens,
                             endpoint=self.endpoint)

    def close(self) -> None:
        self.chat.close()
