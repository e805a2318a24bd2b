"""Throughput of the two offline embedders, side by side in one run: wordllama (`local`) and MiniLM (`minilm`).

    python tests/benchmarks/bench_embedders.py [--rounds 3] [--texts N]

The texts are the turns of the LoCoMo conversations in ../shared/data/locomo (real chat lengths), or the
bundled sample's when those are absent. Each round embeds all texts with one embedder and then the other
(alternating which goes first), so both see the same machine load; the script prints texts per second of
each (median over rounds) and the ratio, which is the figure to read on a shared, noisy machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from archivist.configs.settings import EmbedderSettings
from archivist.tasks.ingest.embed import get_embedder

ROOT = Path(__file__).resolve().parents[2]
LOCOMO = ROOT.parent / "shared/data/locomo"


def texts_to_embed(limit: int | None) -> list[str]:
    texts: list[str] = []
    for path in sorted(LOCOMO.glob("conv-*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        conversation = document.get("conversation", document)  # the file holds the sessions at its top level
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                texts += [turn["text"] for turn in turns if turn.get("text")]
    if not texts:
        for path in sorted((ROOT / "data/sample").rglob("*.jsonl")):
            texts += [json.loads(line).get("text", "") for line in path.read_text().splitlines() if line.strip()]
    return texts[:limit] if limit else texts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--texts", type=int, default=None, help="Embed only the first N texts.")
    args = parser.parse_args(argv)
    texts = [t for t in texts_to_embed(args.texts) if isinstance(t, str) and t.strip()]
    embedders = {name: get_embedder(EmbedderSettings(provider=name)) for name in ("local", "minilm")}
    for embedder in embedders.values():
        embedder.embed(texts[:8])  # load the model outside the timing
    rates: dict[str, list[float]] = {name: [] for name in embedders}
    for round_number in range(args.rounds):
        names = list(embedders) if round_number % 2 == 0 else list(embedders)[::-1]
        for name in names:
            started = time.perf_counter()
            embedders[name].embed(texts)
            rates[name].append(len(texts) / (time.perf_counter() - started))
    median = {name: statistics.median(values) for name, values in rates.items()}
    print(f"{len(texts)} texts, {args.rounds} rounds (median texts per second)")
    for name, embedder in embedders.items():
        print(f"  {name:7s} {embedder.name:42s} {median[name]:10.0f} texts/s")
    print(f"  wordllama / MiniLM throughput ratio: {median['local'] / median['minilm']:.1f}x")


if __name__ == "__main__":
    main()
