"""Values of slots no list names (tasks/extract/attributes.py), and the other readings that give a support case its
first fact: an amount held, a condition, a card named by its last digits, a named phone, a named plan one is on."""

from __future__ import annotations

import pytest

from archivist.configs.relations import load_relations
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import TurnContext


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def read(extractor: LocalExtractor, text: str, role: str = "customer") -> list[tuple[str, str, str | None, bool]]:
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c", speaker=role, role=role, text=text, said_at=None)
    return [(f.relation, f.text, f.temporal_status, f.replaces) for f in extractor.extract([turn])[0]]


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("my dentist is dr hargreaves", "attribute_dentist", "customer's dentist is Dr Hargreaves"),
    ("Our primary IT contact is Priya Natarajan.", "attribute_contact",
     "customer's primary IT contact is Priya Natarajan"),
    ("I have an arranged overdraft of £500.", "attribute_overdraft", "customer's arranged overdraft is £500"),
    ("I take 20mg of citalopram every morning.", "attribute_citalopram", "customer's citalopram is 20mg"),
])
def test_a_value_of_a_noun_no_slot_names_is_kept_under_that_noun(extractor, text, relation, fact):
    assert read(extractor, text) == [(relation, fact, "current", False)]


def test_an_open_attribute_holds_one_value_at_a_time_and_is_filed_under_its_own_name():
    relations = load_relations()
    assert relations.cardinality("attribute_dentist") == "one" and relations.known("attribute_dentist")
    assert relations.cardinality("something_else") == "many" and not relations.known("attribute_")


@pytest.mark.parametrize(("text", "relation"), [
    ("My tax code is 1185L.", "attribute_code"),  # a noun of errands narrowed to an attribute
    ("My monthly payment is $1,842.16.", "attribute_payment"),
    ("My credit limit is £3,000.", "attribute_limit"),
])
def test_a_noun_of_errands_narrowed_by_other_words_names_an_attribute(extractor, text, relation):
    assert [r[0] for r in read(extractor, text)] == [relation]


def test_a_line_on_a_named_plan_is_the_holders_plan_and_a_now_replaces(extractor):
    assert read(extractor, "Your line is now on Unlimited Plus.", role="agent") == [
        ("plan", "customer is on the Unlimited Plus plan", "current", True)]


@pytest.mark.parametrize("text", [
    "my order number is 40213",  # narrowed by an errand's word
    "my booking reference is XK29",
    "my order is 40213",  # an errand, not an attribute of the person
    "my dentist is lovely",  # a judgement of the value, not the value
    "my bill is huge",
    "my sister is Anna",  # kin are read as relatives, never as attributes
])
def test_errands_judgements_and_kin_are_not_open_attributes(extractor, text):
    assert not [r for r in read(extractor, text) if r[0].startswith("attribute_")]


@pytest.mark.parametrize(("text", "status"), [
    ("I'm going to take 20mg of citalopram.", "planned"),
    ("I might take 20mg of citalopram.", "hypothetical"),
])
def test_an_amount_that_is_planned_or_hypothetical_keeps_its_own_words(extractor, text, status):
    found = read(extractor, text)
    assert [(r[0], r[2]) for r in found] == [("attribute_citalopram", status)]
    assert "going to" in found[0][1] or "might" in found[0][1]


def test_a_third_partys_amount_is_not_the_customers(extractor):
    assert not [r for r in read(extractor, "my husband takes 20mg of citalopram.") if r[1].startswith("customer")]


def test_a_condition_and_what_it_is_to_is_an_allergy_and_its_denial_keeps_the_negation(extractor):
    assert read(extractor, "i'm allergic to peanuts") == [("allergy", "customer is allergic to peanuts", "current",
                                                           False)]
    denied = read(extractor, "I'm not allergic to peanuts.")
    assert [r[0] for r in denied] == ["allergy"] and "not" in denied[0][1]


@pytest.mark.parametrize(("text", "card", "replaces"), [
    # the card's own name stays in the fact; a card named by its kind alone is "the card"
    ("the monthly payment comes off my Visa ending 4417, theres plenty of money on it", "Visa", False),
    ("the bank sent me a new card, ending 9032.", "card", True),
    ("the replacement card you sent came yesterday, it ends 9083.", "card", True),
])
def test_a_card_named_by_its_last_digits_is_the_payment_method_and_a_new_one_replaces(extractor, text, card,
                                                                                       replaces):
    ending = text.split("ending ")[-1][:4] if "ending" in text else "9083"
    assert (("payment_method", f"customer pays with the {card} ending {ending}", "current", replaces)
            in read(extractor, text))


@pytest.mark.parametrize(("text", "facts"), [
    ("wifi calling isnt working on my Galaxy S22, calls drop", [("device", "customer has a Galaxy S22")]),
    ("I sold my iPhone 12 last week.", []),  # the verb's own reading says what happened
    ("my old Pixel 6 is in a drawer.", []),
    ("my phone keeps dropping calls.", []),  # no model named: a service state, not which phone
])
def test_a_named_phone_the_customer_calls_theirs_is_a_device_they_have(extractor, text, facts):
    assert [(r[0], r[1]) for r in read(extractor, text) if r[0] == "device" and "has" in r[1]] == facts


@pytest.mark.parametrize(("text", "fact"), [
    ("We're on WaterSure and it says our bill is capped.", ("plan", "customer is on the WaterSure plan")),
    ("my bill shows roaming charges but i'm on Unlimited Plus which includes EU roaming??",
     ("plan", "customer is on the Unlimited Plus plan")),  # a complaint with question marks states its facts
    ("on the 15GB sim only plan. how do i check my data", ("plan", "customer is on the 15GB sim only plan")),
    ("We pay for Bronze support.", ("plan", "customer is on the Bronze support plan")),
    ("Hi, we're at 41 Fenwick Street and the fibre has dropped twice.",
     ("address", "customer lives at 41 Fenwick Street")),
    ("our office is Level 3, 88 Queen Street, Auckland.",
     ("address", "customer lives at Level 3, 88 Queen Street, Auckland")),
    ("billing address should be 1180 Larkspur Ave, Fresno CA 93722",
     ("address", "customer lives at 1180 Larkspur Ave, Fresno CA 93722")),
    ("New address is 77 Pine Hollow Dr, Clovis CA 93611.",
     ("address", "customer lives at 77 Pine Hollow Dr, Clovis CA 93611")),
    ("I'm registered at Brookfield Surgery.", ("doctor", "customer is registered at Brookfield Surgery")),
    ("hi i have the essentials travel policy, does it cover skiing",
     ("plan", "customer is on the essentials travel policy")),
])
def test_the_first_fact_of_a_support_case_is_read_from_terse_and_indirect_wording(extractor, text, fact):
    assert fact in [(r[0], r[1]) for r in read(extractor, text)]


@pytest.mark.parametrize("text", [
    "I'm at the shop now.",  # no number: not an address
    "we're on holiday until the 20th.",  # a lower-case noun one is on is no named plan
    "I'm on the 14th floor.",
])
def test_being_somewhere_or_on_something_unnamed_is_no_address_or_plan(extractor, text):
    assert not [r for r in read(extractor, text) if r[0] in ("address", "plan")]


@pytest.mark.parametrize(("text", "fact"), [
    ("your agreement is for the Vauxhall Corsa, with 18 payments left.",
     ("vehicle", "customer drives a Vauxhall Corsa")),
    ("Your home insurance covers 7 Fenwick Road, Hexham.",
     ("address", "customer lives at 7 Fenwick Road, Hexham")),
    ("your council tax account is for 3 Elm Terrace, Whitby.",
     ("address", "customer lives at 3 Elm Terrace, Whitby")),
])
def test_what_an_agreement_a_policy_or_an_account_is_for_is_the_holders(extractor, text, fact):
    assert fact in [(r[0], r[1]) for r in read(extractor, text, role="agent")]


@pytest.mark.parametrize("text", [
    "whats the wifi password today at the space",  # a question typed without its apostrophe
    "ok so its the package then.",  # a reply that names no value
    "my insurance covers the whole family",  # no vehicle, device, plan or numbered place
])
def test_questions_replies_and_vague_cover_state_no_fact(extractor, text):
    assert read(extractor, text) == []


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("im in the marketing team and cant open the brand assets folder", "attribute_team",
     "customer's team is the marketing team"),
    ("im on the early shift, 6am starts", "attribute_shift", "customer's shift is the early shift"),
    ("i work at the Glasgow office, the printer on 2 wont see my account", "attribute_office",
     "customer's office is the Glasgow office"),
    ("i work the night shift in the warehouse", "attribute_shift", "customer's shift is the night shift"),
])
def test_where_the_person_belongs_is_an_attribute_of_its_noun(extractor, text, relation, fact):
    assert (relation, fact, "current") in [r[:3] for r in read(extractor, text)]


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("i moved across to the procurement team this month", "attribute_team", "customer's team is the procurement team"),
    ("I've moved to the Manchester office as of monday", "attribute_office",
     "customer's office is the Manchester office"),
    ("Tom Okafor replaced Priya as my line manager last week", "attribute_manager",
     "customer's line manager is Tom Okafor"),
    ("new desk is 4.12 after the team move.", "attribute_desk", "customer's desk is 4.12"),
])
def test_a_new_placement_or_successor_replaces_the_old_value(extractor, text, relation, fact):
    assert [r[1:] for r in read(extractor, text) if r[0] == relation] == [(fact, "current", True)]


@pytest.mark.parametrize("text", ["I'm in the office today, can you call me?", "I joined a book club last month.",
                                  "My son is in the football team.", "I'm in the new team now."])
def test_an_unnamed_or_someone_elses_placement_is_no_attribute_of_the_person(extractor, text):
    assert not [r for r in read(extractor, text) if r[0] in ("attribute_team", "attribute_office", "attribute_club")]


def test_a_placement_said_as_a_plan_or_as_the_past_is_not_current(extractor):
    assert [(r[0], r[2]) for r in read(extractor, "I'm thinking of joining the sales team.")] == [
        ("attribute_team", "hypothetical")]
    assert [(r[0], r[2]) for r in read(extractor, "I used to be on the night shift.")] == [("attribute_shift", "past")]


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("swapped my home club to Northgate, its closer to work", "attribute_club", "customer's home club is Northgate"),
    ("I changed my dentist to Dr Patel.", "attribute_dentist", "customer's dentist is Dr Patel"),
    ("Hollytree is our vet now.", "attribute_vet", "customer's vet is Hollytree"),
])
def test_an_attribute_set_to_a_new_value_or_named_after_its_value_is_a_change(extractor, text, relation, fact):
    assert [r[1:] for r in read(extractor, text) if r[0] == relation] == [(fact, "current", True)]


def test_the_value_named_first_fills_a_known_slot_too(extractor):
    assert ("device", "customer has a Pixel 9", "current", True) in read(
        extractor, "the Pixel 9 is my new phone, can i move my insurance over to it")


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("my home gym is Eastgate, is the pool open bank holiday", "attribute_gym", "customer's home gym is Eastgate"),
    ("i work at the Glasgow office, are the printers fixed", "attribute_office",
     "customer's office is the Glasgow office"),
])
def test_a_statement_before_a_question_typed_without_its_mark_is_read(extractor, text, relation, fact):
    assert (relation, fact, "current") in [r[:3] for r in read(extractor, text)]


@pytest.mark.parametrize("text", ["I changed my mind to the other one.", "This is my new phone.",
                                  "I moved my account to Monzo."])
def test_no_open_attribute_where_no_value_is_named_or_a_slot_reads_it(extractor, text):
    assert not [r for r in read(extractor, text) if r[0] in ("attribute_mind", "attribute_phone", "attribute_account")]


@pytest.mark.parametrize(("text", "fact"), [
    ("why did my card ending 4417 get charged twice", ("payment_method", "customer pays with the card ending 4417")),
    ("can you check why my Galaxy S22 won't charge?", ("device", "customer has a Galaxy S22")),
])
def test_a_question_says_in_passing_what_the_person_has(extractor, text, fact):
    assert [r[:2] for r in read(extractor, text)] == [fact]


@pytest.mark.parametrize("text", ["If my card ending 4417 expires, what happens?", "Can I switch to the Pro plan?",
                                  "Can you tell me which plan I'm on?"])
def test_a_question_states_nothing_else(extractor, text):
    assert read(extractor, text) == []


def test_a_new_card_told_by_its_ending_after_it_came_replaces_the_old_one(extractor):
    assert read(extractor, "new card came, ends 8093. old one's cut up")[:1] == [
        ("payment_method", "customer pays with the card ending 8093", "current", True)]


def test_an_account_told_by_its_ending_is_where_the_person_is_paid_or_pays(extractor):
    assert read(extractor, "my salary goes into my Monzo account ending 4471")[:1] == [
        ("payment_method", "customer pays with the Monzo account ending 4471", "current", False)]


def test_an_amount_got_or_come_down_to_is_the_value_of_what_it_counts(extractor):
    assert read(extractor, "we get 4 meals a week, can one of them be veggie") == [
        ("attribute_meal", "customer has 4 meals a week", "current", False)]
    assert read(extractor, "kids left for uni so we're down to 2 meals a week now") == [
        ("attribute_meal", "customer has 2 meals a week", "current", True)]
    assert read(extractor, "I get to Leeds at 5.") == []  # "get" is no verb of travel


@pytest.mark.parametrize(("text", "role", "address"), [
    ("my broadband at 12 Hill Road, York keeps dropping", "customer", "12 Hill Road, York"),
    ("Your fibre connection at 51 Peverel Street, Riccarton is showing as healthy from our end.", "agent",
     "51 Peverel Street, Riccarton"),
])
def test_where_the_persons_service_is_is_their_address_and_no_move(extractor, text, role, address):
    assert ("address", f"customer lives at {address}", "current", False) in read(extractor, text, role)


@pytest.mark.parametrize("text", ["I'm temporarily in the London office for two weeks.",
                                  "I'm covering the night shift this week only.",
                                  "I'm in the Leeds office until Friday."])
def test_a_temporary_stay_is_no_placement(extractor, text):
    assert not [r for r in read(extractor, text) if r[0] in ("attribute_office", "attribute_shift")]


def test_an_old_service_address_is_no_address_of_the_person(extractor):
    assert [r for r in read(extractor, "my old broadband at 12 Hill Road, York was rubbish") if r[0] == "address"] == []


@pytest.mark.parametrize(("text", "relation", "fact"), [
    ("we use Hollytree Vets now", "attribute_vet", "customer's vet is Hollytree Vets"),
    ("we're with Octopus Energy since May", "attribute_energy", "customer's energy is Octopus Energy"),
    ("I switched to Brightside Dental last month", "attribute_dental", "customer's dental is Brightside Dental"),
    ("I use the Boots pharmacy on Market Street for my prescriptions", "attribute_pharmacy",
     "customer's pharmacy is the Boots pharmacy"),
])
def test_a_named_provider_is_the_value_of_the_kind_its_name_ends_in(extractor, text, relation, fact):
    assert [r[:3] for r in read(extractor, text) if r[0] == relation] == [(relation, fact, "current")]


@pytest.mark.parametrize("text", ["We use Xero for our accounts.", "I use the app to order.",
                                  "My sister uses Hollytree Vets."])
def test_a_provider_needs_a_name_and_a_kind_and_to_be_the_persons(extractor, text):
    assert not [r for r in read(extractor, text) if r[0].startswith("attribute_")]


def test_a_negation_fronted_before_the_subject_is_the_old_values_not_the_new_ones(extractor):
    assert ("attribute_shift", "customer's shift is the day shift", "current", True) in read(
        extractor, "no longer on the night shift, im on the day shift now, 8 to 4.")
    assert read(extractor, "we don't use Brookfield Vets any more")[0][1] == \
        "customer does not use Brookfield Vets any more"


@pytest.mark.parametrize(("text", "fact"), [
    ("yes, 2214 is my extension", "customer's extension is 2214"),
    ("no, 2241 is my extension", "customer's extension is 2241"),
])
def test_a_value_named_first_after_a_yes_or_no_fills_the_slot_named_after_it(extractor, text, fact):
    assert [r[1] for r in read(extractor, text)] == [fact]


@pytest.mark.parametrize("text", ["yes that is my email", "yes this is my number", "ok that's my address"])
def test_a_pronoun_after_a_yes_is_no_value(extractor, text):
    assert read(extractor, text) == []


def test_a_support_ticket_is_no_booking_that_makes_the_turns_values_its_details(extractor):
    assert [r[1] for r in read(extractor, "new desk is 4.12 after the team move, can the monitor ticket follow me "
                                          "there?")] == ["customer's desk is 4.12"]
    assert read(extractor, "I need a ticket to Paris, my destination is Paris") == []


@pytest.mark.parametrize(("text", "role", "fact"), [
    ("Effective immediately your tax code is 1185L, and your employer will use it.", "agent",
     "customer's tax code is 1185L"),
    ("My flat is 4B.", "customer", "customer's flat is 4B"),
    ("Per our records your tax code for your main employment is 1257L.", "agent", "customer's tax code is 1257L"),
])
def test_a_value_keeps_neither_the_sentences_full_stop_nor_the_words_of_a_phrase_after_its_noun(
        extractor, text, role, fact):
    assert [r[1] for r in read(extractor, text, role)] == [fact]


@pytest.mark.parametrize(("text", "fact"), [
    # A number is a dose or an allowance only with its unit and rate, which the parser hangs on the verb.
    ("My metformin is now 1000mg twice daily.", "customer's metformin is 1000mg twice daily"),
    ("My metformin is 500mg twice daily.", "customer's metformin is 500mg twice daily"),
    ("My allowance is 50GB a month.", "customer's allowance is 50GB a month"),
])
def test_a_number_value_keeps_its_unit_and_its_rate(extractor, text, fact):
    assert [r[1] for r in read(extractor, text)] == [fact]


def test_the_agents_slot_and_value_on_file_is_the_customers_value(extractor):
    said = "Hi, I can see your metformin 500mg twice daily on file with the repeat prescription from Dr Walsh."
    assert read(extractor, said, role="agent") == [
        ("attribute_metformin", "customer's metformin is 500mg twice daily", "current", False)]


@pytest.mark.parametrize(("text", "fact"), [
    ("I have a residential parking permit for Zone C on Maple Ridge.",
     "customer's residential parking permit is for Zone C"),
    ("We hold a membership at the Pyrmont space.", "customer's membership is at Pyrmont space"),
])
def test_a_thing_held_for_a_named_value_is_an_attribute_with_that_value(extractor, text, fact):
    assert [r[1] for r in read(extractor, text)] == [fact]


@pytest.mark.parametrize("text", [
    "I have a table for 2 at 7pm.",  # a count and a time: a booking
    "I have a prescription for my son.",  # someone else's
    "I have a meeting at Google.",  # an event one goes to
    "I have a reservation at Nobu for Friday.",
    "I don't have a permit for Zone C.",
])
def test_a_booking_an_event_or_someone_elses_thing_is_no_held_attribute(extractor, text):
    assert [r for r in read(extractor, text) if r[1].startswith("customer's")] == []


@pytest.mark.parametrize(("text", "relation", "fact", "status"), [
    ("I have a 30-year fixed rate mortgage at 6.125%.", "attribute_mortgage",
     "customer has a 30-year fixed rate mortgage", "current"),
    ("I have an Easy Access Saver.", "attribute_saver", "customer has an Easy Access Saver", "current"),
    ("I'm thinking of getting a 5-year fixed mortgage.", "attribute_mortgage",
     "customer is thinking of getting a 5-year fixed mortgage", "hypothetical"),
])
def test_a_product_held_and_named_by_its_kind_is_the_persons(extractor, text, relation, fact, status):
    assert [(r[0], r[1], r[2]) for r in read(extractor, text)] == [(relation, fact, status)]


def test_a_product_no_word_says_which_names_no_value(extractor):
    assert read(extractor, "I have a mortgage with you.") == []
