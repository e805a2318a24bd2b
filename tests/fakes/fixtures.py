"""Pytest fixtures: a started fake server per test, stopped afterwards.

Import the ones a test module uses: `from tests.fakes.fixtures import fake_server  # noqa: F401`.
Every server speaks every registered wire format; the named aliases only say which one a test uses.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.server import FakeServer, Knobs


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with FakeServer(Knobs()) as server:
        yield server


fake_systemone = fake_server
fake_openai = fake_server
fake_anthropic = fake_server
