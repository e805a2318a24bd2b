"""The account holder when someone else writes for them (tasks/extract/holder.py): what the writer says of the holder
is the customer's fact; what the writer says of themself, and what a conversation with no such declaration says of
a third party, is not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract import LocalExtractor, TurnContext
from archivist.tasks.extract.holder import find_holder

SAID_AT = datetime(2026, 11, 16, 9, tzinfo=UTC)
ROLES = frozenset({"customer"})


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def chat(*texts: str, conversation: str = "c1") -> list[TurnContext]:
    return [TurnContext(turn_id=f"t{n}", tenant="acme", scope="s1", speaker="Customer", role="customer", text=text,
                        said_at=SAID_AT, conversation_id=conversation) for n, text in enumerate(texts)]


def texts(extractor: LocalExtractor, turns: list[TurnContext]) -> list[str]:
    return [f.text for found in extractor.extract(turns) for f in found]


@pytest.mark.parametrize(("declaration", "names", "kin"), [
    ("Hi there, I'm writing on behalf of my mum, Margaret Holloway.", {"Margaret", "Holloway"}, {"mum"}),
    ("hi its Priya from Bluegum Home Care, i'm Mr Desmond Kovac's support worker", {"Desmond", "Kovac"}, set()),
    ("Hi, this is Jess Moreno, EA to Richard Vaughn at Halvorsen Capital.", {"Richard", "Vaughn"}, set()),
    ("Hi, Tom Aldridge again for Sarah Whitcombe (WP-5521093).", {"Sarah", "Whitcombe"}, set()),
    ("Good morning. I'm Linda Fraser, I'm writing for my husband Doug.", {"Doug"}, {"husband"}),
    ("hi! I'm Dana Kowalski, my husband Mike is the policyholder but I'm a named driver", {"Mike"}, {"husband"}),
    ("Hello, I'm Sian, I look after my dad, Gwilym Evans.", {"Gwilym", "Evans"}, {"dad"}),
    ("Hiya, I help my mum with her account, she's Patricia Doyle.", set(), {"mum"}),
])
def test_a_declaration_names_the_holder(declaration, names, kin):
    turns = chat(declaration)
    holder = find_holder(turns, ROLES)
    assert holder.declared(turns[0])
    assert all(holder.is_holder(turns[0], name) for name in names)
    assert all(holder.is_holder_kin(turns[0], word) for word in kin)
    assert not holder.is_holder(turns[0], "Birchmount")


def test_no_declaration_names_no_holder():
    turns = chat("Hi, I just bought a house in Scarborough. Name is Mei Chen")
    assert not find_holder(turns, ROLES).declared(turns[0])


def test_what_the_writer_says_of_the_holder_is_the_customers(extractor):
    found = texts(extractor, chat("Hi there, I'm writing on behalf of my mum, Margaret Holloway. She lives at 27 "
                                  "Pennine Way, Skipton."))
    assert found == ["customer lives at 27 Pennine Way, Skipton"]
    moved = texts(extractor, chat("I'm writing for my mum.", "My mum moved to 5 Otley Road, Harrogate."))
    assert moved == ["customer lives at 5 Otley Road, Harrogate"]


def test_a_third_party_with_no_declaration_stays_a_third_party(extractor):
    found = texts(extractor, chat("My sister Anna is lovely. She lives at 27 Pennine Way, Skipton."))
    assert "customer lives at 27 Pennine Way, Skipton" not in found


def test_the_writers_own_value_is_not_the_holders(extractor):
    found = texts(extractor, chat("Hiya, I help my mum with her account, I'm writing on behalf of my mum, Patricia "
                                  "Doyle.", "Just so you know I've moved house myself, I'm at 42 Beech Drive in "
                                            "Clitheroe now."))
    assert [t for t in found if "Beech Drive" in t] == []


def test_a_declaration_in_another_conversation_changes_nothing_here(extractor):
    turns = chat("I'm writing on behalf of my mum, Margaret Holloway.", conversation="c1") + \
        chat("She lives at 27 Pennine Way, Skipton.", conversation="c2")
    assert "customer lives at 27 Pennine Way, Skipton" not in texts(extractor, turns)


def test_turns_of_no_known_conversation_declare_nothing():
    turns = [TurnContext(turn_id="t1", tenant="acme", scope="s1", speaker="Customer", role="customer",
                         text="I'm writing on behalf of my mum, Margaret Holloway.", said_at=SAID_AT),
             TurnContext(turn_id="t2", tenant="acme", scope="s2", speaker="Customer", role="customer",
                         text="I live in Leeds.", said_at=SAID_AT)]
    holder = find_holder(turns, ROLES)
    assert not holder.declared(turns[1]) and not holder.declared(turns[0])
