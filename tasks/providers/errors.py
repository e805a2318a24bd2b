"""Errors of model calls, classified the dlt way: a `TransientError` is worth retrying, a `TerminalError` is not.

Every error a provider raises is one of these, with the SDK or httpx error kept as `__cause__`
(`raise ... from err`). Messages say what to do next and never contain an API key: the server's own
message is passed through `redact` before it is quoted.
"""

from __future__ import annotations

from collections.abc import Iterable

# The markers live in the bottom layer; importing them from here keeps working.
from archivist.errors import ArchivistError, TerminalError, TransientError
from archivist.tasks.providers.redaction import redact


class ArchivistModelError(ArchivistError, RuntimeError):
    """A model call that failed; `provider` and `status_code` say where and how."""

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status_code: int | None = None,
        request_id: str | None = None,
    ):
        super().__init__(message)
        self.provider = provider
        self.status_code = status_code
        self.request_id = request_id


class RateLimited(ArchivistModelError, TransientError):
    """429 (too many requests) or 529 (overloaded); `retry_after` is the server's hint in seconds."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs):
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(ArchivistModelError, TransientError):
    """A 5xx answer: the provider failed, not the request."""


class Timeout(ArchivistModelError, TransientError):
    """No answer within the configured timeout."""


class ConnectionFailed(ArchivistModelError, TransientError):
    """The connection could not be made or was dropped."""


class MalformedResponse(ArchivistModelError, TransientError):
    """A 2xx answer whose body is not the documented shape; often a truncated proxy reply, so retried."""


class AuthenticationError(ArchivistModelError, TerminalError):
    """401/403, or no key in the environment: the message names the variable to set."""


class BadRequest(ArchivistModelError, TerminalError):
    """400/404/413/422 and other 4xx: the request itself is wrong; the message says what to fix."""


class CacheMiss(ArchivistModelError, TerminalError):
    """Replay mode found no cached response for a request, and replay never calls a model."""


def error_for_status(
    status: int,
    server_message: str,
    *,
    provider: str,
    key_env: str | None,
    retry_after: float | None = None,
    request_id: str | None = None,
    secrets: Iterable[str | None] = (),
) -> ArchivistModelError:
    """The error for an HTTP status other than 2xx, with a message that says what to do."""
    message = redact(server_message.strip(), secrets)[:500] or "no message"
    common = {"provider": provider, "status_code": status, "request_id": request_id}
    suffix = f" (request id {request_id})" if request_id else ""
    if status in (401, 403):
        env = key_env or "the API key variable"
        what = "rejected the API key" if status == 401 else "denied permission for the API key"
        return AuthenticationError(
            f"{provider} {what} read from ${env} (HTTP {status}: {message}). "
            f"Set {env} to a valid key for this provider and base URL.{suffix}",
            **common,
        )
    if status in (429, 529):
        kind = "rate limited this client" if status == 429 else "is overloaded"
        return RateLimited(f"{provider} {kind} (HTTP {status}: {message}){suffix}", retry_after=retry_after, **common)
    if status == 408:
        return Timeout(f"{provider} timed out on the server side (HTTP 408: {message}){suffix}", **common)
    if status >= 500:
        return ServerError(f"{provider} failed with HTTP {status}: {message}{suffix}", **common)
    hint = _fix_hint(status, message)
    return BadRequest(f"{provider} rejected the request (HTTP {status}: {message}). {hint}{suffix}", **common)


def _fix_hint(status: int, message: str) -> str:
    lowered = message.lower()
    if status == 413 or "tokens_exceeded" in lowered or "too large" in lowered:
        return ("Fix: the request is over the model's size limits; lower the provider's token limits "
                "so that requests are split, or shorten the state.")
    if status == 404:
        return "Fix: check base_url (the endpoint path is appended to it) and the model name."
    if "model" in lowered:
        return "Fix: check the configured model name against the provider's model list."
    if status == 422:
        return "Fix: the body failed validation; the server's message names the field."
    return "Fix: the request body does not match what the provider accepts; see the server's message."
