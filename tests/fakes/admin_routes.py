"""`GET /_fake/stats`: the request log in numbers, for a fake server running in another process."""

from __future__ import annotations

from collections import Counter

from tests.fakes.routes import FakeRequest, Reply, route


@route("GET", "/_fake/stats")
def stats(request: FakeRequest) -> Reply:
    server = request.server
    with server.lock:
        logged = [r for r in server.requests if not r.path.startswith("/_fake/")]
        statuses = Counter(str(r.status) for r in logged)
        first = min((r.at for r in logged), default=None)
        last = max((r.at for r in logged), default=None)
    return Reply(json={"requests": len(logged), "by_status": dict(statuses),
                       "span_s": (last - first) if first is not None else 0.0,
                       # time.monotonic() is one clock for every process of the machine (Linux)
                       "first_at": first, "last_at": last})
