"""Relative and partial dates in a message, resolved against the message's own date.

`find_dates(text, reference)` returns every date phrase it recognises with the calendar date it names, and
`resolve_date(phrase, reference)` does the same for one phrase (an LLM's "date" field, say). The rules, so
that a resolved date can be explained:

- today / tonight / this morning -> the reference day; yesterday / last night -> one day before;
  the day before yesterday -> two days before; tomorrow -> one day after; the day after tomorrow -> two.
- "N days|weeks|months|years ago" and "in N ..." / "N ... from now": calendar arithmetic from the
  reference (a month from 31 March is 30 April: the day is clamped to the month's length). N may be a
  numeral, a number word, "a"/"an", "a couple of" (2), "a few" or "several" (3).
- last / this / next week|month|year -> the first day of that period (weeks start on Monday), so a fact
  from "last month" said on 15 October carries 1 September. "earlier this week" is this week's Monday.
- last / this / next weekend, "this past weekend", "over the weekend" -> that weekend's Saturday.
- "last Friday" -> the latest Friday strictly before the reference; "next Friday" -> the first Friday
  strictly after it; "this Friday" -> the Friday of the reference's week; a bare "on Friday" looks back
  unless the sentence speaks of the future (will, going to, next, tomorrow, planning ...), then forward.
- month names: "in March", "last March", "March 5th", "5 March 2024", "March 2024"; without a year a month
  looks back (the latest March on or before the reference month) unless the sentence is about the
  future, then forward. An ISO date (2024-03-05) is taken as written. "in 2019" / "back in 2019" -> 1 Jan.

Each `DateMention` says its precision (day, week, month, year) so nobody mistakes 1 September for a day.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

Precision = Literal["day", "week", "month", "year"]


@dataclass(frozen=True)
class DateMention:
    start: int
    end: int
    phrase: str
    value: date
    precision: Precision

    @property
    def iso(self) -> str:
        return self.value.isoformat()


WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
MONTH_ABBREVIATIONS = {name[:3]: number for number, name in enumerate(MONTHS, start=1)} | {"sept": 9}
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3,
}
UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}

_NUMBER = r"(?P<n>\d{1,3}|a couple of|a couple|couple of|a few|several|" + "|".join(
    sorted((w for w in NUMBER_WORDS if " " not in w), key=len, reverse=True)) + r")"
_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?|years?)"
_WEEKDAY = r"(?P<weekday>" + "|".join(WEEKDAYS) + r")"
_WEEKDAY_OR_ABBREVIATION = r"(?P<weekday>" + "|".join(WEEKDAYS) + r"|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b\.?"
WEEKDAY_ABBREVIATIONS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                         "sat": 5, "sun": 6}
_MONTH = r"(?P<month>" + "|".join(MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"

# Tried in order at each position; the longest phrase wins where two overlap.
PATTERNS: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(pattern, re.IGNORECASE)) for name, pattern in [
    ("iso", r"\b(?P<year>(?:19|20)\d\d)-(?P<mo>[01]\d)-(?P<day>[0-3]\d)\b"),
    ("day_before_yesterday", r"\b(?:the )?day before yesterday\b"),
    ("day_after_tomorrow", r"\b(?:the )?day after tomorrow\b"),
    ("yesterday", r"\b(?:yesterday|last night)\b"),
    ("today", r"\b(?:(?:earlier |later )?today|tonight|this (?:morning|afternoon|evening))\b"),
    ("tomorrow", r"\btomorrow\b"),
    ("ago", r"\b" + _NUMBER + r" " + _UNIT + r" (?:ago|back|before now)\b"),
    ("ahead", r"\b(?:in|within) " + _NUMBER + r" " + _UNIT + r"(?:'s|s')?(?: time)?\b"),
    ("from_now", r"\b" + _NUMBER + r" " + _UNIT + r" from (?:now|today)\b"),
    ("weekend", r"\b(?P<rel>last|this past|this|next|over the|the) weekend\b"),
    # Abbreviations only after last/next/this: a bare "sat" or "sun" is far more often not a day.
    ("rel_weekday", r"\b(?P<rel>last|this past|this|next|this coming) " + _WEEKDAY_OR_ABBREVIATION),
    ("period", r"\b(?P<rel>last|this|next|earlier this|later this|the past|the previous) "
               r"(?P<period>week|month|year)\b"),
    ("month_day_year", r"\b" + _MONTH + r" " + _DAY + r"(?:,? " + _YEAR + r")?\b"),
    ("day_month_year", r"\b" + _DAY + r" (?:of )?" + _MONTH + r"(?:,? " + _YEAR + r")?\b"),
    ("rel_month", r"\b(?P<rel>last|this|next|this past|this coming) " + _MONTH + r"\b"),
    ("month_year", r"\b(?:(?:in|since|during|back in|early|late|mid) |mid-)?" + _MONTH + r",? " + _YEAR + r"\b"),
    ("in_month", r"\b(?:(?:in|since|during|back in|early|late|mid|by|until) |mid-)" + _MONTH + r"\b"),
    ("year", r"\b(?:in|since|back in|during|from|by) " + _YEAR + r"\b"),
    ("weekday", r"\b(?:on |since |by |until )?" + _WEEKDAY + r"\b"),
]]

_ANY_DATE_WORD = re.compile(
    r"\b(?:ago|back|yesterday|today|tonight|tomorrow|last|next|this|weekend|week|month|year|day|fortnight|"
    r"morning|afternoon|evening|night|time|now|" + "|".join(WEEKDAYS) + "|" + "|".join(MONTHS) +
    r"|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|\d{1,4})",
    re.IGNORECASE,
)
FUTURE_CUES = re.compile(
    r"\b(?:will|'ll|shall|going to|gonna|planning|plan to|plans to|intend|hope to|hoping to|about to|next|"
    r"tomorrow|upcoming|soon|looking forward|can't wait|cannot wait|scheduled|booked|is coming|are coming|"
    r"starts|in \w+ (?:days|weeks|months)|from now|"
    r"(?:am|'m|are|'re|is|'s) (?:moving|going|starting|leaving|switching|getting|travelling|traveling|flying|"
    r"visiting|upgrading|cancelling|canceling|changing|coming|heading))\b",
    re.IGNORECASE,
)


def speaks_of_future(text: str) -> bool:
    """True when the sentence is about something still to come (decides "on Friday", "in March")."""
    return bool(FUTURE_CUES.search(text))


def find_dates(text: str, reference: date, *, future: bool | None = None) -> list[DateMention]:
    """Every date phrase in `text`, left to right, resolved against `reference` (the message's date)."""
    if not _ANY_DATE_WORD.search(text):  # most sentences name no date: one search instead of twenty
        return []
    if future is None:
        future = speaks_of_future(text)
    found: list[DateMention] = []
    for name, pattern in PATTERNS:
        for match in pattern.finditer(text):
            value = _resolve(name, match, reference, future)
            if value is not None:
                found.append(DateMention(match.start(), match.end(), match.group(0), value[0], value[1]))
    found.sort(key=lambda m: (m.start, -(m.end - m.start)))
    kept: list[DateMention] = []
    for mention in found:  # the longest phrase at a position wins; overlapping shorter ones are dropped
        if kept and mention.start < kept[-1].end:
            continue
        kept.append(mention)
    return kept


def date_at_start(text: str) -> int:
    """The length of a date phrase that opens `text` ("Last week, I ..."), 0 if none does."""
    if not _ANY_DATE_WORD.search(text[:60]):
        return 0
    for _, pattern in PATTERNS:
        match = pattern.match(text)
        if match:
            return match.end()
    return 0


def resolve_date(phrase: str, reference: date, *, future: bool | None = None) -> date | None:
    """The date one phrase names ("last Friday", "2024-03-05", "in March"), or None if none is recognised."""
    mentions = find_dates(phrase, reference, future=future)
    return mentions[0].value if mentions else None


ISO_PARTIAL = re.compile(r"^\s*(?P<year>(?:19|20)\d\d)(?:-(?P<mo>0[1-9]|1[0-2]))?\s*$")
"""A year ("2019") or a month ("2019-03") written as ISO: what a model's date field gives at that precision."""


def resolve_date_mention(phrase: str, reference: date | None, *, future: bool | None = None) -> DateMention | None:
    """Like `resolve_date`, with the precision kept; a bare ISO year or month ("2019", "2019-03") is read at
    that precision (its first day stands for it: nobody should read 1 January as a day)."""
    partial = ISO_PARTIAL.match(phrase)
    if partial:
        month = partial.group("mo")
        value = date(int(partial.group("year")), int(month) if month else 1, 1)
        return DateMention(0, len(phrase), phrase, value, "month" if month else "year")
    if reference is None:
        return None
    mentions = find_dates(phrase, reference, future=future)
    return mentions[0] if mentions else None


def add_months(day: date, months: int) -> date:
    """`day` moved by whole calendar months, the day clamped to the target month's length."""
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


# -- resolution of each pattern ------------------------------------------------------------------------


def _resolve(name: str, m: re.Match[str], ref: date, future: bool) -> tuple[date, Precision] | None:
    try:
        return _RESOLVERS[name](m, ref, future)
    except (ValueError, OverflowError):  # 31 February and friends: not a date, so no mention
        return None


def _count(m: re.Match[str]) -> int:
    raw = m.group("n").lower()
    return int(raw) if raw.isdigit() else NUMBER_WORDS[raw]


def _shift(ref: date, n: int, unit: str) -> tuple[date, Precision]:
    unit = unit.lower().rstrip("s")
    if unit == "month":
        return add_months(ref, n), "day"
    if unit == "year":
        return add_months(ref, 12 * n), "day"
    return ref + timedelta(days=n * UNIT_DAYS[unit]), "day"


def _month_number(m: re.Match[str]) -> int:
    raw = m.group("month").lower().rstrip(".")
    return MONTHS.index(raw) + 1 if raw in MONTHS else MONTH_ABBREVIATIONS[raw[:4] if raw == "sept" else raw[:3]]


def _year_for_month(month: int, ref: date, future: bool, day: int | None = None) -> int:
    """The year of a month named without one: the latest on or before the reference, or the next if future."""
    if future:
        ahead = month > ref.month or (month == ref.month and (day is None or day >= ref.day))
        return ref.year if ahead else ref.year + 1
    behind = month < ref.month or (month == ref.month and (day is None or day <= ref.day))
    return ref.year if behind else ref.year - 1


def _weekday_relative(rel: str, weekday: int, ref: date, future: bool) -> date:
    rel = rel.lower()
    if rel in ("this", "this coming"):
        if rel == "this coming":
            return ref + timedelta(days=(weekday - ref.weekday() - 1) % 7 + 1)
        return week_start(ref) + timedelta(days=weekday)
    if rel == "next" or (rel == "" and future):
        return ref + timedelta(days=(weekday - ref.weekday() - 1) % 7 + 1)
    return ref - timedelta(days=(ref.weekday() - weekday - 1) % 7 + 1)  # last, this past, bare (past)


def _weekday_number(name: str) -> int:
    name = name.lower().rstrip(".")
    return WEEKDAYS.index(name) if name in WEEKDAYS else WEEKDAY_ABBREVIATIONS[name]


def _iso(m, ref, future):
    return date(int(m.group("year")), int(m.group("mo")), int(m.group("day"))), "day"


def _period(m, ref, future):
    rel, period = m.group("rel").lower(), m.group("period").lower()
    step = {"last": -1, "the past": -1, "the previous": -1, "next": 1}.get(rel, 0)
    if period == "week":
        return week_start(ref) + timedelta(weeks=step), "week"
    if period == "month":
        return add_months(ref.replace(day=1), step), "month"
    return date(ref.year + step, 1, 1), "year"


def _weekend(m, ref, future):
    rel = m.group("rel").lower()
    saturday = week_start(ref) + timedelta(days=5)
    if rel in ("last", "this past"):
        return saturday - timedelta(weeks=1), "day"
    if rel == "next":
        return saturday + timedelta(weeks=1), "day"
    if rel == "this":
        return saturday, "day"
    # "over the weekend", "the weekend": the latest one (this week's once it has begun), or the coming one.
    if future:
        return (saturday if ref <= saturday + timedelta(days=1) else saturday + timedelta(weeks=1)), "day"
    return (saturday if ref >= saturday else saturday - timedelta(weeks=1)), "day"


def _month_day(m, ref, future):
    month, day = _month_number(m), int(m.group("day"))
    if not 1 <= day <= 31:
        return None
    year = int(m.group("year")) if m.group("year") else _year_for_month(month, ref, future, day)
    return date(year, month, day), "day"


def _rel_month(m, ref, future):
    rel, month = m.group("rel").lower(), _month_number(m)
    if rel in ("last", "this past"):
        year = ref.year if month < ref.month else ref.year - 1
    elif rel in ("next", "this coming"):
        year = ref.year if month > ref.month else ref.year + 1
    else:
        year = ref.year
    return date(year, month, 1), "month"


def _month_year(m, ref, future):
    return date(int(m.group("year")), _month_number(m), 1), "month"


def _in_month(m, ref, future):
    month = _month_number(m)
    if m.group("month").lower() == "may" and m.group(0).lower().startswith(("by ", "until ")):
        return None  # "... by may", "until may": too likely the verb; "in May" is safe
    return date(_year_for_month(month, ref, future), month, 1), "month"


def _weekday(m, ref, future):
    return _weekday_relative("", WEEKDAYS.index(m.group("weekday").lower()), ref, future), "day"


_RESOLVERS = {
    "iso": _iso,
    "day_before_yesterday": lambda m, ref, future: (ref - timedelta(days=2), "day"),
    "day_after_tomorrow": lambda m, ref, future: (ref + timedelta(days=2), "day"),
    "yesterday": lambda m, ref, future: (ref - timedelta(days=1), "day"),
    "today": lambda m, ref, future: (ref, "day"),
    "tomorrow": lambda m, ref, future: (ref + timedelta(days=1), "day"),
    "ago": lambda m, ref, future: _shift(ref, -_count(m), m.group("unit")),
    "ahead": lambda m, ref, future: _shift(ref, _count(m), m.group("unit")),
    "from_now": lambda m, ref, future: _shift(ref, _count(m), m.group("unit")),
    "weekend": _weekend,
    "rel_weekday": lambda m, ref, future: (
        _weekday_relative(m.group("rel"), _weekday_number(m.group("weekday")), ref, future), "day"),
    "period": _period,
    "month_day_year": _month_day,
    "day_month_year": _month_day,
    "rel_month": _rel_month,
    "month_year": _month_year,
    "in_month": _in_month,
    "year": lambda m, ref, future: (date(int(m.group("year")), 1, 1), "year"),
    "weekday": _weekday,
}
