"""The dry-run estimate counts what a run sends: the second reading, only the turns the LLM extractor sends,
and the JSON schema of strict structured output."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from archivist.configs.settings import load_settings
from archivist.ids import canonical_json
from archivist.tasks.extract.prompt import EXTRACTION_SCHEMA, SCHEMA_NAME
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.ingest import estimate
from archivist.tasks.providers.prices import default_prices
from archivist.tasks.providers.tokens import count_tokens


def _turn(i: int, text: str, role: str = "customer") -> TurnContext:
    return TurnContext(turn_id=f"t{i}", tenant="acme", scope="cust-1", speaker="Ana", role=role, text=text,
                       said_at=datetime(2024, 3, i + 1, tzinfo=UTC))


def test_a_fact_with_an_earlier_one_of_its_slot_gets_relation_questions_and_a_second_reading():
    settings = load_settings(decisions__provider="systemone", decisions__model="jev-1.13.0")
    alone = estimate._decisions([_turn(0, "I live in Leeds.")], settings, default_prices(), estimate.IngestEstimate())
    both = estimate._decisions([_turn(0, "I live in Leeds."), _turn(1, "I moved to Berlin last week.")], settings,
                               default_prices(), estimate.IngestEstimate())
    assert alone.requests == 1
    assert both.requests == 3  # Berlin's questions with relation:c1, then its relation_alt request of its own
    per_question = int(estimate.assumptions()["decision_output_tokens_per_question"])
    assert both.output_tokens - 2 * alone.output_tokens == 2 * per_question  # relation:c1 and relation_alt:c1


def test_the_json_schema_of_strict_output_is_counted_per_request():
    turns = [_turn(0, "I live in Leeds."), _turn(1, "My dog is called Rex.")]
    strict = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__structured_output=True)
    loose = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", llm__structured_output=False)
    with_schema = estimate._extraction(turns, strict, "openai", False, None, default_prices())
    without = estimate._extraction(turns, loose, "openai", False, None, default_prices())
    schema = count_tokens(canonical_json({"name": SCHEMA_NAME, "schema": EXTRACTION_SCHEMA}))
    assert with_schema.input_tokens - without.input_tokens == 2 * schema > 0
    assert with_schema.cost_usd > without.cost_usd


def test_system_and_tool_turns_are_not_counted_as_extraction_requests(tmp_path, monkeypatch):
    archive = tmp_path / "night" / "chats.jsonl"
    archive.parent.mkdir()
    rows = [("customer", "Ana", "I moved to Berlin last week and my new number is 555 0101."),
            ("agent", "Sam", "Thanks Ana, I have updated your address to Berlin."),
            ("system", "system", "Customer verified by SMS code. Ticket moved to queue B."),
            ("tool", "crm", "address_update(customer=Ana, city=Berlin) -> ok")]
    archive.write_text("".join(json.dumps({
        "tenant": "acme", "scope": "cust-1", "conversation_id": "conv-1", "turn_index": i, "speaker": speaker,
        "role": role, "text": text, "said_at": f"2024-03-01T10:0{i}:00+00:00"}) + "\n"
        for i, (role, speaker, text) in enumerate(rows)), encoding="utf-8")
    settings = load_settings(llm__provider="openai", llm__model="gpt-4o-mini", gate__llm=False,
                             store__uri=str(tmp_path / "no-store"))
    report = estimate.estimate_ingest([str(archive)], settings)
    [line] = [c for c in report.calls if c.purpose == "extract"]
    assert report.turns_to_extract == 4 and line.requests == 2  # the customer's and the agent's turns only
    assert any("2 system or tool turns are context only" in note for note in report.notes)
