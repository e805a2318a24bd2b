"""Anthropic's Messages API (`POST /v1/messages`); the key arrives as a Bearer header (SDK 2.x) or `x-api-key`."""

from __future__ import annotations

from typing import Any

from tests.fakes.openai_routes import chat_text, strict_schema_problem, within_budget
from tests.fakes.routes import FakeRequest, Reply, route


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(block.get("text", "") for block in content or [] if isinstance(block, dict))


@route("POST", "/v1/messages")
def messages(request: FakeRequest) -> Reply:
    body = request.body
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list) or "max_tokens" not in body:
        return Reply(status=400, json={"type": "error", "error": {
            "type": "invalid_request_error", "message": "`messages` and `max_tokens` are required"}})
    knobs = request.knobs
    if knobs.chat_models is not None and body.get("model") not in knobs.chat_models:
        return Reply(status=404, json={"type": "error", "error": {"type": "not_found_error",
                                                                  "message": f"model: {body.get('model')}"}})
    for name in sorted(knobs.reject_params & set(body)):
        message = f"{name}: Extra inputs are not permitted"
        return Reply(status=400, json={"type": "error", "error": {"type": "invalid_request_error", "message": message}})
    output_format = (body.get("output_config") or {}).get("format") or {}
    problem = strict_schema_problem(output_format.get("schema")) if output_format.get("type") == "json_schema" else None
    if problem:
        return Reply(status=400, json={"type": "error", "error": {"type": "invalid_request_error",
                                                                  "message": f"output_config.format: {problem}"}})
    prompt = "\n".join([_text(body.get("system"))] + [_text(m.get("content")) for m in body["messages"]])
    text, cut = within_budget(request, chat_text(request, prompt), body.get("max_tokens"))
    read = min(knobs.cached_tokens, len(prompt) // 4)
    written = min(knobs.cache_write_tokens, len(prompt) // 4 - read)
    return Reply(json={
        "id": "msg_fake", "type": "message", "role": "assistant",
        "model": body.get("model", "fake") if request.knobs.reported_model is None else request.knobs.reported_model,
        "content": [{"type": "text", "text": text}], "stop_reason": "max_tokens" if cut else "end_turn",
        "stop_sequence": None,
        # Anthropic counts cache reads beside input_tokens, not inside it.
        "usage": {"input_tokens": len(prompt) // 4 - read - written, "output_tokens": len(text) // 4,
                  "cache_read_input_tokens": read, "cache_creation_input_tokens": written},
    })
