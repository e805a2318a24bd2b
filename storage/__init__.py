"""Every LanceDB call of archivist lives in this package.

`Store` is imported lazily: lancedb takes seconds to import, and readers or Dask workers that only need the
schemas should not pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from archivist.storage.deferred import defer_rest_client

# Before any module of this package imports lancedb: its REST client's __init__ is most of that import's time
# and a local store never uses it (storage/deferred.py).
defer_rest_client()

if TYPE_CHECKING:  # what __getattr__ below hands out, for the type checker
    from archivist.storage.store import Store, StoreError

__all__ = ["Store", "StoreError"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from archivist.storage import store

        return getattr(store, name)
    raise AttributeError(name)
