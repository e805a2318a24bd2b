"""Columnar archives: Parquet (row groups streamed by pyarrow) and CSV (streamed row by row).

CSV goes through Python's `csv` module rather than Polars' CSV reader: only a row-by-row reader can tell which
physical line a ragged row or an invalid UTF-8 byte came from, and quarantine that row alone.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from archivist.tasks.ingest.read.files import open_binary
from archivist.tasks.ingest.read.validate import ARCHIVE_FIELDS, ID_FIELDS, REQUIRED_FIELDS, STAGED_SCHEMA

_UTF8_BOM = "\ufeff"
_EXPECTED_COLUMN_TYPE = {"turn_index": "integers", "said_at": "timestamps or ISO 8601 strings"}


def _archive_names(column_map: dict[str, str]) -> dict[str, str]:
    """archivist field -> the archive column it is read from."""
    return {field: field for field in ARCHIVE_FIELDS} | {target: source for source, target in column_map.items()}


def _missing_columns_problem(present: set[str], names: dict[str, str]) -> str | None:
    missing = [names[field] for field in REQUIRED_FIELDS if names[field] not in present]
    return "; ".join(f"missing column {name}" for name in missing) or None


def _repeated_columns_problem(header: list[str], names: dict[str, str]) -> str | None:
    """A column archivist reads that the header names twice: which one holds the value is anyone's guess."""
    read = set(names.values())
    repeated = sorted({name for name in header if name in read and header.count(name) > 1})
    if not repeated:
        return None
    return (f"duplicate column {', '.join(repr(n) for n in repeated)} in the header: the record is ambiguous; "
            "fix the export so that each column appears once")


# -- Parquet --------------------------------------------------------------------------------------------


def read_parquet(
    path: Path, *, source_file: str, column_map: dict[str, str], batch_rows: int
) -> Iterator[pl.DataFrame]:
    names = _archive_names(column_map)
    archive = pq.ParquetFile(path)
    present = set(archive.schema_arrow.names)
    problem = _missing_columns_problem(present, names)
    first_row = 1
    for batch in archive.iter_batches(batch_size=batch_rows):
        frame = pl.from_arrow(batch)
        assert isinstance(frame, pl.DataFrame)
        yield _stage_frame(frame, names, problem, source_file, first_row)
        first_row += frame.height


def _stage_frame(frame: pl.DataFrame, names: dict[str, str], problem: str | None, source_file: str,
                 first_row: int) -> pl.DataFrame:
    columns: list[pl.Expr] = []
    problems: list[pl.Expr] = [pl.lit(problem, dtype=pl.Utf8)]
    for field in ARCHIVE_FIELDS:
        name = names[field]
        if name not in frame.columns:
            columns.append(pl.lit(None, dtype=pl.Utf8).alias(field))
            continue
        dtype = frame.schema[name]
        column = pl.col(name)
        if field == "turn_index" and (dtype.is_integer() or dtype == pl.Utf8):
            columns.append(column.alias(field))
        elif field == "said_at" and (isinstance(dtype, pl.Datetime) or dtype in (pl.Date, pl.Utf8)):
            columns.append(column.alias(field))
        elif dtype == pl.Utf8 or dtype == pl.Null:
            columns.append(column.cast(pl.Utf8).alias(field))
        elif dtype.is_integer() and field in (*ID_FIELDS, "speaker"):
            columns.append(column.cast(pl.Utf8).alias(field))
        elif dtype == pl.Binary:
            decoded, invalid = _decode_utf8(frame[name])
            columns.append(pl.lit(decoded).alias(field))
            problems.append(pl.when(pl.lit(invalid)).then(pl.lit(f"invalid UTF-8 in {name}")))
        else:
            # A whole column of the wrong type (text stored as numbers, say): every row says so.
            expected = _EXPECTED_COLUMN_TYPE.get(field, "strings")
            columns.append(pl.lit(None, dtype=pl.Utf8).alias(field))
            reason = f"wrong type: column {name} holds {dtype}, expected {expected}"
            problems.append(pl.when(column.is_not_null()).then(pl.lit(reason)))
    return frame.select(
        *columns,
        source_file=pl.lit(source_file, dtype=pl.Utf8),
        source_line=pl.int_range(first_row, first_row + frame.height, dtype=pl.Int64),
        # The original row, kept as a struct: it becomes JSON text only if the row is quarantined.
        raw=pl.struct(pl.all()),
        problem=pl.concat_str(problems, separator="; ", ignore_nulls=True).replace("", None),
    )


def _decode_utf8(values: pl.Series) -> tuple[pl.Series, pl.Series]:
    """Text of a binary column, and where it is not UTF-8 (Polars' cast fails the whole column instead)."""
    texts, invalid = [], []
    for value in values.to_list():
        try:
            texts.append(None if value is None else value.decode("utf-8"))
            invalid.append(False)
        except UnicodeDecodeError:
            texts.append(None)
            invalid.append(True)
    return pl.Series(texts, dtype=pl.Utf8), pl.Series(invalid, dtype=pl.Boolean)


# -- CSV ------------------------------------------------------------------------------------------------


def read_csv(path: Path, *, source_file: str, column_map: dict[str, str], batch_rows: int) -> Iterator[pl.DataFrame]:
    """Staged frames of at most `batch_rows` records; source_line is the line a record starts on."""
    names = _archive_names(column_map)
    with open_binary(path) as handle:
        lines = _DecodedLines(handle)
        reader = csv.reader(lines)
        header: list[str] | None = None
        positions: dict[str, int] = {}
        problem: str | None = None
        rows: list[tuple] = []
        while True:
            start = lines.line_number + 1
            try:
                fields = next(reader)
            except StopIteration:
                break
            except csv.Error as err:
                record_lines = lines.take_record()
                rows.append(_problem_row(source_file, start, "".join(record_lines).rstrip("\r\n"),
                                         f"unparseable CSV row: {err}"))
                continue
            record_lines = lines.take_record()
            raw = "".join(record_lines).rstrip("\r\n")
            if not fields:
                continue  # a blank line is not a record
            if header is None:
                header = [name.removeprefix(_UTF8_BOM).strip() for name in fields]
                positions = {name: i for i, name in enumerate(header)}
                problem = _missing_columns_problem(set(header), names) or _repeated_columns_problem(header, names)
                continue
            bad_byte = lines.invalid_utf8_byte(start, lines.line_number)
            if bad_byte is not None:
                rows.append(_problem_row(source_file, start, raw, f"invalid UTF-8 at byte {bad_byte}"))
            elif len(fields) != len(header):
                rows.append(_problem_row(source_file, start, raw,
                                         f"ragged row: {len(fields)} fields where the header has {len(header)}"))
            else:
                values = tuple(_csv_value(fields, positions.get(names[field])) for field in ARCHIVE_FIELDS)
                rows.append(values + (source_file, start, raw, problem))
            if len(rows) >= batch_rows:
                yield pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row")
                rows = []
        if rows:
            yield pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row")


def _csv_value(fields: list[str], position: int | None) -> str | None:
    # CSV cannot tell an empty field from an absent one; both mean "no value".
    if position is None or fields[position] == "":
        return None
    return fields[position]


def _problem_row(source_file: str, line_number: int, raw: str, problem: str) -> tuple:
    return (None,) * len(ARCHIVE_FIELDS) + (source_file, line_number, raw, problem)


class _DecodedLines:
    """Physical lines of a binary file, decoded for `csv.reader`, remembering where UTF-8 was invalid."""

    def __init__(self, handle):
        self._handle = handle
        self.line_number = 0
        self._record: list[str] = []
        self._invalid: dict[int, int] = {}  # line number -> offset of the first invalid byte

    def __iter__(self):
        return self

    def __next__(self) -> str:
        line = next(self._handle)
        self.line_number += 1
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as err:
            self._invalid[self.line_number] = err.start
            text = line.decode("utf-8", "backslashreplace")
        self._record.append(text)
        return text

    def take_record(self) -> list[str]:
        """The physical lines read since the last call: the lines of the record just parsed."""
        record, self._record = self._record, []
        return record

    def invalid_utf8_byte(self, first_line: int, last_line: int) -> int | None:
        for number in range(first_line, last_line + 1):
            if number in self._invalid:
                return self._invalid.pop(number)
        return None
