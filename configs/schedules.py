"""The deployments `archivist serve` registers and when they run, read from `configs/schedules.toml` and checked.

Each entry names a flow among `FLOW_NAMES`, an optional five-field cron expression read in `timezone`, and
the flow's default parameters. A malformed file is a `ScheduleFileError` that names the entry and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from archivist.configs.files import CONFIG_DIR, read_toml
from archivist.errors import TerminalError

SCHEDULES_FILE = CONFIG_DIR / "schedules.toml"
FLOW_NAMES = ("nightly-ingest", "consolidate", "rescore")
_KEYS = {"name", "flow", "cron", "timezone", "description", "parameters"}


class ScheduleFileError(TerminalError, ValueError):
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


def load_schedules(path: str | Path | None = None) -> list[DeploymentSpec]:
    """The deployments in `path` (default: the shipped configs/schedules.toml), checked."""
    path = Path(path or SCHEDULES_FILE)
    entries = read_toml(path).get("deployment", [])
    specs = [_spec(entry, where=f"{path} deployment #{number} ({entry.get('name', 'unnamed')})")
             for number, entry in enumerate(entries, start=1)]
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ScheduleFileError(f"{path}: deployment names must be unique; found {names}")
    return specs


def _spec(entry: dict[str, Any], where: str) -> DeploymentSpec:
    unknown = set(entry) - _KEYS
    if unknown or not entry.get("name") or entry.get("flow") not in FLOW_NAMES:
        raise ScheduleFileError(f"{where}: needs a name and a flow among {', '.join(FLOW_NAMES)}"
                                + (f"; unknown keys {sorted(unknown)}" if unknown else ""))
    cron = str(entry.get("cron") or "").strip() or None
    timezone = str(entry.get("timezone") or "UTC")
    if cron:
        _check_cron(cron, timezone, where)
    return DeploymentSpec(entry["name"], entry["flow"], cron, timezone, str(entry.get("description", "")),
                          dict(entry.get("parameters") or {}))


def _check_cron(cron: str, timezone: str, where: str) -> None:
    # Prefect's own schedule class, so a file that passes here is one `serve` accepts.
    from prefect.schedules import Cron

    try:
        Cron(cron, timezone=timezone)
    except ValueError as error:
        raise ScheduleFileError(f"{where}: {error}; write five fields, e.g. \"0 2 * * *\"") from error
