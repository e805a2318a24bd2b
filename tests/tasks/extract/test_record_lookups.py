"""What an agent or a bot reads off the record, names in passing, or refuses: the readings of tasks/extract/record.py,
mentioned.py and refused.py, the agent openers of configs/contracts.toml, and values the parser must keep whole."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.mentioned import named_holdings
from archivist.tasks.extract.record import record_values
from archivist.tasks.extract.types import ContextMessage, TurnContext

SAID = datetime(2026, 10, 15, 10, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def chat(*turns: tuple[str, str], conversation: str = "c1") -> list[TurnContext]:
    """Turns of one conversation, each with the messages before it."""
    made, before = [], []
    for n, (role, text) in enumerate(turns):
        said = SAID + timedelta(minutes=n)
        made.append(TurnContext(turn_id=f"t{n}", tenant="acme", scope="s1", speaker=role, role=role, text=text,
                                said_at=said, previous=tuple(before[-10:]), conversation_id=conversation))
        before.append(ContextMessage(role, role, text, said))
    return made


def texts(extractor: LocalExtractor, *turns: tuple[str, str]) -> list[tuple[str, str]]:
    return [(f.relation, f.text) for found in extractor.extract(chat(*turns)) for f in found]


# -- a look-up's values ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("sentence", "values"), [
    ("I found an account on Full Fibre 150 at 7 Mill Close, Stroud.",
     ["My address is 7 Mill Close, Stroud.", "I am on Full Fibre 150."]),
    ("I've got card ending 8830 up, billing address 2281 Larkspur Ct, Portland OR 97214.",
     ["My billing address is 2281 Larkspur Ct, Portland OR 97214.", "I pay with my card ending 8830."]),
    ("Found it: Harbor Dental Group, Team plan, 12 seats, billed annually.",
     ["I am on the Team plan.", "My account has 12 seats."]),
    ("I can see Westpac, BSB 032-118, account ending 5518 already entered.",
     ["I pay with my account ending 5518.", "I bank with Westpac."]),
    ("I see 1 vehicle on this policy: 2019 Honda CR-V EX.", ["I have a 2019 Honda CR-V EX."]),
    # a model year is no street number: a car, not an address
    ("I see comprehensive cover on a 2017 Toyota Corolla, registration CA 418-227.",
     ["I have a 2017 Toyota Corolla."]),
])
def test_a_look_up_names_the_records_values_one_by_one(sentence, values):
    assert record_values(sentence) == values


@pytest.mark.parametrize("sentence", [
    "I found a cheaper Fibre 500 plan for you.",  # an offer
    "I see it, it was a duplicate retry from the bank's side.",  # no value at all
    "I have reset the lock.",  # the agent's own doing
    "Your account is on Full Fibre 150 at 7 Mill Close.",  # no look-up opener: the rewrites read it, not this
    "I can see a charge of $39 on the Team plan.",  # a charge is about a bill, not what the record holds
    # a search result a task agent found (SGD's apartment search), not the customer's record
    "I've found Autumn Oaks Apartments located at 1400 Humphrey Drive.",
    "I found a place with 1 bedroom and 1 bath at Bennington Apartments at 2780 North Texas Street.",
])
def test_offers_faults_and_other_sentences_are_no_look_up(sentence):
    assert record_values(sentence) == []


def test_a_bots_look_up_becomes_the_customers_facts(extractor):
    found = texts(extractor, ("customer", "BW00418822"),
                  ("agent", "I found an account on Full Fibre 150 at 7 Mill Close, Stroud. Is that you? Yes / No"),
                  ("customer", "yes"))
    assert ("address", "customer lives at 7 Mill Close, Stroud") in found
    assert ("plan", "customer has Full Fibre 150 broadband") in found


# -- a holding named in passing --------------------------------------------------------------------------------

@pytest.mark.parametrize(("sentence", "statements"), [
    ("the week 22 payout was sent on Tuesday to your mBank account ending 4419",
     ["I bank with mBank.", "My payments come off my mBank account ending 4419."]),
    ("Your Hiscox policy is now approved", ["My insurance is with Hiscox."]),
    ("The transfer from your linked Barclays account was held for a routine check.", ["I bank with Barclays."]),
    ("The wifi fault on your Premium plan is fixed.", ["I am on the Premium plan."]),
])
def test_an_agent_sentence_about_something_else_still_says_what_the_customer_holds(sentence, statements):
    assert named_holdings(sentence) == statements


@pytest.mark.parametrize("sentence", [
    "If you move your Barclays account we will need new details.",  # a condition
    "From 1 September the debit order will be collected from your Capitec account.",  # only from a date to come
    "Your Netflix account was logged out.",  # an account of a service, where no money moves: no bank
    "We've removed your old Visa card.",  # what the account no longer holds
])
def test_a_holding_retired_offered_or_still_to_come_is_not_read(sentence):
    assert named_holdings(sentence) == []


# -- the agent's openers ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("agent", "fact"), [
    ("We can see you're on the Premium plan, so 4K should be available.", ("plan", "customer is on the Premium plan")),
    ("I've also saved 38 as your shoe size so it's preselected next time.",
     ("attribute_size", "customer's shoe size is 38")),
    ("Your account has (312) 555-0148 on file, which is correct.",
     ("contact", "customer's phone number is (312) 555-0148")),
    ("Hello Suresh, 98450 31276 is correct on your account.", ("contact", "customer's phone number is 98450 31276")),
    ("Hi Paweł, the payout went to your mBank account.", ("bank", "customer banks with mBank")),
])
def test_what_the_agent_sees_or_saves_is_the_customers(extractor, agent, fact):
    assert fact in texts(extractor, ("agent", agent))


def test_a_phone_number_with_its_area_code_in_brackets_is_one_value(extractor):
    assert texts(extractor, ("customer", "my number is (312) 555-0148")) == [
        ("contact", "customer's phone number is (312) 555-0148")]


def test_a_number_that_only_looks_the_customer_up_answers_no_slot(extractor):
    found = texts(extractor, ("agent", "Happy to help. What's your policy number?"), ("customer", "LM4490217"))
    assert not any("LM4490217" in text for _, text in found)


def test_a_count_the_account_is_at_is_no_address(extractor):
    assert not any(relation == "address" for relation, _ in
                   texts(extractor, ("agent", "Done, you're now at 20 seats on the Team plan.")))


# -- a change refused on the same chat -------------------------------------------------------------------------

REQUEST = ("customer", "I want to change my number to new Jio number 70220 58814")


def test_a_wish_the_agent_then_refuses_is_left_out(extractor):
    found = texts(extractor, REQUEST,
                  ("agent", "No problem. The change can't be completed until the OTP is verified, so your registered "
                            "number stays as it is for now."))
    assert not any("70220 58814" in text for _, text in found)


def test_a_wish_the_agent_answers_otherwise_is_kept(extractor):
    found = texts(extractor, REQUEST, ("agent", "I have sent the OTP to 70220 58814."))
    assert any("70220 58814" in text for _, text in found)


def test_a_refusal_in_another_conversation_leaves_the_wish(extractor):
    first = chat(REQUEST, conversation="a")
    later = chat(("agent", "The request was declined."), conversation="b")
    found = extractor.extract(first + later)
    assert any("70220 58814" in f.text for facts in found for f in facts)


def test_a_change_already_made_is_kept_whatever_the_agent_refuses(extractor):
    found = texts(extractor, ("customer", "I've moved to 7 Canal Street, Manchester."),
                  ("agent", "I'm afraid we can't update the address until you send a bill."))
    assert ("address", "customer lives at 7 Canal Street, Manchester") in found


# -- a record read back as a question and confirmed ------------------------------------------------------------

@pytest.mark.parametrize(("question", "fact"), [
    ("Thanks! Is your address still 14 Oak Lane, Leeds? Yes / No", ("address", "customer lives at 14 Oak Lane, Leeds")),
    ("Are you still on the Basic plan?", ("plan", "customer is on the Basic plan")),
    ("Do you still have the Pixel 7?", ("device", "customer has a Pixel 7")),
])
def test_a_question_the_customer_confirms_states_the_record(extractor, question, fact):
    assert fact in texts(extractor, ("agent", question), ("customer", "yes"))


def test_a_question_that_reads_nothing_back_is_no_statement_whatever_the_answer(extractor):
    for question in ("Do you have a favorite restaurant?", "Is the restaurant open on Sundays?"):
        assert texts(extractor, ("agent", question), ("customer", "yes")) == []


@pytest.mark.parametrize("reply", ["no, I moved to 9 Bay View", "not any more", "yes but I'm moving next month"])
def test_a_question_the_customer_does_not_plainly_confirm_states_nothing(extractor, reply):
    found = texts(extractor, ("agent", "Is your address still 14 Oak Lane, Leeds?"), ("customer", reply))
    assert ("address", "customer lives at 14 Oak Lane, Leeds") not in found


def test_a_policy_number_or_an_email_the_bot_reads_back_is_the_record(extractor):
    found = texts(extractor, ("agent", "Thank you. E-statements for this account are sent to arjun.menon84@gmail.com. "
                                       "Is this email correct? Yes / No"), ("customer", "yes correct"))
    assert ("contact", "customer's email is arjun.menon84@gmail.com") in found
    found = texts(extractor, ("agent", "Thank you. Policy HC-558120 covers buildings and contents at 8 Protea Road, "
                                       "Durbanville. Is this correct? Yes / No"), ("customer", "Yes"))
    assert ("address", "customer lives at 8 Protea Road, Durbanville") in found


@pytest.mark.parametrize(("agent", "fact"), [
    ("Hi, Callum here. I've moved you from Full Fibre 150 to Full Fibre 500.",
     ("plan", "customer has Full Fibre 500 broadband")),
    ("Done: from tomorrow 00:01 your policy covers the 2021 VW Polo Vivo instead.",
     ("vehicle", "customer drives a 2021 VW Polo Vivo")),
    ("Your shop is on the Standard seller plan, where commission for Home & Kitchen is 12%.",
     ("plan", "customer is on the Standard seller plan")),
    ("Thanks, the new licence image has passed review. Vehicle on file: Toyota Prius, plate LK19 XRT.",
     ("vehicle", "customer drives a Toyota Prius, plate LK19 XRT")),
])
def test_agent_changes_and_record_fields_of_other_shapes(extractor, agent, fact):
    assert fact in texts(extractor, ("agent", agent))


@pytest.mark.parametrize(("turn", "fact"), [
    (("agent", "Saved. Aisle seat is now your preference and will apply whenever we auto-assign."),
     ("attribute_seat", "customer prefers an Aisle seat")),  # the upshot after "and will" is not the statement
    (("customer", "my preference is a window seat"), ("attribute_seat", "customer prefers a window seat")),
    (("agent", "Your number 082 555 0193 is active and the SIM looks fine on our side."),
     ("contact", "customer's phone number is 082 555 0193")),  # a contact value in apposition to its slot
    (("agent", "Thank you. Your account is held at Koramangala branch, Bengaluru."),
     ("attribute_branch", "customer's home branch is Koramangala branch, Bengaluru")),
])
def test_a_preference_named_by_its_value_and_values_in_apposition(extractor, turn, fact):
    assert fact in texts(extractor, turn)


def test_a_business_named_by_its_kind_fills_that_slot(extractor):
    assert ("pharmacy", "customer's pharmacy is Well Pharmacy, Chorley New Road") in texts(
        extractor, ("agent", "All done, your nomination is now Well Pharmacy, Chorley New Road."))


def test_the_phone_an_answer_names_is_the_persons_and_a_question_for_the_phone_moved_to_replaces(extractor):
    found = extractor.extract(chat(("agent", "Hi, Raj here. Which phone did you move to?"),
                                   ("customer", "iPhone 15, bought it outright from Best Buy.")))
    assert [(f.relation, f.text, f.replaces) for f in found[1]] == [("device", "customer has an iPhone 15", True)]
    found = texts(extractor, ("agent", "Which phone did you move to?"), ("customer", "not sure yet"))
    assert found == []
