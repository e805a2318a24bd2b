"""Every kind of bad record is quarantined with its reason, and no valid record beside it is lost."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl
import pytest
from read_helpers import line, message, read_all, write_lines

from archivist.ids import content_id
from archivist.storage.schemas import QUARANTINE, RECORD_COLUMNS
from archivist.tasks.ingest.read import QUARANTINE_SCHEMA, RECORD_SCHEMA

MAX_TEXT_CHARS = 200

BAD_JSONL_LINES = {
    "missing text": (line(message(1, text=...)), "missing text"),
    "null text": (line(message(1, text=None)), "missing text"),
    "empty text": (line(message(1, text="")), "empty text"),
    "whitespace-only text": (line(message(1, text=" \t  ")), "empty text"),
    "unparseable line": (b'{"tenant": "acme", "scope": "cust-0001", "text": "cut of', "unparseable JSON: "),
    "trailing garbage": (line(message(1)) + b" }", "unparseable JSON: "),
    "not an object": (b'["acme", "cust-0001", "hello"]', "unparseable JSON: expected an object per line, got an array"),
    "bad timestamp": (line(message(1, said_at="yesterday-ish")), "bad timestamp 'yesterday-ish' in said_at"),
    "impossible date": (line(message(1, said_at="2026-02-30T10:00:00Z")),
                        "bad timestamp '2026-02-30T10:00:00Z' in said_at"),
    "missing said_at": (line(message(1, said_at=...)), "missing said_at"),
    "turn_index not an integer": (line(message(1, turn_index="abc")),
                                  "wrong type: turn_index is 'abc', expected an integer"),
    "turn_index a fraction": (line(message(1, turn_index=1.5)), "wrong type: turn_index is '1.5', expected an integer"),
    "negative turn_index": (line(message(1, turn_index=-3)), "bad turn_index -3: expected 0 or more"),
    "text a number": (line(message(1, text=42)), "wrong type: text is 42, expected a string"),
    "text an object": (line(message(1, text={"body": "hi"})), 'wrong type: text is {"body": "hi"}, expected a string'),
    "scope an array": (line(message(1, scope=["a"])), 'wrong type: scope is ["a"], expected a string'),
    "text too long": (line(message(1, text="x" * (MAX_TEXT_CHARS + 7))),
                      f"text longer than {MAX_TEXT_CHARS} characters ({MAX_TEXT_CHARS + 7})"),
    "invalid UTF-8": (line(message(1, text="cafe")).replace(b"cafe", b"caf\xe9"), "invalid UTF-8 at byte "),
    "missing tenant": (line(message(1, tenant=...)), "missing tenant"),
    "missing scope": (line(message(1, scope=None)), "missing scope"),
    "empty conversation_id": (line(message(1, conversation_id=" ")), "empty conversation_id"),
    "missing turn_index": (line(message(1, turn_index=...)), "missing turn_index"),
    "missing role": (line(message(1, role=...)), "missing role"),
    "unknown role": (line(message(1, role="bot")), "unknown role 'bot'"),
}


@pytest.mark.parametrize("neighbours", [1, 300], ids=["small file", "bad line inside a large chunk"])
@pytest.mark.parametrize("kind", sorted(BAD_JSONL_LINES))
def test_a_bad_jsonl_record_is_quarantined_with_its_reason_and_its_neighbours_kept(tmp_path, kind, neighbours):
    bad_line, reason = BAD_JSONL_LINES[kind]
    before = [line(message(i)) for i in range(neighbours)]
    after = [line(message(i)) for i in range(neighbours + 1, 2 * neighbours + 1)]
    path = write_lines(tmp_path / "chats.jsonl", before + [bad_line] + after)

    records, quarantine, read = read_all([path], max_text_chars=MAX_TEXT_CHARS)

    assert read == 2 * neighbours + 1
    assert quarantine.height == 1, quarantine["reason"].to_list()
    row = quarantine.row(0, named=True)
    assert row["reason"].startswith(reason), row["reason"]
    assert row["source_line"] == neighbours + 1
    assert row["raw"] == bad_line.decode("utf-8", "backslashreplace")
    assert row["quarantine_id"] == content_id(row["source_file"], row["source_line"], row["raw"])
    assert records["source_line"].to_list() == [n for n in range(1, 2 * neighbours + 2) if n != neighbours + 1]


def test_invalid_utf8_keeps_the_raw_bytes_visible_and_names_the_offset(tmp_path):
    bad = b'{"text": "caf\xe9"}'
    path = write_lines(tmp_path / "chats.jsonl", [line(message(0)), bad])
    _, quarantine, _ = read_all([path])
    assert quarantine["raw"].to_list() == ['{"text": "caf\\xe9"}']
    assert quarantine["reason"].to_list() == ["invalid UTF-8 at byte 13"]


def test_every_problem_of_a_record_is_named(tmp_path):
    path = write_lines(tmp_path / "chats.jsonl", [line(message(0, tenant=..., role="bot", said_at="soon"))])
    _, quarantine, _ = read_all([path])
    assert quarantine["reason"].to_list() == ["missing tenant; unknown role 'bot'; bad timestamp 'soon' in said_at"]


def test_valid_records_have_the_record_schema_and_normalised_values(tmp_path):
    path = write_lines(tmp_path / "chats.jsonl", [
        line(message(0, role=" Customer ", said_at="2026-11-28T12:00:00+02:00")),
        line(message(1, role="AGENT", speaker=None, said_at="2026-11-28 10:01:00")),
        line(message(2, role="assistant", speaker=..., said_at="2026-11-28T10:02:00.250")),
        line(message(3, role="tool", said_at="2026-11-28")),
    ])
    records, quarantine, _ = read_all([path])
    assert quarantine.is_empty()
    assert records.columns == RECORD_COLUMNS
    assert records.schema == RECORD_SCHEMA
    assert records["role"].to_list() == ["customer", "agent", "assistant", "tool"]
    # A missing speaker is filled with the role.
    assert records["speaker"].to_list() == ["Maria", "agent", "assistant", "Maria"]
    utc = timezone.utc
    assert records["said_at"].to_list() == [
        datetime(2026, 11, 28, 10, 0, tzinfo=utc),  # the offset is converted
        datetime(2026, 11, 28, 10, 1, tzinfo=utc),  # naive means UTC
        datetime(2026, 11, 28, 10, 2, 0, 250000, tzinfo=utc),
        datetime(2026, 11, 28, 0, 0, tzinfo=utc),
    ]


def test_strings_that_look_like_numbers_stay_text_and_numeric_ids_become_strings(tmp_path):
    lines = [line(message(i)) for i in range(300)]  # large enough for the Polars fast path
    lines[10] = line(message(10, text="42"))
    lines[11] = line(message(11, text="[sic] the bill is wrong"))
    lines[12] = line(message(12, conversation_id=12345, scope=7))
    lines[13] = line(message(13, text="true"))
    path = write_lines(tmp_path / "chats.jsonl", lines)
    records, quarantine, _ = read_all([path])
    assert quarantine.is_empty()
    by_line = {row["source_line"]: row for row in records.iter_rows(named=True)}
    assert by_line[11]["text"] == "42"
    assert by_line[12]["text"] == "[sic] the bill is wrong"
    assert (by_line[13]["scope"], by_line[13]["conversation_id"]) == ("7", "12345")
    assert by_line[14]["text"] == "true"


def test_blank_lines_are_skipped_and_line_numbers_still_count_them(tmp_path):
    path = write_lines(tmp_path / "chats.jsonl", [line(message(0)), b"", b"   ", line(message(1)) + b"\r"])
    records, quarantine, read = read_all([path])
    assert (read, quarantine.height) == (2, 0)
    assert records["source_line"].to_list() == [1, 4]


def test_csv_ragged_rows_and_bad_values_are_quarantined_by_line(tmp_path):
    path = tmp_path / "chats.csv"
    path.write_bytes(
        b"tenant,scope,conversation_id,turn_index,speaker,role,text,said_at\n"
        b"acme,c1,k1,0,Ann,customer,hello,2026-11-28T10:00:00Z\n"
        b"acme,c1,k1,1,Ann,customer,too,many,fields,2026-11-28T10:00:00Z\n"
        b'acme,c1,k1,2,Ann,customer,"a quoted\nmulti-line text",2026-11-28T10:00:00Z\n'
        b"acme,c1,k1,3,Ann,customer,,2026-11-28T10:00:00Z\n"
        b"acme,c1,k1,4,Ann,customer,caf\xe9,2026-11-28T10:00:00Z\n"
        b"acme,c1,k1,x,Ann,customer,hi,2026-11-28T10:00:00Z\n"
        b"acme,c1,k1,6,,customer,fine,2026-11-28T10:00:00Z\n"
    )
    records, quarantine, read = read_all([path])
    assert read == 7
    assert records["source_line"].to_list() == [2, 4, 9]
    assert records["text"].to_list() == ["hello", "a quoted\nmulti-line text", "fine"]
    assert records["speaker"].to_list()[-1] == "customer"
    reasons = dict(zip(quarantine["source_line"].to_list(), quarantine["reason"].to_list(), strict=True))
    assert reasons == {
        3: "ragged row: 10 fields where the header has 8",
        6: "missing text",
        7: "invalid UTF-8 at byte 29",
        8: "wrong type: turn_index is 'x', expected an integer",
    }
    assert quarantine.filter(pl.col("source_line") == 7)["raw"].item() == (
        "acme,c1,k1,4,Ann,customer,caf\\xe9,2026-11-28T10:00:00Z"
    )


def test_parquet_missing_column_and_wrong_column_type_quarantine_every_row(tmp_path):
    rows = [message(i) for i in range(3)]
    without_tenant = tmp_path / "a.parquet"
    pl.DataFrame(rows).drop("tenant").write_parquet(without_tenant)
    numeric_text = tmp_path / "b.parquet"
    pl.DataFrame(rows).with_columns(text=pl.Series([1, 2, 3])).write_parquet(numeric_text)

    records, quarantine, read = read_all([without_tenant, numeric_text])

    assert (read, records.height) == (6, 0)
    assert quarantine["reason"].to_list() == ["missing column tenant"] * 3 + [
        "wrong type: column text holds Int64, expected strings"
    ] * 3
    assert quarantine["source_line"].to_list() == [1, 2, 3] * 2
    assert json.loads(quarantine["raw"][0]) == {k: v for k, v in rows[0].items() if k != "tenant"}


def test_parquet_binary_text_with_invalid_utf8_is_quarantined_and_shown_escaped(tmp_path):
    frame = pl.DataFrame([message(0), message(1)]).with_columns(text=pl.Series([b"fine", b"caf\xe9"], dtype=pl.Binary))
    path = tmp_path / "binary.parquet"
    frame.write_parquet(path)
    records, quarantine, _ = read_all([path])
    assert records["text"].to_list() == ["fine"]
    assert quarantine["reason"].to_list() == ["invalid UTF-8 in text"]
    assert json.loads(quarantine["raw"][0])["text"] == "caf\\xe9"


def test_quarantine_rows_have_the_quarantine_columns(tmp_path):
    path = write_lines(tmp_path / "chats.jsonl", [b"not json"])
    _, quarantine, _ = read_all([path])
    assert quarantine.schema == QUARANTINE_SCHEMA
    # The store adds run_id and quarantined_at; every column the reader gives is one the table holds.
    assert set(quarantine.columns) < set(QUARANTINE.names)
