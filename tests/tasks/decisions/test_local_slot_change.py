"""The local model reads the facts' triples: the same one-valued slot with another value is a change, not `new`."""

from __future__ import annotations

import pytest

from archivist.tasks.decisions.local.provider import LocalDecisionProvider
from archivist.tasks.decisions.local.structure import apply_slot_change, one_slot_change
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.policy.requests import statement_request


def _state(new: tuple[str, str, str] | None, old: tuple[str, str, str] | None) -> dict:
    def slot(triple):
        return dict(zip(("subject", "relation", "object"), triple, strict=True))

    state: dict = {"message": "m", "fact": "f", "targets": {"c1": {"text": "o"}}}
    if new:
        state["slot"] = slot(new)
    if old:
        state["targets"]["c1"]["slot"] = slot(old)
    return state


@pytest.mark.parametrize(("new", "old", "expected"), [
    (("customer", "lives_in", "19 Quay Street, Bristol"), ("customer", "address", "4 Rose Lane, Derby"), True),
    (("customer", "diet", "pescatarian"), ("customer", "diet", "vegetarian"), True),
    # many-valued relation, another subject, a refinement of the value, no triple sent: not a slot change
    (("customer", "device", "iPhone 15"), ("customer", "device", "Pixel 7"), False),
    (("customer's brother", "address", "Glasgow"), ("customer", "address", "5 Mill Street, York"), False),
    (("customer", "address", "4 Rose Lane, Derby"), ("customer", "address", "4 Rose Lane"), False),
    (None, ("customer", "address", "4 Rose Lane"), False),
    (("customer", "address", "Leeds"), ("customer", "plan", "Pro plan"), False),
])
def test_a_slot_change_needs_one_value_the_same_subject_and_another_value(new, old, expected):
    assert one_slot_change(_state(new, old), "c1") is expected


def test_the_mass_of_new_moves_to_the_superseding_answers_by_how_sure_the_tense_is():
    head = {"new": 0.6, "update": 0.3, "contradiction": 0.1, "duplicate": 0.0}
    moved = apply_slot_change(head, holds_now=0.5)
    assert moved["new"] == pytest.approx(0.3)
    assert moved["update"] == pytest.approx(0.3 + 0.3 * 0.75)
    assert moved["contradiction"] == pytest.approx(0.1 + 0.3 * 0.25)
    assert sum(moved.values()) == pytest.approx(1.0)
    assert apply_slot_change(head, holds_now=0.0) == head


def _ask(message: str, new: dict, old: dict) -> dict[str, float]:
    questions = load_questions()
    stored = {"fact_id": "f1", "text": old["text"], **old["slot"]}
    request = statement_request(message, new["text"], None, [stored], questions, new["slot"]).request
    wanted = {key: q for key, q in request.questions.items() if key.split(":")[0] in ("relation", "relation_alt")}
    reply = LocalDecisionProvider().send(request.state, wanted)
    return {key: reply.answers[key]["probabilities"] for key in wanted}


def _fact(text: str, subject: str, relation: str, obj: str) -> dict:
    return {"text": text, "slot": {"subject": subject, "relation": relation, "object": obj}}


def test_the_write_path_request_carries_both_triples():
    questions = load_questions()
    stored = {"fact_id": "f1", "text": "customer lives at 4 Rose Lane", "subject": "customer", "relation": "address",
              "object": "4 Rose Lane"}
    state = statement_request("m", "t", None, [stored], questions, {"subject": "customer", "relation": "address",
                                                                     "object": "9 Elm Road"}).request.state
    assert state["slot"]["object"] == "9 Elm Road"
    assert state["targets"]["c1"]["slot"] == {"subject": "customer", "relation": "address", "object": "4 Rose Lane"}


def test_a_stated_move_is_an_update_on_both_phrasings_and_a_possible_one_is_not():
    old = _fact("customer lives at 8 Elm Road, York", "customer", "address", "8 Elm Road, York")
    moved = _ask("We've moved to 7 Canal Street, Manchester.",
                 _fact("customer lives at 7 Canal Street, Manchester", "customer", "address",
                       "7 Canal Street, Manchester"), old)
    assert all(p["update"] + p["contradiction"] >= 0.85 for p in moved.values()), moved
    maybe = _ask("I might move to Manchester next year.",
                 _fact("customer might move to Manchester", "customer", "address", "Manchester"), old)
    assert all(p["new"] > 0.5 for p in maybe.values()), maybe
    denied = _ask("I never signed up for the Unlimited plan.",
                  _fact("customer never signed up for the Unlimited plan", "customer", "plan", "Unlimited plan"),
                  _fact("customer is on the Pro plan", "customer", "plan", "Pro plan"))
    assert all(p["update"] < 0.5 for p in denied.values()), denied
