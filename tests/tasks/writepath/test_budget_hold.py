"""A refused extraction holds its whole scope, so the next run decides the scope's facts in the order said."""

from __future__ import annotations

from archivist.tasks.extract.types import TurnContext
from archivist.tasks.writepath.budget import hold_scopes, refused_turns


def turn(turn_id: str, scope: str) -> TurnContext:
    return TurnContext(turn_id=turn_id, tenant="acme", scope=scope, speaker=None, role="customer", text="x",
                       said_at=None)


def test_every_turn_of_a_scope_with_a_refused_turn_is_held_and_other_scopes_go_on():
    contexts = [turn("a1", "a"), turn("b1", "b"), turn("a2", "a"), turn("c1", "c")]
    facts = [["fact a1"], ["fact b1"], [], ["fact c1"]]
    kept, kept_facts, held = hold_scopes(contexts, facts, {"a2"})
    assert [c.turn_id for c in kept] == ["b1", "c1"] and kept_facts == [["fact b1"], ["fact c1"]]
    assert held == 2  # a1 was extracted (and paid, so cached) but waits with a2


def test_nothing_refused_keeps_everything():
    contexts = [turn("a1", "a")]
    assert hold_scopes(contexts, [[]], set()) == (contexts, [[]], 0)


class Refusing:
    def __init__(self):
        self.deferred = {"t1"}

    def take_deferred(self):
        deferred, self.deferred = self.deferred, set()
        return deferred


def test_refused_turns_come_from_extractors_that_make_paid_calls_only():
    extractor = Refusing()
    assert refused_turns(extractor) == {"t1"} and refused_turns(extractor) == set()
    assert refused_turns(object()) == set()  # the embedded extractor has nothing to refuse
