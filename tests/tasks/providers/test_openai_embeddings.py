"""OpenAI embeddings through the SDK against the fake, behind the cache, limiter, retry and ledger."""

from __future__ import annotations

import numpy as np
import pytest

from archivist.configs.settings import EmbedderSettings
from archivist.storage.calls import LEDGER
from archivist.storage.store import Store
from archivist.tasks.providers.errors import CacheMiss
from archivist.tasks.providers.openai_embeddings import OpenAIEmbedder
from tests.fakes.fixtures import fake_openai  # noqa: F401


@pytest.fixture
def config(fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-embeddings-0000")
    return EmbedderSettings(provider="openai", model="text-embedding-3-small", dim=32, batch_size=3,
                            base_url=fake_openai.url + "/v1")


def test_embeds_in_batches_and_serves_reruns_from_the_cache(fake_openai, config, tmp_path):
    store = Store(str(tmp_path / "store"))
    texts = [f"turn {i}" for i in range(7)] + [""]
    embedder = OpenAIEmbedder(config, store, run_id="r1", sleep=lambda s: None)
    vectors = embedder.embed(texts)
    embedder.close()
    assert vectors.shape == (8, 32) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert fake_openai.count(path="/v1/embeddings") == 3  # batches of 3
    assert fake_openai.requests[0].body["dimensions"] == 32
    assert embedder.name == "openai:text-embedding-3-small:32"

    again = OpenAIEmbedder(config, store, run_id="r2")
    assert np.array_equal(again.embed(texts), vectors)
    again.close()
    assert fake_openai.count(path="/v1/embeddings") == 3  # nothing new reached the server
    ledger = store.read(LEDGER)
    assert sorted(ledger["cached"].to_list()) == [False] * 3 + [True] * 3
    assert ledger.filter(~ledger["cached"])["cost_usd"].sum() > 0


def test_a_5xx_is_retried_and_replay_fails_on_a_miss(fake_openai, config, tmp_path):
    fake_openai.knobs.fail_next = 1
    embedder = OpenAIEmbedder(config, sleep=lambda s: None)
    assert embedder.embed(["hello"]).shape == (1, 32)
    assert fake_openai.statuses() == {500: 1, 200: 1}
    replay = OpenAIEmbedder(config, Store(str(tmp_path / "empty")), replay=True)
    with pytest.raises(CacheMiss, match="replay mode"):
        replay.embed(["never seen"])
