"""Ingestion throughput against the embedder's own, and peak memory at two archive sizes.

    .venv/bin/python tests/benchmarks/bench_ingest.py [--turns 100000] [--big 1000000]

Prints, measured side by side in one run (this machine is noisy, so only ratios mean much):
  - the embedder alone on the archive's texts (texts/s),
  - the whole turn-ingestion pipeline on the same archive (`--stage turns`: read, validate, hash,
    partition, embed, LanceDB commit), after one warm-up run so Prefect's server start is reported
    separately,
  - the ratio of the two (goal: at least 0.70),
  - peak resident memory of a whole ingest process at --turns and at --big turns (bounded memory:
    the second must stay well under ten times the first).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

WORDS = ("router modem invoice refund card plan fibre outage password address street leeds york pixel "
         "iphone upgrade downgrade cancel bill charge payment delivery parcel signal wifi speed").split()


def write_archive(path: Path, turns: int, per_conversation: int = 20, scopes: int = 5000) -> None:
    start = datetime(2026, 9, 1, tzinfo=timezone.utc)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as out:
        for n in range(turns):
            conversation, index = divmod(n, per_conversation)
            words = " ".join(WORDS[(n * 7 + k * 3) % len(WORDS)] for k in range(12))
            out.write(json.dumps({
                "tenant": "bench", "scope": f"cust-{conversation % scopes:05d}",
                "conversation_id": f"conv-{conversation}", "turn_index": index,
                "speaker": "customer" if index % 2 == 0 else "agent",
                "role": "customer" if index % 2 == 0 else "agent",
                "text": f"Ticket {n}: my {words}.",
                "said_at": (start + timedelta(minutes=n)).isoformat(),
            }) + "\n")


def embedder_alone(archive: Path) -> float:
    from archivist.configs import load_settings
    from archivist.tasks.ingest.embed import get_embedder

    texts = [json.loads(line)["text"] for line in archive.open()]
    embedder = get_embedder(load_settings())
    embedder.embed(texts[:1000])  # load and warm up
    started = time.perf_counter()
    for i in range(0, len(texts), 2048):
        embedder.embed(texts[i : i + 2048])
    return len(texts) / (time.perf_counter() - started)


def pipeline(archive: Path, warmup: Path, store_root: Path) -> tuple[float, float]:
    from archivist.configs import load_settings
    from archivist.flows.ingest import run_ingest

    started = time.perf_counter()
    run_ingest([str(warmup)], load_settings(store__uri=str(store_root / "warmup")), stage="turns")
    cold = time.perf_counter() - started
    summary = run_ingest([str(archive)], load_settings(store__uri=str(store_root / "bench")), stage="turns")
    return summary.records_read / summary.seconds, cold


def peak_memory_mib(archive: Path, store: Path) -> float:
    """Peak RSS of a separate process that runs one whole ingest (the flow, not this script)."""
    code = (
        "import resource, sys; from archivist.configs import load_settings; "
        "from archivist.flows.ingest import run_ingest; s = load_settings(store__uri=sys.argv[2]); "
        "run_ingest([sys.argv[1]], s, stage='turns'); print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(archive), str(store)], check=True,
                         capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--big", type=int, default=1_000_000, help="0 skips the memory comparison")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        archive, warmup = root / "archive.jsonl", root / "warmup.jsonl"
        write_archive(archive, args.turns)
        write_archive(warmup, 200)
        embed_rate = embedder_alone(archive)
        pipe_rate, cold = pipeline(archive, warmup, root)
        print(f"turns: {args.turns}")
        print(f"embedder alone:        {embed_rate:10.0f} texts/s")
        print(f"whole ingest pipeline: {pipe_rate:10.0f} turns/s")
        print(f"ratio pipeline/embedder: {pipe_rate / embed_rate:.2f}  (goal >= 0.70)")
        print(f"first run incl. Prefect server start (200 turns): {cold:.1f} s")
        if args.big:
            big = root / "big.jsonl"
            write_archive(big, args.big)
            small_mib = peak_memory_mib(archive, root / "mem-small")
            big_mib = peak_memory_mib(big, root / "mem-big")
            print(f"peak RSS at {args.turns} turns: {small_mib:.0f} MiB; at {args.big} turns: {big_mib:.0f} MiB "
                  f"(ratio {big_mib / small_mib:.2f}, must be < 10)")


if __name__ == "__main__":
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    main()
