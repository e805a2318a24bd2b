"""Load recall's models in a thread while the command imports the store, so that start-to-answer overlaps them.

A recall process spends most of its start in imports (lancedb, about 0.4 CPU s, pure Python under the GIL) and
then loads two models: the question's embedder (wordllama: its tokenizer file is parsed in Rust without the GIL)
and, for the local decider's rerank, MiniLM (onnxruntime builds its session without the GIL). On two cores those
loads run beside the imports. Each loader is once-only, so a caller that gets there first waits for the thread's
load instead of starting a second one, and results are the same objects either way.

Only a read command that will use the models calls `start`; a load that fails in the thread is left alone and
fails again, with its own error, where recall uses the model.
"""

from __future__ import annotations

import threading
from contextlib import suppress

from archivist.configs.settings import Settings


def models_used(settings: Settings, *, rerank: bool) -> tuple[bool, bool]:
    """(the local question embedder, MiniLM): which of the two a recall with these settings loads."""
    local_embedder = settings.embedder.provider == "local"
    minilm = settings.embedder.provider == "minilm" or (rerank and settings.decisions.provider == "local")
    return local_embedder, minilm


def start(settings: Settings, *, rerank: bool) -> threading.Thread | None:
    """Start loading the models a recall will use (None when it uses neither)."""
    local_embedder, minilm = models_used(settings, rerank=rerank)
    if not (local_embedder or minilm):
        return None

    def load() -> None:
        # The embedder first: recall needs the question's vector before the rerank needs MiniLM.
        if local_embedder:
            from archivist.tasks.ingest.embed import get_embedder

            with suppress(Exception):  # raised again where recall embeds the question
                get_embedder(settings)
        if minilm:
            from archivist.tasks.ingest import minilm as model

            with suppress(Exception):  # raised again where the rerank encodes
                model.load()

    # Not a daemon: at exit the interpreter waits for it rather than stop it inside a native load.
    thread = threading.Thread(target=load, name="recall-warm")
    thread.start()
    return thread
