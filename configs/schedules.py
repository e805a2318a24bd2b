"""The deployments `archivist serve` registers and when they run, read from `configs/schedules.toml` and checked.

Each entry names a flow among `FLOW_NAMES`, an optional five-field cron expression read in `timezone`, and
the flow's default parameters. A malformed file is a `ScheduleFileError` that names the entry and the fix.

The nightly ingestion's `paths` are templates: `{date}` is the night a scheduled run reads, the day before
its scheduled date in the schedule's timezone (`night_of`), and takes any strftime pattern after a colon,
`{date:%Y/%m/%d}`. A template that cannot render is refused here, not at two in the morning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
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
    if entry["flow"] == "nightly-ingest":
        _check_paths(entry.get("parameters") or {}, where)
    return DeploymentSpec(entry["name"], entry["flow"], cron, timezone, str(entry.get("description", "")),
                          dict(entry.get("parameters") or {}))


def _check_cron(cron: str, timezone: str, where: str) -> None:
    # Prefect's own schedule class, so a file that passes here is one `serve` accepts.
    from prefect.schedules import Cron

    try:
        Cron(cron, timezone=timezone)
    except ValueError as error:
        raise ScheduleFileError(f"{where}: {error}; write five fields, e.g. \"0 2 * * *\"") from error


def night_of(scheduled: datetime, timezone: str = "UTC") -> date:
    """The night a run scheduled at `scheduled` reads: the day before its date in `timezone`."""
    from zoneinfo import ZoneInfo

    return (scheduled.astimezone(ZoneInfo(timezone)) - timedelta(days=1)).date()


def render_paths(paths: list[str], night: date) -> list[str]:
    """Each path with `{date}` (or `{date:PATTERN}`, any strftime pattern) filled in with `night`."""
    return [path.format(date=night) for path in paths]


def _check_paths(parameters: dict[str, Any], where: str) -> None:
    paths = parameters.get("paths")
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise ScheduleFileError(f"{where}: parameters.paths must be a list of paths, e.g. "
                                "paths = [\"./archive/{date}\"]")
    try:
        render_paths(paths, date(2000, 1, 31))
    except (KeyError, IndexError, ValueError) as error:
        raise ScheduleFileError(f"{where}: the path template {paths} does not render ({error!r}); the only "
                                "placeholder is {date}, e.g. \"./archive/{date:%Y/%m/%d}\"; write a literal "
                                "brace as {{ or }}") from error
