"""Shared test fixtures: an isolated environment, and one Prefect API server for the whole session.

Starting Prefect's temporary server costs 15-30 s per process on this machine, so tests that run real
flows share one `prefect server start` on loopback instead; subprocesses reach it through
PREFECT_API_URL. Tests of logic call plain functions and never need it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.fakes.environment import isolate

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_environment(tmp_path, monkeypatch):
    """No user config, no keys, no store outside tmp_path."""
    isolate(monkeypatch, tmp_path)
    monkeypatch.chdir(tmp_path)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def prefect_api(tmp_path_factory):
    """PREFECT_API_URL of a Prefect server started for this test session."""
    home = tmp_path_factory.mktemp("prefect-home")
    port = _free_port()
    env = dict(os.environ, PREFECT_HOME=str(home), PREFECT_SERVER_ANALYTICS_ENABLED="false",
               PREFECT_API_URL="", PREFECT_UI_ENABLED="false")
    log = open(home / "server.log", "wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port", str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/api"
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise RuntimeError(f"prefect server did not start; see {home / 'server.log'}")
        time.sleep(0.5)
    previous = {k: os.environ.get(k) for k in ("PREFECT_API_URL", "PREFECT_HOME")}
    os.environ["PREFECT_API_URL"] = url
    os.environ["PREFECT_HOME"] = str(home)
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: url}):
        yield url
    for key, value in previous.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()
