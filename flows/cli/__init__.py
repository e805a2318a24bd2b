"""The `archivist` command: one module per command group, registered on one Typer app.

`main` is the entry point: every `ArchivistError`, and errors that are plainly the user's (a missing file,
an invalid setting), end the command with one line on stderr that says what to do next, and a non-zero exit.
The traceback is shown only with `archivist --debug ...` or `ARCHIVIST_DEBUG=1`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import typer

from archivist.errors import ArchivistError, TransientError
from archivist.exits import ExitCode
from archivist.flows.cli import (
    conflicts,
    costs,
    decisions,
    evaluate_recall,
    export,
    facts,
    ingest,
    maintenance,
    plans,
    recall,
)
from archivist.flows.runtime import quiet_run_failures

app = typer.Typer(
    name="archivist",
    help="Archived conversations in, a curated and auditable memory store out.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version_text() -> str:
    """`archivist X.Y.Z`: the installed package's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"archivist {version('archivist')}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "archivist (not installed)"


def _print_version(value: bool) -> None:
    if value:
        print(version_text())
        raise typer.Exit()


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", envvar="ARCHIVIST_DEBUG",
                               help="Show the full traceback of an error (also ARCHIVIST_DEBUG=1)."),
    _version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                  help="Print the installed version and exit."),
) -> None:
    """Archived conversations in, a curated and auditable memory store out."""
    if not debug:
        quiet_run_failures()


for _group in (ingest, costs, facts, decisions, recall, evaluate_recall, maintenance, plans, export, conflicts):
    _group.register(app)


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args or os.environ.get("ARCHIVIST_DEBUG", "").strip().lower() in ("1", "true", "yes")
    try:
        app(args=args, prog_name="archivist")
    except KeyboardInterrupt:
        if debug:
            raise
        _fail("interrupted; run the same command again to resume (finished work is kept)", ExitCode.INTERRUPTED)
    except Exception as error:
        line = None if debug else user_error_line(error)
        if line is None:
            raise
        _fail(line, exit_code(error))


def exit_code(error: BaseException) -> ExitCode:
    """TRANSIENT for an error worth retrying later, USER_ERROR for a wrong path, ERROR for the rest."""
    from archivist.storage.store import StoreNotFound

    if isinstance(error, TransientError):
        return ExitCode.TRANSIENT
    if isinstance(error, (StoreNotFound, FileNotFoundError, IsADirectoryError, NotADirectoryError)):
        return ExitCode.USER_ERROR
    return ExitCode.ERROR


def user_error_line(error: BaseException) -> str | None:
    """The one line for an error the user can act on; None for anything else (a bug keeps its traceback)."""
    if isinstance(error, ArchivistError):
        return error.one_line()
    if isinstance(error, (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError)):
        what = error.strerror or type(error).__name__
        where = f": {error.filename}" if error.filename else ""
        return f"{what}{where}. Check the path and that you may read (or write) it."
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in error.errors())
        return (f"invalid configuration ({error.title}): {problems}. Fix the value in the config file named, "
                "archivist.toml or the ARCHIVIST_* variable.")
    return None


def _fail(line: str, code: ExitCode) -> None:
    print(f"archivist: error: {' '.join(line.split())}", file=sys.stderr)
    raise SystemExit(int(code))
