"""OpenAI's wire formats: Decisions (`/v1/decisions`), chat completions and embeddings."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from typing import Any

import numpy as np

from tests.fakes.answers import default_answer, hashed_probabilities, malformed_probabilities
from tests.fakes.routes import FakeRequest, Reply, error, route

QUESTIONS_BLOCK = re.compile(r"```json\s*(\{.*?\})\s*```", re.DOTALL)


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
    return Reply(json={"model": "gpt-6-luna", "answers": answers, "usage": usage})


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


@route("POST", "/v1/chat/completions")
def chat_completions(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        return error(400, "`messages` is required", type="invalid_request_error")
    prompt = "\n".join(_content_text(m.get("content")) for m in body["messages"])
    text = chat_text(request, prompt)
    usage = {"prompt_tokens": len(prompt) // 4, "completion_tokens": len(text) // 4,
             "total_tokens": len(prompt) // 4 + len(text) // 4}
    return Reply(json={
        "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop",
                     "logprobs": None}],
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
