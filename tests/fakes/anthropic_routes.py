"""Anthropic's Messages API (`POST /v1/messages`); the key arrives as a Bearer header (SDK 2.x) or `x-api-key`."""

from __future__ import annotations

from typing import Any

from tests.fakes.openai_routes import chat_text
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
    prompt = "\n".join([_text(body.get("system"))] + [_text(m.get("content")) for m in body["messages"]])
    text = chat_text(request, prompt)
    return Reply(json={
        "id": "msg_fake", "type": "message", "role": "assistant", "model": body.get("model", "fake"),
        "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": len(prompt) // 4, "output_tokens": len(text) // 4},
    })
