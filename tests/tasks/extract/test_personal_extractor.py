"""The parse-based extractor on personal chat (LoCoMo-style): pets, hobbies, groups, events, family, study, work
and likes, each with its negated, planned, hypothetical, past and third-party variants (issue #10)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.tasks.extract import LocalExtractor, TurnContext

SAID_AT = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def facts(extractor: LocalExtractor, text: str):
    turn = TurnContext(turn_id="D1:1", tenant="locomo", scope="conv-1", speaker="Ana", role="user", text=text,
                       said_at=SAID_AT, previous=())
    return extractor.extract([turn])[0]


def readings(extractor: LocalExtractor, text: str) -> list[tuple[str, str, str]]:
    return [(f.relation, f.text, f.temporal_status) for f in facts(extractor, text)]


@pytest.mark.parametrize("text, expected", [
    ("I adopted a puppy named Rex yesterday!", ("pet", "Ana has a dog named Rex")),
    ("I have a dog named Max.", ("pet", "Ana has a dog named Max")),
    ("I have two cats.", ("pet", "Ana has two cats")),
    ("I started a pottery class on Monday.", ("activity", "Ana takes a pottery class")),
    ("I'm taking a pottery class.", ("activity", "Ana takes a pottery class")),
    ("I play the guitar.", ("activity", "Ana plays the guitar")),
    ("I joined a book club last month.", ("activity", "Ana is a member of a book club")),
    ("I signed up for a dance class.", ("activity", "Ana takes a dance class")),
    ("I've been doing yoga for years.", ("activity", "Ana has been doing yoga")),
    ("I love painting.", ("preference", "Ana likes painting")),
    ("I'm passionate about dancing.", ("preference", "Ana likes dancing")),
    ("I'm a big fan of pottery.", ("preference", "Ana likes pottery")),
    ("I'm married.", ("partner", "Ana is married")),
    ("I got married last year.", ("partner", "Ana is married")),
    ("I've been married for five years.", ("partner", "Ana is married")),
    ("I have three kids.", ("family", "Ana has three kids")),
    ("I'm a single mom.", ("family", "Ana is a single mom")),
    ("I work at a hospital.", ("employer", "Ana works at a hospital")),
    ("I work as a nurse.", ("employer", "Ana works as a nurse")),
    ("I'm studying psychology.", ("education", "Ana is studying psychology")),
])
def test_a_durable_personal_fact_is_a_current_fact(extractor, text, expected):
    found = [(r, t) for r, t, status in readings(extractor, text) if status == "current"]
    assert expected in found, found


@pytest.mark.parametrize("text, expected", [
    ("Nice! I ran a charity race last Sunday.", "Ana ran a charity race"),
    ("I went to a concert last week.", "Ana went to a concert"),
    ("I gave a talk at a school last week.", "Ana gave a talk"),
])
def test_an_event_is_past_of_kind_event_with_its_date_not_a_current_state(extractor, text, expected):
    found = facts(extractor, text)
    assert [(f.relation, f.text, f.temporal_status, f.kind) for f in found] == [("event", expected, "past", "event")]
    assert found[0].said_at is not None and found[0].said_at < SAID_AT.date().isoformat()


def test_the_charity_race_is_dated_the_sunday_before_the_message(extractor):
    (race,) = facts(extractor, "I ran a charity race last Sunday.")
    assert race.said_at is not None and race.said_at.startswith("2023-05-07")


def test_the_named_pet_is_an_entity_of_the_fact(extractor):
    (pet,) = facts(extractor, "I adopted a puppy named Rex yesterday!")
    assert "Rex" in pet.entities and pet.quote == "I adopted a puppy named Rex yesterday!"


@pytest.mark.parametrize("text, expected", [
    ("I might adopt a cat.", ("pet", "Ana might adopt a cat", "hypothetical")),
    ("I'm thinking about taking a painting class.",
     ("activity", "Ana is thinking about taking a painting class", "hypothetical")),
    ("I'm planning to adopt a dog.", ("pet", "Ana is planning to adopt a dog", "planned")),
    ("I'm planning to join a choir next year.", ("activity", "Ana is planning to join a choir", "planned")),
    ("I used to have a dog.", ("pet", "Ana used to have a dog", "past")),
    ("I used to play soccer.", ("activity", "Ana used to play soccer", "past")),
    ("I'm hosting a dance competition next month.", ("event", "Ana is hosting a dance competition", "planned")),
    ("I'm gonna adopt a cat next year.", ("pet", "Ana is going to adopt a cat", "planned")),
])
def test_a_plan_a_possibility_or_the_past_keeps_its_own_words_and_status(extractor, text, expected):
    assert expected in readings(extractor, text)


@pytest.mark.parametrize("text, expected", [
    ("I'm not married.", ("partner", "Ana is not married")),
    ("I don't have any pets.", ("pet", "Ana does not have any pets")),
    ("I don't play the piano anymore.", ("activity", "Ana does not play the piano anymore")),
])
def test_a_negated_personal_fact_says_so(extractor, text, expected):
    found = [(r, t) for r, t, _ in readings(extractor, text)]
    assert expected in found, found
    assert not any(t in ("Ana is married", "Ana has a pet", "Ana plays the piano") for _, t in found)


@pytest.mark.parametrize("text, expected", [
    ("My brother adopted a cat.", ("pet", "Ana's brother has a cat")),
    ("My sister is married.", ("partner", "Ana's sister is married")),
    ("My friend started a pottery class.", ("activity", "Ana's friend takes a pottery class")),
])
def test_a_relative_s_fact_is_theirs_not_the_speaker_s(extractor, text, expected):
    found = [(r, t) for r, t, _ in readings(extractor, text)]
    assert expected in found, found
    assert not any(t.startswith("Ana ") for _, t in found)


@pytest.mark.parametrize("text", [
    "I'm going to a concert tomorrow.",  # a one-off: an outing within two days
    "I'm having a party tomorrow.",
    "If I get a dog, I will name it Max.",  # a conditional states nothing yet
    "He loves the park by the lake.",  # someone the parse cannot name
    "I went to the store yesterday and bought milk.",  # an errand, not a business of hers
])
def test_one_offs_conditionals_and_unnamed_subjects_give_no_durable_fact(extractor, text):
    found = facts(extractor, text)
    assert not [f for f in found if f.relation in ("pet", "event", "business", "partner")], found


@pytest.mark.parametrize("text, expected", [
    ("I just got accepted for a fashion internship!", ("employer", "Ana just got accepted for a fashion internship",
                                                      "current")),
    ("I lost my job last month.", ("employer", "Ana lost their job", "past")),
    ("I opened an online store last week.", ("business", "Ana opened an online store", "past")),
    ("My husband got a new job at Tesco.", ("employer", "Ana's husband works at Tesco", "current")),
])
def test_work_a_job_got_or_lost_and_a_business_of_one_s_own(extractor, text, expected):
    assert expected in readings(extractor, text)


def test_a_food_is_no_pet(extractor):
    assert not [f for f in facts(extractor, "I eat fish twice a week.") if f.relation == "pet"]


def test_the_support_reading_of_the_same_verbs_is_unchanged(extractor):
    turn = TurnContext(turn_id="t", tenant="acme", scope="c", speaker="customer", role="customer",
                       text="I have two routers and I work at Tesco.", said_at=SAID_AT, previous=())
    found = {(f.relation, f.text) for f in extractor.extract([turn])[0]}
    assert ("employer", "customer works at Tesco") in found, found


def _chat(extractor: LocalExtractor, lines: list[tuple[str, str]]):
    from archivist.tasks.extract import ContextMessage

    turns, previous = [], []
    for n, (speaker, text) in enumerate(lines):
        turns.append(TurnContext(turn_id=f"D1:{n}", tenant="locomo", scope="conv-1", speaker=speaker, role="user",
                                 text=text, said_at=SAID_AT, previous=tuple(previous)))
        previous.append(ContextMessage(speaker, "user", text, SAID_AT))
    return [[(f.subject, f.text) for f in found] for found in extractor.extract(turns)]


def test_a_pronoun_is_the_third_party_the_same_speaker_named_last(extractor):
    found = _chat(extractor, [("Ana", "My friend Tom got a puppy last week."), ("Ben", "Cute!"),
                              ("Ana", "He plays the guitar too.")])
    assert found[2] == [("Tom", "Tom plays the guitar")]
    park = _chat(extractor, [("Ana", "My friend Tom got a puppy last week."), ("Ana", "He loves the park.")])
    assert park[1] == [("Tom", "Tom likes the park")]
    assert _chat(extractor, [("Ana", "I love the colours!")]) == [[]]  # a reaction, not a taste
    same_turn = _chat(extractor, [("Ana", "Caroline came over. She has two cats.")])
    assert ("Caroline", "Caroline has two cats") in same_turn[0]
    kin = _chat(extractor, [("Ana", "My neighbour adopted a cat. She is a nurse.")])
    assert ("Ana's neighbour", "Ana's neighbour works as a nurse") in kin[0]
    plural = _chat(extractor, [("Ana", "My kids went to camp. They love swimming.")])
    assert [s for s, t in plural[0] if "swimming" in t] == ["Ana's kids"]


def test_a_pronoun_nobody_was_named_for_states_nothing(extractor):
    found = _chat(extractor, [("Ana", "Hi!"), ("Ben", "My sister Eve moved to Rome."),
                              ("Ana", "She plays the violin.")])
    assert found[2] == []  # Ben named Eve, not Ana: no fact about Ana, none about Eve on Ana's word
    assert _chat(extractor, [("Ana", "They moved to Leeds.")]) == [[]]
