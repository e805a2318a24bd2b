"""Agent and system turns: what they say about the customer, and what they do not."""

from __future__ import annotations

import pytest

from archivist.tasks.extract.confirmed import confirmed_requests
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import ContextMessage, TurnContext
from archivist.tasks.extract.voices import agent_sentences, system_facts
from archivist.tasks.policy.contracts import load_contracts


def turn(role: str, text: str, turn_id: str = "t1") -> TurnContext:
    return TurnContext(turn_id=turn_id, tenant="acme", scope="c", speaker=role, role=role, text=text, said_at=None)


@pytest.mark.parametrize("text", ["Is there anything else I can help you with?", "Thank you for contacting us!",
                                  "We will send you a return label.", "Have a great night!",
                                  "The promo codes expire after 7 days.",
                                  # advice and offers: what the customer could do, not what holds of them
                                  "You could go to the Park Allan Gardens.", "You ought to visit the museum.",
                                  "You'll need to restart your router first.", "You can pay by card online.",
                                  # advice after a clause about the agent's own doing is still advice
                                  "I've checked, so you can pay by card online."])
def test_courtesies_questions_and_the_agents_own_doings_state_nothing_about_the_customer(text):
    assert agent_sentences(text) == []


@pytest.mark.parametrize(("text", "reading"), [
    ("I can see the Fibre 500 plan on your account now.", "I am on the Fibre 500 plan now."),
    ("Your account is now on the Enterprise plan.", "I am now on the Enterprise plan."),
    ("I have updated your address to 12 Oak Road.", "My address is now 12 Oak Road."),  # a change, said as one
    # A leading acknowledgement is an opener: what follows is the statement.
    ("Done, you're now on the Pro plan.", "I'm now on the Pro plan."),
    ("All set, your email is now sam@example.com.", "My email is now sam@example.com."),
    # The agent's (or the team's) own change, however it is put, is a change of the customer's value.
    ("I've gone ahead and switched you over to the Family plan.", "I am now on the Family plan."),
    ("We've changed your billing date to the 15th.", "My billing date is now the 15th."),
    ("Perfect, that's your address updated to 7 Hill Street, Bath.", "My address is now 7 Hill Street, Bath."),
    # Any verb of setting a value, and the old value named with "from".
    ("I've increased your credit limit to £2,000.", "My credit limit is now £2,000."),
    ("We've moved your billing date from the 1st to the 15th.", "My billing date is now the 15th."),
    # The statement keeps its reading when a clause of upshot or advice follows it; the advice is not read.
    ("I've switched you to the Anytime membership, so you can come in whenever you like.",
     "I am now on the Anytime membership."),
    ("You're on the Pro plan now, which means you'll have 100GB.", "I'm on the Pro plan now."),
    # A courtesy before the statement is no boilerplate sentence: the statement after it is read.
    ("Thanks for waiting, I've updated your email to lee@example.com.", "My email is now lee@example.com."),
    ("Sorry about that, your plan is now Unlimited Max.", "My plan is now Unlimited Max."),
    # A value entered for a slot ("recorded/saved as") is its value from now on; one the account holds is not new.
    ("I've recorded your new surname as Patel.", "My surname is now Patel."),
    ("Your delivery address is saved as 5 Pine Road, Exeter.", "My delivery address is now 5 Pine Road, Exeter."),
    ("We have your email down as old@example.com.", "My email is old@example.com."),
    # An upshot that states a value of the account is read; other upshots are not (above).
    # A start date ("from this month", "effective immediately") says a new value starts: "from now on".
    ("The replacement value went up, so from this month your premium is R189 a month.",
     "My premium is R189 a month from now on."),
    # The slot's value on file, in apposition, whatever the agent did with it.
    ("I've booked the courier pickup from your address on file, 14 Kowhai Street, Hamilton.",
     "My address is 14 Kowhai Street, Hamilton."),
    # A value that went up or down to a new one; a swap onto a new thing.
    ("Your allowance has gone up to 28 days annual leave.", "My allowance is now 28 days annual leave."),
    ("I've swapped you onto a Samsung Galaxy S23.", "I am now on a Samsung Galaxy S23."),
    ("Your account shows the billing address as 3 Kings Road, Reading.",
     "My billing address is 3 Kings Road, Reading."),
])
def test_an_agent_statement_about_the_account_is_read_in_the_customers_first_person(text, reading):
    assert agent_sentences(text) == [(text, reading)]


def test_system_actions_with_values_state_account_facts_and_process_steps_state_none():
    facts = system_facts(turn("system", "Account has been pulled up for crystal minh."))
    assert [(f.relation, f.object, f.text) for f in facts] == [
        ("name", "Crystal Minh", "customer's name is Crystal Minh")]
    phone = system_facts(turn("system", "Details of (977) 625-2661 have been entered."))
    assert [(f.relation, f.object) for f in phone] == [("contact", "(977) 625-2661")]
    steps = ("Purchase validation in progress ...", "Searching the FAQ pages ...", "The manager has been notified.")
    for step in steps:
        assert system_facts(turn("system", step)) == []


def test_the_embedded_extractor_reads_agent_and_system_turns_with_the_agents_words_as_the_quote():
    extractor = LocalExtractor()
    agent = turn("agent", "Thanks for waiting. I can see you are on the Basic plan.", "a1")
    system = turn("system", "Address has been updated to 4 Mill Lane.", "s1")
    found = extractor.extract([agent, system])
    assert [(f.relation, f.text, f.quote, f.source_turn_id) for f in found[0]] == [
        ("plan", "customer is on the Basic plan", "I can see you are on the Basic plan.", "a1")]
    assert [(f.relation, f.text) for f in found[1]] == [("address", "customer lives at 4 Mill Lane")]


@pytest.mark.parametrize(("text", "readings"), [
    # the slot named as "the X on your account", the value after "to"
    ("I've corrected the mobile number on your account to 07700 900416.", ["My mobile number is now 07700 900416."]),
    # the value first, the slot after "as"; a second thing the agent did is its own statement
    ("I've removed Wexford Street from your account and set 9 Linnet Way as your delivery address.",
     ["My delivery address is now 9 Linnet Way."]),
    ("I've set Tom Okafor as the primary contact and removed Priya from the escalation list.",
     ["My primary contact is now Tom Okafor."]),
    # a change that starts with the next bill; "our" tariff is the customer's once they are on it
    ("From your next bill you're on our Flex Variable tariff.", ["I am now on the Flex Variable tariff."]),
    ("I've upgraded the account to Gold support as agreed with your director, so P1s get a one-hour response.",
     ["I am now on Gold support."]),
    ("As agreed with your finance lead I've moved your workspace from Essentials to the Business Plus plan today.",
     ["My workspace is now the Business Plus plan today."]),
    # where the account's mail goes is the customer's email; a new arrangement replaces the old one
    ("Invoices for your account go to accounts@example.com.", ["My email is accounts@example.com."]),
    ("All future invoices and payment reminders will go to ap@example.io instead of the old address.",
     ["My email is now ap@example.io."]),
    ("I've checked your guest profile and jo@example.co.uk is already the email on file, so confirmations go there.",
     ["My email is jo@example.co.uk."]),
    ("Yes, the credit limit on your card is £3,000.", ["My credit limit is £3,000."]),
    # what the agent reads off the screen, the value before the slot; a greeting before it is left out
    ("Hi there, I can see 22 Wattle Crescent, Parramatta on file as your delivery address.",
     ["My delivery address is 22 Wattle Crescent, Parramatta."]),
    ("Hi, I can see Dr Okafor as your regular dentist on file.", ["My regular dentist is Dr Okafor."]),
    # a value, then in apposition the slot it fills on the account
    ("We're sending them to sam.r88@example.com, the email on your membership.", ["My email is sam.r88@example.com."]),
    ("I can see two charges on your Paytm wallet, which is the default payment on your account.",
     ["My payment method is the Paytm wallet."]),
    ("I can see a Visa ending 4417 on file, and the bank declined the charge.", ["My account has a Visa ending 4417."]),
    ("Of course! You're on Fixed Green 12, our twelve-month fixed tariff, and it ends in February.",
     ["I'm on Fixed Green 12."]),  # the company's description of the value is not the customer's
    ("Letters about the school meal account go to 22 Thornbury Gardens, Bristol, which is the address we hold.",
     ["My address is 22 Thornbury Gardens, Bristol."]),
    ("I've put the card ending 9023 on the subscription and removed the old one.",
     ["My account has the card ending 9023 now."]),
    ("I've replaced the old card with the Visa ending 8820 and retried the payment.",
     ["I now have the Visa ending 8820."]),
    # an opening clause of reasons, and "as you asked", are not the statement
    ("As your fix has finished, I've moved you onto the Saver Tracker tariff as you asked on the renewal form.",
     ["I am now on the Saver Tracker tariff."]),
    ("I've moved you down to the 20GB plan at $35 a month.", ["I am now on the 20GB plan at $35 a month."]),
    # scripted openers before "your": records, dates, any short lead-in
    ("Per our records your assigned dentist is Dr Okafor.", ["My assigned dentist is Dr Okafor."]),
    ("Good news, from this month your premium is R189.", ["My premium is R189 from now on."]),
    ("Effective immediately your tax code is 1185L.", ["My tax code is 1185L from now on."]),
    ("The pickup address on your account is 402 Maple Avenue, Columbus, Ohio, and UPS will come between 9 and 5.",
     ["My pickup address is 402 Maple Avenue, Columbus, Ohio."]),
    ("Done! Sipho is now your emergency contact.", ["My emergency contact is now Sipho."]),
    ("I have gone ahead and added 614-555-0182 as your mobile number for campus emergency alerts.",
     ["My mobile number is now 614-555-0182."]),
    ("You crossed the threshold, so I've moved your profile from Silver up to Gold status.",
     ["I crossed the threshold.", "My profile is now Gold status."]),  # an upshot a rewrite reads
])
def test_an_agent_sentence_of_several_statements_gives_each_account_fact_with_its_own_piece_as_quote(text, readings):
    found = agent_sentences(text)
    assert [reading for _, reading in found] == readings
    assert all(quote in text for quote, _ in found)


def test_an_agent_fact_of_a_sentence_that_says_two_things_quotes_the_piece_it_rests_on():
    text = "I've changed the preference on your profile from vegetarian to vegan, and your flight shows the vegan meal."
    assert agent_sentences(text)[0] == (
        "I've changed the preference on your profile from vegetarian to vegan", "My preference is now vegan.")


def test_an_upshot_that_is_advice_is_not_read_and_one_a_rewrite_reads_is():
    assert [r for _, r in agent_sentences("I've checked your account, so you can pay by card online.")] == []
    assert [r for _, r in agent_sentences("I've updated your profile, so confirmations now go to jo@example.com.")] == [
        "My email is now jo@example.com."]


def agent_after(request: str, answer: str) -> TurnContext:
    return TurnContext(turn_id="turn-2", tenant="acme", scope="cust-1", speaker="Sam", role="agent", text=answer,
                       said_at=None, previous=(ContextMessage(speaker="Maria", role="customer", text=request),))


@pytest.mark.parametrize(("request_text", "answer", "reading"), [
    ("Can you change my plan to the Fibre 500 plan please?", "Sure, that's done for you now.",
     "My plan is now the Fibre 500 plan."),
    ("Could you update my email to jo.brown@outlook.com?", "Done! All updated.",
     "My email is now jo.brown@outlook.com."),
    ("Please change my address to 18 Elm Grove, Bristol.", "No problem, I've done that for you.",
     "My address is now 18 Elm Grove, Bristol."),
    ("Can you switch me to the Unlimited plan?", "That's been updated for you.", "I am now on the Unlimited plan."),
    ("I'd like my surname changed to Okafor please.", "All done.", "My surname is now Okafor."),
])
def test_a_change_the_customer_asked_for_and_the_agent_then_did_is_read(request_text, answer, reading):
    assert confirmed_requests(agent_after(request_text, answer), load_contracts()) == [(request_text, reading)]


@pytest.mark.parametrize(("request_text", "answer"), [
    ("Can you change my plan to the Fibre 500 plan please?", "I'm afraid I can't change that on a contract."),
    ("Can you change my plan to the Fibre 500 plan please?", "Let me check that for you."),
    ("Can you change my plan to the Fibre 500 plan please?", "Before I do that, can you confirm your postcode?"),
    ("Can you tell me which plan I'm on?", "Done!"),  # a question with no value asked for
])
def test_no_change_is_read_without_both_a_request_with_a_value_and_a_confirmation(request_text, answer):
    assert confirmed_requests(agent_after(request_text, answer), load_contracts()) == []


def test_a_confirmed_request_is_stored_as_the_agents_current_fact_quoting_the_request():
    turn = agent_after("Can you change my plan to the Fibre 500 plan please?", "Sure, that's done for you now.")
    facts = LocalExtractor().extract([turn])[0]
    assert [(f.relation, f.text, f.temporal_status, f.quote) for f in facts] == [
        ("plan", "customer is on the Fibre 500 plan", "current",
         "Can you change my plan to the Fibre 500 plan please?")]
    assert facts[0].source_turn_id == "turn-2"


@pytest.mark.parametrize(("text", "card", "replaces"), [
    # The card or account money moves through is the payment method; "now", "will" or a start date replace one.
    ("I've replaced the card on your account, payments will now be taken from the Visa ending 9032 and the old "
     "one has been removed.", "Visa ending 9032", True),
    ("I've updated payroll so from next payday your salary goes to the Starling account ending 9083.",
     "Starling account ending 9083", True),
    ("Your monthly payment is taken from the Mastercard ending 5521.", "Mastercard ending 5521", False),
])
def test_the_card_an_agent_says_payments_come_off_is_the_payment_method(text, card, replaces):
    facts = LocalExtractor().extract([turn("agent", text)])[0]
    assert [(f.relation, f.text, f.replaces) for f in facts if f.relation == "payment_method"] == [
        ("payment_method", f"customer pays with the {card}", replaces)]


@pytest.mark.parametrize("text", [
    "Once the new card arrives, payments will come off the card ending 7777.",  # a time still to come
    "If you prefer, payments can be taken from the card ending 1234.",  # an offer
    "The payment was taken from the card ending 4417 on Monday.",  # one payment, not where payments go
])
def test_a_card_payments_may_come_off_later_or_once_came_off_is_no_payment_method(text):
    assert LocalExtractor().extract([turn("agent", text)])[0] == []


@pytest.mark.parametrize(("text", "replaces"), [
    ("Good news, from this month your premium is R189.", True),  # a start date: the value is a new one
    ("From your account, your plan is Unlimited 40.", False),  # where the agent looked: nothing changed
])
def test_a_start_date_before_the_value_says_it_is_new_and_a_source_does_not(text, replaces):
    facts = LocalExtractor().extract([turn("agent", text)])[0]
    assert [f.replaces for f in facts] == [replaces]


@pytest.mark.parametrize(("text", "fact"), [
    ("The device on your cover is a Samsung Galaxy A54, and a cracked screen is covered under accidental damage.",
     ("device", "customer has a Samsung Galaxy A54", False)),
    ("I've checked with the claims team and updated your policy: your insured device is now the iPhone 15 and the "
     "A54 has been taken off.", ("device", "customer has an iPhone 15", True)),
    ("Your DStv Premium bouquet is active, the message came from a payment that cleared late.",
     ("plan", "customer is on the DStv Premium bouquet", False)),
])
def test_what_the_cover_holds_and_a_named_plan_that_is_active_are_the_customers(text, fact):
    facts = LocalExtractor().extract([turn("agent", text)])[0]
    assert [(f.relation, f.text, f.replaces) for f in facts] == [fact]


def test_an_unnamed_plan_that_is_active_states_nothing():
    assert LocalExtractor().extract([turn("customer", "My plan is active.")])[0] == []
