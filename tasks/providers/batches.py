"""The two vendors' batch endpoints behind one small interface (submit, status, results), through their SDKs.

OpenAI Batch API: the requests are uploaded as a JSONL file (`POST /v1/files`, purpose "batch"), then
`POST /v1/batches`; `GET /v1/batches/{id}` until it is completed, failed, expired or cancelled; the output
and error files hold one line per request, matched by `custom_id`.
Anthropic Message Batches: `POST /v1/messages/batches` with the requests inline; `GET .../{id}` until its
processing_status is "ended"; the results are a JSONL stream, one line per request, by `custom_id`.

Limits (the vendors' documentation, checked 2026-12): an OpenAI batch input file holds at most 50,000
requests and 200 MB; an Anthropic Message Batch at most 100,000 requests or 256 MB, whichever comes first.
`LIMITS` keeps a margin under the byte limits (the multipart envelope, MB read as 10^6), and batch
extraction splits a partition's requests into as many batches as these allow.

The custom_id of a request is its call-cache hash (64 hex characters, which both vendors accept), so a
result goes straight into the call cache under the key a synchronous call would have used. Each request's
parameters and each result line are mapped by the same chat wire shapes as a synchronous call
(`tasks/providers/chat.py`), and every control call (upload, create, poll, download) goes through the
chat model's gate: the endpoint's shared limiter and the one retry layer, SDK errors translated and scrubbed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from archivist.tasks.providers.chat import ChatClient, ChatWire
from archivist.tasks.providers.errors import ArchivistModelError, Billed, Truncated
from archivist.tasks.providers.gate import CallGate, Sent

OPENAI_TERMINAL = {"completed", "failed", "expired", "cancelled"}
COMPLETION_WINDOW = "24h"


@dataclass(frozen=True)
class BatchLimits:
    max_requests: int
    max_bytes: int
    """Bytes of the requests as sent (OpenAI: the JSONL file; Anthropic: the JSON body)."""


LIMITS = {
    "openai": BatchLimits(max_requests=50_000, max_bytes=190_000_000),  # documented: 50,000 requests, 200 MB
    "anthropic": BatchLimits(max_requests=100_000, max_bytes=245_000_000),  # documented: 100,000, 256 MB
}


@dataclass(frozen=True)
class BatchState:
    status: str
    """The provider's own word for it (in_progress, completed, ended, failed ...)."""
    done: bool
    """Nothing more will happen to the batch: results (if any) can be collected."""
    has_results: bool
    detail: str = ""


@dataclass(frozen=True)
class BatchResults:
    sent: dict[str, Sent]
    """custom_id -> the response, as the call cache stores it."""
    errors: dict[str, str]
    """custom_id -> why the provider gave no response for that request."""
    truncated: dict[str, Billed] = field(default_factory=dict)
    """custom_id -> the billed tokens of a reply cut off at its output budget (not in `sent`, never cached)."""


class BatchAPI(Protocol):
    limits: BatchLimits

    def request_size(self, custom_id: str, body: dict[str, Any]) -> int:
        """The bytes one request takes in a batch, as `submit` would send it."""
        ...

    def submit(self, requests: dict[str, dict[str, Any]], batch_key: str) -> tuple[str, str | None]:
        """Submit {custom_id: request body}; return (batch id, input file id or None)."""
        ...

    def state(self, batch_id: str) -> BatchState: ...

    def results(self, batch_id: str) -> BatchResults: ...


def batch_api_for(chat: ChatClient, gate: CallGate) -> BatchAPI:
    """The batch endpoints of `chat`'s vendor, their control calls paced and retried by `gate`."""
    api = AnthropicBatches if chat.vendor == "anthropic" else OpenAIBatches
    return api(chat, gate)


class _Batches:
    def __init__(self, chat: ChatClient, gate: CallGate):
        self.chat = chat
        self.wire: ChatWire = chat.wire
        self.gate = gate
        self.limits = LIMITS[chat.vendor]

    def request_size(self, custom_id: str, body: dict[str, Any]) -> int:
        return len(self._line(custom_id, body).encode("utf-8")) + 1

    def _line(self, custom_id: str, body: dict[str, Any]) -> str:
        raise NotImplementedError

    def _sent(self, custom_id: str, reply: Any, sent: dict[str, Sent], errors: dict[str, str],
              truncated: dict[str, Billed]) -> None:
        """One result line's reply, checked as a synchronous reply is (a cut-off reply is kept apart)."""
        try:
            sent[custom_id] = self.chat.sent(reply)
        except Truncated as error:
            truncated[custom_id] = error.billed or Billed()
        except ArchivistModelError as error:
            errors[custom_id] = str(error)

    def call(self, fn: Any) -> Any:
        """`fn(sdk_client)` once under the limiter and retry layer (not cached: a poll must see news)."""
        return self.gate.control(lambda: self.chat.call(fn))


class OpenAIBatches(_Batches):
    def _line(self, custom_id: str, body: dict[str, Any]) -> str:
        return json.dumps({"custom_id": custom_id, "method": "POST", "url": self.wire.endpoint,
                           "body": self.chat.params(body)}, ensure_ascii=False)

    def submit(self, requests: dict[str, dict[str, Any]], batch_key: str) -> tuple[str, str | None]:
        lines = [self._line(custom_id, body) for custom_id, body in requests.items()]
        payload = ("\n".join(lines) + "\n").encode("utf-8")
        upload = self.call(lambda client: client.files.create(
            file=("archivist-extraction.jsonl", payload, "application/jsonl"), purpose="batch"))
        batch = self.call(lambda client: client.batches.create(
            input_file_id=upload.id, endpoint=self.wire.endpoint, completion_window=COMPLETION_WINDOW,
            metadata={"archivist_batch_key": batch_key[:64]}))
        return batch.id, upload.id

    def state(self, batch_id: str) -> BatchState:
        batch = self.call(lambda client: client.batches.retrieve(batch_id))
        status = str(batch.status)
        errors = getattr(batch, "errors", None)
        detail = "; ".join(str(getattr(e, "message", e)) for e in (getattr(errors, "data", None) or []))[:300]
        return BatchState(status=status, done=status in OPENAI_TERMINAL,
                          has_results=bool(batch.output_file_id or batch.error_file_id), detail=detail)

    def results(self, batch_id: str) -> BatchResults:
        batch = self.call(lambda client: client.batches.retrieve(batch_id))
        sent: dict[str, Sent] = {}
        errors: dict[str, str] = {}
        truncated: dict[str, Billed] = {}
        for file_id in (batch.output_file_id, batch.error_file_id):
            if not file_id:
                continue
            content = self.call(lambda client, fid=file_id: client.files.content(fid))
            for line in content.text.splitlines():
                if line.strip():
                    self._read_line(json.loads(line), sent, errors, truncated)
        return BatchResults(sent=sent, errors=errors, truncated=truncated)

    def _read_line(self, row: dict[str, Any], sent: dict[str, Sent], errors: dict[str, str],
                   truncated: dict[str, Billed]) -> None:
        custom_id = str(row.get("custom_id"))
        response = row.get("response") or {}
        if row.get("error") or int(response.get("status_code") or 0) != 200:
            error = row.get("error") or (response.get("body") or {}).get("error") or {}
            message = error.get("message") if isinstance(error, dict) else str(error)
            errors[custom_id] = (f"the batch answered HTTP {response.get('status_code')}: "
                                 f"{str(message or 'no message')[:200]}")
            return
        self._sent(custom_id, response.get("body"), sent, errors, truncated)


class AnthropicBatches(_Batches):
    def _line(self, custom_id: str, body: dict[str, Any]) -> str:
        return json.dumps({"custom_id": custom_id, "params": self.chat.params(body)}, ensure_ascii=False)

    def submit(self, requests: dict[str, dict[str, Any]], batch_key: str) -> tuple[str, str | None]:
        items = [{"custom_id": custom_id, "params": self.chat.params(body)} for custom_id, body in requests.items()]
        batch = self.call(lambda client: client.messages.batches.create(requests=items))
        return batch.id, None

    def state(self, batch_id: str) -> BatchState:
        batch = self.call(lambda client: client.messages.batches.retrieve(batch_id))
        status = str(batch.processing_status)
        return BatchState(status=status, done=status == "ended", has_results=bool(batch.results_url))

    def results(self, batch_id: str) -> BatchResults:
        decoded = self.call(lambda client: list(client.messages.batches.results(batch_id)))
        sent: dict[str, Sent] = {}
        errors: dict[str, str] = {}
        truncated: dict[str, Billed] = {}
        for item in decoded:
            row = item.model_dump() if hasattr(item, "model_dump") else dict(item)
            custom_id, result = str(row.get("custom_id")), row.get("result") or {}
            if result.get("type") != "succeeded":
                error = (result.get("error") or {}).get("error") or result.get("error") or {}
                message = error.get("message") if isinstance(error, dict) else error
                errors[custom_id] = f"the batch request {result.get('type', 'failed')}: {str(message or '')[:200]}"
                continue
            self._sent(custom_id, result.get("message"), sent, errors, truncated)
        return BatchResults(sent=sent, errors=errors, truncated=truncated)
