"""Call transcripts (tasks/extract/spoken.py): fillers, taken-back words and repeats are left out of what the
parser reads, and a transcript's lower-case street or doctor's name is capitalised; the quote stays as said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.spoken import spoken_pieces, unspoken
from archivist.tasks.extract.types import TurnContext


@pytest.mark.parametrize(("said", "read"), [
    ("it's SK21 uh sorry SK22 BDZ", "it's SK22 BDZ"),
    ("hiya I've um I've sold the focus", "hiya I've sold the focus"),
    ("can you switch me over to the the faster one", "can you switch me over to the faster one"),
    ("so I've got you at 27 hollybank road sheffield", "so I've got you at 27 Hollybank Road sheffield"),
    ("you're registered with dr okafor", "you're registered with Dr Okafor"),
    ("aye 41 kelvin drive", "41 Kelvin Drive"),
    ("yeah that's right 22 quarry lane", "22 Quarry Lane"),
])
def test_speech_is_read_as_the_sentence_it_means(said, read) -> None:
    assert unspoken(said) == read


@pytest.mark.parametrize("text", ["oh sorry about that", "I live at 4 Elm Road", "the summer is nice",
                                  "4 of the road works are done",
                                  "my card number is 4111 1111 1111 1111", "the code is 22 22"])
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
