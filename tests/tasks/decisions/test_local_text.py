"""The surface cues the local decision model reads, one function at a time."""

from __future__ import annotations

from archivist.tasks.decisions.local import text as t


def test_focus_keeps_the_clauses_a_fact_came_from():
    turn = "I work from home most days, and the connection dropped three times yesterday."
    assert t.focus(turn, "customer works from home") == "I work from home most days,"
    # A question stays a question; a fact sharing nothing with the turn gets the whole turn.
    assert t.focus("Is 1 Gbps available at my address?", "customer asked about 1 Gbps") == \
        "Is 1 Gbps available at my address?"
    assert t.focus("Sure. Thanks!", "customer likes jazz") == "Sure. Thanks!"


def test_the_noun_plan_and_the_month_may_are_not_hedges():
    assert t.planned("I'm on the Basic plan.") == 0
    assert t.planned("I switched from the Basic plan to the Pro plan") == 0
    assert t.planned("I plan to visit Rome") == 1
    assert t.hypothetical("We're picking up our puppy in May!") == 0
    assert t.hypothetical("I may switch to PayPal") == 1


def test_a_fault_is_not_an_ending_and_another_new_thing_is_not_a_change():
    assert t.endings("My Pixel stopped charging yesterday.") == 0
    assert t.endings("I stopped drinking coffee.") == 1
    assert t.count(t.FAULT, "the router stopped working") == 1 and t.count(t.FIXED, "it works again now") >= 1
    assert t.changes("I joined a new book club") == 0
    assert t.changes("my new address is 4 Elm Road") == 1


def test_the_value_a_statement_says_was_replaced():
    assert t.replaced_values("I replaced my iPhone 12 with a Pixel 8") == {"iphone", "12"}
    assert t.replaced_values("Please contact me by email instead of text message") == {"text", "message"}
    assert {"basic"} <= t.replaced_values("I switched from the Basic plan to the Pro plan")
    assert t.replaced_values("I like painting") == frozenset()


def test_topic_stems_drop_what_happened_and_keep_what_it_happened_to():
    assert t.topic_stems("customer's router stopped working") == {"router"}
    assert t.topic_stems("customer's voicemail works again") == {"voicemail"}
    assert t.count(t.KEEP, "I decided to keep my landline after all") >= 1
