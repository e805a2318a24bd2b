"""A consolidation pass: re-examine pairs of a scope's stored facts and plan what should change.

For each scope of a partition: its facts rebuilt from the event log, the pairs worth re-examining
(tasks/consolidate/pairs.py), the relation question asked of many pairs per request (state
{"targets": {"p1": {"old": ..., "new": ...}, ...}}, keys "relation:p1", ...), and plan items from the answers:

    duplicate at act strength                       link_same_as: the older fact keeps the newer as same_as,
                                                    the newer is closed as a duplicate of it
    update / contradiction / negates at act, and    close_superseded: the older fact is closed, superseded
      the temporal and cardinality gates hold         by the newer
    new / refinement at act, for a fact closed as   reopen: the close was wrong
      superseded by the newer one
    duplicate / refinement at act, with a           confirm: the tentative fact gains the answer as evidence
      tentative fact in the pair                      (belief += logit p, as a supporting answer in the write
                                                      path) and is promoted above the reopen threshold; a
                                                      tentative older fact also keeps a duplicate as same_as

Tentative facts (the write path's "unsure") are paired like active ones, so a pass with a stronger or re-scored
model settles them: confirmed as above, linked away when they repeat a stored fact, closed when a newer fact
supersedes them, and promoted when they are the newer fact of a supersession (the answer the write path lacked).

A fact takes part in at most one item per plan (the most confident wins; the rest wait for the next pass).
The items themselves are built by tasks/plans/build.py. Nothing here writes: the flow records the decisions
(which mark the pairs examined) and saves the plan.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from archivist.configs.relations import Relations
from archivist.configs.settings import Settings
from archivist.configs.thresholds import Thresholds
from archivist.crashpoints import crash_point
from archivist.ids import content_id
from archivist.storage.commits import PLAN_SAVE, begin_commit, end_commit
from archivist.storage.fact_schemas import DECISIONS
from archivist.storage.facts import (
    DECISIONS_TABLE,
    load_partition_state,
    write_decisions,
)
from archivist.storage.frames import arrow_frame
from archivist.storage.plans import (
    CLOSE_SUPERSEDED,
    LINK_SAME_AS,
    REOPEN,
    StoredPlan,
    empty_items,
    items_frame,
    save_plan,
)
from archivist.storage.scopes import recorded_decision_ids
from archivist.storage.store import Store
from archivist.tasks.consolidate.contracts import SETTLE_CONFLICT, contract_action, settle_in, settle_item
from archivist.tasks.consolidate.pairs import (
    Pair,
    candidate_pairs,
    facts_fingerprint,
    select_pairs,
    state_fingerprint,
)
from archivist.tasks.decisions.types import (
    Answer,
    Decider,
    DecisionRequest,
    DecisionResult,
    Question,
    about,
)
from archivist.tasks.plans.build import CONFIRM, item_ids, pair_action, pair_item, plan_row
from archivist.tasks.policy.contracts import Contracts, load_contracts
from archivist.tasks.policy.zones import decision_zone

RUN_PREFIX = "consolidate-"
PAIRS_PER_REQUEST = 20
ACTIONS = (CLOSE_SUPERSEDED, LINK_SAME_AS, REOPEN, CONFIRM)


@dataclass
class ScopeConsolidation:
    tenant: str
    scope: str
    facts: int = 0
    fingerprint: str = ""
    pairs_found: int = 0
    pairs_skipped: int = 0
    """Examined before with the same question and model versions, and neither fact changed since."""
    pairs_asked: int = 0
    answers: Counter = field(default_factory=Counter)
    gated: int = 0
    conflicts: int = 0
    fallbacks: int = 0
    items: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class PartitionConsolidation:
    scopes: list[ScopeConsolidation]
    requests: int = 0
    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = 0
    cost_usd: float = 0.0


def model_version(decider: Any) -> str:
    """The model version a decider asks (the decision client's provider, or a scripted decider's own)."""
    provider = getattr(decider, "provider", None)
    return str(getattr(provider, "model", None) or getattr(decider, "model", "") or "")


def consolidate_partition(store: Store, scopes: Sequence[tuple[str, str]], decider: Decider, question: Question,
                          t: Thresholds, relations: Relations, *, run_id: str, dim: int,
                          max_pairs: int | None = None, method: str = "auto",
                          pairs_per_request: int = PAIRS_PER_REQUEST) -> PartitionConsolidation:
    """One partition of scopes through a pass; `max_pairs` defaults to `t.consolidation_max_pairs`."""
    budget = t.consolidation_max_pairs if max_pairs is None else max_pairs
    model = model_version(decider)
    state = load_partition_state(store, scopes, dim)
    examined = recorded_decision_ids(store, scopes, question.id, RUN_PREFIX)
    by_scope = state.facts.partition_by(["tenant", "scope"], as_dict=True) if state.facts.height else {}
    results: list[ScopeConsolidation] = []
    asked: list[tuple[ScopeConsolidation, list[tuple[Pair, str]]]] = []
    for tenant, scope in scopes:
        facts = by_scope.get((tenant, scope), pl.DataFrame())
        result = ScopeConsolidation(tenant, scope, facts=facts.height)
        result.fingerprint = facts_fingerprint([state_fingerprint(r) for r in facts.drop("vector").iter_rows(
            named=True)]) if facts.height else facts_fingerprint([])
        pairs = candidate_pairs(facts, t, relations, method=method)
        chosen, result.pairs_skipped = select_pairs(pairs, examined, question, model, budget)
        result.pairs_found, result.pairs_asked = len(pairs), len(chosen)
        results.append(result)
        for start in range(0, len(chosen), max(1, pairs_per_request)):
            asked.append((result, chosen[start : start + pairs_per_request]))

    outcome = PartitionConsolidation(results, requests=len(asked))
    answers = decider.decide_many([pair_request(question, [p for p, _ in batch]) for _, batch in asked]) \
        if asked else []
    judged: dict[int, list[tuple[Pair, str, Answer, dict[str, Any]]]] = {}
    for (result, batch), answer in zip(asked, answers, strict=True):
        _count_calls(outcome, answer)
        for position, (pair, decision_id) in enumerate(batch, start=1):
            reply = answer.answers.get(f"relation:p{position}") or Answer.uniform_fallback(question, "no answer")
            row = decision_row(pair, question, reply, answer, decision_id, run_id, len(batch), t)
            result.decisions.append(row)
            judged.setdefault(id(result), []).append((pair, row["decision_id"], reply, row))
    for result in results:
        result.items = plan_items(result, judged.get(id(result), []), t, relations)
    return outcome


def pair_request(question: Question, pairs: Sequence[Pair]) -> DecisionRequest:
    """One request for many pairs: they share no state, but one request carries many questions."""
    targets = {f"p{i}": {"old": pair.older["text"], "new": pair.newer["text"]} for i, pair in enumerate(pairs, 1)}
    return DecisionRequest(state={"targets": targets},
                           questions={f"relation:p{i}": about(question, f"p{i}") for i in range(1, len(pairs) + 1)})


def _count_calls(outcome: PartitionConsolidation, result: DecisionResult) -> None:
    for call in result.calls:
        outcome.calls += 1
        outcome.cached_calls += int(call.cached)
        outcome.input_tokens += call.input_tokens
        outcome.cost_usd += call.cost_usd


def decision_row(pair: Pair, question: Question, answer: Answer, result: DecisionResult, decision_id: str,
                 run_id: str, shared_by: int, t: Thresholds) -> dict[str, Any]:
    calls = result.calls
    if answer.fallback:
        # A fallback must not mark the pair examined: record it under an id of this run, so the next pass asks again.
        decision_id = content_id("consolidate-fallback", decision_id, run_id)
    return {
        "decision_id": decision_id, "run_id": run_id, "tenant": pair.newer["tenant"], "scope": pair.newer["scope"],
        "subject_fact_id": pair.newer["fact_id"], "target_fact_id": pair.older["fact_id"],
        "question_id": question.id, "question_version": question.version, "options": list(question.options),
        "probabilities": json.dumps(answer.probabilities, sort_keys=True), "chosen": answer.chosen,
        "confidence": answer.confidence, "zone": decision_zone(answer.chosen, answer.confidence, t),
        "provider": calls[0].provider if calls else "", "model_version": result.model,
        "request_hash": calls[0].request_hash if calls else "",
        "input_tokens": sum(c.input_tokens for c in calls) // max(shared_by, 1),
        "cost_usd": sum(c.cost_usd for c in calls) / max(shared_by, 1),
        "latency_s": max((c.latency_s for c in calls), default=0.0), "fallback": answer.fallback,
        "error": answer.error, "said_at": pair.newer.get("said_at"),
    }


def plan_items(result: ScopeConsolidation, judged: Sequence[tuple[Pair, str, Answer, dict[str, Any]]],
               t: Thresholds, relations: Relations, contracts: Contracts | None = None) -> list[dict[str, Any]]:
    """Items from one scope's answers, most confident first, each fact in at most one item; the older fact's
    contract decides what an answer may close (tasks/consolidate/contracts.py)."""
    proposals = []
    for pair, decision_id, answer, _ in judged:
        result.answers[answer.chosen if not answer.fallback else "fallback"] += 1
        if answer.fallback:
            result.fallbacks += 1
            continue
        action, why = contract_action(pair, *pair_action(pair, answer, t, relations), contracts or load_contracts())
        if action is None:
            result.gated += int(why == "gated")
            continue
        proposals.append((answer.confidence, pair, action, decision_id, answer))
    proposals.sort(key=lambda p: (-p[0], p[1].key))
    touched: set[str] = set()
    items = []
    for _, pair, action, decision_id, answer in proposals:
        if set(pair.key) & touched:
            result.conflicts += 1
            continue
        touched.update(pair.key)
        items.append(settle_item(pair, decision_id, answer) if action == SETTLE_CONFLICT
                     else settle_in(pair_item(pair, action, decision_id, answer, t), pair))
    return items


def consolidation_summary(parts: Sequence[PartitionConsolidation], max_pairs: int) -> dict[str, Any]:
    scopes = [s for part in parts for s in part.scopes]
    actions = Counter(item["action"] for s in scopes for item in s.items)
    answers: Counter = Counter()
    for s in scopes:
        answers.update(s.answers)
    return {
        "scopes": len(scopes), "facts": sum(s.facts for s in scopes),
        "pairs_found": sum(s.pairs_found for s in scopes), "pairs_skipped": sum(s.pairs_skipped for s in scopes),
        "pairs_asked": sum(s.pairs_asked for s in scopes), "max_pairs_per_scope": max_pairs,
        "requests": sum(p.requests for p in parts), "calls": sum(p.calls for p in parts),
        "cached_calls": sum(p.cached_calls for p in parts), "input_tokens": sum(p.input_tokens for p in parts),
        "cost_usd": round(sum(p.cost_usd for p in parts), 8), "answers": dict(sorted(answers.items())),
        "gated": sum(s.gated for s in scopes), "conflicts": sum(s.conflicts for s in scopes),
        "fallbacks": sum(s.fallbacks for s in scopes),
        "items": {a: actions.get(a, 0) for a in ACTIONS},
    }


def record_consolidation(store: Store, parts: Sequence[PartitionConsolidation], *, tenant: str | None,
                         scope: str | None, model: str, question: Question, run_id: str,
                         max_pairs: int) -> StoredPlan:
    """Record the pass's decisions (which mark its pairs examined) and save its plan; the facts and events
    tables are not touched.

    Two tables, so under a marker (storage/commits.py): a kill between them leaves decisions that mark pairs
    examined while no plan holds their items; the next writer removes that run's decisions, so the pairs are
    asked again (from the call cache) and saved with their plan.
    """
    plan_id = content_id("plan", "consolidate", run_id)[:12]
    scopes = [(s.tenant, s.scope) for part in parts for s in part.scopes]
    marker = begin_commit(store, PLAN_SAVE, scopes, run_id=run_id, plan_id=plan_id)
    rows = [row for part in parts for s in part.scopes for row in s.decisions]
    if rows:
        store.ensure_table(DECISIONS_TABLE, DECISIONS, btree=("decision_id",))
        write_decisions(store, pl.DataFrame(rows, schema=arrow_frame(DECISIONS.empty_table()).schema))
    crash_point("consolidate:after-decisions")
    items = item_ids(plan_id, [item for part in parts for s in part.scopes for item in s.items])
    fingerprint = facts_fingerprint([s.fingerprint for part in parts for s in part.scopes])
    plan = plan_row(plan_id, "consolidate", tenant, scope, model, question, run_id,
                    consolidation_summary(parts, max_pairs), fingerprint)
    saved = save_plan(store, plan, items_frame(items) if items else empty_items())
    crash_point("consolidate:after-plan")
    end_commit(store, marker)
    return saved


def partition_scopes(scopes: Sequence[tuple[str, str]], partitions: int) -> list[list[tuple[str, str]]]:
    """Scopes grouped by their stable partition (the unit of parallel work), in partition order."""
    from archivist.tasks.ingest.partition import partition_of

    groups: dict[int, list[tuple[str, str]]] = {}
    for tenant, scope in scopes:
        groups.setdefault(partition_of(tenant, scope, max(1, partitions)), []).append((tenant, scope))
    return [groups[p] for p in sorted(groups)]


def consolidate_store(store: Store, decider: Decider, question: Question, t: Thresholds, relations: Relations, *,
                      run_id: str, dim: int, tenant: str | None = None, scope: str | None = None,
                      scopes: Sequence[tuple[str, str]] = (), partitions: int = 8, max_pairs: int | None = None,
                      method: str = "auto") -> StoredPlan:
    """The whole pass without Prefect (what the flow does with one task per partition)."""
    parts = [consolidate_partition(store, group, decider, question, t, relations, run_id=run_id, dim=dim,
                                   max_pairs=max_pairs, method=method)
             for group in partition_scopes(scopes, partitions)]
    budget = t.consolidation_max_pairs if max_pairs is None else max_pairs
    return record_consolidation(store, parts, tenant=tenant, scope=scope, model=model_version(decider),
                                question=question, run_id=run_id, max_pairs=budget)


def consolidate_scopes(settings: Settings, store_uri: str, scopes: Sequence[tuple[str, str]], question: Question,
                       t: Thresholds, relations: Relations, *, run_id: str, dim: int,
                       max_pairs: int | None = None) -> PartitionConsolidation:
    """`consolidate_partition` from plain data, so that it runs in any process (a Dask worker): the store and the
    decision client are opened here, the client's calls paced by the run's shared limiter."""
    from archivist.tasks.decisions.client import build_decider

    store = Store(store_uri, settings.store.storage_options)
    with build_decider(settings, store, run_id) as decider:
        return consolidate_partition(store, scopes, decider, question, t, relations, run_id=run_id, dim=dim,
                                     max_pairs=max_pairs)
