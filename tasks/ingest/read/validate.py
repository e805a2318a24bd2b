"""Validation shared by every reader: staged rows in, valid records and quarantine rows out.

Readers turn an archive into *staged* frames: the record fields as the archive gave them (strings, except
where a columnar format already carries a type), where each row came from, its raw text, and `problem`, a
reason found while parsing (unparseable JSON, invalid UTF-8, a wrong JSON type, a ragged CSV row). This module
checks the rest with vectorised Polars expressions, so one bad record never costs its neighbours anything.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime, time
from functools import partial

import polars as pl

from archivist.ids import ID_BYTES, content_id
from archivist.storage.schemas import RECORD_COLUMNS
from archivist.vocab import ROLES

ID_FIELDS = ("tenant", "scope", "conversation_id")
REQUIRED_FIELDS = ("tenant", "scope", "conversation_id", "turn_index", "role", "text")
# The archive fields a record is read from, in the order of the CSV header the README documents.
ARCHIVE_FIELDS = ("tenant", "scope", "conversation_id", "turn_index", "speaker", "role", "text", "said_at")

UTC_TIMESTAMP = pl.Datetime("us", "UTC")
RECORD_SCHEMA = pl.Schema(
    {
        "turn_id": pl.Utf8,
        "tenant": pl.Utf8,
        "scope": pl.Utf8,
        "conversation_id": pl.Utf8,
        "turn_index": pl.Int64,
        "speaker": pl.Utf8,
        "role": pl.Utf8,
        "text": pl.Utf8,
        "said_at": UTC_TIMESTAMP,
        "source_file": pl.Utf8,
        "source_line": pl.Int64,
    }
)
if list(RECORD_SCHEMA) != RECORD_COLUMNS:
    raise RuntimeError("tasks/read/validate.py RECORD_SCHEMA no longer follows storage.schemas.RECORD_COLUMNS; "
                       "update it to the same columns in the same order")

QUARANTINE_SCHEMA = pl.Schema(
    {"quarantine_id": pl.Utf8, "source_file": pl.Utf8, "source_line": pl.Int64, "raw": pl.Utf8, "reason": pl.Utf8}
)
# What every reader yields. `said_at` and `turn_index` may arrive typed from Parquet; `raw` may be a Struct of
# the original columns, rendered as JSON only for the rows that end up in quarantine.
STAGED_SCHEMA = pl.Schema(
    {name: pl.Utf8 for name in ARCHIVE_FIELDS}
    | {"source_file": pl.Utf8, "source_line": pl.Int64, "raw": pl.Utf8, "problem": pl.Utf8}
)

# ISO 8601 shapes accepted for said_at, tried in order; a naive time means UTC.
_AWARE_FORMATS = ("%Y-%m-%dT%H:%M:%S%.f%#z", "%Y-%m-%dT%H:%M%#z")
_NAIVE_FORMATS = ("%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d")
_QUOTED_VALUE_CHARS = 60


def empty_staged() -> pl.DataFrame:
    return pl.DataFrame(schema=STAGED_SCHEMA)


def empty_records() -> pl.DataFrame:
    return pl.DataFrame(schema=RECORD_SCHEMA)


def empty_quarantine() -> pl.DataFrame:
    return pl.DataFrame(schema=QUARANTINE_SCHEMA)


def parse_said_at(values: pl.Series) -> pl.Series:
    """UTC timestamps from ISO 8601 strings (or typed Parquet columns); null where a value does not parse."""
    dtype = values.dtype
    if isinstance(dtype, pl.Datetime):
        if dtype.time_zone is None:
            return values.dt.replace_time_zone("UTC").dt.cast_time_unit("us")
        return values.dt.convert_time_zone("UTC").dt.cast_time_unit("us")
    if dtype == pl.Date:
        return values.cast(pl.Datetime("us")).dt.replace_time_zone("UTC")
    if dtype != pl.Utf8:
        values = values.cast(pl.Utf8, strict=False)
    # The common case, one clean ISO 8601 shape with an offset, takes a single pass.
    parsed = _to_utc(values, _AWARE_FORMATS[0], aware=True)
    if not _unparsed(parsed, values).any():
        return parsed
    # "2026-10-05 10:00:00" is as common in exports as the "T" form.
    text = values.str.strip_chars().str.replace(r"^(\d{4}-\d{2}-\d{2}) ", "${1}T")
    for fmt, aware in [(f, True) for f in _AWARE_FORMATS] + [(f, False) for f in _NAIVE_FORMATS]:
        parsed = parsed.fill_null(_to_utc(text, fmt, aware=aware))
        if not _unparsed(parsed, values).any():
            break
    return parsed


def _to_utc(text: pl.Series, fmt: str, *, aware: bool) -> pl.Series:
    parsed = text.str.to_datetime(fmt, strict=False, time_unit="us", exact=True)
    # A naive time is read as UTC.
    return parsed.dt.convert_time_zone("UTC") if aware else parsed.dt.replace_time_zone("UTC")


def _unparsed(parsed: pl.Series, values: pl.Series) -> pl.Series:
    return parsed.is_null() & values.is_not_null()


def _quoted(column: str) -> pl.Expr:
    """The value of `column` for a reason message: quoted, and cut short when long."""
    value = pl.col(column).cast(pl.Utf8)
    short = pl.when(value.str.len_chars() > _QUOTED_VALUE_CHARS).then(
        value.str.slice(0, _QUOTED_VALUE_CHARS) + "…"
    ).otherwise(value)
    return pl.lit("'") + short + pl.lit("'")


def _turn_index_as_int(staged: pl.DataFrame) -> pl.Expr:
    if staged.schema["turn_index"].is_integer():
        return pl.col("turn_index").cast(pl.Int64)
    # Integral strings ("7") are accepted; "7.0", "abc" and JSON booleans are not integers.
    return pl.col("turn_index").cast(pl.Utf8).str.strip_chars().cast(pl.Int64, strict=False)


def _blank(column: str) -> pl.Expr:
    # A regex scan stops at the first visible character: cheaper than stripping every string.
    return ~pl.col(column).str.contains(r"\S")


def _is_bad_expr(max_text_chars: int, said_at_required: bool) -> pl.Expr:
    """True where a row fails any check: the cheap pass every row takes."""
    failures = [pl.col("problem").is_not_null()]
    for field in ID_FIELDS:
        failures.append(pl.col(field).is_null() | _blank(field))
    failures += [
        pl.col("_turn_index").is_null() | (pl.col("_turn_index") < 0),
        pl.col("_role").is_null() | ~pl.col("_role").is_in(sorted(ROLES)),
        pl.col("text").is_null() | _blank("text") | (pl.col("text").str.len_chars() > max_text_chars),
        pl.col("said_at").is_not_null() & pl.col("_said_at").is_null(),
    ]
    if said_at_required:
        failures.append(pl.col("said_at").is_null())
    return pl.any_horizontal(failures).fill_null(True)


def _reason_expr(max_text_chars: int, said_at_required: bool) -> pl.Expr:
    """Every problem of a row, joined with '; ': worded only for the rows that failed."""
    checks: list[pl.Expr] = []
    for field in ID_FIELDS:
        checks.append(pl.when(pl.col(field).is_null()).then(pl.lit(f"missing {field}")))
        checks.append(pl.when(_blank(field)).then(pl.lit(f"empty {field}")))
    turn_index = pl.col("_turn_index")
    checks.append(pl.when(pl.col("turn_index").is_null()).then(pl.lit("missing turn_index")))
    checks.append(
        pl.when(pl.col("turn_index").is_not_null() & turn_index.is_null()).then(
            pl.lit("wrong type: turn_index is ") + _quoted("turn_index") + pl.lit(", expected an integer")
        )
    )
    checks.append(
        pl.when(turn_index < 0).then(
            pl.lit("bad turn_index ") + turn_index.cast(pl.Utf8) + pl.lit(": expected 0 or more")
        )
    )
    role = pl.col("_role")
    checks.append(pl.when(pl.col("role").is_null()).then(pl.lit("missing role")))
    checks.append(
        pl.when(role.is_not_null() & ~role.is_in(sorted(ROLES))).then(pl.lit("unknown role ") + _quoted("role"))
    )
    text_chars = pl.col("text").str.len_chars()
    checks.append(pl.when(pl.col("text").is_null()).then(pl.lit("missing text")))
    checks.append(pl.when(_blank("text")).then(pl.lit("empty text")))
    checks.append(
        pl.when(text_chars > max_text_chars).then(
            pl.lit(f"text longer than {max_text_chars} characters (") + text_chars.cast(pl.Utf8) + pl.lit(")")
        )
    )
    if said_at_required:
        checks.append(pl.when(pl.col("said_at").is_null()).then(pl.lit("missing said_at")))
    checks.append(
        pl.when(pl.col("said_at").is_not_null() & pl.col("_said_at").is_null()).then(
            pl.lit("bad timestamp ") + _quoted("said_at") + pl.lit(" in said_at")
        )
    )
    found = pl.concat_str(checks, separator="; ", ignore_nulls=True)
    # A problem found while parsing explains the row on its own; the field checks would only add noise.
    return pl.coalesce(pl.col("problem"), pl.when(found != "").then(found), pl.lit("invalid record"))


def turn_ids(records: pl.DataFrame) -> pl.Series:
    """content_id(tenant, scope, conversation_id, turn_index, text) for every row, fast.

    Polars joins the parts exactly as content_id does (each part followed by the 0x1F separator), so the
    Python loop is left with one blake2b call per row (a quarter to a half of the time of content_id per row).
    """
    keys = records.select(
        pl.concat_str(
            [pl.col("tenant"), pl.col("scope"), pl.col("conversation_id"), pl.col("turn_index").cast(pl.Utf8),
             pl.col("text"), pl.lit("")],
            separator="\x1f",
        ).cast(pl.Binary)
    ).to_series()
    hasher = partial(hashlib.blake2b, digest_size=ID_BYTES)
    return pl.Series("turn_id", [hasher(key).hexdigest() for key in keys.to_list()], dtype=pl.Utf8)


def validate(staged: pl.DataFrame, *, max_text_chars: int, said_at_required: bool) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Split staged rows into valid records (RECORD_SCHEMA) and quarantine rows (QUARANTINE_SCHEMA)."""
    if staged.is_empty():
        return empty_records(), empty_quarantine()
    checked = staged.with_columns(
        _turn_index=_turn_index_as_int(staged),
        _role=pl.col("role").str.strip_chars().str.to_lowercase(),
        _said_at=parse_said_at(staged["said_at"]),
    ).with_columns(_bad=_is_bad_expr(max_text_chars, said_at_required))
    valid = checked.filter(~pl.col("_bad"))
    records = valid.select(
        pl.col("tenant"),
        pl.col("scope"),
        pl.col("conversation_id"),
        pl.col("_turn_index").alias("turn_index"),
        # A speaker is optional; the role names whoever spoke when the archive does not.
        pl.when(pl.col("speaker").str.contains(r"\S"))
        .then(pl.col("speaker"))
        .otherwise(pl.col("_role"))
        .alias("speaker"),
        pl.col("_role").alias("role"),
        pl.col("text"),
        pl.col("_said_at").alias("said_at"),
        pl.col("source_file"),
        pl.col("source_line"),
    )
    records = records.with_columns(turn_ids(records)).select(RECORD_COLUMNS).cast(RECORD_SCHEMA)
    bad = checked.filter(pl.col("_bad"))
    return records, _quarantine_rows(bad.with_columns(_reason=_reason_expr(max_text_chars, said_at_required)))


def _raw_text(raw: pl.Series) -> pl.Series:
    """The raw record as text; a columnar row (a struct of its original columns) as one JSON object."""
    if not isinstance(raw.dtype, pl.Struct):
        return raw.cast(pl.Utf8)
    # In Python rather than Polars' json_encode, which cannot write every Parquet type (binary columns panic).
    texts = [json.dumps(row, ensure_ascii=False, default=_json_value) for row in raw.to_list()]
    return pl.Series("raw", texts, dtype=pl.Utf8)


def _json_value(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "backslashreplace")
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return str(value)


def _quarantine_rows(bad: pl.DataFrame) -> pl.DataFrame:
    if bad.is_empty():
        return empty_quarantine()
    rows = bad.select("source_file", "source_line", _raw_text(bad["raw"]), pl.col("_reason").alias("reason"))
    # Few rows land here, so content_id itself keys them: one definition of the id, no second implementation.
    keys = rows.select("source_file", "source_line", "raw").iter_rows()
    ids = [content_id(file, line, raw) for file, line, raw in keys]
    return (
        rows.with_columns(pl.Series("quarantine_id", ids, dtype=pl.Utf8))
        .select(list(QUARANTINE_SCHEMA))
        .cast(QUARANTINE_SCHEMA)
    )
