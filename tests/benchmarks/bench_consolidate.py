"""Consolidation cost per fact at 1,000, 10,000 and 100,000 facts in one scope: it must stay flat.

    .venv/bin/python tests/benchmarks/bench_consolidate.py [--sizes 1000 10000 100000] [--exact-up-to 10000]

For each size, one generated scope is written straight into the `facts` table (256-d vectors clustered by
topic, realistic subjects, relations and texts; no extraction) with its `fact_added` events, since
consolidation reads a scope's facts from the event log. Then, on that store:

  candidates   the candidate search alone (siblings + the 3 closest older facts at cosine >= 0.5), with the
               partitioned search (tasks/neighbours.py, the default above 20,000 facts) and, up to
               --exact-up-to facts, the exact blocked matrix product and the partitioned search's recall of it
  pass         a real pass at the default budget (60 pairs per scope), asked of the embedded local decision
               model through the decision client: load from the log, candidates, skip check, one batch of
               requests, decisions and plan written
  full pass    every candidate pair asked (no budget), of a fast fake decider (a deterministic rule, no model),
               decisions and plan written: pairs examined and seconds per fact of the whole machinery

Prints one table; `--json` prints the rows as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

import numpy as np
import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings
from archivist.configs.thresholds import load_thresholds
from archivist.ids import content_id
from archivist.storage.events import append_events, encode, event_id, events_frame
from archivist.storage.fact_schemas import FACT_COLUMNS
from archivist.storage.facts import ensure_fact_tables, load_partition_state, write_facts
from archivist.storage.store import Store
from archivist.tasks.consolidate.neighbours import older_neighbours
from archivist.tasks.consolidate.pairs import candidate_pairs
from archivist.tasks.consolidate.run import consolidate_store
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import Answer, CallRecord, DecisionRequest, DecisionResult

DIM = 256
SUBJECTS = ["user", "user's sister Ana", "user's partner Sam", "user's dog Rex", "user's son Leo", "user's manager",
            "user's mother", "user's flat", "user's car", "user's bank account"]
SLOTS = {  # relation -> values its facts take
    "address": ["Leeds", "York", "Berlin", "Paris", "Lisbon", "Oslo", "Madrid", "Rome"],
    "plan": ["the Basic plan", "the Pro plan", "the family plan", "a 5G data plan", "the fibre bundle"],
    "device": ["an iPhone 15", "a Pixel 8", "a MacBook", "a ThinkPad", "a Kindle", "a router from Acme"],
    "employer": ["Acme", "Globex", "Initech", "the council", "a hospital", "a start-up"],
    "pet": ["a dog", "two cats", "a parrot", "a rabbit"],
    "preference": ["hiking", "jazz", "spicy food", "email over phone", "early flights", "chess", "sushi"],
    "travel": ["Japan", "Peru", "Iceland", "Kenya", "Canada"],
    "health": ["a peanut allergy", "asthma", "a knee injury", "migraines"],
    "payment_method": ["a Visa card", "PayPal", "direct debit", "a Mastercard"],
    "contact": ["email", "phone", "text message", "post"],
}
VERBS = {"address": "lives in", "plan": "is on", "device": "uses", "employer": "works for", "pet": "has",
         "preference": "likes", "travel": "is travelling to", "health": "has", "payment_method": "pays with",
         "contact": "prefers"}


def generate(n: int, seed: int = 0) -> tuple[pl.DataFrame, np.ndarray]:
    """`n` facts of one scope (oldest first) and their vectors: each fact's vector is its topic's (subject,
    relation, value) direction plus noise, so facts about one thing sit at cosine 0.6-0.8, others near 0."""
    rng = np.random.default_rng(seed)
    relations = list(SLOTS)
    catalogue = [(s, r, v) for s in SUBJECTS for r in relations for v in SLOTS[r]]
    # A topic holds about 20 facts at every size (a bigger memory covers more things, not more of the same),
    # so the pairs per fact are alike across sizes and the cost per fact is comparable.
    count = max(1, n // 20)
    topics = [catalogue[i] if i < len(catalogue) else
              (SUBJECTS[i % len(SUBJECTS)], relations[(i // len(SUBJECTS)) % len(relations)], f"item {i}")
              for i in range(count)]
    centres = rng.normal(size=(len(topics), DIM)).astype(np.float32)
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    which = rng.integers(0, len(topics), n)
    vectors = centres[which] + rng.normal(size=(n, DIM)).astype(np.float32) * 0.045
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    rows = []
    for i, t in enumerate(which.tolist()):
        subject, relation, value = topics[t]
        text = f"{subject} {VERBS[relation]} {value} (note {i})"
        said = start + timedelta(minutes=i)
        rows.append({"fact_id": content_id("bench", i), "tenant": "bench", "scope": "big", "subject": subject,
                     "relation": relation, "object": value, "text": text, "quote": text, "source_turn_id": f"t{i}",
                     "said_at": said, "valid_from": said, "valid_until": None, "belief": 0.85, "status": "active",
                     "kind": "fact", "temporal_status": "current", "durability": "2", "sensitivity": "none",
                     "superseded_by": None, "same_as": [], "entities": [], "evidence_against": 0,
                     "closed_reason": None, "run_id": "bench"})
    return pl.DataFrame(rows), vectors


def write_scope(store: Store, facts: pl.DataFrame, vectors: np.ndarray) -> None:
    ensure_fact_tables(store, DIM)
    frame = facts.select(FACT_COLUMNS).with_columns(pl.Series("vector", vectors, dtype=pl.Array(pl.Float32, DIM)))
    write_facts(store, frame, DIM)
    events = [{"event_id": event_id("bench", "big", "fact_added", row["fact_id"], row["fact_id"]), "seq": None,
               "tenant": "bench", "scope": "big", "fact_id": row["fact_id"], "kind": "fact_added",
               "cause_id": row["fact_id"], "before": None, "after": encode(row), "detail": None, "decision_id": None,
               "run_id": "bench", "plan_id": None, "at": row["said_at"]} for row in facts.iter_rows(named=True)]
    append_events(store, events_frame(events))


class FastDecider:
    """A deterministic rule instead of a model: 4% of pairs duplicates, 4% updates, the rest unrelated."""

    model = "fast-fake-1"

    def __init__(self) -> None:
        self.questions = 0

    def decide(self, request: DecisionRequest) -> DecisionResult:
        return self.decide_many([request])[0]

    def decide_many(self, requests: list[DecisionRequest]) -> list[DecisionResult]:
        results = []
        for request in requests:
            answers = {}
            for key, question in request.questions.items():
                pair = request.state["targets"][key.split(":")[1]]
                roll = int(content_id(pair["old"], pair["new"])[:4], 16) % 100
                chosen = "duplicate" if roll < 4 else "update" if roll < 8 else "new"
                answers[key] = Answer.from_probabilities({o: (0.9 if o == chosen else 0.02) for o in question.options})
                self.questions += 1
            results.append(DecisionResult(answers, [CallRecord("fake", self.model, "h")], self.model))
        return results


def measure(n: int, exact_up_to: int, full: bool, workdir: str) -> dict:
    t, relations = load_thresholds(), load_relations()
    question = load_questions().latest("relation")
    facts, vectors = generate(n)
    row: dict = {"facts": n}
    started = time.perf_counter()
    store = Store(f"{workdir}/store-{n}")
    write_scope(store, facts, vectors)
    row["write_s"] = time.perf_counter() - started

    started = time.perf_counter()
    state = load_partition_state(store, [("bench", "big")], DIM)
    row["load_s"] = time.perf_counter() - started
    started = time.perf_counter()
    pairs = candidate_pairs(state.facts, t, relations, method="partitioned")
    row["candidates_s"] = time.perf_counter() - started
    row["pairs_found"] = len(pairs)
    started = time.perf_counter()
    approximate = older_neighbours(vectors, t.consolidation_neighbours, t.consolidation_min_cosine, "partitioned")
    row["partitioned_us_per_fact"] = (time.perf_counter() - started) / n * 1e6
    if n <= exact_up_to:
        started = time.perf_counter()
        exact = older_neighbours(vectors, t.consolidation_neighbours, t.consolidation_min_cosine, "exact")
        row["exact_us_per_fact"] = (time.perf_counter() - started) / n * 1e6
        truth = set(zip(exact.newer.tolist(), exact.older.tolist(), strict=True))
        found = set(zip(approximate.newer.tolist(), approximate.older.tolist(), strict=True))
        row["partitioned_recall"] = len(truth & found) / max(1, len(truth))

    settings = Settings()
    started = time.perf_counter()
    with build_decider(settings, store, "consolidate-bench-60") as local:
        plan = consolidate_store(store, local, question, t, relations, run_id="consolidate-bench-60", dim=DIM,
                                 scopes=[("bench", "big")])
    row["pass_s"] = time.perf_counter() - started
    row["pass_pairs_examined"] = json.loads(plan.plan["summary"])["pairs_asked"]
    row["pass_items"] = plan.items.height
    row["pass_ms_per_fact"] = row["pass_s"] / n * 1e3
    if full:
        fast = FastDecider()
        started = time.perf_counter()
        plan = consolidate_store(store, fast, question, t, relations, run_id="consolidate-bench-all", dim=DIM,
                                 scopes=[("bench", "big")], max_pairs=10**9)
        row["full_s"] = time.perf_counter() - started
        row["full_pairs_examined"] = fast.questions
        row["full_items"] = plan.items.height
        row["full_ms_per_fact"] = row["full_s"] / n * 1e3
    return row


COLUMNS = [("facts", "{:>8,}"), ("write_s", "{:>7.1f}"), ("load_s", "{:>6.1f}"), ("pairs_found", "{:>9,}"),
           ("candidates_s", "{:>7.1f}"), ("partitioned_us_per_fact", "{:>8.0f}"), ("exact_us_per_fact", "{:>8.0f}"),
           ("partitioned_recall", "{:>6.3f}"), ("pass_pairs_examined", "{:>5}"), ("pass_s", "{:>6.1f}"),
           ("pass_ms_per_fact", "{:>6.3f}"), ("full_pairs_examined", "{:>9,}"), ("full_s", "{:>7.1f}"),
           ("full_ms_per_fact", "{:>6.3f}")]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--exact-up-to", type=int, default=10_000, help="Also time the exact search up to this size.")
    parser.add_argument("--no-full", action="store_true", help="Skip the unbudgeted pass with the fast decider.")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-consolidate-") as workdir:
        for n in args.sizes:
            rows.append(measure(n, args.exact_up_to, not args.no_full, workdir))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows))
        return 0
    print("  ".join(name for name, _ in COLUMNS))
    for row in rows:
        print("  ".join(fmt.format(row[name]) if row.get(name) is not None else "-" for name, fmt in COLUMNS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
