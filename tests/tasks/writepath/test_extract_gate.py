"""The extraction gate: filler gets no LLM extraction call and is recorded; a lower threshold revisits it."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pyarrow as pa
import pytest

from archivist.configs.settings import load_settings, with_overrides
from archivist.storage import schemas
from archivist.storage.extract_skips import SKIPS_TABLE, read_skips
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, extracted_turn_ids, write_turns
from archivist.tasks.decisions.client import build_decider
from archivist.tasks.extract import TurnContext
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.writepath.extract_gate import gate_applies, screen
from archivist.tasks.writepath.partition import commit_facts, decide_partition
from tests.fakes.llm_batches import BatchFakeServer, extraction_replies
from tests.fakes.scripted_decider import ScriptedDecider
from tests.tasks.extract.extract_fakes import MOVE_FACT

FILLER = "ok thanks, bye!"
MOVE = "Hi. I moved to 14 Harbour Street, Leeds last Friday."
CHAT = "/v1/chat/completions"
SAID_AT = datetime(2026, 10, 15, 10, 30, tzinfo=UTC)


@pytest.fixture
def server():
    with BatchFakeServer() as fake:
        fake.knobs.chat_reply = extraction_replies({"moved to 14 Harbour Street": [MOVE_FACT]})
        yield fake


def skip_columns_row(turn_id: str) -> dict:
    """One `extract_skips` row as the gate writes it (without its id and time)."""
    return {"turn_id": turn_id, "tenant": "acme", "scope": "cust-0000", "probability": 0.1, "kind": "nothing",
            "provider": "local", "model": "local-decider-3", "question_id": "extract_gate", "question_version": 1,
            "threshold": 0.5, "extractor": "llm:openai:gpt-4o-mini", "run_id": "r0"}


def llm_settings(tmp_path, server, **overrides):
    return load_settings(store__uri=str(tmp_path / "store"), llm__provider="openai", llm__model="gpt-4o-mini",
                         llm__base_url=server.url + "/v1", llm__max_attempts=2, llm__backoff_initial_s=0.01,
                         **overrides)


def store_turns(settings, texts: list[str]) -> Store:
    store = Store(settings.store.uri)
    embedder = get_embedder(settings)
    ensure_ingest_tables(store, embedder.dim)
    vectors = embedder.embed(texts)
    rows = [{"turn_id": f"t{i}", "tenant": "acme", "scope": "cust-1", "conversation_id": "c1", "turn_index": i,
             "speaker": "Maria", "role": "customer", "text": text, "said_at": SAID_AT, "source_file": "night.jsonl",
             "source_line": i, "run_id": "r0", "vector": vector.tolist()}
            for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))]
    write_turns(store, pa.Table.from_pylist(rows, schema=schemas.turns_schema(embedder.dim)))
    return store


def night(settings, store: Store, run_id: str):
    result = decide_partition(0, [("acme", "cust-1")], settings, run_id, "llm")
    counts = commit_facts(store, result, get_embedder(settings).dim, run_id)
    return result, counts


def chat_messages(server) -> list[str]:
    return [r.body["messages"][-1]["content"].rsplit("NEW MESSAGE", 1)[-1] for r in server.requests
            if r.path == CHAT]


def test_a_filler_turn_gets_no_extraction_call_and_its_skip_is_recorded(tmp_path, server):
    settings = llm_settings(tmp_path, server)
    store = store_turns(settings, [FILLER, MOVE])
    result, counts = night(settings, store, "run-1")
    messages = chat_messages(server)
    assert len(messages) == 1 and MOVE in messages[0]  # the fake LLM never saw the filler
    assert counts["gate_skipped"] == 1 and result.deferred_turns == 0  # a skip is not a deferral
    [skip] = read_skips(store).to_dicts()
    assert (skip["turn_id"], skip["tenant"], skip["scope"], skip["run_id"]) == ("t0", "acme", "cust-1", "run-1")
    assert skip["probability"] < settings.gate.threshold == skip["threshold"]
    assert (skip["provider"], skip["model"], skip["question_id"], skip["question_version"]) == (
        "local", "local-decider-3", "extract_gate", 1)
    assert skip["extractor"] == "llm:openai:gpt-4o-mini"
    # Nothing is lost: each turn is extracted or recorded as skipped, and the skipped one is not marked extracted.
    assert extracted_turn_ids(store, ["t0", "t1"]) == {"t1"}


def test_a_rerun_with_the_same_gate_asks_nothing_again_and_a_lower_threshold_revisits_exactly_the_skip(
        tmp_path, server):
    settings = llm_settings(tmp_path, server)
    store = store_turns(settings, [FILLER, MOVE])
    night(settings, store, "run-1")
    skipped_p = read_skips(store)["probability"][0]

    again, counts = night(settings, store, "run-2")
    assert len(chat_messages(server)) == 1 and counts["gate_skipped"] == 1
    assert store.count(SKIPS_TABLE) == 1  # the same verdict, not a second row

    lower = with_overrides(settings, gate__threshold=skipped_p / 2)
    revisited, counts = night(lower, store, "run-3")
    messages = chat_messages(server)
    assert len(messages) == 2 and FILLER in messages[1]  # only the skipped turn was sent this time
    assert counts["gate_skipped"] == 0 and revisited.turns == 1
    assert extracted_turn_ids(store, ["t0", "t1"]) == {"t0", "t1"}
    assert store.count(SKIPS_TABLE) == 1  # the record of the first verdict stays


def test_another_gate_model_is_asked_again_instead_of_reusing_the_recorded_verdict(tmp_path, server):
    settings = llm_settings(tmp_path, server)
    store = store_turns(settings, [FILLER, MOVE])
    night(settings, store, "run-1")
    keep_everything = ScriptedDecider()
    keep_everything.script("extract_gate:*", {"fact": 0.9, "nothing": 0.1})
    turns = [TurnContext("t0", "acme", "cust-1", "Maria", "customer", FILLER, SAID_AT)]
    outcome = screen(turns, keep_everything, settings, extractor="llm:openai:gpt-4o-mini", run_id="run-2",
                     store=store)
    assert [t.turn_id for t in outcome.kept] == ["t0"] and outcome.asked == 1 and outcome.reused == 0


def test_many_turns_go_in_one_request_and_a_fallback_answer_extracts_the_turn(tmp_path):
    settings = load_settings(store__uri=str(tmp_path / "store"), gate__turns_per_request=3)
    decider = ScriptedDecider()
    decider.script("extract_gate:*", {"nothing": 0.9})
    decider.fail("extract_gate:t1")
    turns = [TurnContext(f"t{i}", "acme", "cust-1", None, "customer", f"turn {i}", None) for i in range(5)]
    outcome = screen(turns, decider, settings, extractor="llm:openai:gpt-4o-mini", run_id="r")
    assert [len(r.questions) for r in decider.requests] == [3, 2]
    assert decider.requests[0].state["targets"]["t2"]["text"] == "turn 2"
    # Targets are keyed by their place in the request: "t1" of the second request is the fifth turn.
    assert [t.turn_id for t in outcome.kept] == ["t1", "t4"] and outcome.fallbacks == 2
    assert sorted(outcome.skips["turn_id"].to_list()) == ["t0", "t2", "t3"]


def test_the_gate_runs_before_llm_extraction_by_default_and_before_the_embedded_one_only_when_asked(tmp_path):
    settings = load_settings(store__uri=str(tmp_path / "store"))
    assert gate_applies(settings, "llm:openai:gpt-4o-mini") and gate_applies(settings, "batch:llm:openai:x")
    assert not gate_applies(settings, "local")
    assert gate_applies(with_overrides(settings, gate__local=True), "local")
    assert not gate_applies(with_overrides(settings, gate__llm=False), "llm:openai:gpt-4o-mini")


def test_the_local_model_answers_the_gate_for_many_turns_in_one_request(tmp_path):
    settings = load_settings(store__uri=str(tmp_path / "store"))
    turns = [TurnContext("a", "acme", "c", None, "customer", text, None)
             for text in ("hello!", "My daughter just started college at NYU and I moved to Boston.")]
    with build_decider(settings) as decider:
        outcome = screen(turns, decider, settings, extractor="llm:x", run_id="r")
    assert outcome.requests == 1
    probabilities = pl.Series([1 - a.p("nothing") for r in outcome.results for a in r.answers.values()])
    assert probabilities[0] < 0.5 < probabilities[1]
