"""The one retry layer: tenacity around a whole model call; every SDK underneath runs with max_retries=0.

Only `TransientError`s are retried. The wait honours the server's `retry-after-ms` / `Retry-After`
(seconds or an HTTP date) when it sent one, and otherwise backs off exponentially with jitter, the
shape the Stainless SDKs use (0.5 s doubling, capped, up to 25% taken off so threads spread out).
`sleep` is injectable so tests record the waits instead of sleeping through them.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Mapping
from email.utils import parsedate_to_datetime
from typing import TypeVar

from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt
from tenacity.wait import wait_base

from archivist.configs.settings import ProviderSettings
from archivist.tasks.providers.errors import TransientError

log = logging.getLogger(__name__)

T = TypeVar("T")

JITTER = 0.25
"""Up to this fraction is taken off each backoff delay, so that threads that failed together do not retry together."""
MAX_RETRY_AFTER_S = 120.0
"""A longer Retry-After is capped: waiting an hour inside a batch run is never what the user wants."""


def parse_retry_after(headers: Mapping[str, str] | None, now: float | None = None) -> float | None:
    """Seconds the server asked us to wait, from `retry-after-ms` or `Retry-After`; None if it said nothing usable."""
    if not headers:
        return None
    lowered = {str(k).lower(): str(v) for k, v in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class wait_retry_after_or_backoff(wait_base):
    """Wait what the server asked for, else `initial * 2**(attempt-1)` capped at `maximum`, minus jitter."""

    def __init__(self, initial: float, maximum: float, jitter: float = JITTER, rng: random.Random | None = None):
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
        self.rng = rng or random.Random()

    def __call__(self, retry_state: RetryCallState) -> float:
        error = retry_state.outcome.exception() if retry_state.outcome else None
        retry_after = getattr(error, "retry_after", None)
        if retry_after is not None:
            # The server knows when capacity frees up; waiting less only earns another 429.
            return min(float(retry_after), MAX_RETRY_AFTER_S)
        delay = min(self.maximum, self.initial * (2 ** (retry_state.attempt_number - 1)))
        return delay * (1.0 - self.jitter * self.rng.random())


def is_transient(error: BaseException) -> bool:
    return isinstance(error, TransientError)


def make_retrying(
    settings: ProviderSettings,
    *,
    sleep: Callable[[float], None] = time.sleep,
    on_retry: Callable[[BaseException, float, int], None] | None = None,
    label: str = "",
) -> Retrying:
    """A tenacity `Retrying` for one provider: transient errors only, at most `settings.max_attempts` attempts."""

    def before_sleep(retry_state: RetryCallState) -> None:
        error = retry_state.outcome.exception() if retry_state.outcome else None
        wait = retry_state.next_action.sleep if retry_state.next_action else 0.0
        log.warning(
            "%s: %s; retrying in %.2f s (attempt %d of %d)",
            label or settings.provider, error, wait, retry_state.attempt_number + 1, settings.max_attempts,
        )
        if on_retry is not None and error is not None:
            on_retry(error, wait, retry_state.attempt_number)

    return Retrying(
        retry=retry_if_exception(is_transient),
        stop=stop_after_attempt(max(1, settings.max_attempts)),
        wait=wait_retry_after_or_backoff(settings.backoff_initial_s, settings.backoff_max_s),
        sleep=sleep,
        before_sleep=before_sleep,
        reraise=True,  # callers see our typed error, not tenacity's RetryError
    )


def call_with_retry(
    fn: Callable[[], T],
    settings: ProviderSettings,
    *,
    sleep: Callable[[float], None] = time.sleep,
    on_retry: Callable[[BaseException, float, int], None] | None = None,
    label: str = "",
    retrying: Retrying | None = None,
) -> tuple[T, int]:
    """`fn()` under the retry policy; returns its value and the number of attempts it took.

    Pass a `retrying` from `make_retrying` to reuse it: its per-call state is thread-local, so one
    instance serves every thread, and building one per call is a measurable cost at hundreds of calls/s.
    """
    attempts = 0

    def attempt() -> T:
        nonlocal attempts
        attempts += 1
        return fn()

    try:
        policy = retrying or make_retrying(settings, sleep=sleep, on_retry=on_retry, label=label)
        result = policy(attempt)
    except Exception as error:
        error.attempts = attempts  # type: ignore[attr-defined]  # the ledger records how hard we tried
        raise
    return result, attempts
