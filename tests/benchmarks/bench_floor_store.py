"""The store with the candidate similarity floor against the store without it, on the same archive.

    .venv/bin/python tests/benchmarks/bench_floor_store.py [--archive generated|support-store|support-styles|sgd]
        [--turns 2000] [--data ../shared/data] [--floor F]

Both modes ingest the same archive with the embedded defaults, each in its own process on a fresh store: `off`
with `candidate_min_cosine = 0` (every top-10 cosine candidate asked), `on` with the shipped floor (or `--floor`).
The archives are those of tests/benchmarks/bench_second_reading.py. A floor leaves candidates out of a request,
so the request's state, and with it every decision id, differs; the checks therefore match on what was decided:
  - facts: the same fact rows (run ids aside), so the same statuses, beliefs, validity and links,
  - events: the same (kind, fact) sequence within each scope, with the same before/after values,
  - decisions: every `on` row has an `off` row of the same (statement, target, question) with the same answer,
    and the `off` rows left out are counted by the answer they had.
Prints turns/s, CPU seconds and questions per fact of each mode. Exits 1 if the stores differ.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the support archives are written by tests/
from bench_second_reading import INGEST, SUPPORT, named_archive, run_process  # noqa: E402

RUN = """
import json, resource, sys
from pathlib import Path
floor, archive, store, out = sys.argv[1:5]
if floor != "shipped":
    import archivist.tasks.writepath.partition as partition
    shipped = partition.load_thresholds
    partition.load_thresholds = lambda *a, **k: shipped(*a, **k).model_copy(
        update={"candidate_min_cosine": float(floor)})
""" + INGEST
KEY = ["subject_fact_id", "target_fact_id", "question_id"]
ANSWER = ["probabilities", "chosen", "confidence", "zone", "fallback"]


def run_mode(floor: str, archive: Path, root: Path, name: str) -> dict:
    return run_process(RUN, floor, archive, root, name)


def _plain(value: str | None) -> str | None:
    """An event's before/after/detail without the ids that name the run or the decision (they hash the request)."""
    if value is None:
        return None
    data = json.loads(value)
    if isinstance(data, dict):
        for key in ("run_id", "decision_id", "cause_id"):
            data.pop(key, None)
    return json.dumps(data, sort_keys=True)


def compare(root: Path) -> tuple[bool, list[str]]:
    read = {name: {mode: pl.read_parquet(root / f"{mode}-out" / f"{name}.parquet") for mode in ("off", "on")}
            for name in ("facts", "events", "decisions")}
    facts = {mode: frame.drop("run_id").sort("fact_id") for mode, frame in read["facts"].items()}
    events = {mode: [(row["tenant"], row["scope"], row["kind"], row["fact_id"], _plain(row["before"]),
                      _plain(row["after"])) for row in frame.sort("tenant", "scope", "seq").iter_rows(named=True)]
              for mode, frame in read["events"].items()}
    off, on = read["decisions"]["off"], read["decisions"]["on"]
    matched = on.join(off, on=KEY, how="left", suffix="_off", nulls_equal=True)
    missing = matched.filter(pl.col("chosen_off").is_null()).height
    changed = matched.filter(pl.col("chosen_off").is_not_null() & pl.any_horizontal(
        [pl.col(c) != pl.col(f"{c}_off") for c in ANSWER])).height
    left_out = off.join(on, on=KEY, how="anti", nulls_equal=True)
    checks = {"facts": facts["off"].equals(facts["on"]), "events": events["off"] == events["on"],
              "decisions asked in both": missing == 0, "same answers": changed == 0}
    lines = [", ".join(f"{name} {'yes' if ok else 'NO'}" for name, ok in checks.items())]
    lines.append(f"{facts['on'].height} facts, {len(events['on'])} events; decision rows: off {off.height}, "
                 f"on {on.height}; left out by question: {dict(left_out['question_id'].value_counts().iter_rows())}"
                 f"; the left-out relation rows answered: "
                 f"{dict(left_out.filter(pl.col('question_id') == 'relation')['chosen'].value_counts().iter_rows())}")
    text = dict(read["facts"]["off"].select("fact_id", "text").iter_rows())
    for row in left_out.filter((pl.col("question_id") == "relation") & (pl.col("chosen") != "new")).head(5) \
            .iter_rows(named=True):
        lines.append(f"  not asked: {text.get(row['subject_fact_id'])!r} against {text.get(row['target_fact_id'])!r}"
                     f" (answered {row['chosen']} at {row['confidence']:.2f}, zone {row['zone']})")
    if not checks["facts"]:
        rows = {mode: {row["fact_id"]: row for row in frame.drop("vector").iter_rows(named=True)}
                for mode, frame in facts.items()}
        only = set(rows["off"]) ^ set(rows["on"])
        differ: dict[str, int] = {}
        for fact_id in set(rows["off"]) & set(rows["on"]):
            for column, value in rows["off"][fact_id].items():
                if rows["on"][fact_id][column] != value:
                    differ[column] = differ.get(column, 0) + 1
        lines.append(f"  facts in one store only: {len(only)}; columns that differ (rows): {differ}")
        for fact_id in sorted(f for f in set(rows["off"]) & set(rows["on"])
                              if rows["off"][f]["status"] != rows["on"][f]["status"])[:5]:
            row = rows["on"][fact_id]
            lines.append(f"    {row['text']!r}: {rows['off'][fact_id]['status']} without the floor, "
                         f"{row['status']} with it")
    if not checks["events"]:
        lines.append(f"  events: off {len(events['off'])}, on {len(events['on'])}; "
                     f"{len(set(events['off']) ^ set(events['on']))} not in both")
    return all(checks.values()), lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--archive", choices=["generated", *SUPPORT, "sgd"], default="generated")
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "data")
    parser.add_argument("--floor", default="shipped", help="the floor of the `on` mode (default: the shipped one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        archive = named_archive(args.archive, root, args.turns, args.data)
        runs = {"off": run_mode("0", archive, root, "off"), "on": run_mode(args.floor, archive, root, "on")}
        same, lines = compare(root)
    size = f"{args.turns} generated turns" if args.archive == "generated" else args.archive
    print(f"{size}: same store with and without the floor: {'yes' if same else 'NO'}")
    for line in lines:
        print(f"  {line}")
    for mode, run in runs.items():
        print(f"  {mode:<4} {run['turns'] / run['seconds']:7.0f} turns/s  CPU {run['cpu_s']:6.1f} s  "
              f"{run['decisions']} decisions, {run['decisions'] / max(1, run['facts']):.1f} per fact  "
              f"decisions stage {run['stages'].get('decisions', 0.0):.1f} s")
    print(f"CPU ratio on / off: {runs['on']['cpu_s'] / runs['off']['cpu_s']:.2f}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
