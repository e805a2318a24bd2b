"""The consolidation flow: one task per partition of scopes; the flow alone writes (decisions, then the plan).

Nothing in the facts or events tables changes: the result is a draft plan (`archivist plan show ID`).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from prefect import flow, task, unmapped
from prefect.cache_policies import NO_CACHE

from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings, load_settings
from archivist.configs.thresholds import load_thresholds
from archivist.flows.artifacts import publish_summary
from archivist.flows.cluster import holding_calls, task_runner
from archivist.flows.handoff import park, take
from archivist.flows.runs import TrackedRun, retry_unless_terminal, thread_pool
from archivist.storage.scopes import fact_vector_dim, list_scopes
from archivist.storage.store import Store
from archivist.tasks.consolidate.run import (
    RUN_PREFIX,
    consolidate_scopes,
    model_version,
    partition_scopes,
    record_consolidation,
)
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.plans.heal import heal_store

# task(name=...)(fn), not task(fn, name=...): only the decorator form is in Prefect's typed overloads.
consolidate_task = task(name="consolidate-partition", cache_policy=NO_CACHE, retries=1,
                        retry_delay_seconds=2, retry_condition_fn=retry_unless_terminal)(
                            holding_calls(consolidate_scopes))  # its call rows come back to the flow


@flow(name="consolidate-partitions", validate_parameters=False)
def consolidate_partitions(settings: Settings, store_uri: str, groups_key: str, question: Any, t: Any,
                           relations: Any, run_id: str, dim: int | None, max_pairs: int | None) -> list:
    """One task per partition of scopes, on the runner the caller chose; returns their results in order. The
    scope lists are parked by the caller (flows/handoff.py), so a store of any size stays under Prefect's limit
    on flow parameters."""
    groups = take(groups_key)
    futures = consolidate_task.map(unmapped(settings), unmapped(store_uri), groups, unmapped(question),
                                   unmapped(t), unmapped(relations), run_id=unmapped(run_id), dim=unmapped(dim),
                                   max_pairs=unmapped(max_pairs))
    return [future.result() for future in futures]  # Held: the caller, the single writer, writes their calls


@flow(name="consolidate", task_runner=thread_pool(2), validate_parameters=False)
def consolidate_flow(tenant: str | None = None, scope: str | None = None, store: str | None = None,
                     max_pairs: int | None = None, settings: Settings | None = None) -> dict[str, Any]:
    """Plan what a pass over the stored facts would change, with the configured decision model."""
    settings = settings or load_settings()
    db = Store.open_existing(store or settings.store.uri, settings.store.storage_options)  # never create one
    heal_store(db)  # before the examined pairs are read: a killed pass's decisions without a plan go first
    t, relations, question = load_thresholds(), load_relations(), load_questions().latest("relation", asked_of="pairs")
    scopes = list_scopes(db, tenant, scope)
    if not scopes:
        summary = {"plan_id": None, "scopes": 0, "note": "no stored facts match; nothing to consolidate"}
        publish_summary("consolidation-summary", "consolidation", summary)
        return summary
    run_id = RUN_PREFIX + uuid.uuid4().hex[:12]
    parameters = {"tenant": tenant, "scope": scope, "max_pairs": max_pairs}
    with db.writer("consolidate"), TrackedRun(db, "consolidate", run_id, parameters,
                                             artifact="consolidation-summary") as run:
        decider = run.own(build_decider(settings, db, run_id))
        groups = partition_scopes(scopes, settings.ingest.partitions)
        with task_runner(settings) as chosen:
            # A nested flow of its own runner: on Dask the partitions run in worker processes, each opening the
            # store and a decision client from settings (nothing unpicklable crosses), paced by one budget.
            parts = consolidate_partitions.with_options(task_runner=chosen)(
                settings, db.uri, park(groups), question, t, relations, run_id, fact_vector_dim(db), max_pairs)
        parts = [part.written(db) for part in parts]
        plan = record_consolidation(db, parts, tenant=tenant, scope=scope, model=model_version(decider),
                                    question=question, run_id=run_id,
                                    max_pairs=t.consolidation_max_pairs if max_pairs is None else max_pairs)
        summary = run.complete({"plan_id": plan.plan_id, **json.loads(plan.plan["summary"])},
                               title=f"consolidation plan {plan.plan_id} (draft)")
    return summary
