"""A support archive written apart from the extractor and the decision model, before either was read: telecom,
banking, insurance, utilities, e-commerce, SaaS, travel and healthcare administration, in whole conversations with
agent turns, lower-case chat and typos, several sentences a turn, agent-led changes ("I've updated your address
to ..."), corrections ("sorry, I meant ..."), changes said with other verbs, and traps (hypotheticals, a third
party, a temporary stay, a question, a complaint about a value, a denial, a restatement, a plan, "used to", the
agent's question answered with the same value, news on another attribute, "might").

Through the real ingest flow with the embedded defaults: each change closes the old fact and keeps the new one
active, with the new one as its successor; no trap closes anything; a one-off request leaves no active fact. The
old fact is looked up among the first conversation's facts and the new one among the second's, case-insensitively,
by the value's own words (a fact's wording is the extractor's; the value is the customer's).

A case the store gets wrong today is marked `xfail(strict=True)`: a fix turns it into an unexpected pass, which
fails the run and says to remove the mark.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

A, C = "agent", "customer"
# (scope, kind, first conversation, second conversation, words of the old fact, words of the new fact)
CASES = [
    ("tel-address-agent", "change",
     [(C, "hello, the broadband is at 27 Kestrel Road, Norwich. it's been fine, just checking my bill date"),
      (A, "Thanks for that, your bill date is the 3rd of each month.")],
     [(C, "we've just moved house, can the line come with us?"),
      (A, "Of course. I've updated your address to 4 Linden Mews, Ipswich and booked the engineer for Friday.")],
     "Kestrel Road", "Linden Mews"),
    ("bank-surname-correction", "change",
     [(C, "My surname on the joint account is Dawson. I need a new card reader.")],
     [(C, "Quick one about the card reader letter."),
      (C, "sorry, I meant Dawes, not Dawson - my surname is Dawes. autocorrect got me last time.")],
     "Dawson", "Dawes"),
    ("saas-plan-upgrade", "change",
     [(C, "We're on the Starter plan at the moment with 5 users. Is SSO included?"),
      (A, "SSO isn't part of that plan, I'm afraid.")],
     [(C, "Right, we upgraded to the Growth plan yesterday for the SSO, so you can close off Starter."),
      (A, "Great, I can see the Growth plan on your workspace.")],
     "Starter", "Growth"),
    ("ins-vehicle-swap", "change",
     [(C, "The car on my policy is a Vauxhall Corsa, I need a copy of the certificate.")],
     [(C, "I sold the Corsa last week. I drive a Skoda Octavia now, could you swap it on the policy?")],
     "Corsa", "Octavia"),
    ("util-bank-switch", "change",
     [(C, "I pay my electricity by direct debit from my Lloyds account.")],
     [(C, "heads up: i've switched the direct debit to my Nationwide account, the lloyds one is closed")],
     "Lloyds", "Nationwide"),
    ("shop-email-change", "change",
     [(C, "my email on the account is tara.b@fastmail.com, the receipt never arrived")],
     [(C, "please use tara.bishop@outlook.com from now on, I don't use fastmail anymore"),
      (A, "No problem, receipts will go to the new address.")],
     "fastmail", "outlook"),
    ("travel-employer-change", "change",
     [(C, "I work for Calder & Finch, my trips are booked through their corporate account.")],
     [(C, "I've started a new job at Osprey Analytics, so future trips are under them, not Calder & Finch.")],
     "Calder", "Osprey"),
    ("health-pharmacy-move", "change",
     [(C, "My regular pharmacy is the Boots on Market Street, that's where my repeat prescription goes.")],
     [(C, "Could you note that my nominated pharmacy is now the Lloydspharmacy in Castle Mall? Boots kept "
          "running out of my inhaler.")],
     "Boots", "Castle Mall"),
    ("tel-device-upgrade", "change",
     [(C, "The phone on this contract is an iPhone 13 mini and the battery is shot.")],
     [(C, "Got the iPhone 15 Pro through the upgrade last night, the 13 mini has been sent back."),
      (A, "Lovely, enjoy the new phone!")],
     "13 mini", "15 Pro"),
    ("travel-meal-change", "change",
     [(C, "For meals I'm vegetarian, please keep that on my profile.")],
     [(C, "Could you change my meal preference to vegan? I've cut out dairy as well now.")],
     "vegetarian", "vegan"),
    ("bank-phone-agent-asked", "change",
     [(C, "my mobile is 07700 900871 if you need to text a code")],
     [(A, "Can you confirm the best number to reach you on?"),
      (C, "It's 07700 900342 now, I changed networks and got a new number.")],
     "900871", "900342"),
    ("shop-tier-up", "change",
     [(C, "I'm a Silver member on the rewards scheme, where do I see my points?")],
     [(C, "just hit Gold on the rewards scheme this week so I'm a Gold member now, the silver discount shouldn't "
          "show anymore")],
     "Silver", "Gold"),
    ("tel-hypothetical-package", "trap",
     [(C, "I'm with you on the Essentials 30 broadband package.")],
     [(C, "If I moved to the 150 package would the price lock still apply? Not changing yet, just asking.")],
     "Essentials 30", None),
    ("bank-dad-moved", "trap",
     [(C, "I live at 9 Heron Close, Chester.")],
     [(C, "My dad just moved to 52 Abbey Road, Wrexham - can he get the same account as me?")],
     "Heron Close", None),
    ("shop-away-temporarily", "trap",
     [(C, "My delivery address is 15 Saxon Way, Luton.")],
     [(C, "I'm away at a conference in Leeds till Friday, so please hold the parcel. My address hasn't changed.")],
     "Saxon Way", None),
    ("ins-question-hybrid", "trap",
     [(C, "My car is a Honda Jazz, 2018.")],
     [(C, "Would switching to a hybrid lower my premium? just curious, I'm keeping the Jazz for now")],
     "Jazz", None),
    ("bank-complaint-fees", "trap",
     [(C, "I'm on the Premier Plus bank account.")],
     [(C, "the fees on Premier Plus are ridiculous this year. I'm not switching, I'm just annoyed.")],
     "Premier Plus", None),
    ("health-denial-employer", "trap",
     [(C, "My employer is Redwood Clinics, they pay for the cover.")],
     [(A, "Our records suggest you may have changed employer?"),
      (C, "No, I haven't left Redwood Clinics, whoever told you that was wrong.")],
     "Redwood", None),
    ("util-restated-meter", "trap",
     [(C, "I'm on a pay as you go electricity meter.")],
     [(C, "still on pay as you go for the meter, same as before - i just cant top up on the app")],
     "pay as you go", None),
    ("media-plan-future", "trap",
     [(C, "We pay for the Family 4 streaming plan.")],
     [(C, "We're planning to maybe drop to the Duo plan next year once the kids leave home.")],
     "Family 4", None),
    ("tel-used-to", "trap",
     [(C, "The phone on my account is a Pixel 7a.")],
     [(C, "I used to have an iPhone but it kept breaking, which is why I got the Pixel in the first place.")],
     "Pixel 7a", None),
    ("ins-agent-offer", "trap",
     [(C, "I'm on the Gold travel insurance cover.")],
     [(A, "Are you looking to downgrade to Silver cover?"),
      (C, "no, keep it on Gold, I only wanted the documents resent.")],
     "Gold", None),
    ("util-other-attribute", "trap",
     [(C, "My address is 71 Thornbury Road, Bristol.")],
     [(C, "Same address as before, but my new mobile number is 07123 456789.")],
     "Thornbury", None),
    ("health-might-change-job", "trap",
     [(C, "I work at Greenleaf Bakery.")],
     [(C, "I might be moving over to a job at the hospital in spring, nothing's confirmed though.")],
     "Greenleaf", None),
]
ONE_OFFS = [
    ("oneoff-taxi", [(C, "can you book me a taxi to the airport for 6am tomorrow?"),
                     (A, "Booked, the driver will text.")]),
    ("oneoff-nurse", [(C, "I need an appointment with the practice nurse on Thursday afternoon if there's one free."),
                      (A, "There's 2:40pm on Thursday, shall I put you in?"), (C, "yes please")]),
    ("oneoff-bill-copy", [(C, "Please email me a copy of last month's bill."), (A, "Sent, it should arrive shortly.")]),
    ("oneoff-callback", [(C, "Can I get a callback at 3pm today about my claim?"), (A, "Yes, 3pm is booked.")]),
    ("oneoff-return", [(C, "I'd like to return the blue jumper from order 55123, it's too small."),
                       (A, "I've emailed you a returns label.")]),
]
START = datetime(2026, 11, 16, 9, tzinfo=UTC)
SECOND = timedelta(days=12)
"""The second conversation of a case, this long after the first."""

# Cases the store gets wrong today (case id: what it does instead); see the module docstring.
FAILS_TODAY: dict[str, str] = {
    "travel-meal-change": "'Could you change my meal preference to vegan?' is stored as the request it is (planned: "
                          "'customer wants to change their meal preference to vegan'); no agent turn confirms it",
}

ARCHIVE = CaseArchive(tenant="blind", start=START, later_by=SECOND, turn_gap_s=55, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
