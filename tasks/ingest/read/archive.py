"""Finding archive files, choosing their reader, and handing out validated, credential-masked batches.

Files are read one at a time in sorted path order, each in chunks of at most `batch_rows` records, and
consecutive chunks are gathered into batches of at most `batch_rows` records read. Memory therefore stays near
one batch whatever the size of the archive; only LoCoMo and ABCD documents, being single JSON values, are
loaded one whole file at a time.

A bad file never stops a run: a file that vanishes, cannot be opened, or is cut short (a zero-byte or
truncated Parquet file, a broken .gz) keeps the records read before the break and becomes one quarantine row
with the reason, and the next file is read. Files that no reader takes are listed with a reason
(`ArchiveReading.skipped`), so a summary can count them. Only a format the user named that does not match the
file (`--format locomo` on an ABCD file) stops the run: that is a mistake in the command, not in the archive.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl
import pyarrow as pa

from archivist.errors import TerminalError
from archivist.tasks.ingest.privacy import MaskCounts, Mode, load_privacy, mask_batch
from archivist.tasks.ingest.read.documents import (
    UnrecognisedDocument,
    load_document,
    sniff_document,
    stage_document,
    unreadable_document_row,
)
from archivist.tasks.ingest.read.files import FILE_ERRORS
from archivist.tasks.ingest.read.jsonl import read_jsonl
from archivist.tasks.ingest.read.tabular import read_csv, read_parquet
from archivist.tasks.ingest.read.validate import ARCHIVE_FIELDS, STAGED_SCHEMA, validate

log = logging.getLogger(__name__)

FORMATS = ("auto", "jsonl", "parquet", "csv", "locomo", "abcd")
# The file endings each format is read from when a directory is scanned; ".json" documents are sniffed.
EXTENSIONS = {
    "jsonl": (".jsonl", ".ndjson", ".jsonl.gz", ".ndjson.gz"),
    "parquet": (".parquet", ".pq"),
    "csv": (".csv", ".csv.gz"),
    "locomo": (".json", ".json.gz"),
    "abcd": (".json", ".json.gz"),
}
_AUTO_BY_EXTENSION = {ext: fmt for fmt in ("jsonl", "parquet", "csv") for ext in EXTENSIONS[fmt]} | {
    ".json": "json", ".json.gz": "json"}
# Formats that carry no times of their own: a record without said_at is valid there, and nowhere else.
_SAID_AT_OPTIONAL = frozenset({"locomo", "abcd"})


class ArchiveReadError(TerminalError, RuntimeError):
    """An archive that cannot be read at all; the message says what to do next."""


@dataclass
class Batch:
    records: pl.DataFrame
    """Valid turns: storage.schemas.RECORD_COLUMNS with their dtypes, turn_id a content hash."""
    quarantine: pl.DataFrame
    """Rejected records: quarantine_id, source_file, source_line, raw, reason."""
    records_read: int
    """Records this batch read: records.height + quarantine.height + dropped."""
    dropped: int = 0
    """Turns left out because they hold a credential (privacy mode `drop`)."""


@dataclass
class ArchiveFiles:
    files: list[tuple[Path, str]] = field(default_factory=list)
    """(file, format) in the order they are read; format "json" is sniffed on reading."""
    skipped: list[Path] = field(default_factory=list)
    """Files under the given folders that no reader takes (README.md, _SUCCESS, .DS_Store, ...)."""
    reasons: dict[Path, str] = field(default_factory=dict)
    """Why each skipped file is skipped."""

    def skip(self, path: Path, reason: str) -> None:
        self.skipped.append(path)
        self.reasons[path] = reason


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
            # Not only regular files: a dangling symlink or a socket in the archive is listed as skipped.
            candidates = sorted(p for p in path.rglob("*") if not p.is_dir())
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
            if hidden:
                found.skip(candidate, "hidden or a marker file (its path has a part starting with '.' or '_')")
            elif not candidate.is_file():
                found.skip(candidate, "a dangling symlink (its target does not exist)" if candidate.is_symlink()
                           else "not a regular file")
            elif (chosen := _format_of(candidate, fmt, named_explicitly)) is None:
                wanted = "any format" if fmt == "auto" else f"format {fmt!r}"
                found.skip(candidate, f"no reader for files ending {_ending(candidate)!r} under {wanted}")
            else:
                found.files.append((candidate, chosen))
    return found


def _ending(path: Path) -> str:
    """".jsonl" for chats.jsonl, ".jsonl.gz" for chats.jsonl.gz."""
    suffixes = [s.lower() for s in path.suffixes]
    if len(suffixes) >= 2 and suffixes[-1] == ".gz":
        return "".join(suffixes[-2:])
    return suffixes[-1] if suffixes else ""


def _format_of(path: Path, fmt: str, named_explicitly: bool) -> str | None:
    suffix = _ending(path)
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
    paths: Sequence[str | Path],
    fmt: str = "auto",
    *,
    column_map: dict[str, str] | None = None,
    max_text_chars: int = 20_000,
    batch_rows: int = 50_000,
    default_tenant: str = "default",
    privacy: Mode = "mask",
) -> ArchiveReading:
    """Validated batches of the archive at `paths` (files or folders, read recursively).

    column_map renames archive columns/keys of JSONL, CSV and Parquet to archivist's ({"customer_id": "scope"}).
    privacy is mask | drop | keep (tasks/ingest/privacy.py): credentials never leave this function in clear
    unless it is `keep`. Files no reader takes are skipped with a reason (`ArchiveReading.skipped`); see
    `discover_files` to list them beforehand.
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
        log.info("skipped %s: %s", skipped, archive.reasons.get(skipped, f"not an archive file for format {fmt!r}"))
    return ArchiveReading(archive, column_map, max_text_chars, batch_rows, default_tenant, privacy)


class ArchiveReading:
    """The batches of one archive (iterate once), and what became of each file, complete once iterated."""

    def __init__(self, archive: ArchiveFiles, column_map: dict[str, str], max_text_chars: int, batch_rows: int,
                 default_tenant: str, privacy: Mode):
        self._archive = archive
        self._options = (column_map, max_text_chars, batch_rows, default_tenant)
        self.privacy: Mode = privacy
        self._policy = None if privacy == "keep" else load_privacy()
        self.skipped: list[tuple[Path, str]] = [(p, archive.reasons.get(p, "")) for p in archive.skipped]
        """Files no reader takes, with the reason: found by discovery, or on reading (a .json of no known kind)."""
        self.unreadable: list[tuple[Path, str]] = []
        """Files that could not be read to their end; each is also one quarantine row with the reason."""
        self.files_read = 0
        """Files a reader took (unreadable ones included, skipped ones not)."""
        self.masked = MaskCounts()

    def __iter__(self) -> Iterator[Batch]:
        column_map, max_text_chars, batch_rows, default_tenant = self._options
        pending: list[tuple[pl.DataFrame, pl.DataFrame, int]] = []
        pending_rows = 0
        for path, fmt in self._archive.files:
            self.files_read += 1
            for staged, said_at_required in self._staged_chunks(path, fmt, column_map, batch_rows, default_tenant):
                records, quarantine = validate(staged, max_text_chars=max_text_chars,
                                               said_at_required=said_at_required)
                # Right after validation: nothing downstream (tables, caches, model requests) sees a secret.
                records, quarantine, counts = mask_batch(records, quarantine, self.privacy, self._policy)
                self.masked = _added(self.masked, counts)
                if pending and pending_rows + staged.height > batch_rows:
                    yield _gathered(pending, pending_rows)
                    pending, pending_rows = [], 0
                pending.append((records, quarantine, counts.turns_dropped))
                pending_rows += staged.height
        if pending:
            yield _gathered(pending, pending_rows)

    def _staged_chunks(self, path: Path, fmt: str, column_map: dict[str, str], batch_rows: int,
                       default_tenant: str) -> Iterator[tuple[pl.DataFrame, bool]]:
        """(staged chunk, whether said_at is required) for one file; a file that breaks ends in a problem row."""
        source_file = path.resolve().as_posix()
        try:
            if fmt == "jsonl":
                for chunk in read_jsonl(path, source_file=source_file, column_map=column_map, batch_rows=batch_rows):
                    yield chunk, True
            elif fmt == "csv":
                for chunk in read_csv(path, source_file=source_file, column_map=column_map, batch_rows=batch_rows):
                    yield chunk, True
            elif fmt == "parquet":
                for chunk in read_parquet(path, source_file=source_file, column_map=column_map,
                                          batch_rows=batch_rows):
                    yield chunk, True
            else:
                yield from self._document_chunks(path, fmt, source_file, batch_rows, default_tenant)
        except FILE_ERRORS as err:
            yield self._unreadable(path, source_file, f"cannot read the file ({_error_text(err)}); the records "
                                   "before this point were kept; check that the file is complete and readable"), True
        except (pl.exceptions.PolarsError, pa.ArrowException) as err:
            yield self._unreadable(path, source_file, f"cannot read the file as {fmt} ({_error_text(err)}); the "
                                   "records before this point were kept; check that the file is complete and of "
                                   "that format"), True

    def _unreadable(self, path: Path, source_file: str, reason: str) -> pl.DataFrame:
        log.warning("%s: %s", path, reason)
        self.unreadable.append((path, reason))
        return file_problem_row(source_file, reason)

    def _document_chunks(self, path: Path, fmt: str, source_file: str, batch_rows: int,
                         default_tenant: str) -> Iterator[tuple[pl.DataFrame, bool]]:
        try:
            document = load_document(path)
        except (ValueError, RecursionError) as err:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            yield unreadable_document_row(path, source_file, err), False
            return
        try:
            detected = sniff_document(document)
        except UnrecognisedDocument as err:
            if fmt != "json":
                raise ArchiveReadError(f"{path} is not a {fmt} document: {err}; check --format") from err
            log.warning("skipped %s: %s", path, err)
            self.skipped.append((path, f"a JSON document of no known kind: {err}"))
            self.files_read -= 1
            return
        if fmt != "json" and detected != fmt:
            raise ArchiveReadError(f"{path} looks like {detected}, not {fmt}; pass --format {detected} or auto")
        chunks = stage_document(document, detected, path=path, source_file=source_file,
                                default_tenant=default_tenant, batch_rows=batch_rows)
        try:
            for chunk in chunks:
                yield chunk, detected not in _SAID_AT_OPTIONAL
        except (KeyError, AttributeError, TypeError, IndexError) as err:
            reason = (f"malformed {detected} document ({type(err).__name__}: {err}); the turns before this point "
                      f"were kept; compare the file with the {detected} layout in tasks/ingest/read/documents.py")
            yield self._unreadable(path, source_file, reason), False


def file_problem_row(source_file: str, problem: str) -> pl.DataFrame:
    """One quarantine-bound row standing for a whole file (source_line null, raw empty)."""
    row = (None,) * len(ARCHIVE_FIELDS) + (source_file, None, "", problem)
    return pl.DataFrame([row], schema=STAGED_SCHEMA, orient="row")


def _error_text(err: BaseException) -> str:
    text = " ".join(str(err).split())[:300]
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def _added(total: MaskCounts, counts: MaskCounts) -> MaskCounts:
    kinds = dict(total.kinds)
    for kind, n in counts.kinds:
        kinds[kind] = kinds.get(kind, 0) + n
    return MaskCounts(total.turns_masked + counts.turns_masked, total.turns_dropped + counts.turns_dropped,
                      total.quarantine_masked + counts.quarantine_masked, tuple(sorted(kinds.items())))


def _gathered(pending: list[tuple[pl.DataFrame, pl.DataFrame, int]], rows: int) -> Batch:
    records = pl.concat([r for r, _, _ in pending], how="vertical") if len(pending) > 1 else pending[0][0]
    quarantine = pl.concat([q for _, q, _ in pending], how="vertical") if len(pending) > 1 else pending[0][1]
    return Batch(records=records, quarantine=quarantine, records_read=rows, dropped=sum(d for _, _, d in pending))
