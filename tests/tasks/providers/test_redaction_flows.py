"""A flow run that fails on a key the server quotes back leaves that key in no Prefect row, table or stream.

The issue found keys in 32 rows of `prefect.db`'s `log` table: Prefect logs a failed task with its traceback,
and the traceback printed the SDK exception our error chained. Here each of the six key-holding provider paths
fails an ingestion flow run (through the session's real Prefect server) on a 401 whose body quotes the key;
then stderr, every file of the store and every byte of the Prefect database are searched for it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
from archivist.tasks.providers.errors import AuthenticationError
from tests.archives import write_archive
from tests.fakes.fixtures import fake_server  # noqa: F401
from tests.tasks.providers.redaction_paths import PATHS, files_holding

pytestmark = pytest.mark.slow

KEYS = {path.name: f"sk-proj-FlowEcho-{i}-1a2b3c4d5e6f7g8h9" for i, path in enumerate(PATHS)}
"""One key per path: the session's Prefect database is shared, and a leak must be pinned on its own path."""


def prefect_database() -> list[Path]:
    """The session server's sqlite database and its write-ahead log (rows may still sit in the WAL)."""
    home = Path(os.environ["PREFECT_HOME"])
    return [path for path in home.glob("prefect.db*") if path.is_file()]


def flush_prefect_logs() -> None:
    from prefect.logging.handlers import APILogWorker

    APILogWorker.drain_all(timeout=30)  # blocks until the queued log records have been sent to the server


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_a_failed_flow_run_leaves_the_key_nowhere(path, prefect_api, fake_server, monkeypatch, capfd, caplog,  # noqa: F811
                                                  tmp_path):
    key = KEYS[path.name]
    monkeypatch.setenv(path.key_env, key)
    fake_server.knobs.required_key = "the-right-key-0000"
    fake_server.knobs.echo_key_in_errors = True
    archive = tmp_path / "archive.jsonl"
    write_archive(archive, scopes=1, conversations=1, turns=4)
    settings = load_settings(store__uri=str(tmp_path / "store"), ingest__partitions=1,
                             **path.overrides(fake_server.url))

    with pytest.raises(AuthenticationError):
        run_ingest([str(archive)], settings)
    flush_prefect_logs()

    assert fake_server.count(status=401) >= 1  # the key was presented and quoted back
    out, err = capfd.readouterr()
    assert key not in out and key not in err
    assert "rejected the API key" in caplog.text and key not in caplog.text  # records, tracebacks and all
    assert files_holding(tmp_path / "store", key) == []
    databases = prefect_database()
    assert any(b"rejected the API key" in db.read_bytes() for db in databases)  # the failure's logs did arrive
    assert [str(db) for db in databases if key.encode() in db.read_bytes()] == []
