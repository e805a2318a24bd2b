"""Fake OpenAI Batch API (files + batches) and Anthropic Message Batches, plus scripted extraction replies.

    from tests.fakes.llm_batches import BatchFakeServer, extraction_replies
    with BatchFakeServer() as server:
        server.knobs.chat_reply = extraction_replies({"moved to Leeds": [{"relation": "address", ...}]})
        state = batch_state(server)          # knobs of the batch routes: hold, polls_before_done, fail_ids
        ... point the real SDKs at server.url (+ "/v1" for OpenAI)

The routes join the shared registry (`tests.fakes.routes`) when this module is imported. Batch results are
made with the same `chat_text` as the synchronous chat routes, so `knobs.chat_reply` scripts both. A file
upload is multipart, which the shared handler does not keep: `BatchFakeServer` (a `FakeServer` whose handler
also keeps each request's raw bytes) is needed for `POST /v1/files`. Batch ids are random, and their
per-id routes are registered when a batch is created, because the registry matches exact paths only.
"""

from __future__ import annotations

import email.policy
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from email.parser import BytesParser
from typing import Any

from tests.fakes.openai_routes import chat_text, within_budget
from tests.fakes.routes import FakeRequest, Reply, error, route
from tests.fakes.server import FakeServer, Knobs

_raw_body = threading.local()
"""The raw bytes of the request the current handler thread is answering (set by `BatchFakeServer`)."""


@dataclass
class FakeBatchState:
    hold: bool = False
    """Batches stay in progress while this is True (a test releases them to finish)."""
    polls_before_done: int = 1
    """Status requests of a batch that still answer "in progress" before it finishes."""
    fail_ids: set[str] = field(default_factory=set)
    """custom_ids answered with an error line instead of a response."""
    files: dict[str, bytes] = field(default_factory=dict)
    batches: dict[str, dict[str, Any]] = field(default_factory=dict)
    created: list[str] = field(default_factory=list)
    """Ids of every batch created, OpenAI and Anthropic, in order."""
    max_requests: int | None = None
    """Requests one batch may hold (the vendors: 50,000 OpenAI, 100,000 Anthropic); more get the vendor's 400."""
    lock: threading.Lock = field(default_factory=threading.Lock)


def batch_state(server: FakeServer) -> FakeBatchState:
    with server.lock:
        state = getattr(server, "_llm_batch_state", None)
        if state is None:
            state = FakeBatchState()
            server._llm_batch_state = state  # type: ignore[attr-defined]
        return state


class _TeeReader:
    """Passes reads through, remembering what a `read(n)` returned: the body of the current request."""

    def __init__(self, inner: Any):
        self._inner = inner

    def read(self, *args: Any) -> bytes:
        data = self._inner.read(*args)
        _raw_body.value = data
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class BatchFakeServer(FakeServer):
    """A `FakeServer` whose routes can read raw request bodies (multipart uploads)."""

    def __init__(self, knobs: Knobs | None = None, host: str = "127.0.0.1", port: int = 0):
        super().__init__(knobs, host, port)
        base = self._httpd.RequestHandlerClass

        class RawBodyHandler(base):  # type: ignore[misc, valid-type]
            def setup(self) -> None:
                super().setup()
                self.rfile = _TeeReader(self.rfile)

        self._httpd.RequestHandlerClass = RawBodyHandler
        self.batches = batch_state(self)


def extraction_replies(by_message: dict[str, Any], default: Any = ()) -> Any:
    """A `knobs.chat_reply` that answers by the NEW MESSAGE of an extraction prompt.

    `by_message` maps a piece of message text to the reply: a list of fact objects (sent as {"facts": [...]})
    or a string (sent as is, for malformed replies). Messages matching no key get `default`.
    """

    def reply(prompt: str, _default_text: str) -> str:
        message = prompt.rsplit("NEW MESSAGE", 1)[-1]
        for piece, answer in by_message.items():
            if piece in message:
                return answer if isinstance(answer, str) else json.dumps({"facts": list(answer)})
        return default if isinstance(default, str) else json.dumps({"facts": list(default)})

    return reply


# -- OpenAI: files and batches -------------------------------------------------------------------------


def _multipart(request: FakeRequest) -> dict[str, bytes]:
    raw = getattr(request, "raw", None) or getattr(_raw_body, "value", b"")
    content_type = request.headers.get("content-type", "")
    if not raw or "multipart/form-data" not in content_type:
        return {}
    message = BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
    parts: dict[str, bytes] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if name:
            parts[str(name)] = part.get_payload(decode=True) or b""
    return parts


@route("POST", "/v1/files")
def upload_file(request: FakeRequest) -> Reply:
    parts = _multipart(request)
    if "file" not in parts:
        return error(400, "multipart body with a `file` part required (use tests.fakes.llm_batches.BatchFakeServer)",
                     type="invalid_request_error")
    state = batch_state(request.server)
    file_id = f"file-{uuid.uuid4().hex[:24]}"
    with state.lock:
        state.files[file_id] = parts["file"]
    route("GET", f"/v1/files/{file_id}/content")(_file_content)
    return Reply(json={"id": file_id, "object": "file", "bytes": len(parts["file"]), "created_at": int(time.time()),
                       "filename": "input.jsonl", "purpose": (parts.get("purpose") or b"").decode(),
                       "status": "processed"})


def _file_content(request: FakeRequest) -> Reply:
    file_id = request.path.split("/")[3]
    data = batch_state(request.server).files.get(file_id)
    if data is None:
        return error(404, f"no file {file_id}", type="invalid_request_error")
    return Reply(text=data.decode())


@route("POST", "/v1/batches")
def create_batch(request: FakeRequest) -> Reply:
    body = request.body if isinstance(request.body, dict) else {}
    state = batch_state(request.server)
    data = state.files.get(str(body.get("input_file_id")))
    if data is None or body.get("endpoint") != "/v1/chat/completions":
        return error(400, "input_file_id must name an uploaded file and endpoint must be /v1/chat/completions",
                     type="invalid_request_error")
    lines = [json.loads(line) for line in data.decode().splitlines() if line.strip()]
    if state.max_requests is not None and len(lines) > state.max_requests:
        return error(400, f"The batch input file has {len(lines)} requests; the maximum is {state.max_requests}.",
                     type="invalid_request_error")
    batch_id = f"batch_{uuid.uuid4().hex[:24]}"
    batch = {"id": batch_id, "object": "batch", "endpoint": body["endpoint"], "errors": None,
             "input_file_id": body["input_file_id"], "completion_window": body.get("completion_window", "24h"),
             "status": "validating", "output_file_id": None, "error_file_id": None,
             "created_at": int(time.time()), "metadata": body.get("metadata"),
             "request_counts": {"total": len(lines), "completed": 0, "failed": 0}}
    with state.lock:
        state.batches[batch_id] = {"kind": "openai", "wire": batch, "lines": lines, "polls": 0}
        state.created.append(batch_id)
    route("GET", f"/v1/batches/{batch_id}")(_openai_batch)
    return Reply(json=batch)


def _openai_batch(request: FakeRequest) -> Reply:
    state = batch_state(request.server)
    entry = state.batches.get(request.path.rsplit("/", 1)[-1])
    if entry is None:
        return error(404, "no such batch", type="invalid_request_error")
    if _finishes_now(state, entry) and entry["wire"]["status"] != "completed":
        outputs, failures = [], []
        for line in entry["lines"]:
            if line["custom_id"] in state.fail_ids:
                failures.append({"id": f"req_{uuid.uuid4().hex[:8]}", "custom_id": line["custom_id"],
                                 "response": {"status_code": 400, "request_id": "req", "body": {"error": {
                                     "message": "fake failure for this request", "type": "invalid_request_error"}}},
                                 "error": None})
                continue
            outputs.append({"id": f"req_{uuid.uuid4().hex[:8]}", "custom_id": line["custom_id"], "error": None,
                            "response": {"status_code": 200, "request_id": "req",
                                         "body": _chat_completion(request, line["body"])}})
        wire = entry["wire"]
        wire["output_file_id"] = _store_file(request, outputs)
        wire["error_file_id"] = _store_file(request, failures) if failures else None
        wire["request_counts"] = {"total": len(entry["lines"]), "completed": len(outputs), "failed": len(failures)}
        wire["status"] = "completed"
    elif entry["wire"]["status"] == "validating":
        entry["wire"]["status"] = "in_progress"
    return Reply(json=entry["wire"])


def _store_file(request: FakeRequest, rows: list[dict[str, Any]]) -> str:
    file_id = f"file-{uuid.uuid4().hex[:24]}"
    with batch_state(request.server).lock:
        batch_state(request.server).files[file_id] = "".join(json.dumps(r) + "\n" for r in rows).encode()
    route("GET", f"/v1/files/{file_id}/content")(_file_content)
    return file_id


def _prompt(messages: list[dict[str, Any]], system: Any = None) -> str:
    texts = [system] if isinstance(system, str) else []
    for message in messages:
        content = message.get("content")
        texts.append(content if isinstance(content, str) else
                     "".join(p.get("text", "") for p in content or [] if isinstance(p, dict)))
    return "\n".join(texts)


def _chat_completion(request: FakeRequest, body: dict[str, Any]) -> dict[str, Any]:
    prompt = _prompt(body.get("messages") or [])
    text, cut = within_budget(request, chat_text(request, prompt),
                              body.get("max_completion_tokens", body.get("max_tokens")))
    return {"id": "chatcmpl-fake-batch", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "length" if cut else "stop", "logprobs": None}],
            "usage": {"prompt_tokens": len(prompt) // 4, "completion_tokens": len(text) // 4,
                      "total_tokens": (len(prompt) + len(text)) // 4}}


def _finishes_now(state: FakeBatchState, entry: dict[str, Any]) -> bool:
    with state.lock:
        entry["polls"] += 1
        return not state.hold and entry["polls"] > state.polls_before_done


# -- Anthropic: message batches ------------------------------------------------------------------------


@route("POST", "/v1/messages/batches")
def create_message_batch(request: FakeRequest) -> Reply:
    body = request.body if isinstance(request.body, dict) else {}
    requests = body.get("requests")
    if not isinstance(requests, list) or not requests:
        return Reply(status=400, json={"type": "error", "error": {"type": "invalid_request_error",
                                                                  "message": "`requests` must be a non-empty list"}})
    state = batch_state(request.server)
    if state.max_requests is not None and len(requests) > state.max_requests:
        return Reply(status=400, json={"type": "error", "error": {"type": "invalid_request_error", "message":
                     f"requests: at most {state.max_requests} items are allowed, got {len(requests)}"}})
    batch_id = f"msgbatch_{uuid.uuid4().hex[:24]}"
    wire = {"id": batch_id, "type": "message_batch", "processing_status": "in_progress",
            "request_counts": {"processing": len(requests), "succeeded": 0, "errored": 0, "canceled": 0,
                               "expired": 0},
            "created_at": "2026-11-29T00:00:00Z", "expires_at": "2026-11-30T00:00:00Z", "ended_at": None,
            "archived_at": None, "cancel_initiated_at": None, "results_url": None}
    with state.lock:
        state.batches[batch_id] = {"kind": "anthropic", "wire": wire, "lines": requests, "polls": 0, "results": ""}
        state.created.append(batch_id)
    route("GET", f"/v1/messages/batches/{batch_id}")(_anthropic_batch)
    route("GET", f"/v1/messages/batches/{batch_id}/results")(_anthropic_results)
    return Reply(json=wire)


def _anthropic_batch(request: FakeRequest) -> Reply:
    state = batch_state(request.server)
    entry = state.batches.get(request.path.rsplit("/", 1)[-1])
    if entry is None:
        return Reply(status=404, json={"type": "error", "error": {"type": "not_found_error", "message": "no batch"}})
    wire = entry["wire"]
    if _finishes_now(state, entry) and wire["processing_status"] != "ended":
        rows, succeeded = [], 0
        for item in entry["lines"]:
            if item["custom_id"] in state.fail_ids:
                rows.append({"custom_id": item["custom_id"], "result": {"type": "errored", "error": {
                    "type": "error", "error": {"type": "invalid_request_error", "message": "fake failure"}}}})
                continue
            params = item["params"]
            prompt = _prompt(params.get("messages") or [], params.get("system"))
            text, cut = within_budget(request, chat_text(request, prompt), params.get("max_tokens"))
            rows.append({"custom_id": item["custom_id"], "result": {"type": "succeeded", "message": {
                "id": f"msg_{uuid.uuid4().hex[:8]}", "type": "message", "role": "assistant",
                "model": params.get("model", "fake"), "content": [{"type": "text", "text": text}],
                "stop_reason": "max_tokens" if cut else "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": len(prompt) // 4, "output_tokens": len(text) // 4}}}})
            succeeded += 1
        entry["results"] = "".join(json.dumps(r) + "\n" for r in rows)
        wire.update(processing_status="ended", ended_at="2026-11-29T01:00:00Z",
                    results_url=f"{request.server.url}/v1/messages/batches/{wire['id']}/results",
                    request_counts={"processing": 0, "succeeded": succeeded, "errored": len(rows) - succeeded,
                                    "canceled": 0, "expired": 0})
    return Reply(json=wire)


def _anthropic_results(request: FakeRequest) -> Reply:
    entry = batch_state(request.server).batches.get(request.path.split("/")[4])
    if entry is None or entry["wire"]["processing_status"] != "ended":
        return Reply(status=404, json={"type": "error", "error": {"type": "not_found_error",
                                                                  "message": "results are not ready"}})
    return Reply(text=entry["results"])
