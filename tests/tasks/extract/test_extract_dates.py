"""Relative dates resolve against the message's date, across month and year boundaries."""

from __future__ import annotations

from datetime import date

import pytest

from archivist.tasks.extract.dates import add_months, date_at_start, find_dates, resolve_date, speaks_of_future

THU_2026_10_15 = date(2026, 10, 15)
NEW_YEARS_DAY_2026 = date(2026, 1, 1)  # a Thursday
LEAP_2024_03_31 = date(2024, 3, 31)  # a Sunday


@pytest.mark.parametrize(
    "phrase, reference, expected",
    [
        ("yesterday", THU_2026_10_15, "2026-10-14"),
        ("yesterday", NEW_YEARS_DAY_2026, "2025-12-31"),
        ("last night", date(2026, 3, 1), "2026-02-28"),
        ("last night", date(2024, 3, 1), "2024-02-29"),
        ("the day before yesterday", NEW_YEARS_DAY_2026, "2025-12-30"),
        ("today", THU_2026_10_15, "2026-10-15"),
        ("this morning", THU_2026_10_15, "2026-10-15"),
        ("tomorrow", date(2025, 12, 31), "2026-01-01"),
        ("the day after tomorrow", date(2026, 2, 27), "2026-03-01"),
        ("last Friday", THU_2026_10_15, "2026-10-09"),
        ("last Friday", NEW_YEARS_DAY_2026, "2025-12-26"),
        ("last Thursday", THU_2026_10_15, "2026-10-08"),  # never the reference day itself
        ("last Tues", date(2023, 7, 20), "2023-07-18"),
        ("next Friday", THU_2026_10_15, "2026-10-16"),
        ("next Thursday", THU_2026_10_15, "2026-10-22"),
        ("this Monday", THU_2026_10_15, "2026-10-12"),
        ("on Saturday", date(2026, 10, 14), "2026-10-10"),  # a past-tense sentence looks back
        ("last weekend", THU_2026_10_15, "2026-10-10"),
        ("last weekend", date(2026, 10, 12), "2026-10-10"),  # said on a Monday: two days ago
        ("next weekend", THU_2026_10_15, "2026-10-24"),
        ("last week", THU_2026_10_15, "2026-10-05"),  # the Monday of last week
        ("last week", date(2026, 1, 3), "2025-12-22"),
        ("next week", date(2025, 12, 30), "2026-01-05"),
        ("last month", THU_2026_10_15, "2026-09-01"),
        ("last month", date(2026, 1, 20), "2025-12-01"),
        ("next month", date(2025, 12, 15), "2026-01-01"),
        ("this month", THU_2026_10_15, "2026-10-01"),
        ("last year", THU_2026_10_15, "2025-01-01"),
        ("next year", THU_2026_10_15, "2027-01-01"),
        ("two weeks ago", date(2026, 3, 5), "2026-02-19"),
        ("two weeks ago", date(2026, 1, 7), "2025-12-24"),
        ("3 days ago", date(2026, 3, 2), "2026-02-27"),
        ("a few days ago", THU_2026_10_15, "2026-10-12"),
        ("a couple of weeks ago", THU_2026_10_15, "2026-10-01"),
        ("a month ago", LEAP_2024_03_31, "2024-02-29"),  # the day is clamped to February's length
        ("a month ago", date(2025, 3, 31), "2025-02-28"),
        ("six months ago", date(2026, 2, 10), "2025-08-10"),
        ("a year ago", date(2024, 2, 29), "2023-02-28"),
        ("in two weeks", date(2025, 12, 25), "2026-01-08"),
        ("in a couple of weeks", NEW_YEARS_DAY_2026, "2026-01-15"),
        ("in 3 months", date(2026, 11, 30), "2027-02-28"),
        ("two days from now", date(2026, 12, 31), "2027-01-02"),
        ("in 2019", THU_2026_10_15, "2019-01-01"),
        ("back in 2019", THU_2026_10_15, "2019-01-01"),
        ("2024-03-05", THU_2026_10_15, "2024-03-05"),
        ("March 5th, 2024", THU_2026_10_15, "2024-03-05"),
        ("5 March 2024", THU_2026_10_15, "2024-03-05"),
        ("in March 2025", THU_2026_10_15, "2025-03-01"),
        ("last March", THU_2026_10_15, "2026-03-01"),
        ("last March", date(2026, 2, 1), "2025-03-01"),
        ("last October", THU_2026_10_15, "2025-10-01"),
        ("next March", THU_2026_10_15, "2027-03-01"),
    ],
)
def test_a_phrase_resolves_against_the_message_date(phrase, reference, expected):
    assert resolve_date(phrase, reference) == date.fromisoformat(expected)


@pytest.mark.parametrize(
    "sentence, reference, expected",
    [
        ("I moved there in March.", THU_2026_10_15, "2026-03-01"),  # a month already past this year
        ("I moved there in November.", THU_2026_10_15, "2025-11-01"),  # not yet this year: last year's
        ("I'm moving in March.", THU_2026_10_15, "2027-03-01"),  # the future looks forward
        ("I'm moving in November.", THU_2026_10_15, "2026-11-01"),
        ("I will call on Friday.", THU_2026_10_15, "2026-10-16"),
        ("I called on Friday.", THU_2026_10_15, "2026-10-09"),
        ("My birthday is on 5 March.", date(2026, 3, 10), "2026-03-05"),
        ("We are going on 20 December.", date(2026, 12, 28), "2027-12-20"),
    ],
)
def test_months_and_weekdays_without_a_year_follow_the_tense(sentence, reference, expected):
    mentions = find_dates(sentence, reference)
    assert [m.value for m in mentions] == [date.fromisoformat(expected)]


def test_mentions_keep_their_position_phrase_and_precision():
    text = "I moved to Leeds last week and my router died yesterday."
    mentions = find_dates(text, THU_2026_10_15)
    assert [(m.phrase, m.iso, m.precision) for m in mentions] == [
        ("last week", "2026-10-05", "week"), ("yesterday", "2026-10-14", "day")]
    assert text[mentions[0].start : mentions[0].end] == "last week"


def test_the_longest_phrase_wins_where_two_overlap():
    mentions = find_dates("the day before yesterday", THU_2026_10_15)
    assert [m.phrase for m in mentions] == ["the day before yesterday"]


@pytest.mark.parametrize("text", [
    "I live at 14 Harbour Street, Leeds.",  # a house number is not a year
    "My card number is 4111 1111 1111 1111.",
    "I may switch later.",  # "may" the verb
    "I sat on the sofa and the sun came out.",  # abbreviations only count after last/next/this
    "Thanks, that fixed it.",
])
def test_no_date_where_there_is_none(text):
    assert find_dates(text, THU_2026_10_15) == []


def test_an_unrecognised_phrase_resolves_to_none():
    assert resolve_date("some time soon", THU_2026_10_15) is None
    assert resolve_date("on 31 February", THU_2026_10_15) is None  # not a date at all


def test_add_months_clamps_the_day():
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert add_months(date(2026, 12, 15), 1) == date(2027, 1, 15)
    assert add_months(date(2026, 1, 15), -1) == date(2025, 12, 15)


def test_future_detection_and_a_leading_date_phrase():
    assert speaks_of_future("I'm going to upgrade next week")
    assert speaks_of_future("I will cancel it")
    assert not speaks_of_future("I moved last week")
    assert date_at_start("Last week, I moved") == len("Last week")
    assert date_at_start("I moved last week") == 0
