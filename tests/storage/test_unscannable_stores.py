"""Stores archivist cannot lease or read byte by byte (gs://, az://) say so: a purge never claims a clean scan,
and a writer warns once. Scheme checks only: nothing here opens a connection."""

from __future__ import annotations

import logging

import pytest

from archivist.flows.cli.maintenance import purge_line
from archivist.storage.erasure import PURGES_TABLE, byte_scan
from archivist.storage.lease import writer_lease
from archivist.storage.objects import StoreFiles
from archivist.storage.purge import plan_purge, purge
from archivist.storage.store import Store
from tests.storage.test_erasure import MARKER, PURGED, files_holding, store  # noqa: F401 (fixture)


class _Unreadable:
    """A store as the byte scan sees it: only its files."""

    def __init__(self, uri: str):
        self.uri = uri

    def files(self) -> StoreFiles:
        return StoreFiles(self.uri, {})


@pytest.mark.parametrize("uri", ["gs://bucket/memory", "az://container/memory"])
def test_the_byte_scan_reports_no_scan_on_a_store_it_cannot_read(uri):
    assert StoreFiles(uri, {}).scannable is False
    assert byte_scan(_Unreadable(uri), [b"zanzibarquux"]) == (None, [])  # type: ignore[arg-type]


def test_folders_and_s3_stores_are_scannable():
    assert all(StoreFiles(uri, {}).scannable for uri in ("/tmp/memory", "file:///tmp/m", "s3://b/m", "s3a://b/m"))


def test_a_purge_on_an_unreadable_store_erases_and_says_it_was_not_scanned(store, monkeypatch):  # noqa: F811
    # The rows live in a local folder; only the files the scan would read are those of a gs:// store.
    monkeypatch.setattr(Store, "files", lambda self: StoreFiles("gs://bucket/memory", {}))
    result = purge(store, plan_purge(store, "acme", PURGED), purged_by="tester")
    assert result.scanned_files is None
    assert any("no byte scan was made" in note and "gs://" in note for note in result.notes)
    assert store.count("turns", f"scope = '{PURGED}'") == 0 and store.count(PURGES_TABLE) == 1
    line = purge_line(f"acme/{PURGED}", result.scope.total, result)
    assert "NOT scanned" in line and "scanned clean" not in line
    monkeypatch.undo()
    assert files_holding(store, MARKER.encode()) == []  # the erasure itself still happened


def test_a_clean_scan_is_reported_as_one(store):  # noqa: F811
    result = purge(store, plan_purge(store, "acme", PURGED), purged_by="tester")
    assert result.scanned_files and f"{result.scanned_files} files scanned clean" in purge_line("x", 1, result)


@pytest.mark.parametrize("uri", ["gs://bucket/unleased-a", "az://container/unleased-b"])
def test_a_writer_on_an_unleased_store_warns_once_naming_the_caveat(uri, caplog):
    caplog.set_level(logging.WARNING, logger="archivist.storage.lease")
    for _ in range(2):
        with writer_lease(uri, "ingest"):
            pass
    warnings = [r.getMessage() for r in caplog.records if uri in r.getMessage()]
    assert len(warnings) == 1
    assert "no writer lease" in warnings[0] and "one writer at a time" in warnings[0]
