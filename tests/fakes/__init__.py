"""Fake model servers on loopback for tests and benchmarks: System One, OpenAI and Anthropic wire formats.

    from tests.fakes import FakeServer
    with FakeServer() as server:          # port 0: the OS picks a free port
        server.knobs.fail_next = 2        # the next two requests get HTTP 500
        ...  point a real client or SDK at server.url (OpenAI SDKs: server.url + "/v1")

Routes live in a registry (`tests.fakes.routes.route`, exact paths or `{name}` patterns); each wire format
registers its own in its own module, and a new module (OpenAI Batch, Anthropic message batches) only has
to be imported. Handlers get a `FakeRequest` (parsed JSON `body`, `raw` bytes, `params`, `knobs`) and
return a `Reply`. Pytest fixtures are in `tests.fakes.fixtures`; `python -m tests.fakes.serve` runs one
in its own process.
"""

from tests.fakes.routes import ROUTES, FakeRequest, Reply, route
from tests.fakes.server import FakeServer, Knobs, LoggedRequest

__all__ = ["ROUTES", "FakeRequest", "FakeServer", "Knobs", "LoggedRequest", "Reply", "route"]
