"""Each archive format, column mapping, and folders read recursively."""

from __future__ import annotations

import csv
import json
from datetime import datetime, timezone

import polars as pl
import pytest
from read_helpers import line, message, read_all, write_lines

from archivist.tasks.ingest.read import ArchiveReadError, discover_files, locomo_turn_ids, read_archive

CONTENT_COLUMNS = ["turn_id", "tenant", "scope", "conversation_id", "turn_index", "speaker", "role", "text", "said_at"]


def three_messages() -> list[dict]:
    return [message(0), message(1, role="agent", speaker="Rachel", text="Let me check, one moment."),
            message(2, text="Thanks, that's fixed it.")]


def write_csv(path, rows: list[dict], header: list[str] | None = None):
    header = header or list(rows[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for row in rows:
            writer.writerow([row.get(name, "") for name in header])
    return path


def test_jsonl_csv_and_parquet_of_the_same_turns_give_the_same_records(tmp_path):
    rows = three_messages()
    jsonl = write_lines(tmp_path / "a.jsonl", [line(r) for r in rows])
    csv_path = write_csv(tmp_path / "b.csv", rows)
    parquet = tmp_path / "c.parquet"
    pl.DataFrame(rows).write_parquet(parquet)

    from_jsonl, _, _ = read_all([jsonl])
    from_csv, _, _ = read_all([csv_path])
    from_parquet, _, _ = read_all([parquet])

    assert from_jsonl.height == 3
    assert from_jsonl.select(CONTENT_COLUMNS).equals(from_csv.select(CONTENT_COLUMNS))
    assert from_jsonl.select(CONTENT_COLUMNS).equals(from_parquet.select(CONTENT_COLUMNS))
    assert from_parquet["source_line"].to_list() == [1, 2, 3]
    assert from_csv["source_line"].to_list() == [2, 3, 4]  # line 1 is the header


def test_parquet_with_typed_columns_is_read(tmp_path):
    naive = datetime(2026, 11, 28, 10, 0)
    frame = pl.DataFrame({
        "tenant": ["acme"], "scope": ["cust-0001"], "conversation_id": [17],
        "turn_index": pl.Series([0], dtype=pl.Int32),
        "speaker": [None], "role": ["user"], "text": ["hello"], "said_at": [naive],
    })
    path = tmp_path / "typed.parquet"
    frame.write_parquet(path)
    records, quarantine, _ = read_all([path])
    assert quarantine.is_empty()
    row = records.row(0, named=True)
    assert (row["conversation_id"], row["speaker"]) == ("17", "user")
    assert row["said_at"] == naive.replace(tzinfo=timezone.utc)


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_column_map_renames_archive_columns(tmp_path, fmt):
    renamed = {"customer_id": "scope", "message": "text", "ts": "said_at"}
    rows = [{("customer_id" if k == "scope" else "message" if k == "text" else "ts" if k == "said_at" else k): v
             for k, v in r.items()} for r in three_messages()]
    if fmt == "jsonl":
        path = write_lines(tmp_path / "a.jsonl", [line(r) for r in rows])
    elif fmt == "csv":
        path = write_csv(tmp_path / "a.csv", rows)
    else:
        path = tmp_path / "a.parquet"
        pl.DataFrame(rows).write_parquet(path)

    records, quarantine, _ = read_all([path], column_map=renamed)
    unmapped, unmapped_quarantine, _ = read_all([path])

    assert quarantine.is_empty()
    assert records["scope"].to_list() == ["cust-0001"] * 3
    assert records["text"].to_list()[2] == "Thanks, that's fixed it."
    # Without the map the same archive lacks scope and text: nothing is valid.
    assert unmapped.is_empty() and unmapped_quarantine.height == 3


def test_a_column_map_to_an_unknown_field_is_refused(tmp_path):
    path = write_lines(tmp_path / "a.jsonl", [line(message(0))])
    with pytest.raises(ValueError, match="customer"):
        read_archive([path], column_map={"cust": "customer"})


LOCOMO = {
    "speaker_a": "Caroline",
    "speaker_b": "Melanie",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Caroline", "dia_id": "D1:1", "text": "Hey Mel! How have you been?"},
        {"speaker": "Melanie", "dia_id": "D1:2", "text": "Busy with the kids. Look at this!",
         "img_url": ["https://example.org/p.jpg"], "blip_caption": "a photo of a painted bowl"},
    ],
    "session_2_date_time": "",
    "session_2": [{"speaker": "Caroline", "dia_id": "D2:1", "text": "I went hiking yesterday."}],
    "session_2_summary": "not a session",
    "qa": [{"question": "What did Caroline do?", "answer": "hiking", "evidence": ["D2:1"]}],
}


def test_locomo_sessions_become_conversations_with_dates_and_dia_ids_map_to_turn_ids(tmp_path):
    path = tmp_path / "conv-99.json"
    path.write_text(json.dumps(LOCOMO))
    records, quarantine, read = read_all([path], default_tenant="research")

    assert (read, quarantine.height) == (3, 0)
    assert records["conversation_id"].to_list() == ["conv-99:session_1", "conv-99:session_1", "conv-99:session_2"]
    assert records["turn_index"].to_list() == [0, 1, 0]
    assert set(records["scope"]) == {"conv-99"} and set(records["tenant"]) == {"research"}
    assert records["speaker"].to_list() == ["Caroline", "Melanie", "Caroline"]
    assert records["role"].to_list() == ["user"] * 3
    assert records["text"][1] == "Busy with the kids. Look at this! [shared an image: a photo of a painted bowl]"
    # Session 2 has no date: LoCoMo is one of the formats where said_at may be null.
    assert records["said_at"].to_list() == [datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)] * 2 + [None]

    ids = locomo_turn_ids(path, "research")
    assert ids == dict(zip(["D1:1", "D1:2", "D2:1"], records["turn_id"].to_list(), strict=True))


ABCD = [
    {"convo_id": 3592, "scenario": {"personal": {"customer_name": "crystal minh", "username": "cminh730"}},
     "original": [["agent", "Hi! How can I help you?"], ["customer", "I need to return an item."],
                  ["action", "Account has been pulled up for Crystal Minh."], ["customer", 7]]},
    {"convo_id": 11, "scenario": {}, "original": [["customer", "Where is my order?"]]},
]


@pytest.mark.parametrize("shape", ["list", "splits"])
def test_abcd_dialogues_become_conversations_and_actions_become_system_turns(tmp_path, shape):
    path = tmp_path / "abcd.json"
    path.write_text(json.dumps(ABCD if shape == "list" else {"train": ABCD[:1], "dev": ABCD[1:]}))
    records, quarantine, read = read_all([path])

    assert read == 5
    assert records["role"].to_list() == ["agent", "customer", "system", "customer"]
    assert records["speaker"].to_list() == ["agent", "customer", "action", "customer"]
    assert records["scope"].to_list() == ["cminh730"] * 3 + ["abcd-11"]
    assert records["conversation_id"].to_list() == ["3592"] * 3 + ["11"]
    assert records["said_at"].null_count() == 4  # ABCD carries no times
    assert quarantine["reason"].to_list() == ["wrong type: text is 7, expected a string"]
    assert quarantine["source_line"].to_list() == [4]


def test_an_unrecognised_json_document_is_skipped_under_auto_and_refused_when_named(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": "dark"}))
    assert list(read_archive([tmp_path])) == []
    with pytest.raises(ArchiveReadError, match="not a locomo document"):
        list(read_archive([path], "locomo"))


def test_a_json_document_that_does_not_parse_is_quarantined_whole(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"speaker_a": "Caroline", "session_1": [')
    records, quarantine, read = read_all([path])
    assert (records.height, read) == (0, 1)
    assert quarantine["reason"][0].startswith("unparseable JSON: ")
    assert quarantine["raw"][0] == '{"speaker_a": "Caroline", "session_1": ['


def test_folders_are_read_recursively_in_sorted_order_and_other_files_skipped(tmp_path):
    root = tmp_path / "archive"
    write_lines(root / "date=2026-11-29" / "chats.jsonl", [line(message(2, conversation_id="b"))])
    write_lines(root / "date=2026-11-28" / "part-2.jsonl", [line(message(1, conversation_id="a2"))])
    write_lines(root / "date=2026-11-28" / "part-1.jsonl", [line(message(0, conversation_id="a1"))])
    write_csv(root / "date=2026-11-28" / "nested" / "more.csv", [message(3, conversation_id="c")])
    (root / "README.md").write_text("# not an archive")
    (root / "date=2026-11-28" / "_SUCCESS").write_text("")
    write_lines(root / "_temporary" / "half-written.jsonl", [line(message(9, conversation_id="tmp"))])

    found = discover_files([root])
    records, _, _ = read_all([root])

    # Sorted by path, folder by folder: a nightly archive is read in date order.
    assert [p.name for p, _ in found.files] == ["more.csv", "part-1.jsonl", "part-2.jsonl", "chats.jsonl"]
    assert sorted(p.name for p in found.skipped) == ["README.md", "_SUCCESS", "half-written.jsonl"]
    assert records["conversation_id"].to_list() == ["c", "a1", "a2", "b"]


def test_an_explicit_format_reads_only_its_own_files_in_a_folder(tmp_path):
    write_lines(tmp_path / "a.jsonl", [line(message(0))])
    write_csv(tmp_path / "b.csv", [message(1)])
    records, _, _ = read_all([tmp_path], "csv")
    assert records["turn_index"].to_list() == [1]
    assert [p.name for p in discover_files([tmp_path], "csv").skipped] == ["a.jsonl"]


def test_paths_that_cannot_be_read_say_what_to_do(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        read_archive([tmp_path / "missing"])
    odd = tmp_path / "chats.txt"
    odd.write_text("{}")
    with pytest.raises(ArchiveReadError, match="--format"):
        read_archive([odd])
    records, _, _ = read_all([write_lines(tmp_path / "chats.log", [line(message(0))])], "jsonl")
    assert records.height == 1
    with pytest.raises(ValueError, match="unknown archive format"):
        read_archive([tmp_path], "xml")
