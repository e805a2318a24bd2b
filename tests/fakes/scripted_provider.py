"""A scripted decision model behind the DecisionProvider base class, posing as a remote one (its defaults).

The decision client caches and rate-limits only remote providers, so tests of "a re-run is served from the cache"
need one; this one answers with a `ScriptedDecider`'s rules in the System One shape and counts what it is sent.

    provider = ScriptedProvider(ScriptedDecider(model="remote-2").script("relation:*", {"new": 0.9}))
    client = DecisionClient(provider, ProviderSettings(), calls=CallLog(store), limiter=None)
"""

from __future__ import annotations

from typing import Any

from archivist.tasks.decisions.types import DecisionRequest, ProviderReply, Question
from archivist.tasks.providers.base import DecisionProvider
from tests.fakes.scripted_decider import ScriptedDecider


class ScriptedProvider(DecisionProvider):
    name = "scripted-remote"
    endpoint = "decide"

    def __init__(self, decider: ScriptedDecider):
        self.decider = decider
        self.model = decider.model
        self.sent: list[dict[str, Question]] = []

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        self.sent.append(questions)
        result = self.decider.decide(DecisionRequest(state, questions))
        answers = {}
        for key, answer in result.answers.items():
            question = questions[key]
            if question.type == "noul":
                answers[key] = {"type": "noul", "noul": answer.p("true")}
            else:
                answers[key] = {"type": question.type, "probabilities": answer.probabilities}
        return ProviderReply(answers=answers, model=self.model, input_tokens=10 * len(questions))

    @property
    def calls(self) -> int:
        return len(self.sent)
