"""The re-scoring flow: re-ask stored decisions with a new model version, report the drift, plan the changes.

    rescore_flow(model="local-decider-1@t=0.7")               a real run (cached, batched, rate-limited)
    prepare_rescore(...) + estimate(...)                       the dry run: counts and cost, no call, no Prefect
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings, load_settings
from archivist.configs.thresholds import load_thresholds
from archivist.flows.artifacts import publish_summary
from archivist.storage.store import Store
from archivist.storage.turns import finish_run, start_run
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.rescore.run import drift_markdown, rescore_store
from archivist.tasks.rescore.requests import RESCORE_PREFIX, RescoreWork, rebuild_requests, stored_decisions


@dataclass
class Prepared:
    settings: Settings
    store: Store
    work: RescoreWork


def prepare_rescore(model: str, provider: str | None = None, question: str | None = None,
                    since: datetime | None = None, store: str | None = None, tenant: str | None = None,
                    scope: str | None = None, settings: Settings | None = None) -> Prepared:
    """Settings pointed at the new model, and the rebuilt requests; reads only."""
    settings = settings or load_settings()
    if provider:
        settings.decisions.provider = provider
    settings.decisions.model = model
    db = Store(store or settings.store.uri, settings.store.storage_options)
    decisions = stored_decisions(db, new_model=model, question=question, since=since, tenant=tenant, scope=scope)
    return Prepared(settings, db, rebuild_requests(db, decisions, load_questions()))


rescore_task = task(rescore_store, name="rescore", cache_policy=NO_CACHE)


@flow(name="rescore", validate_parameters=False)
def rescore_flow(model: str, provider: str | None = None, question: str | None = None, since: str | None = None,
                 store: str | None = None, tenant: str | None = None, scope: str | None = None,
                 settings: Settings | None = None, decider: Any = None) -> dict[str, Any]:
    """Re-ask the stored decisions with `model`; `decider` (tests only) replaces the configured client."""
    moment = datetime.fromisoformat(since) if since else None
    prepared = prepare_rescore(model, provider, question, moment, store, tenant, scope, settings)
    run_id = RESCORE_PREFIX + uuid.uuid4().hex[:12]
    db = prepared.store
    start_run(db, run_id, "rescore", {"model": model, "provider": provider, "question": question, "since": since})
    own = decider is None
    decider = decider or build_decider(prepared.settings, db, run_id)
    try:
        outcome = rescore_task(db, prepared.work, decider, run_id=run_id, model=model, t=load_thresholds(),
                               relations=load_relations(), tenant=tenant, scope=scope, question=question)
    except BaseException:
        finish_run(db, run_id, "failed", {})
        raise
    finally:
        if own:
            decider.close()
    summary = outcome.summary()
    finish_run(db, run_id, "completed", summary)
    publish_summary("rescore-summary", f"re-score with {model}: plan {summary['plan_id']}", summary,
                    markdown=drift_markdown(summary))
    return summary
