"""The one root of every error archivist raises, with the dlt-style retry markers.

`ArchivistError` is what the CLI turns into one line: its message says what went wrong and `hint` says what
to do next. `TransientError` marks errors worth retrying (the same call may succeed later), `TerminalError`
errors that cannot succeed until something is fixed. Subclasses usually keep a builtin base too
(`class LexiconError(ArchivistError, ValueError)`) so that existing `except ValueError` code keeps working.

Every error pickles and unpickles to the same class, message and attributes, whatever its `__init__`
takes, because Prefect ships task failures across Dask and Ray workers (dlt's `DltException.__reduce__`).
This module imports nothing of the project.
"""

from __future__ import annotations

from typing import Any


class ArchivistError(Exception):
    """An error archivist raises on purpose; `str(error)` is the message, `hint` the next step."""

    hint: str = ""
    """What the user should do next, in one sentence; a class default that an instance may override."""

    def __init__(self, *args: Any, hint: str | None = None) -> None:
        super().__init__(*args)
        if hint is not None:
            self.hint = hint

    def __reduce__(self):
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))

    def one_line(self) -> str:
        """The message and the next step on one line, as the CLI prints it."""
        message = " ".join(str(self).split()) or type(self).__name__
        hint = " ".join(self.hint.split())
        if hint and hint not in message:
            message = f"{message.rstrip('.')}. {hint}"
        return message


def _rebuild(cls: type[BaseException], args: tuple, attrs: dict[str, Any]) -> BaseException:
    # Bypasses __init__: a subclass's constructor may take other arguments than the ones args holds.
    error = cls.__new__(cls)
    BaseException.__init__(error, *args)
    error.__dict__.update(attrs)
    return error


class TransientError(ArchivistError):
    """Marker: the same request may succeed later (rate limits, 5xx, timeouts, a batch still running)."""


class TerminalError(ArchivistError):
    """Marker: repeating the same request cannot succeed; something must be fixed first."""


def is_transient(error: BaseException) -> bool:
    return isinstance(error, TransientError)
