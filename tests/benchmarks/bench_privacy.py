"""What credential masking touches on text nobody on the team wrote, and what it costs beside reading.

    .venv/bin/python tests/benchmarks/bench_privacy.py [/work/shared/data]

Prints, for SGD dev (5 files), LoCoMo conv-26/30 and the ABCD sample, how many turns the default rules mask
per kind, with every masked turn shown (these archives hold no real credentials, so each one is a false
positive to judge), and the time of `mask_batch` over all the turns against the time of validating them,
measured side by side in this run.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import polars as pl

from archivist.tasks.ingest.privacy import load_privacy, mask_batch
from archivist.tasks.ingest.read.validate import empty_quarantine, turn_ids


def sgd_texts(root: Path) -> list[str]:
    texts = []
    for path in sorted((root / "sgd").glob("dialogues_*.json")):
        for dialogue in json.loads(path.read_text()):
            texts += [turn["utterance"] for turn in dialogue["turns"]]
    return texts


def locomo_texts(root: Path) -> list[str]:
    texts = []
    for path in sorted((root / "locomo").glob("conv-*.json")):
        document = json.loads(path.read_text())
        conversation = document.get("conversation", document)
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                texts += [turn["text"] for turn in turns]
    return texts


def abcd_texts(root: Path) -> list[str]:
    document = json.loads((root / "abcd" / "abcd_sample.json").read_text())
    dialogues = document if isinstance(document, list) else [d for split in document.values() for d in split]
    return [text for dialogue in dialogues for _, text in dialogue["original"]]


def frame(texts: list[str]) -> pl.DataFrame:
    n = len(texts)
    rows = pl.DataFrame({"tenant": ["t"] * n, "scope": ["s"] * n, "conversation_id": ["c"] * n,
                         "turn_index": list(range(n)), "text": texts})
    return rows.with_columns(turn_ids(rows))


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data")
    policy = load_privacy()
    for name, texts in [("SGD dev", sgd_texts(root)), ("LoCoMo", locomo_texts(root)), ("ABCD", abcd_texts(root))]:
        records = frame(texts)
        started = time.perf_counter()
        turn_ids(records)
        hashing = time.perf_counter() - started
        started = time.perf_counter()
        masked, _, counts = mask_batch(records, empty_quarantine(), "mask", policy)
        masking = time.perf_counter() - started
        print(f"{name}: {len(texts)} turns, {counts.turns_masked} masked ({counts.turns_masked / len(texts):.4%}) "
              f"{dict(counts.kinds)}; mask_batch {masking:.3f} s = {masking / hashing:.2f}x the turn-id hashing "
              f"of the same turns ({hashing:.3f} s)")
        for before, after in zip(texts, masked["text"].to_list(), strict=True):
            if before != after:
                print(f"    {before!r}\n -> {after!r}")


if __name__ == "__main__":
    main()
