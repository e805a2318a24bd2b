import json

import pytest
from typer.testing import CliRunner

from archivist.exits import ExitCode, ingest_outcome
from archivist.flows.cli import app
from tests.archives import BAD_LINES, write_archive
from tests.fakes.fixtures import fake_systemone  # noqa: F401

runner = CliRunner()


def facts_not_stored(store: str) -> int:
    """Extracted facts linked to an existing one (no second text) or dropped as not worth remembering."""
    from archivist.storage import Store

    events = Store(store).read("events")
    return 0 if events.is_empty() else events.filter(events["kind"].is_in(["link_made", "fact_dropped"])).height


@pytest.mark.slow
def test_ingest_then_stats_and_quarantine(prefect_api, tmp_path):
    valid = write_archive(tmp_path / "night" / "chats.jsonl", scopes=2, conversations=1, turns=4,
                          bad_lines=BAD_LINES)
    store = str(tmp_path / "store")
    # 3 bad lines in 11 is over the default 5% share that makes a run partial (exit 3): allowed here.
    result = runner.invoke(app, ["ingest", str(tmp_path / "night"), "--store", store, "--json",
                                 "--max-quarantine-share", "0.5"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["turns_written"] == valid and summary["quarantined"] == len(BAD_LINES)

    stats = json.loads(runner.invoke(app, ["stats", "--store", store, "--json"]).output)
    assert set(stats) == {"turns", "facts", "decisions", "events", "quarantine", "runs"}
    assert (stats["turns"], stats["quarantine"], stats["runs"]) == (valid, len(BAD_LINES), 1)
    # The archive's customer turns state facts, so the write path ran and recorded its decisions.
    assert sum(stats["facts"].values()) == summary["facts_extracted"] - facts_not_stored(store) > 0
    assert stats["decisions"] > 0 and stats["events"] >= sum(stats["facts"].values())

    shown = runner.invoke(app, ["quarantine", "--store", store, "--json"])
    listed = json.loads(shown.output)  # one object: the records shown, how many, of how many
    reasons = [record["reason"] for record in listed["records"]]
    assert len(reasons) == 3 and any("unparseable JSON" in r for r in reasons)
    assert (listed["shown"], listed["total"]) == (3, 3)


def test_stats_of_an_empty_store_counts_zero(tmp_path):
    from archivist.storage import Store
    from archivist.storage.turns import ensure_ingest_tables

    ensure_ingest_tables(Store(str(tmp_path / "empty")), 256)  # a store nothing was ingested into yet
    result = runner.invoke(app, ["stats", "--store", str(tmp_path / "empty"), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["turns"] == 0


def run_main(capsys, *args: str) -> tuple[int, list[str]]:
    """`archivist ARGS` through `main()`, as the console command runs it: exit code and stderr lines."""
    from archivist.flows.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    return exit_.value.code, capsys.readouterr().err.strip().splitlines()


# Only `ingest` creates a store: every other command refuses a path that holds none, in one line (exit 2).
@pytest.mark.parametrize("command", [["stats"], ["quarantine"], ["costs"], ["consolidate"],
                                     ["rescore", "--model", "m2"], ["rescore", "--model", "m2", "--dry-run"],
                                     ["reembed", "--embedder", "local"]])
def test_commands_other_than_ingest_refuse_a_store_path_that_holds_no_store_and_create_nothing(
        tmp_path, capsys, command):
    typo = tmp_path / "sotre"
    code, err = run_main(capsys, *command, "--store", str(typo))
    assert code == ExitCode.USER_ERROR == 2
    assert len(err) == 1 and "no archivist store" in err[0] and "archivist ingest" in err[0], err
    assert not typo.exists()
    (tmp_path / "folder").mkdir()
    code, err = run_main(capsys, *command, "--store", str(tmp_path / "folder"))
    assert code == 2 and len(err) == 1 and "holds no archivist tables" in err[0], err
    assert list((tmp_path / "folder").iterdir()) == []


def test_missing_archive_path_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["ingest", str(tmp_path / "nope"), "--store", str(tmp_path / "s")])
    assert result.exit_code != 0
    assert "no such file or folder" in result.output


@pytest.mark.slow
def test_replay_fails_clearly_on_a_cache_miss_and_calls_nothing(prefect_api, tmp_path, fake_systemone, monkeypatch):
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-replay-0000")
    monkeypatch.setenv("ARCHIVIST_DECISIONS__PROVIDER", "systemone")
    monkeypatch.setenv("ARCHIVIST_DECISIONS__BASE_URL", fake_systemone.url)
    monkeypatch.setenv("ARCHIVIST_DECISIONS__MODEL", "jev-1.13.0")
    write_archive(tmp_path / "night.jsonl", scopes=1, conversations=1, turns=2)
    result = runner.invoke(app, ["ingest", str(tmp_path / "night.jsonl"), "--store", str(tmp_path / "s"),
                                 "--replay"])
    assert result.exit_code != 0
    assert "cache" in str(result.exception).lower()
    assert fake_systemone.count(path="/v1/systemone") == 0


# -- exit codes a scheduler can act on ----------------------------------------------------------------------


def ingest_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["ingest", *args, "--json"])
    lines = [line for line in result.output.strip().splitlines() if line.startswith("{")]
    assert lines, result.output
    return result.exit_code, json.loads(lines[-1])


def test_the_outcome_of_a_run_follows_its_counts():
    def outcome(**changes):
        counts = {"files_read": 2, "records_read": 100, "valid": 95, "quarantined": 5, "files_unreadable": 0,
                  "max_quarantine_share": 0.05}
        return ingest_outcome(**(counts | changes)).code

    assert outcome() == ExitCode.SUCCESS  # exactly at the share is not over it
    assert outcome(quarantined=6, valid=94) == ExitCode.PARTIAL
    assert outcome(files_unreadable=1) == ExitCode.PARTIAL
    assert outcome(decisions=10, fallback_decisions=6, max_fallback_share=0.5) == ExitCode.PARTIAL
    assert outcome(budget_stopped=True) == ExitCode.PARTIAL
    # A deferred turn is work left undone: partial at the default --max-fallback-share (1.0, otherwise off).
    deferred = ingest_outcome(**({"files_read": 2, "records_read": 100, "valid": 100, "quarantined": 0,
                                  "files_unreadable": 0, "max_quarantine_share": 0.05, "decisions": 40,
                                  "deferred_turns": 3}))
    assert deferred.code == ExitCode.PARTIAL and "3 turn(s) were deferred" in deferred.reasons[0]
    assert outcome(deferred_turns=0) == ExitCode.SUCCESS
    assert outcome(valid=0, quarantined=100) == ExitCode.NOTHING_STORED
    assert outcome(files_read=0, records_read=0, valid=0, quarantined=0) == ExitCode.NO_INPUT
    # 213 extraction failures count in `quarantined`, so they make a run partial like bad records do.
    assert outcome(records_read=1000, valid=1000, quarantined=213) == ExitCode.PARTIAL


@pytest.mark.slow
def test_ingest_exit_codes(prefect_api, tmp_path):
    store = str(tmp_path / "store")
    (tmp_path / "nothing").mkdir()
    (tmp_path / "nothing" / "README.md").write_text("# not an archive")
    code, summary = ingest_json(str(tmp_path / "nothing"), "--store", store, "--stage", "turns")
    assert (code, summary["files_read"], summary["files_skipped"]) == (ExitCode.NO_INPUT, 0, 1)

    write_archive(tmp_path / "bad" / "chats.jsonl", scopes=0, bad_lines=BAD_LINES)
    code, summary = ingest_json(str(tmp_path / "bad"), "--store", store, "--stage", "turns")
    assert (code, summary["quarantined"], summary["turns_written"]) == (ExitCode.NOTHING_STORED, 3, 0)

    valid = write_archive(tmp_path / "partial" / "chats.jsonl", scopes=2, conversations=1, turns=4,
                          bad_lines=BAD_LINES[:1])
    code, summary = ingest_json(str(tmp_path / "partial"), "--store", store, "--stage", "turns")
    assert (code, summary["turns_written"], summary["quarantined"]) == (ExitCode.PARTIAL, valid, 1)
    assert summary["why"] and "quarantined" in summary["why"][0]
    code, summary = ingest_json(str(tmp_path / "partial"), "--store", store, "--stage", "turns",
                                "--max-quarantine-share", "0.2")
    assert (code, summary["duplicates_skipped"]) == (ExitCode.SUCCESS, valid)  # a re-run adds nothing: success

    (tmp_path / "partial" / "broken.parquet").write_bytes(b"")
    code, summary = ingest_json(str(tmp_path / "partial"), "--store", store, "--stage", "turns",
                                "--max-quarantine-share", "0.5")
    assert (code, summary["files_unreadable"]) == (ExitCode.PARTIAL, 1)
    assert "broken.parquet" in summary["unreadable"][0]


SECRETS = {
    "card": "4242 4242 4242 4242",
    "expiry": "11/29",
    "cvv": "737",
    "password": "Sunflower#2026",
    "pin": "4821",
    "otp": "590114",
    "api_key": "sk-proj-Xa81bQk29LmZ0pP7rT3v",
}
ORDER_NUMBER = "1234 5678 9012 3456"  # 16 digits, fails Luhn: not a card, kept as said
STORED_AS = {"card": SECRETS["card"], "card digits": SECRETS["card"].replace(" ", ""), "expiry": "11/29",
             "cvv": "CVV is 737", "password": SECRETS["password"], "pin": "PIN is 4821",
             "otp": "code is 590114", "api_key": SECRETS["api_key"]}


def secret_archive(path) -> None:
    texts = [
        f"I want to pay now. My card number is {SECRETS['card']}, expiry {SECRETS['expiry']}.",
        f"The CVV is {SECRETS['cvv']}.",
        f"My account password is {SECRETS['password']} and it says it is wrong.",
        f"My PIN is {SECRETS['pin']} but it does not work.",
        f"The one-time code is {SECRETS['otp']}.",
        f"Our API key is {SECRETS['api_key']} if that helps.",
        f"My order number is {ORDER_NUMBER} and it has not arrived.",
    ]
    lines = [json.dumps({"tenant": "acme", "scope": "cust-7", "conversation_id": "c1", "turn_index": i,
                         "speaker": "Grace", "role": "customer", "text": text,
                         "said_at": f"2026-10-12T10:{i:02d}:00Z"}) for i, text in enumerate(texts)]
    # A rejected line carries a secret as well: its raw text is stored in quarantine.
    lines.append(json.dumps({"tenant": "acme", "scope": "cust-7", "conversation_id": "c1", "turn_index": 99,
                             "role": "customer", "text": f"card {SECRETS['card']}", "said_at": "yesterday"}))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")


def grep_store(folder, needle: str) -> list[str]:
    from pathlib import Path

    return [str(p) for p in Path(folder).rglob("*") if p.is_file() and needle.encode() in p.read_bytes()]


@pytest.mark.slow
def test_credentials_never_reach_the_store_or_recall_and_an_order_number_does(prefect_api, tmp_path):
    secret_archive(tmp_path / "night" / "chats.jsonl")
    store = str(tmp_path / "store")
    code, summary = ingest_json(str(tmp_path / "night"), "--store", store, "--max-quarantine-share", "0.5")
    assert code == 0 and summary["turns_masked"] == 6 and summary["turns_written"] == 7

    # Short secrets are searched with the words before them: "737" alone occurs by chance in the hex of ids.
    for kind, needle in STORED_AS.items():
        assert grep_store(store, needle) == [], f"the {kind} is stored in clear"
    # The search does see text in Lance files: the tags and the order number are found.
    assert grep_store(store, "[card ending 4242]") and grep_store(store, ORDER_NUMBER)

    recalled = runner.invoke(app, ["recall", "what is the customer's card, password and PIN?", "--tenant", "acme",
                                   "--scope", "cust-7", "--k", "10", "--no-rerank", "--store", store, "--json"])
    assert recalled.exit_code == 0, recalled.output
    # What recall shows is its rendered text and each line's fields; timings and ids are numbers and hashes that
    # can contain a short secret's digits by chance.
    answer = json.loads(recalled.output)
    shown = json.dumps([answer["text"], [[line[k] for k in ("text", "rendered", "quote", "speaker")]
                                        for line in answer["lines"]]])
    assert "[card ending 4242]" in shown and ORDER_NUMBER in shown
    for kind, secret in SECRETS.items():
        assert secret not in shown, f"recall shows the {kind}"


@pytest.mark.slow
def test_extraction_failures_count_as_quarantined_and_no_model_request_holds_a_credential(prefect_api, tmp_path,
                                                                                           monkeypatch):
    from tests.fakes.llm_batches import BatchFakeServer, extraction_replies

    secret_archive(tmp_path / "night" / "chats.jsonl")
    with (tmp_path / "night" / "chats.jsonl").open("a") as out:
        for i in (50, 51):
            out.write(json.dumps({"tenant": "acme", "scope": "cust-7", "conversation_id": "c1", "turn_index": i,
                                  "role": "customer", "text": f"garbled message {i}",
                                  "said_at": "2026-10-12T11:00:00Z"}) + "\n")
    with BatchFakeServer() as server:
        server.knobs.chat_reply = extraction_replies({"garbled": "Sorry, I can't produce JSON today."})
        monkeypatch.setenv("ARCHIVIST_TEST_LLM_KEY", "sk-test-extract-0000")
        monkeypatch.setenv("ARCHIVIST_LLM__PROVIDER", "openai")
        monkeypatch.setenv("ARCHIVIST_LLM__BASE_URL", server.url + "/v1")
        monkeypatch.setenv("ARCHIVIST_LLM__API_KEY_ENV", "ARCHIVIST_TEST_LLM_KEY")
        monkeypatch.setenv("ARCHIVIST_LLM__MAX_ATTEMPTS", "1")
        code, summary = ingest_json(str(tmp_path / "night"), "--store", str(tmp_path / "store"))
        bodies = json.dumps([r.body for r in server.requests])

    assert summary["extraction_failures"] == 2
    assert summary["quarantined"] == summary["records_quarantined"] + 2 == 3
    assert code == ExitCode.PARTIAL and any("quarantined" in why for why in summary["why"])
    assert "garbled message 50" in bodies  # the extractor was asked about the turns
    for kind, needle in STORED_AS.items():
        assert needle not in bodies, f"the {kind} was sent to the LLM"
