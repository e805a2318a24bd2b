"""Recall latency for a scope of 10,000 turns with the embedded defaults, excluding the rerank request.

    python tests/benchmarks/bench_recall.py [--turns 10000] [--queries 200] [--other-scopes 1]

Builds a scratch store whose target scope holds `--turns` turns (LoCoMo's two shared conversations repeated
as separate conversations) and, beside it, as many turns in other scopes, so the per-scope filter has work
to do. Questions are LoCoMo's. Prints the median and 95th percentile of `recall()` without the rerank
(query embedding, both searches, neighbour fetch, fusion, rendering and the token cut), per step, and the
rerank request of the local decision model for reference. Target: median under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import pyarrow as pa

from archivist.configs.settings import load_settings
from archivist.ids import content_id
from archivist.storage import schemas, search
from archivist.storage.meta import record_embedder
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.recall.read import recall

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo"
TENANT = "bench"


def locomo_turns_and_questions() -> tuple[list[tuple[str, str, datetime]], list[str]]:
    turns, questions = [], []
    for name in ("conv-26.json", "conv-30.json"):
        document = json.loads((SHARED / name).read_text())
        number = 1
        while f"session_{number}_date_time" in document:
            said = datetime.strptime(document[f"session_{number}_date_time"], "%I:%M %p on %d %B, %Y")
            for turn in document.get(f"session_{number}") or []:
                turns.append((turn["speaker"], turn["text"], said.replace(tzinfo=timezone.utc)))
            number += 1
        questions += [q["question"] for q in document["qa"] if q["category"] in (1, 2, 3, 4)]
    return turns, questions


def build_store(folder: str, turns_per_scope: int, scopes: list[str]) -> tuple[Store, float]:
    settings = load_settings()
    embedder = get_embedder(settings)
    store = Store(folder)
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    source, _ = locomo_turns_and_questions()
    started = time.perf_counter()
    for scope in scopes:
        rows = []
        for n in range(turns_per_scope):
            speaker, text, said = source[n % len(source)]
            conversation = f"{scope}-c{n // 40}"  # sessions of 40 turns
            rows.append({"turn_id": content_id(TENANT, scope, conversation, n % 40, text), "tenant": TENANT,
                         "scope": scope, "conversation_id": conversation, "turn_index": n % 40, "speaker": speaker,
                         "role": "user", "text": text, "said_at": said, "source_file": "bench", "source_line": n,
                         "run_id": "bench"})
        vectors = embedder.embed([r["text"] for r in rows])
        for row, vector in zip(rows, vectors, strict=True):
            row["vector"] = vector.tolist()
        write_turns(store, pa.Table.from_pylist(rows, schema=schemas.turns_schema(embedder.dim)))
    return store, time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--other-scopes", type=int, default=1)
    parser.add_argument("--rerank-queries", type=int, default=20)
    args = parser.parse_args(argv)
    settings = load_settings()
    _, questions = locomo_turns_and_questions()
    questions = (questions * (args.queries // len(questions) + 1))[: args.queries]
    with tempfile.TemporaryDirectory(prefix="archivist-bench-recall-") as folder:
        store, built = build_store(folder, args.turns, ["target", *(f"other-{i}" for i in range(args.other_scopes))])
        started = time.perf_counter()
        search.ensure_fts_index(store, "turns")
        index_s = time.perf_counter() - started
        ask = dict(store=store, settings=settings, tenant=TENANT, scope="target", k=10, budget_tokens=1024)
        for question in questions[:5]:  # warm-up: model load, tokenizer load, table handles
            recall(question, rerank=False, **ask)
        print(f"store: {args.turns:,} turns in the target scope, {args.turns * args.other_scopes:,} in "
              f"{args.other_scopes} other scope(s); embedded and written in {built:.1f} s; FTS index {index_s:.2f} s")
        for method in ("hybrid", "similarity"):
            timings: dict[str, list[float]] = {}
            for question in questions:
                result = recall(question, rerank=False, method=method, **ask)
                for step, value in result.timings_ms.items():
                    timings.setdefault(step, []).append(value)
            total = timings["total"]
            print(f"\n{method}: {len(total)} queries, median {statistics.median(total):.1f} ms, "
                  f"p95 {percentile(total, 0.95):.1f} ms (no rerank)")
            for step in sorted(timings, key=lambda s: -statistics.median(timings[s])):
                if step not in ("total", "total_without_rerank"):
                    print(f"  {step:24s} median {statistics.median(timings[step]):7.1f} ms   "
                          f"p95 {percentile(timings[step], 0.95):7.1f} ms")
        if args.rerank_queries:
            from archivist.tasks.decisions.client import build_decider

            with build_decider(settings, store, run_id="bench") as decider:
                rerank = [recall(q, decider=decider, **ask).timings_ms.get("rerank", 0.0)
                          for q in questions[: args.rerank_queries]]
            print(f"\nfor reference, the local decision model's rerank request (30 items): median "
                  f"{statistics.median(rerank):.1f} ms, p95 {percentile(rerank, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
