"""The re-scoring flow: re-ask stored decisions with a new model version, report the drift, plan the changes.

    rescore_flow(model="local-decider-3@t=0.7")               a real run (cached, batched, rate-limited)
    prepare_rescore(...) + estimate(...)                       the dry run: counts and cost, no call, no Prefect
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from prefect import flow, task, unmapped
from prefect.cache_policies import NO_CACHE

from archivist.clock import parse_moment
from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings, load_settings, with_overrides
from archivist.configs.thresholds import load_thresholds
from archivist.flows.cluster import holding_calls, task_runner
from archivist.flows.handoff import park, take
from archivist.flows.runs import TrackedRun, retry_unless_terminal
from archivist.storage.store import Store
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.plans.heal import heal_store
from archivist.tasks.rescore.requests import (
    RESCORE_PREFIX,
    LatestQuestions,
    RescoreWork,
    rebuild_requests,
    stored_decisions,
)
from archivist.tasks.rescore.run import ask_rescore, drift_markdown, partition_requests, record_rescore
from archivist.tasks.rescore.seconds import Answered


@dataclass
class Prepared:
    settings: Settings
    store: Store
    work: RescoreWork


def prepare_rescore(model: str, provider: str | None = None, question: str | None = None,
                    since: datetime | None = None, store: str | None = None, tenant: str | None = None,
                    scope: str | None = None, settings: Settings | None = None,
                    latest_questions: bool = False) -> Prepared:
    """Settings pointed at the new model (a copy: the caller's settings are unchanged), and the rebuilt
    requests; reads only. With `latest_questions`, every decision is re-asked at its question's latest version."""
    pointed = with_overrides(settings or load_settings(), decisions__provider=provider, decisions__model=model)
    db = Store.open_existing(store or pointed.store.uri, pointed.store.storage_options)  # never create one
    latest = LatestQuestions(load_questions()) if latest_questions else None
    decisions = stored_decisions(db, new_model=model, question=question, since=since, tenant=tenant, scope=scope,
                                 latest=latest)
    return Prepared(pointed, db, rebuild_requests(db, decisions, latest or load_questions()))


# task(name=...)(fn): only the decorator form is in Prefect's typed overloads. A retried partition asks its
# requests again: a failed attempt's answers never reached the call cache (holding_calls).
rescore_task = task(name="rescore-partition", cache_policy=NO_CACHE, retries=1, retry_delay_seconds=2,
                    retry_condition_fn=retry_unless_terminal)(holding_calls(ask_rescore))


@flow(name="rescore-partitions", validate_parameters=False)
def rescore_partitions(settings: Settings, store_uri: str, work_key: str, run_id: str) -> list:
    """One task per partition of scopes, on the runner the caller chose; their answers (`Held`, with their
    calls' rows for the caller to write) in order. The requests are parked by the caller (flows/handoff.py):
    as a flow parameter they would pass Prefect's size limit on real stores."""
    groups = take(work_key)
    futures = rescore_task.map(unmapped(settings), unmapped(store_uri), groups, run_id=unmapped(run_id))
    return [future.result() for future in futures]


def ask_partitioned(settings: Settings, db: Store, work: RescoreWork, run_id: str) -> list[Answered]:
    """Every request of `work` asked, one task per partition of scopes on `task_runner(settings)` (each also
    asks the second readings its answers now require); one answer per request, in the order of `work.requests`."""
    if not work.requests:
        return []
    groups = partition_requests(work, settings.ingest.partitions)
    with task_runner(settings) as chosen:
        # A nested flow of its own runner: on Dask the partitions run in worker processes, each opening a
        # decision client from settings (nothing unpicklable crosses), paced by the one scheduler-held budget.
        parts = rescore_partitions.with_options(task_runner=chosen)(
            settings, db.uri, park([[(work.requests[i].request, work.requests[i].second) for i in group]
                                    for group in groups]), run_id)
    results: list[Answered | None] = [None] * len(work.requests)
    for group, held in zip(groups, parts, strict=True):
        for i, result in zip(group, held.written(db), strict=True):
            results[i] = result
    return [r for r in results if r is not None]


@flow(name="rescore", validate_parameters=False)
def rescore_flow(model: str, provider: str | None = None, question: str | None = None, since: str | None = None,
                 store: str | None = None, tenant: str | None = None, scope: str | None = None,
                 settings: Settings | None = None, latest_questions: bool = False) -> dict[str, Any]:
    """Re-ask the stored decisions with `model` (at the latest question versions with `latest_questions`);
    `since` is read by `archivist.clock.parse_moment`."""
    moment = parse_moment(since) if since else None
    prepared = prepare_rescore(model, provider, question, moment, store, tenant, scope, settings, latest_questions)
    if heal_store(prepared.store):  # a killed run's half-commit changed what is stored: read it again
        prepared = prepare_rescore(model, provider, question, moment, store, tenant, scope, settings,
                                   latest_questions)
    run_id = RESCORE_PREFIX + uuid.uuid4().hex[:12]
    db = prepared.store
    parameters = {"model": model, "provider": provider, "question": question, "since": since,
                  "latest_questions": latest_questions}
    with db.writer("rescore"), TrackedRun(db, "rescore", run_id, parameters, artifact="rescore-summary") as run:
        decider = run.own(build_decider(prepared.settings, db, run_id))  # checks the model before any task
        results = ask_partitioned(prepared.settings, db, prepared.work, run_id)
        # The flow alone writes: the new decisions, then the plan (tasks/rescore/run.py).
        outcome = record_rescore(db, prepared.work, results, run_id=run_id, model=model,
                                 t=load_thresholds(model=decider.provider.model),
                                 relations=load_relations(), tenant=tenant, scope=scope, question=question)
        summary = outcome.summary()
        run.complete(summary, title=f"re-score with {model}: plan {summary['plan_id']}",
                     markdown=drift_markdown(summary))
    return summary
