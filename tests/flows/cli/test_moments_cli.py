"""One reading of a date on every command line: a bare date D is the start of day D (00:00 UTC).

`facts --as-of D` is the store as it stood when day D began, and `rescore --since D` takes the statements said
from that same instant on, so a statement said during day D is after D for both commands.
"""

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

LEEDS = statement("I live in Leeds", day=0)  # 2024-03-01 09:00 UTC
BERLIN = statement("I moved to Berlin", day=10)  # 2024-03-11 09:00 UTC
SAID_ON = "2024-03-11"  # the day Berlin was said, as a bare date
NEXT_DAY = "2024-03-12"


@pytest.fixture(scope="module")
def store_uri(tmp_path_factory) -> str:
    uri = str(tmp_path_factory.mktemp("moments") / "store")
    store = Store(uri)
    decider = ScriptedDecider()
    decider.script("relation:*", {"update": 0.96}, fact="moved to Berlin", target="live in Leeds")
    state = load_partition_state(store, [("acme", "cust-1")], DIM)
    changes = process_new_facts([LEEDS, BERLIN], state, decider, ScriptedQuestions(), load_thresholds(),
                                load_relations(), run_id="run-moments")
    commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    return uri


def invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def facts_as_of(store_uri: str, moment: str) -> list[str]:
    rows = json.loads(invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--status", "all", "--as-of", moment,
                             "--store", store_uri, "--json"))["facts"]
    return sorted(row["text"] for row in rows)


def rescored_since(store_uri: str, moment: str) -> int:
    """How many decisions `rescore --since` would re-ask (a dry run: no call, no flow)."""
    report = json.loads(invoke("rescore", "--model", "local-decider-3@t=0.7", "--since", moment, "--dry-run",
                               "--store", store_uri, "--json"))
    return report["decisions"]


def test_a_statement_said_during_day_d_is_after_d_for_facts_and_for_rescore(store_uri):
    assert facts_as_of(store_uri, SAID_ON) == ["I live in Leeds"]  # the store as 11 March began
    assert rescored_since(store_uri, SAID_ON) > 0  # Berlin's decisions: said during 11 March
    assert facts_as_of(store_uri, NEXT_DAY) == ["I live in Leeds", "I moved to Berlin"]
    assert rescored_since(store_uri, NEXT_DAY) == 0


def test_a_bare_date_is_the_same_instant_as_its_midnight_in_both_commands(store_uri):
    midnight = SAID_ON + "T00:00:00Z"
    assert facts_as_of(store_uri, SAID_ON) == facts_as_of(store_uri, midnight)
    assert rescored_since(store_uri, SAID_ON) == rescored_since(store_uri, midnight)
    text = invoke("facts", "--tenant", "acme", "--scope", "cust-1", "--as-of", SAID_ON, "--store", store_uri)
    assert "as of 2024-03-11T00:00:00+00:00" in text


def test_an_unreadable_moment_is_a_usage_error_naming_the_forms(store_uri):
    for args in (["facts", "--scope", "cust-1", "--as-of", "March"], ["rescore", "--model", "m", "--dry-run",
                                                                       "--since", "March"]):
        result = CliRunner().invoke(app, [*args, "--store", store_uri])
        assert result.exit_code == 2 and "2026-11-01T14:00" in result.output
