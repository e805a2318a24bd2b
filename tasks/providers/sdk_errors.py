"""Translate the official OpenAI and Anthropic SDK errors into ours (the SDKs run with max_retries=0).

Both SDKs are Stainless-generated and share a shape: `APIStatusError` with `status_code`, `response`
(headers for Retry-After) and `body`; `APITimeoutError` under `APIConnectionError`; and
`APIResponseValidationError` for a 2xx body that does not parse.
"""

from __future__ import annotations

import sys
from typing import Any

from archivist.tasks.providers.errors import (
    ArchivistModelError,
    ConnectionFailed,
    MalformedResponse,
    Timeout,
    error_for_status,
    redact,
)
from archivist.tasks.providers.redaction import scrub
from archivist.tasks.providers.retry import parse_retry_after


def _sdk_message(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return str(getattr(error, "message", "") or error)


def translate_sdk_error(
    error: Exception, *, provider: str, key_env: str | None, key: str | None, section: str = ""
) -> ArchivistModelError:
    """Our typed error for an SDK exception; callers `raise translate_sdk_error(...) from error`.

    The SDK exception is scrubbed in place first (message, body, the request's headers, its own chain), since
    it becomes our error's `__cause__` and a traceback prints every cause."""
    scrub(error, [key])
    kind = type(error).__name__
    if kind == "APIResponseValidationError":
        return MalformedResponse(f"{provider}: the reply does not match the documented shape "
                                 f"({redact(str(error), [key])[:200]})", provider=provider)
    status = getattr(error, "status_code", None)
    response = getattr(error, "response", None)
    if isinstance(status, int) and response is not None:
        headers = getattr(response, "headers", None)
        return error_for_status(
            status, _sdk_message(error), provider=provider, key_env=key_env,
            retry_after=parse_retry_after(dict(headers) if headers is not None else None),
            request_id=getattr(error, "request_id", None), secrets=[key], section=section,
        )
    if kind == "APITimeoutError":
        return Timeout(f"{provider}: the request timed out", provider=provider)
    if kind == "APIConnectionError":
        return ConnectionFailed(f"{provider}: connection failed ({redact(str(error), [key])[:200]})",
                                provider=provider)
    return ArchivistModelError(f"{provider}: {kind}: {redact(str(error), [key])[:300]}", provider=provider)


def sdk_errors() -> tuple[type[Exception], ...]:
    """The base error classes of the SDKs already imported (a provider imports its own SDK before calling
    it; importing the other one here would cost seconds on the error path)."""
    classes: list[type[Exception]] = []
    openai = sys.modules.get("openai")
    if openai is not None:
        classes.append(openai.OpenAIError)
    anthropic = sys.modules.get("anthropic")
    if anthropic is not None:
        classes.append(anthropic.AnthropicError)
    return tuple(classes)
