"""The extraction gate inside a real ingest: filler never reaches the LLM, the run is not partial, and a run with
a lower threshold extracts exactly the turns the first one skipped."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from archivist.exits import ExitCode
from archivist.flows.cli import app
from archivist.storage.extract_skips import SKIPS_TABLE, read_skips
from archivist.storage.store import Store
from tests.archives import write_archive
from tests.fakes.llm_batches import BatchFakeServer, extraction_replies

runner = CliRunner()
FILLERS = ["ok thanks, bye!", "hello!", "great, thanks"]
CHAT = "/v1/chat/completions"


def ingest(archive, store: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["ingest", str(archive), "--store", store, "--json"])
    lines = [line for line in result.output.strip().splitlines() if line.startswith("{")]
    assert lines, (result.output, repr(result.exception))
    return result.exit_code, json.loads(lines[-1])


def sent_messages(server) -> list[str]:
    return [r.body["messages"][-1]["content"].rsplit("NEW MESSAGE", 1)[-1] for r in server.requests if r.path == CHAT]


@pytest.mark.slow
def test_skipped_filler_is_recorded_and_a_lower_threshold_extracts_exactly_it(prefect_api, tmp_path, monkeypatch):
    archive = tmp_path / "night.jsonl"
    valid = write_archive(archive, scopes=2, conversations=1, turns=4)
    with archive.open("a", encoding="utf-8") as out:
        for i, text in enumerate(FILLERS):
            out.write(json.dumps({"tenant": "acme", "scope": "cust-0000", "conversation_id": "conv-0",
                                  "turn_index": 10 + i, "speaker": "customer", "role": "customer", "text": text,
                                  "said_at": "2026-10-01T10:00:00+00:00"}) + "\n")
    store = str(tmp_path / "store")
    with BatchFakeServer() as server:
        server.knobs.chat_reply = extraction_replies({})
        monkeypatch.setenv("ARCHIVIST_LLM__PROVIDER", "openai")
        monkeypatch.setenv("ARCHIVIST_LLM__BASE_URL", server.url + "/v1")
        code, first = ingest(archive, store)
        first_sent = sent_messages(server)
        monkeypatch.setenv("ARCHIVIST_GATE__THRESHOLD", "0.0")
        server.reset()
        code_again, second = ingest(archive, store)
        second_sent = sent_messages(server)

    assert code == ExitCode.SUCCESS and first["deferred_turns"] == 0, first["why"]
    skipped = read_skips(Store(store))
    assert first["gate_skipped"] == skipped.height >= len(FILLERS)
    assert not any(filler in message for filler in FILLERS for message in first_sent)
    assert len(first_sent) == valid + len(FILLERS) - skipped.height  # every other turn was extracted once
    # The lower threshold (a changed setting, so the flow runs again) sends exactly the skipped turns.
    assert code_again == ExitCode.SUCCESS and second["gate_skipped"] == 0
    assert len(second_sent) == skipped.height and all(any(f in m for m in second_sent) for f in FILLERS)
    assert Store(store).count(SKIPS_TABLE) == skipped.height
