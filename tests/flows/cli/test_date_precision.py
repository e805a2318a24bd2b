"""A fact dated at a partial precision ("back in 2019") keeps that precision in the facts table and shows it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pyarrow as pa
from typer.testing import CliRunner

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.flows.cli import app
from archivist.storage.fact_schemas import facts_schema
from archivist.storage.facts import FACTS_TABLE, commit_partition, ensure_fact_tables, load_partition_state
from archivist.storage.store import Store
from archivist.tasks.extract.types import ExtractedFact, TurnContext
from archivist.tasks.recall.read import _fact_line
from archivist.tasks.writepath.decide import process_new_facts
from archivist.tasks.writepath.partition import _new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM, vector_for

SAID = datetime(2024, 5, 2, 9, 30, tzinfo=UTC)
TEXT = "customer lived in Boston"


def _turn(turn_id: str) -> TurnContext:
    return TurnContext(turn_id=turn_id, tenant="acme", scope="cust-1", speaker="Ana", role="customer",
                       text="Back in 2019 I lived in Boston, now it's Porto.", said_at=SAID)


def _stored(uri: str) -> None:
    contexts = [_turn("t-1"), _turn("t-2")]
    extracted = [[ExtractedFact(subject="customer", relation="address", object="Boston", text=TEXT, quote="",
                                said_at="2019-01-01", date_precision="year")],
                 [ExtractedFact(subject="customer", relation="phone", object="555", text="customer phone is 555",
                                quote="", said_at=SAID.date().isoformat())]]
    made = {"t-1": [vector_for(TEXT)], "t-2": [vector_for("customer phone is 555")]}
    new = _new_facts(contexts, extracted, embedder=None, made=made)
    assert [f.date_precision for f in new] == ["year", None]  # a message-dated fact has no precision of its own
    store = Store(uri)
    state = load_partition_state(store, [("acme", "cust-1")], DIM)
    changes = process_new_facts(new, state, ScriptedDecider(), ScriptedQuestions(), load_thresholds(),
                                load_relations(), run_id="run-dates")
    commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_year_dated_fact_is_stored_and_shown_at_year_precision(tmp_path):
    uri = str(tmp_path / "store")
    _stored(uri)
    table = Store(uri).read(FACTS_TABLE, columns=["text", "date_precision", "valid_from"])
    stored = {row["text"]: row for row in table.iter_rows(named=True)}
    assert stored[TEXT]["date_precision"] == "year"
    assert stored["customer phone is 555"]["date_precision"] is None

    listed = json.loads(_invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--status", "all",
                                "--store", uri, "--json"))["facts"]
    assert {r["text"]: r["date_precision"] for r in listed} == {TEXT: "year", "customer phone is 555": None}
    text = _invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--status", "all", "--store", uri)
    boston = next(line for line in text.splitlines() if "Boston" in line)
    assert "dated 2019 " in boston and "2019-01-01" not in boston
    phone = next(line for line in text.splitlines() if "555" in line)
    assert "dated" not in phone

    fact_id = next(r["fact_id"] for r in listed if r["text"] == TEXT)
    history = _invoke("history", fact_id, "--store", uri)
    assert "dated 2019," in history.splitlines()[1] and "2019-01-01" not in history.splitlines()[1]

    row = next(r for r in table.iter_rows(named=True) if r["text"] == TEXT)
    line = _fact_line({**row, "fact_id": fact_id, "quote": "", "said_at": SAID, "status": "active"})
    assert line.rendered.startswith("[2024-05-02] (2019) customer lived in Boston")


def test_a_store_written_before_the_date_precision_column_gets_it_null_in_old_rows(tmp_path):
    store = Store(str(tmp_path / "old"))
    new = facts_schema(DIM)
    old = pa.schema([f for f in new if f.name not in ("date_precision", "replaces")])
    store.ensure_table(FACTS_TABLE, old)
    row = {f.name: None for f in old}
    row.update(fact_id="f-old", tenant="acme", scope="cust-1", text="old fact", vector=[0.0] * DIM)
    store.table(FACTS_TABLE).add(pa.Table.from_pylist([row], schema=old))
    ensure_fact_tables(store, DIM)  # what every write path does first
    assert store.table(FACTS_TABLE).schema.names == new.names
    rows = store.read(FACTS_TABLE, columns=["fact_id", "date_precision"]).to_dicts()
    assert rows == [{"fact_id": "f-old", "date_precision": None}]
