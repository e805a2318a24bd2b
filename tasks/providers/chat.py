"""Chat models through the official SDKs: OpenAI chat completions and Anthropic messages, in one shape.

Every chat caller (the LLM extractor, batch extraction, the LLM decider, answer-and-judge) builds a body
`{"model", "system", "user", "max_tokens", ["temperature"], ...}` (the call cache hashes that body, so it is
never changed here) and gets back a `Sent` whose response is `{"text", "model"}`. The mapping to each SDK's
parameters, and back from each reply (a fresh one, or a line of a batch's results), lives only here.
"""

from __future__ import annotations

from typing import Any

from archivist.tasks.providers.chat_sdk import ChatSDK
from archivist.tasks.providers.errors import MalformedResponse
from archivist.tasks.providers.gate import Sent
from archivist.tasks.providers.vendors import ANTHROPIC, CHAT_VENDORS, OPENAI, vendor


class ChatWire:
    """One vendor's chat wire shapes: SDK parameters from our body, our `Sent` from its reply."""

    vendor = ""
    endpoint = ""

    def params(self, body: dict[str, Any], *, json_reply: bool = True) -> dict[str, Any]:
        raise NotImplementedError

    def sent(self, reply: Any) -> Sent:
        raise NotImplementedError

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        """The SDK call itself, with its reply as a plain dict."""
        raise NotImplementedError


class OpenAIChatWire(ChatWire):
    vendor = "openai"
    endpoint = OPENAI.chat_endpoint

    def params(self, body: dict[str, Any], *, json_reply: bool = True) -> dict[str, Any]:
        params: dict[str, Any] = {"model": body["model"]}
        if "temperature" in body:
            params["temperature"] = body["temperature"]
        params["max_tokens"] = body["max_tokens"]
        if json_reply:
            params["response_format"] = {"type": "json_object"}
        params["messages"] = [{"role": "system", "content": body["system"]},
                              {"role": "user", "content": body["user"]}]
        return params

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        return _plain(client.chat.completions.create(**params))

    def sent(self, reply: Any) -> Sent:
        """The cacheable response ({"text", "model"}) and token counts of a chat completion body."""
        if not isinstance(reply, dict) or not isinstance(reply.get("choices"), list):
            raise MalformedResponse("openai: the reply is not a chat completion (no `choices`; a truncated or "
                                    "non-JSON body)", provider="openai")
        choices = reply["choices"]
        message = (choices[0] or {}).get("message") or {} if choices else {}
        usage = reply.get("usage") or {}
        model = str(reply.get("model") or "")
        return Sent(response={"text": message.get("content") or "", "model": model},
                    input_tokens=int(usage.get("prompt_tokens") or 0),
                    output_tokens=int(usage.get("completion_tokens") or 0), model=model)


class AnthropicChatWire(ChatWire):
    vendor = "anthropic"
    endpoint = ANTHROPIC.chat_endpoint

    def params(self, body: dict[str, Any], *, json_reply: bool = True) -> dict[str, Any]:
        # anthropic 2.x takes no sampling parameters (temperature is gone from messages.create), and has no
        # JSON mode: the prompt asks for JSON.
        return {"model": body["model"], "system": body["system"], "max_tokens": body["max_tokens"],
                "messages": [{"role": "user", "content": body["user"]}]}

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        return _plain(client.messages.create(**params))

    def sent(self, reply: Any) -> Sent:
        if not isinstance(reply, dict) or not isinstance(reply.get("content"), list):
            raise MalformedResponse("anthropic: the reply is not a message (no `content`; a truncated or non-JSON "
                                    "body)", provider="anthropic")
        text = "".join(block.get("text", "") for block in reply["content"] if isinstance(block, dict))
        usage = reply.get("usage") or {}
        model = str(reply.get("model") or "")
        return Sent(response={"text": text, "model": model}, input_tokens=int(usage.get("input_tokens") or 0),
                    output_tokens=int(usage.get("output_tokens") or 0), model=model)


WIRES: dict[str, ChatWire] = {"openai": OpenAIChatWire(), "anthropic": AnthropicChatWire()}


def wire_for(vendor_name: str) -> ChatWire:
    if vendor_name not in CHAT_VENDORS:
        raise ValueError(f"no chat models for vendor {vendor_name!r}: use one of {', '.join(CHAT_VENDORS)}")
    return WIRES[vendor_name]


class ChatClient:
    """One chat endpoint of one vendor: base URL and key variable from settings, else the vendor's defaults."""

    def __init__(self, vendor_name: str, *, name: str, timeout_s: float, base_url: str | None = None,
                 key_env: str | None = None, json_reply: bool = True):
        self.wire = wire_for(vendor_name)
        defaults = vendor(vendor_name)
        self.vendor = vendor_name
        self.endpoint = self.wire.endpoint
        self.base_url = defaults.url(base_url)
        self.key_env = defaults.key_variable(key_env)
        self.json_reply = json_reply
        self.sdk = ChatSDK(vendor_name, self.base_url, self.key_env, name, timeout_s)

    def params(self, body: dict[str, Any]) -> dict[str, Any]:
        return self.wire.params(body, json_reply=self.json_reply)

    def complete(self, body: dict[str, Any]) -> Sent:
        """One SDK call for `body`; SDK errors come back as ours, keys scrubbed from the whole chain."""
        params = self.params(body)
        return self.wire.sent(self.sdk.call(lambda client: self.wire.create(client, params)))

    def call(self, fn: Any) -> Any:
        """`fn(sdk_client)` for the vendor's other endpoints (batches, files), errors translated and scrubbed."""
        return self.sdk.call(fn)

    def secrets(self) -> list[str | None]:
        return self.sdk.secrets()

    def close(self) -> None:
        self.sdk.close()


def _plain(reply: Any) -> Any:
    return reply.model_dump() if hasattr(reply, "model_dump") else reply
