"""Facts extracted earlier the same night are shown to later turns of the scope (tasks/extract/tonight.py)."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import polars as pl
import pyarrow as pa
import pytest

from archivist.configs.settings import load_settings
from archivist.storage import schemas
from archivist.storage.facts import read_facts
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from archivist.tasks.extract.tonight import SimilarPool, extract_tonight, waves
from archivist.tasks.extract.types import ExtractedFact
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.writepath.partition import commit_facts, decide_partition
from tests.fakes.llm_batches import BatchFakeServer, extraction_replies
from tests.tasks.extract.extract_fakes import SAID_AT, make_turn


def embed(texts):
    return [np.frombuffer(text.ljust(16)[:16].encode(), dtype=np.uint8).astype(np.float32) for text in texts]


class Recording:
    """An extractor that gives one fact per turn and remembers what each turn was shown."""

    name = "llm:fake"

    def __init__(self):
        self.shown: dict[str, tuple[str, ...]] = {}
        self.calls = 0

    def extract(self, turns):
        self.calls += 1
        out = []
        for turn in turns:
            self.shown[turn.turn_id] = turn.similar_facts
            out.append([ExtractedFact(subject="customer", relation="address", object=turn.text, text=turn.text,
                                      quote=turn.text, said_at=None, source_turn_id=turn.turn_id)])
        return out

    def take_problems(self):
        return []


def test_a_later_turn_of_the_night_is_shown_the_facts_of_the_earlier_ones_of_its_scope_only():
    stored = pl.DataFrame({"tenant": ["acme"], "scope": ["a"], "status": ["active"],
                           "text": ["customer lives at 8 Elm Road, York"], "vector": [embed(["stored"])[0].tolist()]})
    first = make_turn("a-1", "customer lives at 14 Harbour Street", scope="a")
    later = make_turn("a-2", "customer lives at 15 Harbour Street", scope="a", said_at=SAID_AT + timedelta(minutes=5))
    other = make_turn("b-1", "customer lives at 3 Bay View", scope="b")
    contexts = [later, other, first]  # any order: waves follow time within each scope
    vectors = {c.turn_id: embed([c.text])[0] for c in contexts}
    extractor = Recording()
    facts, made = extract_tonight(extractor, contexts, SimilarPool(stored), vectors, embed)
    assert extractor.calls == 2  # two waves: each scope's first turns together, then a-2
    assert "customer lives at 14 Harbour Street" in extractor.shown["a-2"]
    assert "customer lives at 8 Elm Road, York" in extractor.shown["a-2"]  # stored facts stay in view
    assert extractor.shown["a-1"] == ("customer lives at 8 Elm Road, York",)
    assert extractor.shown["b-1"] == ()  # another scope's facts are never shown
    assert [[f.source_turn_id for f in fs] for fs in facts] == [["a-2"], ["b-1"], ["a-1"]]
    assert [len(v) for v in made] == [1, 1, 1] and np.array_equal(made[0][0], embed([later.text])[0])


def test_waves_follow_time_within_a_scope_and_are_as_wide_as_the_scopes():
    turns = [make_turn(f"{scope}-{n}", "x", scope=scope, said_at=SAID_AT + timedelta(minutes=n))
             for scope, n in [("a", 2), ("a", 0), ("b", 1), ("a", 1)]]
    assert [[turns[i].turn_id for i in wave] for wave in waves(turns)] == [["a-0", "b-1"], ["a-1"], ["a-2"]]


# -- through the write path, the real SDK against the loopback fake --------------------------------------

HOME = {"subject": "customer", "relation": "address", "object": "8 Elm Road, York",
        "text": "customer lives at 8 Elm Road, York", "quote": "I live at 8 Elm Road, York", "date": None,
        "entities": ["8 Elm Road", "York"]}
MOVED = {"relation": "address", "object": "14 Harbour Street, Leeds",
         "text": "customer lives at 14 Harbour Street, Leeds", "quote": "14 Harbour Street, Leeds", "date": None,
         "entities": ["14 Harbour Street", "Leeds"]}


@pytest.fixture
def fake():
    with BatchFakeServer() as server:
        server.knobs.chat_reply = extraction_replies({
            "I live at 8 Elm Road": [HOME],
            # A model that leaves the subject to the prompt's person (the old prompt named the agent there).
            "updated your address": [MOVED],
            "Thanks": [],
        })
        yield server


def _settings(tmp_path, server):
    return load_settings(store__uri=str(tmp_path / "store"), llm__provider="openai", llm__model="gpt-4o-mini",
                         llm__base_url=server.url + "/v1", llm__max_attempts=2, llm__backoff_initial_s=0.01,
                         gate__llm=False)


def _night(settings, turns: list[tuple[str, str, str]], day: int, run_id: str) -> Store:
    store = Store(settings.store.uri)
    embedder = get_embedder(settings)
    ensure_ingest_tables(store, embedder.dim)
    vectors = embedder.embed([text for _, _, text in turns])
    said = SAID_AT + timedelta(days=day)
    rows = [{"turn_id": f"{run_id}-t{i}", "tenant": "acme", "scope": "cust-1", "conversation_id": f"c{day}",
             "turn_index": i, "speaker": speaker, "role": role, "text": text, "said_at": said + timedelta(minutes=i),
             "source_file": "night.jsonl", "source_line": i, "run_id": run_id, "vector": vector.tolist()}
            for i, ((speaker, role, text), vector) in enumerate(zip(turns, vectors, strict=True))]
    write_turns(store, pa.Table.from_pylist(rows, schema=schemas.turns_schema(embedder.dim)))
    result = decide_partition(0, [("acme", "cust-1")], settings, run_id, "llm")
    commit_facts(store, result, embedder.dim, run_id)
    return store


def test_an_agent_confirmed_change_is_weighed_against_the_old_customer_fact(tmp_path, fake):
    """The extraction side of "an agent-confirmed change closes the old fact": the confirmed address is a fact
    about the customer, so it meets the stored customer address in the same slot and is asked about as its
    update. Whether one such answer closes the old fact is the belief policy's and the source contracts' call
    (tasks/policy), not extraction's; with the agent named as the subject it never got that far."""
    settings = _settings(tmp_path, fake)
    _night(settings, [("Maria", "customer", "Hi, I live at 8 Elm Road, York.")], 0, "run-1")
    store = _night(settings, [("Maria", "customer", "Please change my address to 14 Harbour Street, Leeds."),
                              ("Sam", "agent", "Done: I've updated your address to 14 Harbour Street, Leeds."),
                              ("Maria", "customer", "Thanks!")], 7, "run-2")
    facts = {row["text"]: row for row in read_facts(store, "acme", "cust-1").iter_rows(named=True)}
    new, old = facts["customer lives at 14 Harbour Street, Leeds"], facts["customer lives at 8 Elm Road, York"]
    assert new["subject"] == old["subject"] == "customer"
    decisions = store.read("decisions")
    [relation] = decisions.filter((decisions["question_id"] == "relation")
                                  & (decisions["subject_fact_id"] == new["fact_id"])).to_dicts()
    assert relation["target_fact_id"] == old["fact_id"] and relation["chosen"] == "update"


def test_a_later_turn_of_the_night_is_shown_the_fact_an_earlier_turn_gave(tmp_path, fake):
    settings = _settings(tmp_path, fake)
    _night(settings, [("Maria", "customer", "Hi, I live at 8 Elm Road, York."),
                      ("Maria", "customer", "Thanks, that is all.")], 0, "run-1")
    [_, later] = [r.body["messages"][-1]["content"] for r in fake.requests if r.path == "/v1/chat/completions"]
    stored = later.split("STORED FACTS MOST SIMILAR TO THE NEW MESSAGE:\n", 1)[1].split("\n\nNEW MESSAGE", 1)[0]
    assert "- customer lives at 8 Elm Road, York" in stored
