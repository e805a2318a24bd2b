"""Which stored decisions a re-score re-asks, and the requests that re-ask them, rebuilt from stored facts.

A decision row records the question (id and version), the facts it was about and the request it shared with
other questions (`request_hash`), not the request itself. So each original request is rebuilt from the store:

    a write-path statement   {"message": its source turn's text (else its quote), "said_at", "fact",
                              "targets": {"c1": {"text", "said_at"}, ...}}   keys `kind`, `relation:c1`, ...
    a consolidation pair     {"targets": {"p1": {"old", "new"}, ...}}          keys `relation:p1`, ...

with each question at the version it was asked with; a request of question set v2 gets the v2 state as the write path
builds it (`with_v2_state`: the statement's voice, from its `source`, and each target's status and quote as they stood
before the statement was processed, replayed from the log). The second phrasing (`relation_alt`) is re-asked in a
request of its own over the second-reading state (tasks/policy/requests.py), as the write path asks it now, also for a
store written when it shared the statement's request. Candidates get keys in (said_at, fact_id) order, which may
differ from the original positions; the questions and texts are the same. A decision whose statement was never stored
as a fact (linked as a duplicate, or dropped) cannot be rebuilt (its text is not kept) and is listed in `skipped_ids`
with the reason, not re-asked.

A candidate the write path left without a second reading (tasks/policy/readings.py: its first reading could not
act) has no `relation_alt` row to re-ask. Its statement's request carries `SecondReadings`: what the same rule
needs once the re-asked first readings are answered (tasks/rescore/seconds.py), and the second-reading state as the
write path built it (every candidate, the state the write path's own second request had), so a reading the rule now
requires is asked over the bytes a fresh night would send, and gets the decision id a fresh night would give.

Requests are rebuilt within one scope: decisions are grouped by (tenant, scope, request hash), and a statement's
by its statement too. Two customers who say the same words get byte-identical requests, so a request hash alone
groups decisions of many scopes into one request, and the questions they share a key on overwrite each other.
Every stored decision handed in is re-asked or listed as skipped, never dropped in silence.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import polars as pl

from archivist.storage.events import replay_facts, scope_events
from archivist.storage.facts import read_decisions_except
from archivist.storage.scopes import read_statement_decisions, read_turn_texts
from archivist.storage.store import Store
from archivist.tasks.decisions.types import TARGETS, Answer, DecisionRequest, Question, about, split_key
from archivist.tasks.policy.requests import (
    READING,
    RELATION,
    RELATION_ALT,
    SECOND_READING_QUESTIONS,
    SLOT,
    asks_v2,
    iso,
    second_reading_state,
    slot_of,
    with_v2_state,
)

RESCORE_PREFIX = "rescore-"
CONSOLIDATE_PREFIX = "consolidate-"
ESCALATION_PROVIDER = "llm"
"""An escalated relation records the LLM's verdict as a decision of provider `llm`: a verdict, not a model's
probabilities, so it is not re-scored."""


class QuestionLookup(Protocol):
    def get(self, question_id: str, version: int) -> Question: ...


class LatestQuestions:
    """A lookup that answers every stored (id, version) with the version new requests ask now: a re-score
    through it moves a store's decisions to the latest wording (question set v1 -> v2). A pair's question gets
    the latest wording for pairs."""

    def __init__(self, questions: Any, asked_of: str = "statements"):
        self.questions, self.asked_of = questions, asked_of

    def get(self, question_id: str, version: int) -> Question:
        return self.questions.latest(question_id, asked_of=self.asked_of)

    def for_pairs(self) -> LatestQuestions:
        return LatestQuestions(self.questions, "pairs")

    def is_latest(self, question_id: str, version: int, pairs: bool) -> bool:
        try:
            found = self.questions.latest(question_id, asked_of="pairs" if pairs else "statements")
        except KeyError:
            return False
        return found.version == int(version)


RULE_FIELDS = ("fact_id", "subject", "relation")
"""What tasks/policy/readings.py reads of a fact row (its docstring says why nothing else)."""


@dataclass(frozen=True)
class SecondReadings:
    """What decides, from a statement's re-asked first readings, which missing second readings to ask: plain data,
    so it travels with the request to a partition's worker."""

    state: dict[str, Any] | None
    """The second-reading state as the write path built it (every candidate's target); None when it is the
    request's own state worded from the stored facts' side (kept once: a partition's requests travel as flow
    parameters, which Prefect bounds)."""
    question: Question
    """`relation_alt` at the version of the re-asked `relation`."""
    statement: dict[str, Any]
    """The stored statement's `RULE_FIELDS` (all the rule reads of it)."""
    candidates: dict[str, dict[str, Any]]
    """Target key -> the stored candidate's `RULE_FIELDS`, in key order (every candidate: u* is chosen among
    them all)."""
    missing: tuple[str, ...]
    """Target keys with no stored second reading: the only ones that can be newly asked."""
    temporal_key: str | None = None
    """The request key of the re-asked temporal answer; None when it is not re-asked (`temporal` is read)."""
    temporal: Answer | None = None
    """The stored temporal answer, when it is not re-asked."""


@dataclass
class RebuiltRequest:
    request: DecisionRequest
    old: dict[str, dict[str, Any]]
    """request key -> the stored decision row it re-asks."""
    second: SecondReadings | None = None
    """Candidates of this statement without a stored second reading, for the rule to look at again."""


@dataclass
class RescoreWork:
    decisions: pl.DataFrame
    requests: list[RebuiltRequest]
    skipped: Counter = field(default_factory=Counter)
    """Why stored decisions could not be re-asked, and how many."""
    skipped_ids: dict[str, str] = field(default_factory=dict)
    """decision_id -> why it was not re-asked."""

    def skip(self, row: dict[str, Any], reason: str) -> None:
        self.skipped[reason] += 1
        self.skipped_ids[row["decision_id"]] = reason

    @property
    def decisions_asked(self) -> int:
        return sum(len(r.old) for r in self.requests)


def stored_decisions(store: Store, *, new_model: str, question: str | None = None, since: datetime | None = None,
                     tenant: str | None = None, scope: str | None = None,
                     latest: LatestQuestions | None = None) -> pl.DataFrame:
    """The original decisions to re-ask: not re-scores themselves, not LLM verdicts, not already this model's.

    With `latest`, a decision already this model's is re-asked too when its question is not at the latest
    version (moving a store to new wording with the same model); one at the latest version and model is not.
    `since` compares with the decision's `said_at`, the time of the statement it judged.
    """
    # No model excluded in the read when moving to the latest wording: the model is filtered below, with the version.
    frame = read_decisions_except(store, run_prefix=RESCORE_PREFIX, provider=ESCALATION_PROVIDER,
                                  model_version=new_model if latest is None else "", question=question,
                                  tenant=tenant, scope=scope)
    if frame.height and latest is not None:
        pairs = frame["run_id"].fill_null("").str.starts_with(CONSOLIDATE_PREFIX).to_list()
        current = [latest.is_latest(qid, version, pair) for qid, version, pair
                   in zip(frame["question_id"].to_list(), frame["question_version"].to_list(), pairs, strict=True)]
        keep = [not (model == new_model and now) for model, now in zip(frame["model_version"].to_list(), current,
                                                                      strict=True)]
        frame = frame.filter(pl.Series(keep, dtype=pl.Boolean))
    if frame.height and since is not None:
        frame = frame.filter(pl.col("said_at") >= since)
    return frame.sort("decision_id") if frame.height else frame


def rebuild_requests(store: Store, decisions: pl.DataFrame, questions: QuestionLookup) -> RescoreWork:
    work = RescoreWork(decisions, [])
    if decisions.is_empty():
        return work
    scopes = sorted(set(decisions.select("tenant", "scope").iter_rows()))
    events = scope_events(store, scopes)
    facts = {row["fact_id"]: row for row in replay_facts(events).iter_rows(named=True)}
    before = _Before(events)
    turns = read_turn_texts(store, [facts[s]["source_turn_id"] for s in decisions["subject_fact_id"].unique()
                                    if s in facts])
    before.stored = _stored_readings(store, [s for s in decisions["subject_fact_id"].unique().to_list() if s])
    for rows in _request_groups(decisions):
        pending = rows
        while pending:  # two decisions on one key of one request (two old models) go into separate requests
            if all((r["run_id"] or "").startswith(CONSOLIDATE_PREFIX) for r in pending):
                pair_questions = questions.for_pairs() if isinstance(questions, LatestQuestions) else questions
                rebuilt, pending = _pairs_request(pending, facts, pair_questions, work)
            else:
                rebuilt, pending = _statement_request(pending, facts, turns, questions, work, before)
            if rebuilt is not None:
                work.requests.append(rebuilt)
    return work


class _Before:
    """A stored fact as it stood before a statement's first change to the store: what the write path saw."""

    def __init__(self, events: pl.DataFrame):
        self.events = events
        self.stored = _StoredReadings(set(), {})
        self.first_seq: dict[str, int] = {}
        if events.height:
            firsts = events.group_by("cause_id").agg(pl.col("seq").min())
            self.first_seq = {c: int(s) for c, s in firsts.iter_rows() if c is not None}

    def fact(self, fact_id: str, statement_id: str, now: dict[str, Any]) -> dict[str, Any]:
        cut = self.first_seq.get(statement_id)
        if cut is None:
            return now
        earlier = self.events.filter((pl.col("fact_id") == fact_id) & (pl.col("seq") < cut))
        rows = replay_facts(earlier).to_dicts()
        return rows[0] if rows else now


@dataclass
class _StoredReadings:
    alt: set[tuple[str, str]]
    """(statement, candidate) pairs with a second reading stored by the write path."""
    temporal: dict[str, Answer]
    """statement -> its original temporal answer."""


def _stored_readings(store: Store, statements: list[str]) -> _StoredReadings:
    found = _StoredReadings(set(), {})
    rows = read_statement_decisions(store, sorted(statements), (RELATION_ALT, "temporal_status")) if statements \
        else pl.DataFrame()
    for row in rows.sort("decision_id").to_dicts() if rows.height else []:
        run = row["run_id"] or ""
        # A re-score's own rows are never re-asked (`stored_decisions`): a second reading an earlier re-score
        # asked is asked again, so that this re-score's plan reads this model's answer.
        if run.startswith((CONSOLIDATE_PREFIX, RESCORE_PREFIX)) or row["provider"] == ESCALATION_PROVIDER:
            continue
        if row["question_id"] == RELATION_ALT and row["target_fact_id"]:
            found.alt.add((row["subject_fact_id"], row["target_fact_id"]))
        elif row["question_id"] == "temporal_status":
            answer = Answer.from_probabilities(json.loads(row["probabilities"] or "{}") or {"?": 1.0})
            answer.fallback = bool(row.get("fallback"))
            found.temporal.setdefault(row["subject_fact_id"], answer)
    return found


def _request_groups(decisions: pl.DataFrame) -> list[list[dict[str, Any]]]:
    """The stored decisions that shared one request, never across scopes (or statements, for the write path)."""
    consolidation = pl.col("run_id").fill_null("").str.starts_with(CONSOLIDATE_PREFIX)
    keyed = decisions.with_columns(
        pl.coalesce("request_hash", "decision_id").alias("_hash"),
        pl.when(consolidation).then(pl.lit("")).otherwise(pl.col("subject_fact_id").fill_null("")).alias("_statement"),
        pl.col("model_version").fill_null("").alias("_model"),
    )
    groups = keyed.partition_by(["tenant", "scope", "_hash", "_statement", "_model"], as_dict=True)
    return [rows.drop("_hash", "_statement", "_model").sort("decision_id").to_dicts()
            for _, rows in sorted(groups.items(), key=lambda kv: tuple(str(k) for k in kv[0]))]


def _question(row: dict[str, Any], questions: QuestionLookup, work: RescoreWork) -> Question | None:
    try:
        return questions.get(row["question_id"], int(row["question_version"]))
    except KeyError:
        work.skip(row, "question version no longer defined")
        return None


Rebuilt = tuple[RebuiltRequest | None, list[dict[str, Any]]]
"""A request (None when nothing in it could be rebuilt) and the rows left for another request."""


def _pairs_request(rows: Sequence[dict[str, Any]], facts: dict[str, dict[str, Any]], questions: QuestionLookup,
                   work: RescoreWork) -> Rebuilt:
    state: dict[str, Any] = {TARGETS: {}}
    asked: dict[str, Question] = {}
    old: dict[str, dict[str, Any]] = {}
    for row in rows:
        newer, older = facts.get(row["subject_fact_id"] or ""), facts.get(row["target_fact_id"] or "")
        question = _question(row, questions, work)
        if question is None:
            continue
        if newer is None or older is None:
            work.skip(row, "fact no longer stored")
            continue
        key = f"p{len(state[TARGETS]) + 1}"
        state[TARGETS][key] = {"old": older["text"], "new": newer["text"]}
        asked[f"{question.id}:{key}"] = about(question, key)
        old[f"{question.id}:{key}"] = row
    return (RebuiltRequest(DecisionRequest(state, asked), old) if old else None), []


def _statement_request(rows: Sequence[dict[str, Any]], facts: dict[str, dict[str, Any]], turns: dict[str, str],
                       questions: QuestionLookup, work: RescoreWork, before: _Before | None = None) -> Rebuilt:
    statement = facts.get(rows[0]["subject_fact_id"] or "")
    if statement is None:
        for row in rows:
            work.skip(row, "statement not stored (linked as a duplicate or dropped)")
        return None, []
    message = turns.get(statement["source_turn_id"] or "") or statement["quote"] or statement["text"]
    state: dict[str, Any] = {"message": message, "said_at": iso(statement["said_at"]), "fact": statement["text"],
                             TARGETS: {}}
    if (stated := slot_of(statement)) is not None:  # as the write path sent it (tasks/policy/requests.py)
        state[SLOT] = stated
    targets = sorted({r["target_fact_id"] for r in rows if r["target_fact_id"]},
                     key=lambda f: (facts[f]["said_at"] is None, facts[f]["said_at"] or datetime.min, f)
                     if f in facts else (True, datetime.min, f))
    keys: dict[str, str] = {}
    for fact_id in targets:
        if fact_id in facts:
            keys[fact_id] = f"c{len(keys) + 1}"
            state[TARGETS][keys[fact_id]] = {"text": facts[fact_id]["text"], "said_at": iso(facts[fact_id]["said_at"])}
            if (stored := slot_of(facts[fact_id], stated_change=False)) is not None:
                state[TARGETS][keys[fact_id]][SLOT] = stored
    asked: dict[str, Question] = {}
    old: dict[str, dict[str, Any]] = {}
    later: list[dict[str, Any]] = []
    second = [r for r in rows if r["question_id"] in SECOND_READING_QUESTIONS]
    if len(second) == len(rows):
        state = second_reading_state(state)
    elif second:
        later.extend(second)  # a store from before the second reading had its own request: it gets one now
        rows = [r for r in rows if r["question_id"] not in SECOND_READING_QUESTIONS]
    for row in rows:
        question = _question(row, questions, work)
        if question is None:
            continue
        target = row["target_fact_id"]
        if target and target not in keys:
            work.skip(row, "fact no longer stored")
            continue
        key = question.id if not target else f"{question.id}:{keys[target]}"
        if key in old:
            later.append(row)  # the same question asked twice of one state: its own request, not an overwrite
            continue
        asked[key] = about(question, keys[target]) if target else question
        old[key] = row
    base = {k: v for k, v in state.items() if k != READING}

    def stood() -> dict[str, dict[str, Any]]:  # replayed per candidate, so only for a v2 state
        return {key: (before.fact(fact_id, statement["fact_id"], facts[fact_id]) if before else facts[fact_id])
                for fact_id, key in keys.items()}

    if old and asks_v2(asked):  # as the write path built it (tasks/policy/requests.py statement_request)
        v2 = with_v2_state(base, statement.get("source"), stood())
        state = second_reading_state(v2) if READING in state else v2
    if not old:
        return None, later
    second = _second_readings(base, asked, keys, facts, stood, statement, questions, before) \
        if READING not in state else None
    return RebuiltRequest(DecisionRequest(state, asked), old, second), later


def _second_readings(base: dict[str, Any], asked: dict[str, Question], keys: dict[str, str],
                     facts: dict[str, dict[str, Any]], stood: Callable[[], dict[str, dict[str, Any]]],
                     statement: dict[str, Any], questions: QuestionLookup,
                     before: _Before | None) -> SecondReadings | None:
    """The rule's inputs for the candidates with no stored second reading, when this request re-asks the first
    reading of every candidate of the statement (else the rule cannot be applied as the write path applied it)."""
    stored = before.stored if before else _StoredReadings(set(), {})
    relations = {split_key(key)[1]: q for key, q in asked.items() if split_key(key)[0] == RELATION}
    if not keys or set(relations) != set(keys.values()):
        return None
    missing = tuple(key for fact_id, key in keys.items() if (statement["fact_id"], fact_id) not in stored.alt)
    if not missing:
        return None
    try:
        question = questions.get(RELATION_ALT, next(iter(relations.values())).version)
    except KeyError:
        return None  # no second phrasing at that version: the write path of that set asked none either
    # tasks/policy/requests.py statement_request: the second state is v2 when the second reading's question is.
    own = asks_v2([question]) == asks_v2(asked)  # then it is the request's state, worded from the other side
    wire = with_v2_state(base, statement.get("source"), stood()) if asks_v2([question]) and not own else base
    temporal_key = "temporal_status" if "temporal_status" in asked else None

    def rule(row: dict[str, Any]) -> dict[str, Any]:
        return {name: row.get(name) for name in RULE_FIELDS}

    return SecondReadings(None if own else second_reading_state(wire), question, rule(statement),
                          {key: rule(facts[fact_id]) for fact_id, key in keys.items()}, missing, temporal_key,
                          None if temporal_key else stored.temporal.get(statement["fact_id"]))
