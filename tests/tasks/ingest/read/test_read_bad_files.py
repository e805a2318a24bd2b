"""Bad files are records, not crashes: each kind is quarantined or counted as skipped, and reading goes on."""

from __future__ import annotations

import gzip
import json
import os

import polars as pl
import pytest
from read_helpers import line, message, read_all, write_lines

from archivist.tasks.ingest.read import read_archive
from archivist.tasks.ingest.read.jsonl import MAX_JSON_DEPTH


def deep_line(depth: int = 10_000) -> bytes:
    record = json.dumps(message(99))
    return (record[:-1] + ', "extra": ' + "[" * depth + "]" * depth + "}").encode()


def test_a_json_line_nested_10000_deep_is_quarantined_and_its_neighbours_kept(tmp_path):
    path = write_lines(tmp_path / "night.jsonl", [line(message(0)), deep_line(), line(message(1))])
    records, quarantine, read = read_all([path])
    assert (records["turn_index"].to_list(), read) == ([0, 1], 3)
    assert quarantine["reason"].to_list() == [f"unparseable JSON: nested deeper than {MAX_JSON_DEPTH} levels"]


def test_nesting_just_over_the_limit_is_rejected_on_the_fast_path_as_on_the_slow_one(tmp_path):
    # Polars alone reads this depth; a clean chunk and one with a broken line must agree.
    over = deep_line(MAX_JSON_DEPTH + 5)
    clean = write_lines(tmp_path / "clean.jsonl", [line(message(0)), over])
    mixed = write_lines(tmp_path / "mixed.jsonl", [line(message(0)), over, b"{broken"])
    for path in (clean, mixed):
        records, quarantine, _ = read_all([path])
        assert records["turn_index"].to_list() == [0]
        assert "nested deeper" in quarantine.sort("source_line")["reason"][0]


def test_a_json_document_nested_10000_deep_is_quarantined_whole(tmp_path):
    (tmp_path / "conv.json").write_text('{"speaker_a": "A", "session_1": ' + "[" * 10_000 + "]" * 10_000 + "}")
    write_lines(tmp_path / "night.jsonl", [line(message(0))])
    records, quarantine, _ = read_all([tmp_path])
    assert records.height == 1
    assert quarantine["reason"].to_list()[0].startswith("unparseable JSON: nested too deeply")


@pytest.mark.parametrize("damage", ["zero-byte", "truncated"])
def test_an_unreadable_parquet_file_is_one_quarantine_row_and_the_other_files_are_read(tmp_path, damage):
    good = pl.DataFrame([message(i) for i in range(5)])
    good.write_parquet(tmp_path / "a.parquet")
    broken = tmp_path / "b.parquet"
    if damage == "zero-byte":
        broken.write_bytes(b"")
    else:
        good.write_parquet(broken, row_group_size=1)
        broken.write_bytes(broken.read_bytes()[: broken.stat().st_size // 2])
    write_lines(tmp_path / "c.jsonl", [line(message(7))])

    reading = read_archive([tmp_path])
    batches = list(reading)
    records = pl.concat([b.records for b in batches])
    quarantine = pl.concat([b.quarantine for b in batches])
    assert sorted(records["turn_index"].to_list()) == [0, 1, 2, 3, 4, 7]
    assert quarantine.height == 1 and quarantine["source_file"][0] == broken.resolve().as_posix()
    assert quarantine["reason"][0].startswith("cannot read the file as parquet")
    assert [p.name for p, _ in reading.unreadable] == ["b.parquet"] and reading.files_read == 3


def test_a_file_deleted_mid_run_loses_only_itself(tmp_path):
    write_lines(tmp_path / "a.jsonl", [line(message(i)) for i in range(4)])
    write_lines(tmp_path / "b.jsonl", [line(message(10 + i)) for i in range(4)])
    write_lines(tmp_path / "c.jsonl", [line(message(30))])
    write_lines(tmp_path / "d.jsonl", [line(message(20 + i)) for i in range(4)])
    reading = read_archive([tmp_path], batch_rows=4)
    batches = iter(reading)
    first = next(batches)  # a.jsonl's batch; c.jsonl was listed but vanishes before its turn
    (tmp_path / "c.jsonl").unlink()
    rest = list(batches)

    records = pl.concat([first.records] + [b.records for b in rest])
    quarantine = pl.concat([first.quarantine] + [b.quarantine for b in rest])
    assert records["turn_index"].to_list() == [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]
    assert quarantine.height == 1 and "FileNotFoundError" in quarantine["reason"][0]
    assert [p.name for p, _ in reading.unreadable] == ["c.jsonl"]


def test_gzip_archives_are_read_and_a_broken_one_is_quarantined(tmp_path):
    with gzip.open(tmp_path / "a.jsonl.gz", "wb") as out:
        out.write(line(message(0)) + b"\n" + line(message(1)) + b"\n")
    (tmp_path / "b.csv.gz").write_bytes(b"not gzip at all")
    (tmp_path / "c.parquet.gz").write_bytes(b"")
    reading = read_archive([tmp_path])
    batches = list(reading)
    records = pl.concat([b.records for b in batches])
    assert records["turn_index"].to_list() == [0, 1]
    assert [p.name for p, _ in reading.unreadable] == ["b.csv.gz"]
    assert [(p.name, why) for p, why in reading.skipped] == [
        ("c.parquet.gz", "no reader for files ending '.parquet.gz' under any format")]


def test_a_dangling_symlink_is_skipped_with_a_reason(tmp_path):
    write_lines(tmp_path / "a.jsonl", [line(message(0))])
    os.symlink(tmp_path / "gone.jsonl", tmp_path / "b.jsonl")
    reading = read_archive([tmp_path])
    assert sum(b.records.height for b in reading) == 1
    assert [(p.name, why) for p, why in reading.skipped] == [
        ("b.jsonl", "a dangling symlink (its target does not exist)")]


def test_a_malformed_abcd_file_keeps_its_good_dialogues_and_quarantines_the_rest(tmp_path):
    good = {"convo_id": 1, "scenario": {}, "original": [["customer", "hi"], ["agent", "hello"]]}
    (tmp_path / "abcd.json").write_text(json.dumps([good, "not a dialogue"]))
    write_lines(tmp_path / "night.jsonl", [line(message(0))])
    reading = read_archive([tmp_path])
    batches = list(reading)
    records = pl.concat([b.records for b in batches])
    quarantine = pl.concat([b.quarantine for b in batches])
    assert records.height == 3
    assert quarantine["reason"].to_list() == [
        "malformed ABCD dialogue: expected an object with an 'original' list of [role, text] pairs"]


def test_a_locomo_file_broken_part_way_keeps_what_was_read_and_says_so(tmp_path):
    sample = {"sample_id": "conv-1", "conversation": {"speaker_a": "A", "speaker_b": "B",
                                                      "session_1": [{"speaker": "A", "text": "hi"}]}}
    (tmp_path / "locomo.json").write_text(json.dumps([sample, {"sample_id": "conv-2"}]))
    reading = read_archive([tmp_path])
    batches = list(reading)
    assert pl.concat([b.records for b in batches])["text"].to_list() == ["hi"]
    quarantine = pl.concat([b.quarantine for b in batches])
    assert quarantine["reason"][0].startswith("malformed locomo document (KeyError")
    assert [p.name for p, _ in reading.unreadable] == ["locomo.json"]


def test_an_unrecognised_json_document_is_counted_as_skipped_with_its_reason(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "dark"}))
    reading = read_archive([tmp_path])
    assert list(reading) == [] and reading.files_read == 0
    assert [p.name for p, _ in reading.skipped] == ["settings.json"]
    assert reading.skipped[0][1].startswith("a JSON document of no known kind")


DUPLICATE = (json.dumps(message(1, tenant="victim"))[:-1] + ', "tenant": "attacker"}').encode()
ESCAPED = (json.dumps(message(2, tenant="victim"))[:-1] + ', "\\u0074enant": "attacker"}').encode()


def test_duplicate_keys_reject_the_record_whether_or_not_a_bad_line_sits_beside_it(tmp_path):
    clean = write_lines(tmp_path / "clean.jsonl", [line(message(0)), DUPLICATE, ESCAPED])
    mixed = write_lines(tmp_path / "mixed.jsonl", [line(message(0)), DUPLICATE, ESCAPED, b"{broken"])
    outcomes = []
    for path in (clean, mixed):
        records, quarantine, _ = read_all([path])
        reasons = quarantine.sort("source_line")["reason"].to_list()
        outcomes.append((records["tenant"].to_list(), reasons[:2]))
        assert records["tenant"].to_list() == ["acme"]
        assert all(r.startswith("duplicate key 'tenant'") for r in reasons[:2])
    assert outcomes[0] == outcomes[1]


def test_a_csv_header_that_repeats_a_column_rejects_its_records(tmp_path):
    path = tmp_path / "night.csv"
    path.write_text("tenant,scope,conversation_id,turn_index,role,text,said_at,tenant\n"
                    "victim,s,c,0,customer,hello,2026-11-28T10:00:00Z,attacker\n")
    records, quarantine, _ = read_all([path])
    assert records.is_empty()
    assert quarantine["reason"][0].startswith("duplicate column 'tenant' in the header")
