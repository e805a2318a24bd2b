"""The System One decision protocol over httpx: TypeSafe's Jev by default, any compatible server by base URL.

`POST {base_url}/v1/systemone` with `{"model", "state", "questions": {key: question}}` and a Bearer key;
answers come back keyed by the same ids (see the protocol notes). One `httpx.Client` per provider
instance, shared by every thread (httpx clients are thread-safe). No retries here: the gate retries.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.errors import (
    ConnectionFailed,
    MalformedResponse,
    Timeout,
    error_for_status,
    redact,
)
from archivist.tasks.providers.keys import read_api_key
from archivist.tasks.providers.limits import JEV_1_13, TokenLimits
from archivist.tasks.providers.redaction import install_log_redaction, scrub, watch
from archivist.tasks.providers.retry import parse_retry_after
from archivist.tasks.providers.vendors import TYPESAFE

DEFAULT_MODEL = "jev-1.13.0"
"""An exact version, never the `jev-latest` alias: the seed's numbers and the shipped thresholds hold for 1.13.0,
and an alias may move to another version between two runs (the client checks the reply's `model`)."""
ENDPOINT = "/v1/systemone"
OVERHEAD_TOKENS = 270
"""Jev's fixed per-request overhead (billed, not counted toward the context limits)."""
REQUEST_ID_HEADER = "x-typesafe-request-id"


def server_message(response: httpx.Response) -> str:
    """The error message in whichever body shape the server uses (they differ; see the protocol notes)."""
    try:
        body = response.json()
    except ValueError:
        return response.text[:300]
    if isinstance(body, dict):
        for key in ("error", "detail"):
            value = body.get(key)
            if isinstance(value, dict):
                parts = [str(value.get(k)) for k in ("message", "error_type", "field", "type") if value.get(k)]
                if parts:
                    return ": ".join(parts)
            elif value:
                return str(value)
        if body.get("message"):
            return str(body["message"])
    return json.dumps(body)[:300]


class SystemOneProvider(DecisionProvider):
    """A decision provider speaking System One."""

    name = "systemone"
    key_env: str  # always set in __init__ (the base class allows None)
    endpoint = ENDPOINT
    overhead_tokens = OVERHEAD_TOKENS
    sends_encoded_body = True

    def __init__(self, settings: ProviderSettings, *, token_limits: TokenLimits | None = JEV_1_13,
                 transport: httpx.BaseTransport | None = None):
        self.settings = settings
        # The project default model names the local decider; it means nothing to a System One server.
        configured = settings.model if settings.model and not settings.model.startswith("local") else None
        self.model = configured or DEFAULT_MODEL
        self.base_url = TYPESAFE.url(settings.base_url)
        self.key_env = TYPESAFE.key_variable(settings.api_key_env)
        watch(self.key_env)
        install_log_redaction()
        self.token_limits = token_limits
        self._url = httpx.URL(self.base_url + ENDPOINT)  # parsed once: URL parsing is a visible cost per call
        self._client = httpx.Client(
            timeout=httpx.Timeout(settings.timeout_s, connect=min(settings.timeout_s, 10.0)),
            limits=httpx.Limits(max_connections=max(4, settings.concurrency * 2),
                                max_keepalive_connections=max(4, settings.concurrency)),
            transport=transport,
        )

    def request_body(self, state: Any, questions: dict[str, Question]) -> dict[str, Any]:
        return {"model": self.model, "state": state, "questions": {k: q.wire() for k, q in questions.items()}}

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        body = self.request_body(state, questions)
        return self.send_body(body, json.dumps(body, ensure_ascii=False, separators=(",", ":")))

    def send_body(self, body: dict[str, Any], body_json: str) -> ProviderReply:
        """Send a body the client has already built and encoded (it hashed that same text)."""
        key = read_api_key(self.key_env, self.name)
        try:
            return self._post(body_json, key)
        except Exception as error:
            scrub(error, [key])  # httpx errors keep the request, and so its Authorization header, on them
            raise

    def _post(self, body_json: str, key: str) -> ProviderReply:
        url = self._url
        try:
            response = self._client.post(
                url,
                content=body_json.encode("utf-8"),
                headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
            )
        except httpx.TimeoutException as err:
            raise Timeout(f"{self.name}: no answer from {url} within {self.settings.timeout_s} s",
                          provider=self.name) from err
        except httpx.TransportError as err:
            raise ConnectionFailed(f"{self.name}: connection to {url} failed ({type(err).__name__})",
                                   provider=self.name) from err
        request_id = response.headers.get(REQUEST_ID_HEADER)
        if response.status_code >= 300:
            raise error_for_status(
                response.status_code, server_message(response), provider=self.name, key_env=self.key_env,
                retry_after=parse_retry_after(response.headers), request_id=request_id, secrets=[key],
            )
        return self._parse(response, request_id, key)

    def _parse(self, response: httpx.Response, request_id: str | None, key: str) -> ProviderReply:
        try:
            body = response.json()
        except ValueError as err:
            raise MalformedResponse(
                redact(f"{self.name}: the reply is not JSON ({response.text[:80]!r})", [key]), provider=self.name,
                status_code=response.status_code, request_id=request_id,
            ) from err
        if not isinstance(body, dict) or not isinstance(body.get("answers"), dict):
            raise MalformedResponse(f"{self.name}: the reply has no `answers` object", provider=self.name,
                                    status_code=response.status_code, request_id=request_id)
        usage = found if isinstance(found := body.get("usage"), dict) else {}
        return ProviderReply(
            answers=body["answers"],
            model=str(body.get("model") or ""),  # what answered; "" when unreported, for the pin check
            input_tokens=_int(usage.get("input_tokens")),
            output_tokens=_int(usage.get("output_tokens")),
            endpoint=ENDPOINT,
        )

    def close(self) -> None:
        self._client.close()


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
