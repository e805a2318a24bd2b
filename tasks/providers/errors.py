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
        self.billed: Billed | None = None
        """Tokens the provider billed for the failed attempt (a truncated reply is paid for), for the ledger."""


class Billed:
    """What a failed but answered call cost in tokens, by the same fields as `gate.Sent`."""

    def __init__(self, *, model: str = "", input_tokens: int = 0, output_tokens: int = 0,
                 cached_input_tokens: int = 0, cache_write_tokens: int = 0):
        self.model = model
        self.input_tokens = input_tokens
        self.output_tokens = output_tokens
        self.cached_input_tokens = cached_input_tokens
        self.cache_write_tokens = cache_write_tokens


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


class ConfigurationError(BadRequest):
    """A request every call would send the same way is rejected (a wrong model name, a parameter the model
    does not take): no turn can succeed until a setting is changed, so the run stops; `setting` names it."""

    def __init__(self, message: str, *, setting: str = "", **kwargs):
        super().__init__(message, **kwargs)
        self.setting = setting


class Truncated(ArchivistModelError, TerminalError):
    """The reply stopped at its output-token budget (`finish_reason` "length", `stop_reason` "max_tokens"):
    a partial answer, never cached or partly used. Terminal for the retry layer (the same request at
    temperature 0 stops at the same place); the caller may ask again with a larger budget."""

    def __init__(self, message: str, *, max_tokens: int | None = None, **kwargs):
        super().__init__(message, **kwargs)
        self.max_tokens = max_tokens


class Refused(ArchivistModelError, TerminalError):
    """The model declined to answer (`stop_reason` "refusal", an OpenAI `refusal` message): one turn's problem."""


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
    section: str = "",
) -> ArchivistModelError:
    """The error for an HTTP status other than 2xx, with a message that says what to do; `section` is the
    settings section of the caller ("llm"), so a configuration error names the setting to fix."""
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
    setting = configuration_setting(status, message, section=section)
    if setting is not None:
        return ConfigurationError(
            f"{provider} rejected the configured request (HTTP {status}: {message}): every call would fail the "
            f"same way. Fix: change the setting {setting}, then run again.{suffix}", setting=setting, **common)
    hint = _fix_hint(status, message)
    return BadRequest(f"{provider} rejected the request (HTTP {status}: {message}). {hint}{suffix}", **common)


UNSUPPORTED_PARAMETER = ("unsupported parameter", "unsupported_parameter", "not supported with this model",
                         "extra inputs are not permitted", "unrecognized request argument")
"""How OpenAI ("Unsupported parameter: 'max_tokens' is not supported with this model. Use
'max_completion_tokens' instead."), Anthropic and OpenAI-compatible servers word a parameter the model
does not take."""
UNKNOWN_MODEL = ("model_not_found", "does not exist", "not_found_error", "unknown model", "no such model",
                 "invalid model", "model not found")


def configuration_setting(status: int, message: str, section: str = "") -> str | None:
    """The setting to fix when a 400/404 rejects what every request carries (the model, a parameter), else
    None (a 4xx about one request's content stays that request's problem)."""
    if status not in (400, 404, 422):
        return None
    lowered = message.lower()
    section = f"{section}." if section else ""
    if any(word in lowered for word in UNSUPPORTED_PARAMETER):
        if "max_tokens" in lowered or "max_completion_tokens" in lowered:
            return f"{section}max_tokens_parameter (max_tokens or max_completion_tokens)"
        if "response_format" in lowered or "json_schema" in lowered or "output_config" in lowered:
            return f"{section}structured_output (false for a server without JSON-schema output)"
        if "logprobs" in lowered:  # reasoning models refuse log-probabilities
            return f"{section}scoring (\"json\" for a model without log-probabilities)"
        return f"{section}model (this model does not take a parameter archivist sends)"
    # Anthropic's 404 for an unknown model says only "model: <name>" (error type not_found_error).
    if "model" in lowered and (status == 404 or any(word in lowered for word in UNKNOWN_MODEL)):
        return f"{section}model"
    return None


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
