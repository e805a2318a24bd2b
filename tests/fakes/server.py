"""`FakeServer`: a ThreadingHTTPServer on 127.0.0.1 in a background thread, with failure knobs.

Knobs apply to every route, in this order: required key (401), sliding-window rate limit (429 with
Retry-After and retry-after-ms), forced 429s, forced 5xx, stalls longer than a client's timeout,
malformed 200 bodies, then the route itself after `latency_s`. Every request is logged.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.fakes.routes import FakeRequest, Reply, error, load_routes, resolve


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a stalled handler (timeout knob) must not hold up stop()
    request_queue_size = 128  # the default 5 resets connections when a benchmark opens many at once


@dataclass
class Knobs:
    latency_s: float = 0.0
    """Added before every answer."""
    rpm_limit: int | None = None
    """Requests accepted per sliding window of `window_s` seconds; more get 429."""
    window_s: float = 60.0
    retry_after: str | None = None
    """Force this Retry-After value on every 429 (else it is computed from the window)."""
    send_retry_after_ms: bool = True
    """Also send `retry-after-ms` (OpenAI and TypeSafe do); off tests plain Retry-After parsing."""
    rate_limit_next: int = 0
    """Answer the next N requests with 429 whatever the window says."""
    fail_next: int = 0
    """Answer the next N requests with `fail_status` (a 5xx burst)."""
    fail_status: int = 500
    slow_next: int = 0
    """Stall the next N requests for `slow_s` seconds (longer than the client's timeout)."""
    slow_s: float = 2.0
    malformed_next: int = 0
    """Answer the next N requests with a 200 whose body is not JSON."""
    malformed_keys: set[str] = field(default_factory=set)
    """Question keys (System One ids, OpenAI names) that get a malformed answer inside a good reply."""
    refuse_keys: set[str] = field(default_factory=set)
    """OpenAI Decisions question names answered with a refusal."""
    required_key: str | None = None
    """401 unless the request presents this key (Bearer or x-api-key)."""
    echo_credentials: bool = False
    """Misbehave: quote the presented credentials in error bodies (tests that clients redact them)."""
    echo_key_in_errors: bool = False
    """Misbehave worse: quote the presented key, whole, in the message of *every* error body (401, 429, 5xx,
    a route's own 4xx), as some proxies do; tests that no key reaches an error chain, a log, a table."""
    answer: Callable[[str, Any, list[str], Any], Any] | None = None
    """Scripted answers: (key, question, options, state) -> {option: p} or a raw wire answer."""
    chat_reply: Callable[[str, str], str] | None = None
    """Scripted chat text: (prompt, default reply text) -> reply text (OpenAI chat and Anthropic)."""
    chat_models: set[str] | None = None
    """Chat models the OpenAI and Anthropic chat routes know; any other gets the vendor's 404 (None: any)."""
    reject_params: set[str] = field(default_factory=set)
    """Chat parameters answered with the vendor's 400 "Unsupported parameter" (say {"max_tokens"})."""
    enforce_max_tokens: bool = False
    """Cut a chat reply longer than its output budget (text length / 4 tokens) there, with finish_reason
    "length" / stop_reason "max_tokens", as the real services do."""
    cached_tokens: int = 0
    """Prompt tokens each chat reply reports as read from the prompt cache (OpenAI prompt_tokens_details,
    Anthropic cache_read_input_tokens)."""
    cache_write_tokens: int = 0
    """Prompt tokens each Anthropic chat reply reports as written to the prompt cache (cache_creation_input_tokens)."""
    first_tokens: Callable[[str], dict[str, float]] | None = None
    """Scripted first-token probabilities of a `logprobs: true` chat request: prompt -> {token: p}, sent as
    OpenAI's `choices[0].logprobs.content[0].top_logprobs` (cut at `top_logprobs`)."""
    drop_logprobs: bool = False
    """Misbehave: answer a `logprobs: true` request without them (`logprobs: null`), as servers that ignore it do."""
    reported_model: str | None = None
    """Report this id as the model that answered (System One, OpenAI Decisions and chat, Anthropic); "" reports
    none. None: each route's usual answer (the versioned id of the model asked for)."""


@dataclass
class LoggedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    status: int = 0
    at: float = 0.0


class FakeServer:
    """One fake provider on loopback; `url` is its base (no /v1)."""

    def __init__(self, knobs: Knobs | None = None, host: str = "127.0.0.1", port: int = 0):
        load_routes()
        self.knobs = knobs or Knobs()
        self.requests: list[LoggedRequest] = []
        self.lock = threading.Lock()
        self._accepted: deque[float] = deque()
        self._httpd = _Server((host, port), _handler_for(self))
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- what tests read ------------------------------------------------------------------------

    def count(self, path: str | None = None, status: int | None = None) -> int:
        with self.lock:
            return sum(1 for r in self.requests
                       if (path is None or r.path == path) and (status is None or r.status == status))

    def statuses(self) -> Counter:
        with self.lock:
            return Counter(r.status for r in self.requests)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self._accepted.clear()

    # -- the knobs, applied before any route ----------------------------------------------------

    def gatekeep(self, request: FakeRequest) -> Reply | None:
        """A reply decided by the knobs, or None to let the route answer."""
        knobs = self.knobs
        if knobs.required_key is not None:
            auth = request.headers.get("authorization", "")
            presented = auth[7:] if auth.startswith("Bearer ") else request.headers.get("x-api-key", "")
            if presented != knobs.required_key:
                detail = f" (you sent {auth or presented!r})" if knobs.echo_credentials else ""
                return error(401, "Invalid API key" + detail, type="authentication_error")
        with self.lock:
            if knobs.rate_limit_next > 0:
                knobs.rate_limit_next -= 1
                return self._too_many(knobs.retry_after or "1", 1.0)
            if knobs.rpm_limit is not None:
                now = time.monotonic()
                while self._accepted and self._accepted[0] <= now - knobs.window_s:
                    self._accepted.popleft()
                if len(self._accepted) >= knobs.rpm_limit:
                    wait = self._accepted[0] + knobs.window_s - now
                    return self._too_many(knobs.retry_after or str(max(1, math.ceil(wait))), wait)
                self._accepted.append(now)
            if knobs.fail_next > 0:
                knobs.fail_next -= 1
                return error(knobs.fail_status, "internal error (fake burst)", type="api_error")
            slow = knobs.slow_next > 0
            if slow:
                knobs.slow_next -= 1
            malformed = knobs.malformed_next > 0
            if malformed:
                knobs.malformed_next -= 1
        if slow:
            time.sleep(knobs.slow_s)
        if malformed:
            return Reply(status=200, text='{"answers": {"truncated')
        return None

    def _too_many(self, retry_after: str, wait_s: float) -> Reply:
        headers = {"Retry-After": retry_after}
        if self.knobs.send_retry_after_ms and self.knobs.retry_after is None:
            headers["retry-after-ms"] = str(max(1, int(wait_s * 1000) + 1))
        reply = error(429, "Rate limit exceeded", type="rate_limit_error")
        reply.headers.update(headers)
        return reply


def _quoting_credentials(reply: Reply, headers: dict[str, str]) -> Reply:
    """`reply` with the request's credentials quoted in its error message (or appended to its text)."""
    presented = headers.get("authorization") or headers.get("x-api-key") or ""
    quote = f" (the request presented {presented!r})"
    inner = reply.json.get("error") if isinstance(reply.json, dict) else None
    if isinstance(inner, dict):
        body = {**reply.json, "error": {**inner, "message": str(inner.get("message", "")) + quote}}
        return Reply(status=reply.status, json=body, headers=dict(reply.headers))
    if isinstance(reply.json, dict):
        return Reply(status=reply.status, json={**reply.json, "detail": quote.strip()}, headers=dict(reply.headers))
    return Reply(status=reply.status, text=(reply.text or "") + quote, headers=dict(reply.headers))


def _handler_for(server: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, like real APIs; httpx pools connections
        disable_nagle_algorithm = True  # else headers and body in two writes meet delayed ACKs: +40 ms each

        def log_message(self, *args: Any) -> None:  # quiet: tests read the request log instead
            pass

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            path = self.path.split("?", 1)[0]
            headers = {k.lower(): v for k, v in self.headers.items()}
            logged = LoggedRequest(self.command, path, headers, body, at=time.monotonic())
            with server.lock:
                server.requests.append(logged)
            handler, params = resolve(self.command, path)
            request = FakeRequest(self.command, path, headers, body, server, raw=raw, params=params)
            if handler is None:
                reply = error(404, f"no route {self.command} {path}", type="not_found_error")
            else:
                reply = server.gatekeep(request) if not path.startswith("/_fake/") else None
                if reply is None:
                    if server.knobs.latency_s and not path.startswith("/_fake/"):
                        time.sleep(server.knobs.latency_s)
                    reply = handler(request)
            if server.knobs.echo_key_in_errors and reply.status >= 400:
                reply = _quoting_credentials(reply, headers)
            logged.status = reply.status
            self._send(reply)

        def _send(self, reply: Reply) -> None:
            payload = (reply.text if reply.json is None else json.dumps(reply.json)) or ""
            data = payload.encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json" if reply.json is not None else "text/plain")
                self.send_header("Content-Length", str(len(data)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test); nothing to answer

        do_POST = _handle
        do_GET = _handle

    return Handler
