"""Shortlist experiments on LoCoMo: which candidate search puts the evidence into the 30-item shortlist?

    python tests/benchmarks/eval_locomo.py [PATH ...] [--out experiments.json]

Defaults to the two conversations in ../shared/data/locomo. Every variant runs the product's `recall` (no
rerank) over turns, on a scratch store per embedding input ("text": the turn's text, as `archivist ingest`
embeds it; "line": "[date] speaker: text", as the read-path study embeds it). Prints a markdown table of
all-evidence and any-evidence shares at 3, 10 and 30 (the shortlist) for category 1-4 questions.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from archivist.configs.settings import load_settings
from archivist.storage.store import Store
from archivist.tasks.recall.evaluation.locomo import (
    EvaluationSetup,
    evaluate_questions,
    ingest_locomo,
    load_locomo_questions,
    summarize,
)
from archivist.tasks.recall.shortlist import ShortlistConfig

DEFAULT_PATHS = [str(Path(__file__).resolve().parents[3] / "shared/data/locomo" / f)
                 for f in ("conv-26.json", "conv-30.json")]
HYBRID = ShortlistConfig()
ONLY_SELF = {0: 1.0}
VARIANTS: dict[str, ShortlistConfig] = {
    "similarity (cosine)": ShortlistConfig(method="similarity"),
    "BM25 only": replace(HYBRID, vector_weight=0.0, neighbour_weights=ONLY_SELF, speaker_boost=0.0,
                         drop_named_speakers=False),
    "RRF cosine + BM25 (k=60)": ShortlistConfig(method="rrf"),
    "RRF cosine + BM25 (k=10)": ShortlistConfig(method="rrf", rrf_k=10),
    "score fusion, no neighbours, no speaker handling": replace(HYBRID, neighbour_weights=ONLY_SELF, speaker_boost=0.0,
                                                                drop_named_speakers=False),
    "+ neighbours ±1 (0.5)": replace(HYBRID, neighbour_weights={0: 1.0, 1: 0.5, -1: 0.5}, speaker_boost=0.0,
                                    drop_named_speakers=False),
    "+ neighbours ±2 (0.5, 0.25)": replace(HYBRID, speaker_boost=0.0, drop_named_speakers=False),
    "+ names dropped from BM25": replace(HYBRID, speaker_boost=0.0),
    "+ speaker boost 0.5 (hybrid, default)": HYBRID,
    "hybrid, speaker boost 1.0": replace(HYBRID, speaker_boost=1.0),
    "hybrid, vector weight 0": replace(HYBRID, vector_weight=0.0),
    "hybrid, vector weight 0.5": replace(HYBRID, vector_weight=0.5),
    "hybrid, neighbours ±3 (0.5, 0.25, 0.125)": replace(
        HYBRID, neighbour_weights={0: 1.0, 1: 0.5, -1: 0.5, 2: 0.25, -2: 0.25, 3: 0.125, -3: 0.125}),
    "hybrid, pool 50": replace(HYBRID, pool=50),
    "hybrid, pool 200": replace(HYBRID, pool=200),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=DEFAULT_PATHS)
    parser.add_argument("--out", default=None)
    parser.add_argument("--embed-as", nargs="*", default=["text", "line"])
    args = parser.parse_args(argv)
    settings = load_settings()
    modes = {name: {"method": config.method, "rerank": False, "shortlist_config": config}
             for name, config in VARIANTS.items()}
    results: dict[str, dict] = {}
    for embed_as in args.embed_as:
        setup = EvaluationSetup(modes=modes, overs=("turns",), embed_as=embed_as, ks=(3, 10), budgets=())
        with tempfile.TemporaryDirectory(prefix="archivist-eval-") as folder:
            store = Store(folder)
            ingest_locomo(store, settings, args.paths, embed_as=embed_as)
            questions = []
            for path in args.paths:
                questions += load_locomo_questions(path)[0]
            per_question = evaluate_questions(store, settings, questions, setup=setup)
            results[embed_as] = summarize(per_question, setup)
    print(f"{results[args.embed_as[0]]['questions']} category 1-4 questions; all / any evidence share\n")
    header = "| shortlist | " + " | ".join(f"{e}: @3 | {e}: @10 | {e}: @30" for e in args.embed_as) + " |"
    print(header)
    print("|" + "---|" * (1 + 3 * len(args.embed_as)))
    for name in VARIANTS:
        cells = []
        for embed_as in args.embed_as:
            row = results[embed_as]["turns"][name]
            cells += [f"{row[k]['all']:.3f} / {row[k]['any']:.3f}" for k in ("3", "10", "30")]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1, default=str))
        print(f"\nwrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
