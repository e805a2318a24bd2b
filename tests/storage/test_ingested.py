"""The record of fully ingested files: what makes a re-run skippable, and everything that must not."""

from __future__ import annotations

from pathlib import Path

from archivist.storage import ingested


def a_store(root: Path) -> str:
    """A store folder with two tables, each at one version (the layout LanceDB writes)."""
    for table in ("turns", "runs"):
        (root / "store" / f"{table}.lance" / "_versions").mkdir(parents=True)
        (root / "store" / f"{table}.lance" / "_versions" / "1.manifest").write_text("v1")
    return str(root / "store")


def new_version(store: str, table: str, n: int) -> None:
    (Path(store) / f"{table}.lance" / "_versions" / f"{n}.manifest").write_text(f"v{n}")


def night(root: Path) -> Path:
    (root / "night" / "day=1").mkdir(parents=True)
    (root / "night" / "day=1" / "chats.jsonl").write_text('{"text": "I moved to Leeds"}\n')
    (root / "night" / "extra.csv").write_text("a,b\n1,2\n")
    return root / "night"


def recorded(tmp_path: Path) -> tuple[str, Path, ingested.Manifest]:
    store, archive = a_store(tmp_path), night(tmp_path)
    manifest = ingested.file_manifest([archive])
    token = ingested.store_token(store)
    ingested.record_ingested(store, manifest, "settings-1", before=token, after=token)
    return store, archive, manifest


def test_a_recorded_night_on_an_unchanged_store_is_already_ingested(tmp_path):
    store, archive, manifest = recorded(tmp_path)
    assert len(manifest) == 2 and all(len(entry[1]) == 64 for entry in manifest.values())
    assert ingested.already_ingested(store, ingested.file_manifest([archive]), "settings-1")
    # A file given on its own is one of the recorded ones.
    assert ingested.already_ingested(store, ingested.file_manifest([archive / "extra.csv"]), "settings-1")


def test_changed_content_of_the_same_size_is_not(tmp_path):
    store, archive, _ = recorded(tmp_path)
    path = archive / "day=1" / "chats.jsonl"
    path.write_text(path.read_text().replace("Leeds", "Derby"))
    assert not ingested.already_ingested(store, ingested.file_manifest([archive]), "settings-1")


def test_a_new_file_or_other_settings_are_not(tmp_path):
    store, archive, _ = recorded(tmp_path)
    assert not ingested.already_ingested(store, ingested.file_manifest([archive]), "settings-2")
    (archive / "day=2").mkdir()
    (archive / "day=2" / "chats.jsonl").write_text('{"text": "hello"}\n')
    assert not ingested.already_ingested(store, ingested.file_manifest([archive]), "settings-1")


def test_any_write_to_a_table_since_the_record_is_not_but_the_runs_bookkeeping_is_ignored(tmp_path):
    store, archive, manifest = recorded(tmp_path)
    new_version(store, "runs", 2)
    assert ingested.already_ingested(store, manifest, "settings-1")
    new_version(store, "turns", 2)  # a purge, a plan applied, a compaction: whatever wrote it
    assert not ingested.already_ingested(store, manifest, "settings-1")


def test_a_run_keeps_the_earlier_files_only_when_the_store_was_as_the_record_left_it(tmp_path):
    store, archive, first = recorded(tmp_path)
    other = tmp_path / "other.jsonl"
    other.write_text('{"text": "second night"}\n')
    second = ingested.file_manifest([other])

    before = ingested.store_token(store)
    new_version(store, "turns", 2)  # the second night's writes
    ingested.record_ingested(store, second, "settings-1", before=before, after=ingested.store_token(store))
    assert ingested.already_ingested(store, first, "settings-1")
    assert ingested.already_ingested(store, second, "settings-1")

    new_version(store, "turns", 3)  # something else wrote in between ...
    before = ingested.store_token(store)
    new_version(store, "turns", 4)
    ingested.record_ingested(store, second, "settings-1", before=before, after=ingested.store_token(store))
    assert not ingested.already_ingested(store, first, "settings-1")  # ... so the first night is no longer vouched for
    assert ingested.already_ingested(store, second, "settings-1")


def test_no_record_a_damaged_record_or_an_object_store_never_skips(tmp_path):
    store, archive = a_store(tmp_path), night(tmp_path)
    manifest = ingested.file_manifest([archive])
    assert not ingested.already_ingested(store, manifest, "s")
    (Path(store) / ingested.RECORD).write_text("{not json")
    assert not ingested.already_ingested(store, manifest, "s")
    assert ingested.store_token("s3://bucket/memory") is None
    assert not ingested.already_ingested("s3://bucket/memory", manifest, "s")
    ingested.forget(store)
    assert not (Path(store) / ingested.RECORD).exists()
