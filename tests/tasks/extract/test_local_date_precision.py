"""The embedded extractor gives a self-dated statement's precision, as the LLM extractor does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract import LocalExtractor, TurnContext, fact_time

SAID_AT = datetime(2026, 10, 15, 10, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def only(extractor: LocalExtractor, text: str):
    found = extractor.extract([TurnContext(turn_id="turn-1", tenant="acme", scope="cust-1", speaker="Maria",
                                           role="customer", text=text, said_at=SAID_AT)])[0]
    assert len(found) == 1, [f.text for f in found]
    return found[0]


@pytest.mark.parametrize("text, said_at, precision", [
    ("I lived in Boston back in 2019.", "2019-01-01", "year"),
    ("I moved to Leeds last year.", "2025-01-01", "year"),
    ("I moved to Leeds in March.", "2026-03-01", "month"),  # a month without a year looks back
    ("I moved to 14 Harbour Street, Leeds last month.", "2026-09-01", "month"),
    ("I started working at Acme last week.", "2026-10-05", "week"),
    ("I moved to 14 Harbour Street, Leeds on 3 May 2024.", "2024-05-03", "day"),
])
def test_a_statement_that_dates_itself_carries_its_precision(extractor, text, said_at, precision):
    fact = only(extractor, text)
    assert (fact.said_at, fact.date_precision) == (said_at, precision)
    assert fact_time(fact, SAID_AT) == datetime.fromisoformat(said_at).replace(tzinfo=UTC)  # midnight of that day


def test_a_statement_dated_by_its_message_has_no_precision(extractor):
    fact = only(extractor, "I live at 8 Elm Road, York.")
    assert (fact.said_at, fact.date_precision) == ("2026-10-15", None)
    assert fact_time(fact, SAID_AT) == SAID_AT
