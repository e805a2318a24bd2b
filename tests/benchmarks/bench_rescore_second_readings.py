"""A re-scored store against a store written fresh by the new model, with and without asking the missing second
readings.

    .venv/bin/python tests/benchmarks/bench_rescore_second_readings.py [--turns 2000] [--archive generated|sgd]
        [--old local-decider-3] [--new local-decider-3@t=0.6] [--data ../shared/data]

Ingests the archive (the generated one of bench_write_path.py, or SGD dev from `--data` as bench_extraction.py
converts it) with `--old`, copies the store twice, re-scores each copy with `--new` (`rescore_store`, the
in-process path: the flow's nested partition flow refuses parameters over 512 KB, which a few hundred turns'
requests already exceed) and applies the plan: `asked`
is the code as it ships, `skipped` leaves the missing second readings unasked (the re-score before
tasks/rescore/seconds.py). Then ingests the same archive with `--new` on a fresh store. Prints, per mode, the
second readings newly asked, the plan's items, and the facts (matched by id) whose status differs from the fresh
store's. A re-score keeps the log's shape (which statements were stored, linked or dropped), so some difference
remains whatever it asks; the figure to read is the difference between the two modes. Each step runs in its own
process.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polars as pl

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_write_path import write_archive  # noqa: E402

INGEST = """
import sys
from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
run_ingest([sys.argv[1]], load_settings(store__uri=sys.argv[2], decisions__model=sys.argv[3]))
"""

RESCORE = """
import json, sys
mode, store, model = sys.argv[1:4]
if mode == "skipped":
    import archivist.tasks.rescore.seconds as seconds
    seconds.required = lambda *args, **kwargs: None
from archivist.configs import load_settings
from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.flows.rescore import prepare_rescore
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.plans.apply import apply_plan
from archivist.tasks.rescore.run import rescore_store
prepared = prepare_rescore(model, settings=load_settings(store__uri=store))
with prepared.store.writer("rescore"), build_decider(prepared.settings, prepared.store, "rescore-bench") as decider:
    outcome = rescore_store(prepared.store, prepared.work, decider, run_id="rescore-bench", model=model,
                            t=load_thresholds(model=decider.provider.model), relations=load_relations())
summary = outcome.summary()
if summary["plan_id"]:
    apply_plan(prepared.store, summary["plan_id"])
print(json.dumps({"new_second_readings": summary["new_second_readings"]["n"], "plan_items": summary["plan_items"],
                  "decisions": summary["decisions"], "requests": summary["requests"]}))
"""


def _python(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"step failed:\n{done.stderr[:3000]}")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def _statuses(store: Path) -> dict[str, str]:
    from archivist.storage.events import read_events, replay_facts
    from archivist.storage.store import Store

    facts = replay_facts(read_events(Store(str(store))))
    return dict(zip(facts["fact_id"].to_list(), facts["status"].to_list(), strict=True)) if facts.height else {}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--archive", choices=["generated", "sgd"], default="generated")
    parser.add_argument("--old", default="local-decider-3")
    parser.add_argument("--new", default="local-decider-3@t=0.6")
    parser.add_argument("--data", default=str(Path(__file__).resolve().parents[3] / "shared" / "data"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        archive = root / ("archive" if args.archive == "sgd" else "archive.jsonl")
        if args.archive == "sgd":
            from bench_extraction import sgd_dialogues, write_sgd_archive

            write_sgd_archive(sgd_dialogues(Path(args.data)), archive, per_customer=6)
        else:
            write_archive(archive, args.turns, max(1, args.turns // 50))
        _python(INGEST, str(archive), str(root / "night"), args.old)
        _python(INGEST, str(archive), str(root / "fresh"), args.new)
        fresh = _statuses(root / "fresh")
        print(f"archive {args.archive}; {args.old} -> {args.new}; fresh store: {len(fresh)} facts, "
              f"{pl.Series(list(fresh.values())).value_counts().sort('count', descending=True).rows()}")
        for mode in ("skipped", "asked"):
            store = root / mode
            shutil.copytree(root / "night", store)
            report = json.loads(_python(RESCORE, mode, str(store), args.new))
            got = _statuses(store)
            shared = sorted(set(got) & set(fresh))
            differ = sum(got[f] != fresh[f] for f in shared)
            print(f"{mode:>8}: {report['new_second_readings']} second readings newly asked, "
                  f"{report['decisions']} re-asked in {report['requests']} requests, plan {report['plan_items']}; "
                  f"{differ} of {len(shared)} shared facts differ in status from the fresh store")


if __name__ == "__main__":
    main()
