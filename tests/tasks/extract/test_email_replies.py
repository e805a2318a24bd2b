"""Email-style support replies (tasks/extract/voices.py and the readers behind it): the agent states the account's
value in a helpdesk's formal voice, with reference codes, "our records show", the organisation's name for "you",
a semicolon before the next thing done, and a sign-off. Each must give the customer's fact; what only looks like
one (a question about a value, a car's model name, a product one stays on) must not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import ContextMessage, TurnContext

SAID = datetime(2026, 8, 3, 9, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def read(extractor: LocalExtractor, text: str, role: str = "agent",
         previous: tuple[ContextMessage, ...] = ()) -> list[tuple[str, str]]:
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker=role, role=role, text=text, said_at=SAID,
                       previous=previous, conversation_id="c-1")
    return [(f.relation, f.text) for f in extractor.extract([turn])[0]]


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("Dear Gemma,\n\nThank you for getting in touch (ref ELC-204417). I can confirm your electricity account is on "
     "our Fixed Saver 12 tariff, at 24.6p per kWh with a daily standing charge of 51p.\n\nKind regards,\nTom",
     "plan", "customer is on the Fixed Saver 12 tariff"),
    ("Your policy MTR-55810 currently carries a total excess of £250 for accidental damage claims.",
     "attribute_excess", "customer's total excess is £250"),
    ("Your current account has an arranged overdraft limit of £500.", "attribute_limit",
     "customer's arranged overdraft limit is £500"),
    ("Your current lease vehicle under agreement LSE-30921 is a Kia Niro EV, registration LK71 XRT.", "vehicle",
     "customer drives a Kia Niro EV, registration LK71 XRT"),
    ("Under contract FL-66120 you lease a Toyota Corolla Cross 1.8 Hybrid, with an allowance of 20,000 km per year.",
     "vehicle", "customer drives a Toyota Corolla Cross 1.8 Hybrid"),
    ("Agreement LSE-30921 now shows the Skoda Enyaq, registration LN24 HFD; the Kia Niro has been replaced.",
     "vehicle", "customer drives a Skoda Enyaq, registration LN24 HFD"),
    ("Our records show your GP practice as Riverside Medical Centre, Canal Street.", "doctor",
     "customer's practice is Riverside Medical Centre, Canal Street"),
    ("Your GP practice is now recorded as Parkview Surgery and future correspondence will be copied there.",
     "doctor", "customer's practice is Parkview Surgery"),
    ("Your manager on record is Helen Okafor, Director of Client Services; I've sent her a reminder about the "
     "pending request.", "attribute_manager", "customer's manager is Helen Okafor, Director of Client Services"),
    ("Your work location on record is our Leeds office at Wellington Place.", "attribute_location",
     "customer's work location is Leeds office at Wellington Place"),
    ("Statements for your savings account ending 4471 are dispatched to Flat 302, Sai Residency, Koregaon Park, "
     "Pune 411001.", "address", "customer lives at Flat 302, Sai Residency, Koregaon Park"),
    ("As requested, the statement address for your account ending 4471 has been updated to B-14, Orchid Heights, "
     "Baner, Pune 411045.", "address", "customer lives at B-14, Orchid Heights, Baner, Pune 411045"),
    ("I can confirm your electricity account moved from Fixed Saver 12 to Green Flex today.", "plan",
     "customer is on the Green Flex plan"),
    ("Invoices for your workspace go to your billing contact, finance@larkspur.io.", "contact",
     "customer's email is finance@larkspur.io"),
    ("I've increased your seat count from 40 to 65 with immediate effect.", "attribute_seat_count",
     "customer's seat count is 65"),
])
def test_a_formal_reply_states_the_accounts_value(extractor, text, relation, fact) -> None:
    assert (relation, fact) in read(extractor, text)


def test_the_organisation_the_customer_signs_with_is_the_customer(extractor) -> None:
    signed = ContextMessage("customer", "customer", "Good day,\n\nPlease confirm our seats.\n\nRegards,\nThabo "
                            "Mokoena\nIT Manager, Karoo Freight", SAID)
    text = "Good day Thabo,\n\nKaroo Freight currently has 40 licensed seats on the annual plan, of which 37 are " \
           "assigned.\n\nKind regards,\nNaledi"
    facts = read(extractor, text, previous=(signed,))
    assert ("attribute_seat_count", "customer's annual plan has 40 licensed seats") in facts
    assert read(extractor, text) == []  # without the signature the company is someone else


def test_a_billing_contact_is_one_fact_not_an_open_attribute_too(extractor) -> None:
    assert read(extractor, "My billing contact is now accounts-payable@larkspur.io.", "customer") == [
        ("contact", "customer's email is accounts-payable@larkspur.io")]


@pytest.mark.parametrize("text", [
    "I'm going through our bills and wanted to check which electricity tariff we're on at 9 Wren Close.",
    "Please confirm how many seats we are paying for on our Helix account.",
])
def test_a_question_about_a_value_inside_a_request_states_none(extractor, text) -> None:
    assert read(extractor, text, "customer") == []


@pytest.mark.parametrize(("text", "unwanted"), [
    ("I drive a Toyota Corolla Cross 1.8 Hybrid.", "work_location"),   # the car's name, not how one works
    ("We're staying on Okta ourselves.", "address"),                   # a product, not a street
])
def test_a_word_that_only_looks_like_a_value_gives_none(extractor, text, unwanted) -> None:
    assert unwanted not in [relation for relation, _ in read(extractor, text, "customer")]


def test_how_one_works_and_where_one_lives_still_read(extractor) -> None:
    assert ("work_location", "customer works hybrid") in read(extractor, "I work hybrid now.", "customer")
    assert ("address", "customer lives at Hartley Road") in read(extractor, "I live on Hartley Road.", "customer")
    assert [r for r, _ in read(extractor, "This isn't acceptable when we both work from home.", "customer")] == [
        "work_location"]
