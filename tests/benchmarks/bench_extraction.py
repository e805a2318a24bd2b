"""The embedded extractor on dialogues nobody on the team wrote (SGD dev, ABCD sample), and what the store keeps.

    .venv/bin/python tests/benchmarks/bench_extraction.py [--data /work/shared/data] [--dialogues-per-customer 6]
                                                          [--skip-ingest] [--sample 20]

Prints, measured in one run:
  - per corpus: customer turns read, sentences parsed, facts extracted by relation and temporal status, and
    the one-off requests dropped (configs/extraction.toml [durability]);
  - SGD dev converted to a nightly archive (one conversation per dialogue, USER -> customer, SYSTEM -> agent,
    `--dialogues-per-customer` dialogues per scope, one night per 20 dialogues) and ingested twice with the
    embedded defaults, side by side: turns only (`--stage turns`) and the whole write path; the ratio of their
    rates (goal: the write path at least a fifth of turn-only ingestion);
  - of the stored active facts: the share that are one-off requests, judged by the quote's own words (a
    request to the agent: "I want/need/would like ...", "find/book/reserve/get me ...", "can you ..."; this
    judge is a separate list of phrases, not the extractor's rule) and, narrower, the share whose own text is
    such a request (a quote may hold a durable fact beside a request), the number of facts closed by updates,
    and `--sample` random stored facts with their quotes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

REQUEST = re.compile(
    r"\b(?:i(?:'d| would) (?:like|love|prefer)|i (?:want|need|wanna)|i'm (?:looking|trying|hoping)|"
    r"i am (?:looking|trying|hoping)|(?:can|could|would|will) you|please|find me|get me|book me|help me|"
    r"(?:find|book|reserve|search|look for|get) (?:a|an|the|me|some|tickets?)\b|tickets?|reservation|"
    r"a table|appointment)\b", re.IGNORECASE)


def sgd_dialogues(root: Path) -> list[dict]:
    dialogues = []
    for path in sorted((root / "sgd").glob("dialogues_*.json")):
        dialogues += json.loads(path.read_text())
    return dialogues


def abcd_turns(root: Path) -> list[tuple[str, str]]:
    document = json.loads((root / "abcd" / "abcd_sample.json").read_text())
    dialogues = document if isinstance(document, list) else [d for split in document.values() for d in split]
    return [(role, text) for dialogue in dialogues for role, text in dialogue["original"]]


def write_sgd_archive(dialogues: list[dict], folder: Path, per_customer: int) -> int:
    """One JSON Lines file per night (hive-style folders), as a nightly archive would arrive."""
    start = datetime(2026, 9, 1, 9, tzinfo=UTC)
    turns = 0
    for number, dialogue in enumerate(dialogues):
        night = start + timedelta(days=number // 20)
        target = folder / f"date={night.date().isoformat()}" / "chats.jsonl"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a") as out:
            for index, turn in enumerate(dialogue["turns"]):
                role = "customer" if turn["speaker"] == "USER" else "agent"
                out.write(json.dumps({
                    "tenant": "sgd", "scope": f"sgd-{number // per_customer:04d}",
                    "conversation_id": f"sgd-{dialogue['dialogue_id']}", "turn_index": index, "speaker": role,
                    "role": role, "text": turn["utterance"],
                    "said_at": (night + timedelta(minutes=(number % 20) * 30 + index)).isoformat(),
                }) + "\n")
                turns += 1
    return turns


def extraction_only(name: str, turns: list[tuple[str, str]]) -> None:
    from archivist.tasks.extract import LocalExtractor, TurnContext

    extractor = LocalExtractor()
    said = datetime(2026, 10, 15, 12, tzinfo=UTC)
    contexts = [TurnContext(f"t{i}", "bench", "s", role, role, text, said) for i, (role, text) in enumerate(turns)]
    assert extractor.nlp is not None  # loaded outside the timing
    started = time.perf_counter()
    facts = [f for batch in extractor.extract(contexts) for f in batch]
    seconds = time.perf_counter() - started
    customer = sum(1 for c in contexts if c.role in extractor.grammar.speaker_roles)
    print(f"\n== {name}: {customer} customer turns, {len(facts)} facts, {extractor.dropped_one_offs} one-off "
          f"requests dropped, {customer / seconds:.0f} customer turns/s")
    print("   by relation:", dict(Counter(f.relation for f in facts).most_common()))
    print("   by temporal status:", dict(Counter(f.temporal_status for f in facts).most_common()))


def locomo_turns(path: Path) -> list[tuple[str, str, datetime | None]]:
    """(speaker, text, session date) of every turn of a LoCoMo conversation, in order."""
    document = json.loads(path.read_text())
    conversation = document.get("conversation", document)
    turns = []
    number = 1
    while f"session_{number}" in conversation:
        said = _locomo_date(conversation.get(f"session_{number}_date_time", ""))
        turns += [(t["speaker"], t["text"], said) for t in conversation[f"session_{number}"]]
        number += 1
    return turns


def _locomo_date(text: str) -> datetime | None:
    try:
        return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
    except ValueError:
        return None


def locomo_report(root: Path, sample: int) -> None:
    """Personal chat: facts per LoCoMo conversation (role "user", the speaker's name as the person), by relation,
    status and kind, and a sample with quotes. Before the personal frames: 0 facts in either conversation."""
    from archivist.tasks.extract import LocalExtractor, TurnContext

    extractor = LocalExtractor()
    assert extractor.nlp is not None
    rows = []
    for path in sorted((root / "locomo").glob("conv-*.json")):
        turns = locomo_turns(path)
        contexts = [TurnContext(f"{path.stem}:{i}", "locomo", path.stem, speaker, "user", text, said)
                    for i, (speaker, text, said) in enumerate(turns)]
        started = time.perf_counter()
        facts = [f for batch in extractor.extract(contexts) for f in batch]
        seconds = time.perf_counter() - started
        print(f"\n== LoCoMo {path.stem}: {len(turns)} turns, {len(facts)} facts "
              f"({len({f.source_turn_id for f in facts})} turns with a fact), {len(turns) / seconds:.0f} turns/s")
        print("   by relation:", dict(Counter(f.relation for f in facts).most_common()))
        print("   by temporal status:", dict(Counter(f.temporal_status for f in facts).most_common()),
              "by kind:", dict(Counter(f.kind for f in facts).most_common()))
        rows += facts
    random.Random(7).shuffle(rows)
    print(f"\n   {sample} random LoCoMo facts (relation | status | kind | text | quote):")
    for fact in rows[:sample]:
        print(f"   - {fact.relation} | {fact.temporal_status} | {fact.kind} | {fact.text} | \"{fact.quote}\"")


def ingest(folder: Path, store: Path, stage: str):
    from archivist.configs import load_settings
    from archivist.flows.ingest import run_ingest

    settings = load_settings(store__uri=str(store))
    assert (settings.decisions.provider, settings.llm.provider) == ("local", "none"), "the embedded defaults"
    return run_ingest([str(folder)], settings, stage=stage)


def stored_report(store_path: Path, sample: int) -> None:
    import polars as pl

    from archivist.storage import Store
    from archivist.storage.events import read_events

    store = Store(str(store_path))
    facts = store.read("facts").drop("vector")
    events = read_events(store)
    active = facts.filter(pl.col("status") == "active")
    requests = active.filter(pl.col("quote").map_elements(lambda q: bool(REQUEST.search(q)), return_dtype=pl.Boolean))
    closed = events.filter(pl.col("kind").is_in(["fact_closed", "plan_closed"]))
    print(f"\n== SGD dev stored: {facts.height} facts, {active.height} active, "
          f"{facts.filter(pl.col('status') == 'tentative').height} tentative, "
          f"{facts.filter(pl.col('status') == 'closed').height} closed")
    share = requests.height / active.height if active.height else 0.0
    print(f"   active facts whose quote is a request to the agent: {requests.height} ({share:.1%}; goal < 5%)")
    # The quote is the whole sentence: "I just got a new job in a new city and I need to find an apartment" holds a
    # request and a durable fact. What the stored fact itself says is the narrower judge: a request stored as a fact.
    stated = active.filter(pl.col("text").map_elements(lambda t: bool(REQUEST.search(t)), return_dtype=pl.Boolean))
    print(f"   active facts whose own text is a request: {stated.height} "
          f"({stated.height / active.height if active.height else 0.0:.1%})")
    print(f"   facts closed by later statements: {closed.height} "
          f"(fact_closed {closed.filter(pl.col('kind') == 'fact_closed').height}, "
          f"plan_closed {closed.filter(pl.col('kind') == 'plan_closed').height})")
    print("   active by relation:", dict(Counter(active["relation"].to_list()).most_common()))
    rows = facts.rows(named=True)
    random.Random(7).shuffle(rows)
    print(f"\n   {sample} random stored facts (status | relation | text | quote):")
    for row in rows[:sample]:
        print(f"   - {row['status']} | {row['relation']} | {row['text']} | \"{row['quote']}\"")
    if requests.height:
        print("\n   active facts judged one-off requests:")
        for row in requests.rows(named=True)[:10]:
            print(f"   - {row['text']} | \"{row['quote']}\"")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="/work/shared/data")
    parser.add_argument("--dialogues-per-customer", type=int, default=6)
    parser.add_argument("--skip-ingest", action="store_true")
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--locomo-only", action="store_true", help="only the LoCoMo personal-chat section")
    args = parser.parse_args()
    root = Path(args.data)
    locomo_report(root, args.sample)
    if args.locomo_only:
        return
    dialogues = sgd_dialogues(root)
    sgd = [("customer" if t["speaker"] == "USER" else "agent", t["utterance"]) for d in dialogues for t in d["turns"]]
    extraction_only("SGD dev", sgd)
    extraction_only("ABCD sample", abcd_turns(root))
    if args.skip_ingest:
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sgd-archive"
        turns = write_sgd_archive(dialogues, folder, args.dialogues_per_customer)
        ingest(folder, Path(tmp) / "warmup", "turns")  # Prefect's server start, paid once
        only_turns = ingest(folder, Path(tmp) / "turns-only", "turns")
        whole = ingest(folder, Path(tmp) / "whole", "all")
        turn_rate = only_turns.records_read / only_turns.seconds
        whole_rate = whole.records_read / whole.seconds
        print(f"\n== SGD dev ingested: {turns} turns, {whole.facts_extracted} facts extracted, "
              f"{whole.decisions} decisions")
        print(f"   turns only: {turn_rate:.0f} turns/s; whole write path: {whole_rate:.0f} turns/s; "
              f"ratio {whole_rate / turn_rate:.2f} (goal >= 0.20)")
        stored_report(Path(tmp) / "whole", args.sample)


if __name__ == "__main__":
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    sys.exit(main())
