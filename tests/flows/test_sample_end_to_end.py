"""The bundled sample end to end with the embedded defaults: the facts it changes are closed, the traps are not.

One ingest of data/sample through the real flow (local extractor, local decision model, local embedder), then
one re-ingest; every test reads that store and checks it against data/sample_truth.json. Truth items are
matched to stored statements by where they were said (tenant, scope, conversation, turn) and the sentence they
quote; when a turn holds several facts, the truth's object picks one. A statement that was linked to a fact
it repeats has no row of its own: it is found through its `link_made` event, which names its source turn.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from archivist.flows.ingest import IngestSummary, run_ingest
from archivist.storage import Store
from archivist.storage.events import read_events, replay_facts
from archivist.storage.turns import table_counts
from archivist.tasks.ingest.privacy import load_privacy
from tests.fakes.environment import embedded_settings

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "data" / "sample"
TRUTH = json.loads((REPO / "data" / "sample_truth.json").read_text())
CUSTOMERS = TRUTH["customers"]
CLOSING = ("fact_closed", "plan_closed")


@dataclass
class SampleRun:
    store: Store
    first: IngestSummary
    second: IngestSummary
    counts_before: dict[str, Any]
    counts_after: dict[str, Any]
    facts: pl.DataFrame = field(init=False)
    events: pl.DataFrame = field(init=False)
    turns: pl.DataFrame = field(init=False)

    def __post_init__(self) -> None:
        self.facts = self.store.read("facts")
        self.events = read_events(self.store)
        self.turns = self.store.read("turns", columns=["turn_id", "tenant", "scope", "conversation_id",
                                                       "turn_index"])


@pytest.fixture(scope="module")
def sample(prefect_api, tmp_path_factory) -> SampleRun:
    root = tmp_path_factory.mktemp("sample-e2e")
    with pytest.MonkeyPatch.context() as env:
        # The same isolation as conftest's autouse fixture, which a module-scoped fixture cannot use.
        settings = embedded_settings(env, root)
        first = run_ingest([str(SAMPLE)], settings)
        before = table_counts(Store(settings.store.uri))
        second = run_ingest([str(SAMPLE)], settings)
        after = table_counts(Store(settings.store.uri))
    return SampleRun(Store(settings.store.uri), first, second, before, after)


# -- matching truth items to what the store holds ---------------------------------------------------------


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9@#]+", text.lower().replace("\u2019", "'"))


@dataclass(frozen=True)
class Found:
    """Where a truth fact ended up: its own row, or a link on the fact it repeats."""

    truth_id: str
    statement_ids: frozenset[str]
    row: dict[str, Any] | None
    linked_to: str | None

    @property
    def holder(self) -> str | None:
        """The fact that stands for this statement in the store."""
        return self.row["fact_id"] if self.row else self.linked_to

    @property
    def status(self) -> str:
        return self.row["status"] if self.row else ("linked" if self.linked_to else "missing")


def find(run: SampleRun, customer: dict, item: dict) -> Found:
    turn = run.turns.filter((pl.col("tenant") == customer["tenant"]) & (pl.col("scope") == customer["scope"])
                            & (pl.col("conversation_id") == item["conversation_id"])
                            & (pl.col("turn_index") == item["turn_index"]))
    assert turn.height == 1, f"{item['fact_id']}: its turn was not stored"
    turn_id = turn["turn_id"][0]
    # The truth quotes the archive; credentials in it are stored masked (tasks/ingest/privacy.py).
    quote = " ".join(_words(load_privacy().mask(item["quote"])[0]))
    rows = [r for r in run.facts.filter(pl.col("source_turn_id") == turn_id).iter_rows(named=True)
            if quote in " ".join(_words(r["quote"]))]
    # Several facts of one sentence: the one whose object shares most words with the truth's object.
    wanted = set(_words(item["object"]))
    rows.sort(key=lambda r: -len(wanted & set(_words(f"{r['object']} {r['text']}"))))
    if rows:
        return Found(item["fact_id"], frozenset({rows[0]["fact_id"]}), rows[0], None)
    links = [(r["fact_id"], json.loads(r["detail"])) for r in run.events.filter(pl.col("kind") == "link_made")
             .iter_rows(named=True) if json.loads(r["detail"]).get("source_turn_id") == turn_id]
    if links:
        return Found(item["fact_id"], frozenset(d["statement_id"] for _, d in links), None, links[0][0])
    return Found(item["fact_id"], frozenset(), None, None)


@pytest.fixture(scope="module")
def found(sample) -> dict[str, Found]:
    return {item["fact_id"]: find(sample, customer, item) for customer in CUSTOMERS for item in customer["facts"]}


def cases(key: str, name: str):
    """Parametrize over one list of every customer's truth, each case named by its `name` field."""
    entries = [entry for customer in CUSTOMERS for entry in customer[key]]
    return pytest.mark.parametrize(key, entries, ids=[entry[name] for entry in entries])


# -- what the sample changes, and what it must not -----------------------------------------------------------


def test_every_truth_fact_but_a_trap_is_found(found):
    # A trap need not be stored at all: the embedded extractor skips conditionals ("If I moved to London").
    traps = {trap["fact_id"] for customer in CUSTOMERS for trap in customer["traps"]}
    missing = sorted(truth_id for truth_id, f in found.items() if f.status == "missing")
    assert set(missing) <= traps and len(missing) < len(traps)


@cases("supersessions", "by")
def test_a_supersession_closes_the_old_fact_and_keeps_the_new_one(found, supersessions):
    old, new = found[supersessions["closes"]], found[supersessions["by"]]
    assert (new.status, old.status) == ("active", "closed")
    assert old.row["closed_reason"] == "belief" and old.row["superseded_by"] == new.holder


@cases("traps", "fact_id")
def test_a_trap_closes_nothing_it_must_not(sample, found, traps):
    trap = traps
    statement = found[trap["fact_id"]]
    expected_closed = {p for customer in CUSTOMERS for p in customer["expected_closed"]}
    for protected_id in trap["must_not_close"]:
        protected = found[protected_id]
        closes = sample.events.filter(pl.col("kind").is_in(CLOSING) & (pl.col("fact_id") == protected.holder)
                                      & pl.col("cause_id").is_in(sorted(statement.statement_ids)))
        assert closes.is_empty(), f"{trap['fact_id']} closed {protected_id}"
        # And nothing else closed it unless the truth says a later fact does.
        assert protected.status == "closed" if protected_id in expected_closed else protected.status == "active"


@cases("duplicates", "fact_id")
def test_a_duplicate_is_linked_and_stores_no_second_text(found, duplicates):
    repeat, original = found[duplicates["fact_id"]], found[duplicates["same_as"]]
    assert repeat.row is None, f"{duplicates['fact_id']} was stored as a fact of its own"
    assert repeat.linked_to == original.holder and original.status == "active"
    assert repeat.statement_ids <= set(original.row["same_as"])


@cases("plans", "plan")
def test_a_plan_closes_when_it_happened_or_was_called_off_and_stays_open_otherwise(found, plans):
    plan = plans
    stored = found[plan["plan"]]
    assert stored.row is not None
    if plan["outcome"] == "no_follow_up":
        assert stored.status == "active"
        return
    evidence = found[plan["evidence"]]
    assert stored.status == "closed" and stored.row["superseded_by"] == evidence.holder
    # A plan that happened is closed by the plan_fulfilled question; one called off by evidence against it.
    assert stored.row["closed_reason"] == ("fulfilled" if plan["outcome"] == "happened" else "belief")


@pytest.mark.parametrize("customer", CUSTOMERS, ids=lambda c: f"{c['tenant']}/{c['scope']}")
def test_each_customer_ends_with_the_expected_active_and_closed_facts(found, customer):
    active, closed = customer["expected_active"], customer["expected_closed"]
    assert {i: found[i].status for i in active} == {i: "active" for i in active}
    assert {i: found[i].status for i in closed} == {i: "closed" for i in closed}


def test_likes_have_many_values_and_all_stay_active(found):
    likes = [item["fact_id"] for customer in CUSTOMERS for item in customer["facts"]
             if item["relation"] in TRUTH["relations_with_cardinality_many"]]
    assert len(likes) >= 3
    assert {i: found[i].status for i in likes} == {i: "active" for i in likes}


@cases("sensitive", "fact_id")
def test_sensitive_data_is_flagged(found, sensitive):
    stored = found[sensitive["fact_id"]]
    assert stored.row is not None and stored.row["sensitivity"] not in (None, "none")


def test_no_truth_fact_is_closed_unless_the_truth_closes_it(found):
    expected = {i for customer in CUSTOMERS for i in customer["expected_closed"]}
    closed = {i for i, f in found.items() if f.status == "closed"}
    assert closed <= expected


# -- re-running and replaying ---------------------------------------------------------------------------------


def test_re_ingesting_the_sample_changes_no_count_but_runs(sample):
    before, after = sample.counts_before, sample.counts_after
    assert {k: v for k, v in after.items() if k != "runs"} == {k: v for k, v in before.items() if k != "runs"}
    assert (before["runs"], after["runs"]) == (1, 2)
    assert sample.first.facts_extracted > 0 and sample.first.decisions > 0
    assert (sample.second.turns_written, sample.second.facts_extracted, sample.second.decisions) == (0, 0, 0)


def test_replaying_the_events_rebuilds_the_facts_table_exactly(sample):
    stored = sample.facts.drop("vector").sort("fact_id")
    rebuilt = replay_facts(sample.events)
    assert rebuilt.schema == stored.schema
    assert rebuilt.equals(stored)
    assert stored.height > 0 and stored.filter(pl.col("status") == "closed").height > 0
