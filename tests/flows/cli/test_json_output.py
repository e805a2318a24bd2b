"""One output convention: every `--json` prints exactly one JSON object on stdout, its keys snake_case (the
labels of nested summaries too); and the read-only commands answer without importing Prefect."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.flows.cli.output import json_text, normalise, snake_key
from tests.archives import BAD_LINES, write_archive

SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
runner = CliRunner()


def label_keys(value: Any, path: str = "") -> list[str]:
    """Every key, at any depth, that is written as a label (a space or parentheses) instead of snake_case."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if re.search(r"[\s()]", key):
                found.append(f"{path}/{key}")
            found += label_keys(item, f"{path}/{key}")
    elif isinstance(value, list):
        for item in value:
            found += label_keys(item, f"{path}[]")
    return found


def one_object(*args: str, code: int = 0) -> dict[str, Any]:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (args, result.output)
    assert result.stdout.count("\n") == 1, (args, result.stdout[:500])  # one line: one object
    document = json.loads(result.stdout)
    assert isinstance(document, dict), args
    assert [key for key in document if not SNAKE.match(key)] == [], args
    assert label_keys(document) == [], args
    return document


def test_labels_become_snake_case_and_data_keys_are_kept():
    assert snake_key("turns dropped (credentials)") == "turns_dropped_credentials"
    assert snake_key("statement not stored") == "statement_not_stored"
    assert snake_key("relation/local-decider-3") == "relation/local-decider-3"  # a question/model pair
    assert snake_key("GPT-4o") == "GPT-4o"  # a model name is data, never renamed
    assert normalise({"counts": {"kept (escalated verdict)": 1}, "rows": [{"a b": 2}]}) == \
        {"counts": {"kept_escalated_verdict": 1}, "rows": [{"a_b": 2}]}


def test_only_an_object_with_snake_case_keys_is_printed():
    with pytest.raises(TypeError, match="one JSON object"):
        json_text([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="snake_case"):
        json_text({"Run": 1})
    assert json.loads(json_text({"files read": 1})) == {"files_read": 1}


@pytest.fixture(scope="module")
def night(prefect_api, tmp_path_factory):
    folder = tmp_path_factory.mktemp("json-night")
    write_archive(folder / "night" / "chats.jsonl", tenants=("acme",), scopes=2, conversations=2, turns=6,
                  bad_lines=BAD_LINES)
    store = str(folder / "store")
    summary = one_object("ingest", str(folder / "night"), "--store", store, "--json", "--max-quarantine-share", "0.9")
    return folder, store, summary


@pytest.mark.slow
def test_every_json_command_prints_one_object_with_snake_case_keys(night):
    night, store, summary = night  # the ingestion's own --json output was checked by one_object
    assert summary["turns_written"] > 0 and summary["quarantined"] == len(BAD_LINES)
    assert {"files_read", "records_read", "turns_dropped", "deferred_decisions", "exit_code"} <= set(summary)

    assert one_object("stats", "--store", store, "--json")["turns"] == summary["turns_written"]
    quarantined = one_object("quarantine", "--store", store, "--limit", "2", "--json")
    assert (len(quarantined["records"]), quarantined["shown"], quarantined["total"]) == (2, 2, len(BAD_LINES))
    assert {"rows", "total"} <= set(one_object("costs", "--store", store, "--json"))
    listed = one_object("facts", "--tenant", "acme", "--scope", "cust-0000", "--status", "all", "--store", store,
                        "--json")
    assert listed["facts"] and listed["total"] == len(listed["facts"])
    history = one_object("history", listed["facts"][0]["fact_id"], "--store", store, "--json")
    assert history["fact_id"] == listed["facts"][0]["fact_id"] and history["events"]
    assert "lines" in one_object("recall", "what do I like", "--tenant", "acme", "--scope", "cust-0000",
                                 "--store", store, "--no-rerank", "--json")
    consolidated = one_object("consolidate", "--store", store, "--json")
    plans = one_object("plan", "list", "--store", store, "--json")
    assert plans["total"] == len(plans["plans"])
    if consolidated.get("plan_id"):
        assert one_object("plan", "show", consolidated["plan_id"], "--store", store, "--json")["plan"]
    assert one_object("rescore", "--model", "local-decider-3@t=0.7", "--dry-run", "--store", store,
                      "--json")["dry_run"] is True
    assert one_object("export", "turns", "--out", str(night / "export"), "--store", store, "--json")["rows"]
    assert len(one_object("serve", "--list", "--store", store, "--json")["deployments"]) == 3


@pytest.mark.slow
def test_quarantine_says_how_many_it_shows_and_filters_by_run_and_time(night):
    _, store, summary = night
    run = summary["run"]
    text = runner.invoke(app, ["quarantine", "--store", store, "--limit", "1"]).output
    assert f"showing 1 of {len(BAD_LINES)}" in text
    assert one_object("quarantine", "--store", store, "--run", run, "--json")["total"] == len(BAD_LINES)
    assert one_object("quarantine", "--store", store, "--run", "another-run", "--json")["records"] == []
    assert one_object("quarantine", "--store", store, "--since", "2999-01-01", "--json")["total"] == 0
    assert one_object("quarantine", "--store", store, "--since", "2000-01-01", "--json")["total"] == len(BAD_LINES)
    assert "nothing quarantined by run another-run" in runner.invoke(
        app, ["quarantine", "--store", store, "--run", "another-run"]).output
    bad = runner.invoke(app, ["quarantine", "--store", store, "--since", "yesterday-ish"])
    assert bad.exit_code == 2 and "--since" in bad.output


READ_COMMANDS = """
import json, sys
from archivist.flows.cli import main
store, fact, plan = sys.argv[1:]
for args in (["stats"], ["facts", "--tenant", "acme", "--scope", "cust-0000"], ["history", fact],
             ["recall", "what do I like", "--tenant", "acme", "--scope", "cust-0000"], ["quarantine"], ["costs"],
             ["plan", "list"], ["plan", "show", plan]):
    try:
        main([*args, "--store", store, "--json"])
    except SystemExit as done:
        assert not done.code, (args, done.code)
heavy = {"prefect", "dask", "distributed", "spacy"}
apis = sorted(m for m in sys.modules if m.startswith("lance_namespace_urllib3_client.api"))
print(json.dumps({"imported": sorted({m.split(".")[0] for m in sys.modules} & heavy), "rest_client_apis": apis}),
      file=sys.stderr)
"""


@pytest.mark.slow
def test_read_commands_import_neither_prefect_nor_dask_nor_spacy(night):
    _, store, _ = night
    fact = json.loads(runner.invoke(app, ["facts", "--tenant", "acme", "--scope", "cust-0000", "--status", "all",
                                          "--store", store, "--json"]).stdout)["facts"][0]["fact_id"]
    plans = one_object("plan", "list", "--store", store, "--json")["plans"]
    plan = plans[0]["plan_id"] if plans else one_object("consolidate", "--store", store, "--json")["plan_id"]
    done = subprocess.run([sys.executable, "-c", READ_COMMANDS, store, fact, plan], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    # Nor the REST client's API modules that `import lancedb` used to run (storage/deferred.py).
    assert json.loads(done.stderr.strip().splitlines()[-1]) == {"imported": [], "rest_client_apis": []}
    assert done.stdout.count("\n") == 8  # each command printed its one object
