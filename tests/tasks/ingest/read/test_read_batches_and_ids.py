"""Batching bounds what is held at once without changing what is read; turn ids are content hashes."""

from __future__ import annotations

import polars as pl
from read_helpers import line, message, read_all, write_lines

from archivist.ids import content_id
from archivist.tasks.ingest.read import read_archive


def mixed_archive(tmp_path, lines: int = 1000):
    """One JSONL file with a bad record every 97 lines, and two small files after it."""
    rows = [line(message(i % 60, conversation_id=f"conv-{i // 60}")) if i % 97 else b"{broken" for i in range(lines)]
    big = write_lines(tmp_path / "a" / "big.jsonl", rows)
    small = [write_lines(tmp_path / "b" / f"small-{n}.jsonl", [line(message(n, conversation_id="small"))])
             for n in range(2)]
    return [big, *small]


def test_batches_never_exceed_batch_rows_and_together_equal_one_batch(tmp_path):
    paths = mixed_archive(tmp_path)
    batches = list(read_archive(paths, batch_rows=64))
    whole = list(read_archive(paths, batch_rows=100_000))

    assert len(whole) == 1
    assert len(batches) == 16  # 15 full chunks of the big file, then its last 40 lines and the 2 small files
    assert all(b.records_read <= 64 for b in batches)
    assert all(b.records_read == b.records.height + b.quarantine.height for b in batches)
    assert sum(b.records_read for b in batches) == whole[0].records_read == 1002
    assert pl.concat([b.records for b in batches]).equals(whole[0].records)
    assert pl.concat([b.quarantine for b in batches]).equals(whole[0].quarantine)
    assert whole[0].quarantine.height == 11


def test_small_files_are_gathered_into_one_batch(tmp_path):
    paths = [write_lines(tmp_path / f"night-{n}.jsonl", [line(message(n))]) for n in range(5)]
    batches = list(read_archive(paths, batch_rows=3))
    assert [b.records_read for b in batches] == [3, 2]


def test_turn_ids_are_the_content_id_of_tenant_scope_conversation_turn_and_text(tmp_path):
    path = write_lines(tmp_path / "a.jsonl", [line(message(i, text=f"Ünïcode {i} \U0001f600")) for i in range(5)])
    records, _, _ = read_all([path])
    expected = [content_id(r["tenant"], r["scope"], r["conversation_id"], r["turn_index"], r["text"])
                for r in records.iter_rows(named=True)]
    assert records["turn_id"].to_list() == expected


def test_equal_content_gets_equal_ids_wherever_it_is_read_from(tmp_path):
    first = write_lines(tmp_path / "2026-11-28.jsonl", [line(message(0))])
    second = write_lines(tmp_path / "copy" / "again.jsonl", [line(message(0, speaker="Someone else"))])
    records, _, _ = read_all([first, second])
    assert records["turn_id"].n_unique() == 1
    assert records["source_file"].n_unique() == 2


def test_two_tenants_with_the_same_scope_and_conversation_get_different_ids(tmp_path):
    path = write_lines(tmp_path / "a.jsonl", [line(message(0, tenant="acme-telecom")),
                                              line(message(0, tenant="globex-bank"))])
    records, _, _ = read_all([path])
    assert records["turn_id"].n_unique() == 2


def test_rereading_an_archive_gives_identical_batches(tmp_path):
    paths = mixed_archive(tmp_path, lines=300)
    first, _, _ = read_all(paths)
    again, _, _ = read_all(paths)
    assert first.equals(again)
