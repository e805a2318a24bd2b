"""The write path of one partition: new facts in, the facts, decisions and events to commit out.

For each new fact, in time order within its scope: candidates among the scope's facts (including the ones this
batch added before it), ONE decision request with the fact questions and the relation questions per candidate,
then a second reading (`relation_alt`) of the candidates whose first reading could still close or move them
(tasks/policy/readings.py: the others' second reading cannot change the store, and their `relation` decision
row says why it was not asked), an LLM escalation when the zone asks for one and one is configured, then the
policy (tasks/policy), whose events are applied to the in-memory rows. Facts of different scopes are
independent, so each round asks the next group of every scope together (tasks/writepath/rounds.py: its first
requests in one `decide_many`, then its second readings in another); a scope's group holds consecutive facts
that cannot see each other (none is a candidate of a later one), which gives exactly the answers
one-at-a-time processing would.

A statement whose decision call failed transiently (rate limits, 5xx, timeouts after every retry) is deferred
with the rest of its scope: the order within a scope matters, so nothing after it is decided either. Deferred
statements write nothing; their turns stay unextracted, and the next run asks the same requests (same ids)
through the normal policy. A malformed answer is not transient: it stays a recorded fallback.

Nothing here writes: `storage.facts.commit_partition` writes the returned changes.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import polars as pl

from archivist.clock import to_utc_or_none
from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.ids import content_id, request_hash
from archivist.storage.events import apply_event, encode, event_id, events_frame
from archivist.storage.fact_schemas import DECISIONS, FACT_COLUMNS, fact_row_polars_schema
from archivist.storage.facts import CommitCounts, PartitionState, commit_partition
from archivist.storage.frames import arrow_frame
from archivist.storage.store import Store
from archivist.tasks.decisions.types import Answer, Decider, DecisionRequest, DecisionResult, split_key
from archivist.tasks.policy import (
    FACT_QUESTIONS,
    CandidateJudgement,
    Judged,
    Outcome,
    QuestionBook,
    ScopeIndex,
    StatementJudgement,
    answer_zone,
    choose_zone,
    decision_zone,
    judge_statement,
    statement_request,
)
from archivist.tasks.policy.contracts import Contracts, load_contracts, source_entry
from archivist.tasks.policy.gates import escalation_blocked
from archivist.tasks.policy.readings import unread_second_readings
from archivist.tasks.policy.requests import RELATION, StatementRequest, slot_of
from archivist.tasks.policy.transitions import enforce_contracts
from archivist.tasks.policy.types import FACT_ADDED, FACT_DROPPED
from archivist.tasks.providers.budget import BudgetExhausted
from archivist.tasks.writepath.rounds import ask_in_rounds, merged, next_group

NO_LLM = "escalation zone and no LLM configured: the statement is stored as tentative and this answer is not applied"


@dataclass
class NewFact:
    """A fact as extraction returns it, embedded."""

    tenant: str
    scope: str
    subject: str
    relation: str
    object: str
    text: str
    quote: str
    source_turn_id: str
    said_at: datetime | None
    """When the statement was made (its message's time): the order the write path reads a scope in."""
    entities: Sequence[str] = ()
    vector: np.ndarray | Sequence[float] | None = None
    message: str | None = None
    """The turn the fact came from (the decision model reads its tense and hedges); defaults to the quote."""
    valid_from: datetime | None = None
    """When the fact became true, if the statement dates it ("I moved last month"); defaults to `said_at`.
    Never the processing order: a fact dated before an earlier statement, or a plan dated in the future,
    must still be compared with what was said before it."""
    replaces: bool = False
    """The extractor read a stated change of the slot's value (`ExtractedFact.replaces`); sent in the request's
    `slot` (tasks/policy/requests.py) and stored on the fact row, so re-scoring sends it too."""
    role: str | None = None
    """The turn's role (customer, agent, system, ...): its voice decides what the statement may change
    (configs/contracts.toml). None reads as a customer's."""
    speaker: str | None = None
    date_precision: str | None = None
    """How much of `valid_from` the statement gave (`ExtractedFact.date_precision`); None when its message dates it."""

    @property
    def fact_id(self) -> str:
        return content_id(self.tenant, self.scope, self.text, self.source_turn_id)


@dataclass(frozen=True)
class EscalationVerdict:
    """An LLM's answer to an escalated relation question, and what it cost."""

    relation: str
    provider: str = "llm"
    model: str = ""
    input_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    probabilities: Mapping[str, float] | None = None
    """The LLM's validated probability per option; None from a callable that gives only a label (it then counts
    at `escalation_probability`)."""


Escalate = Callable[[NewFact, Mapping[str, Any]], "str | EscalationVerdict"]


@dataclass
class PartitionChanges:
    facts: pl.DataFrame
    """Rows (with vectors) of every fact this partition added or changed, as they stand after it."""
    decisions: pl.DataFrame
    events: pl.DataFrame
    """In the order they happened; `seq` is given when they are committed."""
    outcomes: list[Outcome] = field(default_factory=list)
    requests: int = 0
    deferred: list[NewFact] = field(default_factory=list)
    """Statements left for the next run: a decision call failed transiently, or an earlier statement of its scope's."""
    deferred_decisions: dict[str, int] = field(default_factory=dict)
    """"question/provider" -> answers of the failed calls that made a statement deferred."""

    def commit(self, store: Store, dim: int) -> CommitCounts:
        """Write these changes (storage.facts.commit_partition: decisions, facts, then events)."""
        return commit_partition(store, self.decisions, self.facts, self.events, dim)


class _Scope:
    def __init__(self, relations: Relations, dim: int):
        self.index = ScopeIndex(relations, dim)
        self.by_id: dict[str, dict[str, Any]] = {}
        self.vectors: dict[str, np.ndarray] = {}
        """As embedded (the index keeps unit vectors for cosine)."""
        self.queue: deque[NewFact] = deque()
        self.deferred = False
        """A call failed transiently: every later statement of the scope waits for the next run."""

    def add(self, row: dict[str, Any], vector: np.ndarray) -> None:
        self.by_id[row["fact_id"]] = row
        self.vectors[row["fact_id"]] = vector
        self.index.add(row, vector)


def process_new_facts(
    new_facts: Sequence[NewFact],
    current: PartitionState | pl.DataFrame,
    decider: Decider,
    questions: QuestionBook,
    thresholds: Thresholds,
    relations: Relations,
    *,
    run_id: str,
    escalate: Escalate | None = None,
    contracts: Contracts | None = None,
) -> PartitionChanges:
    """Decide every new fact of a partition against the partition's `current` facts (with vectors)."""
    state = current if isinstance(current, PartitionState) else PartitionState(current)
    dim = _dimension(state.facts, new_facts)
    scopes: dict[tuple[str, str], _Scope] = {}
    stored = state.facts.sort("fact_id") if not state.facts.is_empty() else state.facts
    for row in stored.iter_rows(named=True):
        vector = np.asarray(row.pop("vector"), dtype=np.float32)
        scopes.setdefault((row["tenant"], row["scope"]), _Scope(relations, dim)).add(row, vector)

    seen = set(state.seen) | set(stored["fact_id"].to_list() if "fact_id" in stored.columns else [])
    ordered = sorted(enumerate(new_facts), key=lambda item: (_utc(item[1].said_at) is None,
                                                             _utc(item[1].said_at) or datetime.min, item[0]))
    for _, fact in ordered:
        if fact.fact_id in seen:
            continue  # stored, linked or dropped before: processing it again would change nothing
        if fact.vector is None:
            raise ValueError(f"new fact {fact.fact_id} ({fact.text!r}) has no vector; embed facts before deciding")
        if np.asarray(fact.vector).size != dim:
            raise ValueError(f"new fact {fact.fact_id} has a {np.asarray(fact.vector).size}-d vector but the store's "
                             f"facts are {dim}-d; a change of embedder is a re-embedding job, not a mix")
        seen.add(fact.fact_id)
        scopes.setdefault((fact.tenant, fact.scope), _Scope(relations, dim)).queue.append(fact)

    run = _Run(decider, questions, thresholds, relations, run_id, escalate, contracts or load_contracts())
    while any(scope.queue for scope in scopes.values()):
        work = [(scope, fact, positions) for key in sorted(scopes) for scope in [scopes[key]]
                for fact, positions in next_group(scope.index, scope.queue, thresholds, relations)]
        asked = [statement_request(fact.message or fact.quote or fact.text, fact.text, _utc(fact.said_at),
                                   [scope.index.rows[p] for p in positions], questions, slot_of(fact),
                                   run.contracts.voice(fact.role))
                 for scope, fact, positions in work]
        # Every statement's own request, then the second readings its first answers leave worth asking.
        rounds = ask_in_rounds(decider, asked, [scope for scope, _, _ in work],
                               lambda i, request, first, work=work: run.prune(*work[i], request, first),
                               lambda scope: scope.deferred)
        run.requests += sum(len(parts) for _, parts in rounds)
        for (scope, fact, positions), (request, parts) in zip(work, rounds, strict=True):
            result = merged(parts)
            if scope.deferred or result.any_transient:
                run.defer(scope, fact, result)
                continue
            try:
                run.decide(scope, fact, positions, request, parts)
            except BudgetExhausted:  # its escalation was refused: decided next run, as an unbudgeted run would
                run.defer(scope, fact, result)
    return run.changes(scopes, dim)


class _Run:
    def __init__(self, decider: Decider, questions: QuestionBook, t: Thresholds, relations: Relations, run_id: str,
                 escalate: Escalate | None, contracts: Contracts):
        self.questions, self.t, self.relations, self.run_id, self.escalate = questions, t, relations, run_id, escalate
        self.contracts = contracts
        self.decisions: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.outcomes: list[Outcome] = []
        self.touched: dict[tuple[str, str], set[str]] = {}
        self.requests = 0
        self.deferred: list[NewFact] = []
        self.deferred_decisions: dict[str, int] = {}

    def defer(self, scope: _Scope, fact: NewFact, result: DecisionResult) -> None:
        """Leave `fact` and every later statement of its scope for the next run; count the failed answers."""
        scope.deferred = True
        self.deferred.append(fact)
        self.deferred.extend(scope.queue)
        scope.queue.clear()
        provider = (result.calls[0].provider if result.calls else result.provider) or "-"
        for key, answer in result.answers.items():
            if answer.transient:
                name = f"{split_key(key)[0]}/{provider}"
                self.deferred_decisions[name] = self.deferred_decisions.get(name, 0) + 1

    def prune(self, scope: _Scope, fact: NewFact, positions: list[int], asked: StatementRequest,
              first: DecisionResult) -> StatementRequest:
        """`asked` without the second readings that its first answers leave unread (tasks/policy/readings.py)."""
        if asked.second is None:
            return asked

        def answer(key: str) -> Answer:  # as `decide` reads it, a missing answer included
            return first.answers.get(key) or Answer.uniform_fallback(asked.asked[key].question, f"no answer for {key}")

        judged = {q: Judged(answer(q)) for q in FACT_QUESTIONS}
        keys = [asked.target_keys[scope.index.rows[p]["fact_id"]] for p in positions]
        candidates = [CandidateJudgement(scope.index.rows[p], Judged(answer(f"{RELATION}:{key}")))
                      for p, key in zip(positions, keys, strict=True)]
        unread = unread_second_readings(candidates, judged["temporal_status"].answer,
                                        self._statement_row(fact, judged), self.t, self.relations)
        return asked.without_second_readings({keys[i]: why for i, why in unread.items()})

    def decide(self, scope: _Scope, fact: NewFact, positions: list[int], asked: StatementRequest,
               parts: list[DecisionResult]) -> None:
        """`parts` answer `asked.requests`, in order: the statement's questions, then its second reading."""
        t, said_at = self.t, _utc(fact.said_at)
        state_hash = request_hash(asked.request.state)
        readings = {id(request): (part, request_hash(request.state))
                    for request, part in zip(asked.requests, parts, strict=True)}
        rows: dict[str, dict[str, Any]] = {}
        judged: dict[str, Judged] = {}
        for key, what in asked.asked.items():
            request = asked.request_of(key)
            result, asked_hash = readings[id(request)]
            model = result.model or (result.calls[0].model if result.calls else "")
            answer = result.answers.get(key) or Answer.uniform_fallback(what.question, f"no answer for {key}")
            # The id hashes the state the question was asked over, and the model version that answered.
            decision_id = content_id(what.question.id, what.question.version, asked_hash, model, fact.fact_id,
                                     what.target_fact_id or "")
            judged[key] = Judged(answer, decision_id)
            zone = decision_zone(answer.chosen, answer.confidence, t) if split_key(key)[0] == RELATION \
                else answer_zone(answer, t)
            rows[key] = self._decision_row(fact, what.question, what.target_fact_id, answer, decision_id, zone,
                                           result, len(request.questions), request)
        for key, why in asked.not_asked.items():  # each second reading left out, on its first reading's row
            first = rows[f"{RELATION}:{split_key(key)[1]}"]
            first["error"] = f"{first['error']}; {why}" if first["error"] else why
        row = self._statement_row(fact, judged)
        candidates = []
        for position in positions:
            stored = scope.index.rows[position]
            key = asked.target_keys[stored["fact_id"]]
            candidates.append(CandidateJudgement(stored, judged.get(f"relation:{key}"),
                                                 judged.get(f"relation_alt:{key}"),
                                                 judged.get(f"plan_fulfilled:{key}")))
        statement = StatementJudgement(row, {q: judged[q] for q in FACT_QUESTIONS}, candidates)

        escalation = None
        choice = choose_zone(candidates, t)
        if choice.zone == "escalate" and choice.index is not None:
            target = candidates[choice.index].fact
            key = f"relation:{asked.target_keys[target['fact_id']]}"
            blocked = escalation_blocked(judged["temporal_status"].answer, choice.relation, row, target, t,
                                         self.relations)
            escalation, note = (None, blocked) if blocked else self._escalate(fact, target, asked, state_hash, key)
            if escalation is None:
                rows[key]["error"] = f"{note}; {rows[key]['error']}" if rows[key]["error"] else note
        outcome = judge_statement(statement, t, self.relations, escalation=escalation)
        outcome = enforce_contracts(outcome, statement, self.contracts, t, scope.by_id)
        self.outcomes.append(outcome)
        self.decisions.extend(rows.values())

        touched = self.touched.setdefault((fact.tenant, fact.scope), set())
        for event in outcome.events:
            apply_event(scope.by_id, event.kind, event.fact_id, event.after)
            if event.kind == FACT_ADDED:
                added = scope.by_id.pop(event.fact_id)
                scope.add(added, np.asarray(fact.vector, dtype=np.float32))
            if event.kind != FACT_DROPPED:
                touched.add(event.fact_id)
            self.events.append({
                "event_id": event_id(fact.tenant, fact.scope, event.kind, event.fact_id, event.cause_id),
                "seq": None, "tenant": fact.tenant, "scope": fact.scope, "fact_id": event.fact_id,
                "kind": event.kind, "cause_id": event.cause_id, "before": encode(event.before),
                "after": encode(event.after), "detail": encode(event.detail), "decision_id": event.decision_id,
                "run_id": self.run_id, "plan_id": None, "at": said_at,
            })

    def _escalate(self, fact: NewFact, target: Mapping[str, Any], asked: StatementRequest, state_hash: str,
                  key: str) -> tuple[Judged | None, str]:
        """Ask the configured LLM to settle u*'s relation; record its verdict as a decision of its own."""
        if self.escalate is None:
            return None, NO_LLM
        question = asked.asked[key].question
        try:
            verdict = self.escalate(fact, target)
        except BudgetExhausted:
            raise  # nothing of this statement is recorded yet: the caller defers it
        except Exception as error:  # noqa: BLE001 - any failure leaves the statement tentative, recorded
            return None, f"escalation failed ({type(error).__name__}: {error}); stored as tentative"
        if isinstance(verdict, str):
            verdict = EscalationVerdict(verdict)
        if verdict.relation not in question.options:
            return None, f"escalation answered {verdict.relation!r}, not an option; stored as tentative"
        answer = _verdict_answer(verdict, list(question.options), self.t)
        decision_id = content_id(question.id, question.version, state_hash, f"escalation:{verdict.model}",
                                 fact.fact_id, target["fact_id"])
        self.decisions.append({
            **self._decision_row(fact, question, target["fact_id"], answer, decision_id, "escalate",
                                 DecisionResult({}, [], verdict.model), 1, asked.request),
            "provider": verdict.provider, "input_tokens": verdict.input_tokens, "cost_usd": verdict.cost_usd,
            "latency_s": verdict.latency_s,
        })
        return Judged(answer, decision_id), ""

    def _statement_row(self, fact: NewFact, judged: Mapping[str, Judged]) -> dict[str, Any]:
        def chosen(question_id: str) -> str | None:
            answer = judged[question_id].answer
            return None if answer.fallback else answer.chosen

        relation = self.relations.canonical(fact.relation or "")
        slot = judged["relation_type"].answer
        if not self.relations.known(fact.relation) and not slot.fallback and slot.confidence >= self.t.act \
                and self.relations.known(slot.chosen) and slot.chosen != "other":
            relation = self.relations.canonical(slot.chosen)  # an unknown predicate filed under the slot it fills
        said_at = _utc(fact.said_at)
        row: dict[str, Any] = {column: None for column in FACT_COLUMNS}
        row.update(fact_id=fact.fact_id, tenant=fact.tenant, scope=fact.scope, subject=fact.subject,
                   relation=relation, object=fact.object, text=fact.text, quote=fact.quote,
                   source_turn_id=fact.source_turn_id, said_at=said_at, valid_from=_utc(fact.valid_from) or said_at,
                   kind=chosen("kind"), temporal_status=chosen("temporal_status"), durability=chosen("durability"),
                   sensitivity=chosen("sensitivity"), same_as=[], entities=list(fact.entities), evidence_against=0,
                   run_id=self.run_id)
        voice = self.contracts.voice(fact.role)
        row.update(source=voice, sources=[source_entry(voice, fact.role, fact.speaker, fact.source_turn_id)],
                   contract=self.contracts.kind_of(relation, row["kind"]), conflicts=[],
                   date_precision=fact.date_precision, replaces=bool(fact.replaces))
        return row

    def _decision_row(self, fact: NewFact, question: Any, target: str | None, answer: Answer, decision_id: str,
                      zone: str, result: DecisionResult, shared_by: int,
                      request: DecisionRequest) -> dict[str, Any]:
        calls = result.calls
        # A request's cost is shared by its questions; the ledger keeps the per-call truth.
        tokens = sum(c.input_tokens for c in calls)
        return {
            "decision_id": decision_id, "run_id": self.run_id, "tenant": fact.tenant, "scope": fact.scope,
            "subject_fact_id": fact.fact_id, "target_fact_id": target, "question_id": question.id,
            "question_version": question.version, "options": list(question.options),
            "probabilities": json.dumps(answer.probabilities, sort_keys=True), "chosen": answer.chosen,
            "confidence": answer.confidence, "zone": zone, "provider": calls[0].provider if calls else result.provider,
            "model_version": result.model or (calls[0].model if calls else ""),
            "request_hash": calls[0].request_hash if calls else _request_hash(request),
            "input_tokens": tokens // shared_by, "cost_usd": sum(c.cost_usd for c in calls) / shared_by,
            "latency_s": max((c.latency_s for c in calls), default=0.0), "fallback": answer.fallback,
            "error": answer.error, "said_at": _utc(fact.said_at), "source": self.contracts.voice(fact.role),
        }

    def changes(self, scopes: Mapping[tuple[str, str], _Scope], dim: int) -> PartitionChanges:
        rows, vectors = [], []
        for key in sorted(self.touched):
            scope = scopes[key]
            for fact_id in sorted(self.touched[key]):
                rows.append(scope.by_id[fact_id])
                vectors.append(scope.vectors[fact_id].tolist())
        facts = pl.DataFrame([{c: r.get(c) for c in FACT_COLUMNS} for r in rows], schema=fact_row_polars_schema())
        facts = facts.with_columns(pl.Series("vector", vectors, dtype=pl.Array(pl.Float32, dim)))
        decisions = arrow_frame(DECISIONS.empty_table()) if not self.decisions else pl.DataFrame(
            self.decisions, schema=arrow_frame(DECISIONS.empty_table()).schema)
        return PartitionChanges(facts, decisions, events_frame(self.events), self.outcomes, self.requests,
                                self.deferred, dict(sorted(self.deferred_decisions.items())))


def _verdict_answer(verdict: EscalationVerdict, options: list[str], t: Thresholds) -> Answer:
    """The escalated answer: the LLM's own validated probabilities; a bare label counts at
    `escalation_probability`, the rest of the mass spread over the other options."""
    if verdict.probabilities is not None:
        return Answer.from_probabilities({option: float(verdict.probabilities.get(option, 0.0)) for option in options})
    rest = (1.0 - t.escalation_probability) / max(1, len(options) - 1)
    return Answer.from_probabilities({option: t.escalation_probability if option == verdict.relation else rest
                                      for option in options})


def _request_hash(request: DecisionRequest) -> str:
    return request_hash({"state": request.state, "questions": {k: q.wire() for k, q in request.questions.items()}})


def _dimension(facts: pl.DataFrame, new_facts: Sequence[NewFact]) -> int:
    if "vector" in facts.columns and facts.height:
        return int(np.asarray(facts["vector"][0]).size)
    for fact in new_facts:
        if fact.vector is not None:
            return int(np.asarray(fact.vector).size)
    # No fact at all: the width the empty state was typed with. A 0-wide vector column would not survive the
    # trip back from a Dask worker (Polars cannot read zero-sized arrays from IPC).
    dtype = facts.schema.get("vector") if "vector" in facts.columns else None
    return int(dtype.size) if isinstance(dtype, pl.Array) else 0


def _utc(moment: datetime | None) -> datetime | None:
    return to_utc_or_none(moment)
