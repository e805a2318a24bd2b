"""The nightly ingestion flow: archive in, turns stored with embeddings, bad records quarantined.

One Prefect task per partition of scopes (never per turn: a task costs ~11 ms of orchestration here);
the flow itself is the single writer of every table.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from prefect import flow, task, unmapped
from prefect.cache_policies import NO_CACHE
from prefect.futures import as_completed

from archivist.configs.settings import Settings, with_overrides
from archivist.flows.cli.progress import report
from archivist.flows.cluster import committed, holding_calls, spill_dirs, task_runner
from archivist.flows.runs import TrackedRun, retry_unless_terminal, thread_pool
from archivist.flows.runtime import prefect_defaults
from archivist.storage.calls import CallLog, run_spend
from archivist.storage.facts import ensure_fact_tables
from archivist.storage.ingested import store_token
from archivist.storage.meta import record_embedder, recorded_embedder
from archivist.storage.search import ensure_fts_index
from archivist.storage.staging import recover_spills
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables
from archivist.tasks.extract.batch import BatchesSubmitted
from archivist.tasks.ingest import steps as ingest_steps
from archivist.tasks.ingest.embed import check_store_embedder, get_embedder
from archivist.tasks.plans.heal import heal_store
from archivist.tasks.providers.budget import close_budget, open_budget
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
    turns_not_extracted: int = 0
    """Of the deferred turns, those held because the spend budget stopped extraction in their scope."""
    budget_usd: float | None = None
    spent_usd: float = 0.0
    """What this run's model calls cost (the ledger's rows of this run)."""
    budget_stopped: bool = False
    """The spend budget refused a model call: work is left for the next run."""
    gate_skipped: int = 0
    """Turns the extraction gate kept from the extractor this run (recorded in `extract_skips`, left unmarked)."""
    stage_seconds: dict[str, float] = field(default_factory=dict)
    """Write-path time by stage, summed over partitions (parse, vectors, decisions) and the flow's commits."""
    store_token_before: str | None = None
    store_token_after: str | None = None
    """The store's tables as the run found and left them (storage/ingested.py), taken under the writer lease."""

    @property
    def turns_per_second(self) -> float:
        return self.records_read / self.seconds if self.seconds else 0.0


# task(name=...)(fn), not task(fn, name=...): only the decorator form is in Prefect's typed overloads.
stage_task = task(name="stage-archive", cache_policy=NO_CACHE)(ingest_steps.stage_archive)
# holding_calls: a partition's call_cache and ledger rows come back with its result; the flow writes them.
embed_task = task(name="embed-partition", cache_policy=NO_CACHE, retries=1, retry_delay_seconds=2,
                  retry_condition_fn=retry_unless_terminal)(holding_calls(ingest_steps.embed_partition))
facts_task = task(name="facts-partition", cache_policy=NO_CACHE)(holding_calls(facts_steps.decide_partition))


def _staging_dir(settings: Settings, run_id: str) -> Path:
    # Partition tasks read the staged files, so on a cluster this must be a folder every worker reaches.
    if settings.ingest.staging_dir:
        return Path(settings.ingest.staging_dir) / run_id
    uri = settings.store.uri
    if "://" in uri:  # an object store: stage on local disk
        return Path(tempfile.mkdtemp(prefix=f"archivist-stage-{run_id}-"))
    return Path(uri) / "_staging" / run_id


@flow(name="ingest", task_runner=thread_pool(2), validate_parameters=False)
def ingest_flow(paths: list[str], settings: Settings, fmt: str = "auto", stage: str = "all",
                extract: str = "auto") -> IngestSummary:
    started = time.perf_counter()
    token_before = store_token(settings.store.uri)  # under the writer lease: no other writer since
    run_id = uuid.uuid4().hex[:16]
    store = Store(settings.store.uri, settings.store.storage_options)
    embedder = get_embedder(settings)
    check_store_embedder(recorded_embedder(store), embedder)
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    heal_store(store)  # a commit a killed run left open is healed before anything is read or written
    recover_spills(store, run_id)  # a killed run's paid calls: cached now, not paid again
    parameters = {"paths": paths, "format": fmt, "stage": stage, "extract": extract,
                  "partitions": settings.ingest.partitions}
    staging = _staging_dir(settings, run_id)
    budget = open_budget(run_id, settings.budget.max_cost_usd)  # every thread's calls draw on this one
    with closing_budget(run_id), TrackedRun(store, "ingest", run_id, parameters, artifact="ingest-summary") as run:
        run.own(_StagingFolder(staging))
        clock = time.perf_counter()
        staged = stage_task(paths, fmt, settings, run_id, staging)
        turn_seconds = {"read": time.perf_counter() - clock}
        clock = time.perf_counter()
        partitions = sorted(staged.partitions)
        spills = spill_dirs(staging, "embed", partitions)
        futures = embed_task.map(partitions, [staged.partitions[p] for p in partitions],
                                 unmapped(settings), unmapped(run_id), calls_spill=spills)
        spill_of = {id(f): d for f, d in zip(futures, spills, strict=True)}
        written, embedded = 0, []
        report("turns: partitions embedded and stored", 0, len(partitions))
        for future in as_completed(futures):
            # Committing here, in the flow, keeps one writer per table whatever the task runner.
            embedded.append(committed(future, store, spill_of[id(future)]))
            written += ingest_steps.commit_embedded(store, embedded[-1].files)
            report("turns: partitions embedded and stored", len(embedded), len(partitions))
        turn_seconds["turns"] = time.perf_counter() - clock
        facts: dict[str, Any] = {}
        if stage == "all":
            # Tables are created here, once, before tasks that read them run in parallel.
            ensure_write_path_tables(store, embedder.dim)
            facts = _write_path(embedded, settings, run_id, extract, store, embedder.dim, staging)
            # Recall's full-text search needs these; building them here keeps the cost off the first query.
            ensure_fts_index(store, "turns")
            ensure_fts_index(store, "facts")
        # Folds the night's rows into the id indexes, so tomorrow's "already stored?" look-ups stay cheap.
        store.optimize("turns", "quarantine", "extracted", "facts", "decisions", "events")
        stopped = bool(facts.pop("budget_stopped", False)) or budget.refused > 0
        spent = run_spend(store, run_id) if budget.limit_usd is not None else budget.spent_usd
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
            budget_usd=budget.limit_usd,
            spent_usd=spent,
            budget_stopped=stopped,
            store_token_before=token_before,
            store_token_after=store_token(settings.store.uri),  # after the last table write (runs is not counted)
        )
        summary.stage_seconds = turn_seconds | summary.stage_seconds
        run.complete(asdict(summary) | {"turns_per_second": summary.turns_per_second}, title=f"ingest run {run_id}")
    return summary


@contextmanager
def closing_budget(run_id: str) -> Iterator[None]:
    try:
        yield
    finally:
        close_budget(run_id)


class _StagingFolder:
    """The run's staging files, removed when the run ends however it ends (a re-run stages again)."""

    def __init__(self, path: Path):
        self.path = path

    def close(self) -> None:
        ingest_steps.clear_staging(self.path)


def ensure_write_path_tables(store: Store, dim: int) -> None:
    ensure_fact_tables(store, dim)
    CallLog(store).close()


def _submit_batches(work: list, settings: Settings, run_id: str, store: Store, staging: Path) -> int:
    """Batch mode's first pass: every partition's extraction batches queued before any partition waits on
    its own (else partitions beyond the task runner's width would start a 24-hour window only after others
    end). The flow writes each partition's `llm_batches` records as it returns, so a batch id is in the store
    seconds after it was submitted, not after a wait of hours; the second pass finds them and collects them."""
    submit_only = with_overrides(settings, llm__batch_submit_only=True)
    spills = spill_dirs(staging, "submit", [e.partition for e in work])
    futures = submit_task.map([e.partition for e in work], [e.scopes for e in work], unmapped(submit_only),
                              unmapped(run_id), calls_spill=spills)
    spill_of = {id(f): d for f, d in zip(futures, spills, strict=True)}
    queued = sum(committed(future, store, spill_of[id(future)]) for future in as_completed(futures))
    report(f"extraction batches: {queued} queued or waiting", len(work), len(work))
    return queued


def _submit_partition(partition: int, scopes: list, settings: Settings, run_id: str) -> int:
    """The batches one partition has queued (a partition with nothing left to send returns 0)."""
    try:
        facts_steps.decide_partition(partition, scopes, settings, run_id, "batch")
    except BatchesSubmitted as submitted:
        return submitted.batches
    return 0


# holding_calls: the batch records and call rows of the submission come back to the flow, which writes them.
submit_task = task(name="submit-batches", cache_policy=NO_CACHE)(holding_calls(_submit_partition))


def _write_path(embedded: list, settings: Settings, run_id: str, extract: str, store: Store,
                dim: int, staging: Path) -> dict[str, Any]:
    """Extraction and decisions, one task per partition; the flow commits each partition's changes together."""
    work = sorted((e for e in embedded if e.scopes), key=lambda e: e.partition)
    if extract == "batch" and (work or settings.llm.batch_submit_only):
        queued = _submit_batches(work, settings, run_id, store, staging)
        if settings.llm.batch_submit_only:
            raise BatchesSubmitted(f"{queued} extraction batch(es) queued or already waiting; run the same ingest "
                                   "without llm.batch_submit_only to collect them", queued)
    spills = spill_dirs(staging, "facts", [e.partition for e in work])
    futures = facts_task.map([e.partition for e in work], [e.scopes for e in work], unmapped(settings),
                             unmapped(run_id), unmapped(extract), calls_spill=spills)
    spill_of = {id(f): d for f, d in zip(futures, spills, strict=True)}
    totals = {"facts_extracted": 0, "decision_requests": 0, "decisions": 0, "facts_written": 0, "events": 0,
              "extraction_failures": 0, "fallback_decisions": 0, "fallbacks": {}, "deferred_turns": 0,
              "deferred_statements": 0, "deferred_decisions": {}, "turns_not_extracted": 0, "budget_stopped": False,
              "stage_seconds": {}, "gate_skipped": 0}
    report("facts: partitions decided and committed", 0, len(work))
    for done, future in enumerate(as_completed(futures), start=1):
        result = committed(future, store, spill_of[id(future)])
        clock = time.perf_counter()
        counts = facts_steps.commit_facts(store, result, dim, run_id)
        seconds = totals["stage_seconds"]
        for stage, spent in [*result.seconds.items(), ("commit", time.perf_counter() - clock)]:
            seconds[stage] = seconds.get(stage, 0.0) + spent
        totals["turns_not_extracted"] += result.turns_not_extracted
        totals["budget_stopped"] = totals["budget_stopped"] or result.budget_stopped
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
        totals["gate_skipped"] += counts["gate_skipped"]
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
    """Run the flow with the configured task runner (threads here, or a Dask cluster: see flows/cluster.py)."""
    with prefect_defaults(), Store(settings.store.uri, settings.store.storage_options).writer("ingest"), \
            task_runner(settings, runner, dask_address, staging=True) as chosen:
        return ingest_flow.with_options(task_runner=chosen)(paths, settings, fmt, stage, extract)
