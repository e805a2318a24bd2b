"""Prefect's settings for archivist runs, applied where a run starts: importing archivist changes nothing.

Prefect's temporary API server migrates its database on first use, which takes longer than the default 20 s
startup timeout on a small machine (the very first run on a fresh machine would fail), and its telemetry would
try DNS and log an error on an offline machine. `prefect_defaults()` sets both for the duration of a run,
unless the user set them in the environment; Prefect passes them on to the server it starts.

Without `PREFECT_API_URL` (in the environment or the active Prefect profile) Prefect starts a temporary
server for the process and drops it, with the run history, when the process ends; with it set, runs go to that
server and nothing is started. `prefect_defaults()` says so once per process, on stderr (stdout stays the
command's output), because the start-up is most of a small run's time and nothing else would explain it.

`quiet_run_failures()` is for the CLI: Prefect logs every failed task and flow run with its traceback on the
console; the CLI prints one line per error instead, so it asks for those records to be kept off the console
handlers (they still reach the Prefect API, so the UI and `prefect flow-run logs` keep the traceback).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# Setting name -> value; names are Prefect's environment variables.
DEFAULTS = {
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": 180,
    "PREFECT_SERVER_ANALYTICS_ENABLED": False,
}
QUIET_LEVEL = logging.WARNING
"""Prefect's own loggers log at this level unless PREFECT_LOGGING_LEVEL says otherwise."""


@contextmanager
def prefect_defaults() -> Iterator[None]:
    """Archivist's defaults for Prefect's settings, inside the block; the environment still wins."""
    import prefect.settings as prefect_settings
    from prefect.settings import temporary_settings

    updates = {getattr(prefect_settings, name): value for name, value in DEFAULTS.items() if name not in os.environ}
    if "PREFECT_LOGGING_LEVEL" not in os.environ:
        # Logging is configured when Prefect is imported, so this level is set on the logger, not as a setting.
        logging.getLogger("prefect").setLevel(QUIET_LEVEL)
    if _quiet.on:
        _attach_filter()
    with temporary_settings(updates=updates):
        announce_temporary_server()
        yield


SERVER_HINT = ("run `prefect server start` (UI at http://127.0.0.1:4200) and "
               "`export PREFECT_API_URL=http://127.0.0.1:4200/api`")
"""What to do to keep run history and schedules: the same words in every message that needs them."""


def uses_temporary_server() -> bool:
    """True when no Prefect API is configured, so a Prefect run would start a temporary server."""
    from prefect.settings import get_current_settings

    return not get_current_settings().api.url


def announce_temporary_server() -> bool:
    """Say once per process, on stderr, that a temporary Prefect server is being started; True if it was said."""
    if _announced.done or not uses_temporary_server():
        return False
    _announced.done = True
    print(f"archivist: no PREFECT_API_URL: starting a temporary Prefect server for this run (to reuse one, "
          f"{SERVER_HINT})", file=sys.stderr, flush=True)
    return True


class _announced:
    done = False


class _DropRunFailures(logging.Filter):
    """Drops Prefect's error reports of failed task and flow runs (the CLI reports the error itself)."""

    def filter(self, record: logging.LogRecord) -> bool:
        run_logger = record.name.startswith(("prefect.flow_runs", "prefect.task_runs"))
        return not (run_logger and record.levelno >= logging.ERROR)


class _quiet:
    on = False
    filter = _DropRunFailures()


def quiet_run_failures() -> None:
    """Keep failed-run tracebacks off the console from now on; Prefect is not imported for this."""
    _quiet.on = True
    if "prefect" in sys.modules:
        _attach_filter()


def _attach_filter() -> None:
    from prefect.logging.handlers import PrefectConsoleHandler

    for handler in logging.getLogger().handlers:
        if isinstance(handler, PrefectConsoleHandler) and _quiet.filter not in handler.filters:
            handler.addFilter(_quiet.filter)
