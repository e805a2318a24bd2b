"""The embedded extractor on sentences of the kinds in data/sample (support chats) and LoCoMo (personal chats)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest

from archivist.configs.relations import load_relations
from archivist.configs.settings import Settings
from archivist.tasks.extract import (
    LLMExtractor,
    LocalExtractor,
    TurnContext,
    build_extractor,
    fact_time,
    problem_rows,
    turn_contexts,
)
from archivist.tasks.extract.types import ExtractionProblem

SAID_AT = datetime(2026, 10, 15, 10, 30, tzinfo=UTC)  # a Thursday


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def turn(text: str, role: str = "customer", speaker: str | None = "Maria", said_at=SAID_AT) -> TurnContext:
    return TurnContext(turn_id="turn-1", tenant="acme", scope="cust-0001", speaker=speaker, role=role, text=text,
                       said_at=said_at)


def facts(extractor: LocalExtractor, text: str, **kwargs):
    return extractor.extract([turn(text, **kwargs)])[0]


def only(extractor: LocalExtractor, text: str, **kwargs):
    found = facts(extractor, text, **kwargs)
    assert len(found) == 1, [f.text for f in found]
    return found[0]


def test_a_move_gives_an_address_fact_dated_by_its_relative_date(extractor):
    fact = only(extractor, "I need to update my address. I moved to 14 Harbour Street, Leeds last month.")
    assert (fact.subject, fact.relation, fact.object) == ("customer", "address", "14 Harbour Street, Leeds")
    assert fact.text == "customer lives at 14 Harbour Street, Leeds"
    assert fact.quote == "I moved to 14 Harbour Street, Leeds last month."
    assert fact.said_at == "2026-09-01"  # "last month", resolved against the message's date
    assert fact.entities == ["14 Harbour Street", "Leeds"]
    assert fact.source_turn_id == "turn-1"


def test_a_statement_without_a_date_carries_the_message_date(extractor):
    fact = only(extractor, "I live at 8 Elm Road, York.")
    assert fact.said_at == "2026-10-15"
    assert fact_time(fact, SAID_AT) == SAID_AT  # dated by the message: its exact time
    assert only(extractor, "I live at 8 Elm Road, York.", said_at=None).said_at is None
    moved = only(extractor, "I moved to Leeds yesterday.")
    assert fact_time(moved, SAID_AT) == datetime(2026, 10, 14, tzinfo=UTC)


def test_a_past_mention_keeps_its_cue_words(extractor):
    fact = only(extractor, "The engineer asked about my previous address. I used to live in York, but that was "
                           "years ago.")
    assert fact.relation == "address"
    assert fact.text == "customer used to live in York"
    assert fact.quote == "I used to live in York, but that was years ago."


@pytest.mark.parametrize("text, expected_text, relation, said_at", [
    ("I'm going to cancel my landline next month because I never use it.",
     "customer is going to cancel their landline", "plan", "2026-11-01"),
    ("I'm also planning to travel to Spain in December, will roaming work?",
     "customer is also planning to travel to Spain", "travel", "2026-12-01"),
    ("Actually I'm going to apply for a mortgage next month.",
     "customer is going to apply for a mortgage", "intention", "2026-11-01"),
    ("I'm going to move to Paris next month.", "customer is going to move to Paris", "address", "2026-11-01"),
    ("I might switch to the Unlimited plan next month.", "customer might switch to the Unlimited plan", "plan",
     "2026-11-01"),
])
def test_plans_are_extracted_as_plans(extractor, text, expected_text, relation, said_at):
    fact = only(extractor, text)
    assert (fact.text, fact.relation, fact.said_at) == (expected_text, relation, said_at)


def test_a_planned_move_is_not_written_as_a_current_address(extractor):
    fact = only(extractor, "I'm moving to 3 Castle Street, Edinburgh next month.")
    assert fact.text == "customer is moving to 3 Castle Street, Edinburgh"
    assert "lives" not in fact.text


@pytest.mark.parametrize("text, expected", [
    ("I did not order the Unlimited plan, please remove it.", "customer did not order the Unlimited plan"),
    ("I no longer have the Pro plan.", "customer no longer has the Pro plan"),
    ("I don't have the Pro plan anymore.", "customer does not have the Pro plan anymore"),
    ("I'm not on the Pro plan any more.", "customer is not on the Pro plan any more"),
])
def test_negations_keep_their_negation(extractor, text, expected):
    fact = only(extractor, text)
    assert (fact.relation, fact.text) == ("plan", expected)


@pytest.mark.parametrize("role", ["agent", "assistant", "system", "tool"])
def test_agent_system_and_tool_turns_give_nothing(extractor, role):
    assert facts(extractor, "I moved to 14 Harbour Street, Leeds. I like hiking.", role=role) == []


@pytest.mark.parametrize("text", [
    "Can you check why my bill went up?",
    "Is my router still under warranty?",
    "If I moved to London next year, could I take my broadband contract with me?",
    "If I move to York I will tell you.",
    "Thanks, that fixed it.",
    "Hi, good morning!",
])
def test_questions_conditionals_and_small_talk_give_nothing(extractor, text):
    assert facts(extractor, text) == []


def test_a_request_to_change_a_value_is_the_request_never_the_value(extractor):
    # A request without a question mark, as "I want to update my address" is: planned, until the agent confirms it.
    fact = only(extractor, "can you update my address to 5 Elm Road")
    assert (fact.relation, fact.temporal_status, fact.kind) == ("address", "planned", "plan")
    assert fact.text == "customer wants to update their address to 5 Elm Road"


def test_a_statement_before_a_question_still_counts(extractor):
    fact = only(extractor, "Great. I pay by direct debit, is that set up too?")
    assert (fact.relation, fact.text) == ("payment_method", "customer pays with direct debit")
    assert fact.quote == "I pay by direct debit, is that set up too?"


def test_likes_give_preference_facts_of_a_relation_holding_many_values(extractor):
    found = facts(extractor, "I love hiking and painting.")
    assert [(f.relation, f.object, f.text) for f in found] == [
        ("preference", "hiking", "customer likes hiking"), ("preference", "painting", "customer likes painting")]
    assert load_relations().cardinality(found[0].relation) == "many"  # "likes painting" closes nothing


def test_a_reaction_is_not_a_taste(extractor):
    assert facts(extractor, "I love the colours!") == []
    assert facts(extractor, "I love that!") == []


def test_a_card_number_is_a_payment_fact_and_is_never_logged(extractor, caplog):
    caplog.set_level(logging.DEBUG)
    fact = only(extractor, "I want to pay my overdue bill now. My card number is 4111 1111 1111 1111, expiry 09/28.")
    assert fact.relation == "payment_method"
    assert fact.object == "4111 1111 1111 1111"
    assert fact.text == "customer's card number is 4111 1111 1111 1111"
    assert fact.entities == []  # sensitive objects never become entities
    assert "4111" not in caplog.text


def test_passwords_and_pins_are_credential_facts(extractor):
    password = only(extractor, "My account password is Sunflower#2026 and it says it's wrong.")
    pin = only(extractor, "My PIN is 4821 but it doesn't work.")
    assert (password.relation, password.object) == ("credential", "Sunflower#2026")
    assert (pin.relation, pin.object) == ("credential", "4821")


def test_a_long_digit_run_without_card_context_or_checksum_is_not_a_card(extractor):
    assert facts(extractor, "My order reference is 1234 5678 9012 3456.") == []


@pytest.mark.parametrize("text, expected", [
    ("My router stopped working on Saturday.", "customer's router stopped working"),
    ("The engineer replaced the router and it works again.", "customer's router works again"),
    ("My Pixel 8 stopped charging yesterday.", "customer's Pixel 8 stopped charging"),
    ("The internet has been down since Tuesday.", "customer's internet has been down"),
])
def test_service_status_changes(extractor, text, expected):
    fact = only(extractor, text)
    assert (fact.relation, fact.text) == ("service_status", expected)


@pytest.mark.parametrize("text, relation, expected", [
    ("I switched from the Basic plan to the Pro plan last week, but my bill still shows the old price.", "plan",
     "customer is on the Pro plan"),
    ("I use an iPhone 12.", "device", "customer has an iPhone 12"),
    ("I replaced my iPhone 12 with a Pixel 8 and now I need an eSIM.", "device", "customer has a Pixel 8"),
    ("My email address is sam.patel@example.com.", "contact", "customer's email is sam.patel@example.com"),
    ("Please contact me by email instead of text message from now on.", "contact",
     "customer prefers to be contacted by email instead of text message"),
    ("I work from home most days.", "work_location", "customer works from home"),
    ("I upgraded to fibre on Monday and it's so much faster.", "plan", "customer has fibre broadband"),
])
def test_support_chat_domains(extractor, text, relation, expected):
    fact = only(extractor, text)
    assert (fact.relation, fact.text) == (relation, expected)


def test_personal_chat_subjects_are_speakers_and_named_people(extractor):
    mine = facts(extractor, "Yesterday I went to a LGBTQ support group and I love painting.", role="user",
                 speaker="Caroline")
    assert [(f.subject, f.relation, f.text, f.said_at) for f in mine] == [
        ("Caroline", "activity", "Caroline went to a LGBTQ support group", "2026-10-14"),
        ("Caroline", "preference", "Caroline likes painting", "2026-10-15")]
    sister = facts(extractor, "My sister Anna lives in Paris.", role="user", speaker="Caroline")
    assert {(f.subject, f.relation, f.text) for f in sister} == {
        ("Caroline", "family", "Caroline's sister is Anna"), ("Anna", "address", "Anna lives in Paris")}
    unnamed = only(extractor, "My sister just moved to Manchester and she wants a contract too.")
    assert (unnamed.subject, unnamed.text) == ("customer's sister", "customer's sister lives in Manchester")


def test_a_capitalised_first_word_is_not_taken_for_a_name(extractor):
    assert facts(extractor, "Unconditional love is so important.", role="user", speaker="Melanie") == []


def test_quotes_are_verbatim_and_extraction_is_deterministic(extractor):
    text = ("Hi there!  I moved to 9 Park Avenue, Glasgow two weeks ago, please update my address. My new phone "
            "is a Pixel 8.\nI also like painting, so a stylus would be great.")
    first = facts(extractor, text)
    assert len(first) == 3
    assert all(f.quote in text for f in first)
    assert facts(extractor, text) == first


def test_turn_contexts_carry_the_last_ten_messages_of_their_own_conversation():
    rows = [{"turn_id": f"a{i}", "tenant": "t", "scope": "s", "conversation_id": "a", "turn_index": i,
             "speaker": "x", "role": "customer", "text": f"message {i}", "said_at": SAID_AT} for i in range(13)]
    rows.append({"turn_id": "b0", "tenant": "t", "scope": "s", "conversation_id": "b", "turn_index": 0,
                 "speaker": "x", "role": "customer", "text": "other", "said_at": SAID_AT})
    asked = []

    def similar(row):
        asked.append(row["turn_id"])
        return [f"fact {k}" for k in range(15)]

    contexts = {c.turn_id: c for c in turn_contexts(list(reversed(rows)), similar)}
    assert [m.text for m in contexts["a12"].previous] == [f"message {i}" for i in range(2, 12)]
    assert contexts["a0"].previous == ()
    assert contexts["b0"].previous == ()
    assert len(contexts["a5"].similar_facts) == 10
    assert sorted(asked) == sorted(r["turn_id"] for r in rows)


def test_build_extractor_and_problem_rows():
    assert isinstance(build_extractor(Settings()), LocalExtractor)  # no LLM configured: the embedded one
    configured = Settings(llm={"provider": "openai", "base_url": "http://127.0.0.1:9/v1"})
    assert isinstance(build_extractor(configured), LLMExtractor)
    with pytest.raises(ValueError, match="needs the store"):
        build_extractor(configured, "batch")
    with pytest.raises(ValueError, match="needs an LLM"):
        build_extractor(Settings(), "llm")
    rows = problem_rows([ExtractionProblem("t1", "malformed extraction reply", "not json")])
    assert rows.to_dicts() == [{"quarantine_id": rows["quarantine_id"][0], "source_file": "extraction:t1",
                                "source_line": None, "raw": "not json", "reason": "malformed extraction reply"}]
