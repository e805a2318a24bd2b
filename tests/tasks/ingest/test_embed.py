import numpy as np
import pytest

from archivist.configs import load_settings
from archivist.tasks.ingest.embed import (
    EmbedderMismatch,
    check_store_embedder,
    get_embedder,
)


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


# -- MiniLM, the second offline embedder -------------------------------------------------------------------


def minilm_settings():
    from archivist.configs.settings import EmbedderSettings

    # model and dim keep their wordllama defaults on purpose: they do not apply to MiniLM.
    return EmbedderSettings(provider="minilm")


def test_minilm_embedder_is_offline_384_d_unit_length_and_deterministic():
    embedder = get_embedder(minilm_settings())
    assert (embedder.name, embedder.dim) == ("minilm:all-MiniLM-L6-v2-onnx-int8:384", 384)
    first = embedder.embed(["I moved to Leeds", "my router stopped working"])
    assert first.shape == (2, 384) and first.dtype == np.float32
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(first, embedder.embed(["I moved to Leeds", "my router stopped working"]))
    assert embedder.embed([]).shape == (0, 384)
    assert get_embedder(minilm_settings()) is embedder  # loaded once per process


def test_minilm_ranks_a_paraphrase_above_a_word_overlap():
    embedder = get_embedder(minilm_settings())
    query, paraphrase, overlap = embedder.embed(
        ["Where does she work?", "She has a job at the hospital", "She does her homework where she likes"])
    assert float(query @ paraphrase) > float(query @ overlap)


def test_a_wordllama_store_refuses_minilm_until_reembedded():
    local, minilm = get_embedder(load_settings()), get_embedder(minilm_settings())
    with pytest.raises(EmbedderMismatch, match="re-embed"):
        check_store_embedder({"name": local.name, "dim": local.dim}, minilm)
    check_store_embedder({"name": minilm.name, "dim": minilm.dim}, minilm)


def test_an_unknown_embedder_provider_names_the_choices():
    from archivist.configs.settings import EmbedderSettings

    config = EmbedderSettings().model_copy(update={"provider": "bert"})
    with pytest.raises(ValueError, match="'local', 'minilm' or 'openai'"):
        get_embedder(config)
