"""The write path asking every second reading against asking only those that can count, side by side.

    .venv/bin/python tests/benchmarks/bench_second_reading.py [--turns 2000] [--repeats 1]
        [--archive generated|support-store|support-styles|sgd] [--data ../shared/data]

Both modes ingest the same archive with the embedded defaults: the generated one of
tests/benchmarks/bench_write_path.py (`--turns` of it), or one of the two support archives of
tests/tasks/extract/ (`support-store`, `support-styles`: the changes and traps those tests judge), or SGD dev
from `--data` (`sgd`: real task dialogues nobody on the team wrote, as bench_extraction.py converts them),
each in its own process on a fresh store. `every` switches off the two changes of the write path's speed work in
that process: the rule that leaves out the second readings that cannot change the store
(tasks/policy/readings.py), and the text caches the local decision model's providers share across partitions
(tasks/decisions/local/provider.py). `needed` is the code as it ships. Prints, per mode, turns/s of the flow's own
time, the CPU seconds of the process (steadier than wall time on a shared machine), decision rows and questions
per fact, then the ratios, and checks that both runs left the same store: the same fact rows (run ids aside),
the same events in the same order within each scope (run ids aside; `seq` is global and follows the order
partitions finish), and decision rows of `needed` a subset of `every`'s with the same answers. Exits 1 if not.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the support archives are written by tests/
from bench_write_path import write_archive  # noqa: E402

SUPPORT = {"support-store": "tests.tasks.extract.test_support_archive_store",
           "support-styles": "tests.tasks.extract.test_support_archive_styles"}

# The ingest each mode runs in its own process, after the mode's preamble has patched what it compares; it
# writes the store's facts, events and decisions to parquet and prints the run's figures as one JSON line.
# tests/benchmarks/bench_floor_store.py runs it after a preamble of its own.
INGEST = """
from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
from archivist.storage.events import read_events
from archivist.storage.store import Store
summary = run_ingest([archive], load_settings(store__uri=store))
db = Store(store)
Path(out).mkdir(parents=True, exist_ok=True)
db.read("facts").write_parquet(f"{out}/facts.parquet")
read_events(db).write_parquet(f"{out}/events.parquet")
db.read("decisions").write_parquet(f"{out}/decisions.parquet")
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"turns": summary.records_read, "seconds": summary.seconds, "facts": summary.facts_written,
                  "decisions": summary.decisions, "cpu_s": usage.ru_utime + usage.ru_stime,
                  "peak_mib": usage.ru_maxrss / 1024, "stages": summary.stage_seconds}))
"""
RUN = """
import json, resource, sys
from pathlib import Path
mode, archive, store, out = sys.argv[1:5]
if mode == "every":
    import archivist.tasks.writepath.decide as decide
    from archivist.tasks.decisions.local.provider import LocalDecisionProvider
    decide.unread_second_readings = lambda *args, **kwargs: {}
    LocalDecisionProvider.from_settings = classmethod(lambda cls, settings: cls(settings))
""" + INGEST
ANSWER_COLUMNS = ["decision_id", "subject_fact_id", "target_fact_id", "question_id", "question_version",
                  "probabilities", "chosen", "confidence", "zone", "model_version", "fallback"]
EVENT_COLUMNS = ["tenant", "scope", "event_id", "kind", "fact_id", "cause_id", "decision_id"]


def run_process(script: str, mode: str, archive: Path, root: Path, name: str) -> dict:
    """`script` (a preamble + INGEST) in its own process for one mode: the store at root/<name>-store, its rows
    at root/<name>-out, and the figures it printed."""
    env = dict(os.environ, PREFECT_LOGGING_LEVEL="WARNING")
    out = subprocess.run([sys.executable, "-c", script, mode, str(archive), str(root / f"{name}-store"),
                          str(root / f"{name}-out")], check=True, capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_mode(mode: str, archive: Path, root: Path) -> dict:
    return run_process(RUN, mode, archive, root, mode)


def named_archive(kind: str, folder: Path, turns: int, data: Path) -> Path:
    """The archive both modes ingest, written under `folder`: `turns` generated turns, SGD dev from `data`, or
    one of the SUPPORT archives."""
    if kind == "generated":
        archive = folder / "archive.jsonl"
        write_archive(archive, turns, max(1, turns // 50))
    elif kind == "sgd":
        from bench_extraction import sgd_dialogues, write_sgd_archive

        archive = folder / "archive"
        write_sgd_archive(sgd_dialogues(data), archive, per_customer=6)
    else:
        archive = folder / "archive"
        importlib.import_module(SUPPORT[kind]).write_archive(archive)
    return archive


def _without_run(value: str | None) -> str | None:
    if value is None:
        return None
    data = json.loads(value)
    if isinstance(data, dict):
        data.pop("run_id", None)
    return json.dumps(data, sort_keys=True)


def same_store(root: Path) -> tuple[bool, str]:
    read = {name: {mode: pl.read_parquet(root / f"{mode}-out" / f"{name}.parquet") for mode in ("every", "needed")}
            for name in ("facts", "events", "decisions")}
    facts = {mode: frame.drop("run_id").sort("fact_id") for mode, frame in read["facts"].items()}
    events = {mode: [tuple(row[c] for c in EVENT_COLUMNS) + tuple(_without_run(row[c]) for c in ("before", "after",
                                                                                                 "detail"))
                     for row in frame.sort("tenant", "scope", "seq").iter_rows(named=True)]
              for mode, frame in read["events"].items()}
    decisions = read["decisions"]
    kept = set(decisions["needed"]["decision_id"].to_list())
    asked = decisions["every"].filter(pl.col("decision_id").is_in(list(kept)))
    checks = {
        "facts": facts["every"].equals(facts["needed"]),
        "events": events["every"] == events["needed"],
        "decisions a subset": kept <= set(decisions["every"]["decision_id"].to_list()),
        "same answers": asked.select(ANSWER_COLUMNS).sort("decision_id").equals(
            decisions["needed"].select(ANSWER_COLUMNS).sort("decision_id")),
    }
    left_out = decisions["every"].filter(~pl.col("decision_id").is_in(list(kept)))["question_id"].value_counts()
    detail = ", ".join(f"{name} {'yes' if ok else 'NO'}" for name, ok in checks.items())
    return all(checks.values()), (f"{detail}; {facts['needed'].height} facts, {len(events['needed'])} events; "
                                  f"rows not asked: {dict(left_out.iter_rows())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=1, help="runs of each mode, alternated")
    parser.add_argument("--archive", choices=["generated", *SUPPORT, "sgd"], default="generated")
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "data")
    args = parser.parse_args()
    identical = True
    results: dict[str, list[dict]] = {"every": [], "needed": []}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        archive = named_archive(args.archive, base, args.turns, args.data)
        for repeat in range(args.repeats):
            root = base / f"run-{repeat}"
            for mode in ("every", "needed"):
                results[mode].append(run_mode(mode, archive, root))
            ok, detail = same_store(root)
            identical = identical and ok
            print(f"run {repeat + 1}: same store: {'yes' if ok else 'NO'} ({detail})")
    size = f"{args.turns} turns" if args.archive == "generated" else args.archive
    print(f"{size}, {args.repeats} run(s) of each mode, alternated")
    for mode, runs in results.items():
        rate = sorted(r["turns"] / r["seconds"] for r in runs)[len(runs) // 2]
        cpu = sorted(r["cpu_s"] for r in runs)[len(runs) // 2]
        last = runs[-1]
        print(f"  {mode:<7} {rate:7.0f} turns/s  CPU {cpu:6.1f} s  peak RSS {last['peak_mib']:5.0f} MiB  "
              f"{last['decisions']} decisions, {last['decisions'] / max(1, last['facts']):.1f} per fact  "
              f"decisions stage {last['stages'].get('decisions', 0.0):.1f} s")
    every, needed = (sorted(r["cpu_s"] for r in results[m])[len(results[m]) // 2] for m in ("every", "needed"))
    print(f"CPU ratio needed / every: {needed / every:.2f}")
    sys.exit(0 if identical else 1)


if __name__ == "__main__":
    main()
