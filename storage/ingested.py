"""The record of archive files a store has fully ingested, read before Prefect or LanceDB is imported.

Re-running a night already ingested stores nothing (every id is a content hash), but starting the flow to
find that out costs seconds of imports and Prefect bookkeeping. `archivist ingest` first checks this record
(`<store>/_ingested.json`, local stores only) and exits 0 with "nothing new" when every file under the given
paths is listed with the same path, size and content hash, under the same relevant settings, and the store has
not changed since the record was written.

"Not changed" is a token over the store's tables: the names of every table's version manifests (a listing,
no LanceDB import). Any write to the store (a purge, a plan applied or restored, a re-embedding, a compaction,
another ingest) changes it, so the record only ever vouches for the store exactly as the last complete ingest
left it. The `runs` table is left out: it is bookkeeping the flow writes after the record's token is taken.

The record is written only after a complete run (no turn deferred, no budget stop, every file read to the
end), so a crash, a budget stop or a deferred turn never marks a file done. A complete run keeps the files of
the record it found only if the store had not changed between that record and the run's start.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

RECORD = "_ingested.json"
UNTRACKED_TABLES = frozenset({"runs"})
"""Tables whose writes do not change what an ingest would do (the flow's own run bookkeeping)."""
CHUNK = 1 << 20

Manifest = dict[str, list[Any]]
"""Resolved file path -> [size in bytes, sha256 of the content]."""


def local_root(uri: str) -> Path | None:
    """The store's folder when it is a local one (the record is kept only there)."""
    if "://" in uri and not uri.startswith("file://"):
        return None
    return Path(uri.removeprefix("file://"))


def store_token(uri: str) -> str | None:
    """A hash of every tracked table's version manifest names; None when the store is not a local folder."""
    root = local_root(uri)
    if root is None or not root.is_dir():
        return None
    digest = hashlib.sha256()
    for table in sorted(entry.name for entry in os.scandir(root) if entry.name.endswith(".lance")):
        if table.removesuffix(".lance") in UNTRACKED_TABLES:
            continue
        versions = root / table / "_versions"
        names = sorted(entry.name for entry in os.scandir(versions)) if versions.is_dir() else []
        digest.update(f"{table}\0{','.join(names)}\n".encode())
    return digest.hexdigest()


def file_manifest(paths: Iterable[str | Path]) -> Manifest:
    """Every regular file under `paths` (read recursively), with its size and content hash."""
    files: set[Path] = set()
    for path in map(Path, paths):
        if path.is_dir():
            files.update(p.resolve() for p in path.rglob("*") if p.is_file())
        elif path.is_file():
            files.add(path.resolve())
    manifest: Manifest = {}
    for file in sorted(files):
        digest = hashlib.sha256()
        with file.open("rb") as handle:
            while chunk := handle.read(CHUNK):
                digest.update(chunk)
        manifest[str(file)] = [file.stat().st_size, digest.hexdigest()]
    return manifest


def fingerprint(values: Mapping[str, Any]) -> str:
    """A hash of the settings and options that decide what an ingest stores."""
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str).encode()).hexdigest()


def read_record(uri: str) -> dict[str, Any] | None:
    root = local_root(uri)
    if root is None:
        return None
    try:
        record = json.loads((root / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # no record (or a damaged one): the flow runs, which is always correct
    return record if isinstance(record, dict) else None


def already_ingested(uri: str, manifest: Manifest, settings_hash: str) -> bool:
    """True when every file of `manifest` is recorded done under `settings_hash` and the store is unchanged."""
    record = read_record(uri)
    if record is None or not manifest or record.get("settings") != settings_hash:
        return False
    token = store_token(uri)
    if token is None or record.get("token") != token:
        return False
    done = record.get("files") or {}
    return all(done.get(path) == entry for path, entry in manifest.items())


def record_ingested(uri: str, manifest: Manifest, settings_hash: str, *, before: str | None,
                    after: str | None) -> None:
    """After a complete run: mark `manifest` done with the store as the run left it (token `after`).

    The earlier record's files are kept when the store was exactly as that record says at the run's start
    (`before`) and the settings are the same: ingests only add, so those files are still fully ingested."""
    root = local_root(uri)
    if root is None or after is None or not root.is_dir():
        return
    files: Manifest = {}
    previous = read_record(uri)
    if previous and before is not None and previous.get("token") == before \
            and previous.get("settings") == settings_hash:
        files.update(previous.get("files") or {})
    files.update(manifest)
    text = json.dumps({"token": after, "settings": settings_hash, "files": files}, sort_keys=True)
    temporary = root / f"{RECORD}.{os.getpid()}.tmp"
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, root / RECORD)  # readers see the old record or the new one, never half of one


def forget(uri: str) -> None:
    """Drop the record (the next ingest runs the flow whatever it is given)."""
    root = local_root(uri)
    if root is not None:
        (root / RECORD).unlink(missing_ok=True)
