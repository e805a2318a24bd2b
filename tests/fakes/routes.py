"""The route registry of the fake servers: `(method, path) -> handler(FakeRequest) -> Reply`.

A wire-format module registers its handlers with `@route("POST", "/v1/...")` at import time;
`ROUTE_MODULES` lists the built-in ones that every `FakeServer` loads. Another module (say
`tests/fakes/openai_batches.py`) adds its routes by being imported, or by being appended to
`ROUTE_MODULES` before servers start.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.fakes.server import FakeServer, Knobs


@dataclass
class FakeRequest:
    method: str
    path: str
    headers: dict[str, str]
    """Lower-cased header names."""
    body: Any
    """The parsed JSON body (None when there is none or it is not JSON)."""
    server: FakeServer
    raw: bytes = b""
    """The body as received (multipart uploads, say)."""
    params: dict[str, str] = field(default_factory=dict)
    """Values of `{name}` segments of a pattern route (`/v1/batches/{batch_id}`)."""

    @property
    def knobs(self) -> Knobs:
        return self.server.knobs


@dataclass
class Reply:
    status: int = 200
    json: Any = None
    text: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[FakeRequest], Reply]
ROUTES: dict[tuple[str, str], Handler] = {}

ROUTE_MODULES = [
    "tests.fakes.systemone_routes",
    "tests.fakes.openai_routes",
    "tests.fakes.anthropic_routes",
    "tests.fakes.admin_routes",
]


def route(method: str, path: str) -> Callable[[Handler], Handler]:
    """Register `handler` for `method path` (a later registration of the same route replaces it).

    A path may hold `{name}` segments (`/v1/batches/{batch_id}`); their values arrive in `request.params`.
    Exact paths are matched first.
    """

    def register(handler: Handler) -> Handler:
        ROUTES[(method.upper(), path)] = handler
        return handler

    return register


def load_routes() -> None:
    for module in ROUTE_MODULES:
        importlib.import_module(module)


def error(status: int, message: str, **extra: Any) -> Reply:
    """An error body in the common `{"error": {"message", "type"}}` shape."""
    return Reply(status=status, json={"error": {"message": message, "type": extra.pop("type", "error"), **extra}})


def resolve(method: str, path: str) -> tuple[Handler | None, dict[str, str]]:
    """The handler for `method path` and the values of its `{name}` segments."""
    handler = ROUTES.get((method, path))
    if handler is not None:
        return handler, {}
    segments = path.strip("/").split("/")
    for (route_method, pattern), candidate in ROUTES.items():
        if route_method != method or "{" not in pattern:
            continue
        parts = pattern.strip("/").split("/")
        if len(parts) != len(segments):
            continue
        params: dict[str, str] = {}
        for part, segment in zip(parts, segments, strict=True):
            if part.startswith("{") and part.endswith("}"):
                params[part[1:-1]] = segment
            elif part != segment:
                break
        else:
            return candidate, params
    return None, {}
