"""System One (`POST /v1/systemone`), TypeSafe's wire format: questions keyed by id, answers by the same ids."""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.fakes.answers import default_answer, malformed_probabilities
from tests.fakes.routes import FakeRequest, Reply, error, route

ALIASES = {"jev-latest": "jev-1.13.0", "jev-preview": "jev-1.13.0"}


def options_of(question: dict[str, Any]) -> list[str]:
    if question.get("type") == "noul":
        return ["true", "false"]
    if question.get("type") == "score":
        return [str(i) for i in range(len(question.get("criteria") or []))]
    return list(question.get("criteria") or {})


def wire_answer(question: dict[str, Any], probabilities: dict[str, float]) -> dict[str, Any]:
    kind = question.get("type")
    if kind == "noul":
        return {"type": "noul", "noul": probabilities.get("true")}
    best = max(probabilities, key=lambda k: probabilities[k])
    if kind == "choice":
        return {"type": "choice", "choice": best, "probabilities": probabilities, "confidence": probabilities[best]}
    score = sum(int(level) * p for level, p in probabilities.items())
    legend = {str(i): c for i, c in enumerate(question.get("criteria") or [])}
    return {"type": "score", "score": round(score, 3), "legend": legend, "probabilities": probabilities,
            "confidence": probabilities[best]}


def answer_for(request: FakeRequest, key: str, question: dict[str, Any], state: Any) -> dict[str, Any]:
    options = options_of(question)
    if key in request.knobs.malformed_keys:
        return {"type": question.get("type"), "probabilities": malformed_probabilities(options), "noul": 1.7}
    scripted = request.knobs.answer
    result = (scripted or default_answer)(key, question, options, state)
    if isinstance(result, dict) and "type" in result:
        return result  # a raw wire answer, passed through untouched
    return wire_answer(question, result)


@route("POST", "/v1/systemone")
def systemone(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or not isinstance(body.get("questions"), dict) or "state" not in body:
        return Reply(status=422, json={"detail": {"message": "body needs `state` and a `questions` object",
                                                  "error_type": "unknown"}})
    unknown = set(body) - {"model", "state", "questions", "assets"}
    if unknown:
        return Reply(status=400, json={"detail": {"message": f"unknown field(s) {sorted(unknown)}"}})
    model = body.get("model") or "jev-latest"
    if not str(model).startswith("jev"):
        return error(400, f"Unknown model: {model}")
    answers = {key: answer_for(request, key, q, body["state"]) for key, q in body["questions"].items()}
    size = len(json.dumps(body))
    usage = {"input_tokens": 270 + size // 4, "output_tokens": 12 * len(answers)}
    answered = ALIASES.get(model, model) if request.knobs.reported_model is None else request.knobs.reported_model
    return Reply(json={"model": answered, "answers": answers, "usage": usage},
                 headers={"x-typesafe-request-id": uuid.uuid4().hex})
