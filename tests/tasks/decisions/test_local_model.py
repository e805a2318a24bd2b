"""The local decision model: valid answers to every question, the behaviour the write path relies on, and
weights that `archivist decider fit` reproduces from the shipped labels."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from archivist.tasks.decisions.local import LocalDecisionProvider
from archivist.tasks.decisions.local.fit import WEIGHTS_FILE, fit_decider
from archivist.tasks.decisions.local.head import PROBABILITY_CEILING, clip_distribution, fit_head, option_floor
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import about, request_key

REPO = Path(__file__).resolve().parents[3]
LABELS = REPO / "data" / "labels" / "decisions.jsonl"
QUESTIONS = load_questions()
SUPERSEDING = ("update", "contradiction", "negates")


@pytest.fixture(scope="module")
def model():
    return LocalDecisionProvider()


def _probabilities(answer: dict) -> dict[str, float]:
    if answer["type"] == "noul":
        return {"true": answer["noul"], "false": 1 - answer["noul"]}
    return answer["probabilities"]


def relation(model, old: str, new: str, message: str, question: str = "relation") -> dict[str, float]:
    state = {"message": message, "fact": new, "targets": {"c1": {"text": old}}}
    key = request_key(question, "c1")
    reply = model.send(state, {key: about(QUESTIONS.latest(question), "c1")})
    return reply.answers[key]["probabilities"]


def ask(model, question_id: str, fact: str, message: str, version: int | None = None) -> dict[str, float]:
    question = QUESTIONS.get(question_id, version) if version else QUESTIONS.latest(question_id)
    return _probabilities(model.send({"message": message, "fact": fact}, {question_id: question}).answers[question_id])


def relevance(model, memory: str, query: str) -> float:
    reply = model.send({"query": query, "targets": {"m": {"text": memory}}},
                       {"relevance:m": about(QUESTIONS.latest("relevance"), "m")})
    return reply.answers["relevance:m"]["noul"]


def argmax(probabilities: dict[str, float]) -> str:
    return max(probabilities, key=probabilities.get)


# -- every question, a valid distribution --------------------------------------------------------


def test_every_question_version_gets_a_distribution_over_exactly_its_options(model):
    state = {"message": "We're moving to 4 Elm Road, Leeds next month; my card is 4111 1111 1111 1111.",
             "fact": "User is moving to Leeds next month", "query": "Where does the user live?",
             "targets": {"c1": {"text": "User lives in York"}}}
    questions = {}
    for question in QUESTIONS.all():
        target = "c1" if "{target}" in question.instructions else None
        questions[request_key(f"{question.id}", target) + f"#v{question.version}"] = question
    for key, question in questions.items():
        request = key.split("#")[0]
        asked = about(question, "c1") if ":" in request else question
        reply = model.send(state, {request: asked})
        answer = reply.answers[request]
        assert answer["type"] == question.type
        probabilities = _probabilities(answer)
        assert set(probabilities) == set(question.options), key
        assert sum(probabilities.values()) == pytest.approx(1.0, abs=1e-9)
        assert all(0.0 < p < 1.0 for p in probabilities.values()), key
        if question.type == "choice":
            assert answer["choice"] == argmax(probabilities) and answer["confidence"] == max(probabilities.values())
        if question.type == "score":
            assert 0 <= answer["score"] <= len(question.options) - 1 and set(answer["legend"]) == set(question.options)
        assert reply.model == "local-decider-3"


def test_one_request_answers_a_whole_write_path_fact_with_no_probability_at_the_bounds(model):
    state = {"message": "I moved to Berlin last week.", "fact": "User lives in Berlin",
             "targets": {f"c{i}": {"text": text} for i, text in enumerate(
                 ["User lives in Paris", "User likes hiking", "User plans to visit Rome"], start=1)}}
    questions = {qid: QUESTIONS.latest(qid) for qid in ("worth_remembering", "kind", "temporal_status",
                                                         "relation_type", "durability", "sensitivity")}
    for target in state["targets"]:
        for qid in ("relation", "relation_alt", "plan_fulfilled"):
            questions[request_key(qid, target)] = about(QUESTIONS.latest(qid), target)
    answers = model.send(state, questions).answers
    assert set(answers) == set(questions)
    for answer in answers.values():
        probabilities = _probabilities(answer)
        # The floor is shared by the options (head.option_floor), so a sure answer can reach the ceiling.
        floor = option_floor(len(probabilities)) / 1.011
        assert all(floor < p < 0.991 for p in probabilities.values()), probabilities


def test_a_sure_answer_of_many_options_reaches_the_ceiling_and_the_others_keep_a_floor():
    sure = np.array([[0.9999, 0.0001, 0.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.0, 0.0, 0.0, 0.0]])
    clipped = clip_distribution(sure)
    assert clipped[0, 0] == pytest.approx(PROBABILITY_CEILING, abs=1e-3)  # the old clip capped it at 0.952
    assert clipped.min() > 0.0 and np.allclose(clipped.sum(axis=1), 1.0)
    assert clipped[1, 0] == clipped[1, 1] and clipped[1, 0] > 0.49  # mid-range answers barely move
    two = clip_distribution(np.array([[1.0, 0.0]]))
    assert two[0, 0] == pytest.approx(PROBABILITY_CEILING, abs=1e-3) and two[0, 1] > 0.0099


def test_a_stored_pair_is_compared_new_against_old(model):
    state = {"targets": {"p1": {"old": "User lives in Paris", "new": "User lives in Berlin"}}}
    reply = model.send(state, {"relation:p1": about(QUESTIONS.latest("relation"), "p1")})
    assert argmax(reply.answers["relation:p1"]["probabilities"]) in ("update", "contradiction")


def test_unknown_questions_are_left_out_and_a_missing_target_is_an_error_answer(model):
    custom = QUESTIONS.latest("worth_remembering").__class__("custom", 1, "noul", "?", {"true": "y", "false": "n"})
    reply = model.send({"fact": "x", "message": "x"},
                       {"custom": custom, "relation:c9": about(QUESTIONS.latest("relation"), "c9")})
    assert "custom" not in reply.answers
    assert "c9" in reply.answers["relation:c9"]["error"]


# -- behaviour the write and read paths rely on ---------------------------------------------------


def test_a_move_updates_the_stored_address(model):
    assert argmax(relation(model, "User lives in Paris", "User lives in Berlin", "I moved to Berlin.")) == "update"
    assert argmax(relation(model, "User lives in Lisbon", "User lives in Madrid",
                           "We moved to Madrid in May.")) == "update"


def test_another_hobby_is_new_not_an_update(model):
    p = relation(model, "User likes hiking", "User likes painting", "I like painting too.")
    assert argmax(p) == "new" and p["update"] < 0.2


def test_a_plan_or_a_past_mention_does_not_supersede(model):
    plan = relation(model, "Customer is on the Basic plan", "Customer plans to upgrade to Pro next month",
                    "I'm planning to switch to Pro next month.")
    past = relation(model, "User lives in Paris", "User used to live in Rome", "I used to live in Rome.")
    assert sum(plan[o] for o in SUPERSEDING) < 0.5
    assert argmax(past) == "new"


def test_a_paraphrase_is_a_duplicate_and_a_cancellation_negates(model):
    assert argmax(relation(model, "User lives in Berlin", "User lives in Berlin", "I live in Berlin.")) == "duplicate"
    assert argmax(relation(model, "Customer uses a Netgear router", "Customer's router is a Netgear",
                           "Yes it's a Netgear router.")) == "duplicate"
    assert argmax(relation(model, "Customer subscribes to Spotify", "Customer cancelled Spotify",
                           "I cancelled my Spotify subscription.")) == "negates"


def test_the_second_phrasing_agrees_on_clear_cases(model):
    assert argmax(relation(model, "User lives in Paris", "User lives in Berlin", "I moved to Berlin.",
                           question="relation_alt")) == "update"


def test_tense_past_and_planned(model):
    assert argmax(ask(model, "temporal_status", "User used to live in Leeds", "I used to live in Leeds.")) == "past"
    assert argmax(ask(model, "temporal_status", "User lived in Manchester",
                      "I lived in Manchester years ago.")) == "past"
    assert argmax(ask(model, "temporal_status", "User will switch to the Pro plan",
                      "I'm planning to switch to Pro next month.")) == "planned"
    assert argmax(ask(model, "temporal_status", "User is flying to Oslo",
                      "We're flying to Oslo next Tuesday.")) == "planned"
    assert argmax(ask(model, "temporal_status", "User might adopt a cat",
                      "If the landlord says yes, we might adopt a cat.")) == "hypothetical"


def test_a_card_number_is_financial_or_credential_in_both_versions(model):
    for version in (1, 2):
        p = ask(model, "sensitivity", "Customer's card number is 4111 1111 1111 1111",
                "My card number is 4111 1111 1111 1111.", version)
        assert argmax(p) in ("financial", "credential") and p["financial"] + p["credential"] > 0.8
    assert argmax(ask(model, "sensitivity", "Customer's password is hunter2", "my password is hunter2")) == "credential"
    assert argmax(ask(model, "sensitivity", "User likes jazz", "I like jazz.")) == "none"


def test_filler_is_not_worth_remembering_and_a_fact_is(model):
    assert ask(model, "worth_remembering", "User said thanks", "thanks!")["true"] < 0.2
    assert ask(model, "worth_remembering", "User is allergic to shellfish", "I'm allergic to shellfish.")["true"] > 0.8


def test_a_related_memory_is_more_relevant_than_an_unrelated_one(model):
    assert relevance(model, "User lives in Berlin", "Where does the user live now?") > 0.5
    assert relevance(model, "User enjoys chess", "Where does the user live now?") < 0.5
    assert relevance(model, "Customer's modem is a Huawei B535", "Which modem does the customer use?") > \
        relevance(model, "Customer pays by direct debit", "Which modem does the customer use?")


def test_a_plan_carried_out_is_fulfilled_and_a_postponed_one_is_not(model):
    def fulfilled(fact: str, message: str) -> float:
        state = {"fact": fact, "message": message, "targets": {"p": {"text": "User plans to visit Japan in April"}}}
        return model.send(state, {"plan_fulfilled:p": about(QUESTIONS.latest("plan_fulfilled"), "p")}).answers[
            "plan_fulfilled:p"]["noul"]

    assert fulfilled("User went to Japan in April", "We finally went to Japan in April!") > 0.5
    assert fulfilled("User postponed the Japan trip", "We postponed the Japan trip to next year.") < 0.5


# -- model versions -------------------------------------------------------------------------------


def test_a_temperature_setting_is_a_distinct_sharper_model_version(model):
    settings = SimpleNamespace(decisions=SimpleNamespace(model="local-decider-3@t=0.7"))
    sharp = LocalDecisionProvider(settings)
    assert sharp.model == "local-decider-3@t=0.7" and model.model == "local-decider-3"
    base = relation(model, "User lives in Paris", "User lives in Berlin", "I moved to Berlin.")
    sharper = relation(sharp, "User lives in Paris", "User lives in Berlin", "I moved to Berlin.")
    assert argmax(base) == argmax(sharper) and max(sharper.values()) > max(base.values())


def test_settings_naming_other_local_weights_fail_clearly():
    with pytest.raises(ValueError, match="local-decider-9"):
        LocalDecisionProvider(SimpleNamespace(decisions=SimpleNamespace(model="local-decider-9")))


# -- fitting --------------------------------------------------------------------------------------


def test_fitting_a_head_is_deterministic_and_learns():
    rng = np.random.default_rng(3)
    rows = [{"a": float(x), "b": float(y)} for x, y in rng.normal(size=(60, 2))]
    labels = ["up" if r["a"] + 0.5 * r["b"] > 0 else "down" for r in rows]
    first, second = fit_head(rows, labels, ["up", "down"], seed=1), fit_head(rows, labels, ["up", "down"], seed=1)
    assert first.to_json() == second.to_json()
    assert first.report["accuracy"] > 0.85 and first.weights[0, 0] > first.weights[0, 1]


def test_the_shipped_weights_are_what_fit_makes_of_the_shipped_labels():
    shipped = json.loads(WEIGHTS_FILE.read_text())
    more = [LABELS.parent / entry["labels"] for entry in shipped["fitted_on"].get("more", [])]
    fitted = fit_decider(LABELS, split=shipped["fitted_on"]["split"], seed=shipped["seed"], more=more)
    assert fitted["fitted_on"].get("more") == shipped["fitted_on"].get("more"), \
        "labels changed: run `archivist decider fit`"
    assert fitted["fitted_on"]["sha256"] == shipped["fitted_on"]["sha256"], \
        "labels changed: run `archivist decider fit`"
    assert fitted["heads"].keys() == shipped["heads"].keys()
    for name, head in shipped["heads"].items():
        refit = fitted["heads"][name]
        assert refit["features"] == head["features"] and refit["classes"] == head["classes"]
        assert refit["l2"] == head["l2"]
        assert refit["temperature"] == pytest.approx(head["temperature"], abs=1e-3)
        assert np.allclose(refit["weights"], head["weights"], atol=1e-4), name
        assert np.allclose(refit["bias"], head["bias"], atol=1e-4), name


def test_the_frozen_one_value_slots_match_the_relation_table():
    from archivist.configs.relations import load_relations
    from archivist.tasks.decisions.local.rules import SLOT_CARDINALITY_ONE

    table = load_relations()
    one_valued = {name for name in table.relation if table.cardinality(name) == "one"}
    assert SLOT_CARDINALITY_ONE == one_valued, "configs/relations.toml changed: update rules.py and refit"


# -- cues that support chats and long turns used to mislead -----------------------------------------------


def superseding(p: dict[str, float]) -> float:
    return sum(p[o] for o in SUPERSEDING)


def test_the_noun_plan_is_a_subscription_not_an_intention(model):
    starter = ask(model, "temporal_status", "Customer is on the Starter plan", "I'm on the Starter plan.")
    assert argmax(starter) == "current"
    assert argmax(ask(model, "temporal_status", "Customer is on the Max plan",
                      "I went from the Starter plan to the Max plan on Friday, but the bill is wrong.")) != "planned"
    assert argmax(ask(model, "kind", "Customer is on the Starter plan", "I'm on the Starter plan.")) == "fact"


def test_a_fault_and_its_fix_are_a_change_of_status_but_only_for_the_same_thing(model):
    fixed = relation(model, "Customer's modem stopped working", "Customer's modem works again",
                     "The modem works again after the reset.")
    other = relation(model, "Customer's modem stopped working", "Customer's fax line stopped working",
                     "Now the fax line stopped working as well.")
    assert argmax(fixed) == "update"
    assert argmax(other) == "new" and superseding(other) < 0.3


def test_change_words_about_another_thing_do_not_supersede(model):
    p = relation(model, "Customer lives at 2 Hill Road, Bath", "Customer's new tablet works fine",
                 "The new tablet arrived and it works fine.")
    assert argmax(p) == "new" and superseding(p) < 0.3


def test_a_restatement_in_a_longer_turn_is_a_duplicate_whatever_the_other_clauses_say(model):
    p = relation(model, "customer works from the office", "customer works from the office",
                 "I work from the office, and the wifi there stopped working last week.")
    assert argmax(p) == "duplicate"


def test_keeping_what_one_has_calls_off_the_plan_to_change_it(model):
    p = relation(model, "customer is going to cancel their broadband", "customer decided to keep their broadband",
                 "I decided to keep my broadband after all.")
    assert argmax(p) == "negates"


def test_naming_the_value_replaced_is_an_update(model):
    p = relation(model, "customer prefers to be contacted by post", "customer prefers to be contacted by phone "
                 "instead of post", "Please phone me instead of sending letters by post.")
    assert argmax(p) == "update"


def test_another_long_hobby_is_new_not_a_refinement(model):
    p = relation(model, "User likes baking", "User likes watching old westerns on their laptop",
                 "I like watching old westerns on my laptop.")
    assert argmax(p) == "new"


def test_balanced_weights_give_every_class_and_every_source_the_same_total():
    from archivist.tasks.decisions.local.head import balanced_weights

    y = np.array([0, 0, 0, 0, 1, 1, 0, 2])
    groups = np.array([0, 0, 0, 0, 0, 0, 1, 1])
    w = balanced_weights(y, groups)
    assert w.mean() == pytest.approx(1.0)
    assert w[:6][y[:6] == 0].sum() == pytest.approx(w[:6][y[:6] == 1].sum())
    assert w[:6].sum() == pytest.approx(w[6:].sum())  # four times the rows, the same say


def test_the_temperature_is_fitted_out_of_source_when_the_rows_come_from_several():
    rng = np.random.default_rng(5)
    # Two sources where the same feature means less in the second: pooled folds never see that shift.
    rows, labels, groups = [], [], []
    for source, noise in (("a", 0.2), ("b", 1.5)):
        for x in rng.normal(size=80):
            rows.append({"x": float(x)})
            labels.append("up" if x + rng.normal(scale=noise) > 0 else "down")
            groups.append(source)
    pooled = fit_head(rows, labels, ["up", "down"], seed=1, balance=True)
    shifted = fit_head(rows, labels, ["up", "down"], seed=1, balance=True, groups=groups)
    assert pooled.report["calibrated_on"] == "out-of-fold"
    assert shifted.report["calibrated_on"] == "out-of-source"
    assert shifted.temperature != pooled.temperature


def test_the_same_attribute_of_someone_else_is_news_not_a_change(model):
    answer = relation(model, "Omar lives in Cardiff", "Omar's sister lives in Dundee",
                      "my sister lives up in dundee, long way to visit")
    assert argmax(answer) == "new"


def test_another_favourite_replaces_the_stored_one(model):
    answer = relation(model, "Zoe's favourite author is Le Guin", "Zoe's favourite author is Jemisin",
                      "jemisin is my favourite now, read all of her books this winter")
    assert argmax(answer) in ("update", "contradiction")
