"""Fakes and turns shared by the LLM and batch extraction tests: real SDKs against loopback servers.

Import the fixtures a test module uses: `from tests.tasks.extract.extract_fakes import server, turns  # noqa: F401`.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from archivist.configs.settings import LLMSettings
from archivist.tasks.extract import ContextMessage, TurnContext
from tests.fakes.llm_batches import BatchFakeServer, extraction_replies

SAID_AT = datetime(2026, 10, 15, 10, 30, tzinfo=timezone.utc)  # a Thursday
MODELS = {"openai": "gpt-4o-mini", "anthropic": "claude-haiku-4-5"}

MOVE_FACT = {"subject": "customer", "predicate": "lives_in", "object": "14 Harbour Street, Leeds",
             "text": "customer lives at 14 Harbour Street, Leeds", "quote": "i moved to 14 Harbour  Street, Leeds",
             "date": "last Friday", "entities": "14 Harbour Street, Leeds"}
LIKE_FACT = {"subject": "customer", "relation": "likes", "object": "hiking", "text": "customer likes hiking",
             "quote": "I love hiking", "date": None, "entities": []}
REPLIES = {"moved to 14 Harbour Street": [MOVE_FACT], "I love hiking": [LIKE_FACT],
           "Thanks, that fixed it": [], "garbled": "Sorry, I can't produce JSON today."}


def make_turn(turn_id: str, text: str, **overrides) -> TurnContext:
    values = dict(turn_id=turn_id, tenant="acme", scope="cust-0001", speaker="Maria", role="customer", text=text,
                  said_at=SAID_AT)
    values.update(overrides)
    return TurnContext(**values)


@pytest.fixture
def turns() -> list[TurnContext]:
    earlier = (ContextMessage("Maria", "customer", "Hello, I need to change my details.", SAID_AT),
               ContextMessage("Sam", "agent", "Of course, what has changed?", SAID_AT))
    return [
        make_turn("t-move", "Hi. I moved to 14 Harbour Street, Leeds last Friday.", previous=earlier,
                  similar_facts=("customer lives at 8 Elm Road, York",)),
        make_turn("t-thanks", "Thanks, that fixed it."),
        make_turn("t-like", "I love hiking."),
    ]


@pytest.fixture
def server():
    with BatchFakeServer() as fake:
        fake.knobs.chat_reply = extraction_replies(REPLIES)
        yield fake


def settings_for(server, vendor: str, **overrides) -> LLMSettings:
    base_url = server.url + ("/v1" if vendor == "openai" else "")
    values = dict(provider=vendor, model=MODELS[vendor], base_url=base_url, api_key_env="ARCHIVIST_TEST_LLM_KEY",
                  max_attempts=3, backoff_initial_s=0.01, concurrency=4, timeout_s=5.0)
    values.update(overrides)
    return LLMSettings(**values)


class Sleeps(list):
    """An injected `sleep` that records the waits instead of sleeping through them."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)
