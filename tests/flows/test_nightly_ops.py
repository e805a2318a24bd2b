"""Nightly operations: the `{date}` archive template of the nightly deployment, a scheduled run's rendered
parameters (on the test Prefect server), the temporary-server notices, and `archivist --version`."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from typer.testing import CliRunner

from archivist.configs.schedules import ScheduleFileError, load_schedules, night_of, render_paths
from archivist.flows import runtime
from archivist.flows.cli import app
from archivist.flows.deployments import build_deployments, describe, scheduled_paths
from tests.archives import write_archive

NIGHTLY = '[[deployment]]\nname = "nightly"\nflow = "nightly-ingest"\ncron = "0 2 * * *"\ntimezone = "{tz}"\n' \
          "parameters = {{ paths = [{paths}] }}\n"


def test_the_date_is_the_night_before_the_scheduled_run_in_the_schedules_timezone():
    assert night_of(datetime(2026, 12, 1, 2, 0, tzinfo=UTC)) == date(2026, 11, 30)
    assert night_of(datetime(2026, 1, 1, 2, 0, tzinfo=UTC)) == date(2025, 12, 31)  # across a year
    # 01:30 UTC on 1 December is still 30 November in New York: the night read is the 29th.
    assert night_of(datetime(2026, 12, 1, 1, 30, tzinfo=UTC), "America/New_York") == date(2026, 11, 29)


def test_the_template_takes_any_strftime_pattern():
    night = date(2026, 11, 30)
    assert render_paths(["./archive/{date}", "/data/{date:%Y/%m/%d}/chats", "/in/{date:%d.%m.%y}.jsonl"], night) \
        == ["./archive/2026-11-30", "/data/2026/11/30/chats", "/in/30.11.26.jsonl"]
    assert render_paths(["/no/template"], night) == ["/no/template"]
    scheduled = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)
    assert scheduled_paths(["/a/{date:%Y%m%d}"], scheduled, "UTC") == ["/a/20261130"]


def test_the_shipped_nightly_deployment_reads_yesterdays_folder():
    nightly = next(spec for spec in load_schedules() if spec.flow == "nightly-ingest")
    assert nightly.parameters["paths"] == ["./archive/{date}"]
    assert render_paths(nightly.parameters["paths"], date(2026, 11, 30)) == ["./archive/2026-11-30"]


def test_a_template_that_cannot_render_is_refused_when_the_file_is_read(tmp_path):
    path = tmp_path / "schedules.toml"
    path.write_text(NIGHTLY.format(tz="UTC", paths='"./archive/{day}"'))
    with pytest.raises(ScheduleFileError, match=r"deployment #1 \(nightly\).*only placeholder is \{date\}"):
        load_schedules(path)
    path.write_text(NIGHTLY.format(tz="UTC", paths=""))
    with pytest.raises(ScheduleFileError, match="parameters.paths must be a list"):
        load_schedules(path)
    result = CliRunner().invoke(app, ["serve", "--list", "--schedules", str(path)])
    assert result.exit_code == 2 and "parameters.paths must be a list" in result.output


def test_a_schedule_outside_utc_passes_its_timezone_to_the_run(tmp_path):
    path = tmp_path / "schedules.toml"
    path.write_text(NIGHTLY.format(tz="Europe/Berlin", paths='"/in/{date}"'))
    [row] = describe(load_schedules(path))
    assert row["parameters"] == {"paths": ["/in/{date}"], "timezone": "Europe/Berlin"}
    [deployment] = build_deployments(load_schedules(path))
    assert deployment.parameters["timezone"] == "Europe/Berlin"  # the template itself stays unrendered
    assert deployment.parameters["paths"] == ["/in/{date}"]


@pytest.mark.slow
def test_a_scheduled_run_reads_the_night_before_its_scheduled_date(prefect_api, tmp_path):
    """The deployment registered on a Prefect server; a run scheduled for 02:00 on 1 December, executed as a
    worker would, renders its paths for 30 November and ingests that folder only."""
    from prefect import get_client
    from prefect.client.schemas.objects import FlowRun
    from prefect.flow_engine import run_flow
    from prefect.states import Scheduled

    from archivist.flows.deployments import nightly_ingest_flow

    night = tmp_path / "archive" / "2026-11-30"
    write_archive(night / "chats.jsonl", scopes=1, conversations=1, turns=2)
    write_archive(tmp_path / "archive" / "2026-12-01" / "chats.jsonl", scopes=3, conversations=1, turns=2)
    path = tmp_path / "schedules.toml"
    path.write_text(NIGHTLY.format(tz="UTC", paths=f'"{tmp_path / "archive"}/{{date}}"'))
    store = str(tmp_path / "store")
    [deployment] = build_deployments(load_schedules(path), store=store)
    deployment_id = deployment.apply()
    scheduled_for = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)

    async def schedule_a_run() -> FlowRun:
        async with get_client() as client:
            return await client.create_flow_run_from_deployment(
                deployment_id, state=Scheduled(scheduled_time=scheduled_for))

    import asyncio

    flow_run = asyncio.run(schedule_a_run())
    assert flow_run.parameters == {"paths": [f"{tmp_path / 'archive'}/{{date}}"], "store": store}
    summary = run_flow(nightly_ingest_flow, flow_run=flow_run, parameters=flow_run.parameters)
    assert summary["paths"] == [str(night)]
    assert summary["files_read"] == 1 and summary["turns_written"] == 2  # the other night's 6 turns are not read


def test_a_temporary_server_is_announced_once_on_stderr(monkeypatch, capsys):
    from prefect.settings import PREFECT_API_URL, temporary_settings

    monkeypatch.setattr(runtime._announced, "done", False)
    with temporary_settings(updates={PREFECT_API_URL: "http://127.0.0.1:4200/api"}):
        assert not runtime.uses_temporary_server() and runtime.announce_temporary_server() is False
    with temporary_settings(restore_defaults={PREFECT_API_URL}):
        monkeypatch.delenv("PREFECT_API_URL", raising=False)
        assert runtime.uses_temporary_server()
        assert runtime.announce_temporary_server() is True
        assert runtime.announce_temporary_server() is False  # once per process
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("temporary Prefect server") == 1 and "prefect server start" in err and "PREFECT_API_URL" in err


def test_version():
    from importlib.metadata import version

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"archivist {version('archivist')}"
