"""What a user sees when a command fails: one line that says what to do next, and a non-zero exit.

Each test runs `python -m archivist` as a subprocess, as a user or a scheduler does, and counts the lines on
stderr: no traceback (from Python or from Prefect's run logger) reaches the console unless --debug asks.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from archivist.exits import ExitCode
from archivist.storage.meta import record_embedder
from archivist.storage.store import Store
from tests.archives import write_archive
from tests.fakes.fixtures import fake_systemone  # noqa: F401

BAD_KEY = "sk-wrong-key-1234"


def archivist(*args: str, cwd, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "archivist", *args], cwd=cwd, env=dict(os.environ, **env),
                          capture_output=True, text=True, timeout=300, check=False)


def one_error_line(result: subprocess.CompletedProcess) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{result.stderr}"
    assert lines[0].startswith("archivist: error: ") and "Traceback" not in result.stdout + result.stderr
    return lines[0]


def systemone_env(server, key: str) -> dict[str, str]:
    return {"ARCHIVIST_DECISIONS__PROVIDER": "systemone", "ARCHIVIST_DECISIONS__BASE_URL": server.url,
            "ARCHIVIST_DECISIONS__MODEL": "jev-1.13.0", "ARCHIVIST_DECISIONS__MAX_ATTEMPTS": "1",
            "TYPESAFE_API_KEY": key}


def test_a_read_command_on_a_path_that_holds_no_store_says_so_in_one_line(tmp_path):
    typo = tmp_path / "sotre"
    result = archivist("facts", "--scope", "cust-1", "--store", str(typo), cwd=tmp_path)
    line = one_error_line(result)
    assert result.returncode == ExitCode.USER_ERROR
    assert "no archivist store at" in line and str(typo) in line and "--store" in line
    assert not typo.exists(), "a read must not create a store"


def test_debug_shows_the_traceback(tmp_path):
    typo = str(tmp_path / "sotre")
    result = archivist("--debug", "facts", "--scope", "cust-1", "--store", typo, cwd=tmp_path)
    assert result.returncode != 0 and "Traceback" in result.stderr and "StoreNotFound" in result.stderr
    by_env = archivist("facts", "--scope", "cust-1", "--store", typo, cwd=tmp_path, ARCHIVIST_DEBUG="1")
    assert "Traceback" in by_env.stderr


@pytest.mark.slow
def test_a_rejected_api_key_is_one_line_naming_the_variable(prefect_api, tmp_path, fake_systemone):  # noqa: F811
    fake_systemone.knobs.required_key = "sk-the-right-key-5678"
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=1, conversations=1, turns=2)
    result = archivist("ingest", str(archive), "--store", str(tmp_path / "store"), cwd=tmp_path,
                       **systemone_env(fake_systemone, BAD_KEY))
    line = one_error_line(result)
    assert result.returncode == ExitCode.ERROR
    assert "rejected the API key" in line and "TYPESAFE_API_KEY" in line and "HTTP 401" in line
    assert BAD_KEY not in result.stdout + result.stderr


@pytest.mark.slow
def test_an_embedder_mismatch_is_one_line_that_points_at_reembed(prefect_api, tmp_path):
    store = tmp_path / "store"
    record_embedder(Store(str(store)), "openai:text-embedding-3-small", 1536)  # the store was built with another
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=1, conversations=1, turns=2)
    result = archivist("ingest", str(archive), "--store", str(store), "--stage", "turns", cwd=tmp_path)
    line = one_error_line(result)
    assert result.returncode == ExitCode.ERROR
    assert "text-embedding-3-small" in line and "reembed" in line


@pytest.mark.slow
def test_a_replay_miss_is_one_line_and_calls_nothing(prefect_api, tmp_path, fake_systemone):  # noqa: F811
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=1, conversations=1, turns=2)
    result = archivist("ingest", str(archive), "--store", str(tmp_path / "store"), "--replay", cwd=tmp_path,
                       **systemone_env(fake_systemone, "sk-test-replay-0000"))
    line = one_error_line(result)
    assert result.returncode == ExitCode.ERROR
    assert "cache" in line.lower()
    assert fake_systemone.count(path="/v1/systemone") == 0
