"""The extraction gate on conversations nobody on the team wrote: LLM extraction calls skipped, facts lost.

    .venv/bin/python tests/benchmarks/bench_gate.py [--data ../shared/data] [--sgd-dialogues 0 (all)]
                                                    [--thresholds 0.3,0.5,0.7]

Per corpus (SGD dev, dialogues_001-005: USER -> customer, SYSTEM -> agent; LoCoMo conv-26 and conv-30, read
by archivist's own LoCoMo reader), measured in one run:
  - a full extraction: every turn sent to the LLM extractor (the real OpenAI SDK client) against a loopback
    fake chat server whose replies are deterministic: the embedded parse-based extractor's facts for the
    turn's message, as JSON (so "a fact" is what the embedded extractor finds, whatever it makes of the turn,
    agent turns included);
  - the gate (the embedded decision model's `extract_gate` answer, asked through the decision client, 20
    turns per request) and, for each threshold, the share of extraction calls skipped and the facts the full
    extraction found in the skipped turns, and the skipped turns the corpus itself marks as informative (SGD:
    user turns with a slot value span in its annotation; LoCoMo: turns its questions cite as evidence); then
    the gated extraction at the default threshold, whose calls the fake server counts (the turns kept).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))  # for tests.fakes; archivist itself is installed (pip install -e .)

from archivist.configs.settings import LLMSettings, load_settings  # noqa: E402
from archivist.tasks.decisions.client import build_decider  # noqa: E402
from archivist.tasks.extract import LLMExtractor, LocalExtractor, TurnContext, turn_contexts  # noqa: E402
from archivist.tasks.ingest.read import locomo_turn_ids, read_archive  # noqa: E402
from archivist.tasks.writepath.extract_gate import screen  # noqa: E402
from tests.fakes.llm_batches import BatchFakeServer  # noqa: E402

CHAT = "/v1/chat/completions"


def sgd_turns(root: Path, limit: int) -> tuple[list[TurnContext], set[str]]:
    """The turns, and the user turns that carry a slot value in SGD's own annotation (a span of the utterance)."""
    rows, informative = [], set()
    dialogues = [d for path in sorted((root / "sgd").glob("dialogues_*.json")) for d in json.loads(path.read_text())]
    for number, dialogue in enumerate(dialogues[:limit] if limit else dialogues):
        for index, turn in enumerate(dialogue["turns"]):
            user = turn["speaker"] == "USER"
            rows.append({"turn_id": f"sgd-{number}-{index}", "tenant": "sgd", "scope": f"d{number}",
                         "conversation_id": dialogue["dialogue_id"], "turn_index": index,
                         "speaker": "user" if user else "assistant", "role": "customer" if user else "agent",
                         "text": turn["utterance"], "said_at": None})
            if user and any(frame.get("slots") for frame in turn.get("frames", [])):
                informative.add(rows[-1]["turn_id"])
    return turn_contexts(rows), informative


def locomo_turns(root: Path) -> tuple[list[TurnContext], set[str]]:
    """The turns, and the turns LoCoMo's questions cite as the evidence of their answers."""
    files = [root / "locomo" / name for name in ("conv-26.json", "conv-30.json")]
    batches = read_archive([str(f) for f in files], "locomo")
    records = [batch.records for batch in batches if not batch.records.is_empty()]
    evidence = set()
    for path in files:
        ids = locomo_turn_ids(path)
        for question in json.loads(path.read_text()).get("qa", []):
            evidence.update(ids[d] for d in question.get("evidence", []) if d in ids)
    return turn_contexts([row for frame in records for row in frame.iter_rows(named=True)]), evidence


def message_of(prompt: str) -> str:
    """The new message's own text in an extraction prompt (after its "NEW MESSAGE (...):" line)."""
    tail = prompt.rsplit("NEW MESSAGE", 1)[-1]
    return tail.split("\n", 1)[1].strip() if "\n" in tail else ""


def fact_objects(facts) -> list[dict]:
    return [{"subject": f.subject, "relation": f.relation, "object": f.object, "text": f.text, "quote": f.quote,
             "date": None, "entities": list(f.entities)} for f in facts]


def measure(name: str, turns: list[TurnContext], marked: set[str], thresholds: list[float], default: float) -> dict:
    local = LocalExtractor()
    started = time.perf_counter()
    truth = local.extract(turns)  # what the fake LLM answers for each message
    replies = {}
    for turn, facts in zip(turns, truth, strict=True):
        replies.setdefault(turn.text.strip(), json.dumps({"facts": fact_objects(facts)}))
    parse_s = time.perf_counter() - started

    with BatchFakeServer() as server:
        server.knobs.chat_reply = lambda prompt, _text: replies.get(message_of(prompt), '{"facts": []}')
        llm = LLMSettings(provider="openai", model="gpt-4o-mini", base_url=server.url + "/v1", concurrency=16,
                          max_attempts=2, backoff_initial_s=0.01, timeout_s=30)
        started = time.perf_counter()
        full = LLMExtractor(llm, limiter=None).extract(turns)
        full_s = time.perf_counter() - started
        full_calls = server.count(CHAT)
        facts = [len(f) for f in full]

        settings = load_settings(store__uri=tempfile.mkdtemp(prefix="bench-gate-"), gate__threshold=0.0)
        started = time.perf_counter()
        with build_decider(settings) as decider:
            asked = screen(turns, decider, settings, extractor="llm", run_id="bench")
        gate_s = time.perf_counter() - started
        keep = {}
        for request_number, result in enumerate(asked.results):
            for place, answer in enumerate(result.answers.values()):
                keep[turns[request_number * settings.gate.turns_per_request + place].turn_id] = 1 - answer.p("nothing")

        rows = []
        for threshold in thresholds:
            skipped = [i for i, turn in enumerate(turns) if keep[turn.turn_id] < threshold]
            lost = sum(facts[i] for i in skipped)
            rows.append({"threshold": threshold, "skipped": len(skipped), "skip_share": len(skipped) / len(turns),
                         "facts_lost": lost, "lost_share": lost / max(sum(facts), 1),
                         "customer_turns_skipped": sum(1 for i in skipped if turns[i].role in ("customer", "user")),
                         "skipped_with_facts": sum(1 for i in skipped if facts[i]),
                         "marked_skipped": sum(1 for i in skipped if turns[i].turn_id in marked)})

        server.reset()
        kept = [turn for turn in turns if keep[turn.turn_id] >= default]
        LLMExtractor(llm, limiter=None).extract(kept)
        gated_calls = server.count(CHAT)
    roles = Counter(turn.role for turn in turns)
    return {"corpus": name, "turns": len(turns), "roles": dict(roles), "full_calls": full_calls, "marked": len(marked),
            "facts": sum(facts), "turns_with_facts": sum(1 for n in facts if n), "gated_calls": gated_calls,
            "rows": rows, "seconds": {"parse": parse_s, "full_extraction": full_s, "gate": gate_s}}


def report(result: dict, default: float, marked_as: str) -> None:
    print(f"\n{result['corpus']}: {result['turns']} turns {result['roles']}; full extraction: "
          f"{result['full_calls']} calls, {result['facts']} facts in {result['turns_with_facts']} turns")
    print(f"  {'threshold':>9} {'skipped':>8} {'share':>6} {'customer':>8} {'facts lost':>10} {'lost share':>10} "
          f"{'turns w/ facts':>14} {marked_as + ' skipped':>22}")
    for row in result["rows"]:
        mark = " (default)" if row["threshold"] == default else ""
        print(f"  {row['threshold']:>9.2f} {row['skipped']:>8} {row['skip_share']:>6.1%} "
              f"{row['customer_turns_skipped']:>8} {row['facts_lost']:>10} {row['lost_share']:>10.1%} "
              f"{row['skipped_with_facts']:>14} {row['marked_skipped']:>10} of {result['marked']:<8}{mark}")
    saved = 1 - result["gated_calls"] / max(result["full_calls"], 1)
    s = result["seconds"]
    print(f"  gated extraction at {default}: {result['gated_calls']} calls against {result['full_calls']} "
          f"({saved:.1%} fewer), counted by the fake server; gate {s['gate']:.1f} s for {result['turns']} turns, "
          f"full extraction {s['full_extraction']:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(REPO.parent / "shared" / "data"))
    parser.add_argument("--sgd-dialogues", type=int, default=0, help="0: every dialogue of the five files")
    parser.add_argument("--thresholds", default="0.3,0.5,0.7")
    args = parser.parse_args()
    root = Path(args.data)
    default = load_settings().gate.threshold
    thresholds = sorted({float(t) for t in args.thresholds.split(",")} | {default})
    corpora = (("SGD dev", "slot-valued", sgd_turns(root, args.sgd_dialogues)),
               ("LoCoMo conv-26+30", "evidence", locomo_turns(root)))
    for name, marked_as, (turns, marked) in corpora:
        report(measure(name, turns, marked, thresholds, default), default, marked_as)


if __name__ == "__main__":
    main()
