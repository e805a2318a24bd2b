"""A fault put right in the conversation that reported it leaves no fact (tasks/extract/resolved.py); one still
open, one only promised a fix, or one fixed in a later conversation is read as usual."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract.context import turn_contexts
from archivist.tasks.extract.local import LocalExtractor


def read(conversations: dict[str, list[tuple[str, str]]]) -> list[tuple[str, str, str]]:
    rows = [dict(turn_id=f"{name}-{i}", tenant="acme", scope="c", conversation_id=name, turn_index=i, speaker=role,
                 role=role, text=text, said_at=datetime(2026, 9, 7 + n, 14, i, tzinfo=UTC))
            for n, (name, turns) in enumerate(conversations.items()) for i, (role, text) in enumerate(turns)]
    contexts = turn_contexts(rows)
    return [(c.conversation_id or "", f.relation, f.text)
            for c, facts in zip(contexts, LocalExtractor().extract(contexts), strict=True) for f in facts]


@pytest.mark.parametrize("fix", [
    ("customer", "oh yeah it's back thanks"),
    ("customer", "Got it. Okay, yeah, I'm in now. Thanks."),
    ("agent", "yep it's back online i can see data coming in you're all good"),
    ("customer", "that's worked, cheers"),
])
def test_a_fault_put_right_on_the_call_is_no_fact(fix) -> None:
    found = read({"call": [("customer", "hi yeah so my internet's gone down completely since about eleven"),
                           ("agent", "okay let me run a line test and reset the line"), fix]})
    assert [f for f in found if f[1] == "service_status"] == []


@pytest.mark.parametrize("later", [
    ("agent", "an engineer will visit on Friday and it should be back by the evening"),
    ("customer", "ok thanks"),
])
def test_a_fault_left_open_or_only_promised_a_fix_is_kept(later) -> None:
    found = read({"call": [("customer", "My internet has been down since Tuesday."), later]})
    assert [f[1] for f in found] == ["service_status"]


def test_a_fix_in_a_later_conversation_leaves_the_fault_to_be_closed() -> None:
    found = read({"a": [("customer", "My internet has been down since Tuesday.")],
                  "b": [("customer", "My internet has been stable since the engineer's visit, it's working again.")]})
    assert [(c, r) for c, r, _ in found].count(("a", "service_status")) == 1
    assert ("b", "service_status") in [(c, r) for c, r, _ in found]
