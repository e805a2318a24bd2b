"""Chat models through the official SDKs: OpenAI chat completions and Anthropic messages, in one shape.

Every chat caller (the LLM extractor, batch extraction, the LLM decider, answer-and-judge) builds a body
`{"model", "system", "user", "max_tokens", ["temperature"], ["json_schema"], ...}` (the call cache hashes that
body, so it is never changed here) and gets back a `Sent` whose response is `{"text", "model"}`. The mapping
to each SDK's parameters, and back from each reply (a fresh one, or a line of a batch's results), lives only
here.

What is sent for a body with `json_schema` ({"name", "schema"}), the strict structured output:
- OpenAI: `response_format={"type": "json_schema", "json_schema": {"name", "strict": true, "schema"}}`; the
  output budget goes in the parameter the caller names (`max_completion_tokens` by default for the
  extractor; `max_tokens` for servers that only know that one);
- Anthropic: `output_config={"format": {"type": "json_schema", "schema"}}` (structured outputs).
What is checked on every reply when the client is strict: `finish_reason == "length"` /
`stop_reason == "max_tokens"` raises `Truncated` (billed tokens attached, so the ledger costs it), and a
refusal raises `Refused`; neither is ever cached. Cached prompt tokens are read from the usage
(`prompt_tokens_details.cached_tokens`; `cache_read_input_tokens` and `cache_creation_input_tokens`).
A body with `logprobs` (the LLM decider's log-probability scoring) is sent to OpenAI with `logprobs: true,
top_logprobs: N`, and the reply's first-position top log-probabilities come back as the response's `logprobs`;
Anthropic has no such parameter, so no Anthropic body carries it.
"""

from __future__ import annotations

from typing import Any

from archivist.tasks.providers.chat_sdk import ChatSDK
from archivist.tasks.providers.errors import Billed, MalformedResponse, Refused, Truncated
from archivist.tasks.providers.gate import Sent
from archivist.tasks.providers.option_logprobs import first_token_logprobs
from archivist.tasks.providers.vendors import ANTHROPIC, CHAT_VENDORS, OPENAI, vendor

TOKEN_LIMIT_PARAMETERS = ("max_tokens", "max_completion_tokens")


class ChatWire:
    """One vendor's chat wire shapes: SDK parameters from our body, our `Sent` from its reply."""

    vendor = ""
    endpoint = ""

    def params(self, body: dict[str, Any], *, json_reply: bool = True,
               token_parameter: str = "max_tokens") -> dict[str, Any]:
        raise NotImplementedError

    def sent(self, reply: Any, *, strict: bool = False) -> Sent:
        """Our `Sent` for a reply; `strict`: a truncated or refused reply raises instead."""
        raise NotImplementedError

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        """The SDK call itself, with its reply as a plain dict."""
        raise NotImplementedError


class OpenAIChatWire(ChatWire):
    vendor = "openai"
    endpoint = OPENAI.chat_endpoint

    def params(self, body: dict[str, Any], *, json_reply: bool = True,
               token_parameter: str = "max_tokens") -> dict[str, Any]:
        if token_parameter not in TOKEN_LIMIT_PARAMETERS:
            raise ValueError(f"llm.max_tokens_parameter must be one of {', '.join(TOKEN_LIMIT_PARAMETERS)}, "
                             f"not {token_parameter!r}")
        params: dict[str, Any] = {"model": body["model"]}
        if "temperature" in body:
            params["temperature"] = body["temperature"]
        if body.get("logprobs"):  # option scoring from log-probabilities (tasks/providers/option_logprobs.py)
            params["logprobs"] = True
            params["top_logprobs"] = body["top_logprobs"]
        params[token_parameter] = body["max_tokens"]
        schema = body.get("json_schema")
        if isinstance(schema, dict):
            params["response_format"] = {"type": "json_schema", "json_schema": {
                "name": schema["name"], "strict": True, "schema": schema["schema"]}}
        elif json_reply:
            params["response_format"] = {"type": "json_object"}
        params["messages"] = [{"role": "system", "content": body["system"]},
                              {"role": "user", "content": body["user"]}]
        return params

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        return _plain(client.chat.completions.create(**params))

    def sent(self, reply: Any, *, strict: bool = False) -> Sent:
        """The cacheable response ({"text", "model"}) and token counts of a chat completion body."""
        if not isinstance(reply, dict) or not isinstance(reply.get("choices"), list):
            raise MalformedResponse("openai: the reply is not a chat completion (no `choices`; a truncated or "
                                    "non-JSON body)", provider="openai")
        choices = reply["choices"]
        choice = (choices[0] or {}) if choices else {}
        message = choice.get("message") or {}
        usage = reply.get("usage") or {}
        details = usage.get("prompt_tokens_details") or {}
        model = str(reply.get("model") or "")
        response: dict[str, Any] = {"text": message.get("content") or "", "model": model}
        top = first_token_logprobs(choice.get("logprobs"))
        if top is not None:
            response["logprobs"] = top
        sent = Sent(response=response, input_tokens=int(usage.get("prompt_tokens") or 0),
                    output_tokens=int(usage.get("completion_tokens") or 0), model=model,
                    cached_input_tokens=int(details.get("cached_tokens") or 0))
        if strict:
            finish = choice.get("finish_reason")
            if finish == "length":
                raise _billed(Truncated("openai: the reply stopped at its output-token budget (finish_reason "
                                        "\"length\"); it is not used", provider="openai"), sent)
            if message.get("refusal") or finish == "content_filter":
                raise _billed(Refused(f"openai: the model refused (finish_reason {finish!r})", provider="openai"),
                              sent)
        return sent


class AnthropicChatWire(ChatWire):
    vendor = "anthropic"
    endpoint = ANTHROPIC.chat_endpoint

    def params(self, body: dict[str, Any], *, json_reply: bool = True,
               token_parameter: str = "max_tokens") -> dict[str, Any]:
        # anthropic 2.x takes no sampling parameters (temperature is gone from messages.create). JSON is
        # enforced by structured outputs when the body carries a schema; otherwise the prompt asks for it.
        params: dict[str, Any] = {"model": body["model"], "system": body["system"], "max_tokens": body["max_tokens"],
                                  "messages": [{"role": "user", "content": body["user"]}]}
        schema = body.get("json_schema")
        if isinstance(schema, dict):
            params["output_config"] = {"format": {"type": "json_schema", "schema": schema["schema"]}}
        return params

    def create(self, client: Any, params: dict[str, Any]) -> Any:
        return _plain(client.messages.create(**params))

    def sent(self, reply: Any, *, strict: bool = False) -> Sent:
        if not isinstance(reply, dict) or not isinstance(reply.get("content"), list):
            raise MalformedResponse("anthropic: the reply is not a message (no `content`; a truncated or non-JSON "
                                    "body)", provider="anthropic")
        text = "".join(block.get("text", "") for block in reply["content"] if isinstance(block, dict))
        usage = reply.get("usage") or {}
        model = str(reply.get("model") or "")
        # Anthropic's input_tokens leaves out the cache reads and writes; ours includes them (see Sent).
        read = int(usage.get("cache_read_input_tokens") or 0)
        written = int(usage.get("cache_creation_input_tokens") or 0)
        sent = Sent(response={"text": text, "model": model},
                    input_tokens=int(usage.get("input_tokens") or 0) + read + written,
                    output_tokens=int(usage.get("output_tokens") or 0), model=model,
                    cached_input_tokens=read, cache_write_tokens=written)
        if strict:
            stop = reply.get("stop_reason")
            if stop in ("max_tokens", "model_context_window_exceeded"):
                raise _billed(Truncated(f"anthropic: the reply stopped at its output-token budget (stop_reason "
                                        f"{stop!r}); it is not used", provider="anthropic"), sent)
            if stop == "refusal":
                raise _billed(Refused("anthropic: the model refused (stop_reason 'refusal')", provider="anthropic"),
                              sent)
        return sent


WIRES: dict[str, ChatWire] = {"openai": OpenAIChatWire(), "anthropic": AnthropicChatWire()}


def wire_for(vendor_name: str) -> ChatWire:
    if vendor_name not in CHAT_VENDORS:
        raise ValueError(f"no chat models for vendor {vendor_name!r}: use one of {', '.join(CHAT_VENDORS)}")
    return WIRES[vendor_name]


class ChatClient:
    """One chat endpoint of one vendor: base URL and key variable from settings, else the vendor's defaults.

    `strict` replies: a truncated or refused reply raises (the extractor); `token_parameter` is the name
    OpenAI's output budget is sent under; `section` is the caller's settings section for error messages."""

    def __init__(self, vendor_name: str, *, name: str, timeout_s: float, base_url: str | None = None,
                 key_env: str | None = None, json_reply: bool = True, strict: bool = False,
                 token_parameter: str = "max_tokens", section: str = ""):
        self.wire = wire_for(vendor_name)
        defaults = vendor(vendor_name)
        self.vendor = vendor_name
        self.endpoint = self.wire.endpoint
        self.base_url = defaults.url(base_url)
        self.key_env = defaults.key_variable(key_env)
        self.json_reply = json_reply
        self.strict = strict
        self.token_parameter = token_parameter
        self.sdk = ChatSDK(vendor_name, self.base_url, self.key_env, name, timeout_s, section=section)

    def params(self, body: dict[str, Any]) -> dict[str, Any]:
        return self.wire.params(body, json_reply=self.json_reply, token_parameter=self.token_parameter)

    def sent(self, reply: Any) -> Sent:
        """Our `Sent` for a reply body (fresh or a batch result line), checked as this client checks."""
        return self.wire.sent(reply, strict=self.strict)

    def complete(self, body: dict[str, Any]) -> Sent:
        """One SDK call for `body`; SDK errors come back as ours, keys scrubbed from the whole chain."""
        params = self.params(body)
        return self.sent(self.sdk.call(lambda client: self.wire.create(client, params)))

    def call(self, fn: Any) -> Any:
        """`fn(sdk_client)` for the vendor's other endpoints (batches, files), errors translated and scrubbed."""
        return self.sdk.call(fn)

    def secrets(self) -> list[str | None]:
        return self.sdk.secrets()

    def close(self) -> None:
        self.sdk.close()


def _billed(error: Truncated | Refused, sent: Sent) -> Truncated | Refused:
    error.billed = Billed(model=sent.model, input_tokens=sent.input_tokens, output_tokens=sent.output_tokens,
                          cached_input_tokens=sent.cached_input_tokens, cache_write_tokens=sent.cache_write_tokens)
    return error


def _plain(reply: Any) -> Any:
    return reply.model_dump() if hasattr(reply, "model_dump") else reply
