"""The Prefect deployments `archivist serve` registers: nightly ingestion, weekly consolidation, on-demand
re-scoring, with their schedules from `configs/schedules.toml` (read and checked by `archivist.configs.schedules`).

    specs = load_schedules()
    deployments = build_deployments(specs)   # flow.to_deployment(...) per spec; no server contacted
    prefect.serve(*deployments)               # long-running: runs each deployment on its schedule

Deployment parameters must be JSON, so each deployment runs a flow whose parameters are plain values (paths,
a store URI, a model name); the nightly ingestion wraps `run_ingest` for that reason.

The nightly paths are templates: `{date}` is the day before the run's scheduled date (the night's archive is
read the morning after), in the schedule's timezone; `{date:%Y/%m/%d}` takes any strftime pattern. The
template is stored in the deployment and rendered when the run starts, from the run's *scheduled* time, so a
late or re-run night still reads its own day (`render_paths`, checked when the schedule file is read).
"""

from __future__ import annotations

import sys
from dataclasses import asdict
from datetime import datetime
from typing import Any

from prefect import flow

from archivist.configs.schedules import (
    DeploymentSpec,
    ScheduleFileError,
    load_schedules,
    night_of,
    render_paths,
)
from archivist.configs.settings import load_settings
from archivist.flows.runtime import SERVER_HINT, prefect_defaults, uses_temporary_server

TAGS = ["archivist"]
__all__ = ["DeploymentSpec", "ScheduleFileError", "build_deployments", "describe", "load_schedules", "night_of",
           "nightly_ingest_flow", "render_paths", "scheduled_paths", "serve_deployments"]


@flow(name="nightly-ingest", validate_parameters=False)
def nightly_ingest_flow(paths: list[str], store: str | None = None, fmt: str = "auto",
                        timezone: str = "UTC") -> dict[str, Any]:
    """Ingest `paths`, their `{date}` rendered for this run's night, with the configured settings (the
    ingestion flow runs as a subflow). The summary's `paths` are the rendered ones."""
    from prefect.runtime import flow_run

    from archivist.flows.ingest import run_ingest

    rendered = scheduled_paths(paths, flow_run.scheduled_start_time, timezone)
    settings = load_settings(store__uri=store)
    return {**asdict(run_ingest(rendered, settings, fmt=fmt)), "paths": rendered}


def scheduled_paths(paths: list[str], scheduled: datetime, timezone: str = "UTC") -> list[str]:
    """`paths` rendered for the run scheduled at `scheduled` (any aware datetime), read in `timezone`."""
    return render_paths(list(paths), night_of(scheduled, timezone))


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
        parameters = _parameters(spec, store)
        schedules = [Cron(spec.cron, timezone=spec.timezone)] if spec.cron else None
        deployments.append(flows[spec.flow].to_deployment(
            name=spec.name, schedules=schedules, parameters=parameters, description=spec.description, tags=TAGS))
    return deployments


def _parameters(spec: DeploymentSpec, store: str | None) -> dict[str, Any]:
    parameters = {**spec.parameters, **({"store": store} if store else {})}
    if spec.flow == "nightly-ingest" and spec.cron and spec.timezone != "UTC":
        parameters.setdefault("timezone", spec.timezone)  # `{date}` is the night in the schedule's timezone
    return parameters


def describe(specs: list[DeploymentSpec], store: str | None = None) -> list[dict[str, Any]]:
    """What `serve` would register, one row per deployment."""
    return [{"deployment": f"{spec.flow}/{spec.name}", "schedule": spec.schedule, "cron": spec.cron,
             "timezone": spec.timezone if spec.cron else None,
             "parameters": _parameters(spec, store),
             "description": spec.description} for spec in specs]


def serve_deployments(specs: list[DeploymentSpec], store: str | None = None) -> None:
    """Register the deployments and run them on their schedules until interrupted."""
    from prefect import serve

    with prefect_defaults():
        if uses_temporary_server():
            # Schedules live in the server: on a temporary one they, and the runs' history, end with this process.
            print(f"archivist: warning: serving against a temporary Prefect server: the schedules and run history "
                  f"are lost when this process stops; for real nights {SERVER_HINT} before `archivist serve`",
                  file=sys.stderr, flush=True)
        serve(*build_deployments(specs, store))
