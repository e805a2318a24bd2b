"""`archivist ingest` answers a night already fully ingested without running the flow, and only then."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.exits import ExitCode
from archivist.flows.cli import app
from archivist.storage import Store
from tests.archives import write_archive

pytestmark = pytest.mark.slow
runner = CliRunner()


def ingest(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["ingest", *args, "--json"])
    lines = [line for line in result.output.strip().splitlines() if line.startswith("{")]
    assert lines, (result.output, repr(result.exception))
    return result.exit_code, json.loads(lines[-1])


def runs(store: str) -> int:
    return Store(store).count("runs")


def test_only_an_unchanged_fully_ingested_night_is_skipped(prefect_api, tmp_path):
    night = tmp_path / "night"
    valid = write_archive(night / "chats.jsonl", scopes=2, conversations=1, turns=4)
    store = str(tmp_path / "store")
    args = (str(night), "--store", store, "--stage", "turns")

    code, first = ingest(*args)
    assert (code, first["turns_written"]) == (ExitCode.SUCCESS, valid) and runs(store) == 1

    code, again = ingest(*args)
    assert code == ExitCode.SUCCESS and again["nothing_new"] is True and again["files_recorded"] == 1
    assert runs(store) == 1  # the flow did not run

    code, forced = ingest(*args, "--force")
    assert (code, forced["duplicates_skipped"]) == (ExitCode.SUCCESS, valid) and runs(store) == 2

    with (night / "chats.jsonl").open("a") as out:  # changed content: one more turn
        out.write(json.dumps({"tenant": "acme", "scope": "cust-0009", "conversation_id": "c9", "turn_index": 0,
                              "role": "customer", "text": "I moved to York.",
                              "said_at": "2026-10-20T10:00:00Z"}) + "\n")
    code, changed = ingest(*args)
    assert (code, changed["turns_written"]) == (ExitCode.SUCCESS, 1)

    (night / "broken.parquet").write_bytes(b"")  # a new file, and one that cannot be read: a partial run
    code, partial = ingest(*args)
    assert code == ExitCode.PARTIAL and "nothing_new" not in partial
    code, still = ingest(*args)
    assert code == ExitCode.PARTIAL and "nothing_new" not in still  # a partial run never marks its files done
