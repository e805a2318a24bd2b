"""The nouns of the decision layer: a typed question, an answer with a probability per option, a call.

Questions travel in the System One shape (`noul`, `choice`, `score` with `criteria`); every provider maps
to and from it. Answers are normalised to one shape whatever the provider: `probabilities` maps every
option of the question to a probability (a yes/no question has the options "true" and "false"; a score
question has "0".."N-1").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

QuestionType = Literal["choice", "noul", "score"]


@dataclass(frozen=True)
class Question:
    id: str
    version: int
    type: QuestionType
    instructions: str
    options: dict[str, str | None]
    """choice: option -> rubric; noul: {"true": rubric, "false": rubric}; score: {"0": level, "1": ...}."""

    @property
    def key(self) -> str:
        return f"{self.id}@v{self.version}"

    @property
    def option_names(self) -> list[str]:
        return list(self.options)

    def wire(self) -> dict[str, Any]:
        """The System One question object."""
        if self.type == "score":
            criteria: Any = [self.options[k] for k in sorted(self.options, key=int)]
        else:
            criteria = dict(self.options)
        return {"type": self.type, "instructions": self.instructions, "criteria": criteria}


@dataclass
class Answer:
    probabilities: dict[str, float]
    chosen: str
    confidence: float
    """The largest probability (the seed paper's pi), not the provider's own confidence formula."""
    fallback: bool = False
    """True when the provider's answer was missing or malformed and this is the recorded fallback."""
    error: str | None = None
    transient: bool = False
    """True when this fallback is a call that failed transiently after every retry (rate limit, 5xx, timeout):
    the same request may succeed later, so the write path defers the statement instead of recording it."""

    @classmethod
    def from_probabilities(cls, probabilities: dict[str, float]) -> Answer:
        chosen = max(probabilities, key=lambda option: probabilities[option])
        return cls(probabilities=dict(probabilities), chosen=chosen, confidence=probabilities[chosen])

    @classmethod
    def uniform_fallback(cls, question: Question, error: str) -> Answer:
        n = len(question.options)
        answer = cls.from_probabilities({option: 1.0 / n for option in question.options})
        answer.fallback = True
        answer.error = error
        return answer

    def p(self, option: str) -> float:
        return self.probabilities.get(option, 0.0)


@dataclass
class CallRecord:
    """What one model call cost: one row of the ledger."""

    provider: str
    model: str
    request_hash: str
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    cached: bool = False
    endpoint: str = ""


@dataclass
class DecisionRequest:
    """One request: a state and every question that shares it, keyed by request-local ids."""

    state: Any
    questions: dict[str, Question]


@dataclass
class DecisionResult:
    answers: dict[str, Answer]
    calls: list[CallRecord] = field(default_factory=list)
    model: str = ""
    """The versioned model id that answered."""
    provider: str = ""
    """The provider asked (known even when no call succeeded and `calls` is empty)."""

    @property
    def any_fallback(self) -> bool:
        return any(a.fallback for a in self.answers.values())

    @property
    def any_transient(self) -> bool:
        return any(a.transient for a in self.answers.values())


# -- request conventions ----------------------------------------------------------------------------
#
# A state is a dict. Questions about the state as a whole are keyed by their question id
# ("temporal_status"); a question about one entry of the state's `targets` mapping is keyed
# "<question id>:<target key>" ("relation:c3"), and its instructions name `targets.<key>`.
#
#   a new fact:    {"message": str, "said_at": iso, "fact": str,
#                   "targets": {cid: {"text": str, "said_at": iso}}}      relation:cid, relation_alt:cid, ...
#   relevance:     {"query": str, "targets": {mid: {"text": str}}}        relevance:mid
#   stored pairs:  {"targets": {pid: {"old": str, "new": str}}}           relation:pid

TARGETS = "targets"


def request_key(question_id: str, target: str | None = None) -> str:
    return question_id if target is None else f"{question_id}:{target}"


def split_key(key: str) -> tuple[str, str | None]:
    question_id, _, target = key.partition(":")
    return question_id, (target or None)


def about(question: Question, target: str) -> Question:
    """The question asked of one target: `{target}` in its instructions names `targets.<key>`."""
    instructions = question.instructions.replace("{target}", f"`{TARGETS}.{target}`")
    return Question(question.id, question.version, question.type, instructions, question.options)


class Decider(Protocol):
    """What every stage asks through: the decision client (cache, ledger, limits, retries, validation)."""

    def decide(self, request: DecisionRequest) -> DecisionResult: ...

    def decide_many(self, requests: list[DecisionRequest]) -> list[DecisionResult]: ...


@dataclass
class ProviderReply:
    """A provider's raw reply in the System One answer shape, before validation."""

    answers: dict[str, Any]
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    endpoint: str = ""
