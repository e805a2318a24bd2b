"""Recall's models load in a thread while the command imports the store: only the models a recall will use,
each once even when recall asks for it meanwhile, and a failed load is raised where recall uses the model."""

from __future__ import annotations

import subprocess
import sys

import pytest

from archivist.configs.settings import with_overrides
from archivist.tasks.recall import warm
from tests.fakes.environment import embedded_settings


@pytest.fixture
def settings(monkeypatch, tmp_path):
    return embedded_settings(monkeypatch, tmp_path)


def test_only_the_models_a_recall_uses_are_loaded(settings):
    assert warm.models_used(settings, rerank=True) == (True, True)
    assert warm.models_used(settings, rerank=False) == (True, False)
    assert warm.models_used(with_overrides(settings, embedder__provider="minilm"), rerank=False) == (False, True)
    hosted = with_overrides(settings, embedder__provider="openai", decisions__provider="openai_decisions")
    assert warm.models_used(hosted, rerank=True) == (False, False)
    assert warm.start(hosted, rerank=True) is None


WARM = """
import sys
from archivist.configs.settings import load_settings
from archivist.tasks.ingest import embed, minilm
from archivist.tasks.recall import warm

made = []

class Counted(embed.WordLlamaEmbedder):
    def __init__(self, *args, **kwargs):
        made.append(1)
        super().__init__(*args, **kwargs)

embed.WordLlamaEmbedder = Counted
settings = load_settings(embedder__model=sys.argv[1])
thread = warm.start(settings, rerank=True)
try:
    embedder = embed.get_embedder(settings)  # while the thread loads it, or after
except Exception as error:
    embedder = None
    print("raised in recall's thread:", type(error).__name__)
thread.join()
if embedder is not None:
    print(len(made), embed.get_embedder(settings) is embedder, minilm._loaded is not None,
          "lancedb" in sys.modules)
"""


def run_warm(model: str, tmp_path) -> subprocess.CompletedProcess:
    env = {"ARCHIVIST_CONFIG": str(tmp_path / "no-user-config.toml"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-c", WARM, model], capture_output=True, text=True, timeout=120,
                          check=False, env=env)


def test_the_thread_and_recall_share_one_load_of_each_model(tmp_path):
    done = run_warm("l2_supercat", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    # One wordllama load, the same object for every caller, MiniLM loaded too, and no store import on the way.
    assert done.stdout.split() == ["1", "True", "True", "False"]


def test_a_load_that_fails_in_the_thread_is_raised_where_recall_uses_it(tmp_path):
    done = run_warm("no-such-wordllama-model", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("raised in recall's thread:")
    assert "Exception in thread" not in done.stderr
