"""The one retry layer and the error classification, without a server."""

from __future__ import annotations

import pickle
import random
from email.utils import formatdate

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.providers.errors import (
    AuthenticationError,
    BadRequest,
    RateLimited,
    ServerError,
    TerminalError,
    Timeout,
    TransientError,
    error_for_status,
    redact,
)
from archivist.tasks.providers.retry import MAX_RETRY_AFTER_S, call_with_retry, parse_retry_after

SETTINGS = ProviderSettings(provider="test", max_attempts=4, backoff_initial_s=0.5, backoff_max_s=4.0)


@pytest.mark.parametrize(
    "headers, expected",
    [
        ({"Retry-After": "3"}, 3.0),
        ({"retry-after": "1.5"}, 1.5),
        ({"retry-after-ms": "250", "Retry-After": "9"}, 0.25),  # the precise header wins
        ({"Retry-After": "soon"}, None),
        ({}, None),
        (None, None),
    ],
)
def test_retry_after_headers_are_parsed(headers, expected):
    assert parse_retry_after(headers) == expected


def test_retry_after_as_http_date():
    now = 1_800_000_000.0
    header = formatdate(now + 7, usegmt=True)
    assert parse_retry_after({"Retry-After": header}, now=now) == pytest.approx(7.0, abs=1.0)
    assert parse_retry_after({"Retry-After": formatdate(now - 60, usegmt=True)}, now=now) == 0.0


def flaky(errors):
    """A call that raises each of `errors` in turn, then returns "ok"."""
    calls = []

    def call():
        calls.append(1)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return "ok"

    return call, calls


def test_transient_errors_are_retried_with_growing_backoff():
    call, calls = flaky([ServerError("boom"), ServerError("boom"), Timeout("slow")])
    sleeps: list[float] = []
    result, attempts = call_with_retry(call, SETTINGS, sleep=sleeps.append)
    assert (result, attempts, len(calls)) == ("ok", 4, 4)
    # 0.5, 1, 2 seconds, each minus at most 25% jitter
    for wait, base in zip(sleeps, [0.5, 1.0, 2.0], strict=True):
        assert base * 0.75 <= wait <= base


def test_retry_after_is_honoured_exactly_and_capped():
    call, _ = flaky([RateLimited("slow down", retry_after=1.0), RateLimited("again", retry_after=10_000)])
    sleeps: list[float] = []
    call_with_retry(call, SETTINGS, sleep=sleeps.append)
    assert sleeps == [1.0, MAX_RETRY_AFTER_S]


def test_terminal_errors_are_not_retried():
    call, calls = flaky([AuthenticationError("bad key")])
    sleeps: list[float] = []
    with pytest.raises(AuthenticationError) as raised:
        call_with_retry(call, SETTINGS, sleep=sleeps.append)
    assert len(calls) == 1 and sleeps == [] and raised.value.attempts == 1


def test_gives_up_after_max_attempts_with_the_last_error():
    call, calls = flaky([ServerError(f"boom {i}") for i in range(10)])
    with pytest.raises(ServerError, match="boom 3") as raised:
        call_with_retry(call, SETTINGS, sleep=lambda s: None)
    assert len(calls) == SETTINGS.max_attempts and raised.value.attempts == SETTINGS.max_attempts


@pytest.mark.parametrize(
    "status, kind, transient",
    [(401, AuthenticationError, False), (403, AuthenticationError, False), (400, BadRequest, False),
     (404, BadRequest, False), (413, BadRequest, False), (422, BadRequest, False), (429, RateLimited, True),
     (529, RateLimited, True), (500, ServerError, True), (503, ServerError, True), (408, Timeout, True)],
)
def test_status_codes_map_to_typed_errors(status, kind, transient):
    error = error_for_status(status, "server says no", provider="systemone", key_env="TYPESAFE_API_KEY")
    assert isinstance(error, kind)
    assert isinstance(error, TransientError) is transient
    assert isinstance(error, TerminalError) is not transient
    assert error.status_code == status and "server says no" in str(error)


def test_auth_error_names_the_variable_and_bad_request_says_what_to_fix():
    auth = error_for_status(401, "Invalid API key", provider="systemone", key_env="TYPESAFE_API_KEY")
    assert "TYPESAFE_API_KEY" in str(auth) and "Set TYPESAFE_API_KEY" in str(auth)
    too_big = error_for_status(400, "max_tokens_exceeded", provider="systemone", key_env=None)
    assert "Fix:" in str(too_big) and "token limits" in str(too_big)


def test_keys_are_redacted_from_server_messages():
    key = "sk-live-abcdef123456"
    error = error_for_status(400, f"bad request from Bearer {key}", provider="x", key_env="K", secrets=[key])
    assert key not in str(error) and "***" in str(error)
    assert redact("abc", ["", None, "ab"]) == "abc"  # too short to be a key: left alone


def test_errors_survive_pickling_for_process_workers():
    error = RateLimited("slow down", retry_after=2.0, provider="systemone", status_code=429)
    copy = pickle.loads(pickle.dumps(error))
    assert isinstance(copy, RateLimited) and copy.retry_after == 2.0 and str(copy) == "slow down"


def test_jitter_spreads_threads_apart():
    from archivist.tasks.providers.retry import wait_retry_after_or_backoff

    class State:
        attempt_number = 3
        outcome = None

    wait = wait_retry_after_or_backoff(0.5, 30.0, rng=random.Random(1))
    waits = {round(wait(State()), 4) for _ in range(20)}
    assert len(waits) > 10 and all(1.5 <= w <= 2.0 for w in waits)
