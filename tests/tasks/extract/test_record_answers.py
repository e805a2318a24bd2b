"""What an agent answers about the record and how a change is summarised: a value read back when the customer has
just asked what the record holds, an "Old / New" summary, a payment's day and amount beside its method, a pet's or
a child's record named by its name, a value that stays; and what only looks like the customer's: a role on a
policy, something set up for someone else, a value for one occasion only, a consequence asked about after a
statement."""

from __future__ import annotations

import pytest

from archivist.tasks.decisions.local.features import temporal_features
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.sentences import split_sentences
from tests.tasks.extract.test_record_lookups import texts


@pytest.fixture(scope="module")
def extractor() -> LocalExtractor:
    return LocalExtractor()


@pytest.mark.parametrize(("turns", "expected"), [
    # a value read back right after the customer asked what the record holds
    ([("customer", "Morning. Can you confirm the supply address on my account?"),
      ("agent", "Morning! We've got 9 Pemberton Close, Ipswich, IP4 2RD. Was it the postcode that was wrong?")],
     ("address", "customer lives at 9 Pemberton Close, Ipswich, IP4 2RD")),
    ([("customer", "Hi, just checking you have my address right for the prescription delivery?"),
      ("agent", "Yes, that's what we have on file: 14 Aldwych Close, Hexham, NE46 2QT. Your next delivery is on the "
                "9th.")],
     ("delivery_address", "customer's delivery address is 14 Aldwych Close, Hexham, NE46 2QT")),
    ([("customer", "what email do you have for me?"), ("agent", "We have jo.b@example.com.")],
     ("contact", "customer's email is jo.b@example.com")),
    # before and after, as a summary
    ([("agent", "Thanks Mr Dodd. I've updated your delivery address:\n- Old: 14 Aldwych Close, Hexham\n- New: Flat 3, "
                "88 Penrose Street, Hexham, NE46 1LA\nYour next delivery will go to the new address.")],
     ("delivery_address", "customer's delivery address is Flat 3, 88 Penrose Street, Hexham, NE46 1LA")),
    ([("agent", "I've updated the billing contact for HJ-20417:\n\nOld -> New: accounts@hj.co.uk -> ledger@hj.co.uk"
                "\n\nThe next invoice will go to the new address.")],
     ("contact", "customer's email is ledger@hj.co.uk")),
    # a payment's day and amount, beside how it is paid or on their own
    ([("agent", "So I've got your account up: 12 Brook Street, Band C, and you pay by direct debit on the 1st of each "
                "month, ten instalments. Is that right?")],
     ("attribute_payment_day", "customer's payment day is the 1st of each month")),
    ([("agent", "Okay, that's done. So from December your instalment will come out on the 15th of each month "
                "instead, same amount.")],
     ("attribute_payment_day", "customer's payment day is the 15th of each month")),
    ([("agent", "Hi Chloe! Bramble's premium of £23.40 is collected by direct debit on the 1st of each month.")],
     ("attribute_payment_day", "customer's payment day is the 1st of each month")),
    ([("agent", "Hi Chloe, absolutely. I've moved Bramble's direct debit to the 28th of each month, starting 28 "
                "December.")],
     ("attribute_payment_day", "customer's payment day is the 28th of each month")),
    ([("customer", "I already do the £15 a month by direct debit, and that's about all I can manage.")],
     ("attribute_payment", "customer pays £15 a month")),
    ([("agent", "So, I can see you're contributing 5% of your salary and your employer matches that.")],
     ("attribute_payment", "customer contributes 5% of their salary")),
    ([("agent", "Okay, just reading that back: your personal contribution goes up to 8% of salary, effective from "
                "your December payroll.")],
     ("attribute_payment", "customer's personal contribution is 8% of salary")),
    ([("agent", "So I'll increase your direct debit to £25 a month, starting with the payment on the 1st of January.")],
     ("attribute_payment", "customer's direct debit is £25 a month")),
    # a value the agent says stays, or gives as the reason for something
    ([("agent", "Your saved address stays as Flat 2, 18 Kingsley Road for everything after that.")],
     ("address", "customer lives at Flat 2, 18 Kingsley Road")),
    ([("agent", "Your own Premium Plus membership stays exactly as it is.")],
     ("plan", "customer is on the Premium Plus membership")),
    ([("agent", "Hi Mark! Yes, as you're on Premium Plus you get 4 guest passes a month.")],
     ("plan", "customer is on the Premium Plus plan")),
    # where the agent says the record holds a value
    ([("agent", "Hello Mr Ahmed, we sent it to the mobile number we hold for you, 07700 900 318. Is that correct?")],
     ("contact", "customer's phone number is 07700 900 318")),
    ([("agent", "Hi Jordan! On our side I can see you're paying with Visa ending 4471, next charge £10.99 on 14 "
                "November.")],
     ("payment_method", "customer pays with Visa ending 4471")),
    ([("agent", "Hi Ms Nwosu, deliveries go to 7 Kestrel Way, Didcot, OX11 8RP, and can be left with your neighbour "
                "at number 9 if you're out.")],
     ("delivery_address", "customer's delivery address is 7 Kestrel Way, Didcot, OX11 8RP")),
    ([("agent", "Hi Marian, invoices for HJ-20417 currently go to the billing contact accounts@hj.co.uk.")],
     ("contact", "customer's email is accounts@hj.co.uk")),
    # a statement before a consequence that is asked about
    ([("customer", "Hello, I have question. My membership is Off-Peak, so I can come only until 4pm, yes?")],
     ("plan", "customer is on the Off-Peak plan")),
    # a plan's name the tagger calls an adverb; a unit's address past the comma after its number
    ([("agent", "I've changed your membership to Anytime from today.")], ("plan", "customer is on the Anytime plan")),
    ([("customer", "My delivery address is now Flat 3, 88 Penrose Street, Hexham, NE46 1LA.")],
     ("delivery_address", "customer's delivery address is Flat 3, 88 Penrose Street, Hexham, NE46 1LA")),
    ([("customer", "I'm on the Family plan for me and my kids.")], ("plan", "customer is on the Family plan")),
    # the vehicle a policy or an agreement is for
    ([("agent", "So, er, I've got a comprehensive policy, the car on it is a 2015 Ford Fiesta, registration ending "
                "4KX.")], ("vehicle", "customer drives a 2015 Ford Fiesta")),
    ([("agent", "Reading from your policy: Roadside & Recovery cover for a Vauxhall Corsa, registration ending 7HD.")],
     ("vehicle", "customer drives a Vauxhall Corsa")),
    ([("customer", "I am writing regarding my personal contract hire agreement, reference PCH-558120, for a Kia Niro "
                   "EV 4 (registration YH72 KFE).")], ("vehicle", "customer drives a Kia Niro EV 4")),
    # a slot after the record the agent updated; the email an account signs in with or that bills keep going to
    ([("agent", "Glad to hear it! I've updated your profile, seat preference is now window.")],
     ("attribute_seat", "customer's seat preference is window")),
    ([("agent", "The app login is linked to d.okafor@btinternet.com, and I've just sent a reset link there.")],
     ("contact", "customer's email is d.okafor@btinternet.com")),
    ([("agent", "Thanks for catching that. I've cancelled the pending change request, so invoices will keep going to "
                "billing@lumenforge.io.")], ("contact", "customer's email is billing@lumenforge.io")),
    # a read-back of the record as a list of labels and values; a labelled value the record shows
    ([("agent", "Reading back what's on your SkyPoints profile: name Ms Aisling Brennan, SkyPoints number 4471 2290 "
                "18, seat preference aisle, meal preference standard, mobile 07700 900412.")],
     ("attribute_seat", "customer's seat preference is aisle")),
    ([("agent", "Here's what I have on your account: plan Unlimited 30GB, billing day the 12th, email sam@x.com.")],
     ("attribute_payment_day", "customer's payment day is the 12th")),
    ([("agent", "Certainly. Your SkyPoints profile now shows seat preference: window.")],
     ("attribute_seat", "customer's seat preference is window")),
    # a pet named with "'s on"; the email "on your tenancy record"
    ([("agent", "Hi! Luna's on the Complete Care plan, so flea, tick and worm treatments are all included.")],
     ("plan", "customer is on the Complete Care plan")),
    ([("agent", "The statement has been sent to j.okafor@wavemail.co.uk, which is the email address on your tenancy "
                "record.")], ("contact", "customer's email is j.okafor@wavemail.co.uk")),
    # a workspace named by its slug is the account
    ([("agent", "Done. northbeam-studio is now on the Business plan, prorated against your annual term.")],
     ("plan", "customer is on the Business plan")),
])
def test_what_the_agent_answers_or_summarises_gives_the_slot(extractor, turns, expected):
    assert expected in texts(extractor, *turns)


@pytest.mark.parametrize(("turns", "relation"), [
    # a role on a policy is no job
    ([("agent", "The car on it is a 2015 Ford Fiesta, and you're the only driver.")], "employer"),
    ([("customer", "I'm the named driver on my dad's policy.")], "employer"),
    # what is set up or bought for someone else is theirs
    ([("customer", "Hi, my son's just turned 16. Can he get the Student membership?"),
      ("agent", "Hi Mark! Yes, I've set up a separate Student membership for Ethan at £19.99 a month.")], "plan"),
    ([("customer", "I bought a Kia Picanto for my wife.")], "vehicle"),
    ([("customer", "I bought a new phone for him.")], "device"),
    # a value for one occasion only
    ([("agent", "Of course! I've changed the address for Friday's order only to 6 Beech Avenue.")], "address"),
    ([("customer", "Please send it to 4 Elm Road just this once.")], "address"),
    ([("agent", "I've updated the card for this payment only to your Visa ending 4411.")], "payment_method"),
    # a tag question on the statement itself still claims nothing
    ([("customer", "we're on Gold, right?")], "membership"),
    ([("customer", "I'm on the monthly plan now aren't I?")], "plan"),
    # a look-up that is no answer about the record
    ([("customer", "where is the nearest store to my address?"), ("agent", "I've found a store at 12 High Street, "
                                                                           "Leeds.")], "address"),
    ([("agent", "We've got 9 Pemberton Close, Ipswich, IP4 2RD.")], "address"),
    # amounts that are no standing payment
    ([("customer", "I paid £30 last month.")], "attribute_payment"),
    ([("customer", "I don't pay £30 a month.")], "attribute_payment"),
    ([("agent", "I'll increase your limit to £500 if you'd like.")], "attribute_limit"),
    # a change asked for and not made; a vehicle quoted or offered
    ([("customer", "Hi, there's a pending request on our account to change the billing contact to ap@lumenforge.io - "
                   "please DON'T action it.")], "contact"),
    ([("customer", "I need a quote for a Kia Picanto.")], "vehicle"),
    # "not that" denies its clause; a name "'s on" something unnamed holds nothing
    ([("customer", "What's the difference? not that I'm switching Luna, she needs her dental checks")], "intention"),
    ([("agent", "Tom's on the phone now.")], "device"),
    # a list that is no read-back of the record
    ([("agent", "Here's what I booked: a table for two at 7pm, seat preference window.")], "attribute_seat"),
    ([("agent", "We can offer a policy for a Kia Picanto at £30 a month.")], "vehicle"),
])
def test_what_only_looks_like_the_customers_value_is_not_read(extractor, turns, relation):
    assert relation not in {found for found, _ in texts(extractor, *turns)}


def test_a_job_is_still_a_job(extractor):
    assert ("employer", "customer works as a driver") in texts(extractor, ("customer", "I'm a driver."))
    assert ("employer", "customer works as an office manager") in texts(extractor, ("customer", "I'm the office "
                                                                                                "manager."))


def test_a_pets_record_named_by_its_name_is_the_accounts_unless_another_person_was_spoken_of(extractor):
    turn = ("agent", "I've moved Bramble's direct debit to the 28th of each month.")
    assert ("attribute_payment_day", "customer's payment day is the 28th of each month") in texts(extractor, turn)
    spoken_of = ("customer", "My daughter has her own policy with you.")
    assert not any(relation == "attribute_payment_day" for relation, _ in texts(extractor, spoken_of, turn))


@pytest.mark.parametrize(("text", "sentences"), [
    ("We've got 9 Pemberton Close, Ipswich, IP4 2RD. Was it the postcode?",
     ["We've got 9 Pemberton Close, Ipswich, IP4 2RD.", "Was it the postcode?"]),
    ("I live on 4 Elm St. near the park.", ["I live on 4 Elm St. near the park."]),
])
def test_a_postcode_ends_a_sentence_where_an_abbreviation_does_not(text, sentences):
    assert [s.text for s in split_sentences(text)] == sentences


def test_a_thought_said_in_the_past_of_politeness_is_not_a_past_event():
    hedged = temporal_features("customer was thinking about going up to Lifetime Premier",
                               "Hi, so I was thinking about going up to Lifetime Premier.")
    past = temporal_features("customer was on Lifetime Premier", "I was on Lifetime Premier.")
    assert hedged["message_past"] == 0 and hedged["message_hypothetical"] >= 1
    assert past["message_past"] >= 1
