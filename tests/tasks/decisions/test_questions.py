"""The question set: every product question loads, versions coexist, every wire shape is valid."""

from __future__ import annotations

import pytest

from archivist.configs.relations import load_relations
from archivist.tasks.decisions.questions import (
    FACT_QUESTIONS,
    RELATION_OPTIONS,
    TARGET_QUESTIONS,
    QuestionFileError,
    load_questions,
)
from archivist.tasks.decisions.types import about


@pytest.fixture(scope="module")
def questions():
    return load_questions()


def test_every_write_and_read_path_question_is_defined(questions):
    assert set(questions.ids()) == set(FACT_QUESTIONS) | set(TARGET_QUESTIONS)


def test_old_and_new_versions_coexist(questions):
    v1, v2 = questions.get("sensitivity", 1), questions.get("sensitivity", 2)
    assert questions.latest("sensitivity") == questions.get("sensitivity", 3)
    assert questions.versions("sensitivity") == [1, 2, 3]
    assert "health" in v2.options and "health" not in v1.options
    assert (v1.key, v2.key) == ("sensitivity@v1", "sensitivity@v2")
    # Older versions stay loadable beside the latest: sensitivity v1, v2; relation_type v1-v4; relation v1 (and v3,
    # the pairs wording, which is not the statements' latest); relation_alt v1; kind v1.
    assert len(questions.all()) == len(questions.all(latest_only=True)) + 10


def test_relation_type_v2_adds_the_new_slots_and_v1_keeps_its_options(questions):
    v1, v2 = questions.get("relation_type", 1), questions.get("relation_type", 2)
    assert set(v2.options) - set(v1.options) == {"credential", "work_location"}
    assert set(v1.options) <= set(v2.options)


def test_relation_type_v3_adds_diet(questions):
    v2, v3 = questions.get("relation_type", 2), questions.get("relation_type", 3)
    assert set(v3.options) - set(v2.options) == {"diet"}
    assert set(v2.options) <= set(v3.options)


def test_relation_type_v4_adds_delivery_vehicle_system_and_bank(questions):
    v3, v4 = questions.get("relation_type", 3), questions.get("relation_type", 4)
    assert set(v4.options) - set(v3.options) == {"delivery_address", "vehicle", "operating_system", "bank"}
    assert set(v3.options) <= set(v4.options)


def test_relation_type_v5_adds_membership_pharmacy_and_doctor_and_is_the_latest(questions):
    v4, v5 = questions.get("relation_type", 4), questions.get("relation_type", 5)
    assert questions.latest("relation_type") == v5
    assert set(v5.options) - set(v4.options) == {"membership", "pharmacy", "doctor"}
    assert set(v4.options) <= set(v5.options)


def test_an_unknown_version_names_the_known_ones(questions):
    with pytest.raises(KeyError, match=r"known versions: \[1, 2, 3\]"):
        questions.get("sensitivity", 7)


@pytest.mark.parametrize("question", load_questions().all(), ids=lambda q: q.key)
def test_wire_shape_is_a_valid_system_one_question(question):
    wire = question.wire()
    assert set(wire) == {"type", "instructions", "criteria"}
    assert wire["type"] in ("choice", "noul", "score") and wire["instructions"].strip()
    if wire["type"] == "noul":
        assert set(wire["criteria"]) == {"true", "false"}
    elif wire["type"] == "choice":
        assert 2 <= len(wire["criteria"]) <= 255
        assert all(isinstance(rubric, str) and rubric for rubric in wire["criteria"].values())
    else:
        assert isinstance(wire["criteria"], list) and 2 <= len(wire["criteria"]) <= 10
        assert question.option_names == [str(i) for i in range(len(wire["criteria"]))]


def test_target_questions_name_their_target_and_about_resolves_it(questions):
    for question_id in TARGET_QUESTIONS:
        asked = about(questions.latest(question_id), "c3")
        assert "{target}" not in asked.instructions and "`targets.c3`" in asked.instructions
        assert asked.options == questions.latest(question_id).options


def test_option_sets_follow_the_seed_paper(questions):
    assert tuple(questions.latest("relation").options) == RELATION_OPTIONS
    assert tuple(questions.latest("relation_alt").options) == RELATION_OPTIONS
    assert questions.latest("relation").instructions != questions.latest("relation_alt").instructions
    assert list(questions.latest("temporal_status").options) == ["current", "planned", "past", "hypothetical"]
    assert questions.latest("relevance").type == questions.latest("worth_remembering").type == "noul"


def test_relation_type_options_are_the_canonical_relations(questions):
    assert set(questions.latest("relation_type").options) == set(load_relations().relation)


def _write(tmp_path, body: str):
    path = tmp_path / "questions.toml"
    path.write_text(body)
    return path


def test_a_redefined_version_is_refused(tmp_path):
    entry = '[[question]]\nid = "q"\nversion = 1\ntype = "noul"\ninstructions = "?"\n' \
            '[question.options]\ntrue = "yes"\nfalse = "no"\n'
    with pytest.raises(QuestionFileError, match="defined twice"):
        load_questions(_write(tmp_path, entry + entry))


def test_a_noul_question_needs_exactly_true_and_false(tmp_path):
    body = '[[question]]\nid = "q"\nversion = 1\ntype = "noul"\ninstructions = "?"\n' \
           '[question.options]\nyes = "yes"\nno = "no"\n'
    with pytest.raises(QuestionFileError, match="true"):
        load_questions(_write(tmp_path, body))


def test_a_target_question_without_its_placeholder_is_refused(tmp_path):
    body = '[[question]]\nid = "relevance"\nversion = 3\ntype = "noul"\ninstructions = "Is it relevant?"\n' \
           '[question.options]\ntrue = "yes"\nfalse = "no"\n'
    with pytest.raises(QuestionFileError, match="target"):
        load_questions(_write(tmp_path, body))


def test_a_missing_or_broken_question_file_is_the_config_loaders_error_naming_the_file(tmp_path):
    from archivist.configs.files import ConfigFileError

    with pytest.raises(ConfigFileError, match="does not exist") as missing:
        load_questions(tmp_path / "nope.toml")
    assert "nope.toml" in str(missing.value)
    with pytest.raises(ConfigFileError, match="not valid TOML") as broken:
        load_questions(_write(tmp_path, "[[question]\nid = "))
    assert "questions.toml" in str(broken.value)
    assert issubclass(QuestionFileError, ConfigFileError)  # one family: `except ConfigFileError` catches both


def test_question_set_v2_fixes_the_wording_and_keeps_each_use_apart(questions):
    statements, pairs = questions.latest("relation"), questions.latest("relation", asked_of="pairs")
    assert (statements.version, pairs.version) == (2, 3)
    assert "`old`" not in statements.instructions and "`old`" in pairs.instructions  # v1 carried both into both
    assert "new fact says the same thing" in statements.options["refinement"]  # which fact has the detail
    assert "`old`" not in questions.latest("relation_alt").instructions
    assert "(a move)" in questions.latest("kind").options["fact"] and "a move" not in questions.latest(
        "kind").options["event"]
    assert "credential, financial, health, personal, none" in questions.latest("sensitivity").instructions
    # Every v1 wording is still there for the decisions that name it.
    assert questions.get("relation", 1).instructions != statements.instructions


def test_asked_of_must_name_a_use(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text('[[question]]\nid = "x"\nversion = 1\nasked_of = "everything"\ntype = "noul"\n'
                    'instructions = "?"\n[question.options]\ntrue = "y"\nfalse = "n"\n')
    with pytest.raises(QuestionFileError, match="asked_of"):
        load_questions(path)
