"""Agent and system turns: what they say about the customer, and what they do not."""

from __future__ import annotations

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.extract.voices import agent_sentences, system_facts


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
    ("Your account is now on the Enterprise plan.", "I am on the Enterprise plan."),
    ("I have updated your address to 12 Oak Road.", "My address is now 12 Oak Road."),  # a change, said as one
    # A leading acknowledgement is an opener: what follows is the statement.
    ("Done, you're now on the Pro plan.", "I'm now on the Pro plan."),
    ("All set, your email is now sam@example.com.", "My email is now sam@example.com."),
    # The agent's (or the team's) own change, however it is put, is a change of the customer's value.
    ("I've gone ahead and switched you over to the Family plan.", "I am on the Family plan."),
    ("We've changed your billing date to the 15th.", "My billing date is now the 15th."),
    ("Perfect, that's your address updated to 7 Hill Street, Bath.", "My address is now 7 Hill Street, Bath."),
    # Any verb of setting a value, and the old value named with "from".
    ("I've increased your credit limit to £2,000.", "My credit limit is now £2,000."),
    ("We've moved your billing date from the 1st to the 15th.", "My billing date is now the 15th."),
    # The statement keeps its reading when a clause of upshot or advice follows it; the advice is not read.
    ("I've switched you to the Anytime membership, so you can come in whenever you like.",
     "I am on the Anytime membership."),
    ("You're on the Pro plan now, which means you'll have 100GB.", "I'm on the Pro plan now."),
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
