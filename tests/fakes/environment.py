"""The isolated environment every test runs in: no user config, no API keys, no ARCHIVIST_* variables."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def isolate(env: pytest.MonkeyPatch, root: Path) -> None:
    """Drop ARCHIVIST_* and *_API_KEY variables and point ARCHIVIST_CONFIG at a file that does not exist."""
    for name in list(os.environ):
        if name.startswith("ARCHIVIST_") or name.endswith("_API_KEY"):
            env.delenv(name, raising=False)
    env.setenv("ARCHIVIST_CONFIG", str(root / "no-user-config.toml"))


def embedded_settings(env: pytest.MonkeyPatch, root: Path):
    """Settings of a fresh machine (embedded extractor and decision model) with the store under `root`."""
    from archivist.configs.settings import load_settings

    isolate(env, root)
    settings = load_settings(store__uri=str(root / "store"))
    assert (settings.decisions.provider, settings.llm.provider) == ("local", "none"), "the embedded defaults"
    return settings


def ingest_embedded(root: Path, paths: list[str]):
    """Ingest `paths` through the real flow with the embedded defaults into `root/store`; returns the store."""
    from archivist.flows.ingest import run_ingest
    from archivist.storage.store import Store

    with pytest.MonkeyPatch.context() as env:
        settings = embedded_settings(env, root)
        run_ingest(paths, settings)
    return Store(settings.store.uri)
