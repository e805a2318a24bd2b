"""Slots named in the record's own words: choices in plain words, counts a plan holds, standing slots that recur,
the agent's "the X on file is Y", a summary's lines, an organisation named for the customer, "it's a <model>",
and the misreadings each of these must not make (an attempt, things moved, a firm's name, a plan's perks)."""

from __future__ import annotations

import pytest

from archivist.tasks.extract.local import LocalExtractor
from tests.tasks.extract.test_record_lookups import chat, texts


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


@pytest.mark.parametrize(("role", "sentence", "expected"), [
    # a slot the person chooses holds plain words
    ("customer", "My preferred contact method is letter by post.",
     ("attribute_method", "customer's preferred contact method is letter by post")),
    ("agent", "I see your preferred contact method is letter by post. Is that still right?",
     ("attribute_method", "customer's preferred contact method is letter by post")),
    ("agent", "I've changed your preferred contact method to email and turned on paperless billing.",
     ("attribute_method", "customer's preferred contact method is email")),
    ("customer", "My preferred language is now French.",
     ("attribute_language", "customer's preferred language is French")),
    ("agent", "Hi Émilie, your AuroraPoints profile has English as your preferred language, so all emails come in "
              "English.", ("attribute_language", "customer's preferred language is English")),
    # a count a plan or an account holds
    ("agent", "Your postpaid family plan has 3 connections.",
     ("attribute_connection_count", "customer's postpaid family plan has 3 connections")),
    ("agent", "I've increased Fernhill Analytics Ltd to 40 seats, effective immediately.",
     ("attribute_seat_count", "customer's account has 40 seats")),
    ("customer", "We have 25 seats on the annual Growth subscription.",
     ("attribute_seat_count", "customer's annual Growth subscription has 25 seats")),
    # a standing slot's value is the day and time it recurs
    ("customer", "My regular delivery is every Saturday, 8am-10am.",
     ("attribute_delivery", "customer's regular delivery is every Saturday, 8am-10am")),
    ("agent", "Your regular delivery is booked every Saturday, 8am-10am, to 31 Clarence Road, Leeds LS6 2AB.",
     ("attribute_delivery", "customer's regular delivery is every Saturday, 8am-10am")),
    ("agent", "I've moved your regular delivery to every Thursday, 6pm-8pm, starting 9 July.",
     ("attribute_delivery", "customer's regular delivery is every Thursday, 6pm-8pm")),
    # the record's slot named with "the" and where it is kept
    ("agent", "I can confirm the billing contact on file is priya.raman@maplebridge.ca, and all 11 invoices were sent "
              "there.", ("contact", "customer's email is priya.raman@maplebridge.ca")),
    ("agent", "The registered company address on your Rostera account is Keizersgracht 214, 1016 DZ Amsterdam.",
     ("address", "customer lives at Keizersgracht 214, 1016 DZ Amsterdam")),
    ("agent", "I can confirm the insured address on HC-2290571 is 14 Wattle Street, Brunswick VIC 3056.",
     ("address", "customer lives at 14 Wattle Street, Brunswick VIC 3056")),
    ("agent", "I have updated the company address to Stationsplein 9, 3511 ED Utrecht.",
     ("address", "customer lives at Stationsplein 9, 3511 ED Utrecht")),
    ("agent", "Your order #AU-553812 is booked for delivery to 14 Wattle Street, Fitzroy VIC 3065, which is the "
              "default address on your account.", ("address", "customer lives at 14 Wattle Street, Fitzroy VIC 3065")),
    ("agent", "I have re-sent your March bill to siobhan.keane@eircom.net, which is the address we hold on file.",
     ("contact", "customer's email is siobhan.keane@eircom.net")),
    ("agent", "Hi, this is Niamh from customer care. I'm calling the number on file, 087 412 5563 — is that you, "
              "Mr Byrne?", ("contact", "customer's phone number is 087 412 5563")),
    ("agent", "I've added 'leave in porch' to deliveries at 8 Elm Road, Ranelagh, Dublin 6, D06 X2K4.",
     ("delivery_address", "customer's delivery address is 8 Elm Road, Ranelagh, Dublin 6, D06 X2K4")),
    ("agent", "Your resident permit for Zone B is valid until 31 October 2026 for vehicle 141-D-22871.",
     ("attribute_zone", "customer's resident permit is for Zone B")),
    ("agent", "I have cancelled your Zone B permit and issued a resident permit for Zone D for 141-D-22871.",
     ("attribute_zone", "customer's resident permit is for Zone D")),
    ("agent", "Thanks, Aroha. Student ID 21904477 is enrolled in the Bachelor of Commerce (majoring in Accounting).",
     ("education", "customer is enrolled in the Bachelor of Commerce")),
    # money moving through a card or an account named by its ending, in the words used
    ("agent", "Yes, I can see pre-authorized payments are active on your Visa ending in 4471.",
     ("payment_method", "customer pays with the Visa ending in 4471")),
    ("agent", "Autopay is now set to your Mastercard ending in 9023, and the old card has been removed.",
     ("payment_method", "customer pays with the Mastercard ending in 9023")),
    ("agent", "perfect so I've updated it the debit order will now come off your Capitec account ending in 8912 from "
              "the first of August and you'll get an SMS to confirm",
     ("payment_method", "customer pays with the Capitec account ending in 8912")),
    # values kept whole
    ("customer", "My delivery address is now 2207 Linden Ave, Cincinnati, OH 45206.",
     ("delivery_address", "customer's delivery address is 2207 Linden Ave, Cincinnati, OH 45206")),
    ("customer", "I am on the Pro plan, annual billing, £18 per user per month for 14 users.",
     ("plan", "customer is on the Pro plan")),
    ("customer", "I have now a new laptop, XPS 15 9530, the old one I gave to my son for university.",
     ("device", "customer has a laptop, XPS 15 9530")),
    ("customer", "My only number is still 087 412 5563.", ("contact", "customer's phone number is 087 412 5563")),
    ("customer", "Insured address: 7 Mill Lane, Harrogate HG1 4QP",
     ("address", "customer lives at 7 Mill Lane, Harrogate HG1 4QP")),
    ("customer", "Hello, please contact me only on WhatsApp for any updates, I do not pick unknown calls.",
     ("contact", "customer prefers to be contacted by WhatsApp")),
    # what one subscribes to is the plan, named with what says which one
    ("agent", "Hi Thandi, yes, you're subscribed to the 2-person box with 3 meals a week, delivered on Mondays.",
     ("plan", "customer is on the 2-person box plan")),
    ("agent", "I've upgraded your subscription to the 4-person box, still 3 meals a week, from Monday 13 July.",
     ("plan", "customer is on the 4-person box plan")),
    # plain forms of the common slots
    ("customer", "I don't eat meat anymore.", ("diet", "customer does not eat meat")),
    ("customer", "I started at Deloitte in March.", ("employer", "customer works at Deloitte")),
    ("customer", "we bumped up to Premium last week", ("plan", "customer is on the Premium plan")),
    ("agent", "Just confirming we have you at 22 Elm Street, Leeds LS6 3BD.",
     ("address", "customer lives at 22 Elm Street, Leeds")),
    ("agent", "Your booking to Lisbon on 4 May has been cancelled and refunded.",
     ("travel", "customer's trip to Lisbon is cancelled")),
    ("agent", "The Team plan has been replaced by Enterprise for your workspace.",
     ("plan", "customer is on the Enterprise plan")),
    # "it" named by a maker and a model is the speaker's own
    ("customer", "G'day, my phone won't pick up 5G. It's a Samsung Galaxy S21 if that matters.",
     ("device", "customer has a Samsung Galaxy S21")),
    ("customer", "It's a 2019 Honda Jazz.", ("vehicle", "customer drives a 2019 Honda Jazz")),
    ("customer", "my router keeps dropping. It's a Hub 3.", ("attribute_router", "customer's router is a Hub 3")),
])
def test_a_slot_named_in_the_records_words_is_read(extractor, role, sentence, expected):
    assert expected in texts(extractor, (role, sentence))


@pytest.mark.parametrize(("role", "sentence", "relation"), [
    ("customer", "My router has 4 ports.", "attribute_port_count"),  # a feature of a thing, not a value kept
    ("customer", "My delivery is tomorrow at 3pm.", "attribute_delivery"),  # an errand's time
    ("customer", "My preferred contact method is wrong.", "attribute_method"),  # a judgement
    ("customer", "It's a bit slow today.", "device"),
    ("customer", "my internet is down. It's a nightmare.", "attribute_internet"),
    ("customer", "I've moved everything over to Capitec so the debit order can go off the new one.", "address"),
    ("customer", "We are Van Dijk Logistiek B.V.", "vehicle"),
    ("agent", "I see your annual membership in Toronto includes 45-minute rides.", "address"),
    ("agent", "Your resident permit for Zone B is valid until 31 October 2026 for vehicle 141-D-22871.", "address"),
    ("customer", "Ah yes that is my number, I think it was a signal problem.", "contact"),
    ("customer", "Order number: 4471-2290", "contact"),
    ("agent", "I've moved the appointment to Tuesday at 3pm.", "attribute_appointment"),
    ("customer", "I subscribed to your newsletter.", "plan"),  # which one is not said
    ("customer", "I'm no longer with Vodafone, I moved to Three.", "address"),  # a network, no place
    ("customer", "If I stopped eating meat would the plan change?", "diet"),
])
def test_what_only_looks_like_a_slot_is_not_read(extractor, role, sentence, relation):
    assert relation not in [r for r, _ in texts(extractor, (role, sentence))]


def test_an_attempt_that_failed_states_no_payment_method(extractor):
    found = [f for facts in extractor.extract(chat(
        ("customer", "I tried to switch to my Amex ending 1009 to get the points but it keeps saying declined.")))
        for f in facts]
    assert not [f for f in found if f.relation == "payment_method" and f.temporal_status == "current"]


def test_an_organisation_the_customer_names_is_the_customer(extractor):
    found = texts(extractor, ("customer", "Hi, which plan are we on? Account is Bramble & Co."),
                  ("agent", "Hi Oliver, Bramble & Co is on the Pro plan, annual billing, £18 per user per month."))
    assert ("plan", "customer is on the Pro plan") in found
    # a name the agent opens with, on a plan, is the account's (the holder's organisation, pet or child) ...
    assert ("plan", "customer is on the Pro plan") in texts(
        extractor, ("agent", "Bramble & Co is on the Pro plan, annual billing, £18 per user per month."))
    # ... unless the chat gave it as someone else's: a third party's plan is no fact of the customer
    assert not any(relation == "plan" and text.startswith("customer") for relation, text in texts(
        extractor, ("customer", "My brother Tom wants to upgrade his plan."),
        ("agent", "Tom is now on the Gold plan.")))


def test_a_summarys_lines_are_the_slots_they_label(extractor):
    found = texts(extractor, ("agent", "All done. Summary of changes:\n- Account email: priya.n.works@gmail.com "
                                       "(verified)\n- Delivery window: 8am-8pm (unchanged)\n- Old address removed"))
    assert ("contact", "customer's email is priya.n.works@gmail.com") in found
    assert ("attribute_window", "customer's delivery window is 8am-8pm") in found
