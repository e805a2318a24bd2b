"""A change the customer asked for and the agent then refused on the same chat: no memory of a new value.

"I want to change my number to 70220 58814" is read as a plan (the customer's wish), and a plan of a one-valued
slot is evidence against the value on file. When a later agent turn of the same conversation says the change was
not made ("The change can't be completed until the OTP is verified, so your registered number stays as it is",
"the request was declined", "No changes made to your plan"), the wish was turned down there and then: the value
on file still holds, so the customer's wishes and plans said before that turn are left out. What the customer
states as already done ("I've moved to ...") is kept: a refusal of the account change does not undo a move.
The phrases are configs/contracts.toml `[agent] refusals`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from archivist.tasks.extract.types import ExtractedFact, TurnContext
from archivist.tasks.policy.contracts import Contracts, load_contracts

_WISHES = ("planned", "hypothetical")


def refused_on_the_call(facts: list[list[ExtractedFact]], turns: Sequence[TurnContext],
                        contracts: Contracts | None = None) -> tuple[list[list[ExtractedFact]], int]:
    """`facts` (one list per turn) without the customer's wishes and plans said before an agent turn of their
    conversation that refuses or does not make the change; how many were left out is returned with them."""
    c = contracts or load_contracts()
    refusal = re.compile("|".join(f"(?:{p})" for p in c.agent.refusals), re.IGNORECASE) if c.agent.refusals else None
    last_refusal: dict[str, int] = {}
    for index, turn in enumerate(turns):
        if refusal is not None and turn.conversation_id and c.voice(turn.role) == "agent" \
                and refusal.search((turn.text or "").replace("\u2019", "'")):
            last_refusal[turn.conversation_id] = index
    kept = [[f for f in found if not (f.temporal_status in _WISHES and c.voice(turn.role) == "customer"
                                      and index < last_refusal.get(turn.conversation_id or "", -1))]
            for index, (turn, found) in enumerate(zip(turns, facts, strict=True))]
    return kept, sum(map(len, facts)) - sum(map(len, kept))
