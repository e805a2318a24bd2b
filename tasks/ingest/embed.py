"""Embedders: the local default shipped inside a PyPI package, MiniLM (also offline), or OpenAI embeddings.

`local` (wordllama l2_supercat, 256-d) is fast; `minilm` (all-MiniLM-L6-v2, int8 ONNX, 384-d) finds more of
LoCoMo's evidence but embeds about two orders of magnitude fewer texts per second on CPU
(tests/benchmarks/bench_embedders.py measures both side by side).

The store records which embedder and dimension made its vectors (`embedder` in the meta table) and
refuses to mix vector spaces: a change of embedder is a re-embedding job, never a silent mix.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from archivist.configs.settings import EmbedderSettings, Settings
from archivist.errors import TerminalError


class EmbedderMismatch(TerminalError, RuntimeError):
    """The store's vectors were made by another embedder than the one configured."""

    hint = ("Configure the embedder the store was built with, or switch the store with "
            "`archivist reembed --embedder PROVIDER:MODEL:DIM`.")


class Embedder(Protocol):
    name: str
    """Identifies the vector space: provider, model and dimension."""
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""
        ...


SHIPPED_WORDLLAMA_DIM = 256


class WordLlamaEmbedder:
    """wordllama's l2_supercat, loaded from the package folder (its default load looks elsewhere and downloads)."""

    def __init__(self, config: str = "l2_supercat", dim: int = 256):
        wordllama = _import_wordllama()
        from wordllama import WordLlama

        # Only the 256-d weights ship in the wheel; smaller dimensions are its Matryoshka truncations of them.
        shipped = SHIPPED_WORDLLAMA_DIM if dim <= SHIPPED_WORDLLAMA_DIM else dim
        self._model = WordLlama.load(
            config=config, cache_dir=Path(wordllama.__file__).parent, dim=shipped,
            trunc_dim=dim if dim < shipped else None, disable_download=True,
        )
        self.dim = dim
        self.name = f"local:wordllama-{config}:{dim}"
        # The tokenizer is not documented as thread-safe; embedding is cheap next to the lock.
        self._lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            vectors = self._model.embed(texts, norm=True, batch_size=512)
        return np.asarray(vectors, dtype=np.float32)


def _import_wordllama():
    """Import wordllama without the root-logger setup it does at import (basicConfig at INFO)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    import wordllama

    root.handlers[:] = handlers
    root.setLevel(level)
    return wordllama


_local_lock = threading.Lock()


def _local(config: str, dim: int) -> WordLlamaEmbedder:
    # One load per model even when two threads ask at once (recall loads it in a thread, tasks/recall/warm.py).
    with _local_lock:
        return _loaded_local(config, dim)


@lru_cache(maxsize=4)
def _loaded_local(config: str, dim: int) -> WordLlamaEmbedder:
    return WordLlamaEmbedder(config, dim)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 as int8 ONNX from PyPI packages (tasks/ingest/minilm.py): 384-d, mean-pooled, unit length.

    The model and its dimension are fixed, so `embedder.model` and `embedder.dim` do not apply.
    """

    def __init__(self) -> None:
        from archivist.tasks.ingest import minilm

        self._minilm = minilm
        self.dim = minilm.DIM
        self.name = f"minilm:{minilm.MODEL_ID}:{minilm.DIM}"

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._minilm.encode(list(texts))


@lru_cache(maxsize=1)
def _minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def get_embedder(settings: Settings | EmbedderSettings, store: Any = None, run_id: str | None = None) -> Embedder:
    """The configured embedder (the local one is loaded once per process).

    A hosted embedder caches and costs its calls in `store` (call cache and ledger) under `run_id`; call
    `close_embedder` when done so its buffered cache rows are written.
    """
    config = settings.embedder if isinstance(settings, Settings) else settings
    if config.provider == "local":
        return _local(config.model, config.dim)
    if config.provider == "minilm":
        return _minilm()
    if config.provider == "openai":
        from archivist.tasks.providers.openai_embeddings import OpenAIEmbedder

        replay = settings.replay if isinstance(settings, Settings) else False
        return OpenAIEmbedder(config, store, run_id, replay=replay)
    raise ValueError(f"unknown embedder provider {config.provider!r}; use 'local', 'minilm' or 'openai'")


def close_embedder(embedder: Embedder) -> None:
    close = getattr(embedder, "close", None)
    if close is not None:
        close()


def check_store_embedder(recorded: dict | None, embedder: Embedder) -> None:
    """Raise if the store's vectors come from another embedder than `embedder`."""
    if recorded is None:
        return
    if recorded.get("name") != embedder.name or int(recorded.get("dim", -1)) != embedder.dim:
        raise EmbedderMismatch(
            f"this store's vectors were made by {recorded.get('name')} ({recorded.get('dim')}-d) but the "
            f"configured embedder is {embedder.name} ({embedder.dim}-d); mixing vector spaces would make "
            "search meaningless. Configure the store's embedder again, or re-embed the store into a new one."
        )
