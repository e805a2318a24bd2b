"""A spend budget stops a run part way; the next run, without one, finishes exactly the rest.

Two paid stages are stopped: decisions (System One at a fake server on loopback) and LLM extraction (OpenAI
chat completions at the same kind of server), each through the real client and wire format. For each, the
store after "budgeted run, then a run without a budget" must hold the rows of one unbudgeted run on a fresh
store: the same facts, event log, decisions and turns, compared by content (never by run ids).
"""

from __future__ import annotations

import json
import re

import polars as pl
import pytest
from typer.testing import CliRunner

from archivist.exits import ExitCode
from archivist.flows.cli import app
from archivist.storage import Store
from archivist.storage.events import read_events
from tests.archives import write_archive
from tests.fakes.fixtures import fake_server  # noqa: F401
from tests.fakes.llm_batches import extraction_replies
from tests.fakes.scripted_decider import DEFAULTS, spread

pytestmark = pytest.mark.slow
runner = CliRunner()


def phrase(text: str) -> str:
    return re.sub(r"\s*\(ref [^)]*\)", "", text).strip().lower()


def scripted(key: str, question, options: list[str], state) -> dict[str, float]:
    question_id, _, target = key.partition(":")
    if question_id in ("relation", "relation_alt"):
        same = phrase(state["targets"][target]["text"]) == phrase(state["fact"])
        return spread({"duplicate" if same else "new": 0.95}, options)
    option, p = DEFAULTS[question_id]
    return spread({option: p}, options)


FACTS = {
    "moved to 14 Harbour Street": [{"subject": "customer", "relation": "address", "object": "14 Harbour Street, Leeds",
                                    "text": "customer lives at 14 Harbour Street, Leeds",
                                    "quote": "I moved to 14 Harbour Street, Leeds."}],
    "switched to the Pro plan": [{"subject": "customer", "relation": "plan", "object": "Pro plan",
                                  "text": "customer is on the Pro plan", "quote": "I switched to the Pro plan"}],
    "Pixel 8": [{"subject": "customer", "relation": "device", "object": "Pixel 8",
                 "text": "customer's phone is a Pixel 8", "quote": "My new phone is a Pixel 8."}],
}


def ingest(archive, store: str, *extra: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["ingest", str(archive), "--store", store, "--json", *extra])
    lines = [line for line in result.output.strip().splitlines() if line.startswith("{")]
    assert lines, (result.output, repr(result.exception))
    return result.exit_code, json.loads(lines[-1])


def without_run(values: str | None) -> dict | None:
    return None if values is None else {k: v for k, v in json.loads(values).items() if k != "run_id"}


def store_view(store: str) -> dict:
    """Every row the write path leaves, by content: run ids and timings left out."""
    db = Store(store)
    events = read_events(db).sort("tenant", "scope", "seq")
    decisions = db.read("decisions")
    return {
        "facts": db.read("facts").drop("run_id", "vector").sort("fact_id"),
        "events": [(r["tenant"], r["scope"], r["event_id"], r["kind"], r["fact_id"], without_run(r["before"]),
                    without_run(r["after"])) for r in events.iter_rows(named=True)],
        # A request answered in the stopped run for a statement it then deferred is a cache hit when the next
        # run decides it: the decision row says $0, the ledger keeps the one paid call (counted below).
        "decisions": decisions.drop("run_id", "latency_s", "input_tokens", "cost_usd").sort("decision_id"),
        "turns": db.read("turns").drop("run_id", "vector", strict=False).sort("turn_id"),
        "extracted": sorted(db.read("extracted").get_column("turn_id", default=pl.Series([])).to_list()),
    }


def assert_same_rows(got: dict, want: dict) -> None:
    assert got["facts"].equals(want["facts"])
    assert got["events"] == want["events"]
    assert len({entry[2] for entry in got["events"]}) == len(got["events"])  # no event written twice
    assert got["decisions"].equals(want["decisions"])
    assert got["turns"].equals(want["turns"])
    assert got["extracted"] == want["extracted"]


def budget_then_rest(archive, tmp_path, share: float, sent) -> tuple[dict, dict, list[int]]:
    """The unbudgeted run's summary, the summary of a run given `share` of its cost as budget, and `sent()` after
    each of the three runs; asserts that the budgeted run and the one after it leave the unbudgeted run's rows."""
    code, healthy = ingest(archive, str(tmp_path / "healthy"))
    counts = [sent()]
    budget = f"{healthy['spent_usd'] * share:.8f}"
    assert code == ExitCode.SUCCESS and healthy["budget_stopped"] is False and healthy["spent_usd"] > 0
    want = store_view(str(tmp_path / "healthy"))

    budgeted = str(tmp_path / "budgeted")
    code, stopped = ingest(archive, budgeted, "--max-cost-usd", budget)
    counts.append(sent())
    assert code == ExitCode.PARTIAL and stopped["budget_stopped"] is True
    assert any("spend budget" in why for why in stopped["why"])
    assert 0 < stopped["deferred_turns"] and stopped["spent_usd"] >= float(budget)
    assert stopped["spent_usd"] < healthy["spent_usd"]  # the stop saved money
    partial = store_view(budgeted)
    assert partial["turns"].equals(want["turns"])  # every turn is stored whatever the budget ...
    assert len(partial["extracted"]) < len(want["extracted"])  # ... but not every turn is done

    code, rest = ingest(archive, budgeted)
    counts.append(sent())
    assert code == ExitCode.SUCCESS and rest["deferred_turns"] == 0 and rest["turns_written"] == 0
    assert rest["budget_stopped"] is False and "nothing_new" not in rest  # a budget stop never marks a file done
    assert_same_rows(store_view(budgeted), want)
    # Nothing is paid twice: what the stopped run sent comes from its call cache in the next run.
    assert counts[0] < counts[1] < counts[2] == 2 * counts[0]
    code, done = ingest(archive, budgeted)
    assert (code, done.get("nothing_new")) == (ExitCode.SUCCESS, True) and sent() == counts[2]
    return healthy, stopped, counts


def test_a_decision_budget_stops_the_run_and_the_next_run_finishes_exactly_the_rest(prefect_api, tmp_path,
                                                                                     monkeypatch, fake_server):
    fake_server.knobs.answer = scripted
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-budget-0000")
    for name, value in {"PROVIDER": "systemone", "BASE_URL": fake_server.url, "MODEL": "jev-1.13.0",
                        "CONCURRENCY": "2"}.items():
        monkeypatch.setenv(f"ARCHIVIST_DECISIONS__{name}", value)
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=3, conversations=4, turns=6)  # phrases repeat: links make order matter

    healthy, stopped, _ = budget_then_rest(archive, tmp_path, 0.3,
                                           lambda: fake_server.count(path="/v1/systemone"))
    assert stopped["deferred_statements"] > 0 and stopped["turns_not_extracted"] == 0
    assert 0 < stopped["decisions"] < healthy["decisions"]


def test_an_extraction_budget_leaves_whole_scopes_for_the_next_run(prefect_api, tmp_path, monkeypatch, fake_server):
    fake_server.knobs.chat_reply = extraction_replies(FACTS)
    monkeypatch.setenv("ARCHIVIST_TEST_LLM_KEY", "sk-test-budget-0000")
    for name, value in {"PROVIDER": "openai", "MODEL": "gpt-4o-mini", "BASE_URL": fake_server.url + "/v1",
                        "API_KEY_ENV": "ARCHIVIST_TEST_LLM_KEY", "CONCURRENCY": "2"}.items():
        monkeypatch.setenv(f"ARCHIVIST_LLM__{name}", value)
    monkeypatch.setenv("ARCHIVIST_INGEST__WORKERS", "1")  # scopes one after the other: the stop lands mid-archive
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=4, conversations=2, turns=6)

    healthy, stopped, _ = budget_then_rest(archive, tmp_path, 0.4,
                                           lambda: fake_server.count(path="/v1/chat/completions"))
    assert 0 < stopped["turns_not_extracted"] < stopped["records_read"]
    facts = store_view(str(tmp_path / "healthy"))["facts"]
    assert facts.filter(pl.col("relation") == "address").height > 0  # the LLM's facts were kept
