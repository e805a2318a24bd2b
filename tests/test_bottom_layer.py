"""The bottom layer: one error root that pickles, one vocabulary, one clock."""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import pkgutil
from datetime import UTC, datetime, timedelta, timezone

import pytest

import archivist
from archivist.clock import MomentError, iso, parse_moment, to_utc, utcnow
from archivist.errors import ArchivistError, TerminalError, TransientError

PACKAGES = ["archivist", "archivist.configs", "archivist.storage", "archivist.tasks", "archivist.flows"]
SKIP = {"archivist.__main__"}  # running it starts the CLI


def project_modules():
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, prefix=name + "."):
            if info.name not in SKIP:
                yield importlib.import_module(info.name)


def project_errors() -> list[type[BaseException]]:
    found = {}
    for module in project_modules():
        for value in vars(module).values():
            if (inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[key] for key in sorted(found)]


ERRORS = project_errors()


def test_every_error_the_project_defines_is_found():
    names = {cls.__name__ for cls in ERRORS}
    assert {"StoreError", "EmbedderMismatch", "AuthenticationError", "CacheMiss", "ScheduleFileError",
            "ConfigFileError", "QuestionFileError", "PlanRefused", "BatchPending"} <= names
    assert len(ERRORS) >= 25


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_every_project_error_has_the_one_root_and_survives_pickling(cls):
    assert issubclass(cls, ArchivistError), f"{cls.__qualname__} must subclass archivist.errors.ArchivistError"
    error = _instance(cls)
    error.hint = error.hint or "do the next thing"
    error.extra_detail = {"count": 3}
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert str(copy) == str(error) and copy.args == error.args
    assert copy.hint == error.hint and copy.extra_detail == {"count": 3}
    assert vars(copy) == vars(error)


def _instance(cls: type[BaseException]) -> BaseException:
    """An instance built through the class's own constructor, with a string for every required argument."""
    arguments, keywords = [], {}
    for parameter in list(inspect.signature(cls.__init__).parameters.values())[1:]:
        if parameter.default is not inspect.Parameter.empty or parameter.kind in (
                parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.kind is parameter.KEYWORD_ONLY:
            keywords[parameter.name] = f"the {parameter.name}"
        else:
            arguments.append(f"the {parameter.name}")
    return cls(*(arguments or ["what went wrong"]), **keywords)


def test_markers_say_whether_a_retry_can_help():
    from archivist.tasks.extract.batch import BatchPending
    from archivist.tasks.ingest.embed import EmbedderMismatch
    from archivist.tasks.providers.errors import AuthenticationError, RateLimited

    assert issubclass(RateLimited, TransientError) and issubclass(BatchPending, TransientError)
    assert issubclass(AuthenticationError, TerminalError) and issubclass(EmbedderMismatch, TerminalError)
    assert not issubclass(AuthenticationError, TransientError)


def test_one_line_joins_the_message_and_the_next_step():
    error = ArchivistError("the store at /x is\nlocked", hint="Wait for the other run, then retry.")
    assert error.one_line() == "the store at /x is locked. Wait for the other run, then retry."
    assert ArchivistError("Set KEY. Then run again.", hint="Then run again.").one_line() == "Set KEY. Then run again."


def test_the_bottom_layer_words_are_the_ones_the_policy_and_the_event_log_use():
    from archivist import vocab
    from archivist.storage import events
    from archivist.tasks.policy import types

    assert types.FACT_ADDED is vocab.FACT_ADDED and events.FACT_ADDED is vocab.FACT_ADDED
    assert types.EVENT_KINDS is vocab.EVENT_KINDS and types.CLOSED_BY_BELIEF is vocab.CLOSED_BY_BELIEF
    assert len(set(vocab.EVENT_KINDS)) == len(vocab.EVENT_KINDS) == 10


def test_a_bare_date_is_the_start_of_that_day_in_utc():
    assert parse_moment("2026-11-01") == datetime(2026, 11, 1, tzinfo=UTC)
    assert parse_moment("2026-11-01") == parse_moment("2026-11-01T00:00:00")
    assert parse_moment("2026-11-01T14:30") == datetime(2026, 11, 1, 14, 30, tzinfo=UTC)
    assert parse_moment("2026-11-01T14:30Z") == parse_moment("2026-11-01T15:30+01:00")
    with pytest.raises(MomentError, match="2026-11-01T14:00"):
        parse_moment("November")
    assert issubclass(MomentError, ValueError)


def test_every_moment_is_aware_utc():
    naive = datetime(2026, 3, 5, 12, 0)
    assert to_utc(naive) == datetime(2026, 3, 5, 12, 0, tzinfo=UTC)
    assert to_utc(datetime(2026, 3, 5, 13, 0, tzinfo=timezone(timedelta(hours=1)))).hour == 12
    assert utcnow().tzinfo is UTC
    assert iso(naive) == "2026-03-05T12:00:00+00:00" and iso(None) is None


def test_importing_the_bottom_package_sets_no_environment_variable():
    import subprocess
    import sys

    # Only the project's and Prefect's variables: native libraries (jemalloc) set their own on import.
    code = ("import os; ours = lambda: {k: v for k, v in os.environ.items() if k.startswith(('PREFECT_', "
            "'ARCHIVIST_'))}; before = ours(); import archivist, archivist.flows, archivist.flows.cli, "
            "archivist.flows.ingest; print(sorted(set(ours().items()) ^ set(before.items())))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "[]"
    assert archivist.__version__
