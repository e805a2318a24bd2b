"""Call transcripts (tasks/extract/spoken.py): fillers, taken-back words and repeats are left out of what the
parser reads, and a transcript's lower-case street or doctor's name is capitalised; the quote stays as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract.context import turn_contexts
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.spoken import spoken_pieces, unspoken
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.extract.voices import agent_sentences


@pytest.mark.parametrize(("said", "read"), [
    ("it's SK21 uh sorry SK22 BDZ", "it's SK22 BDZ"),
    ("hiya I've um I've sold the focus", "hiya I've sold the focus"),
    ("can you switch me over to the the faster one", "can you switch me over to the faster one"),
    ("so I've got you at 27 hollybank road sheffield", "so I've got you at 27 Hollybank Road sheffield"),
    ("you're registered with dr okafor", "you're registered with Dr Okafor"),
    ("aye 41 kelvin drive", "41 Kelvin Drive"),
    ("yeah that's right 22 quarry lane", "22 Quarry Lane"),
    ("it's oh four one two five five eight nine oh three so 0412 558 903", "it's 0412 558 903"),
    ("the mastercard ending six six one oh", "the Mastercard ending 6610"),
    ("my pin is double seven four one", "my pin is 7741"),
    ("it's the visa it's the visa debit ending 4417", "it's the Visa debit ending 4417"),
    ("so your box comes tuesdays", "so your box comes on Tuesdays"),
    ("you're on our essentials 100 package", "you're on our Essentials 100 package"),
    ("that's 54 dollars a month on top of 300 minutes", "that's 54 dollars a month on top of 300 minutes"),
    ("it's gone to your line manager fiona gallagher for approval",
     "it's gone to your line manager Fiona Gallagher for approval"),
    ("it's uh fourteen ashgrove terrace in uh halifax h x three", "it's 14 Ashgrove Terrace in Halifax HX3"),
    ("i've got a white twenty eighteen mazda three hatch", "I've got a white 2018 Mazda 3 hatch"),
    ("a hundred and five a year with forty five minute rides", "105 a year with 45 minute rides"),
    ("it's due the twenty second", "it's due the twenty second"),
    ("the new one is seventeen moss lane sale m thirty three", "the new one is 17 Moss Lane sale M33"),
])
def test_speech_is_read_as_the_sentence_it_means(said, read) -> None:
    assert unspoken(said) == read


@pytest.mark.parametrize("text", ["oh sorry about that", "I live at 4 Elm Road", "the summer is nice",
                                  "4 of the road works are done",
                                  "my card number is 4111 1111 1111 1111", "the code is 22 22",
                                  "One or two things went wrong."])
def test_text_without_speech_marks_is_left_as_it_is(text) -> None:
    assert unspoken(text) == text


def test_a_transcribed_registration_is_read_and_quoted_as_said() -> None:
    said = "okay and you're registered with dr okafor is that right"
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker="agent", role="agent", text=said,
                       said_at=datetime(2026, 9, 7, 14, tzinfo=UTC))
    facts = LocalExtractor().extract([turn])[0]
    assert [(f.relation, f.text, f.quote) for f in facts] == [
        ("doctor", "customer is registered with Dr Okafor", "you're registered with dr okafor is that right")]


def test_a_transcribed_turn_is_read_statement_by_statement() -> None:
    assert spoken_pieces("alright your home club is now downtown your fob will work there from tonight") == [
        "your home club is now downtown", "your fob will work there from tonight"]
    assert spoken_pieces("I've moved your address to 5 Elm Road and your bills go there.") == [
        "I've moved your address to 5 Elm Road and your bills go there."]  # written text stays one piece


def test_a_transcribed_read_back_gives_the_slots_value_as_a_name() -> None:
    said = "sure I can help I see your home airport is set as calgary is that still correct"
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker="agent", role="agent", text=said,
                       said_at=datetime(2026, 9, 7, 14, tzinfo=UTC))
    assert [(f.relation, f.text) for f in LocalExtractor().extract([turn])[0]] == [
        ("attribute_airport", "customer's home airport is Calgary")]


@pytest.mark.parametrize(("agent", "reading"), [
    ("sure so your home club is the riverside club on water street right",
     "My home club is the Riverside Club on water street."),
    ("So your box comes on Tuesdays, right?", "My box comes on Tuesdays."),
    ("course can I confirm the address first 22 quarry lane barnsley", "My address is 22 Quarry Lane barnsley."),
    ("let me see yes we've had the invoice from your vet oakwood veterinary centre",
     "My vet is Oakwood Veterinary Centre."),
    ("that's updated greenbank is now the vet on the policy", "My vet is now Greenbank."),
    ("okay so the skoda octavia SK22 BDZ is on cover from today", "My policy is now for the Skoda Octavia SK22 BDZ."),
])
def test_a_read_back_on_a_call_is_read_as_what_the_record_holds(agent, reading) -> None:
    assert [r for _, r in agent_sentences(agent)] == [reading]


def test_a_question_without_its_mark_still_asks_for_the_value_and_a_new_one_replaces() -> None:
    turns = [("agent", "congratulations okay what's the new address"),
             ("customer", "it's flat 3 um 118 castle street sheffield S3 8LT")]
    rows = [dict(turn_id=f"t{i}", tenant="acme", scope="c", conversation_id="call", turn_index=i, speaker=role,
                 role=role, text=text, said_at=datetime(2026, 9, 7, 14, i, tzinfo=UTC))
            for i, (role, text) in enumerate(turns)]
    facts = LocalExtractor().extract(turn_contexts(rows))[1]
    assert [(f.relation, f.replaces) for f in facts] == [("address", True)]
    assert "118 Castle Street" in facts[0].object


def test_a_clause_checked_rather_than_said_states_nothing() -> None:
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker="customer", role="customer",
                       text="i just signed up last night and i wanna make sure i'm on the right plan",
                       said_at=datetime(2026, 9, 7, 14, tzinfo=UTC))
    said = TurnContext(turn_id="t2", tenant="acme", scope="c", speaker="customer", role="customer",
                       text="I'm sure I moved to 5 Elm Road in May.", said_at=datetime(2026, 9, 7, 14, tzinfo=UTC))
    checked, sure = LocalExtractor().extract([turn, said])
    assert checked == [] and [f.relation for f in sure] == ["address"]
