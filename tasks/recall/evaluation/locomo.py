"""Retrieval recall on LoCoMo: is the evidence of each question in the shortlist and in the lines recall keeps?

For every category 1-4 question (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop) and every read mode
(similarity only, fused search, fused search with the rerank), over turns and over facts, the outcome is
whether ALL and whether ANY of its evidence turns are in the 30-item shortlist ("30"), in the first
k = 3, 5, 10, 20 lines, and in the lines that fit token budgets of 128 to 1024. A fact covers the turn it
was extracted from. Questions whose evidence names no turn of the file are left out (and counted).

Conversations are ingested into a scratch store by plain functions (read_archive, embed, write_turns), not
by the Prefect ingest flow: evaluation should not pay orchestration per conversation.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa

from archivist.configs.settings import Settings
from archivist.storage import search, sql
from archivist.storage.meta import record_embedder
from archivist.storage.schemas import RECORD_COLUMNS
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, existing_turn_ids, write_turns
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.recall.read import Over, RecallResult, recall
from archivist.tasks.recall.render import cut_lines, render_turn

KS = (3, 5, 10, 20)
SHORTLIST_KEY = "30"
BUDGETS = (128, 256, 512, 1024)
CATEGORIES = (1, 2, 3, 4)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
MODES: dict[str, dict[str, Any]] = {
    "similarity": {"method": "similarity", "rerank": False},
    "fused": {"method": "hybrid", "rerank": False},
    "reranked": {"method": "hybrid", "rerank": True},
}
OVERS: tuple[Over, ...] = ("turns", "facts")
TENANT = "locomo-eval"
RUN_ID = "evaluate-locomo"
"""The run id the evaluation's relevance requests are recorded under in the ledger."""
FACTS_RUN_ID = "evaluate-locomo-facts"
"""The run id of the write path (extraction and its decisions) on the evaluated conversations."""
EMBED_AS = ("text", "line")
"""What a turn's vector embeds: its text (as `archivist ingest` stores it) or its rendered "[date] speaker: text"."""


@dataclass
class LocomoQuestion:
    conversation: str
    """The scope the conversation was ingested into (the file stem)."""
    index: int
    question: str
    answer: str
    category: int
    evidence: list[str]
    """Evidence turn ids."""


@dataclass
class EvaluationSetup:
    ks: Sequence[int] = KS
    budgets: Sequence[int] = BUDGETS
    modes: dict[str, dict[str, Any]] = field(default_factory=lambda: dict(MODES))
    overs: Sequence[Over] = OVERS
    embed_as: str = "text"
    extract: str | None = "auto"
    """Extractor for the facts measures (the write path's `auto`, `local`, `llm`); None measures turns only."""


# -- data -------------------------------------------------------------------------------------------------


def evidence_dia_ids(raw: Iterable[str]) -> list[str]:
    """LoCoMo evidence entries, split: some hold several ids ("D8:6; D9:17")."""
    ids: list[str] = []
    for entry in raw:
        ids += [part for part in re.split(r"[;,\s]+", str(entry)) if part]
    return ids


def load_locomo_questions(path: str | Path, tenant: str = TENANT) -> tuple[list[LocomoQuestion], int]:
    """Category 1-4 questions with their evidence as turn ids; also how many were left out for no evidence."""
    from archivist.tasks.ingest.read import locomo_turn_ids

    path = Path(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    turn_ids = locomo_turn_ids(path, tenant)
    scope = str(document.get("sample_id") or path.stem) if isinstance(document, dict) else path.stem
    questions, skipped = [], 0
    for index, item in enumerate(document.get("qa", [])):
        if item.get("category") not in CATEGORIES:
            continue
        evidence = [turn_ids[d] for d in evidence_dia_ids(item.get("evidence", [])) if d in turn_ids]
        if not evidence:
            skipped += 1
            continue
        questions.append(LocomoQuestion(scope, index, item["question"], str(item.get("answer", "")),
                                        int(item["category"]), list(dict.fromkeys(evidence))))
    return questions, skipped


def ingest_locomo(store: Store, settings: Settings, paths: Sequence[str | Path], *, embed_as: str = "text",
                  tenant: str = TENANT) -> dict[str, int]:
    """Read, embed and store the turns of LoCoMo files; returns scope -> turns stored. Re-running adds nothing."""
    from archivist.tasks.ingest.read import read_archive

    if embed_as not in EMBED_AS:
        raise ValueError(f"embed_as must be one of {EMBED_AS}")
    embedder = get_embedder(settings)
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    counts: dict[str, int] = {}
    for batch in read_archive([str(p) for p in paths], "locomo", default_tenant=tenant):
        rows = batch.records.unique("turn_id", keep="first", maintain_order=True)
        stored = existing_turn_ids(store, rows["turn_id"].to_list())
        rows = rows.filter(~pl.col("turn_id").is_in(list(stored)))
        for scope, n in rows.group_by("scope").len().iter_rows():
            counts[scope] = counts.get(scope, 0) + n
        if rows.is_empty():
            continue
        texts = rows["text"].to_list() if embed_as == "text" else [
            render_turn(r["said_at"], r["speaker"], r["text"]) for r in rows.iter_rows(named=True)
        ]
        vectors = embedder.embed(texts)
        table = rows.select(RECORD_COLUMNS).with_columns(pl.lit("evaluate-locomo").alias("run_id")).to_arrow()
        flat = pa.array(vectors.reshape(-1), type=pa.float32())
        table = table.append_column("vector", pa.FixedSizeListArray.from_arrays(flat, embedder.dim))
        write_turns(store, table)
    return counts


def extract_locomo_facts(store: Store, settings: Settings, scopes: Sequence[str], *, extract: str = "auto",
                         tenant: str = TENANT) -> dict[str, Any]:
    """Run the write path (extraction, decisions, belief policy) over the stored turns of `scopes`.

    The write path's plain functions, not the ingest flow: one scope at a time, committed as the flow does.
    """
    from archivist.configs.settings import StoreSettings
    from archivist.storage.calls import CallLog
    from archivist.storage.facts import ensure_fact_tables
    from archivist.tasks.writepath import partition as facts_steps

    # The write path opens the store named in settings: point it at the scratch store.
    scratch = settings.model_copy(update={"store": StoreSettings(uri=store.uri)})
    ensure_fact_tables(store, get_embedder(settings).dim)
    CallLog(store).close()
    totals = {"facts_extracted": 0, "facts_written": 0, "decision_requests": 0}
    for partition, scope in enumerate(scopes):
        result = facts_steps.decide_partition(partition, [(tenant, scope)], scratch, FACTS_RUN_ID, extract)
        counts = facts_steps.commit_facts(store, result, get_embedder(settings).dim, FACTS_RUN_ID)
        totals["facts_extracted"] += result.facts_extracted
        totals["facts_written"] += counts["facts"]
        totals["decision_requests"] += result.requests
    return totals


def fact_sources(store: Store, tenant: str, scope: str) -> dict[str, str | None]:
    """fact_id -> the turn it was extracted from, for every fact of the scope."""
    frame = search.read_rows(store, "facts", sql.scope_filter([(tenant, scope)]), ["fact_id", "source_turn_id"])
    return {} if frame.is_empty() else dict(zip(frame["fact_id"], frame["source_turn_id"], strict=True))


# -- outcomes ---------------------------------------------------------------------------------------------


def coverage(found: Iterable[str | None], evidence: Sequence[str]) -> dict[str, bool]:
    found = set(found)
    return {"all": all(e in found for e in evidence), "any": any(e in found for e in evidence)}


def question_outcomes(result: RecallResult, evidence: Sequence[str], setup: EvaluationSetup,
                      sources: dict[str, str | None] | None = None) -> dict[str, dict[str, bool]]:
    """{"3": {"all", "any"}, ..., "30": ..., "budget:128": ...} for one question and one read mode."""

    def turns_of(ids: Iterable[str]) -> list[str | None]:
        return list(ids) if sources is None else [sources.get(i) for i in ids]

    line_ids = [line.item_id for line in result.lines]
    outcomes = {str(k): coverage(turns_of(line_ids[:k]), evidence) for k in setup.ks}
    outcomes[SHORTLIST_KEY] = coverage(turns_of(result.shortlist_ids), evidence)
    rendered = [line.rendered for line in result.lines]
    for budget in setup.budgets:
        kept = cut_lines(rendered, k=None, budget_tokens=budget).kept
        outcomes[f"budget:{budget}"] = coverage(turns_of(line_ids[:kept]), evidence)
    return outcomes


def summarize(per_question: Sequence[dict[str, Any]], setup: EvaluationSetup) -> dict[str, Any]:
    """The report's JSON: shares per over, mode and cut, from the per-question outcomes."""
    summary: dict[str, Any] = {"questions": len(per_question)}
    budgets: dict[str, Any] = {}
    categories: dict[str, Any] = {}
    keys = [*(str(k) for k in setup.ks), SHORTLIST_KEY]
    for over in setup.overs:
        summary[over], budgets[over], categories[over] = {}, {}, {}
        for mode in setup.modes:
            rows = [q["outcomes"][over][mode] for q in per_question if q["outcomes"].get(over, {}).get(mode)]
            summary[over][mode] = {key: _shares(rows, key) for key in keys}
            budgets[over][mode] = {str(b): _shares(rows, f"budget:{b}") for b in setup.budgets}
            categories[over][mode] = {
                str(c): {key: _shares([q["outcomes"][over][mode] for q in per_question
                                       if q["category"] == c and q["outcomes"].get(over, {}).get(mode)], key)
                         for key in keys}
                for c in CATEGORIES
            }
    summary["budgets"] = budgets
    summary["categories"] = categories
    return summary


def _shares(rows: Sequence[dict[str, Any]], key: str) -> dict[str, float | None]:
    if not rows:
        return {"all": None, "any": None}
    return {
        "all": round(sum(r[key]["all"] for r in rows) / len(rows), 4),
        "any": round(sum(r[key]["any"] for r in rows) / len(rows), 4),
    }


# -- the run ----------------------------------------------------------------------------------------------


def evaluate_questions(store: Store, settings: Settings, questions: Sequence[LocomoQuestion], *,
                       setup: EvaluationSetup, decider=None, tenant: str = TENANT,
                       progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Per-question outcomes (and the first lines each mode kept) for every over and mode."""
    has_facts = store.table("facts") is not None and store.count("facts") > 0
    sources_by_scope: dict[str, dict[str, str | None]] = {}
    largest = max([*setup.ks, 30])
    per_question = []
    for number, q in enumerate(questions, start=1):
        entry: dict[str, Any] = {
            "conversation": q.conversation, "index": q.index, "question": q.question, "answer": q.answer,
            "category": q.category, "evidence": q.evidence, "outcomes": {}, "latency_ms": {},
        }
        for over in setup.overs:
            if over == "facts" and not has_facts:
                continue
            sources = None
            if over == "facts":
                sources = sources_by_scope.setdefault(q.conversation, fact_sources(store, tenant, q.conversation))
            entry["outcomes"][over] = {}
            for mode, options in setup.modes.items():
                result = recall(q.question, store=store, settings=settings, tenant=tenant, scope=q.conversation,
                                over=over, k=largest, decider=decider, **options)
                entry["outcomes"][over][mode] = question_outcomes(result, q.evidence, setup, sources)
                entry["latency_ms"][f"{over}/{mode}"] = round(result.timings_ms.get("total", 0.0), 1)
                if over == "turns":
                    # As many as any answer protocol reads: the first k, or those that fit a token budget.
                    entry.setdefault("lines", {})[mode] = [line.rendered for line in result.lines[:largest]]
        per_question.append(entry)
        if progress:
            progress(number, len(questions))
    return per_question


def evaluate_locomo(paths: Sequence[str | Path], settings: Settings, store: Store, *,
                    setup: EvaluationSetup | None = None, decider=None,
                    progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Ingest `paths` into `store` and measure; returns the run's JSON (summary + per-question results)."""
    setup = setup or EvaluationSetup()
    started = time.perf_counter()
    ingested = ingest_locomo(store, settings, paths, embed_as=setup.embed_as)
    questions: list[LocomoQuestion] = []
    skipped = 0
    for path in paths:
        found, left_out = load_locomo_questions(path)
        questions += found
        skipped += left_out
    facts_note = "not measured: turns only were asked for"
    if "facts" in setup.overs and setup.extract:
        try:
            extracted = extract_locomo_facts(store, settings, sorted({q.conversation for q in questions}),
                                             extract=setup.extract)
            facts_note = f"extracted by the write path ({setup.extract}): {extracted}"
        except ImportError as error:  # the write path is optional for measuring turns
            facts_note = f"not measured: the write path is not available ({error})"
    if decider is None and any(options.get("rerank") for options in setup.modes.values()):
        from archivist.tasks.decisions.client import build_decider

        decider = built = build_decider(settings, store, run_id=RUN_ID)
    else:
        built = None
    try:
        per_question = evaluate_questions(store, settings, questions, setup=setup, decider=decider,
                                          progress=progress)
    finally:
        if built is not None:
            built.close()  # the ledger and the call cache are written on close
    summary = summarize(per_question, setup)
    summary["per_question"] = per_question
    summary["meta"] = {
        "paths": [str(p) for p in paths],
        "conversations": sorted({q.conversation for q in questions}),
        "turns_ingested": ingested,
        "questions_without_evidence": skipped,
        "embedder": get_embedder(settings).name,
        "embed_as": setup.embed_as,
        "decision_provider": f"{settings.decisions.provider}:{settings.decisions.model}",
        "facts": facts_note if any("facts" in q["outcomes"] for q in per_question) else
                 f"{facts_note}; the scratch store holds no facts",
        "modes": setup.modes,
        "seconds": round(time.perf_counter() - started, 1),
    }
    return summary


def public_json(run: dict[str, Any]) -> dict[str, Any]:
    """The `--json` object: the documented shape (facts shares are null when no facts were measured)."""
    return {key: value for key, value in run.items() if key != "per_question"}


def write_run(run: dict[str, Any], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "results.json"
    path.write_text(json.dumps(run, indent=1, default=str), encoding="utf-8")
    return path


def read_costs(store: Store, run: dict[str, Any]) -> dict[str, Any]:
    """What the evaluation's model calls cost, from the ledger: the rerank per query, the write path per 1,000 turns."""
    try:
        from archivist.storage.calls import ledger_summary
        from archivist.tasks.recall.evaluation.answers import ANSWER_RUN_ID

        read_rows, write_rows = ledger_summary(store, run_id=RUN_ID), ledger_summary(store, run_id=FACTS_RUN_ID)
        answer_rows = ledger_summary(store, run_id=ANSWER_RUN_ID)
    except Exception as error:  # no ledger: say so rather than fail the evaluation
        return {"note": f"no ledger ({type(error).__name__}: {error})"}
    calls = sum(int(r.get("calls") or 0) for r in read_rows)
    read_cost = float(sum(r.get("cost_usd") or 0.0 for r in read_rows))
    write_cost = float(sum(r.get("cost_usd") or 0.0 for r in write_rows))
    turns = store.count("turns", sql.scope_filter([(TENANT, None)]))
    return {
        "ledger": {"read": read_rows, "write": write_rows, "answers": answer_rows},
        "answer_cost_usd": float(sum(r.get("cost_usd") or 0.0 for r in answer_rows)),
        "relevance_requests": calls,
        "read_cost_usd": read_cost,
        "read_cost_per_query_usd": read_cost / calls if calls else 0.0,
        "write_cost_per_1000_turns_usd": 1000 * write_cost / turns if turns else 0.0,
        "write_note": f"embeddings by {run.get('meta', {}).get('embedder')} (local, unpriced) plus "
                      f"{sum(int(r.get('calls') or 0) for r in write_rows)} write-path model calls",
    }


def run_locomo_evaluation(paths: Sequence[str | Path], settings: Settings, *, out_dir: str | Path,
                          store_uri: str | None = None, setup: EvaluationSetup | None = None, decider=None,
                          chat=None, progress: Callable[[int, int], None] | None = None, protocol: str = "archivist",
                          judge=None, judge_model_name: str | None = None,
                          context_tokens: int | None = None) -> tuple[dict[str, Any], Path]:
    """The whole `archivist evaluate locomo`: scratch store, measures, answers, costs, JSON and report.

    Without `store_uri` the scratch store is a temporary folder removed afterwards; with one, turns already
    there are not embedded again, so a re-run costs only the questions.
    """
    import tempfile

    from archivist.storage.calls import CallLog
    from archivist.tasks.recall.evaluation.answers import answer_and_judge, chat_model, judge_model
    from archivist.tasks.recall.evaluation.protocols import DEFAULT_CONTEXT_TOKENS
    from archivist.tasks.recall.evaluation.protocols import protocol as named_protocol
    from archivist.tasks.recall.evaluation.report import write_report

    folder = Path(out_dir)
    with tempfile.TemporaryDirectory(prefix="archivist-evaluate-") as scratch:
        store = Store(store_uri or scratch)
        run = evaluate_locomo(paths, settings, store, setup=setup, decider=decider, progress=progress)
        chosen = named_protocol(protocol)
        calls = CallLog(store)  # answers and verdicts cached and ledgered in the scratch store, like every call
        answerer = chat if chat is not None else chat_model(settings, calls, max_tokens=chosen.answer_max_tokens)
        grader = judge if judge is not None else judge_model(settings, protocol, calls, judge_model_name)
        run["answers"] = answer_and_judge(run["per_question"], answerer, protocol=protocol, judge=grader,
                                          context_tokens=context_tokens or DEFAULT_CONTEXT_TOKENS)
        calls.flush()
        run["costs"] = read_costs(store, run)
    write_run(run, folder)
    write_report(run, folder)
    return run, folder
