"""The full write path (extract, decide, commit) against turn-only ingestion, on the same generated archive.

    .venv/bin/python tests/benchmarks/bench_write_path.py [--turns 200000] [--scopes 4000] [--floor F]

Each mode runs in its own process on a fresh store (`archivist ingest --stage turns`, then the default
`--stage all` with the embedded extractor and decision model), so each one's peak memory is its own. Prints,
measured side by side in one run (this machine is noisy, so only the ratios mean much):
  - turns/s of each mode (records read / the flow's own time; Prefect's server start is not in it),
  - the ratio write path / turn-only (goal: at least 0.20),
  - the write path's time by stage: read, turns (embed + store turns), then parse (extraction), vectors (fact
    embeddings), decisions (summed over partitions, which run in parallel threads) and commit (the flow's
    commits of the partitions' changes),
  - facts, decisions and events written, and peak resident memory of each process.
`--floor F` runs the write path with `candidate_min_cosine = F` instead of the shipped value (0 asks every
top-10 cosine candidate, as before the floor), so a before/after runs the same code.

The archive is support chat with what the write path must handle: customers who move, change plans and swap
phones (changes), say the same thing again in a later conversation (repeats), hedge ("I might move"),
and a majority of filler and agent turns that hold nothing to keep.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

STREETS = ["Harbour Street", "Canal Street", "Mill Lane", "Station Road", "Park Avenue", "Church Road", "High Street",
           "Queen's Road", "Victoria Street", "Green Lane"]
CITIES = ["Leeds", "Manchester", "York", "Bristol", "Glasgow", "Cardiff", "Leicester", "Norwich", "Bath", "Derby"]
PLANS = ["Basic 100", "Fibre 500", "Pro", "Solo", "Family", "Unlimited", "Business Plus"]
PHONES = ["Pixel 7", "Pixel 8", "iPhone 15", "iPhone 16", "Galaxy S24", "Moto G", "Fairphone 5"]
CHANGES = [
    "I moved to {n} {street}, {city} last month.",
    "I've moved to {n} {street}, {city}.",
    "We have just moved house, the new address is {n} {street}, {city}.",
    "I switched to the {plan} plan yesterday.",
    "I upgraded to the {plan} plan on the app.",
    "I've changed my plan to the {plan} plan.",
    "My new phone is a {phone}.",
    "I switched to an {phone} last week.",
    "I no longer use the {phone}, I replaced it.",
]
HEDGES = [
    "I might move to {city} next year.",
    "If the price goes up I will switch to the {plan} plan.",
    "I'm thinking about getting a {phone}.",
]
FILLER = [
    "Hi, thanks for getting back to me.",
    "Can you check why my bill went up this month?",
    "My router stopped working this morning.",
    "Thanks, that fixed it.",
    "Ok, great.",
    "Is there an outage in my area?",
    "How long will the delivery take?",
    "Please send me the invoice again.",
    "The internet keeps dropping in the evening.",
    "Cheers, have a nice day.",
]
AGENT = [
    "Thanks for contacting us, let me look into that.",
    "I have updated your account.",
    "Could you confirm your postcode please?",
    "I can see a fault on the line, an engineer will call you.",
    "Is there anything else I can help with?",
    "I've sent the invoice to your email address.",
]


def customer_line(rng: random.Random, said: list[str]) -> str:
    roll = rng.random()
    if roll < 0.12 and said:
        return rng.choice(said)  # said again, in another conversation: a duplicate
    if roll < 0.40:
        line = rng.choice(CHANGES).format(n=rng.randint(1, 220), street=rng.choice(STREETS), city=rng.choice(CITIES),
                                          plan=rng.choice(PLANS), phone=rng.choice(PHONES))
        said.append(line)
        return line
    if roll < 0.46:
        return rng.choice(HEDGES).format(city=rng.choice(CITIES), plan=rng.choice(PLANS), phone=rng.choice(PHONES))
    return rng.choice(FILLER)


def write_archive(path: Path, turns: int, scopes: int, per_conversation: int = 8, seed: int = 7) -> None:
    rng = random.Random(seed)
    start = datetime(2026, 9, 1, tzinfo=timezone.utc)
    said: dict[int, list[str]] = {}
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as out:
        for n in range(turns):
            conversation, index = divmod(n, per_conversation)
            scope = conversation % scopes
            customer = index % 2 == 0
            text = customer_line(rng, said.setdefault(scope, [])) if customer else rng.choice(AGENT)
            out.write(json.dumps({
                "tenant": "bench", "scope": f"cust-{scope:05d}", "conversation_id": f"conv-{conversation}",
                "turn_index": index, "speaker": "customer" if customer else "agent",
                "role": "customer" if customer else "agent", "text": text,
                "said_at": (start + timedelta(minutes=conversation * 30 + index)).isoformat(),
            }) + "\n")


RUN = """
import json, resource, sys
if sys.argv[4] != "shipped":
    import archivist.tasks.writepath.partition as partition
    shipped = partition.load_thresholds
    partition.load_thresholds = lambda *a, **k: shipped(*a, **k).model_copy(
        update={"candidate_min_cosine": float(sys.argv[4])})
from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
summary = run_ingest([sys.argv[1]], load_settings(store__uri=sys.argv[2]), stage=sys.argv[3])
print(json.dumps({"turns": summary.records_read, "seconds": summary.seconds, "stages": summary.stage_seconds,
                  "facts": summary.facts_written, "decisions": summary.decisions, "events": summary.events,
                  "deferred": summary.deferred_turns,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "cpu_s": resource.getrusage(resource.RUSAGE_SELF).ru_utime
                  + resource.getrusage(resource.RUSAGE_SELF).ru_stime}))
"""


def run_mode(archive: Path, store: Path, stage: str, floor: str = "shipped") -> dict:
    """One whole ingest in a separate process (its peak memory is its own)."""
    env = dict(os.environ, PREFECT_LOGGING_LEVEL="WARNING")
    out = subprocess.run([sys.executable, "-c", RUN, str(archive), str(store), stage, floor], check=True,
                         capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200_000)
    parser.add_argument("--scopes", type=int, default=None, help="memory owners (default: turns / 50)")
    parser.add_argument("--floor", default="shipped", help="candidate_min_cosine of the write path (default: shipped)")
    args = parser.parse_args()
    scopes = args.scopes or max(1, args.turns // 50)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        archive = root / "archive.jsonl"
        write_archive(archive, args.turns, scopes)
        turns = run_mode(archive, root / "turns-only", "turns")
        full = run_mode(archive, root / "write-path", "all", args.floor)
    turn_rate = turns["turns"] / turns["seconds"]
    full_rate = full["turns"] / full["seconds"]
    print(f"turns: {args.turns} in {scopes} scopes; candidate floor: {args.floor}")
    print(f"turn-only ingestion: {turn_rate:10.0f} turns/s  ({turns['seconds']:.1f} s, peak RSS "
          f"{turns['peak_mib']:.0f} MiB)")
    print(f"full write path:     {full_rate:10.0f} turns/s  ({full['seconds']:.1f} s, peak RSS "
          f"{full['peak_mib']:.0f} MiB)")
    print(f"ratio write path / turn-only: {full_rate / turn_rate:.2f}  (goal >= 0.20)")
    # CPU seconds of each process (all its threads, Prefect's start included): on a shared, loaded machine
    # wall time swings with the other load, CPU time much less.
    print(f"CPU seconds: turn-only {turns['cpu_s']:.1f}, write path {full['cpu_s']:.1f}; "
          f"CPU ratio turn-only / write path per turn: {turns['cpu_s'] / full['cpu_s']:.2f}")
    print(f"written by the write path: {full['facts']} facts, {full['decisions']} decisions "
          f"({full['decisions'] / max(1, full['facts']):.1f} per fact), {full['events']} events "
          f"({full['deferred']} turns deferred)")
    stages = full["stages"]
    total = sum(stages.values()) or 1.0
    print("write path by stage (parse, vectors, decisions: summed over partitions run in parallel):")
    for stage in ("read", "turns", "parse", "vectors", "decisions", "commit"):
        spent = stages.get(stage, 0.0)
        print(f"  {stage:<10} {spent:8.1f} s  {spent / total:6.1%}")
    only = turns["stages"]
    print(f"  (turn-only: read {only.get('read', 0.0):.1f} s, turns {only.get('turns', 0.0):.1f} s)")


if __name__ == "__main__":
    main()
