import numpy as np
import pytest

from archivist.configs import load_settings
from archivist.tasks.ingest.embed import EmbedderMismatch, check_store_embedder, get_embedder


def test_local_embedder_is_offline_unit_length_and_deterministic():
    embedder = get_embedder(load_settings())
    first = embedder.embed(["I moved to Leeds", "my router stopped working"])
    second = embedder.embed(["I moved to Leeds", "my router stopped working"])
    assert first.shape == (2, embedder.dim) and first.dtype == np.float32
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(first, second)


def test_similar_texts_are_closer_than_unrelated_ones():
    embedder = get_embedder(load_settings())
    a, b, c = embedder.embed(["my internet is down", "the internet connection stopped working", "I like painting"])
    assert float(a @ b) > float(a @ c)


def test_empty_input_gives_empty_matrix():
    embedder = get_embedder(load_settings())
    assert embedder.embed([]).shape == (0, embedder.dim)


def test_store_refuses_another_embedder():
    embedder = get_embedder(load_settings())
    check_store_embedder(None, embedder)
    check_store_embedder({"name": embedder.name, "dim": embedder.dim}, embedder)
    with pytest.raises(EmbedderMismatch, match="re-embed"):
        check_store_embedder({"name": "openai:text-embedding-3-small:1536", "dim": 1536}, embedder)
