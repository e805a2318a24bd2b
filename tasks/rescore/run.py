"""Re-scoring after the decision model's version changes: re-ask stored decisions, report the drift, plan.

    work = rebuild_requests(store, stored_decisions(store, new_model=..., ...), load_questions())
    estimate(work, provider, model)           what a run would ask and cost; no call
    rescore_store(store, work, decider, ...)  re-ask (one request per original request: the questions that
                                              shared a state are asked together again), record the new decisions
                                              beside the old ones, report the drift, save a plan of the belief
                                              changes that follow (tasks/rescore_beliefs.py)
    partition_requests(work, n) + ask_rescore(settings, uri, asked, run_id=...) per partition, then
    record_rescore(store, work, results, ...)  the same, asked one task per partition of scopes (the flow)

Each asking runs two rounds (tasks/rescore/seconds.py): the rebuilt requests, then the second readings that the
write path left out and that the new first readings now require. Those have no old answer: they are recorded as
new decisions, read by the plan, and counted apart from the drift (`new_second_readings`).

Calls go through the decider (the decision client: call cache, ledger, rate limiter, retries, validation),
so re-running an unchanged re-score is answered from the cache.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from archivist.configs.relations import Relations
from archivist.configs.settings import Settings
from archivist.configs.thresholds import Thresholds
from archivist.crashpoints import crash_point
from archivist.ids import canonical_json, content_id, request_hash
from archivist.storage.commits import PLAN_SAVE, begin_commit, end_commit
from archivist.storage.events import replay_facts, scope_events
from archivist.storage.fact_schemas import DECISIONS
from archivist.storage.facts import write_decisions
from archivist.storage.frames import arrow_frame
from archivist.storage.plans import StoredPlan, empty_items, items_frame, save_plan
from archivist.storage.scopes import read_statement_decisions
from archivist.storage.store import Store
from archivist.tasks.consolidate.pairs import facts_fingerprint, state_fingerprint
from archivist.tasks.decisions.types import Answer, Decider, DecisionRequest, DecisionResult
from archivist.tasks.plans.build import item_ids, plan_row
from archivist.tasks.policy.zones import answer_zone, decision_zone
from archivist.tasks.providers.prices import PriceTable, default_prices
from archivist.tasks.providers.tokens import count_tokens
from archivist.tasks.rescore.beliefs import Rescored, belief_plan
from archivist.tasks.rescore.requests import (
    CONSOLIDATE_PREFIX,
    ESCALATION_PROVIDER,
    RESCORE_PREFIX,
    RescoreWork,
    SecondReadings,
)
from archivist.tasks.rescore.seconds import Answered, as_answered, ask_rounds

ZONED = frozenset({"relation"})
BELIEF_QUESTIONS = ("relation", "relation_alt", "temporal_status")
"""The answers the belief policy reads: evidence comes from them, through the gates."""
"""Questions whose zone can be `escalate` (the write path's relation question); others act or stay tentative."""


@dataclass
class Estimate:
    decisions: int
    requests: int
    input_tokens: int
    cost_usd: float
    provider: str
    model: str
    skipped: dict[str, int] = field(default_factory=dict)


def estimate(work: RescoreWork, provider: str, model: str, prices: PriceTable | None = None,
             count: Callable[[str], int] = count_tokens) -> Estimate:
    """Requests, decisions, input tokens (o200k_base over the request body the decision client would send)
    and cost from the price table. Output tokens are not estimated: decision models bill little or none."""
    prices = prices or default_prices()
    tokens = 0
    for rebuilt in work.requests:
        body = {"model": model, "state": rebuilt.request.state,
                "questions": {k: {**q.wire(), "id": q.key} for k, q in rebuilt.request.questions.items()}}
        tokens += count(canonical_json(body))
    return Estimate(work.decisions_asked, len(work.requests), tokens, prices.cost(provider, model, tokens),
                    provider, model, dict(work.skipped))


@dataclass
class RescoreOutcome:
    run_id: str
    model: str
    rescored: list[Rescored]
    drift: dict[str, Any]
    requests: int = 0
    calls: int = 0
    cached_calls: int = 0
    input_tokens: int = 0
    cost_usd: float = 0.0
    plan: StoredPlan | None = None
    plan_counts: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    skipped_ids: dict[str, str] = field(default_factory=dict)
    """decision_id -> why it was not re-asked (every stored decision handed in is re-asked or listed here)."""
    asked_new: list[Rescored] = field(default_factory=list)
    """Second readings the write path left out that the new first readings require: asked now, no old answer."""

    def summary(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "model": self.model, "decisions": len(self.rescored),
                "requests": self.requests, "calls": self.calls, "cached_calls": self.cached_calls,
                "input_tokens": self.input_tokens, "cost_usd": round(self.cost_usd, 8),
                "plan_id": self.plan.plan_id if self.plan else None, "plan_items": self.plan_counts,
                "skipped": self.skipped, "skipped_decisions": self.skipped_ids, "drift": self.drift,
                "new_second_readings": new_readings_report(self.asked_new)}


def rescore_store(store: Store, work: RescoreWork, decider: Decider, *, run_id: str, model: str, t: Thresholds,
                  relations: Relations, tenant: str | None = None, scope: str | None = None,
                  question: str | None = None) -> RescoreOutcome:
    """The whole re-score in one process: ask every request, then record (what the flow does per partition)."""
    results = ask_rounds(decider, [(r.request, r.second) for r in work.requests], t, relations)
    return record_rescore(store, work, results, run_id=run_id, model=model, t=t, relations=relations,
                          tenant=tenant, scope=scope, question=question)


def partition_requests(work: RescoreWork, partitions: int) -> list[list[int]]:
    """Indices into `work.requests` grouped by the stable partition of their scope (a request is rebuilt
    within one scope), in partition order: the unit of parallel asking."""
    from archivist.tasks.ingest.partition import partition_of

    groups: dict[int, list[int]] = {}
    for i, rebuilt in enumerate(work.requests):
        row = next(iter(rebuilt.old.values()))
        groups.setdefault(partition_of(row["tenant"], row["scope"], max(1, partitions)), []).append(i)
    return [groups[p] for p in sorted(groups)]


def ask_rescore(settings: Settings, store_uri: str, asked: Sequence[tuple[DecisionRequest, SecondReadings | None]],
                *, run_id: str) -> list[Answered]:
    """One partition's requests (each with its `RebuiltRequest.second`) asked from plain data, so that it runs in
    any process (a Dask worker): the decision client is opened here from settings, its calls paced by the run's
    shared limiter; both rounds run here. Nothing is written to decisions, events or plans: the flow records the
    answers."""
    from archivist.configs.relations import load_relations
    from archivist.configs.thresholds import load_thresholds
    from archivist.tasks.decisions.client import build_decider

    with build_decider(settings, Store(store_uri, settings.store.storage_options), run_id) as decider:
        # The thresholds the flow records with (flows/rescore.py), so the rule reads the gates the plan reads.
        t = load_thresholds(model=decider.provider.model)
        return ask_rounds(decider, list(asked), t, load_relations())


def record_rescore(store: Store, work: RescoreWork, results: Sequence[DecisionResult | Answered], *, run_id: str,
                   model: str, t: Thresholds, relations: Relations, tenant: str | None = None,
                   scope: str | None = None, question: str | None = None) -> RescoreOutcome:
    """The new decisions beside the old, the drift report and the plan, from one answer per request of `work`
    (with the second readings asked after it, `Answered`)."""
    outcome = RescoreOutcome(run_id, model, [], {}, requests=len(work.requests), skipped=dict(work.skipped),
                             skipped_ids=dict(work.skipped_ids))
    plan_id = content_id("plan", "rescore", run_id)[:12]
    rows = []
    for rebuilt, answered in zip(work.requests, as_answered(results), strict=True):
        result = answered.first
        for call in [*result.calls, *(answered.second_result.calls if answered.second_result else [])]:
            outcome.calls += 1
            outcome.cached_calls += int(call.cached)
            outcome.input_tokens += call.input_tokens
            outcome.cost_usd += call.cost_usd
        outcome.requests += int(answered.second is not None)
        for fresh in _newly_asked(rebuilt.old, answered):
            if all(r.new_decision_id != fresh.new_decision_id for r in outcome.asked_new):
                outcome.asked_new.append(fresh)
                shared = len(answered.second.questions) if answered.second else 1
                rows.append(_decision_row(fresh, answered.second_result, run_id, shared, t))
        for key, old_row in rebuilt.old.items():
            new = result.answers.get(key) or Answer.uniform_fallback(rebuilt.request.questions[key], "no answer")
            asked = rebuilt.request.questions[key]
            moved = (asked.version,) if asked.version != int(old_row["question_version"]) else ()
            rescored = Rescored(old_row, _old_answer(old_row), new,
                                content_id("rescore", old_row["decision_id"], model, *moved), asked.version)
            outcome.rescored.append(rescored)
            rows.append(_decision_row(rescored, result, run_id, len(rebuilt.old), t))
    # The new decisions and the plan of what follows from them are two tables: under a marker, so a kill
    # between them is rolled back by the next writer (storage/commits.py) instead of leaving decisions no plan holds.
    scopes = sorted({(r.row["tenant"], r.row["scope"]) for r in outcome.rescored})
    marker = begin_commit(store, PLAN_SAVE, scopes, run_id=run_id, plan_id=plan_id)
    if rows:
        write_decisions(store, pl.DataFrame(rows, schema=arrow_frame(DECISIONS.empty_table()).schema))
    crash_point("rescore:after-decisions")
    outcome.drift = drift_report(outcome.rescored, t)
    events = scope_events(store, scopes)
    planned = belief_plan(events, [*outcome.rescored, *outcome.asked_new], t, relations,
                          unchanged=_not_reasked(store, outcome.rescored))
    outcome.plan_counts = dict(planned.counts)
    items = item_ids(plan_id, planned.items)
    fingerprint = facts_fingerprint([state_fingerprint(r) for r in replay_facts(events).iter_rows(named=True)])
    row = plan_row(plan_id, "rescore", tenant, scope, model, None, run_id, outcome.summary(), fingerprint)
    row["question_id"] = question
    outcome.plan = save_plan(store, row, items_frame(items) if items else empty_items())
    crash_point("rescore:after-plan")
    end_commit(store, marker)
    return outcome


def _newly_asked(old: dict[str, dict[str, Any]], answered: Answered) -> list[Rescored]:
    """The second readings asked after `old`'s request, as rows of their own: the candidate's stored `relation` row
    gives who and where; the id is the one the write path gives (tasks/writepath/decide.py `decide`)."""
    second, result = answered.second, answered.second_result
    if second is None or result is None:
        return []
    model = result.model or (result.calls[0].model if result.calls else "")
    state_hash = request_hash(second.state)
    found = []
    for key, asked in second.questions.items():
        base = old[f"relation:{key.partition(':')[2]}"]
        new = result.answers.get(key) or Answer.uniform_fallback(asked, f"no answer for {key}")
        decision_id = content_id(asked.id, asked.version, state_hash, model, base["subject_fact_id"],
                                 base["target_fact_id"] or "")
        row = {**base, "decision_id": decision_id, "question_id": asked.id, "question_version": asked.version,
               "options": list(asked.options), "error": None}
        found.append(Rescored(row, new, new, decision_id, asked.version, fresh=True))
    return found


def new_readings_report(asked: Sequence[Rescored]) -> dict[str, Any]:
    """How many second readings were asked for the first time, and what they chose (no old answer to drift from)."""
    return {"n": len(asked), "chosen": dict(sorted(Counter(r.new.chosen for r in asked).items())),
            "new_fallbacks": sum(r.new.fallback for r in asked)}


def _not_reasked(store: Store, rescored: Sequence[Rescored]) -> list[Rescored]:
    """The original relation, second-phrasing and temporal answers of the re-asked statements that this run did
    not re-ask (`--question relation` re-asks only one of the three the belief gates read)."""
    asked = {r.row["decision_id"] for r in rescored}
    statements = {r.row["subject_fact_id"] for r in rescored if r.row["question_id"] in BELIEF_QUESTIONS}
    rows = read_statement_decisions(store, sorted(statements), BELIEF_QUESTIONS)
    kept = []
    for row in rows.to_dicts() if rows.height else []:
        run = row["run_id"] or ""
        if row["decision_id"] in asked or run.startswith((RESCORE_PREFIX, CONSOLIDATE_PREFIX)) \
                or row["provider"] == ESCALATION_PROVIDER:
            continue
        answer = _old_answer(row)
        kept.append(Rescored(row, answer, answer, row["decision_id"]))
    return kept


def _old_answer(row: dict[str, Any]) -> Answer:
    answer = Answer.from_probabilities(json.loads(row["probabilities"] or "{}") or {"?": 1.0})
    answer.fallback = bool(row.get("fallback"))
    return answer


def _decision_row(rescored: Rescored, result: Any, run_id: str, shared_by: int, t: Thresholds) -> dict[str, Any]:
    old, new, calls = rescored.row, rescored.new, result.calls
    zone = decision_zone(new.chosen, new.confidence, t) if old["question_id"] in ZONED else answer_zone(new, t)
    return {**old, "decision_id": rescored.new_decision_id, "run_id": run_id,
            # The version it was asked at now: the same unless the re-score moved it to the latest wording.
            "question_version": rescored.version if rescored.version is not None else old["question_version"],
            "probabilities": json.dumps(new.probabilities, sort_keys=True), "chosen": new.chosen,
            "confidence": new.confidence, "zone": zone, "provider": calls[0].provider if calls else "",
            "model_version": result.model, "request_hash": calls[0].request_hash if calls else "",
            "input_tokens": sum(c.input_tokens for c in calls) // max(shared_by, 1),
            "cost_usd": sum(c.cost_usd for c in calls) / max(shared_by, 1),
            "latency_s": max((c.latency_s for c in calls), default=0.0), "fallback": new.fallback,
            "error": new.error}


def drift_report(rescored: Sequence[Rescored], t: Thresholds) -> dict[str, Any]:
    """Per question: the flip matrix (old chosen -> new chosen), how many flipped, the mean absolute change of
    the probability of the option chosen before, the mean total variation distance, and the share of decisions
    crossing each threshold (act and escalate on the confidence, relevance on P(true) of yes/no questions)."""
    by_question: dict[str, list[Rescored]] = {}
    for r in rescored:
        by_question.setdefault(r.row["question_id"], []).append(r)
    report = {}
    for question, items in sorted(by_question.items()):
        flips: dict[str, Counter] = {}
        for r in items:
            flips.setdefault(r.old.chosen, Counter())[r.new.chosen] += 1
        n = len(items)
        yes_no = [r for r in items if set(r.old.probabilities) == {"true", "false"}]
        report[question] = {
            "n": n,
            "flipped": sum(r.old.chosen != r.new.chosen for r in items),
            "flip_rate": sum(r.old.chosen != r.new.chosen for r in items) / n,
            "flips": {old: dict(sorted(new.items())) for old, new in sorted(flips.items())},
            "mean_abs_change": sum(abs(r.new.p(r.old.chosen) - r.old.p(r.old.chosen)) for r in items) / n,
            "mean_total_variation": sum(_total_variation(r.old, r.new) for r in items) / n,
            "crossing": {
                "act": sum((r.old.confidence >= t.act) != (r.new.confidence >= t.act) for r in items) / n,
                "escalate": sum((r.old.confidence < t.escalate) != (r.new.confidence < t.escalate) for r in items) / n,
                "relevance": (sum((r.old.p("true") > t.relevance) != (r.new.p("true") > t.relevance) for r in yes_no)
                              / len(yes_no)) if yes_no else None,
            },
            "new_fallbacks": sum(r.new.fallback for r in items),
        }
    return report


def _new_readings_lines(report: dict[str, Any] | None) -> list[str]:
    if not report or not report["n"]:
        return []
    chosen = ", ".join(f"{label}: {n}" for label, n in report["chosen"].items())
    return [f"{report['n']} second readings asked for the first time (the write path had left them out; no old "
            f"answer, so not in the drift below): {chosen}", ""]


def _total_variation(old: Answer, new: Answer) -> float:
    options = set(old.probabilities) | set(new.probabilities)
    return 0.5 * sum(abs(old.p(o) - new.p(o)) for o in options)


def drift_markdown(summary: dict[str, Any]) -> str:
    """The report as Markdown: one row per question, then each question's flips."""
    lines = [f"# Re-score with {summary['model']}", "",
             f"{summary['decisions']} decisions in {summary['requests']} requests; {summary['calls']} calls "
             f"({summary['cached_calls']} from the cache), {summary['input_tokens']} input tokens, "
             f"${summary['cost_usd']:.6f}; plan {summary['plan_id']} {summary['plan_items'] or '(no changes)'}", "",
             *_new_readings_lines(summary.get("new_second_readings")),
             "| question | n | flipped | mean abs change | mean TV | crosses act | crosses escalate "
             "| crosses relevance |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for question, row in summary["drift"].items():
        relevance = row["crossing"]["relevance"]
        lines.append(f"| {question} | {row['n']} | {row['flipped']} ({row['flip_rate']:.1%}) | "
                     f"{row['mean_abs_change']:.3f} | {row['mean_total_variation']:.3f} | "
                     f"{row['crossing']['act']:.1%} | {row['crossing']['escalate']:.1%} | "
                     f"{'-' if relevance is None else f'{relevance:.1%}'} |")
    for question, row in summary["drift"].items():
        moved = [f"{old} -> {new}: {n}" for old, news in row["flips"].items() for new, n in news.items() if old != new]
        if moved:
            lines += ["", f"**{question}** flips: " + "; ".join(moved)]
    return "\n".join(lines) + "\n"
