"""Medicines and their doses (tasks/extract/doses.py), and counts held on an account ("40 seats on the annual
license"): a dose beside a medicine's name is that medicine's dose now, whoever of customer and agent says it; a
dose that names no medicine takes the one the conversation gives; a plan, a possibility, a denial or someone
else's dose is none."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import ContextMessage, TurnContext

SAID = datetime(2026, 5, 11, 9, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def turn(text: str, role: str = "customer", *, index: int = 0,
         previous: tuple[ContextMessage, ...] = ()) -> TurnContext:
    return TurnContext(turn_id=f"t{index}", tenant="acme", scope="c", speaker=role, role=role, text=text,
                       said_at=SAID + timedelta(minutes=index), previous=previous, conversation_id="c-1")


def read(extractor: LocalExtractor, text: str, role: str = "customer") -> list[tuple[str, str, str]]:
    return [(f.relation, f.object, f.text) for f in extractor.extract([turn(text, role)])[0]]


@pytest.mark.parametrize(("text", "role", "relation", "amount", "fact"), [
    ("repeat for my atorvastatin pls, 20mg at night", "customer", "attribute_atorvastatin", "20mg",
     "customer's atorvastatin is 20mg at night"),
    ("need my metformin repeat, 500mg twice a day", "customer", "attribute_metformin", "500mg",
     "customer's metformin is 500mg twice a day"),
    ("she has reduced my citalopram to 10mg a day, as I'm coming off it slowly", "customer", "attribute_citalopram",
     "10mg", "customer's citalopram is 10mg a day"),
    ("I take 20mg of citalopram every morning", "customer", "attribute_citalopram", "20mg",
     "customer's citalopram is 20mg"),
    ("Thank you, I can see citalopram 20mg on your repeat list.", "agent", "attribute_citalopram", "20mg",
     "customer's citalopram is 20mg"),
    ("I've taken the 20mg off your repeat list and added citalopram 10mg, one each morning.", "agent",
     "attribute_citalopram", "10mg", "customer's citalopram is 10mg"),
])
def test_a_dose_beside_a_medicines_name_is_that_medicines_dose(extractor, text, role, relation, amount,
                                                                fact) -> None:
    assert (relation, amount, fact) in read(extractor, text, role)


@pytest.mark.parametrize("text", [
    "my son takes 5mg of melatonin at bedtime",           # someone else's
    "the GP might put me up to 40mg of citalopram",       # a possibility
    "if the 20mg of sertraline doesn't help we could try 50mg",
    "I'm not taking the 20mg citalopram any more",        # a denial
    "her lisinopril is 10mg a day",                       # another person's
])
def test_a_dose_that_is_not_the_persons_now_gives_no_current_dose(extractor, text) -> None:
    facts = extractor.extract([turn(text)])[0]
    assert [f.text for f in facts if f.object.endswith("mg") and f.temporal_status == "current"] == []


def test_two_ways_of_saying_how_often_are_one_dose(extractor) -> None:
    said = [read(extractor, text, role) for text, role in [
        ("need my metformin repeat, 500mg twice a day", "customer"),
        ("I can see your metformin 500mg twice daily on file.", "agent")]]
    assert {(r[0], r[1]) for r in said[0] if r[0] == "attribute_metformin"} == \
        {(r[0], r[1]) for r in said[1] if r[0] == "attribute_metformin"} == {("attribute_metformin", "500mg")}


def test_a_dose_that_names_no_medicine_takes_the_one_the_conversation_names(extractor) -> None:
    asked = turn("my dose changed, its 1000mg twice a day now, dr walsh upped it at my review", index=0)
    answered = turn("Thanks. I've updated your record so your metformin is now 1000mg twice daily.", "agent",
                    index=1, previous=(ContextMessage("customer", "customer", asked.text, asked.said_at),))
    facts = extractor.extract([asked, answered])
    assert ("attribute_metformin", "1000mg", "customer's metformin is 1000mg twice a day") in \
        [(f.relation, f.object, f.text) for f in facts[0]]


def test_a_dose_with_no_medicine_anywhere_stays_a_dose(extractor) -> None:
    facts = read(extractor, "my dose changed, its 1000mg twice a day now")
    assert [r[0] for r in facts if r[1] == "1000mg"] == ["attribute_dose"]


@pytest.mark.parametrize(("text", "role", "fact"), [
    ("We currently have 40 seats on the annual license and I want to check the renewal.", "customer",
     "customer's annual license has 40 seats"),
    ("I have 3 lines on my account.", "customer", "customer's account has 3 lines"),
    ("I've increased your license from 40 to 65 seats, effective immediately.", "agent",
     "customer's license is 65 seats"),
])
def test_a_count_held_on_an_account_is_the_value_of_what_holds_it(extractor, text, role, fact) -> None:
    assert fact in [r[2] for r in read(extractor, text, role)]


@pytest.mark.parametrize("text", ["We have 4 seats on the 7pm showing.", "I need 2 seats on the 9am train to Leeds"])
def test_seats_at_a_show_or_on_a_train_are_a_booking_not_a_count_held(extractor, text) -> None:
    assert [r for r in read(extractor, text) if "seats" in r[2]] == []
