"""A fault put right on the call or chat that reported it: "my internet's gone down" ... "oh yeah it's back thanks".

The state of a thing of the customer's (`service_status`) is kept as a fact because it usually outlives the
conversation ("the internet has been down since Tuesday" is still down tomorrow). One that a later turn of the
same conversation says is working again was an incident handled there and then, a ticket rather than a memory:
the fault and the fix are both left out. A fix said in a later conversation ("it's been stable since the
engineer's visit") is read as usual and closes the fault it answers; a fix only promised ("it should be back by
tonight") puts nothing right yet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from archivist.tasks.extract.types import ExtractedFact, TurnContext

_RESOLVED = re.compile(
    r"\b(?:it's|it is|its|that's|that is|everything's|everything is|we're|you're|i'm|it has|it's been)\s+(?:all\s+)?"
    r"(?:back(?: on| online| up)?|working(?: again| now)?|fixed|sorted|resolved|in now|up and running|all good)\b"
    r"|\b(?:it|that|this)(?:'s| has)?\s+(?:worked|fixed it|sorted it|done the trick|did the trick)\b"
    r"|\bglad that (?:sorted|fixed|worked)\b|\bi'm in now\b|\bthat's reset\b|\bit works (?:now|again)\b"
    r"|\bi'm back in\b",
    re.IGNORECASE)
"""The fault is over, said now: not "it should be back by tonight" (a modal before it is a promise)."""
_PROMISED = re.compile(r"\b(?:should|will|would|might|may|could|'ll)\s+(?:be\s+)?(?:back|working|fixed|sorted)\b",
                       re.IGNORECASE)


def resolved_on_the_call(turns: Sequence[TurnContext], facts: list[list[ExtractedFact]]
                         ) -> tuple[list[list[ExtractedFact]], int]:
    """`facts` (one list per turn) without the `service_status` facts of a conversation up to the turn that says
    the fault is over, and how many were left out."""
    last_fix: dict[str, int] = {}
    for index, turn in enumerate(turns):
        text = turn.text or ""
        if turn.conversation_id and _RESOLVED.search(text) and not _PROMISED.search(text):
            last_fix[turn.conversation_id] = index
    # a fault said in a turn before the fix of its conversation: a fix said on its own answers an earlier one's
    faulted = {turn.conversation_id for index, (turn, found) in enumerate(zip(turns, facts, strict=True))
               if index < last_fix.get(turn.conversation_id or "", -1)
               and any(f.relation == "service_status" for f in found)}
    dropped = 0
    kept: list[list[ExtractedFact]] = []
    for index, (turn, found) in enumerate(zip(turns, facts, strict=True)):
        if turn.conversation_id not in faulted or index > last_fix[turn.conversation_id or ""]:
            kept.append(found)
            continue
        kept.append([f for f in found if f.relation != "service_status"])
        dropped += len(found) - len(kept[-1])
    return kept, dropped


def fulfilled_on_the_call(facts: list[list[ExtractedFact]], turns: Sequence[TurnContext]
                          ) -> tuple[list[list[ExtractedFact]], int]:
    """`facts` without a wish or plan that a later turn of its conversation states as done ("I'd like to upgrade
    to the Full Shine plan" ... "you're now on the Full Shine plan"): the request was carried out there and then,
    and the current fact says all it did. How many were left out is returned with them."""
    done: dict[tuple[str | None, str, str], int] = {}
    for index, (turn, found) in enumerate(zip(turns, facts, strict=True)):
        for f in found:
            if f.temporal_status == "current" and f.object:
                done[(turn.conversation_id, f.relation, _named(f.object))] = index
    kept: list[list[ExtractedFact]] = []
    for index, (turn, found) in enumerate(zip(turns, facts, strict=True)):
        kept.append([f for f in found if not (
            f.temporal_status == "planned" and turn.conversation_id and f.object
            and done.get((turn.conversation_id, f.relation, _named(f.object)), -1) > index)])
    return kept, sum(map(len, facts)) - sum(map(len, kept))


def _named(obj: str) -> str:
    """What an object names, without what the sentence adds after a comma ("Full Shine plan, the weekly one")."""
    return obj.split(",", 1)[0].strip().lower()
