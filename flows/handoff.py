"""Hand a nested flow its work in process, not as a flow parameter.

Prefect records a flow run's parameters in its database and refuses a run whose parameters exceed 512 KiB: a
re-score of a few hundred turns already sends more than that as rebuilt requests. A nested flow runs in the
process of the flow that calls it, so the caller parks the work here and passes the key; the nested flow takes
it back. The work never reaches Prefect's database (it holds customers' words, which it has no need to keep).
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

_parked: dict[str, Any] = {}
_lock = threading.Lock()


def park(work: Any) -> str:
    """Keep `work` for one `take`; the key is what the nested flow gets as its parameter."""
    key = uuid.uuid4().hex
    with _lock:
        _parked[key] = work
    return key


def take(key: str) -> Any:
    """The work parked under `key`, removed (a key is good for one take)."""
    with _lock:
        try:
            return _parked.pop(key)
        except KeyError as err:
            raise RuntimeError(f"no work parked under {key!r}: a nested flow must run in its caller's process") from err
