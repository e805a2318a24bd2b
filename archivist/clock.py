"""Time in one convention: every stored and compared moment is an aware datetime in UTC.

`to_utc` is the one normaliser (a naive moment is read as UTC, never as local time), `utcnow` the one clock,
`iso` the one text form, and `parse_moment` the one reading of a moment a user types on the command line.
Like the rest of the bottom layer it imports nothing of the project above it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from archivist.errors import TerminalError


class MomentError(TerminalError, ValueError):
    """Text that is not an ISO 8601 date or time; the message shows the forms that are."""


def to_utc(moment: datetime) -> datetime:
    """`moment` as an aware UTC datetime; a naive one is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def to_utc_or_none(moment: datetime | None) -> datetime | None:
    return None if moment is None else to_utc(moment)


def utcnow() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 text of the UTC moment (`2024-03-05T14:00:00+00:00`); None stays None."""
    return None if moment is None else to_utc(moment).isoformat()


def parse_moment(text: str) -> datetime:
    """A moment typed by a user: an ISO 8601 date or date-time; a time without a zone is UTC.

    The rule for a bare date: `2026-11-01` is the START of that day, 2026-11-01T00:00:00 UTC, exactly what
    `datetime.fromisoformat` and every ISO 8601 reader make of it, and the same instant as writing the time out.
    A date is therefore an abbreviation of one instant, never a range, and every command reads it the same:
    `rescore --since 2026-11-01` takes statements said on or after midnight (all of 1 November), and
    `facts --as-of 2026-11-01` / `recall --as-of 2026-11-01` show the store as it stood when 1 November began.
    The end-of-day reading was rejected because it makes the same text mean two instants a day apart in
    `--since` and `--as-of`; to include all of day D in an as-of view, pass the next day or `DT23:59:59`.
    Raises `MomentError` (a ValueError) that names the accepted forms.
    """
    cleaned = text.strip()
    try:
        if len(cleaned) == 10:  # YYYY-MM-DD
            return datetime.combine(date.fromisoformat(cleaned), time.min, tzinfo=UTC)
        return to_utc(datetime.fromisoformat(cleaned.replace("Z", "+00:00").replace("z", "+00:00")))
    except ValueError as err:
        raise MomentError(
            f"{text!r} is not an ISO 8601 date or time; write 2026-11-01, 2026-11-01T14:00 or 2026-11-01T14:00Z"
        ) from err
