"""The `meta` table's records about the store itself: which embedder made its vectors.

(The table aliases a re-embedding switches are read by `Store` itself: storage/vector_space.py.)
"""

from __future__ import annotations

from archivist.storage.store import Store

EMBEDDER_KEY = "embedder"


def recorded_embedder(store: Store) -> dict | None:
    return store.get_meta(EMBEDDER_KEY) if store.has_table("meta") else None


def record_embedder(store: Store, name: str, dim: int) -> None:
    store.set_meta(EMBEDDER_KEY, {"name": name, "dim": dim})
