"""The day a thing of the person's comes round (tasks/extract/schedules.py), and the readings that must not take
a day or a word for a value: a day of the month is no payment method, "bank holidays" name no bank, a number
that measures how late a thing is holds no value."""

from __future__ import annotations

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import TurnContext


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def read(extractor: LocalExtractor, text: str, role: str = "customer") -> list[tuple[str, str, str | None]]:
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker=role, role=role, text=text, said_at=None)
    return [(f.relation, f.text, f.temporal_status) for f in extractor.extract([turn])[0]]


@pytest.mark.parametrize(("text", "role", "relation", "fact"), [
    ("my direct debit comes out on the 1st of the month", "customer", "attribute_payment_day",
     "customer's payment day is the 1st of the month"),
    ("Lovely, I've moved your direct debit date to the 15th.", "agent", "attribute_payment_day",
     "customer's payment day is the 15th"),
    ("Per our records your Universal Credit payment date is the 14th of each month.", "agent",
     "attribute_payment_day", "customer's payment day is the 14th of each month"),
    ("Your deliveries are on Tuesday, and the courier can leave it in a safe place.", "agent",
     "attribute_delivery_day", "customer's deliveries are on Tuesday"),
    ("No worries, I've moved your delivery day to Friday.", "agent", "attribute_delivery_day",
     "customer's delivery day is Friday"),
    ("my bin collection day is Thursday", "customer", "attribute_collection_day",
     "customer's bin collection day is Thursday"),
])
def test_a_day_that_comes_round_is_the_value_of_its_things_schedule(extractor, text, role, relation, fact) -> None:
    assert (relation, fact, "current") in read(extractor, text, role)


@pytest.mark.parametrize("text", [
    "my payment date is next week",  # one calendar date is a moment
    "my parcel comes on Tuesday",  # one delivery
    "the due date is the 5th",  # nobody's
    "I moved my delivery day to Friday but the parcel never came",
])
def test_a_single_date_or_an_errand_is_no_schedule(extractor, text) -> None:
    assert [r for r in read(extractor, text) if r[0].endswith("_day") and "parcel" in r[1]] == []
    if "moved" not in text:
        assert [r for r in read(extractor, text) if r[0].endswith("_day")] == []


def test_moving_a_thing_to_a_day_is_no_move_of_home(extractor) -> None:
    assert [r for r in read(extractor, "I moved my delivery day to Friday") if r[0] == "address"] == []
    assert [r for r in read(extractor, "I moved my appointment to Leeds") if r[0] == "address"] == []
    assert ("address", "customer lives at 4 Elm Road, Bath", "current") in read(
        extractor, "we moved house to 4 Elm Road, Bath")


def test_a_day_of_the_month_is_no_payment_method(extractor) -> None:
    assert [r for r in read(extractor, "i get paid on the 12th.") if r[0] == "payment_method"] == []
    assert ("payment_method", "customer pays with direct debit", "current") in read(
        extractor, "I pay by direct debit on the 1st")


def test_the_word_bank_alone_names_no_bank(extractor) -> None:
    assert [r for r in read(extractor, "You get 25 days annual leave a year plus bank holidays.", "agent")
            if r[0] == "bank"] == []
    assert [r for r in read(extractor, "last month it bounced and i got charged a bank fee") if r[0] == "bank"] == []
    assert ("bank", "customer banks with Metro Bank", "current") in read(extractor, "I bank with Metro Bank")


@pytest.mark.parametrize("text", ["my router is 2 years old", "my phone is 3 weeks late"])
def test_a_number_that_measures_a_state_is_no_value(extractor, text) -> None:
    assert read(extractor, text) == []


@pytest.mark.parametrize(("text", "address"), [
    ("box was late again. it goes to 22 Fennel Lane, Norwich", "22 Fennel Lane, Norwich"),
    ("boxes go to 5 Heron Way, can the driver ring the bell", "5 Heron Way"),
])
def test_where_a_regular_delivery_goes_is_the_persons_address(extractor, text, address) -> None:
    assert ("address", f"customer's deliveries go to {address}", "current") in read(extractor, text)


@pytest.mark.parametrize("text", [
    "my parcel went to 5 Heron Way",  # once, in the past
    "can it go to 5 Heron Way",  # asked for
    "my sister's post goes to 5 Heron Way",  # someone else's
])
def test_one_delivery_or_someone_elses_gives_no_address_of_the_person(extractor, text) -> None:
    assert [r for r in read(extractor, text) if r[0] == "address" and r[1].startswith("customer's deliveries")] == []
