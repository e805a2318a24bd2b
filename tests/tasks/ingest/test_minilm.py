"""The offline MiniLM encoder: shape, unit length, determinism, and that it reads meaning."""

import numpy as np

from archivist.tasks.ingest import minilm


def test_vectors_are_unit_rows_of_384_in_the_order_given():
    texts = ["I moved to Berlin last month.", "ok", "My router keeps dropping the connection every evening."]
    vectors = minilm.encode(texts)
    assert vectors.shape == (3, minilm.DIM) == (3, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Batching sorts by length; each row must still be its own text's vector.
    alone = minilm.encode([texts[2]])[0]
    assert float(vectors[2] @ alone) > 0.9999


def test_same_text_same_vector_and_empty_input():
    first = minilm.encode(["The customer switched to the Pro plan."])
    second = minilm.encode(["The customer switched to the Pro plan."])
    np.testing.assert_array_equal(first, second)
    assert minilm.encode([]).shape == (0, 384)


def test_paraphrases_are_closer_than_an_unrelated_sentence():
    anchor, paraphrase, unrelated = minilm.encode([
        "My laptop will not turn on any more.",
        "The notebook computer refuses to power up.",
        "We are going hiking in the mountains this weekend.",
    ])
    assert float(anchor @ paraphrase) > float(anchor @ unrelated) + 0.2
