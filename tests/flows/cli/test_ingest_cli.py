import json

import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from tests.archives import BAD_LINES, write_archive
from tests.fakes.fixtures import fake_systemone  # noqa: F401

runner = CliRunner()


def facts_not_stored(store: str) -> int:
    """Extracted facts linked to an existing one (no second text) or dropped as not worth remembering."""
    from archivist.storage import Store

    events = Store(store).read("events")
    return 0 if events.is_empty() else events.filter(events["kind"].is_in(["link_made", "fact_dropped"])).height


@pytest.mark.slow
def test_ingest_then_stats_and_quarantine(prefect_api, tmp_path):
    valid = write_archive(tmp_path / "night" / "chats.jsonl", scopes=2, conversations=1, turns=4,
                          bad_lines=BAD_LINES)
    store = str(tmp_path / "store")
    result = runner.invoke(app, ["ingest", str(tmp_path / "night"), "--store", store, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["turns written"] == valid and summary["quarantined"] == len(BAD_LINES)

    stats = json.loads(runner.invoke(app, ["stats", "--store", store, "--json"]).output)
    assert set(stats) == {"turns", "facts", "decisions", "events", "quarantine", "runs"}
    assert (stats["turns"], stats["quarantine"], stats["runs"]) == (valid, len(BAD_LINES), 1)
    # The archive's customer turns state facts, so the write path ran and recorded its decisions.
    assert sum(stats["facts"].values()) == summary["facts extracted"] - facts_not_stored(store) > 0
    assert stats["decisions"] > 0 and stats["events"] >= sum(stats["facts"].values())

    shown = runner.invoke(app, ["quarantine", "--store", store, "--json"])
    reasons = [json.loads(line)["reason"] for line in shown.output.strip().splitlines()]
    assert len(reasons) == 3 and any("unparseable JSON" in r for r in reasons)


def test_stats_of_an_empty_store_counts_zero(tmp_path):
    result = runner.invoke(app, ["stats", "--store", str(tmp_path / "empty"), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["turns"] == 0


def test_missing_archive_path_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["ingest", str(tmp_path / "nope"), "--store", str(tmp_path / "s")])
    assert result.exit_code != 0
    assert "no such file or folder" in result.output


@pytest.mark.slow
def test_replay_fails_clearly_on_a_cache_miss_and_calls_nothing(prefect_api, tmp_path, fake_systemone, monkeypatch):
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-replay-0000")
    monkeypatch.setenv("ARCHIVIST_DECISIONS__PROVIDER", "systemone")
    monkeypatch.setenv("ARCHIVIST_DECISIONS__BASE_URL", fake_systemone.url)
    monkeypatch.setenv("ARCHIVIST_DECISIONS__MODEL", "jev-1.13.0")
    write_archive(tmp_path / "night.jsonl", scopes=1, conversations=1, turns=2)
    result = runner.invoke(app, ["ingest", str(tmp_path / "night.jsonl"), "--store", str(tmp_path / "s"),
                                 "--replay"])
    assert result.exit_code != 0
    assert "cache" in str(result.exception).lower()
    assert fake_systemone.count(path="/v1/systemone") == 0
