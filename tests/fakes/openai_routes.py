"""OpenAI's wire formats: Decisions (`/v1/decisions`), chat completions and embeddings."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import time
from typing import Any

import numpy as np

from tests.fakes.answers import default_answer, hashed_probabilities, malformed_probabilities
from tests.fakes.routes import FakeRequest, Reply, error, route

QUESTIONS_BLOCK = re.compile(r"```json\s*(\{.*?\})\s*```", re.DOTALL)
OPTION_LINE = re.compile(r"^([A-Z])\. ", re.MULTILINE)


# -- decisions ---------------------------------------------------------------------------------


def _options(question: dict[str, Any]) -> list[str]:
    if question.get("type") == "predicate":
        return ["true", "false"]
    if question.get("type") == "choice":
        return [str(c.get("value")) for c in question.get("choices") or []]
    return [str(i) for i in range(len(question.get("levels") or []))]


def decision_answer(request: FakeRequest, question: dict[str, Any], state: Any) -> dict[str, Any]:
    name = question.get("name")
    kind = question.get("type")
    if name in request.knobs.refuse_keys:
        return {"type": "refusal", "name": name}
    options = _options(question)
    if name in request.knobs.malformed_keys:
        probabilities = malformed_probabilities(options)
    else:
        probabilities = (request.knobs.answer or default_answer)(name, question, options, state)
    best = max(probabilities, key=lambda k: probabilities[k])
    if kind == "predicate":
        return {"type": "predicate", "name": name, "probability": probabilities.get("true", 0.0)}
    if kind == "choice":
        return {"type": "choice", "name": name, "choice": best, "confidence": probabilities[best],
                "probabilities": [{"value": k, "probability": p} for k, p in probabilities.items()]}
    levels = question.get("levels") or []
    return {"type": "score", "name": name, "confidence": probabilities[best],
            "score": sum(int(k) * p for k, p in probabilities.items() if k.isdigit()),
            "probabilities": [{"value": int(k) if k.isdigit() else k,
                               "label": levels[int(k)]["label"] if k.isdigit() and int(k) < len(levels) else k,
                               "probability": p} for k, p in probabilities.items()]}


@route("POST", "/v1/decisions")
def decisions(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or not isinstance(body.get("questions"), list) or "input" not in body:
        return error(400, "body needs `input` and a `questions` array", type="invalid_request_error")
    if body.get("model") != "gpt-6-luna":
        return error(404, f"The model `{body.get('model')}` does not exist", type="invalid_request_error")
    answers = [decision_answer(request, q, body["input"]) for q in body["questions"]]
    tokens_in = len(json.dumps(body)) // 4
    usage = {"input_tokens": tokens_in, "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
             "output_tokens": 0, "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": tokens_in}
    answered = "gpt-6-luna" if request.knobs.reported_model is None else request.knobs.reported_model
    return Reply(json={"model": answered, "answers": answers, "usage": usage})


# -- chat completions: answers the questions block the LLM decider puts in its prompt -----------


def default_chat_text(prompt: str) -> str:
    """Probabilities for every question found in a ```json {"questions": ...}``` block, else a greeting."""
    for block in QUESTIONS_BLOCK.findall(prompt):
        try:
            parsed = json.loads(block)
        except ValueError:
            continue
        if isinstance(parsed, dict) and isinstance(parsed.get("questions"), dict):
            answers = {key: hashed_probabilities(json.dumps(q, sort_keys=True), list(q.get("options") or {}))
                       for key, q in parsed["questions"].items()}
            return json.dumps({"answers": answers})
    return "Hello from the fake model."


def chat_text(request: FakeRequest, prompt: str) -> str:
    text = default_chat_text(prompt)
    return request.knobs.chat_reply(prompt, text) if request.knobs.chat_reply else text


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content or [] if isinstance(part, dict))


def within_budget(request: FakeRequest, text: str, budget: Any) -> tuple[str, bool]:
    """The reply text cut at its output budget (4 characters a token) when the knob asks; True if cut."""
    if not request.knobs.enforce_max_tokens or not isinstance(budget, int) or len(text) // 4 <= budget:
        return text, False
    return text[: budget * 4], True


def strict_schema_problem(schema: Any, where: str = "schema") -> str | None:
    """What OpenAI's strict mode (and Anthropic's structured outputs) reject in a JSON schema: an object whose
    properties are not all required or that allows additional properties."""
    if not isinstance(schema, dict):
        return None
    if schema.get("type") == "object":
        properties = schema.get("properties") or {}
        if schema.get("additionalProperties") is not False:
            return f"{where}: 'additionalProperties' is required to be supplied and to be false"
        if sorted(schema.get("required") or []) != sorted(properties):
            return f"{where}: 'required' is required to be supplied and to be an array including every key"
        for name, inner in properties.items():
            problem = strict_schema_problem(inner, f"{where}.{name}")
            if problem:
                return problem
    for key in ("items",):
        problem = strict_schema_problem(schema.get(key), f"{where}.{key}")
        if problem:
            return problem
    for option in schema.get("anyOf") or []:
        problem = strict_schema_problem(option, f"{where}.anyOf")
        if problem:
            return problem
    return None


def openai_chat_rejection(request: FakeRequest, body: dict[str, Any]) -> Reply | None:
    """OpenAI's 404 for an unknown model and 400 for an unsupported parameter, worded as the service words them."""
    knobs = request.knobs
    model = body.get("model")
    if knobs.chat_models is not None and model not in knobs.chat_models:
        return error(404, f"The model `{model}` does not exist or you do not have access to it.",
                     type="invalid_request_error", param=None, code="model_not_found")
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema" and (response_format.get("json_schema") or {}).get("strict"):
        problem = strict_schema_problem(response_format["json_schema"].get("schema"))
        if problem:
            return error(400, f"Invalid schema for response_format: {problem}", type="invalid_request_error",
                         param="response_format", code="invalid_json_schema")
    for name in sorted(knobs.reject_params & set(body)):
        other = "max_completion_tokens" if name == "max_tokens" else "another parameter"
        return error(400, f"Unsupported parameter: '{name}' is not supported with this model. Use '{other}' "
                          "instead.", type="invalid_request_error", param=name, code="unsupported_parameter")
    return None


# -- log-probabilities of the first token (`logprobs: true, top_logprobs: N`) -------------------


def default_first_tokens(prompt: str) -> dict[str, float]:
    """First-token probabilities for a prompt that labels options "A. ...": most on the letters (hashed from the
    prompt), a little on a space-led variant of the likeliest and on a word, the way a real model spreads it."""
    letters = OPTION_LINE.findall(prompt)
    if not letters:
        return {"Hello": 0.9, "Hi": 0.1}
    spread = hashed_probabilities(prompt, letters)
    total = sum(spread.values())
    first = {letter: 0.97 * p / total for letter, p in spread.items()}
    best = max(first, key=lambda k: first[k])
    first[best], first[" " + best] = first[best] - 0.01, 0.01
    first["The"] = 0.02
    return first


def first_token_logprobs(request: FakeRequest, prompt: str, top_n: int) -> tuple[str, dict[str, Any]]:
    """The sampled (likeliest) token and OpenAI's `choices[0].logprobs` for a one-token reply."""
    scripted = request.knobs.first_tokens
    distribution = scripted(prompt) if scripted else default_first_tokens(prompt)
    ranked = sorted(distribution.items(), key=lambda kv: -kv[1])

    def entry(token: str, p: float) -> dict[str, Any]:
        return {"token": token, "logprob": math.log(p) if p > 0 else -9999.0, "bytes": list(token.encode())}

    token, p = ranked[0]
    position = {**entry(token, p), "top_logprobs": [entry(t, q) for t, q in ranked[:top_n]]}
    return token, {"content": [position], "refusal": None}


@route("POST", "/v1/chat/completions")
def chat_completions(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        return error(400, "`messages` is required", type="invalid_request_error")
    rejected = openai_chat_rejection(request, body)
    if rejected is not None:
        return rejected
    top_n = body.get("top_logprobs")
    if top_n is not None and (not body.get("logprobs") or not isinstance(top_n, int) or not 0 <= top_n <= 20):
        return error(400, "Invalid 'top_logprobs': must be an integer between 0 and 20, with 'logprobs' true.",
                     type="invalid_request_error", param="top_logprobs", code="invalid_value")
    prompt = "\n".join(_content_text(m.get("content")) for m in body["messages"])
    logprobs = None
    if body.get("logprobs"):
        text, logprobs = first_token_logprobs(request, prompt, top_n or 0)
        cut = body.get("max_completion_tokens", body.get("max_tokens")) == 1  # stopped before end of turn
    else:
        text, cut = within_budget(request, chat_text(request, prompt),
                                  body.get("max_completion_tokens", body.get("max_tokens")))
    completion = 1 if logprobs is not None else len(text) // 4
    usage = {"prompt_tokens": len(prompt) // 4, "completion_tokens": completion,
             "total_tokens": len(prompt) // 4 + completion,
             "prompt_tokens_details": {"cached_tokens": min(request.knobs.cached_tokens, len(prompt) // 4)}}
    return Reply(json={
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
        "model": body.get("model", "fake") if request.knobs.reported_model is None else request.knobs.reported_model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                     "finish_reason": "length" if cut else "stop",
                     "logprobs": None if request.knobs.drop_logprobs else logprobs}],
        "usage": usage,
    })


# -- embeddings --------------------------------------------------------------------------------


def fake_vector(text: str, dim: int) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return np.random.default_rng(seed).standard_normal(dim).astype(np.float32)


@route("POST", "/v1/embeddings")
def embeddings(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or "input" not in body:
        return error(400, "`input` is required", type="invalid_request_error")
    texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
    if any(not isinstance(t, str) or not t for t in texts):
        return error(400, "input must be non-empty strings", type="invalid_request_error")
    dim = int(body.get("dimensions") or 16)
    data = []
    for i, text in enumerate(texts):
        vector = fake_vector(text, dim)
        if body.get("encoding_format") == "base64":
            embedding: Any = base64.b64encode(vector.tobytes()).decode("ascii")
        else:
            embedding = [float(x) for x in vector]
        data.append({"object": "embedding", "index": i, "embedding": embedding})
    tokens = sum(len(t) // 4 + 1 for t in texts)
    return Reply(json={"object": "list", "data": data, "model": body.get("model", "fake"),
                       "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})
