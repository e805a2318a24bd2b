"""A provider storm (429s, 503s, timeouts past every retry) defers decisions; a healthy re-run asks them.

The decider is System One at a fake server on loopback (the real client, the real wire format), with a small
retry budget so a burst exhausts it. The storm starts mid-run, after a few requests were answered, so some
scopes are cut in the middle. The re-run over the same archive, with the storm over, must leave exactly the
facts, event log and decisions of a run that never saw a storm, with no event written twice.
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
from tests.fakes.fixtures import fake_systemone  # noqa: F401
from tests.fakes.scripted_decider import DEFAULTS, spread
from tests.fakes.server import FakeServer

pytestmark = pytest.mark.slow
runner = CliRunner()


def phrase(text: str) -> str:
    return re.sub(r"\s*\(ref [^)]*\)", "", text).strip().lower()


class StormAfter:
    """Scripted System One answers; after `after` requests, one burst of each failure the retry layer sees."""

    def __init__(self, server: FakeServer, after: int | None):
        self.server, self.after, self.served, self.state = server, after, 0, None

    def __call__(self, key: str, question, options: list[str], state) -> dict[str, float]:
        if state is not self.state:  # called once per question: a new state object is a new request
            self.state, self.served = state, self.served + 1
            if self.served == self.after:
                knobs = self.server.knobs
                # Two attempts each: one request is lost to 429s, one to 503s, one to stalls past the timeout.
                knobs.rate_limit_next, knobs.retry_after = 2, "0"
                knobs.fail_next, knobs.fail_status = 2, 503
                knobs.slow_next, knobs.slow_s = 2, 1.5
        question_id, _, target = key.partition(":")
        if question_id in ("relation", "relation_alt"):
            # The same phrase said again is a duplicate: links make the order within a scope matter.
            same = phrase(state["targets"][target]["text"]) == phrase(state["fact"])
            return spread({"duplicate" if same else "new": 0.95}, options)
        option, p = DEFAULTS[question_id]
        return spread({option: p}, options)


@pytest.fixture
def systemone_env(monkeypatch, fake_systemone):  # noqa: F811
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-storm-0000")
    for name, value in {"PROVIDER": "systemone", "BASE_URL": fake_systemone.url, "MODEL": "jev-1.13.0",
                        "MAX_ATTEMPTS": "2", "BACKOFF_INITIAL_S": "0.01", "BACKOFF_MAX_S": "0.02",
                        "TIMEOUT_S": "0.4", "CONCURRENCY": "1"}.items():
        monkeypatch.setenv(f"ARCHIVIST_DECISIONS__{name}", value)
    # One partition, one worker, one request at a time: the storm lands on the same requests every run.
    monkeypatch.setenv("ARCHIVIST_INGEST__WORKERS", "1")
    return fake_systemone


def ingest(archive, store: str, *extra: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["ingest", str(archive), "--store", store, "--partitions", "1", "--json", *extra])
    lines = [line for line in result.output.strip().splitlines() if line.startswith("{")]
    assert lines, result.output
    return result.exit_code, json.loads(lines[-1])


def without_run(values: str | None) -> dict | None:
    return None if values is None else {k: v for k, v in json.loads(values).items() if k != "run_id"}


def store_view(store: str):
    db = Store(store)
    facts = db.read("facts").drop("run_id", "vector").sort("fact_id")
    events = read_events(db).sort("tenant", "scope", "seq")
    log = [(r["tenant"], r["scope"], r["event_id"], r["kind"], r["fact_id"], without_run(r["before"]),
            without_run(r["after"])) for r in events.iter_rows(named=True)]
    decisions = db.read("decisions")
    extracted = sorted(db.read("extracted")["turn_id"].to_list())
    return facts, log, sorted(decisions["decision_id"].to_list()), extracted, decisions


def test_a_storm_then_a_healthy_rerun_asks_the_deferred_decisions(prefect_api, tmp_path, systemone_env):
    server = systemone_env
    archive = tmp_path / "night.jsonl"
    write_archive(archive, scopes=3, conversations=4, turns=6)  # phrases repeat from the third

    server.knobs.answer = StormAfter(server, after=None)
    code, healthy = ingest(archive, str(tmp_path / "healthy"))
    assert code == ExitCode.SUCCESS and healthy["deferred_turns"] == 0 and healthy["fallbacks"] == {}
    want = store_view(str(tmp_path / "healthy"))
    assert want[0].height >= 6 and any(entry[3] == "link_made" for entry in want[1])

    server.reset()
    server.knobs.answer = StormAfter(server, after=4)
    stormy = str(tmp_path / "stormy")
    code, storm = ingest(archive, stormy, "--max-fallback-share", "0.0")
    assert server.statuses()[429] == 2 and server.statuses()[503] == 2
    assert code == ExitCode.PARTIAL and any("fallbacks" in why for why in storm["why"])
    assert any("turn(s) were deferred" in why for why in storm["why"])  # partial whatever the share says
    assert storm["deferred_turns"] > 0 and storm["deferred_statements"] >= 3
    # Three requests failed after every retry: each of their questions is counted, under the provider asked. A
    # statement's request asks six questions or more; the second reading of a pair is a request of one question.
    deferred = storm["deferred_decisions"]
    assert set(deferred) >= {"worth_remembering/systemone", "temporal_status/systemone"}
    assert storm["fallback_decisions"] == 0 and sum(deferred.values()) >= 6 + 2
    facts, _, _, extracted, decisions = store_view(stormy)
    assert 0 < facts.height < want[0].height  # a storm run keeps fewer facts ...
    assert not decisions["fallback"].any()  # ... and records none of the failed calls as an answer
    assert len(extracted) < len(want[3])  # the deferred turns are not marked extracted
    cut = set(facts["scope"].to_list()) & {scope for _, scope, *_ in want[1]}
    assert cut, "the storm should land after some scopes stored facts"

    server.reset()
    server.knobs.answer = StormAfter(server, after=None)
    code, rerun = ingest(archive, stormy)
    assert code == ExitCode.SUCCESS and rerun["deferred_turns"] == 0 and rerun["turns_written"] == 0
    assert rerun["decision_requests"] > 0
    facts, log, decision_ids, extracted, decisions = store_view(stormy)
    assert facts.equals(want[0])
    assert log == want[1]
    assert len({entry[2] for entry in log}) == len(log)  # no event written twice
    assert decision_ids == want[2] and len(set(decision_ids)) == len(decision_ids)
    assert extracted == want[3]
    assert facts.filter(pl.col("status") == "active").height == want[0].filter(pl.col("status") == "active").height

    server.reset()
    code, again = ingest(archive, stormy)
    assert (code, again["decision_requests"], again["events"]) == (ExitCode.SUCCESS, 0, 0)
    assert server.count(path="/v1/systemone") == 0
