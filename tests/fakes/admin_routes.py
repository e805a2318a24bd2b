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
                       "first_at": first, "last_at": last,
                       # When each 429 was answered, and the most requests accepted in any window, to tell a
                       # burst from a steady overshoot.
                       "rejected_at": sorted(r.at for r in logged if r.status == 429),
                       "peak_in_window": _peak(sorted(r.at for r in logged if r.status == 200),
                                               server.knobs.window_s)})


def _peak(times: list[float], window_s: float) -> int:
    peak, start = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - window_s:
            start += 1
        peak = max(peak, end - start + 1)
    return peak
