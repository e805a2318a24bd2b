"""The embedded extractor on phrasing classes a blind support archive showed it missed, each with its negation, plan,
hypothetical and third-party variants: a copular statement about a relation noun the person owns (surname,
pharmacy, GP, membership grade, an energy meter or insurance cover as the plan, where the broadband is), a job
phrase that names its employer, the account a direct debit is paid from, a request to record a statement or to
change a value, and object phrases that end at their parse boundary."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from archivist.configs.relations import load_relations
from archivist.tasks.extract import LocalExtractor, TurnContext

SAID_AT = datetime(2026, 11, 16, 9, tzinfo=UTC)


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


def facts(extractor: LocalExtractor, text: str):
    turn = TurnContext(turn_id="t1", tenant="acme", scope="c1", speaker="Customer", role="customer", text=text,
                       said_at=SAID_AT)
    return extractor.extract([turn])[0]


def one(extractor: LocalExtractor, text: str, relation: str):
    found = [f for f in facts(extractor, text) if f.relation == relation]
    assert len(found) == 1, [(f.relation, f.text) for f in facts(extractor, text)]
    return found[0]


def none_of(extractor: LocalExtractor, text: str, relation: str, subject: str = "customer") -> None:
    found = [f.text for f in facts(extractor, text) if f.relation == relation and f.subject == subject]
    assert found == [], found


# -- a copular statement about a relation noun: the noun names the slot, the complement is its value -------------

@pytest.mark.parametrize(("text", "relation", "value", "wording"), [
    ("My surname on the joint account is Dawson.", "name", "Dawson", "customer's surname is Dawson"),
    ("My regular pharmacy is the Boots on Market Street.", "pharmacy", "Boots on Market Street",
     "customer's pharmacy is Boots on Market Street"),
    ("My GP is Dr Tom Hale.", "doctor", "Dr Tom Hale", "customer's GP is Dr Tom Hale"),
    ("I'm a Silver member on the rewards scheme.", "membership", "Silver member", "customer is a Silver member"),
    ("I'm on a pay as you go electricity meter.", "plan", "pay as you go electricity meter",
     "customer is on the pay as you go electricity meter"),
    ("I'm on the Gold travel insurance cover.", "plan", "Gold travel insurance cover",
     "customer is on the Gold travel insurance cover"),
    ("hello, the broadband is at 27 Kestrel Road, Norwich.", "address", "27 Kestrel Road, Norwich",
     "customer's broadband is at 27 Kestrel Road, Norwich"),
])
def test_a_relation_noun_with_its_complement_is_a_current_fact_of_that_slot(extractor, text, relation, value,
                                                                            wording):
    fact = one(extractor, text, relation)
    assert (fact.subject, fact.object, fact.text, fact.temporal_status) == ("customer", value, wording, "current")
    assert fact.quote == text


def test_the_new_slots_hold_one_value_at_a_time():
    relations = load_relations()
    assert [relations.cardinality(r) for r in ("membership", "pharmacy", "doctor", "name")] == ["one"] * 4


@pytest.mark.parametrize(("text", "relation", "status", "wording"), [
    ("My surname isn't Dawson.", "name", "current", "customer's surname is not Dawson"),  # negation
    ("My surname will be Bennett after the wedding.", "name", "planned", "customer's surname will be Bennett"),
    ("My pharmacy might be the Boots in town.", "pharmacy", "hypothetical", "customer's pharmacy might be the Boots"),
    ("I'm not a Gold member.", "membership", "current", "customer is not a Gold member"),
    ("I'll be a Gold member next month.", "membership", "planned", "customer will be a Gold member"),
    ("I'm not on a pay as you go meter.", "plan", "current", "customer is not on a pay as you go meter"),
    ("I'm going to switch to a pay as you go meter.", "plan", "planned",
     "customer is going to switch to a pay as you go meter"),
])
def test_a_negated_planned_or_hypothetical_statement_keeps_its_own_words(extractor, text, relation, status, wording):
    fact = one(extractor, text, relation)
    assert (fact.temporal_status, fact.text) == (status, wording)
    assert not fact.replaces


@pytest.mark.parametrize(("text", "relation", "owner"), [
    ("My sister is a Gold member.", "membership", "customer's sister"),
    ("My mum is on a pay as you go meter.", "plan", "customer's mum"),
])
def test_a_third_partys_value_is_theirs(extractor, text, relation, owner):
    fact = one(extractor, text, relation)
    assert fact.subject == owner
    assert fact.text.startswith(owner + " ")


@pytest.mark.parametrize(("text", "relation"), [
    ("My wife's surname is Okafor.", "name"),  # a third party's name, never the customer's
    ("My dad's pharmacy is the Boots on Market Street.", "pharmacy"),
    ("My GP is lovely.", "doctor"),  # a judgement of the value, not the value
    ("my surname is wrong on the letter", "name"),
    ("could you note that my address is wrong?", "address"),
    ("the router is in the hallway", "address"),  # a room, not an address
    ("the router is in the hallway", "device"),
])
def test_a_judgement_a_room_or_someone_elses_value_is_no_fact_of_the_customers_slot(extractor, text, relation):
    none_of(extractor, text, relation)


def test_a_grade_without_a_member_word_or_a_member_without_a_grade_is_no_membership(extractor):
    none_of(extractor, "I'm a member of the gym.", "membership")
    none_of(extractor, "Gold is my favourite colour.", "membership")


# -- a stated change: "now", "from now on", a correction, a new post --------------------------------------------

@pytest.mark.parametrize(("text", "relation", "value"), [
    ("I'm a Gold member now.", "membership", "Gold member"),
    ("sorry, I meant Dawes, not Dawson - my surname is Dawes.", "name", "Dawes"),  # a correction
    ("please use tara.bishop@outlook.com from now on", "contact", "tara.bishop@outlook.com"),
    ("I've started a new job at Osprey Analytics, so future trips are under them.", "employer", "Osprey Analytics"),
])
def test_a_statement_that_the_value_changed_is_marked_as_replacing(extractor, text, relation, value):
    fact = one(extractor, text, relation)
    assert (fact.object, fact.temporal_status, fact.replaces) == (value, "current", True)


def test_a_value_said_without_a_change_is_not_marked(extractor):
    assert not one(extractor, "My surname is Dawes.", "name").replaces
    assert not one(extractor, "I use tara.bishop@outlook.com for everything.", "contact").replaces


# -- a job phrase names the employer ------------------------------------------------------------------------------

def test_a_new_job_at_a_named_company_keeps_the_employer(extractor):
    fact = one(extractor, "I've started a new job at Osprey Analytics.", "employer")
    assert (fact.object, fact.text) == ("Osprey Analytics", "customer works at Osprey Analytics")


@pytest.mark.parametrize(("text", "status", "wording"), [
    ("I didn't get the job at Tesco.", "current", "customer did not get the job at Tesco"),
    ("I might take a job with the NHS.", "hypothetical", "customer might take a job with the NHS"),
])
def test_a_denied_or_hypothetical_job_keeps_its_own_words(extractor, text, status, wording):
    fact = one(extractor, text, "employer")
    assert (fact.temporal_status, fact.text, fact.replaces) == (status, wording, False)


def test_a_relatives_new_job_is_theirs(extractor):
    fact = one(extractor, "my brother got a job at Google", "employer")
    assert (fact.subject, fact.text) == ("customer's brother", "customer's brother works at Google")


# -- the account a payment comes from ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("I pay my electricity by direct debit from my Lloyds account.", "direct debit from their Lloyds account"),
    ("I pay by direct debit from Monzo.", "direct debit from Monzo"),
    ("I pay by card.", "card"),
])
def test_a_payment_keeps_the_bank_account_it_is_paid_from(extractor, text, value):
    assert one(extractor, text, "payment_method").object == value


# -- requests: to record a statement, or to change a value --------------------------------------------------------

def test_a_request_to_note_a_statement_states_it(extractor):
    text = "Could you note that my nominated pharmacy is now the Lloydspharmacy in Castle Mall?"
    fact = one(extractor, text, "pharmacy")
    assert (fact.object, fact.temporal_status, fact.replaces) == ("Lloydspharmacy in Castle Mall", "current", True)
    assert fact.quote == text


def test_a_request_to_change_a_value_is_stored_as_the_request_not_the_new_value(extractor):
    fact = one(extractor, "Could you change my meal preference to vegan?", "diet")
    assert (fact.temporal_status, fact.kind, fact.replaces) == ("planned", "plan", False)
    assert fact.text == "customer wants to change their meal preference to vegan"


@pytest.mark.parametrize("text", ["Can you book me a taxi?", "Could you resend my documents?",
                                  "Could you tell me whether my pharmacy is open?"])
def test_a_question_that_asks_for_an_errand_or_information_states_nothing(extractor, text):
    assert facts(extractor, text) == []


# -- object phrases end at their parse boundary ---------------------------------------------------------------------

def test_a_pronoun_after_a_comma_starts_a_new_clause_not_the_object(extractor):
    fact = one(extractor, "The car on my policy is a Vauxhall Corsa, I need a copy of the certificate.", "vehicle")
    assert fact.text == "customer drives a Vauxhall Corsa"


def test_a_third_partys_address_keeps_its_town_before_a_question(extractor):
    fact = one(extractor, "My dad just moved to 52 Abbey Road, Wrexham - can he get the same account as me?",
               "address")
    assert (fact.subject, fact.object) == ("customer's dad", "52 Abbey Road, Wrexham")


def test_a_fixed_expression_is_read_as_one_name_and_written_back_as_typed(extractor):
    fact = one(extractor, "I'm on a pay-as-you-go electricity meter.", "plan")
    assert fact.object == "pay as you go electricity meter"
    assert "_" not in fact.text


# -- a denied plan with nothing to change is no fact ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["I'm not switching, I'm just annoyed.", "I won't quit."])
def test_a_denied_plan_without_an_object_states_no_fact(extractor, text):
    assert facts(extractor, text) == []


def test_a_plan_without_an_object_and_a_denied_plan_with_one_are_kept(extractor):
    assert one(extractor, "I'm going to cancel.", "intention").temporal_status == "planned"
    fact = one(extractor, "I'm not going to cancel my landline.", "plan")
    assert (fact.temporal_status, fact.text) == ("planned", "customer is not going to cancel their landline")


def test_a_name_noun_of_two_words_is_written_as_said(extractor):
    assert one(extractor, "My last name is Okafor-Bennett.", "name").text == "customer's last name is Okafor-Bennett"


def test_a_new_role_names_its_employer_like_a_new_job(extractor):
    fact = one(extractor, "I've just started a new role at Deloitte.", "employer")
    assert (fact.text, fact.replaces) == ("customer works at Deloitte", True)


@pytest.mark.parametrize(("text", "wording"), [
    ("My address isn't 3 Elm Road.", "customer's address is not 3 Elm Road"),
    ("My PIN isn't 1234.", "customer's PIN is not 1234"),
    ("My plan is no longer the Pro plan.", "customer's plan is no longer the Pro plan"),
])
def test_a_denied_value_of_any_slot_keeps_the_slots_noun(extractor, text, wording):
    assert [f.text for f in facts(extractor, text)] == [wording]


# -- a change said with the slot's noun as the object: "changed my address to ..." ----------------------------------

@pytest.mark.parametrize(("text", "relation", "wording"), [
    ("I've changed my address to 3 Bay View, Leeds.", "address", "customer lives at 3 Bay View, Leeds"),
    ("I updated my phone number to 07700 900555.", "contact", "customer's phone number is 07700 900555"),
    ("I've updated my delivery address to 5 Mill Lane, York.", "delivery_address",
     "customer's delivery address is 5 Mill Lane, York"),
])
def test_a_slot_changed_to_a_value_is_the_new_value(extractor, text, relation, wording):
    fact = one(extractor, text, relation)
    assert (fact.text, fact.temporal_status, fact.replaces) == (wording, "current", True)


@pytest.mark.parametrize(("text", "relation", "status", "wording"), [
    ("Please update my address to 3 Bay View, Leeds.", "address", "planned",
     "customer wants to update their address to 3 Bay View, Leeds"),  # a request: the agent confirms it
    ("Could you update my email to tara@outlook.com?", "contact", "planned",
     "customer wants to update their email to tara@outlook.com"),
    ("I want to change my surname to Bennett.", "name", "planned", "customer wants to change their surname to Bennett"),
    ("I might change my GP to Dr Hale.", "doctor", "hypothetical", "customer might change their GP to Dr Hale"),
    ("I didn't change my address to Leeds.", "address", "current", "customer did not change their address to Leeds"),
])
def test_a_requested_planned_hypothetical_or_denied_slot_change_keeps_its_own_words(extractor, text, relation,
                                                                                     status, wording):
    assert [(f.relation, f.temporal_status, f.text, f.replaces) for f in facts(extractor, text)] == [
        (relation, status, wording, False)]


@pytest.mark.parametrize("text", ["My sister changed her surname to Okafor.", "I changed my mind to the other one.",
                                  "Can you change my number to the new one?"])
def test_someone_elses_slot_or_no_value_gives_no_slot_change(extractor, text):
    assert facts(extractor, text) == []


# -- a value written after its label: "my new address: 22 Ash Grove" is the copula the writer left out ----------

@pytest.mark.parametrize(("text", "relation", "wording"), [
    ("Please note my new address: 22 Ash Grove, Derby.", "address", "customer lives at 22 Ash Grove, Derby"),
    ("my new number: 07700 900777", "contact", "customer's phone number is 07700 900777"),
])
def test_a_value_after_its_label_is_read_as_the_labels_value(extractor, text, relation, wording):
    assert one(extractor, text, relation).text == wording


@pytest.mark.parametrize(("text", "relation"), [
    ("My question: can I move my broadband to 22 Ash Grove?", "address"),  # a question after the label
    ("My sister's new address: 4 Elm Road, Leeds.", "address"),  # someone else's value is not the customer's
])
def test_a_label_gives_no_fact_of_the_customer_where_the_sentence_would_not(extractor, text, relation):
    none_of(extractor, text, relation)
