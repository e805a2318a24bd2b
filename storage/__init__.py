"""Every LanceDB call of archivist lives in this package."""

from archivist.storage.store import Store, StoreError

__all__ = ["Store", "StoreError"]
