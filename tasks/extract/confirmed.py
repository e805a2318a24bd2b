"""Changes the customer asked for and the agent then said were done (configs/contracts.toml [agent]).

"Can you change my plan to the Fibre 500 plan?" says what the customer wants; "Sure, that's done for you now" in the
agent's next turn says the change was made, and names no value. Read together they state the change: the customer's
request, rewritten into the first person ("my plan is now the Fibre 500 plan"), is read as the agent's own "I've
changed your plan to the Fibre 500 plan" would be. The fact comes from the agent's turn (so it is agent evidence);
its quote is the customer's request, verbatim, because that is where the value was said.
"""

from __future__ import annotations

import re

from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.policy.contracts import AgentReading, Contracts


def confirms(text: str, c: AgentReading) -> bool:
    """The agent's turn opens by saying the thing asked for is done."""
    said = text.strip().replace("\u2019", "'")
    return any(re.match(pattern, said, flags=re.IGNORECASE) for pattern in c.confirmations)


def confirmed_requests(turn: TurnContext, c: Contracts) -> list[tuple[str, str]]:
    """(the customer's request sentence, its first-person reading) for each change the agent's `turn` confirms:
    the requests of the customer message just before it, when the turn opens with a confirmation."""
    if not turn.previous or not confirms(turn.text or "", c.agent):
        return []
    asked = turn.previous[-1]
    if c.voice(asked.role) != "customer":
        return []
    found = []
    for sentence in split_sentences(asked.text or ""):
        original = sentence.text.strip()
        said = original.replace("\u2019", "'")
        for rule in c.agent.requests:
            if re.match(rule.from_, said, flags=re.IGNORECASE):  # the groups keep the customer's spelling
                reading = re.sub(rule.from_, rule.to, said, flags=re.IGNORECASE)
                found.append((original, reading[:1].upper() + reading[1:] + "."))
                break
    return found
