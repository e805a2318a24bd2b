"""`archivist serve --list`, the schedule file, and the flows' artifacts (one real run each, on the test server)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.configs.settings import ProviderSettings, Settings
from archivist.flows.artifacts import publish_summary, summary_rows
from archivist.flows.cli import app
from archivist.flows.deployments import ScheduleFileError, build_deployments, load_schedules
from archivist.storage.plans import read_plan
from archivist.storage.store import Store
from archivist.tasks.providers.registry import register
from tests.fakes.fact_stores import write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.scripted_provider import ScriptedProvider
from tests.fakes.statements import statement


def register_scripted(name: str, decider: ScriptedDecider) -> None:
    """`decisions.provider = name` answers with `decider`'s rules, through the real decision client."""

    class Scripted(ScriptedProvider):
        @classmethod
        def from_settings(cls, settings: Settings) -> ScriptedProvider:
            return cls(decider)

    register(name, Scripted)


def test_serve_list_shows_the_three_deployments_with_their_configured_schedules():
    result = CliRunner().invoke(app, ["serve", "--list", "--json", "--store", "/data/memory"])
    assert result.exit_code == 0, result.output
    rows = {row["deployment"]: row for row in json.loads(result.output)["deployments"]}
    assert set(rows) == {"nightly-ingest/nightly-ingestion", "consolidate/weekly-consolidation",
                         "rescore/rescore-on-demand"}
    assert (rows["nightly-ingest/nightly-ingestion"]["cron"], rows["nightly-ingest/nightly-ingestion"]["timezone"]) \
        == ("0 2 * * *", "UTC")
    assert rows["consolidate/weekly-consolidation"]["cron"] == "0 4 * * 0"
    assert rows["rescore/rescore-on-demand"]["cron"] is None
    assert rows["rescore/rescore-on-demand"]["schedule"] == "on demand"
    assert all(row["parameters"]["store"] == "/data/memory" for row in rows.values())
    text = CliRunner().invoke(app, ["serve", "--list"]).output
    assert "0 2 * * * (UTC)" in text and "on demand" in text


def test_the_deployments_are_built_as_serve_would_register_them():
    deployments = {d.name: d for d in build_deployments(load_schedules(), store="/data/memory")}
    nightly = deployments["nightly-ingestion"]
    assert [s.schedule.cron for s in nightly.schedules] == ["0 2 * * *"]
    # The shipped archive path is the `{date}` template, stored unrendered (each run renders its own night).
    assert nightly.parameters == {"paths": ["./archive/{date}"], "store": "/data/memory"}
    assert nightly.entrypoint.endswith("flows/deployments.py:nightly_ingest_flow")
    assert [s.schedule.cron for s in deployments["weekly-consolidation"].schedules] == ["0 4 * * 0"]
    assert not deployments["rescore-on-demand"].schedules
    assert "archivist" in deployments["weekly-consolidation"].tags


def test_a_bad_schedule_file_names_the_entry_and_the_fix(tmp_path):
    path = tmp_path / "schedules.toml"
    path.write_text('[[deployment]]\nname = "nightly"\nflow = "nightly-ingest"\ncron = "every night"\n')
    with pytest.raises(ScheduleFileError, match=r"deployment #1 \(nightly\).*five fields"):
        load_schedules(path)
    path.write_text('[[deployment]]\nname = "x"\nflow = "no-such-flow"\n')
    with pytest.raises(ScheduleFileError, match="nightly-ingest, consolidate, rescore"):
        load_schedules(path)
    result = CliRunner().invoke(app, ["serve", "--list", "--schedules", str(path)])
    assert result.exit_code == 2 and "needs a name and a flow among" in result.output


def test_summaries_become_rows_and_are_not_published_outside_a_flow_run():
    rows = summary_rows({"plan_id": "p1", "items": {"reopen": 1, "close_superseded": 0}, "cost_usd": 0.5})
    assert rows == [{"metric": "plan_id", "value": "p1"}, {"metric": "items.reopen", "value": 1},
                    {"metric": "items.close_superseded", "value": 0}, {"metric": "cost_usd", "value": 0.5}]
    assert publish_summary("ingest-summary", "nightly ingestion", {"turns": 3}) is False


@pytest.mark.slow
def test_consolidation_and_rescore_flows_publish_their_summaries(prefect_api, tmp_path):
    from prefect.artifacts import Artifact

    from archivist.flows.consolidate import consolidate_flow
    from archivist.flows.rescore import rescore_flow

    uri = str(tmp_path / "store")
    store = Store(uri)
    # The night read Berlin as a move whose second reading did not agree (the default `new`): Leeds stays open,
    # and the stored second reading is what the re-score below flips.
    night = ScriptedDecider().script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    write_night(store, [statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)], night)
    decider = ScriptedDecider(model="pairs-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    # The decision model is injected as users plug theirs in: a registered provider named in settings.
    register_scripted("scripted-pairs", decider)
    # A plugged-in model has no price in configs/prices.toml: its owner says so explicitly.
    settings = Settings(decisions=ProviderSettings(provider="scripted-pairs", model="pairs-1", allow_unpriced=True))
    summary = consolidate_flow(store=uri, settings=settings)
    assert summary["items"]["close_superseded"] == 1 and read_plan(store, summary["plan_id"]).status == "draft"
    table = json.loads(Artifact.get("consolidation-summary").data)
    assert {"metric": "plan_id", "value": summary["plan_id"]} in table
    assert {"metric": "items.close_superseded", "value": 1} in table

    second = ScriptedDecider(model="second-2")
    second.script("relation:*", {"update": 0.95}, fact="moved to Berlin")
    second.script("relation_alt:*", {"update": 0.95}, fact="moved to Berlin")
    register_scripted("scripted-second", second)
    report = rescore_flow(model="second-2", provider="scripted-second", store=uri, settings=settings)
    assert settings.decisions.provider == "scripted-pairs"  # the flow worked on a copy of the caller's settings
    assert report["drift"]["relation_alt"]["flips"] == {"new": {"update": 1}}
    assert {"metric": "plan_id", "value": report["plan_id"]} in json.loads(Artifact.get("rescore-summary").data)
    assert "| relation_alt | 1 | 1 (100.0%)" in Artifact.get("rescore-summary-report").data

    # The partitions' work is handed over in process, never as a flow parameter: Prefect keeps parameters in its
    # database and refuses runs whose parameters pass 512 KiB (a re-score of a few hundred turns did).
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName

    with get_client(sync_client=True) as client:
        nested = client.read_flow_runs(flow_filter=FlowFilter(
            name=FlowFilterName(any_=["rescore-partitions", "consolidate-partitions"])))
    assert {run.name for run in nested} and len(nested) >= 2
    for run in nested:
        assert "Berlin" not in json.dumps(run.parameters, default=str)
        assert len(json.dumps(run.parameters, default=str)) < 20_000
