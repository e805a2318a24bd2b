"""What erasure costs: a purge of one small scope (1% of the turns) by rewriting each table, next to the old
delete-and-compact purge that left the scope's text in the data file, measured side by side in one run.

    .venv/bin/python tests/benchmarks/bench_purge.py [--turns 50000] [--dim 384]

Prints seconds for each, the ratio, the files the byte scan read and whether the purged text is still on disk.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from datetime import UTC, datetime

import numpy as np
import pyarrow as pa

from archivist.storage import schemas, search
from archivist.storage.purge import plan_purge, purge
from archivist.storage.store import Store

MARKER = "Zanzibarquux"


def build(uri: str, turns: int, dim: int) -> Store:
    store = Store(uri)
    store.ensure_table("turns", schemas.turns_schema(dim), btree=("turn_id",))
    rng = np.random.default_rng(0)
    scopes = 100
    rows = {"turn_id": [f"turn-{i:08d}" for i in range(turns)], "tenant": ["acme"] * turns,
            "scope": [f"s{i % scopes}" for i in range(turns)],
            "conversation_id": [f"c{i % 1000}" for i in range(turns)],
            "turn_index": list(range(turns)), "speaker": ["user"] * turns, "role": ["user"] * turns,
            "text": [(f"I live in {MARKER} flat {i}" if i % scopes == 7 else f"my router broke again, ticket {i}")
                     for i in range(turns)],
            "said_at": [datetime(2024, 3, 1, tzinfo=UTC)] * turns, "source_file": ["a.jsonl"] * turns,
            "source_line": list(range(turns)), "run_id": ["r1"] * turns,
            "vector": list(rng.standard_normal((turns, dim), dtype=np.float32))}
    store.append("turns", pa.table(rows, schema=schemas.turns_schema(dim)))
    search.ensure_fts_index(store, "turns")
    return store


def on_disk(uri: str) -> bool:
    for root, _, files in os.walk(uri):
        for name in files:
            with open(os.path.join(root, name), "rb") as handle:
                if MARKER.lower().encode() in handle.read().lower():
                    return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=50_000)
    parser.add_argument("--dim", type=int, default=384)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = build(f"{tmp}/old", args.turns, args.dim)
        started = time.perf_counter()
        old.delete("turns", "scope = 's7'")
        old.drop_old_versions("turns")
        old_s = time.perf_counter() - started

        new = build(f"{tmp}/new", args.turns, args.dim)
        started = time.perf_counter()
        result = purge(new, plan_purge(new, "acme", "s7"))
        new_s = time.perf_counter() - started
        print(f"turns {args.turns}, dim {args.dim}, purged scope share 1%")
        print(f"delete + compact (old purge): {old_s:6.2f} s, purged text still on disk: {on_disk(old.uri)}")
        print(f"rewrite + scan (erasure):     {new_s:6.2f} s, purged text still on disk: {on_disk(new.uri)}, "
              f"{result.scanned_files} files scanned for {result.needles} needles")
        print(f"erasure / old purge: {new_s / old_s:.1f}x")


if __name__ == "__main__":
    main()
