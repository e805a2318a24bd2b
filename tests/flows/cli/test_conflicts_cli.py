"""`archivist conflicts` and the source lines of `archivist history`, over a store with one vetoed claim."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.flows.cli import app
from archivist.storage.facts import commit_partition, load_partition_state
from archivist.storage.store import Store
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM, statement


def _said(text, day, obj, role, scope="cust-1"):
    fact = statement(text, day=day, relation="plan", obj=obj, subject="customer", scope=scope)
    fact.role, fact.speaker = role, "Sam" if role == "agent" else "Alex"
    return fact


ENTERPRISE = _said("customer is on Enterprise", 0, "Enterprise", "agent")
BASIC = _said("customer is on Basic", 1, "Basic", "customer")


@pytest.fixture(scope="module")
def store_uri(tmp_path_factory) -> str:
    uri = str(tmp_path_factory.mktemp("conflicts") / "store")
    store = Store(uri)
    decider = ScriptedDecider()
    for key in ("relation:*", "relation_alt:*"):
        decider.script(key, {"update": 0.95}, fact="on Basic", target="on Enterprise")
    # A second scope with no conflict: listing by scope must leave it out.
    quiet = _said("customer is on Pro", 0, "Pro", "customer", scope="cust-2")
    state = load_partition_state(store, [("acme", "cust-1"), ("acme", "cust-2")], DIM)
    changes = process_new_facts([ENTERPRISE, BASIC, quiet], state, decider, ScriptedQuestions(), load_thresholds(),
                                load_relations(), run_id="run-cli")
    commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    return uri


def invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_conflicts_lists_each_side_of_the_vetoed_claim(store_uri):
    listed = json.loads(invoke("conflicts", "--tenant", "acme", "--store", store_uri, "--json"))
    pairs = {(c["fact_id"], c["source"], c["other_fact_id"], c["other_source"]) for c in listed["conflicts"]}
    assert pairs == {(ENTERPRISE.fact_id, "agent", BASIC.fact_id, "customer"),
                     (BASIC.fact_id, "customer", ENTERPRISE.fact_id, "agent")}
    assert {c["contract"] for c in listed["conflicts"]} == {"account"}
    assert json.loads(invoke("conflicts", "--scope", "cust-2", "--store", store_uri, "--json"))["total"] == 0
    text = invoke("conflicts", "--scope", "cust-1", "--store", store_uri)
    assert "conflicting: customer says Basic" in text and "2 open conflicts" in text


def test_history_names_the_source_and_the_contract_of_each_change(store_uri):
    text = invoke("history", ENTERPRISE.fact_id, "--store", store_uri)
    assert "source agent (agent, Sam); contract account: add" in text
    assert "conflict_flagged" in text
    assert "source customer (customer, Alex); contract account: supersede (vetoed)" in text


def test_a_store_written_before_the_source_columns_gets_them_appended(tmp_path):
    import pyarrow as pa

    from archivist.storage.fact_schemas import DECISIONS, facts_schema
    from archivist.storage.facts import FACTS_TABLE, add_missing_columns, ensure_fact_tables

    store = Store(str(tmp_path / "old"))
    new = facts_schema(DIM)
    old = pa.schema([f for f in new if f.name not in ("source", "sources", "contract", "conflicts", "date_precision",
                                                  "replaces")])
    store.ensure_table(FACTS_TABLE, old)
    store.ensure_table("decisions", pa.schema([f for f in DECISIONS if f.name != "source"]))
    ensure_fact_tables(store, DIM)  # what every write path does first: opens, no schema error
    assert store.table(FACTS_TABLE).schema.names == new.names
    assert store.table("decisions").schema.names == DECISIONS.names
    assert add_missing_columns(store, FACTS_TABLE, new) == []  # idempotent
