"""What an agent reads back or confirms in the forms support chats use: a statement after "Done -", a record read
back ("I've got you down as ...", "the number we have is X, is that still best?"), a plan that starts on a date, a
name the agent opens with (the account's, unless the chat gave it as someone else's), a loyalty grade named as a
tier, an insured home, and the misreadings each must not make."""

from __future__ import annotations

import pytest

from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.sentences import split_sentences
from tests.tasks.extract.test_record_lookups import chat, texts


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


@pytest.mark.parametrize(("role", "sentence", "expected"), [
    # a dash where a full stop would be
    ("agent", "No problem - your home club is now Headingley from 1 October.",
     ("attribute_club", "customer's home club is Headingley")),
    # read-backs of the record
    ("agent", "Lovely, thanks Mr Okafor. So I've got you down with Manchester as your home airport, is that right?",
     ("attribute_airport", "customer's home airport is Manchester")),
    ("agent", "Just confirming a few details. The mobile number we have is 07700 900123, is that still best?",
     ("contact", "customer's phone number is 07700 900123")),
    ("agent", "Hi Sam, I've got you down as on the Family plan.", ("plan", "customer is on the Family plan")),
    # a courtesy with the customer's name before the statement
    ("agent", "Thanks Ms Okafor, e-billing for account 40019273 will now go to rita.okafor@outlook.com.",
     ("contact", "customer's email is rita.okafor@outlook.com")),
    # a plan that starts on a date is the plan the agent set up, not an offer
    ("agent", "All done Gareth. From your next meter reading on 14 Oct you'll be on the Simple Single Rate tariff at "
              "24.8p/kWh.", ("plan", "customer is on the Simple Single Rate tariff")),
    ("agent", "Right, I've replaced the vehicle on your policy with the 2019 Skoda Octavia from today, additional "
              "premium of £42.17.", ("vehicle", "customer drives a 2019 Skoda Octavia")),
    # the account's name in brackets is no part of the statement
    ("agent", "Your account (Ferris & Daughter Joinery) is on the Starter plan, which covers up to 5 employees.",
     ("plan", "customer is on the Starter plan")),
    # a name the agent opens with is the account's: a pet's plan, an organisation's plan or seats
    ("agent", "Yes, Ziggy is on the Pet Health Club Standard plan - that includes monthly flea treatment.",
     ("plan", "customer is on the Pet Health Club Standard plan")),
    ("agent", "Done - Northwind Labs now has 65 seats.", ("attribute_seat_count", "customer's account has 65 seats")),
    # a loyalty grade named as a tier is the grade "a Silver member" names
    ("agent", "Your spend passed £1,500, so your account has moved up to Gold tier.",
     ("membership", "customer is a Gold member")),
    ("customer", "We're on the Silver tier.", ("membership", "customer is a Silver member")),
    # a travel product with a name is a plan
    ("customer", "I am on the Multi-Trip plan.", ("plan", "customer is on the Multi-Trip plan")),
    # the insured home is the customer's address
    ("agent", "Sure, Ms Burke. Contents policy CT-771204 covers Flat 2, 9 Mill Lane, Bath, BA1 5DF.",
     ("address", "customer lives at Flat 2, 9 Mill Lane, Bath, BA1 5DF")),
    ("agent", "I've updated policy HBC-5520931 so that from 2 October it covers 7 Kestrel Close, Knaresborough, "
              "HG5 0SX, and cover at Birch Road ended on the same date.",
     ("address", "customer lives at 7 Kestrel Close, Knaresborough, HG5 0SX")),
    # the account moved onto something; a slot named for the organisation
    ("agent", "I've moved your account onto the European Portuguese course and carried over your XP.",
     ("attribute_course", "customer's course is the European Portuguese course")),
    ("agent", "Confirmed - the billing contact for Fernleaf Analytics is now Priya Raman (accounts@fernleaf.io).",
     ("attribute_contact", "customer's billing contact is Priya Raman")),
    # a record named by its number, after what the agent sees or from a date
    ("agent", "I can see policy BC-2210487 is on HomeCare Essentials, which covers your annual service.",
     ("plan", "customer is on the HomeCare Essentials plan")),
    ("agent", "Hi Gillian, all done. From 1 November policy BC-2210487 is on HomeCare Complete at £24.50 a month.",
     ("plan", "customer is on the HomeCare Complete plan")),
    # where the agent sends the customer's mail, where prescriptions and deliveries go
    ("agent", "Hi Rita, apologies - I've just resent the Gas Safety Certificate to r.okafor@gmail.com.",
     ("contact", "customer's email is r.okafor@gmail.com")),
    ("agent", "I've changed your nomination, so from now on all your repeat prescriptions go electronically to "
              "Greenway Chemist, 4 Station Parade.", ("pharmacy", "customer's pharmacy is Greenway Chemist")),
    ("agent", "Sorry about that. I can see your Weekend Times delivery to 14 Alder Close, Harrogate.",
     ("delivery_address", "customer's delivery address is 14 Alder Close, Harrogate")),
    # a summary's line with an arrow: the value after it is the new one
    ("agent", "Done! Summary of today's changes:\n\u2022 Plan changed: Duo -> Family\n\u2022 Existing playlists "
              "unaffected", ("plan", "customer is on the Family plan")),
    # a card named by its maker alone, with no "my" or "the"
    ("agent", "Got it. I've removed the old Visa and set Amex ending 1009 as your default.",
     ("payment_method", "customer pays with the Amex ending 1009")),
    # a record's slot read back with its value in apposition
    ("agent", "Your repeat was sent to your nominated pharmacy, Hallam Road Pharmacy, yesterday.",
     ("pharmacy", "customer's pharmacy is Hallam Road Pharmacy")),
    ("agent", "Your unit, Unit B14 (35 sq ft) at our Croydon store, is accessible 6am-10pm every day.",
     ("attribute_unit", "customer's unit is Unit B14")),
    # a pass held for a period is a plan; what a plan includes names the plan
    ("agent", "Hi Jordan, your monthly Zone 1-2 pass is active until 31 Oct.",
     ("plan", "customer is on the monthly Zone 1-2 pass")),
    ("agent", "Hi! Yoga is included in your Premium annual membership - tap Classes > Mind & Body.",
     ("plan", "customer is on the Premium annual membership")),
    # an amount a thing has is its slot's value (the thing keeps its own reading)
    ("agent", "Your Brightline Rewards Mastercard ending 4417 has a £2,500 limit.",
     ("attribute_limit", "customer's limit is £2,500")),
    ("agent", "Your Brightline Rewards Mastercard ending 4417 has a £2,500 limit.",
     ("payment_method", "customer pays with the Brightline Rewards Mastercard ending 4417")),
    ("agent", "Your plan has a 30GB data allowance.", ("attribute_allowance", "customer's data allowance is 30GB")),
    # what the account uses for a slot; what the loans are on; how a bill is paid; a slot set to a value
    ("agent", "I can confirm your account now uses a YubiKey as your 2FA method.",
     ("attribute_method", "customer's 2FA method is YubiKey")),
    ("agent", "Your loans are now on Income-Based Repayment (IBR).",
     ("plan", "customer is on the Income-Based Repayment")),
    ("agent", "Hi Luca, yes, your electricity bill is paid by monthly direct debit, £412 on the 20th.",
     ("payment_method", "customer pays with monthly direct debit")),
    ("agent", "Thank you Mr Hale. I've got your ISA set to a Cautious risk profile, monthly income paid out on the "
              "15th.",
     ("attribute_isa", "customer's ISA is Cautious risk profile")),
    # a phone slot whose value is a number is the phone number; a longer lead-in before "you're now on"
    ("agent", "Perfect, confirmed. Your recovery phone is now +44 7700 900845 and the old number has been removed.",
     ("contact", "customer's phone number is +44 7700 900845")),
    ("agent", "Sure thing Raj. I've processed the plan change on tidecraftsurf.com, you're now on Business VPS 4GB.",
     ("plan", "customer is on the Business VPS 4GB plan")),
    # a word in capitals amid ordinary text is a model's name, not "im" for "I'm"
    ("customer", "My device is now Ricoh IM C4510, serial 3120R901187.",
     ("device", "customer has a Ricoh IM C4510, serial 3120R901187")),
    # a card or account named with its kind keeps it; the kind alone is no name
    ("agent", "The direct debit is collected from your Halden current account ending 4471 on the 28th.",
     ("payment_method", "customer pays with the Halden current account ending 4471")),
    ("customer", "My debit card ending 4417 was declined at a petrol station this morning.",
     ("payment_method", "customer pays with the card ending 4417")),
])
def test_an_agent_statement_or_read_back_gives_the_slot_it_names(extractor, role, sentence, expected):
    assert expected in texts(extractor, (role, sentence))


def test_a_read_back_that_says_insuring_a_car_gives_the_car(extractor):
    found = texts(extractor, ("agent", "So I've got you down as insuring a 2014 Ford Fiesta, registration LV14 KTD."))
    assert any(relation == "vehicle" and "2014 Ford Fiesta" in text for relation, text in found), found


@pytest.mark.parametrize(("text", "sentences"), [
    ("Done - your plan is now Premium.", ["Done", "your plan is now Premium."]),
    ("Nothing has been changed \u2014 you're still on Premium Family.",
     ["Nothing has been changed", "you're still on Premium Family."]),
    # a range of times or numbers is no boundary
    ("We're open 9am - 5pm on weekdays.", ["We're open 9am - 5pm on weekdays."]),
    ("Pick a number 1 - 3.", ["Pick a number 1 - 3."]),
])
def test_a_sentence_ends_at_a_dash_but_not_inside_a_range(text, sentences):
    assert [s.text for s in split_sentences(text)] == sentences


def test_a_correction_in_the_sentence_before_marks_the_value_as_replacing(extractor):
    found = extractor.extract(chat(("customer", "Sorry, I meant Dawes. My surname is Dawes.")))[0]
    assert [(f.relation, f.object, f.replaces) for f in found] == [("name", "Dawes", True)]


def test_a_thing_for_kin_does_not_make_the_writer_someone_elses_voice(extractor):
    # "for my wife" is what the trip is for, not who writes: the read-back is still the customer's own
    found = texts(extractor,
                  ("agent", "So I've got you down with Manchester as your home airport, is that right?"),
                  ("customer", "Yeah, Manchester, that's right. I wanted to ask about the lounge for my wife."))
    assert ("attribute_airport", "customer's home airport is Manchester") in found


@pytest.mark.parametrize(("turns", "not_expected"), [
    # a third party named in the chat keeps their own plan
    ([("customer", "My brother Tom wants to upgrade his plan."), ("agent", "Tom is now on the Gold plan.")],
     ("plan", "customer is on the Gold plan")),
    # a day of the week is no address
    ([("customer", "I hear Hannah's moving to Fridays.")], ("address", "Hannah lives in Fridays")),
    # a plan for a trip is an itinerary, not a subscription
    ([("customer", "My travel plan for Friday is to fly to Rome.")], ("plan", "customer is on the travel plan")),
    # mail sent to someone the agent names is not the customer's email
    ([("agent", "I've sent the invoice to your accountant at jo@acme.com.")],
     ("contact", "customer's email is jo@acme.com")),
    # a registration is no phone number
    ([("customer", "The number is LR71 XBN.")], ("contact", "customer's phone number is LR71 XBN")),
    # a tag question checks what the record holds; it claims nothing
    ([("customer", "Hi, I'm on the monthly plan now aren't I? When's the next visit?")],
     ("plan", "customer is on the monthly plan")),
    ([("customer", "we're on Gold, right?")], ("membership", "customer is a Gold member")),
    # a pass for one entry is no plan
    ([("customer", "I lost my boarding pass.")], ("plan", "customer is on the boarding pass")),
    # thanks for something is no slot
    ([("agent", "Thanks for your patience, Mr Smith.")], ("attribute_patience", "customer's patience is Mr Smith")),
    # the "Premium tier" is a plan, not a loyalty grade
    ([("customer", "I'm on the Premium tier.")], ("membership", "customer is a Premium member")),
])
def test_what_only_looks_like_the_customers_slot_is_not_read_as_it(extractor, turns, not_expected):
    assert not_expected not in texts(extractor, *turns)


def test_the_premium_tier_stays_a_plan(extractor):
    assert ("plan", "customer is on the Premium tier") in texts(extractor, ("customer", "I'm on the Premium tier."))


def test_chat_spellings_in_a_message_typed_in_capitals_are_still_written_out(extractor):
    # "IM" amid ordinary text is a model's name ("Ricoh IM C4510"); in a message typed all in capitals it is "I'm"
    found = extractor.extract(chat(("customer", "IM MOVING TO 14 ELM ROAD LEEDS")))[0]
    assert [(f.relation, f.temporal_status) for f in found] == [("address", "planned")]
