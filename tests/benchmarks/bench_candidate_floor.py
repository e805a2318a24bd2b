"""Where to put the candidate similarity floor (`candidate_min_cosine` in configs/thresholds.toml).

    .venv/bin/python tests/benchmarks/bench_candidate_floor.py [--research ../shared/data] [--floor 0.2]

A cosine candidate below the floor is not asked `relation`: the floor must sit where (almost) no labeled pair
whose answer is not `new` falls. For every labeled relation pair (the team's files in data/labels/ and the
pairs derived from SGD and LoCoMo by tasks/decisions/local/sources.py, which the team did not write), this
computes the cosine the write path computes between the stored fact and the new one: the store's embedder with
default settings over the two fact texts (tasks/writepath/partition.py embeds `fact.text`; candidates.py takes
the cosine of the unit vectors). Prints the percentiles of the non-`new` pairs, then per source the share of
non-`new` pairs below the floor and the share of `new` pairs it removes.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

import numpy as np

from archivist.configs import load_settings
from archivist.configs.thresholds import load_thresholds
from archivist.tasks.decisions.local.sources import load_sources
from archivist.tasks.ingest.embed import get_embedder

LABELS = Path("data/labels")


def pair_cosines(research: str | None) -> dict[str, list[tuple[str, float]]]:
    """{source: [(label, cosine of old and new)]} over every labeled relation pair."""
    more = sorted(p for p in LABELS.glob("*.jsonl") if p.name != "decisions.jsonl")
    sources = load_sources(LABELS / "decisions.jsonl", research, more=more)
    embedder = get_embedder(load_settings())
    out: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for source, items in sorted(sources.items()):
        pairs = [i for i in items if i.question == "relation"]
        if not pairs:
            continue
        old = _unit(embedder.embed([str(i.fields["old"]) for i in pairs]))
        new = _unit(embedder.embed([str(i.fields["new"]) for i in pairs]))
        for item, cosine in zip(pairs, (old * new).sum(axis=1), strict=True):
            out[source].append((item.label, float(cosine)))
    return out


def _unit(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1.0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--research", default="../shared/data", help="folder holding sgd/ and locomo/ ('' for none)")
    parser.add_argument("--floor", type=float, default=None, help="default: the shipped candidate_min_cosine")
    args = parser.parse_args()
    floor = load_thresholds().candidate_min_cosine if args.floor is None else args.floor
    cosines = pair_cosines(args.research or None)
    related = np.array([c for pairs in cosines.values() for label, c in pairs if label != "new"])
    unrelated = np.array([c for pairs in cosines.values() for label, c in pairs if label == "new"])
    print(f"labeled relation pairs: {len(related)} not `new`, {len(unrelated)} `new`")
    print("cosine percentiles of the pairs that are not `new` (all sources):")
    for q in (0.5, 1, 2, 5, 10, 50):
        print(f"  p{q:<4} {np.percentile(related, q):.3f}")
    print(f"  min   {related.min():.3f}")
    print(f"`new` pairs: median cosine {np.median(unrelated):.3f}")
    print(f"floor {floor:.2f}:")
    print(f"  {'source':<16} {'not new':>8} {'below':>7} {'share':>7} {'new':>6} {'removed':>8} {'share':>7}")
    for source, pairs in sorted(cosines.items()):
        kept = [c for label, c in pairs if label != "new"]
        dropped = [c for label, c in pairs if label == "new"]
        below = sum(c < floor for c in kept)
        removed = sum(c < floor for c in dropped)
        print(f"  {source:<16} {len(kept):>8} {below:>7} {below / max(1, len(kept)):>7.1%} {len(dropped):>6} "
              f"{removed:>8} {removed / max(1, len(dropped)):>7.1%}")
    below = int((related < floor).sum())
    removed = int((unrelated < floor).sum())
    print(f"  {'all':<16} {len(related):>8} {below:>7} {below / max(1, len(related)):>7.1%} {len(unrelated):>6} "
          f"{removed:>8} {removed / max(1, len(unrelated)):>7.1%}")


if __name__ == "__main__":
    main()
