"""The fake servers themselves: the route registry can be extended, and the knobs behave as documented."""

from __future__ import annotations

import httpx

from tests.fakes import FakeServer, Knobs, Reply, route
from tests.fakes.routes import ROUTES


def test_a_new_module_can_add_pattern_routes_that_see_raw_bodies():
    @route("POST", "/v1/things/{thing_id}/parts")
    def parts(request):
        return Reply(json={"thing": request.params["thing_id"], "bytes": len(request.raw)})

    try:
        with FakeServer() as server:
            reply = httpx.post(server.url + "/v1/things/t-42/parts", content=b"abcdef")
            assert reply.json() == {"thing": "t-42", "bytes": 6}
            assert httpx.post(server.url + "/v1/nothing").status_code == 404
    finally:
        ROUTES.pop(("POST", "/v1/things/{thing_id}/parts"))


def test_the_sliding_window_answers_429_with_both_retry_after_headers():
    with FakeServer(Knobs(rpm_limit=2, window_s=30.0)) as server:
        body = {"model": "jev-latest", "state": "s", "questions": {"q": {"type": "noul", "instructions": "i"}}}
        statuses = [httpx.post(server.url + "/v1/systemone", json=body) for _ in range(3)]
        assert [r.status_code for r in statuses] == [200, 200, 429]
        limited = statuses[2]
        assert 29 <= int(limited.headers["retry-after"]) <= 30
        assert 28_000 < int(limited.headers["retry-after-ms"]) <= 30_001


def test_default_answers_are_deterministic():
    body = {"model": "jev-latest", "state": "s",
            "questions": {"k": {"type": "choice", "instructions": "i", "criteria": {"a": None, "b": None}}}}
    with FakeServer() as one, FakeServer() as two:
        first = httpx.post(one.url + "/v1/systemone", json=body).json()["answers"]
        second = httpx.post(two.url + "/v1/systemone", json=body).json()["answers"]
    assert first == second and set(first["k"]["probabilities"]) == {"a", "b"}
