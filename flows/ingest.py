"""The nightly ingestion flow: archive in, turns stored with embeddings, bad records quarantined.

One Prefect task per partition of scopes (never per turn: a task costs ~11 ms of orchestration here);
the flow itself is the single writer of every table.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

from prefect import flow, task, unmapped
from prefect.cache_policies import NO_CACHE
from prefect.futures import as_completed
from prefect.task_runners import TaskRunner

from archivist.configs.settings import Settings
from archivist.flows.cli.progress import report
from archivist.flows.runs import TrackedRun, retry_unless_terminal, thread_pool
from archivist.flows.runtime import prefect_defaults
from archivist.storage.calls import CallLog
from archivist.storage.facts import ensure_fact_tables
from archivist.storage.meta import record_embedder, recorded_embedder
from archivist.storage.search import ensure_fts_index
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables
from archivist.tasks.ingest import steps as ingest_steps
from archivist.tasks.ingest.embed import check_store_embedder, get_embedder
from archivist.tasks.plans.heal import heal_store
from archivist.tasks.writepath import partition as facts_steps


@dataclass
class IngestSummary(ingest_steps.ReadCounts):
    """One run's counts; the file and credential counts (ReadCounts) are the staging step's."""

    run_id: str
    records_read: int
    turns_written: int
    duplicates_skipped: int
    quarantined: int
    quarantine_new: int
    partitions: int
    seconds: float
    facts_extracted: int = 0
    decision_requests: int = 0
    decisions: int = 0
    facts_written: int = 0
    events: int = 0
    records_quarantined: int = 0
    """Records rejected on reading; `quarantined` adds the extraction failures to these."""
    extraction_failures: int = 0
    fallback_decisions: int = 0
    """Decisions recorded as a uniform fallback (no usable answer from the decision model)."""
    fallbacks: dict[str, int] = field(default_factory=dict)
    """The recorded fallbacks per "question/provider"."""
    deferred_turns: int = 0
    """Turns left for the next run because a decision call failed transiently (rate limit, 5xx, timeout)."""
    deferred_statements: int = 0
    deferred_decisions: dict[str, int] = field(default_factory=dict)
    """"question/provider" -> answers of the failed calls that deferred statements (never written)."""

    @property
    def turns_per_second(self) -> float:
        return self.records_read / self.seconds if self.seconds else 0.0


# task(name=...)(fn), not task(fn, name=...): only the decorator form is in Prefect's typed overloads.
stage_task = task(name="stage-archive", cache_policy=NO_CACHE)(ingest_steps.stage_archive)
embed_task = task(name="embed-partition", cache_policy=NO_CACHE, retries=1, retry_delay_seconds=2,
                  retry_condition_fn=retry_unless_terminal)(ingest_steps.embed_partition)
facts_task = task(name="facts-partition", cache_policy=NO_CACHE)(facts_steps.decide_partition)


def _staging_dir(settings: Settings, run_id: str) -> Path:
    uri = settings.store.uri
    if "://" in uri:  # an object store: stage on local disk
        return Path(tempfile.mkdtemp(prefix=f"archivist-stage-{run_id}-"))
    return Path(uri) / "_staging" / run_id


@flow(name="ingest", task_runner=thread_pool(2), validate_parameters=False)
def ingest_flow(paths: list[str], settings: Settings, fmt: str = "auto", stage: str = "all",
                extract: str = "auto") -> IngestSummary:
    started = time.perf_counter()
    run_id = uuid.uuid4().hex[:16]
    store = Store(settings.store.uri, settings.store.storage_options)
    embedder = get_embedder(settings)
    check_store_embedder(recorded_embedder(store), embedder)
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    heal_store(store)  # a commit a killed run left open is healed before anything is read or written
    parameters = {"paths": paths, "format": fmt, "stage": stage, "extract": extract,
                  "partitions": settings.ingest.partitions}
    staging = _staging_dir(settings, run_id)
    with TrackedRun(store, "ingest", run_id, parameters, artifact="ingest-summary") as run:
        run.own(_StagingFolder(staging))
        staged = stage_task(paths, fmt, settings, run_id, staging)
        partitions = sorted(staged.partitions)
        futures = embed_task.map(partitions, [staged.partitions[p] for p in partitions],
                                 unmapped(settings), unmapped(run_id))
        written, embedded = 0, []
        report("turns: partitions embedded and stored", 0, len(partitions))
        for future in as_completed(futures):
            # Committing here, in the flow, keeps one writer per table whatever the task runner.
            embedded.append(future.result())
            written += ingest_steps.commit_embedded(store, embedded[-1].files)
            report("turns: partitions embedded and stored", len(embedded), len(partitions))
        facts = {}
        if stage == "all":
            # Tables are created here, once, before tasks that read them run in parallel.
            ensure_write_path_tables(store, embedder.dim)
            facts = _write_path(embedded, settings, run_id, extract, store, embedder.dim)
            # Recall's full-text search needs these; building them here keeps the cost off the first query.
            ensure_fts_index(store, "turns")
            ensure_fts_index(store, "facts")
        # Folds the night's rows into the id indexes, so tomorrow's "already stored?" look-ups stay cheap.
        store.optimize("turns", "quarantine", "extracted", "facts", "decisions", "events")
        summary = IngestSummary(
            run_id=run_id,
            records_read=staged.records_read,
            turns_written=written,
            duplicates_skipped=staged.valid - written,
            quarantined=staged.quarantined + facts.get("extraction_failures", 0),
            quarantine_new=staged.quarantine_new,
            partitions=len(partitions),
            seconds=time.perf_counter() - started,
            records_quarantined=staged.quarantined,
            **staged.read_counts(),
            **facts,
        )
        run.complete(asdict(summary) | {"turns_per_second": summary.turns_per_second}, title=f"ingest run {run_id}")
    return summary


class _StagingFolder:
    """The run's staging files, removed when the run ends however it ends (a re-run stages again)."""

    def __init__(self, path: Path):
        self.path = path

    def close(self) -> None:
        ingest_steps.clear_staging(self.path)


def ensure_write_path_tables(store: Store, dim: int) -> None:
    ensure_fact_tables(store, dim)
    CallLog(store).close()


def _write_path(embedded: list, settings: Settings, run_id: str, extract: str, store: Store,
                dim: int) -> dict[str, Any]:
    """Extraction and decisions, one task per partition; the flow commits each partition's changes together."""
    work = sorted((e for e in embedded if e.scopes), key=lambda e: e.partition)
    futures = facts_task.map([e.partition for e in work], [e.scopes for e in work], unmapped(settings),
                             unmapped(run_id), unmapped(extract))
    totals = {"facts_extracted": 0, "decision_requests": 0, "decisions": 0, "facts_written": 0, "events": 0,
              "extraction_failures": 0, "fallback_decisions": 0, "fallbacks": {}, "deferred_turns": 0,
              "deferred_statements": 0, "deferred_decisions": {}}
    report("facts: partitions decided and committed", 0, len(work))
    for done, future in enumerate(as_completed(futures), start=1):
        result = future.result()
        counts = facts_steps.commit_facts(store, result, dim, run_id)
        totals["facts_extracted"] += result.facts_extracted
        totals["decision_requests"] += result.requests
        totals["decisions"] += counts["decisions"]
        totals["facts_written"] += counts["facts"]
        totals["events"] += counts["events"]
        totals["extraction_failures"] += result.problems.height
        decisions = result.changes.decisions if result.changes is not None else None
        if decisions is not None and "fallback" in decisions.columns:
            totals["fallback_decisions"] += int(decisions["fallback"].sum() or 0)
        totals["deferred_turns"] += counts["deferred_turns"]
        totals["deferred_statements"] += counts["deferred_statements"]
        for name in ("fallbacks", "deferred_decisions"):
            for key, n in counts[name].items():
                totals[name][key] = totals[name].get(key, 0) + n
        report("facts: partitions decided and committed", done, len(work))
    for name in ("fallbacks", "deferred_decisions"):
        totals[name] = dict(sorted(totals[name].items()))
    return totals


def run_ingest(paths: list[str], settings: Settings, fmt: str = "auto", stage: str = "all",
               runner: str | None = None, dask_address: str | None = None, extract: str = "auto") -> IngestSummary:
    """Run the flow with the configured task runner (threads here, or Dask)."""
    runner = runner or settings.ingest.runner
    if runner == "dask":
        from prefect_dask.task_runners import DaskTaskRunner

        address = dask_address or settings.ingest.dask_address
        task_runner = (
            DaskTaskRunner(address=address)
            if address
            else DaskTaskRunner(cluster_kwargs={"n_workers": settings.ingest.workers, "processes": False})
        )
    else:
        task_runner = thread_pool(settings.ingest.workers)
    with prefect_defaults(), Store(settings.store.uri, settings.store.storage_options).writer("ingest"):
        # cast: Prefect's own runners do not fit its `TaskRunner[PrefectFuture[Any]]` annotation (see thread_pool)
        return ingest_flow.with_options(task_runner=cast(TaskRunner[Any], task_runner))(paths, settings, fmt, stage,
                                                                                         extract)
