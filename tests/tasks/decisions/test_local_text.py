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


def test_the_subject_of_a_fact_names_whose_attribute_it_is():
    assert t.subject("User lives in Portland") == "self"
    assert t.subject("The customer has a Pixel 8") == "self"
    assert t.subject("customer's neighbour has a dog") == "self's neighbour"
    assert t.subject("User's sister moved to Seattle") == "self's sister"
    assert t.subject("Melanie's son is in first grade") == "melanie's son"
    assert t.subject("Jon loves hiking") == "jon"
    assert t.subject("") == ""


def test_one_valued_attributes_outside_the_slot_lexicon():
    assert t.one_valued("Nate's favourite game is Chess")
    assert t.one_valued("User's cat is called Mochi")
    assert t.one_valued("User is 41 years old")
    assert not t.one_valued("Jon loves hiking")
    assert not t.one_valued("User has a dog")


def test_spelled_out_counts_are_quantities():
    assert t.quantities("Melanie has two kids") == {"2"}
    assert t.quantities("has 3 kids and twenty cousins") == {"3", "20"}
    assert t.quantities("the one I like") == frozenset()


def test_and_before_a_new_subject_starts_a_clause_of_its_own_and_inside_a_phrase_does_not():
    said = "Payments will now be taken from the Visa ending 9032 and the old one has been removed."
    assert t.focus(said, "customer's payment method ends in 9032") == \
        "Payments will now be taken from the Visa ending 9032"
    assert t.focus("I like Pizza and Pasta a lot, and my sister hates both.", "customer likes Pizza and Pasta") == \
        "I like Pizza and Pasta a lot,"
