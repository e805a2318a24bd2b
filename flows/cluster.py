"""The task runner of a run: a thread pool, or a Dask cluster that behaves like one machine.

    with task_runner(settings, runner, address) as runner:
        flow.with_options(task_runner=runner)(...)

On Dask, partition tasks run in worker processes (a local process cluster, or the scheduler at `address`)
while the flow, in this process, stays the single writer of every table. Three things make the cluster behave
like one machine:
- **one writer.** Partition tasks return what they would write, their model calls' `call_cache` and `ledger`
  rows included (`holding_calls`); the flow writes it, on any runner.
- **one Prefect API.** Without `PREFECT_API_URL` every process would start its own temporary server (a worker
  paid 10-20 s for it, and its task runs were invisible). This process starts the one temporary server itself
  when none is configured and exports its URL, so local workers inherit it and task runs carry it in their
  context; workers of an existing cluster must have it set, and are checked before any work is sent.
- **one rate budget, one spend.** The rate limiters and the run's spend total live in the scheduler
  (`tasks/providers/cluster_limits.py`).
- **no lost partition, no call paid twice.** A partition task that dies with its worker is run again by Dask on
  another worker (`distributed.scheduler.allowed-failures` times); its output is only committed by the flow once
  it returns, and the paid calls of the attempt that died are read back from its spill file (storage/spill.py).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from prefect.task_runners import TaskRunner

from archivist.configs.settings import Settings
from archivist.errors import ArchivistError
from archivist.flows.runs import thread_pool
from archivist.storage import spill
from archivist.storage.calls import HeldCalls, hold_calls, read_spilled, write_held
from archivist.storage.store import Store


class ClusterNotReady(ArchivistError):
    """The Dask cluster cannot run archivist's tasks as configured."""


@dataclass
class Held:
    """A partition task's result with the `call_cache` and `ledger` rows its calls made, for the flow to write."""

    result: Any
    calls: HeldCalls

    def written(self, store: Store) -> Any:
        """Write the held rows, then hand back the result (to be committed after them: a run killed between the
        two re-asks nothing, its answers are cached). The partition's spill folder goes once they are written."""
        write_held(store, self.calls)
        if self.calls.spill_dir is not None:
            spill.discard(self.calls.spill_dir)
        return self.result


HELD_ATTRIBUTE = "archivist_held_calls"
"""The attribute of a partition task's error that carries the rows its calls made before it failed."""


def holding_calls(fn: Callable[..., Any]) -> Callable[..., Held]:
    """`fn` as a partition task whose call logs (and batch records) write nothing: their rows come back with its
    result (`Held`), or on its error (`HELD_ATTRIBUTE`) for the flow to write before it fails (`committed`).

    The task takes one more keyword, `calls_spill`: the partition's spill folder (storage/spill.py), where each
    attempt also appends its rows as they are made, so that the retry of an attempt that died (with its worker)
    or failed finds the calls it was answered in the call cache instead of paying for them again. Without it,
    such an attempt's rows are lost and its retry pays those calls again."""

    @functools.wraps(fn)
    def run(*args: Any, calls_spill: str | None = None, **kwargs: Any) -> Held:
        with hold_calls(calls_spill) as held:
            try:
                result = fn(*args, **kwargs)
            except Exception as err:
                if not held.empty:
                    # Errors pickle with their attributes (archivist.errors), so this crosses Dask too.
                    with contextlib.suppress(AttributeError, TypeError):
                        setattr(err, HELD_ATTRIBUTE, held)
                raise
        return Held(result, held)

    # Prefect binds a task's arguments to its signature: the wrapped function's, plus `calls_spill`.
    signature = inspect.signature(fn)
    extra = inspect.Parameter("calls_spill", inspect.Parameter.KEYWORD_ONLY, default=None)
    params = list(signature.parameters.values())
    at = next((i for i, p in enumerate(params) if p.kind is inspect.Parameter.VAR_KEYWORD), len(params))
    run.__signature__ = signature.replace(parameters=[*params[:at], extra, *params[at:]])  # type: ignore[attr-defined]
    return run


def committed(future: Any, store: Store, spill_dir: str | None = None) -> Any:
    """The result of a `holding_calls` task's future, its held rows written first; when the task failed, the
    rows its calls made (a batch id it submitted, answers it paid for) are written before the error is raised:
    those its error carries, or else those its attempts spilled in `spill_dir` (every attempt died)."""
    try:
        held = future.result()
    except Exception as err:
        rows = getattr(err, HELD_ATTRIBUTE, None)
        if not isinstance(rows, HeldCalls) and spill_dir is not None:
            rows = read_spilled(spill_dir)
        if isinstance(rows, HeldCalls):
            write_held(store, rows)
        if spill_dir is not None:
            spill.discard(spill_dir)
        raise
    return held.written(store)


def spill_dirs(staging: Path, stage: str, partitions: list[int]) -> list[str]:
    """One spill folder per partition of a stage, in the run's staging folder (which every worker reaches)."""
    return [str(staging / "_calls" / f"{stage}-{p}") for p in partitions]


@contextmanager
def task_runner(settings: Settings, runner: str | None = None, address: str | None = None, *,
                staging: bool = False) -> Iterator[TaskRunner[Any]]:
    """The configured task runner, ready for `flow.with_options(task_runner=...)` inside the block; `staging`:
    the run's tasks read staged files (ingest), which workers of an existing cluster must reach."""
    runner = runner or settings.ingest.runner
    if runner != "dask":
        yield thread_pool(settings.ingest.workers)
        return
    from distributed import Client, LocalCluster
    from prefect_dask.task_runners import DaskTaskRunner

    from archivist.tasks.providers import cluster_limits

    address = address or settings.ingest.dask_address
    if staging and address and "://" in settings.store.uri and not settings.ingest.staging_dir:
        raise ClusterNotReady(
            "an existing Dask cluster cannot read partitions staged on this machine's local disk (the store is an "
            "object store, so nothing is staged beside it)",
            hint="set `ingest.staging_dir` (ARCHIVIST_INGEST__STAGING_DIR) to a folder every worker mounts")
    with ExitStack() as stack:
        api_url = stack.enter_context(one_prefect_api())
        if not address:
            # Processes, not threads: partitions run in parallel beyond the interpreter lock. Workers are
            # spawned after the API URL is exported, so they inherit it.
            cluster: Any = LocalCluster(n_workers=settings.ingest.workers, threads_per_worker=1, processes=True,
                                        dashboard_address=":0")
            stack.enter_context(cluster)
            address = str(cluster.scheduler_address)
        client = stack.enter_context(Client(address, set_as_default=False))
        check_workers(client, api_url)
        cluster_limits.install(client)
        cluster_limits.set_flow_scheduler(address, client)
        stack.callback(cluster_limits.set_flow_scheduler, None)
        # cast: Prefect's own runners do not fit its `TaskRunner[PrefectFuture[Any]]` annotation (see thread_pool)
        yield cast(TaskRunner[Any], DaskTaskRunner(address=address))


@contextmanager
def one_prefect_api() -> Iterator[str]:
    """The Prefect API URL every process of the run uses: the configured one, or a temporary server started
    here (once per process) and exported as PREFECT_API_URL for the duration of the block."""
    from prefect.settings import PREFECT_API_URL, get_current_settings, temporary_settings

    configured = get_current_settings().api.url
    if configured:
        yield configured
        return
    from prefect.server.api.server import SubprocessASGIServer

    server = SubprocessASGIServer()
    server.start()
    previous = os.environ.get("PREFECT_API_URL")
    os.environ["PREFECT_API_URL"] = server.api_url
    try:
        with temporary_settings(updates={PREFECT_API_URL: server.api_url}):
            yield server.api_url
    finally:
        if previous is None:
            os.environ.pop("PREFECT_API_URL", None)
        else:
            os.environ["PREFECT_API_URL"] = previous


def check_workers(client: Any, api_url: str) -> None:
    """Every worker imports archivist and reports to `api_url`; otherwise one line saying what to fix."""
    try:
        seen = client.run(_worker_view)
    except ModuleNotFoundError as err:
        raise ClusterNotReady(f"a Dask worker cannot import archivist ({err})",
                              hint="install archivist (`pip install archivist`, the same version) on every worker "
                                   "and on the scheduler") from err
    if not seen:
        raise ClusterNotReady("the Dask cluster has no worker", hint="start at least one `dask worker` "
                                                                    "against the scheduler, then run again")
    wrong = sorted(worker for worker, url in seen.items() if url != api_url)
    if wrong:
        raise ClusterNotReady(
            f"{len(wrong)} Dask worker(s) (first {wrong[0]}) do not report to this run's Prefect API {api_url}",
            hint=f"start the workers with PREFECT_API_URL={api_url} in their environment (a worker without it "
                 f"starts a temporary Prefect server of its own), then run again")


def _worker_view() -> str:
    import archivist.tasks.providers.cluster_limits  # noqa: F401 - fails here if archivist is missing

    return os.environ.get("PREFECT_API_URL", "")


def temporary_servers() -> list[int]:
    """Ports of the temporary Prefect servers this process started (run on each worker by the tests)."""
    from prefect.server.api.server import SubprocessASGIServer

    return sorted(s.port for s in SubprocessASGIServer._instances.values() if s.running and s.port)
