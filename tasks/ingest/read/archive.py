"""Finding archive files, choosing their reader, and handing out validated batches.

Files are read one at a time in sorted path order, each in chunks of at most `batch_rows` records, and
consecutive chunks are gathered into batches of at most `batch_rows` records read. Memory therefore stays near
one batch whatever the size of the archive; only LoCoMo and ABCD documents, being single JSON values, are
loaded one whole file at a time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
import pyarrow as pa

from archivist.tasks.ingest.read.documents import (
    UnrecognisedDocument,
    load_document,
    sniff_document,
    stage_document,
    unreadable_document_row,
)
from archivist.tasks.ingest.read.jsonl import read_jsonl
from archivist.tasks.ingest.read.tabular import read_csv, read_parquet
from archivist.tasks.ingest.read.validate import ARCHIVE_FIELDS, validate

log = logging.getLogger(__name__)

FORMATS = ("auto", "jsonl", "parquet", "csv", "locomo", "abcd")
# The file endings each format is read from when a directory is scanned; ".json" documents are sniffed.
EXTENSIONS = {
    "jsonl": (".jsonl", ".ndjson"),
    "parquet": (".parquet", ".pq"),
    "csv": (".csv",),
    "locomo": (".json",),
    "abcd": (".json",),
}
_AUTO_BY_EXTENSION = {ext: fmt for fmt in ("jsonl", "parquet", "csv") for ext in EXTENSIONS[fmt]} | {".json": "json"}
# Formats that carry no times of their own: a record without said_at is valid there, and nowhere else.
_SAID_AT_OPTIONAL = frozenset({"locomo", "abcd"})


class ArchiveReadError(RuntimeError):
    """An archive that cannot be read at all; the message says what to do next."""


@dataclass
class Batch:
    records: pl.DataFrame
    """Valid turns: storage.schemas.RECORD_COLUMNS with their dtypes, turn_id a content hash."""
    quarantine: pl.DataFrame
    """Rejected records: quarantine_id, source_file, source_line, raw, reason."""
    records_read: int
    """Records this batch read: records.height + quarantine.height."""


@dataclass
class ArchiveFiles:
    files: list[tuple[Path, str]] = field(default_factory=list)
    """(file, format) in the order they are read; format "json" is sniffed on reading."""
    skipped: list[Path] = field(default_factory=list)
    """Files under the given folders that no reader takes (README.md, _SUCCESS, .DS_Store, ...)."""


def discover_files(paths: Iterable[str | Path], fmt: str = "auto") -> ArchiveFiles:
    """Every archive file under `paths`, recursively and in sorted order, with the format it is read as.

    A file named explicitly is always read (as `fmt`, or by its extension under "auto"); inside a folder only
    files whose ending belongs to the format are read, and the others are listed in `skipped`.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown archive format {fmt!r}; use one of {', '.join(FORMATS)}")
    found = ArchiveFiles()
    if isinstance(paths, (str, Path)):
        paths = [paths]  # one path given bare, not as a list: never iterate its characters
    for given in paths:
        path = Path(given)
        if path.is_dir():
            candidates = sorted(p for p in path.rglob("*") if p.is_file())
            named_explicitly = False
        elif path.is_file():
            candidates, named_explicitly = [path], True
        else:
            raise FileNotFoundError(f"archive path {str(path)!r} does not exist; check the path (relative to "
                                    f"{Path.cwd()}) or pass a folder that holds the archive files")
        for candidate in candidates:
            # Hidden entries and Spark/Hive markers (_SUCCESS, _temporary/) below a folder are never archive data.
            hidden = not named_explicitly and any(
                part.startswith((".", "_")) for part in candidate.relative_to(path).parts
            )
            chosen = None if hidden else _format_of(candidate, fmt, named_explicitly)
            if chosen is None:
                found.skipped.append(candidate)
            else:
                found.files.append((candidate, chosen))
    return found


def _format_of(path: Path, fmt: str, named_explicitly: bool) -> str | None:
    suffix = path.suffix.lower()
    if fmt == "auto":
        chosen = _AUTO_BY_EXTENSION.get(suffix)
        if chosen is None and named_explicitly:
            raise ArchiveReadError(f"cannot tell the format of {path} from its ending {suffix!r}; "
                                   f"pass fmt (--format) as one of {', '.join(FORMATS[1:])}")
        return chosen
    if named_explicitly:
        return fmt
    return fmt if suffix in EXTENSIONS[fmt] else None


def read_archive(
    paths: list[str | Path],
    fmt: str = "auto",
    *,
    column_map: dict[str, str] | None = None,
    max_text_chars: int = 20_000,
    batch_rows: int = 50_000,
    default_tenant: str = "default",
) -> Iterator[Batch]:
    """Validated batches of the archive at `paths` (files or folders, read recursively).

    column_map renames archive columns/keys of JSONL, CSV and Parquet to archivist's ({"customer_id": "scope"}).
    Files no reader takes are logged and skipped; see `discover_files` to list them beforehand.
    """
    if batch_rows < 1:
        raise ValueError(f"batch_rows must be 1 or more, got {batch_rows}")
    column_map = dict(column_map or {})
    unknown = sorted(set(column_map.values()) - set(ARCHIVE_FIELDS))
    if unknown:
        raise ValueError(f"column_map renames to {', '.join(map(repr, unknown))}, which archivist does not read; "
                         f"map archive columns to {', '.join(ARCHIVE_FIELDS)}")
    archive = discover_files(paths, fmt)
    for skipped in archive.skipped:
        log.info("skipped %s: not an archive file for format %r", skipped, fmt)
    return _batches(archive.files, column_map, max_text_chars, batch_rows, default_tenant)


def _batches(files: list[tuple[Path, str]], column_map: dict[str, str], max_text_chars: int, batch_rows: int,
             default_tenant: str) -> Iterator[Batch]:
    pending: list[tuple[pl.DataFrame, pl.DataFrame]] = []
    pending_rows = 0
    for path, fmt in files:
        for staged, said_at_required in _staged_chunks(path, fmt, column_map, batch_rows, default_tenant):
            records, quarantine = validate(staged, max_text_chars=max_text_chars, said_at_required=said_at_required)
            if pending and pending_rows + staged.height > batch_rows:
                yield _gathered(pending, pending_rows)
                pending, pending_rows = [], 0
            pending.append((records, quarantine))
            pending_rows += staged.height
    if pending:
        yield _gathered(pending, pending_rows)


def _gathered(pending: list[tuple[pl.DataFrame, pl.DataFrame]], rows: int) -> Batch:
    records = pl.concat([r for r, _ in pending], how="vertical") if len(pending) > 1 else pending[0][0]
    quarantine = pl.concat([q for _, q in pending], how="vertical") if len(pending) > 1 else pending[0][1]
    return Batch(records=records, quarantine=quarantine, records_read=rows)


def _staged_chunks(path: Path, fmt: str, column_map: dict[str, str], batch_rows: int,
                   default_tenant: str) -> Iterator[tuple[pl.DataFrame, bool]]:
    """(staged chunk, whether said_at is required) for one file."""
    source_file = path.resolve().as_posix()
    try:
        if fmt == "jsonl":
            for chunk in read_jsonl(path, source_file=source_file, column_map=column_map, batch_rows=batch_rows):
                yield chunk, True
        elif fmt == "csv":
            for chunk in read_csv(path, source_file=source_file, column_map=column_map, batch_rows=batch_rows):
                yield chunk, True
        elif fmt == "parquet":
            for chunk in read_parquet(path, source_file=source_file, column_map=column_map, batch_rows=batch_rows):
                yield chunk, True
        else:
            yield from _document_chunks(path, fmt, source_file, batch_rows, default_tenant)
    except OSError as err:
        raise ArchiveReadError(f"cannot read {path}: {err}; check that the file is readable and complete") from err
    except (pl.exceptions.PolarsError, pa.ArrowException) as err:
        raise ArchiveReadError(f"cannot read {path} as {fmt}: {err}; check that the file is complete and of that "
                               "format, or pass --format") from err


def _document_chunks(path: Path, fmt: str, source_file: str, batch_rows: int,
                     default_tenant: str) -> Iterator[tuple[pl.DataFrame, bool]]:
    try:
        document = load_document(path)
    except ValueError as err:  # json.JSONDecodeError and UnicodeDecodeError are both ValueErrors
        yield unreadable_document_row(path, source_file, err), False
        return
    try:
        detected = sniff_document(document)
    except UnrecognisedDocument as err:
        if fmt != "json":
            raise ArchiveReadError(f"{path} is not a {fmt} document: {err}; check --format") from err
        log.warning("skipped %s: %s", path, err)
        return
    if fmt != "json" and detected != fmt:
        raise ArchiveReadError(f"{path} looks like {detected}, not {fmt}; pass --format {detected} or auto")
    chunks = stage_document(document, detected, path=path, source_file=source_file,
                            default_tenant=default_tenant, batch_rows=batch_rows)
    try:
        for chunk in chunks:
            yield chunk, detected not in _SAID_AT_OPTIONAL
    except (KeyError, AttributeError, TypeError) as err:
        raise ArchiveReadError(f"{path} looks like {detected} but its structure is not ({type(err).__name__}: "
                               f"{err}); compare it with the {detected} layout in tasks/read/documents.py") from err
