"""JSON Lines: one message per line, streamed in chunks of lines.

Fast path: Polars parses a whole chunk with an explicit all-string schema. When Polars rejects the chunk (one
unparseable line fails all of it), the chunk is re-read in small pieces and only the pieces that still fail
are parsed line by line with `json`, so a bad line never loses its valid neighbours and a clean archive never
pays for Python parsing.

Both paths must reach the same verdict on every line, or a record would change with its neighbours. Polars
keeps the first of two equal keys and `json` the last, so a line that repeats a key archivist reads (also
when spelt with escapes such as \\u0074) is rejected on both, as is a line nested deeper than MAX_JSON_DEPTH:
the fast path sends such lines to `json`, which words the reason.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import polars as pl

from archivist.errors import ArchivistError
from archivist.tasks.ingest.read.files import open_binary
from archivist.tasks.ingest.read.validate import ARCHIVE_FIELDS, ID_FIELDS, STAGED_SCHEMA, empty_staged

# When a chunk fails, it is re-read in pieces of this many lines and only failing pieces line by line: small
# enough that a bad line sends few good ones through the slow parser, large enough that the Polars calls stay
# few (an archive with 1 bad line in 1,000 reads about 2-3x slower than a clean one).
_PIECE_LINES = 256
# With a string schema Polars renders 42 as "42", true as "true" and {"a": 1} as '{"a": 1}'. For turn_index,
# role and said_at that is harmless: the line-by-line parser renders them alike (json.dumps) and validation
# rejects what is not an integer, a role or a timestamp. JSON numbers are accepted as ids and speakers. What
# remains is a string that may once have been an object, an array, a boolean, or (for text) a number: such
# rows are re-read with `json`, which knows the original type. Real text that merely looks like one ("42")
# costs only that second read.
_COERCED_VALUE_PATTERN = {
    "text": r"^(?s:-?[0-9][0-9.eE+-]*|\{.*\}|\[.*\]|true|false)$",
    **{field: r"^(?s:\{.*\}|\[.*\]|true|false)$" for field in (*ID_FIELDS, "speaker")},
}
_RENDERED_AS_JSON = frozenset({"turn_index", "role", "said_at"})
# Archive exports often carry numeric ids; a JSON number is accepted where these string fields are expected.
_NUMBER_FRIENDLY = frozenset(ID_FIELDS) | {"speaker"}
_SURROGATES = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_UTF8_BOM = b"\xef\xbb\xbf"
MAX_JSON_DEPTH = 100
"""Deeper lines are quarantined: a record is flat, and a line nested 10,000 deep would exhaust the stack."""
# An escaped printable ASCII character (\u0074 is "t"): the only way to spell a key so that the key search of
# the fast path misses it, and rare in real exports, which escape only non-ASCII text.
_ESCAPED_ASCII = r"\\u00[2-7][0-9a-fA-F]"
_OPENERS = r"[\[{]"
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


def read_jsonl(path: Path, *, source_file: str, column_map: dict[str, str], batch_rows: int) -> Iterator[pl.DataFrame]:
    """Staged frames of at most `batch_rows` lines each; blank lines are skipped."""
    archive_key = {target: target for target in ARCHIVE_FIELDS} | {v: k for k, v in column_map.items()}
    with open_binary(path) as handle:
        first_line = 1
        while chunk := list(islice(handle, batch_rows)):
            if first_line == 1 and chunk[0].startswith(_UTF8_BOM):
                chunk[0] = chunk[0][len(_UTF8_BOM):]
            staged = _stage_chunk(chunk, first_line, source_file, archive_key)
            if staged.height:
                yield staged
            first_line += len(chunk)


def _stage_chunk(chunk: list[bytes], first_line: int, source_file: str, archive_key: dict[str, str]) -> pl.DataFrame:
    buffer = b"".join(chunk)
    try:
        text = buffer.decode("utf-8")
    except UnicodeDecodeError:
        return _stage_lines_with_invalid_utf8(chunk, first_line, source_file, archive_key)
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    # Polars' NDJSON reader skips blank lines and reads "\r\n" endings itself; the frame of lines mirrors that.
    numbered = pl.DataFrame({"raw": lines}, schema={"raw": pl.Utf8}).with_columns(
        source_line=pl.int_range(first_line, first_line + len(lines), dtype=pl.Int64)
    )
    if "\r" in text:
        numbered = numbered.with_columns(pl.col("raw").str.strip_suffix("\r"))
    numbered = numbered.filter(pl.col("raw").str.contains(r"\S"))
    if numbered.is_empty():
        return empty_staged()
    try:
        return _parse_with_polars(buffer, numbered["raw"], numbered["source_line"], source_file, archive_key)
    except (pl.exceptions.PolarsError, _RowCountMismatch):
        return _parse_in_pieces(numbered["raw"].to_list(), numbered["source_line"].to_list(), source_file, archive_key)


def _stage_lines_with_invalid_utf8(chunk: list[bytes], first_line: int, source_file: str,
                                   archive_key: dict[str, str]) -> pl.DataFrame:
    texts, numbers, invalid = [], [], []
    for number, line in enumerate(chunk, start=first_line):
        line = line.rstrip(b"\r\n")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as err:
            raw = line.decode("utf-8", "backslashreplace")
            invalid.append(_problem_row(source_file, number, raw, f"invalid UTF-8 at byte {err.start}"))
            continue
        if text.strip():
            texts.append(text)
            numbers.append(number)
    frames = [pl.DataFrame(invalid, schema=STAGED_SCHEMA, orient="row")]
    if texts:
        frames.append(_parse_in_pieces(texts, numbers, source_file, archive_key))
    return pl.concat(frames, how="vertical").sort("source_line")


def _problem_row(source_file: str, line_number: int, raw: str, problem: str) -> tuple[Any, ...]:
    return (None,) * len(ARCHIVE_FIELDS) + (source_file, line_number, raw, problem)


def _parse_in_pieces(
    texts: list[str], numbers: list[int], source_file: str, archive_key: dict[str, str]
) -> pl.DataFrame:
    """Lines that Polars rejected as a whole: small pieces through Polars, the failing pieces line by line."""
    frames = []
    for start in range(0, len(texts), _PIECE_LINES):
        piece, piece_numbers = texts[start:start + _PIECE_LINES], numbers[start:start + _PIECE_LINES]
        try:
            frames.append(_parse_with_polars("\n".join(piece).encode("utf-8"), pl.Series(piece, dtype=pl.Utf8),
                                             pl.Series(piece_numbers, dtype=pl.Int64), source_file, archive_key))
        except (pl.exceptions.PolarsError, _RowCountMismatch):
            frames.append(_parse_line_by_line(piece, piece_numbers, source_file, archive_key))
    return pl.concat(frames, how="vertical") if frames else empty_staged()


class _RowCountMismatch(ArchivistError):
    """Polars read a different number of rows than there were lines: trust the line-by-line parser instead."""


def _parse_with_polars(buffer: bytes, raw: pl.Series, numbers: pl.Series, source_file: str,
                       archive_key: dict[str, str]) -> pl.DataFrame:
    schema = {archive_key[field]: pl.Utf8 for field in ARCHIVE_FIELDS}
    parsed = pl.read_ndjson(io.BytesIO(buffer), schema=schema)
    if parsed.height != raw.len():
        raise _RowCountMismatch
    suspect = pl.any_horizontal(
        [pl.col(name).str.contains(pattern) for name, pattern in _COERCED_VALUE_PATTERN.items()]
        + [_ambiguous_line(raw, archive_key)]
    )
    # One lazy query: for small pieces the fixed cost of each eager step would outweigh the parsing.
    staged = (
        parsed.lazy()
        .rename({archive_key[field]: field for field in ARCHIVE_FIELDS if archive_key[field] != field})
        .with_columns(
            source_file=pl.lit(source_file, dtype=pl.Utf8),
            source_line=pl.lit(numbers),
            raw=pl.lit(raw),
            problem=pl.lit(None, dtype=pl.Utf8),
            _suspect=suspect.fill_null(False),
        )
        .collect()
    )
    suspect_rows = staged["_suspect"]
    staged = staged.select(list(STAGED_SCHEMA))
    if not suspect_rows.any():
        return staged
    reread = staged.filter(suspect_rows)
    reparsed = _parse_line_by_line(reread["raw"].to_list(), reread["source_line"].to_list(), source_file, archive_key)
    return pl.concat([staged.filter(~suspect_rows), reparsed], how="vertical").sort("source_line")


def _parse_line_by_line(
    texts: list[str], numbers: list[int], source_file: str, archive_key: dict[str, str]
) -> pl.DataFrame:
    rows = [_parse_line(text, number, source_file, archive_key) for text, number in zip(texts, numbers, strict=True)]
    return pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row") if rows else empty_staged()


def _ambiguous_line(raw: pl.Series, archive_key: dict[str, str]) -> pl.Expr:
    """Lines the fast path may read differently from `json`: a read key twice, an escaped key, deep nesting.

    Evaluated over the parsed columns (named as archivist's fields): a line that names the read keys more often
    than Polars found values for them repeats one (or gave one a null, which `json` then reads alike)."""
    keys = "|".join(_rust_escape(archive_key[field]) for field in ARCHIVE_FIELDS)
    present = pl.sum_horizontal([pl.col(field).is_not_null().cast(pl.UInt32) for field in ARCHIVE_FIELDS])
    return (
        (pl.lit(raw).str.count_matches(f'"(?:{keys})"\\s*:') > present)
        | pl.lit(raw).str.contains(_ESCAPED_ASCII)
        | (pl.lit(raw).str.count_matches(_OPENERS) > MAX_JSON_DEPTH)
    )


def _rust_escape(name: str) -> str:
    return "".join("\\" + c if c in r"\.+*?()|[]{}^$#&-~" else c for c in name)


def _nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in a JSON line (brackets inside strings do not count)."""
    depth = deepest = 0
    for char in _STRINGS.sub('""', text):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _load_object(text: str) -> tuple[Any, list[str]]:
    """The parsed line and the keys its outermost object repeats (json itself keeps the last silently)."""
    repeated: list[str] = []

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        # The outermost object is the last one json finishes, so this ends holding its repeats.
        repeated[:] = [key for key, _ in pairs if key in seen or seen.add(key)]
        return dict(pairs)

    return json.loads(text, object_pairs_hook=pairs_hook), repeated


def _parse_line(text: str, number: int, source_file: str, archive_key: dict[str, str]) -> tuple[Any, ...]:
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _nesting_depth(text) > MAX_JSON_DEPTH:
        return _problem_row(source_file, number, text[:2000],
                            f"unparseable JSON: nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        message, repeated = _load_object(text)
    except json.JSONDecodeError as err:
        return _problem_row(source_file, number, text, f"unparseable JSON: {err.msg} (column {err.colno})")
    except RecursionError:
        return _problem_row(source_file, number, text[:2000],
                            f"unparseable JSON: nested deeper than {MAX_JSON_DEPTH} levels")
    if not isinstance(message, dict):
        return _problem_row(source_file, number, text,
                            f"unparseable JSON: expected an object per line, got {_json_kind(message)}")
    ambiguous = sorted({key for key in repeated if key in set(archive_key.values())})
    if ambiguous:
        keys = ", ".join(repr(key) for key in ambiguous)
        return _problem_row(source_file, number, text,
                            f"duplicate key {keys}: the record is ambiguous (readers disagree on which value "
                            "counts); fix the export so that each key appears once")
    values: list[Any] = []
    problems: list[str] = []
    # json accepts lone "\ud800" escapes that no UTF-8 column can hold; Polars turns them into U+FFFD too.
    may_hold_surrogates = _SURROGATE_ESCAPE.search(text) is not None
    for field in ARCHIVE_FIELDS:
        value = message.get(archive_key[field])
        if value is None:
            values.append(None)
        elif isinstance(value, str):
            values.append(_SURROGATES.sub("\ufffd", value) if may_hold_surrogates else value)
        elif field in _RENDERED_AS_JSON or (field in _NUMBER_FRIENDLY and type(value) in (int, float)):
            # Rendered as Polars renders it, so both paths accept, or word a problem, alike.
            values.append(str(value) if type(value) is int else json.dumps(value, ensure_ascii=False))
        else:
            values.append(None)
            problems.append(f"wrong type: {field} is {_short_json(value)}, expected a string")
    problem = "; ".join(problems) or None
    return tuple(values) + (source_file, number, text, problem)


def _json_kind(value: Any) -> str:
    kinds = {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else kinds.get(type(value), type(value).__name__)


def _short_json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:60] + "…"
