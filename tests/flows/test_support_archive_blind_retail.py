"""B2B software, retail, loyalty, telecom, energy, warranties, car rental, co-working and language-app support
archive, written by a tester who had read no product code: each customer has two chats a month apart; a change,
a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 9, 14, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "sr-c01",
        "change",
        [
            ("customer", "hi, quick one - how many seats are we on rn? org is northwind-labs"),
            ("agent", "Hi! Northwind Labs is on the Team plan with 40 seats, 37 currently assigned. Renewal date is "
                      "3 Feb 2027."),
            ("customer", "ok ta"),
        ],
        [
            ("customer", "need more seats, we just onboarded a whole squad. can you take us to 65?"),
            ("agent", "Done - Northwind Labs now has 65 seats. The prorated charge of $412.50 will show on your "
                      "next invoice."),
            ("customer", "perfect thx"),
        ],
        "40 seats",
        "65 seats",
    ),
    (
        "sr-c02",
        "change",
        [
            ("customer", "Hello,\n\nWe are preparing for our annual GDPR review and need written confirmation of "
                         "where our data is stored. Workspace name: Halden Legal (haldenlegal).\n\nKind "
                         "regards,\nMarit Solberg\nOperations Manager | Halden Legal AS\n+47 22 41 88 10"),
            ("agent", "Hi Marit,\n\nThanks for reaching out. I can confirm that the Halden Legal workspace is "
                      "hosted in our EU-West (Dublin) region. This includes primary storage, search indexes and "
                      "nightly backups, none of which leave the EU.\n\nI've attached our latest sub-processor list "
                      "for your review.\n\nBest,\nConor\nCustomer Success"),
        ],
        [
            ("customer", "Hi Conor,\n\nFollowing up on ticket #48211 - our IT team scheduled the region migration "
                         "for last weekend. Could you confirm whether the cutover finished and where we are hosted "
                         "now? Our auditors want the final answer before Friday.\n\nThanks,\nMarit "
                         "Solberg\nOperations Manager | Halden Legal AS"),
            ("agent", "Hi Marit,\n\nYes, the migration completed successfully on Sunday at 04:12 CET. The Halden "
                      "Legal workspace is now served from EU-Central (Frankfurt), and the old Dublin copies were "
                      "purged on Monday per our retention policy. An updated data residency certificate is "
                      "attached.\n\nBest,\nConor"),
            ("customer", "Brilliant, that's exactly what we needed. Thank you!"),
        ],
        "EU-West (Dublin)",
        "EU-Central (Frankfurt)",
    ),
    (
        "sr-c03",
        "change",
        [
            ("agent", "Hi there! I'm Ava, the Brightmart virtual assistant. I can see you're a Silver member with "
                      "2,340 points. What can I help with today?"),
            ("customer", "when do my points expire"),
            ("agent", "Points expire 24 months after they're earned. Your oldest 310 points expire on 30 November "
                      "2026. Anything else?"),
            ("customer", "no thats it"),
        ],
        [
            ("customer", "got an email saying congratulations?? what does that mean, is it spam"),
            ("agent", "Hi Deborah, it's Sam from the Brightmart team (a real person!). Not spam - your spend this "
                      "year passed £1,500, so your account has moved up to Gold tier. From today you get free "
                      "next-day delivery and double points on everything."),
            ("customer", "oh nice!! didn't realise I'd spent that much lol"),
        ],
        "Silver member",
        "Gold",
    ),
    (
        "sr-c04",
        "change",
        [
            ("agent", "Thanks for calling SkyNordic, you're through to Helen. Um, could I take your frequent flyer "
                      "number please?"),
            ("customer", "Yeah, it's, uh, SN 4410 2297."),
            ("agent", "Lovely, thanks Mr Okafor. So I've got you down with Manchester as your home airport, is that "
                      "right?"),
            ("customer", "Yeah, yeah, Manchester, that's right. I just wanted to check about the, er, the lounge "
                         "thing for my wife when we go in November."),
            ("agent", "Of course, so as a Silver member you can bring one guest into the lounge, so she's covered, "
                      "yeah."),
        ],
        [
            ("customer", "Hi, um, yeah, so we've, we've relocated down south now, near Bath, so I need Bristol as "
                         "my home airport, for the, er, the fare alerts and that."),
            ("agent", "Oh lovely, congratulations on the move. Right, give me one sec... okay, that's updated - "
                      "your home airport is now Bristol, so the deals will come through for BRS from tomorrow."),
            ("customer", "Brilliant, cheers, that's great."),
        ],
        "Manchester",
        "Bristol",
    ),
    (
        "sr-c05",
        "change",
        [
            ("customer", "Hi my bill looks really high this quarter. Account 7720 3391. Am I on the right tariff?"),
            ("agent", "Hi Gareth, thanks for getting in touch. You're on our Economy 7 tariff with a two-rate "
                      "meter: the night rate (00:30-07:30) is 13.9p/kWh and the day rate is 31.2p/kWh. Looking at "
                      "your readings, about 85% of your usage is during the day, so it may not be the best fit."),
            ("customer", "ok I'll have a think and get back to you"),
        ],
        [
            ("customer", "Right, had a think. Please put me on the single rate one you mentioned, acct 7720 3391"),
            ("agent", "All done Gareth. From your next meter reading on 14 Oct you'll be on the Simple Single Rate "
                      "tariff at 24.8p/kWh with a 52p daily standing charge. Your smart meter will be reconfigured "
                      "remotely, no visit needed."),
            ("customer", "cheers"),
        ],
        "Economy 7 tariff",
        "Simple Single Rate tariff",
    ),
    (
        "sr-c06",
        "change",
        [
            ("customer", "Hello, I have problem that internet is very slow in the evening. My package is Fibre 150, "
                         "I pay 32 euro per month. This is normal?"),
            ("agent", "Hi Mr Kowalczyk, thanks for contacting us. I've run a line test: your line is synced "
                      "correctly on Fibre 150 and evening speeds of 120-140 Mbps are within the normal range. If you "
                      "use Wi-Fi, speed can be lower in some rooms."),
            ("customer", "Ok I understand, thank you."),
        ],
        [
            ("customer", "Good day. I want more fast internet because now my wife is working from home also. Please "
                         "make the Fibre 500 for me, how much it cost?"),
            ("agent", "Of course! I've changed your package to Fibre 500 at €45 per month on a new 18-month "
                      "contract. The speed change activates tonight after midnight, no engineer visit needed. You'll "
                      "get a confirmation email shortly."),
            ("customer", "Thank you very much, is very good service."),
        ],
        "Fibre 150",
        "Fibre 500",
    ),
    (
        "sr-c07",
        "change",
        [
            ("customer", "Hi, our fridge freezer has started making a clicking noise every few minutes. I think "
                         "it's still under warranty?"),
            ("agent", "Hi Lena, let me pull up your registration. I have: Hotpoint H7X 93T SX, serial 1120457, "
                      "purchased 03/02/2025 from Currys Stockport, manufacturer warranty valid until 03/02/2027. Is "
                      "that the appliance?"),
            ("customer", "yep that's the one"),
            ("agent", "Great, you're covered. I've booked an engineer for Thursday 17 Sept, 8am-12pm."),
        ],
        [
            ("agent", "Hi Lena, following the engineer's report the compressor couldn't be repaired, so your "
                      "replacement unit was delivered on Tuesday. I've updated your warranty registration to the new "
                      "appliance: Hotpoint H9X 94T SX2, serial 2208813. Cover still runs until 03/02/2027, same as "
                      "the original."),
            ("customer", "Thanks! The new one is lovely and quiet. Do I need to do anything else?"),
            ("agent", "Nothing else needed, the old registration is closed and the new one is active."),
        ],
        "Hotpoint H7X 93T SX",
        "Hotpoint H9X 94T SX2",
    ),
    (
        "sr-c08",
        "change",
        [
            ("agent", "[DriveAway Bot] Welcome back, Priyanka! Your profile: preferred class Compact (VW Golf or "
                      "similar) | Rewards: Gold | Default pickup: London Heathrow T5. How can I help?"),
            ("customer", "I just want to add a second driver to booking DA-88213"),
            ("agent", "[DriveAway Bot] I'll pass you to a colleague for that."),
            ("agent", "Hi Priyanka, Tom here. Happy to add a second driver - it's £12/day, so £60 for the 5 days. "
                      "Can you send me their licence details?"),
        ],
        [
            ("customer", "hiya, can you change my profile so it always gives me something bigger? we've got twins "
                         "now lol, the Golf doesn't cut it with two car seats and a double buggy"),
            ("agent", "Congratulations! I've set your preferred class to Intermediate SUV (Nissan Qashqai or "
                      "similar). All your future quick bookings will default to that, and your Gold discount still "
                      "applies."),
            ("customer", "amazing thank you!!"),
        ],
        "preferred class Compact",
        "Intermediate SUV",
    ),
    (
        "sr-c09",
        "change",
        [
            ("customer", "Hey, can you remind me what my membership includes? I'm at the Canal Street space."),
            ("agent", "Sure Jonas! Here's your membership:\n- Plan: Hot Desk (10 days/month)\n- Location: Canal "
                      "Street, Floor 2\n- Monthly fee: €190\n- Meeting room credits: 4 hrs/month\nLet me know if you "
                      "need anything else."),
            ("customer", "perfect, thanks"),
        ],
        [
            ("customer", "Hi, I'd like my own desk from the 1st, I'm in almost every day now. Same building is "
                         "fine."),
            ("agent", "All set Jonas! Summary of the change:\n- Plan: Dedicated Desk (24/7 access)\n- Desk: 2.14, "
                      "Canal Street\n- Monthly fee: €340 from 1 November\n- Meeting room credits: 8 hrs/month\nYour "
                      "locker key will be at reception on the 1st."),
            ("customer", "Great, see you then"),
        ],
        "Hot Desk",
        "Dedicated Desk",
    ),
    (
        "sr-c10",
        "change",
        [
            ("customer", "hey my streak reset even tho I did the lesson at 11pm last night?? I'm doing the "
                         "Brazilian Portuguese course"),
            ("agent", "Hi Chloe, sorry about that! There was a time zone sync issue last night. I've restored your "
                      "212-day streak on your Brazilian Portuguese course - it should show after you restart the app."),
            ("customer", "yesss thank you"),
        ],
        [
            ("customer", "Olá! Got a job offer in Lisbon so I want the European variant instead. Can you carry my "
                         "progress over?"),
            ("agent", "Parabéns, Chloe! I've moved your account onto the European Portuguese course and carried "
                      "over your XP and your 242-day streak. A few pronunciation units will ask you to redo a short "
                      "placement check."),
            ("customer", "perfect, obrigada!"),
        ],
        "Brazilian Portuguese course",
        "European Portuguese course",
    ),
    (
        "sr-c11",
        "change",
        [
            ("customer", "Hi team,\n\nJust setting things up on our new account. Please note invoices should go to "
                         "our billing contact, Priya Raman (accounts@fernleaf.io), not to me.\n\nThanks,\nDaniel "
                         "Osei\nIT Manager, Fernleaf Analytics Ltd"),
            ("agent", "Hi Daniel,\n\nConfirmed - the billing contact for Fernleaf Analytics is now Priya Raman "
                      "(accounts@fernleaf.io). She'll receive invoices, receipts and payment reminders going "
                      "forward.\n\nCheers,\nMeg | Billing Support"),
        ],
        [
            ("customer", "Hi Meg,\n\nPriya has left the company. From this month please send all invoices and "
                         "reminders to Tomasz Wójcik, tomasz.wojcik@fernleaf.io, who has taken over "
                         "finance.\n\nThanks,\nDaniel Osei\nIT Manager, Fernleaf Analytics Ltd"),
            ("agent", "Hi Daniel,\n\nUpdated - Tomasz Wójcik is now the billing contact on the account, and I've "
                      "re-sent the October invoice (INV-20931) to him. Priya has been removed from all billing "
                      "emails.\n\nCheers,\nMeg"),
        ],
        "Priya Raman",
        "Tomasz Wójcik",
    ),
    (
        "sr-c12",
        "change",
        [
            ("customer", "when's my next veg box"),
            ("agent", "Hi Aisha! Your Medium Veg Box comes every week on Tuesdays - the next one is 22 Sept between "
                      "7am and 1pm."),
            ("customer", "ta"),
        ],
        [
            ("customer", "im never home tuesdays anymore with the new shifts. can it come fridays from now on"),
            ("agent", "No problem - I've changed your regular delivery to Fridays, starting 23 Oct. Same box, same "
                      "price (£18.50)."),
            ("customer", "lifesaver thx"),
        ],
        "Tuesdays",
        "Fridays",
    ),
    (
        "sr-t01",
        "trap",
        [
            ("customer", "Hello,\n\nWe're auditing our login setup this quarter. Could you confirm how SSO is "
                         "configured for the Quillpoint workspace?\n\nThanks,\nRenée Marchetti\nHead of IT, "
                         "Quillpoint"),
            ("agent", "Hi Renée,\n\nQuillpoint uses SAML SSO via Okta, enforced for all members, with SCIM "
                      "provisioning enabled. Verified domain: quillpoint.co. 142 users are currently "
                      "provisioned.\n\nBest regards,\nAnil | Enterprise Support"),
        ],
        [
            ("customer", "Hi Anil,\n\nPurely hypothetically - if we migrated our IdP to Microsoft Entra ID next "
                         "year, would we lose our SCIM-provisioned users, or could we run both in parallel during a "
                         "cutover? Nothing is decided yet, we're just scoping options for the budget.\n\nBest,\nRenée "
                         "Marchetti\nHead of IT, Quillpoint"),
            ("agent", "Hi Renée,\n\nGood question. You could add a second IdP connection and run both in parallel "
                      "for up to 30 days; users are matched by email, so nobody would be lost. Your current Okta "
                      "configuration stays exactly as it is unless you ask us to change it.\n\nBest regards,\nAnil"),
        ],
        "SAML SSO via Okta",
        "Microsoft Entra ID",
    ),
    (
        "sr-t02",
        "trap",
        [
            ("customer", "hi can u check where my parcel is going, order UK-551930"),
            ("agent", "Hi Sophie! Order UK-551930 is going to your default delivery address, 14 Larch Close, "
                      "Didsbury, M20 6QT, arriving tomorrow."),
            ("customer", "great thanks"),
        ],
        [
            ("customer", "hi can this order (UK-558102) go to my work instead - 3rd floor, 200 Deansgate, M3 3NW? "
                         "just this once, I'm away from home till friday"),
            ("agent", "Done - order UK-558102 will be delivered to 200 Deansgate. Your default address stays as "
                      "Larch Close for all other orders."),
            ("customer", "perfect ty"),
        ],
        "14 Larch Close",
        "200 Deansgate",
    ),
    (
        "sr-t03",
        "trap",
        [
            ("customer", "Hi, I'd like to check my status before my trip to Vienna next month."),
            ("agent", "Thank you Ms Lindqvist. I see you're a Gold Elite member with 38 qualifying nights this "
                      "year, so you'll get late checkout until 2pm and a welcome amenity at the Vienna property."),
            ("customer", "Lovely, thank you."),
        ],
        [
            ("customer", "Hello again. A bit of nostalgia and a small complaint really - back in 2019 I was "
                         "Platinum Elite and the Zurich hotel used to upgrade me to a suite almost every stay. Last "
                         "week in Vienna I got a standard courtyard room. Is that normal now?"),
            ("agent", "I'm sorry the stay felt like a step down. Suite upgrades are a guaranteed benefit only at "
                      "Platinum; as a Gold member they're subject to availability, and Vienna was fully booked that "
                      "week. I've added 2,000 bonus points to your account as a gesture of goodwill."),
            ("customer", "That's kind, thank you."),
        ],
        "Gold Elite member",
        "Platinum Elite",
    ),
    (
        "sr-t04",
        "trap",
        [
            ("customer", "hi, can you confirm the mobile number on my account for the security codes?"),
            ("agent", "Sure Mr Haddad, the contact number on your account is 07700 900142. Security codes will go "
                      "there."),
            ("customer", "great"),
        ],
        [
            ("customer", "My son has a new SIM on our family plan and his number is changing to 07700 900813 - can "
                         "you update his line please? Mine stays the same."),
            ("agent", "Done, Yusuf's line on the family plan now shows 07700 900813 and the old SIM is deactivated. "
                      "Your own number and contact details haven't changed."),
            ("customer", "thanks a lot"),
        ],
        "07700 900142",
        "07700 900813",
    ),
    (
        "sr-t05",
        "trap",
        [
            ("customer", "Hiya, er, I just wanted to check what I'm paying, like, what deal I'm on?"),
            ("agent", "Of course. So, um, you're on the Fixed Saver 24 tariff until the end of March 2027, "
                      "electricity at 23.1p per kWh and gas at 5.9p."),
            ("customer", "Okay, lovely, that's fine then."),
        ],
        [
            ("customer", "Hiya, um, so I've just got an electric car, and I was thinking of going onto the, er, the "
                         "EV Night Saver thing? Is that, like, a lot cheaper?"),
            ("agent", "So EV Night Saver is 8.5p overnight, but 32p during the day, and because you're on a fixed "
                      "deal there'd be an exit fee of £75 per fuel to leave early."),
            ("customer", "Oh. Oh right, no, that's... no, leave it then, I'll wait till March and look again."),
            ("agent", "No problem at all, I'll leave everything exactly as it is."),
        ],
        "Fixed Saver 24 tariff",
        "EV Night Saver",
    ),
    (
        "sr-t06",
        "trap",
        [
            ("customer", "Which card will the deposit go on for my pickup in Malaga?"),
            ("agent", "Hi Mr Brennan, the card on file is a Visa ending 4417, expiring 08/28. The €300 deposit will "
                      "be held on that at pickup."),
            ("customer", "ok good"),
        ],
        [
            ("customer", "trying to replace my card with the Amex ending 1009 but the page keeps erroring out"),
            ("agent", "Sorry about that. I tried adding the Amex ending 1009 from our side but it was declined by "
                      "the issuer (code 05). Your Visa remains the card on file for now - it may be worth checking "
                      "with Amex and trying again."),
            ("customer", "ugh ok will call them"),
        ],
        "Visa ending 4417",
        "Amex ending 1009",
    ),
    (
        "sr-t07",
        "trap",
        [
            ("customer", "what tier am i? FF no 88120943"),
            ("agent", "Hi Kenji, you're Silver with Aurelia Club, valid until 31 Jan 2027. You need 14,000 more "
                      "tier points for Gold."),
        ],
        [
            ("customer", "got an email saying my status dropped to Blue?? I've flown loads this year, what's going "
                         "on"),
            ("agent", "Really sorry for the confusion - that email went out in error to a batch of members "
                      "yesterday. I've checked your account and you're still Silver, valid until 31 Jan 2027. Nothing "
                      "has changed."),
            ("customer", "phew ok"),
        ],
        "Silver",
        "dropped to Blue",
    ),
    (
        "sr-t08",
        "trap",
        [
            ("customer", "Which locations can I use with my membership?"),
            ("agent", "Hi Ruth! Your Flex membership is tied to the Kings Cross building, Mon-Fri 8am-8pm. Other "
                      "locations are available with day passes at £25 each."),
            ("customer", "ok thanks"),
        ],
        [
            ("customer", "Hey, Kings Cross has a leak on our floor - can I work from the Shoreditch location for "
                         "the rest of this week?"),
            ("agent", "Of course, sorry about the leak! I've added complimentary day passes for Shoreditch, "
                      "Wed-Fri. From Monday your access goes back to Kings Cross as normal."),
            ("customer", "amazing thanks"),
        ],
        "Kings Cross",
        "Shoreditch location",
    ),
    (
        "sr-t09",
        "trap",
        [
            ("customer", "what am i actually paying for? i forgot"),
            ("agent", "Hi Matteo! You're on the Premium annual plan at €89.99/year, next renewal 10 October 2026."),
        ],
        [
            ("customer", "Just got charged €89.99. Please make sure I'm on Premium annual and not the monthly one, "
                         "i dont want double charges"),
            ("agent", "Confirmed: Premium annual, €89.99, renewed today through 10 October 2027. There is no "
                      "monthly plan on your account and nothing else will be charged."),
            ("customer", "ok grazie"),
        ],
        "Premium annual plan",
        "Premium annual, €89.99",
    ),
    (
        "sr-t10",
        "trap",
        [
            ("customer", "Hi, one of the cushions on my sofa has gone really saggy, is this covered?"),
            ("agent", "Hi Mrs Adeyemi, your Oslo 3-seater corner sofa (bought 12 March 2024) is covered by our "
                      "5-year frame warranty, plus 2 years on cushion fillings, so yes - we'll send a replacement "
                      "cushion insert."),
            ("customer", "Oh that's great, thank you"),
        ],
        [
            ("customer", "how much would the 10-year extended care plan be for the sofa? and does it cover stains, "
                         "we've got a puppy now"),
            ("agent", "The 10-year extended care plan is £149 one-off and does cover accidental stains and pet "
                      "damage, up to 3 claims."),
            ("customer", "hmm bit steep, I'll leave it for now thanks"),
            ("agent", "No problem, your existing cover stays as it is."),
        ],
        "5-year frame warranty",
        "10-year extended care plan",
    ),
    (
        "sr-t11",
        "trap",
        [
            ("customer", "I'm the admin for Brightwater Studio. Are we on Business or Enterprise?"),
            ("agent", "Brightwater Studio is on the Business plan, billed annually, 25 seats. Renewal is 1 March."),
        ],
        [
            ("customer", "My colleague Marco runs our sister company's workspace (Brightwater Events). He asked me "
                         "to get his one moved to Enterprise because he can't get into the billing page. Can you sort "
                         "it?"),
            ("agent", "Marco is the owner on Brightwater Events, so I've emailed him a confirmation link - once he "
                      "approves, that workspace will be moved to Enterprise. Your Brightwater Studio workspace isn't "
                      "affected and stays on Business."),
            ("customer", "ok cool, I'll tell him"),
        ],
        "Business plan",
        "moved to Enterprise",
    ),
    (
        "sr-t12",
        "trap",
        [
            ("customer", "whats in my subscription again"),
            ("agent", "Hi Grace! Your Whiskers & Co subscription is 2 x 7kg Salmon Dry Food, delivered every 4 "
                      "weeks, £54.20 with your 15% subscribe discount."),
        ],
        [
            ("customer", "can i make it every 2 weeks instead? the new kitten eats loads"),
            ("agent", "I can! Just so you know, on a 2-week cycle the discount drops to 10%. You could keep it at 4 "
                      "weeks and add a third bag instead. Want me to go ahead with the change?"),
            ("customer", "oh then just leave it as is, ill add an extra bag manually when i need one"),
            ("agent", "No worries, nothing changed - still every 4 weeks."),
        ],
        "every 4 weeks",
        "every 2 weeks",
    ),
]

ONE_OFFS = [
    (
        "sr-o01",
        [
            ("customer", "my order arrived today with the teapot smashed to bits. order 40022871. photos attached"),
            ("agent", "I'm so sorry about that! I've refunded £34.99 to your original payment method - it should "
                      "show in 3-5 working days. No need to send the broken one back."),
            ("customer", "thanks, appreciate it"),
        ],
    ),
    (
        "sr-o02",
        [
            ("customer", "Hi, I'm locked out of the admin console after too many 2FA attempts, my phone died and I "
                         "restored it from backup. Can you reset it?"),
            ("agent", "Hi! I've verified you via the backup email and reset your 2FA. Next time you sign in you'll "
                      "be asked to scan a new QR code. The reset link expires in 30 minutes."),
            ("customer", "Got it, I'm back in. Thank you!"),
        ],
    ),
    (
        "sr-o03",
        [
            ("customer", "Hello, do you have a double room for tonight at the Leeds City Centre hotel? Arriving "
                         "around 10pm, just one night."),
            ("agent", "Good afternoon! We have one King room left at £119 including breakfast. Shall I book it?"),
            ("customer", "Yes please."),
            ("agent", "Booked - confirmation LDS-77302. I've noted your late arrival, reception is open 24 hours."),
        ],
    ),
    (
        "sr-o04",
        [
            ("customer", "tracking says my parcel was delivered at 13:02 but there's nothing here?? order 88-201554"),
            ("agent", "Sorry about this! The courier's photo shows a blue door, which doesn't look like a match. "
                      "I've opened an investigation with the courier and sent out a replacement by next-day delivery "
                      "at no cost."),
            ("customer", "ok thank you"),
        ],
    ),
    (
        "sr-o05",
        [
            ("customer", "I was charged a €68 refuelling fee on rental RA-40417 but I returned the car full, I have "
                         "the receipt from the petrol station by the airport"),
            ("agent", "Thanks for sending the receipt - the station check-in clearly missed it. I've reversed the "
                      "€68 fuel charge; it'll be back on your card within 5 working days."),
            ("customer", "great, thanks for sorting"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "sr-c01": "no fact holds '40 seats': [('customer is on the Team plan', 'active'), (\"customer's account "
              "has 65 seats\", 'active')]",
    "sr-c02": "no fact holds 'EU-West (Dublin)': [(\"customer's name is Halden Legal\", 'active')]",
    "sr-c07": "no fact holds 'Hotpoint H7X 93T SX': [(\"customer's warranty registration is appliance: Hotpoint "
              "H9X 94T SX2, serial 2208813\", 'active')]",
    "sr-c08": "(\"customer's profile is preferred class Compact (VW Golf or similar) | Rewards\", \"customer's "
              "preferred class is Intermediate SUV\")",
    "sr-c10": "no fact holds 'Brazilian Portuguese course': []",
    "sr-c12": "(\"customer's Medium Veg Box is on Tuesdays\", \"customer's regular delivery is Fridays\")",
    "sr-t01": "no fact holds 'SAML SSO via Okta': []",
    "sr-t03": "no fact holds 'Gold Elite member': []",
    "sr-t08": "no fact holds 'Kings Cross': [('customer is on the Flex membership', 'active')]",
    "sr-t10": "no fact holds '5-year frame warranty': [('customer has a dog', 'active')]",
    "sr-t12": "no fact holds 'every 4 weeks': []",
}

ARCHIVE = CaseArchive(tenant="blind-retail", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
