"""Progress of long flows, reported to whoever is listening (the CLI draws rich progress bars).

Flows call `report(stage, done, total)`; nothing listens unless a caller wraps the run in `progress_to`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Reporter = Callable[[str, int, int], None]
_reporter: ContextVar[Reporter | None] = ContextVar("archivist_progress", default=None)


@contextmanager
def progress_to(reporter: Reporter) -> Iterator[None]:
    token = _reporter.set(reporter)
    try:
        yield
    finally:
        _reporter.reset(token)


def report(stage: str, done: int, total: int) -> None:
    reporter = _reporter.get()
    if reporter is not None:
        reporter(stage, done, total)


@contextmanager
def rich_progress(enabled: bool = True) -> Iterator[None]:
    """Rich progress bars, one per stage, while the block runs (nothing when not enabled)."""
    if not enabled:
        yield
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

    bars: dict[str, TaskID] = {}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as progress:

        def update(stage: str, done: int, total: int) -> None:
            if stage not in bars:
                bars[stage] = progress.add_task(stage, total=total)
            progress.update(bars[stage], completed=done, total=total)

        with progress_to(update):
            yield
