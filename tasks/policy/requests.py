"""One decision request per new fact: its fact questions and, per candidate, the relation questions.

The state follows the request conventions of tasks/decisions/types.py:

    {"message": str, "said_at": iso, "fact": str, "slot": slot, "targets": {"c1": {"text": str, "said_at": iso,
     "slot": slot}, ...}}

where `slot` is {"subject": str, "relation": str, "object": str}, the fact's triple as extracted (and stored),
left out where it is not known; a new fact's slot also carries `"replaces": true` when its statement says the
value changed ("I switched to an iPhone 15"; the key is absent otherwise, so no other request changes). It lets
a decision model see "the same one-valued slot, another value" as structure rather than guess it from the wording
(tasks/decisions/local/structure.py).

A request that asks a question of question set v2 (`STATE_V2`) also carries `"role"`, the voice of the statement
(customer, agent, system, tool: configs/contracts.toml), and each target's `"status"` (active, tentative, closed)
and `"quote"`, so a remote model can weigh an agent's word and a closed fact as the write path does. A request of
v1 questions only has exactly the state above: its hash, and so its cached answer and decision ids, are kept.

with keys `worth_remembering`, `kind`, ..., `relation:c1`, and `plan_fulfilled:c1` when the candidate is a stored
plan. The second phrasing (`relation_alt:c1`, ...) is a second reading, so it is not asked in that request: it
goes in a request of its own (`StatementRequest.second`) over `second_reading_state`, the same facts worded from
the stored facts' side. Asked in one request over one state, both phrasings are one reading, yet the belief
update counts them as two pieces of evidence (tasks/policy/belief.py); apart, each is its own call, cached
under its own hash. Target keys are positions, so a request is the same whenever the fact and its
candidates are: the call cache answers a re-run, and decision ids (which hash the state) repeat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol, cast

from archivist.tasks.decisions.types import TARGETS, DecisionRequest, Question, about, request_key, split_key
from archivist.tasks.policy.gates import is_plan

FACT_QUESTIONS = ("worth_remembering", "kind", "temporal_status", "relation_type", "durability", "sensitivity")
RELATION, RELATION_ALT, PLAN_FULFILLED = "relation", "relation_alt", "plan_fulfilled"
SLOT, SLOT_FIELDS, REPLACES = "slot", ("subject", "relation", "object"), "replaces"
SECOND_READING_QUESTIONS = (RELATION_ALT,)
READING = "reading"
SECOND_READING = ("Read from the side of each stored fact under `targets`: `message` was said after it (at "
                  "`said_at`) and stated `fact`.")
"""The wording that makes the second reading's state its own (the facts in it are the first request's)."""
ROLE, STATUS, QUOTE = "role", "status", "quote"
STATE_V2 = {"relation": 2, "relation_alt": 2, "kind": 2, "sensitivity": 3}
"""The first version of each question of question set v2 (configs/questions.toml); a request asking one of them
gets the v2 state. A wire-format rule, not a tunable: a v1 request must keep its bytes."""


class QuestionBook(Protocol):
    """What the write path needs of a question set (tasks/decisions/questions.py's QuestionSet)."""

    def latest(self, question_id: str) -> Question: ...


@dataclass(frozen=True)
class AskedQuestion:
    """What one request key asks, and about which stored fact."""

    question: Question
    target_fact_id: str | None = None


@dataclass(frozen=True)
class StatementRequest:
    request: DecisionRequest
    asked: dict[str, AskedQuestion]
    target_keys: dict[str, str]
    """stored fact id -> target key ("c1")."""
    second: DecisionRequest | None = None
    """The second phrasing of every candidate, over `second_reading_state`; None without candidates."""
    not_asked: dict[str, str] = field(default_factory=dict)
    """Second-reading keys (`relation_alt:c2`) left out by `without_second_readings`, with the reason."""

    @property
    def requests(self) -> list[DecisionRequest]:
        return [self.request] + ([self.second] if self.second is not None else [])

    def request_of(self, key: str) -> DecisionRequest:
        """The request that asks `key`."""
        return self.second if self.second is not None and key in self.second.questions else self.request

    def without_second_readings(self, reasons: Mapping[str, str]) -> StatementRequest:
        """This request with the second reading of the target keys in `reasons` ("c2" -> why) left out; None
        for `second` when none is left. The state stays the same, so the readings still asked keep their
        decision ids (tasks/policy/readings.py says which readings can be left out)."""
        if self.second is None or not reasons:
            return self
        targets = {key: split_key(key)[1] for key in self.second.questions}
        dropped = {key: reasons[target] for key, target in targets.items() if target is not None and target in reasons}
        kept = {key: q for key, q in self.second.questions.items() if key not in dropped}
        second = DecisionRequest(state=self.second.state, questions=kept) if kept else None
        asked = {key: a for key, a in self.asked.items() if key not in dropped}
        return replace(self, asked=asked, second=second, not_asked={**self.not_asked, **dropped})


def second_reading_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state the second phrasing is asked over: `state`'s facts, worded from the stored facts' side."""
    return {READING: SECOND_READING, **{k: v for k, v in state.items() if k != READING}}


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def slot_of(fact: Any, stated_change: bool = True) -> dict[str, Any] | None:
    """The (subject, relation, object) triple of a fact row or a NewFact, or None where any part is missing;
    with `replaces: True` when the fact states a change of the slot's value. A stored fact's row keeps that mark
    (column `replaces`) for re-scoring, but only the new fact's slot carries it: a target's slot is
    `slot_of(row, stated_change=False)`."""
    get = fact.get if isinstance(fact, Mapping) else lambda name: getattr(fact, name, None)
    triple = {name: get(name) for name in SLOT_FIELDS}
    if not all(isinstance(value, str) and value.strip() for value in triple.values()):
        return None
    slot = cast(dict[str, Any], triple)  # every value is a non-blank str, checked just above
    if stated_change and get(REPLACES) is True:
        slot[REPLACES] = True
    return slot


def asks_v2(questions: Mapping[str, Question] | Sequence[Question]) -> bool:
    """Whether a request asking `questions` carries the v2 state."""
    asked = questions.values() if isinstance(questions, Mapping) else questions
    return any(q.version >= STATE_V2.get(q.id, 1 << 30) for q in asked)


def with_v2_state(state: Mapping[str, Any], role: str | None,
                  targets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """`state` with the statement's voice and, per target key, the stored fact's status and quote (`targets`:
    key -> a fact row). Used by the write path and by re-scoring, so both build the same bytes."""
    out = {**state, ROLE: role or "customer"}  # no role reads as a customer's (tasks/writepath/decide.py NewFact)
    out[TARGETS] = {key: {**value, STATUS: targets[key].get(STATUS), QUOTE: targets[key].get(QUOTE)}
                    for key, value in state[TARGETS].items()}
    return out


def statement_request(
    message: str,
    fact_text: str,
    said_at: datetime | None,
    candidates: Sequence[Mapping[str, Any]],
    questions: QuestionBook,
    fact_slot: Mapping[str, Any] | None = None,
    role: str | None = None,
) -> StatementRequest:
    """`role`: the statement's voice; sent only in a request of v2 questions (`STATE_V2`)."""
    state: dict[str, Any] = {"message": message, "said_at": iso(said_at), "fact": fact_text, TARGETS: {}}
    if fact_slot is not None:
        state[SLOT] = dict(fact_slot)
    asked: dict[str, AskedQuestion] = {}
    for question_id in FACT_QUESTIONS:
        asked[question_id] = AskedQuestion(questions.latest(question_id))
    target_keys: dict[str, str] = {}
    for position, candidate in enumerate(candidates, start=1):
        key = f"c{position}"
        fact_id = candidate["fact_id"]
        target_keys[fact_id] = key
        state[TARGETS][key] = {"text": candidate.get("text"), "said_at": iso(candidate.get("said_at"))}
        stored_slot = slot_of(candidate, stated_change=False)
        if stored_slot is not None:
            state[TARGETS][key][SLOT] = stored_slot
        wanted = [RELATION, RELATION_ALT] + ([PLAN_FULFILLED] if is_plan(candidate) else [])
        for question_id in wanted:
            asked[request_key(question_id, key)] = AskedQuestion(about(questions.latest(question_id), key), fact_id)
    first = {key: a.question for key, a in asked.items() if key.partition(":")[0] not in SECOND_READING_QUESTIONS}
    second = {key: a.question for key, a in asked.items() if key not in first}
    by_key = {key: candidate for key, candidate in zip(state[TARGETS], candidates, strict=True)}
    first_state = with_v2_state(state, role, by_key) if asks_v2(first) else state
    second_state = with_v2_state(state, role, by_key) if asks_v2(second) else state
    request = DecisionRequest(state=first_state, questions=first)
    return StatementRequest(request, asked, target_keys,
                            DecisionRequest(second_reading_state(second_state), second) if second else None)
