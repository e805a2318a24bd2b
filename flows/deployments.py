"""The Prefect deployments `archivist serve` registers: nightly ingestion, weekly consolidation, on-demand
re-scoring, with their schedules from `configs/schedules.toml` (read and checked by `archivist.configs.schedules`).

    specs = load_schedules()
    deployments = build_deployments(specs)   # flow.to_deployment(...) per spec; no server contacted
    prefect.serve(*deployments)               # long-running: runs each deployment on its schedule

Deployment parameters must be JSON, so each deployment runs a flow whose parameters are plain values (paths,
a store URI, a model name); the nightly ingestion wraps `run_ingest` for that reason.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from prefect import flow

from archivist.configs.schedules import (
    DeploymentSpec,
    ScheduleFileError,
    load_schedules,
)
from archivist.configs.settings import load_settings
from archivist.flows.runtime import prefect_defaults

TAGS = ["archivist"]
__all__ = ["DeploymentSpec", "ScheduleFileError", "build_deployments", "describe", "load_schedules",
           "nightly_ingest_flow", "serve_deployments"]


@flow(name="nightly-ingest", validate_parameters=False)
def nightly_ingest_flow(paths: list[str], store: str | None = None, fmt: str = "auto") -> dict[str, Any]:
    """Ingest `paths` with the configured settings (the ingestion flow runs as a subflow)."""
    from archivist.flows.ingest import run_ingest

    settings = load_settings(store__uri=store)
    return asdict(run_ingest(list(paths), settings, fmt=fmt))


def _flows() -> dict[str, Any]:
    from archivist.flows.consolidate import consolidate_flow
    from archivist.flows.rescore import rescore_flow

    return {"nightly-ingest": nightly_ingest_flow, "consolidate": consolidate_flow, "rescore": rescore_flow}


def build_deployments(specs: list[DeploymentSpec], store: str | None = None) -> list[Any]:
    """One `RunnerDeployment` per spec (`flow.to_deployment`); `store` becomes every deployment's store."""
    from prefect.schedules import Cron

    flows = _flows()
    deployments = []
    for spec in specs:
        parameters = {**spec.parameters, **({"store": store} if store else {})}
        schedules = [Cron(spec.cron, timezone=spec.timezone)] if spec.cron else None
        deployments.append(flows[spec.flow].to_deployment(
            name=spec.name, schedules=schedules, parameters=parameters, description=spec.description, tags=TAGS))
    return deployments


def describe(specs: list[DeploymentSpec], store: str | None = None) -> list[dict[str, Any]]:
    """What `serve` would register, one row per deployment."""
    return [{"deployment": f"{spec.flow}/{spec.name}", "schedule": spec.schedule, "cron": spec.cron,
             "timezone": spec.timezone if spec.cron else None,
             "parameters": {**spec.parameters, **({"store": store} if store else {})},
             "description": spec.description} for spec in specs]


def serve_deployments(specs: list[DeploymentSpec], store: str | None = None) -> None:
    """Register the deployments and run them on their schedules until interrupted."""
    from prefect import serve

    with prefect_defaults():
        serve(*build_deployments(specs, store))
