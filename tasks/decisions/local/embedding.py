"""Sentence vectors for the local decision model's similarity features.

The trained heads were fitted on cosine similarities from wordllama's `l2_supercat` (256-d) model, so the
features must keep coming from that model whatever embedder the store is configured with: a hosted
embedder would move every similarity and silently de-calibrate the heads. wordllama ships inside its PyPI
package and loads offline.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

EMBEDDING_MODEL = "wordllama/l2_supercat/256"
_CACHE_LIMIT = 200_000


@lru_cache(maxsize=1)
def _embed_function():
    """The process's shared local wordllama embedder (loaded once, thread-safe), pinned to the fitted model."""
    from archivist.configs.settings import EmbedderSettings
    from archivist.tasks.ingest.embed import get_embedder

    return get_embedder(EmbedderSettings(provider="local", model="l2_supercat", dim=256)).embed


def embed_unit(texts: list[str]) -> np.ndarray:
    """Unit-length rows, one per text (an empty text gets a zero row, so its cosine with anything is 0)."""
    if not texts:
        return np.zeros((0, 256), dtype=np.float32)
    # wordllama divides by the norm itself, so a text with no known token (an emoji) comes back as NaN.
    with np.errstate(invalid="ignore", divide="ignore"):
        vectors = np.nan_to_num(np.asarray(_embed_function()(list(texts)), dtype=np.float32))
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)


class SentenceVectors:
    """Embeds each distinct text once (a fact is compared with many candidates); safe across threads."""

    def __init__(self) -> None:
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def prefetch(self, texts: list[str]) -> None:
        missing = sorted({text for text in texts if text not in self._vectors})
        if not missing:
            return
        vectors = embed_unit(missing)
        with self._lock:
            if len(self._vectors) + len(missing) > _CACHE_LIMIT:
                self._vectors.clear()
            self._vectors.update(zip(missing, vectors, strict=True))

    def cosine(self, a: str, b: str) -> float:
        if not a.strip() or not b.strip():
            return 0.0
        self.prefetch([a, b])
        return float(np.dot(self._vectors[a], self._vectors[b]))
