"""Leave-one-source-out of the local relation heads over the team's own label sources only, and their mean.

    .venv/bin/python tests/benchmarks/bench_relation_sources.py [--split train|all]

The sources are the files `archivist decider fit` fits (data/labels/decisions.jsonl and the MORE_LABELS files,
each item under its `source`): each is held out in turn, the relation heads are fitted on the others and scored
on it. The mean over the sources is the figure the features of `local-decider-3` were chosen by (README "What
`local-decider-3` changed"). `archivist evaluate decisions ... --sources` prints the same rows with the derived
SGD and LoCoMo labels scored beside them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from archivist.tasks.decisions.local.crossval import leave_one_source_out
from archivist.tasks.decisions.local.fit import MORE_LABELS
from archivist.tasks.decisions.local.sources import load_sources
from archivist.tasks.decisions.questions import load_questions

LABELS = Path(__file__).resolve().parents[2] / "data" / "labels" / "decisions.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="train", choices=["train", "all"],
                        help="the team file's items to use (train keeps its test split out, as the shipped fit)")
    args = parser.parse_args()
    sources = load_sources(LABELS, None, split=args.split, more=[p for p in MORE_LABELS if p.is_file()])
    results = leave_one_source_out(sources, load_questions())
    rows = [(name, row["relation"]) for name, row in results.items()]
    print(f"{'source':24s} {'n':>5s} {'acc':>6s} {'ECE':>6s} {'NLL':>6s}")
    for name, r in rows:
        print(f"{name:24s} {r['n']:5d} {r['accuracy']:6.3f} {r['ece']:6.3f} {r['nll']:6.3f}")
    mean = {k: sum(r[k] for _, r in rows) / len(rows) for k in ("accuracy", "ece", "nll")}
    print(f"{'mean of ' + str(len(rows)) + ' sources':24s} {'':5s} {mean['accuracy']:6.3f} {mean['ece']:6.3f} "
          f"{mean['nll']:6.3f}")


if __name__ == "__main__":
    main()
