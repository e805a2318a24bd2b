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

Requests are rebuilt within one scope: decisions are grouped by (tenant, scope, request hash), and a statement's
by its statement too. Two customers who say the same words get byte-identical requests, so a request hash alone
groups decisions of many scopes into one request, and the questions they share a key on overwrite each other.
Every stored decision handed in is re-asked or listed as skipped, never dropped in silence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import polars as pl

from archivist.storage.events import replay_facts, scope_events
from archivist.storage.facts import read_decisions_except
from archivist.storage.scopes import read_turn_texts
from archivist.storage.store import Store
from archivist.tasks.decisions.types import TARGETS, DecisionRequest, Question, about
from archivist.tasks.policy.requests import (
    READING,
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


@dataclass
class RebuiltRequest:
    request: DecisionRequest
    old: dict[str, dict[str, Any]]
    """request key -> the stored decision row it re-asks."""


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
            if (stored := slot_of(facts[fact_id])) is not None:
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
    if old and asks_v2(asked):  # as the write path built it (tasks/policy/requests.py statement_request)
        stood = {key: (before.fact(fact_id, statement["fact_id"], facts[fact_id]) if before else facts[fact_id])
                 for fact_id, key in keys.items()}
        v2 = with_v2_state({k: v for k, v in state.items() if k != READING}, statement.get("source"), stood)
        state = second_reading_state(v2) if READING in state else v2
    return (RebuiltRequest(DecisionRequest(state, asked), old) if old else None), later
