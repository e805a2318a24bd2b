"""The write-path step of ingestion for one partition: extract facts from its new turns, decide, return changes.

Runs inside a Prefect task, so it only reads the store; the flow commits what it returns (one writer per
table). A turn counts as processed once its facts and events are committed and it is marked in the
`extracted` table; re-running a night, or resuming after a crash, processes only what is left, and facts
already decided are skipped by content id (`PartitionState.seen`). A turn with a statement the write path
deferred (its decision call failed transiently) is not marked, so the next run re-asks it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, cast

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings
from archivist.configs.thresholds import load_thresholds
from archivist.crashpoints import crash_point
from archivist.storage.commits import FACTS_COMMIT, begin_commit, end_commit
from archivist.storage.events import append_events
from archivist.storage.extract_skips import write_skips
from archivist.storage.facts import ensure_fact_tables, load_partition_state, write_decisions, write_facts
from archivist.storage.quarantine import write_quarantine
from archivist.storage.store import Store
from archivist.storage.turns import extracted_turn_ids, mark_extracted, read_scope_turns
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.extract import build_extractor, fact_time, problem_rows, turn_contexts
from archivist.tasks.extract.factory import ExtractMode
from archivist.tasks.extract.tonight import SimilarPool, extract_tonight
from archivist.tasks.ingest.embed import close_embedder, get_embedder
from archivist.tasks.writepath.budget import hold_scopes, partition_budget, refused_turns
from archivist.tasks.writepath.decide import NewFact, PartitionChanges, process_new_facts
from archivist.tasks.writepath.escalate import build_escalation
from archivist.tasks.writepath.extract_gate import screen_partition


@dataclass
class FactsResult:
    partition: int
    changes: PartitionChanges | None
    extracted: pl.DataFrame
    """Rows for the `extracted` table: the turns this step processed."""
    problems: pl.DataFrame
    """Extraction problems as quarantine rows."""
    turns: int = 0
    facts_extracted: int = 0
    requests: int = 0
    calls: dict[str, Any] = field(default_factory=dict)
    deferred_turns: int = 0
    """Turns left unmarked because one of their statements was deferred (decide.py): the next run re-asks them."""
    turns_not_extracted: int = 0
    """Of `deferred_turns`, those held because the spend budget refused an extraction call in their scope."""
    budget_stopped: bool = False
    """The run's spend budget refused a call while this partition ran."""
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall time of this partition's stages: parse (extraction), vectors (fact embeddings), decisions."""
    skips: pl.DataFrame | None = None
    """Rows for `extract_skips`: turns the extraction gate kept from the extractor (left unmarked, not deferred)."""


def decide_partition(partition: int, scopes: list[tuple[str, str]], settings: Settings, run_id: str,
                     extract_mode: str = "auto") -> FactsResult:
    store = Store(settings.store.uri, settings.store.storage_options)
    embedder = get_embedder(settings, store, run_id)
    turns = read_scope_turns(store, scopes)
    done = extracted_turn_ids(store, turns["turn_id"].to_list()) if not turns.is_empty() else set()
    todo = turns.filter(~pl.col("turn_id").is_in(list(done))) if done else turns
    empty = FactsResult(partition, None, _extracted_rows([], "", run_id), problem_rows([]))
    if todo.is_empty():
        return empty

    budget = partition_budget(settings, store, run_id)
    state = load_partition_state(store, scopes, embedder.dim)
    # build_extractor rejects a mode outside ExtractMode with a clear error
    extractor = build_extractor(settings, cast(ExtractMode, extract_mode), store=store, run_id=run_id)
    # The stored facts an LLM extractor is shown; a synchronous night adds its own facts wave by wave.
    pool = None if extractor.name.startswith("local") else SimilarPool(state.facts)
    similar = pool.similar if pool is not None else None
    # Earlier turns of the same conversations are passed for context, then dropped from the result.
    wanted = set(todo["turn_id"].to_list())
    rows = turns if similar is not None else turns.drop("vector")
    contexts = [c for c in turn_contexts(rows, similar) if c.turn_id in wanted]
    gated = screen_partition(contexts, settings, extractor.name, store, run_id)
    contexts = gated.kept
    if not contexts:
        return FactsResult(partition, None, _extracted_rows([], "", run_id), problem_rows([]), skips=gated.skips)
    clock = time.perf_counter()
    fact_vectors: dict[str, list[Any]] | None = None
    if pool is not None and not extractor.name.startswith("batch:"):
        turn_vectors = {str(t): v for t, v in zip(rows["turn_id"].to_list(), rows["vector"].to_list(), strict=True)}
        facts_per_turn, made = extract_tonight(extractor, contexts, pool, turn_vectors, embedder.embed)
        fact_vectors = {c.turn_id: v for c, v in zip(contexts, made, strict=True)}
    else:
        facts_per_turn = extractor.extract(contexts)
    asked = len(contexts)
    contexts, facts_per_turn, held = hold_scopes(contexts, facts_per_turn, refused_turns(extractor))
    seconds = {"parse": time.perf_counter() - clock}

    clock = time.perf_counter()
    new_facts = _new_facts(contexts, facts_per_turn, embedder, fact_vectors)
    close_embedder(embedder)
    seconds["vectors"] = time.perf_counter() - clock
    clock = time.perf_counter()
    escalate = build_escalation(settings, store, run_id)
    try:
        with build_decider(settings, store, run_id) as decider:
            changes = process_new_facts(new_facts, state, decider, load_questions(),
                                        load_thresholds(model=decider.provider.model),
                                        load_relations(), run_id=run_id, escalate=escalate)
    finally:
        if escalate is not None:
            escalate.close()
    seconds["decisions"] = time.perf_counter() - clock
    counts = [len(facts) for facts in facts_per_turn]
    deferred = {fact.source_turn_id for fact in changes.deferred}
    processed = [(c.turn_id, n) for c, n in zip(contexts, counts, strict=True) if c.turn_id not in deferred]
    return FactsResult(
        partition=partition,
        changes=changes,
        extracted=_extracted_rows(processed, extractor.name, run_id),
        problems=problem_rows(extractor.take_problems()),
        turns=asked,
        facts_extracted=sum(counts),
        requests=changes.requests,
        deferred_turns=asked - len(processed),
        turns_not_extracted=held,
        budget_stopped=budget.refused > 0,
        seconds=seconds,
        skips=gated.skips,
    )


def _new_facts(contexts, facts_per_turn, embedder, made: dict[str, list[Any]] | None = None) -> list[NewFact]:
    """`made`: the facts' vectors by turn id when extraction embedded them already (tasks/extract/tonight.py)."""
    pairs = [(context, fact) for context, facts in zip(contexts, facts_per_turn, strict=True) for fact in facts]
    if not pairs:
        return []
    if made is not None:
        vectors = [vector for context in contexts for vector in made.get(context.turn_id, [])]
    else:
        vectors = embedder.embed([fact.text for _, fact in pairs])
    return [
        NewFact(
            tenant=context.tenant, scope=context.scope, subject=fact.subject, relation=fact.relation,
            object=fact.object, text=fact.text, quote=fact.quote, source_turn_id=context.turn_id,
            # Read in the order said; the date the statement gives the fact ("last month") is its valid_from.
            said_at=context.said_at or fact_time(fact, context.said_at),
            valid_from=fact_time(fact, context.said_at) or context.said_at,
            # An agent's statement is weighed in the first-person sentence it was read as (ExtractedFact.read_in).
            entities=list(fact.entities), vector=vector, message=fact.read_in or context.text,
            role=context.role, speaker=context.speaker, replaces=fact.replaces,
            date_precision=fact.date_precision if fact_time(fact, context.said_at) is not None else None,
        )
        for (context, fact), vector in zip(pairs, vectors, strict=True)
    ]


def _extracted_rows(turns: list[tuple[str, int]], extractor: str, run_id: str) -> pl.DataFrame:
    return pl.DataFrame(
        {"turn_id": [t for t, _ in turns], "extractor": [extractor] * len(turns),
         "facts": [n for _, n in turns], "run_id": [run_id] * len(turns)},
        schema={"turn_id": pl.String, "extractor": pl.String, "facts": pl.Int64, "run_id": pl.String},
    )


def commit_facts(store: Store, result: FactsResult, dim: int, run_id: str) -> dict[str, Any]:
    """Write a partition's write-path results: decisions, facts, events (the commit point), then markers.

    The facts and events tables commit one after the other, so the commit runs under a marker
    (storage/commits.py): until it ends, readers take these scopes' facts from the event log, and a process
    killed inside it is healed by the next writer (the facts rows rewritten as the replay of the log).
    """
    counts: dict[str, Any] = {"decisions": 0, "facts": 0, "events": 0}
    changes = result.changes
    if changes is not None:
        ensure_fact_tables(store, dim)
        scopes = _changed_scopes(changes)
        marker = begin_commit(store, FACTS_COMMIT, scopes, run_id=run_id) if scopes else None
        counts["decisions"] = write_decisions(store, changes.decisions)
        crash_point("facts:after-decisions")
        counts["facts"] = write_facts(store, changes.facts, dim)
        crash_point("facts:after-facts")
        counts["events"] = append_events(store, changes.events)
        crash_point("facts:after-events")
        if marker is not None:
            end_commit(store, marker)
    mark_extracted(store, result.extracted)
    skips = result.skips
    if skips is not None:
        write_skips(store, skips)
    counts["gate_skipped"] = skips.height if skips is not None else 0
    counts["problems"] = write_quarantine(store, result.problems, run_id)
    counts["fallbacks"] = fallback_counts(changes.decisions) if changes is not None else {}
    counts["deferred_turns"] = result.deferred_turns
    counts["deferred_statements"] = len(changes.deferred) if changes is not None else 0
    counts["deferred_decisions"] = dict(changes.deferred_decisions) if changes is not None else {}
    return counts


def fallback_counts(decisions: pl.DataFrame) -> dict[str, int]:
    """"question/provider" -> how many of these decisions are recorded fallbacks (for the run's summary)."""
    if decisions.is_empty() or "fallback" not in decisions.columns:
        return {}
    fell = decisions.filter(pl.col("fallback").fill_null(False))
    if fell.is_empty():
        return {}
    grouped = fell.group_by("question_id", "provider").len().sort("question_id", "provider")
    return {f"{q}/{p or '-'}": int(n) for q, p, n in grouped.iter_rows()}


def _changed_scopes(changes: PartitionChanges) -> list[tuple[str, str]]:
    scopes: set[tuple[str, str]] = set()
    for frame in (changes.facts, changes.events):
        if frame.height:
            scopes.update(frame.select("tenant", "scope").unique().iter_rows())
    return sorted(scopes)
