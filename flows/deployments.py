"""The Prefect deployments `archivist serve` registers: nightly ingestion, weekly consolidation, on-demand
re-scoring, with their schedules from `configs/schedules.toml`.

    specs = load_schedules()
    deployments = build_deployments(specs)   # flow.to_deployment(...) per spec; no server contacted
    prefect.serve(*deployments)               # long-running: runs each deployment on its schedule

Deployment parameters must be JSON, so each deployment runs a flow whose parameters are plain values (paths,
a store URI, a model name); the nightly ingestion wraps `run_ingest` for that reason.
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from prefect import flow

from archivist.configs.settings import CONFIG_DIR, load_settings

SCHEDULES_FILE = CONFIG_DIR / "schedules.toml"
TAGS = ["archivist"]


class ScheduleFileError(ValueError):
    """The schedule file is malformed; the message names the entry and what to fix."""


@dataclass(frozen=True)
class DeploymentSpec:
    name: str
    flow: str
    cron: str | None
    timezone: str = "UTC"
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)

    @property
    def schedule(self) -> str:
        return f"{self.cron} ({self.timezone})" if self.cron else "on demand"


@flow(name="nightly-ingest", validate_parameters=False)
def nightly_ingest_flow(paths: list[str], store: str | None = None, fmt: str = "auto") -> dict[str, Any]:
    """Ingest `paths` with the configured settings (the ingestion flow runs as a subflow)."""
    from archivist.flows.ingest import run_ingest

    settings = load_settings()
    if store:
        settings.store.uri = store
    return asdict(run_ingest(list(paths), settings, fmt=fmt))


def _flows() -> dict[str, Any]:
    from archivist.flows.consolidate import consolidate_flow
    from archivist.flows.rescore import rescore_flow

    return {"nightly-ingest": nightly_ingest_flow, "consolidate": consolidate_flow, "rescore": rescore_flow}


FLOW_NAMES = ("nightly-ingest", "consolidate", "rescore")


def load_schedules(path: str | Path | None = None) -> list[DeploymentSpec]:
    """The deployments in `path` (default: the shipped configs/schedules.toml), checked."""
    from prefect.schedules import Cron

    path = Path(path or SCHEDULES_FILE)
    with open(path, "rb") as handle:
        entries = tomllib.load(handle).get("deployment", [])
    specs: list[DeploymentSpec] = []
    for number, entry in enumerate(entries, start=1):
        where = f"{path} deployment #{number} ({entry.get('name', 'unnamed')})"
        unknown = set(entry) - {"name", "flow", "cron", "timezone", "description", "parameters"}
        if unknown or not entry.get("name") or entry.get("flow") not in FLOW_NAMES:
            raise ScheduleFileError(f"{where}: needs a name and a flow among {', '.join(FLOW_NAMES)}"
                                    + (f"; unknown keys {sorted(unknown)}" if unknown else ""))
        cron = str(entry.get("cron") or "").strip() or None
        timezone = str(entry.get("timezone") or "UTC")
        if cron:
            try:
                Cron(cron, timezone=timezone)
            except ValueError as error:
                raise ScheduleFileError(f"{where}: {error}; write five fields, e.g. \"0 2 * * *\"") from error
        specs.append(DeploymentSpec(entry["name"], entry["flow"], cron, timezone, str(entry.get("description", "")),
                                    dict(entry.get("parameters") or {})))
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ScheduleFileError(f"{path}: deployment names must be unique; found {names}")
    return specs


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

    serve(*build_deployments(specs, store))
