"""The bundled sample archive reads as its truth file says."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from read_helpers import read_all

from archivist.tasks.ingest.read import discover_files

REPO = Path(__file__).resolve().parents[4]
SAMPLE = REPO / "data" / "sample"
TRUTH = json.loads((REPO / "data" / "sample_truth.json").read_text(encoding="utf-8"))


def test_the_sample_archive_parses_with_exactly_the_expected_quarantine():
    records, quarantine, read = read_all([SAMPLE])

    expected = TRUTH["quarantine"]
    assert read == TRUTH["counts"]["turns"] + expected["records"]
    assert quarantine.height == len(expected["quarantined"]) == 10
    assert records.height == TRUTH["counts"]["turns"] + expected["valid"]
    malformed = quarantine.sort("source_line")
    assert set(malformed["source_file"]) == {(SAMPLE / "malformed" / "chats.jsonl").resolve().as_posix()}
    for row, wanted in zip(malformed.iter_rows(named=True), expected["quarantined"], strict=True):
        assert row["source_line"] == wanted["line"]
        assert row["reason"].startswith(wanted["reason_starts_with"]), (row["reason"], wanted)


def test_the_sample_covers_the_customers_tenants_and_weeks_it_promises():
    records, _, _ = read_all([SAMPLE])
    customers = records.select("tenant", "scope").unique()
    conversations = records.select("tenant", "conversation_id").unique()
    assert customers.height == TRUTH["counts"]["customers"] >= 12
    assert conversations.height >= 40
    assert records["said_at"].dt.date().n_unique() >= 10
    assert (records["said_at"].max() - records["said_at"].min()).days >= 28
    # One globex-bank customer reuses an acme-telecom scope and conversation id: different turns, different ids.
    shared = records.group_by("scope", "conversation_id").agg(pl.col("tenant").n_unique().alias("tenants"))
    assert shared.filter(pl.col("tenants") > 1).height >= 1
    assert [p.name for p in discover_files([SAMPLE]).skipped] == ["README.md"]


def test_every_fact_in_the_truth_file_quotes_a_turn_of_the_archive():
    # The truth quotes the archive as written; what is stored by default is masked (the next test).
    records, _, _ = read_all([SAMPLE], privacy="keep")
    turns = {(r["tenant"], r["scope"], r["conversation_id"], r["turn_index"]): r
             for r in records.iter_rows(named=True)}
    for customer in TRUTH["customers"]:
        for fact in customer["facts"]:
            turn = turns[(customer["tenant"], customer["scope"], fact["conversation_id"], fact["turn_index"])]
            assert turn["role"] == "customer"
            assert turn["text"] == fact["text"]
            assert fact["quote"] in turn["text"]
            assert turn["said_at"].strftime("%Y-%m-%dT%H:%M:%SZ") == fact["said_at"]


def test_the_sensitive_turns_of_the_sample_are_stored_masked_by_default():
    records, _, _ = read_all([SAMPLE])
    texts = {(r["tenant"], r["scope"], r["conversation_id"], r["turn_index"]): r["text"]
             for r in records.iter_rows(named=True)}
    flagged = [(customer, fact) for customer in TRUTH["customers"] for fact in customer["facts"]
               if fact.get("sensitivity") in ("card_number", "password", "pin")]
    assert len(flagged) == 4
    for customer, fact in flagged:
        text = texts[(customer["tenant"], customer["scope"], fact["conversation_id"], fact["turn_index"])]
        assert fact["object"] in fact["text"] and fact["object"] not in text, text
        assert "09/28" not in text
    assert any("[card ending 1111]" in text for text in texts.values())
