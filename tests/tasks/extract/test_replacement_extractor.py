"""Stated changes, chat spellings, answers to an agent's question and the new slots of the embedded extractor.

A stated change ("switched", "swapped ... for", "went from X to Y", "... now") is marked `replaces` so that the
write path lets it replace the stored value; a plan, a hypothetical, a negation, a question or a hedge ("for
now") is never marked. The sentences are written here for these mechanisms, not taken from an archive.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.configs.relations import load_relations
from archivist.tasks.extract import ContextMessage, ExtractedFact, LocalExtractor, TurnContext
from archivist.tasks.extract.chat import written_out
from archivist.tasks.extract.grammar import load_grammar
from archivist.tasks.extract.replacement import fold_negations, replaceable

SAID_AT = datetime(2026, 11, 3, 9, 15, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor(read_voices=False)


def facts(extractor: LocalExtractor, text: str, *, agent: str | None = None) -> list[ExtractedFact]:
    previous = (ContextMessage("Agent", "agent", agent, SAID_AT),) if agent else ()
    turn = TurnContext(turn_id="t-1", tenant="acme", scope="c-1", speaker="Customer", role="customer", text=text,
                       said_at=SAID_AT, previous=previous)
    return extractor.extract([turn])[0]


def readings(extractor, text, **kwargs) -> list[tuple[str, str, bool]]:
    found = facts(extractor, text, **kwargs)
    return [(f.relation, f.text, f.replaces) for f in found if f.temporal_status == "current"]


@pytest.mark.parametrize("text, expected", [
    ("We migrated the whole office to the Business Plus plan yesterday.",
     ("plan", "customer is on the Business Plus plan")),
    ("I traded my Galaxy A52 for an iPhone 14.", ("device", "customer has an iPhone 14")),
    # a loyalty grade alone is the grade "a Platinum member" names (configs/extraction.toml loyalty_grades)
    ("Went from Bronze to Platinum last month.", ("membership", "customer is a Platinum member")),
    ("My number is now 07911 123456.", ("contact", "customer's phone number is 07911 123456")),
    ("I use PayPal instead.", ("payment_method", "customer pays with PayPal")),
    ("i converted to direct debit last week", ("payment_method", "customer pays with direct debit")),
    ("we replaced the old hatchback with a Kia Niro.", ("vehicle", "customer drives a Kia Niro")),
])
def test_a_stated_change_is_marked_as_replacing_the_value(extractor, text, expected):
    found = readings(extractor, text)
    assert (*expected, True) in found, found


@pytest.mark.parametrize("text", [
    "I have a Motorola G84.",
    "I'm on the Bronze tier for now.",
    "My partner switched to an iPhone 14.",
    "I used to pay by cheque.",
])
def test_a_plain_statement_a_hedge_or_another_person_is_not_a_change_of_the_persons_value(extractor, text):
    assert not any(replaces and subject == "customer" for subject, replaces in
                   [(f.subject, f.replaces) for f in facts(extractor, text) if f.temporal_status == "current"])


@pytest.mark.parametrize("text", [
    "I'm planning to switch to the Platinum tier.",
    "We could move the account to Starling.",
    "If I changed my number to 07911 000000 would you text me?",
    "Could I switch to PayPal instead?",
    "I haven't changed banks.",
])
def test_plans_hypotheticals_questions_and_negations_are_never_marked(extractor, text):
    assert not any(f.replaces for f in facts(extractor, text)), [(f.text, f.temporal_status) for f in
                                                                 facts(extractor, text)]


def test_no_longer_x_now_y_is_one_change(extractor):
    found = facts(extractor, "I'm no longer on the Duo bundle. I'm on the Premier bundle now.")
    assert [(f.relation, f.object, f.replaces) for f in found] == [("plan", "Premier", True)]  # "bundle" misparsed
    diet = facts(extractor, "not vegetarian any more, I'm flexitarian now")
    assert [(f.text, f.replaces) for f in diet] == [("customer is flexitarian", True)]


def test_a_negation_with_no_new_value_is_kept(extractor):
    [fact] = facts(extractor, "I'm no longer on the Duo bundle.")
    assert fact.text == "customer is no longer on the Duo bundle" and not fact.replaces


def test_fold_only_joins_values_of_one_slot():
    relations = load_relations()
    denial = ExtractedFact("customer", "device", "Pixel 6", "customer does not have the Pixel 6 any more", "q", None,
                           temporal_status="current")
    laptop = ExtractedFact("customer", "device", "ThinkPad X1", "customer has a ThinkPad X1", "q", None,
                           temporal_status="current")
    phone = ExtractedFact("customer", "device", "Pixel 9", "customer has a Pixel 9", "q", None,
                          temporal_status="current")
    assert fold_negations([denial, laptop], relations) == [denial, laptop]  # a laptop does not replace a phone
    folded = fold_negations([denial, phone], relations)
    assert [(f.text, f.replaces) for f in folded] == [("customer has a Pixel 9", True)]
    assert replaceable(relations, "bank", "Barclays", "Starling")
    assert not replaceable(relations, "preference", "hiking", "swimming")


# -- chat spellings and a dropped "I" -----------------------------------------------------------------------

def test_chat_spellings_are_written_out_for_the_parser_and_the_quote_stays_as_typed(extractor):
    g = load_grammar()
    assert written_out("im on the basic plan atm, u know", g) == "I'm on the basic plan at the moment, you know"
    assert written_out("email me at sam.u@ur.example", g) == "email me at sam.u@ur.example"
    [fact] = facts(extractor, "im on the gold plan atm")
    assert (fact.text, fact.quote) == ("customer is on the gold plan", "im on the gold plan atm")


def test_a_dropped_subject_is_the_writer(extractor):
    assert ("device", "customer has an iPhone 14", True) in readings(
        extractor, "Swapped my Galaxy A52 for an iPhone 14 on Friday, works great.")
    assert ("plan", "customer is on the premium plan", True) in readings(extractor, "finally upgraded to premium")


# -- answers to the agent's question ------------------------------------------------------------------------

@pytest.mark.parametrize("agent, text, expected", [
    ("Could you confirm your postcode and address?", "Yes, 21 Mill Lane, Bath.",
     ("address", "customer lives at 21 Mill Lane, Bath", False)),
    ("And the best number to reach you on?", "it's 0161 496 0000",
     ("contact", "customer's phone number is 0161 496 0000", False)),
    ("What email address should we use?", "That changed, it's now ana@post.example.",
     ("contact", "customer's email is ana@post.example", True)),
    ("Can you confirm the address on the account?", "It's 9 Dock Row, Hull now, we moved in May.",
     ("address", "customer lives at 9 Dock Row, Hull", True)),
    # the confirmation before the value is no part of it
    ("Can you confirm the address we have for you?", "Yes, that is right, 418 Maple Street.",
     ("address", "customer lives at 418 Maple Street", False)),
])
def test_an_answer_to_the_agents_question_fills_the_slot_it_asked_for(extractor, agent, text, expected):
    assert expected in readings(extractor, text, agent=agent)


@pytest.mark.parametrize("agent, text", [
    ("Can you confirm your address?", "Yes, that's right."),
    ("Can I take a contact number?", "It's fine, just email me."),
    ("How was your day?", "14 Elm Grove, Cardiff."),
])
def test_an_answer_that_gives_no_value_of_the_slot_states_nothing_about_it(extractor, agent, text):
    assert not [f for f in facts(extractor, text, agent=agent) if f.relation in ("address", "contact")]


def test_a_date_alone_is_no_address(extractor):
    assert not [f for f in facts(extractor, "We moved in June.") if f.relation == "address"]


# -- slots of their own ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("My laptop runs Windows 10.", ("operating_system", "customer's laptop runs Windows 10")),
    ("I upgraded to macOS 14 yesterday.", ("operating_system", "customer uses macOS 14")),
    ("I drive a Vauxhall Corsa.", ("vehicle", "customer drives a Vauxhall Corsa")),
    ("I bank with Nationwide.", ("bank", "customer banks with Nationwide")),
    ("I moved my current account to Starling.", ("bank", "customer banks with Starling")),
    ("The delivery address is 4 Quay Side, Leith.", ("delivery_address",
                                                     "customer's delivery address is 4 Quay Side, Leith")),
])
def test_new_slots_are_their_own_relations(extractor, text, expected):
    assert expected in [(r, t) for r, t, _ in readings(extractor, text)]


def test_an_email_keeps_its_pronoun_like_parts(extractor):
    [fact] = facts(extractor, "My email is now jo@mail.me.")
    assert fact.text == "customer's email is jo@mail.me"
