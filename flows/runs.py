"""Run bookkeeping in one place: every flow's run is recorded, closed and summarised the same way.

    with TrackedRun(store, "consolidate", run_id, parameters, artifact="consolidation-summary") as run:
        decider = run.own(build_decider(settings, store, run.run_id))
        ...
        run.complete(summary, title=f"consolidation plan {plan_id} (draft)")

On entry the `runs` row is written as running. Leaving the block by an exception marks it failed (and
re-raises); leaving it normally marks it completed with the summary and publishes the summary as the flow run's
artifact. Whatever `own` was handed (decision clients, embedders) is closed either way. The summary is a plain
dict, so a caller can derive an exit code or a report from it without knowing the flow.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol, Self, TypeVar

from prefect.task_runners import TaskRunner, ThreadPoolTaskRunner

from archivist.errors import TerminalError
from archivist.flows.artifacts import publish_summary
from archivist.storage.runs import finish_run, start_run
from archivist.storage.store import Store


def thread_pool(max_workers: int) -> TaskRunner[Any]:
    """A `ThreadPoolTaskRunner`, typed as `@flow(task_runner=)` takes it (Prefect annotates that parameter
    `TaskRunner[PrefectFuture[Any]]`, invariant in the future type, which its own runners do not fit)."""
    return ThreadPoolTaskRunner(max_workers=max_workers)


class _Closable(Protocol):
    def close(self) -> Any: ...


C = TypeVar("C", bound=_Closable)

COMPLETED, FAILED = "completed", "failed"
log = logging.getLogger(__name__)


class TrackedRun:
    """One flow run's `runs` row, the resources it owns, and its published summary."""

    def __init__(self, store: Store, flow: str, run_id: str, parameters: Mapping[str, Any], *, artifact: str):
        self.store, self.flow, self.run_id = store, flow, run_id
        self.parameters = dict(parameters)
        self.artifact = artifact
        self.summary: dict[str, Any] | None = None
        self.status: str | None = None
        self._title = ""
        self._markdown: str | None = None
        self._owned: list[_Closable] = []

    def own(self, resource: C) -> C:
        """Close `resource` when the run ends, however it ends."""
        self._owned.append(resource)
        return resource

    def complete(self, summary: Mapping[str, Any], *, title: str, markdown: str | None = None) -> dict[str, Any]:
        """The run's outcome; recorded and published when the block ends without an error."""
        self.summary = {"run_id": self.run_id, **summary}
        self._title, self._markdown = title, markdown
        return self.summary

    def __enter__(self) -> Self:
        start_run(self.store, self.run_id, self.flow, self.parameters)
        return self

    def __exit__(self, kind, error, traceback) -> None:
        try:
            self._close_owned(raise_first=error is None)
        finally:
            if error is not None or self.summary is None:
                # No summary means the block returned early without an outcome: not a completed run either.
                self.status = FAILED
                finish_run(self.store, self.run_id, FAILED, {})
            else:
                self.status = COMPLETED
                finish_run(self.store, self.run_id, COMPLETED, self.summary)
                publish_summary(self.artifact, self._title or f"{self.flow} run {self.run_id}", self.summary,
                                markdown=self._markdown)

    def _close_owned(self, *, raise_first: bool) -> None:
        errors = []
        for resource in reversed(self._owned):
            try:
                resource.close()
            except Exception as err:  # noqa: BLE001 - one failed close must not leave the others open
                errors.append(err)
        for err in errors[1:] if raise_first else errors:
            # While the run's own error propagates, a close error would only hide it.
            log.warning("closing a resource of run %s failed: %s: %s", self.run_id, type(err).__name__, err)
        if errors and raise_first:
            raise errors[0]


def retry_unless_terminal(task: Any, task_run: Any, state: Any) -> bool:
    """Prefect's `retry_condition_fn`: a task retries a crash or a transient error, never a terminal one."""
    try:
        state.result()
    except TerminalError as error:
        # Prefect logs a failure with its traceback only when the retries are spent: a failure this condition
        # declines to retry would reach the Prefect API with no traceback at all.
        from prefect.logging.loggers import task_run_logger

        task_run_logger(task_run, task).error("Task run failed with exception: %r - not retried (a terminal "
                                              "error: retrying cannot fix it)", error, exc_info=error)
        return False
    except BaseException:  # noqa: BLE001 - anything else is worth the task's one retry
        return True
    return True
