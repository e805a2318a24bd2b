"""Defer the REST client that `import lancedb` drags in, so a read of a local store starts fast.

`lancedb` imports `lance_namespace`, which re-exports the request models of `lance_namespace_urllib3_client`.
That package's `__init__` also imports its nine API modules, whose 366 `pydantic.validate_call` methods build
their validators at import: about two thirds of `import lancedb` on this machine (0.5-0.9 s of 0.8-1.5 s), for
a client only a REST namespace connection uses, and archivist never opens one.

`defer_package_init(name)` puts the package in `sys.modules` with its `__path__` set but its `__init__` not run
yet: submodules (`.models`) import as usual, and the first attribute asked of the package itself runs the real
`__init__`, so code that does use the client gets exactly the module it would have had (and an `__init__`
that fails raises there, and leaves the package to be imported afresh, as a failed import does).
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from typing import Any

REST_CLIENT = "lance_namespace_urllib3_client"

_lock = threading.Lock()


def defer_package_init(name: str) -> bool:
    """Register package `name` with its `__init__` deferred to the first attribute access; False when it is
    already imported or not installed (nothing changes then)."""
    with _lock:
        if name in sys.modules:
            return False
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            return False
        module = importlib.util.module_from_spec(spec)
        ran = threading.Event()
        run_lock = threading.RLock()

        def __getattr__(attribute: str) -> Any:
            with run_lock:
                if not ran.is_set():
                    ran.set()  # first, so the __init__'s own `from package import submodule` lines pass
                    try:
                        spec.loader.exec_module(module)  # pyright: ignore[reportOptionalMemberAccess]
                    except BaseException:
                        # As a failed import does: the next `import` of the package starts afresh.
                        if sys.modules.get(name) is module:
                            del sys.modules[name]
                        raise
            if attribute in module.__dict__:
                return module.__dict__[attribute]
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")

        module.__getattr__ = __getattr__  # type: ignore[method-assign]
        sys.modules[name] = module
        return True


def defer_rest_client() -> None:
    """Called by storage/__init__.py, before any module of the package imports lancedb."""
    defer_package_init(REST_CLIENT)
