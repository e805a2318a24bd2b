"""The offline MiniLM encoder: shape, unit length, determinism, that it reads meaning, and that a load in a
thread and the first encode share one load."""

import subprocess
import sys

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


PRELOAD = """
import sys, threading
import numpy as np
from archivist.tasks.ingest import minilm

real, loads = minilm._load, []

def counted():
    loads.append(threading.current_thread().name)
    return real()

minilm._load = counted
thread = threading.Thread(target=minilm.load)
thread.start()
first = minilm.encode(["I moved to Berlin last month."])  # while the other thread loads, or after it
thread.join()
print(len(loads), bool(np.array_equal(first, minilm.encode(["I moved to Berlin last month."]))))
"""


def test_a_load_in_a_thread_and_an_encode_at_once_load_the_model_once():
    done = subprocess.run([sys.executable, "-c", PRELOAD], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1", "True"]
