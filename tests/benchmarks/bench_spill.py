"""Benchmark: what a partition attempt's spill file (storage/spill.py) adds to each model call it holds.

    .venv/bin/python tests/benchmarks/bench_spill.py [--calls 20000] [--rounds 3]

A partition task's call log, inside `hold_calls`, buffers each call's cache row and ledger row for the flow;
with a spill folder it also appends a paid call's response and ledger row to the attempt's file as they are
made, so a retry of an attempt that died pays for nothing twice (free calls, the embedded models', are not
spilled). This times the same calls (a decision-sized response, remember + record) held without a spill
folder, with one for free calls, and with one for paid calls, alternating rounds, and prints microseconds per
call and the ratios.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from archivist.storage.calls import CallLog, LedgerRow, hold_calls  # noqa: E402
from archivist.storage.store import Store  # noqa: E402

RESPONSE = {"model": "local-decider-3", "answers": [
    {"question": f"q{i}", "probabilities": {"new": 0.7, "duplicate": 0.2, "update": 0.1}} for i in range(6)]}


def held_calls(store: Store, calls: int, spill_dir: str | None, cost: float = 0.0) -> float:
    """Seconds for `calls` calls of `cost` each held (and spilled when `spill_dir` is given and they are paid)."""
    started = time.perf_counter()
    with hold_calls(spill_dir):
        log = CallLog(store)
        for i in range(calls):
            key = f"{spill_dir or 'none'}-{i:08d}"
            log.remember(key, "local", "local-decider-3", "decide", RESPONSE)
            log.record(LedgerRow(provider="local", model="local-decider-3", endpoint="decide", request_hash=key,
                                 run_id="bench", input_tokens=120, output_tokens=30, attempts=1, cost_usd=cost))
        log.close()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        store = Store(str(Path(root) / "store"))
        CallLog(store).close()  # the tables exist, as the flow makes them before partitions run
        plain, free, paid = [], [], []
        for r in range(args.rounds):
            plain.append(held_calls(store, args.calls, None))
            free.append(held_calls(store, args.calls, str(Path(root) / f"free-{r}")))
            paid.append(held_calls(store, args.calls, str(Path(root) / f"paid-{r}"), cost=0.0001))
        best = {"held only": min(plain), "spill folder, free calls": min(free), "spill folder, paid calls": min(paid)}
        size = sum(p.stat().st_size for p in Path(root).glob("paid-0/*.jsonl"))
        print(f"{args.calls} calls, best of {args.rounds} alternating rounds:")
        for name, seconds in best.items():
            print(f"  {name:26s} {seconds / args.calls * 1e6:8.1f} us per call "
                  f"(ratio {seconds / best['held only']:.2f})")
        print(f"  a paid call's spill: {size / args.calls:.0f} bytes on disk")


if __name__ == "__main__":
    main()
