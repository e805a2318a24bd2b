"""Recall lines say who else stated a fact and what disagrees with it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from archivist.tasks.recall.render import render_fact

DAY = datetime(2026, 3, 5, tzinfo=UTC)
AGENT = "agent:agent:Sam:t2"
CUSTOMER = "customer:customer:Alex:t1"


def test_a_fact_only_its_customer_stated_renders_as_before():
    assert render_fact(DAY, "customer is on Basic", "I'm on Basic", sources=[CUSTOMER], conflicts=[]) == \
        "[2026-03-05] customer is on Basic — \"I'm on Basic\""


def test_a_fact_with_other_voices_and_an_open_conflict_says_so():
    side = json.dumps({"fact_id": "f9", "source": "customer", "object": "Basic", "text": "customer is on Basic"})
    line = render_fact(DAY, "customer is on Enterprise", "Your account is on Enterprise", sources=[AGENT, CUSTOMER],
                       conflicts=[side])
    assert line == ("[2026-03-05] customer is on Enterprise — \"Your account is on Enterprise\" "
                    "(agent, customer; conflicting: customer says Basic)")
