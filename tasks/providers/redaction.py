"""Secrets never leave the process: API keys are scrubbed at the provider boundary, and again in every log record.

A server may quote the key it was sent (`Invalid key: Bearer sk-...`), and the SDK puts that text in its
exception; our own error chains that exception (`raise ... from err`), so a traceback printed to stderr or
shipped to Prefect's `log` table would carry the key although our message is redacted. So:

1. `scrub(error, secrets)` rewrites an exception and its whole `__cause__`/`__context__` chain in place
   before it is raised: every message and string attribute, nested bodies, and the credential headers of
   the HTTP request and response the SDK keeps on it.
2. `install_log_redaction()` wraps the log-record factory, so every record of every logger (Prefect's,
   the SDKs', httpx's) is scrubbed when it is created, before any handler formats or ships it.

The secrets are the current values of every key variable a provider reads (registered with `watch`, read at
use time so that a rotated key is covered too), plus whatever a caller passes, plus any `Bearer` token.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterable
from typing import Any

MASK = "***"
MIN_SECRET_CHARS = 4
"""Shorter values are never keys; replacing them would mangle ordinary text."""
MIN_AMBIENT_SECRET_CHARS = 8
"""Values of watched variables are replaced in every log record, so they must be long enough to be keys."""
SECRET_HEADERS = ("authorization", "proxy-authorization", "x-api-key", "api-key")
BEARER = re.compile(r"(?i)\b(bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]{6,}")

_watched: set[str] = {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "TYPESAFE_API_KEY"}
_lock = threading.Lock()
_installed = False


def watch(env_name: str | None) -> None:
    """Treat the value of `$env_name` as a secret from now on (a provider calls this for its key variable)."""
    if env_name:
        with _lock:
            _watched.add(env_name)


def known_secrets() -> list[str]:
    """The current values of every watched key variable."""
    with _lock:
        names = list(_watched)
    values = (os.environ.get(name, "").strip() for name in names)
    return [value for value in values if len(value) >= MIN_AMBIENT_SECRET_CHARS]


def redact(text: str, secrets: Iterable[str | None] = ()) -> str:
    """`text` with every secret (4 characters or more), every watched key and any Bearer token masked."""
    # Longest first: one key may contain another (a rotated key with a common prefix).
    for secret in sorted({s for s in [*secrets, *known_secrets()] if s and len(s) >= MIN_SECRET_CHARS},
                         key=len, reverse=True):
        text = text.replace(secret, MASK)
    return BEARER.sub(lambda match: match.group(1) + MASK, text)


def scrub(error: BaseException, secrets: Iterable[str | None] = ()) -> BaseException:
    """`error` and every exception it chains, scrubbed of secrets in place; returns `error`."""
    values = [s for s in secrets if s]
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        try:
            current.args = tuple(_clean(arg, values) for arg in current.args)
        except (AttributeError, TypeError):
            pass  # an exception type that forbids it still has its attributes scrubbed below
        for name, value in list(vars(current).items()):
            cleaned = _clean(value, values)
            if cleaned is not value:
                try:
                    setattr(current, name, cleaned)
                except (AttributeError, TypeError):
                    pass
        pending.extend((current.__cause__, current.__context__))
        if isinstance(current, BaseExceptionGroup):
            pending.extend(current.exceptions)
    return error


def _clean(value: Any, secrets: list[str]) -> Any:
    """A scrubbed copy of plain data; HTTP request and response objects are scrubbed in place."""
    if isinstance(value, str):
        cleaned = redact(value, secrets)
        return value if cleaned == value else cleaned
    if isinstance(value, bytes):
        try:
            text = value.decode("utf-8")
        except UnicodeDecodeError:
            return value
        cleaned = redact(text, secrets)
        return value if cleaned == text else cleaned.encode("utf-8")
    if isinstance(value, dict):
        return {key: _clean(item, secrets) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_clean(item, secrets) for item in value)
    if hasattr(value, "headers"):  # httpx (and the SDKs' vendored httpx) Request and Response objects
        _scrub_http(value, secrets)
    return value


def _scrub_http(message: Any, secrets: list[str]) -> None:
    for part in (message, getattr(message, "_request", None)):  # a Response keeps the request it answered
        if part is None or not hasattr(part, "headers"):
            continue
        headers = part.headers
        try:
            for name in list(headers.keys()):
                if str(name).lower() in SECRET_HEADERS:
                    headers[name] = MASK
                else:
                    cleaned = redact(str(headers[name]), secrets)
                    if cleaned != headers[name]:
                        headers[name] = cleaned
        except (AttributeError, TypeError):
            pass  # immutable headers: nothing we can do, and nothing prints them
        # The body as received and as decoded (`_content`, `_text`): a Response pickles them with itself.
        for name, value in list(vars(part).items()):
            if isinstance(value, (str, bytes)):
                cleaned = _clean(value, secrets)
                if cleaned is not value:
                    setattr(part, name, cleaned)


def scrub_record(record: logging.LogRecord) -> logging.LogRecord:
    """One log record with its message, arguments and exception chain scrubbed."""
    if record.exc_info and record.exc_info[1] is not None:
        scrub(record.exc_info[1])
    try:
        message = record.getMessage()
    except (TypeError, ValueError, KeyError):
        # a record whose arguments do not fit its format: the handler reports that itself
        return record
    cleaned = redact(message)
    if cleaned != message:
        record.msg, record.args = cleaned, None
    if record.exc_text:
        record.exc_text = redact(record.exc_text)
    return record


class RedactingFilter(logging.Filter):
    """The same scrubbing as a logging filter, for handlers configured outside this process's factory."""

    def filter(self, record: logging.LogRecord) -> bool:
        scrub_record(record)
        return True


def install_log_redaction() -> None:
    """Scrub every log record of the process as it is created (idempotent)."""
    global _installed
    with _lock:
        if _installed:
            return
        previous = logging.getLogRecordFactory()

        def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
            return scrub_record(previous(*args, **kwargs))

        logging.setLogRecordFactory(factory)
        _installed = True
