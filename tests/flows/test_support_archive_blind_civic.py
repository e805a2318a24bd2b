"""A council services, housing association, GP surgery and pharmacy, home care, water, building society, broadband, car
insurance, airline, bike share, swimming school and vet support archive, written by a tester who had read no product
code: each customer has two chats a month apart; a change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 11, 2, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "cc-c01",
        "change",
        [
            ("customer", "hi can u tell me when my bins go out, just moved in"),
            ("agent", "Welcome to the area! Could you give me your postcode please?"),
            ("customer", "BS7 4QT"),
            ("agent", "Thanks. For 22 Carrow Street your general waste and recycling are collected on Tuesday, "
                      "alternating weeks - grey bin this week, green and blue boxes next week. Please have them out "
                      "by 6:30am."),
        ],
        [
            ("customer", "Hello, I got a leaflet saying collection days are changing in our area? Is that true for "
                         "Carrow Street"),
            ("agent", "Yes, that's right. As part of the route review, from Monday 7 December collections for 22 "
                      "Carrow Street move to Thursday. Same fortnightly pattern, grey bin first."),
            ("customer", "ok Thursday it is, thanks"),
        ],
        "Tuesday",
        "Thursday",
    ),
    (
        "cc-c02",
        "change",
        [
            ("customer", "hiya need to renew my residents permit, reg KM19 PZT"),
            ("agent", "Hi! I can see the permit for KM19 PZT at 5 Linden Mews, Zone K, expiring 30 Nov. Renewal for "
                      "12 months is £94. Shall I go ahead?"),
            ("customer", "yes pls 👍"),
            ("agent", "Done - the new permit is digital and valid from 1 Dec, nothing to display in the windscreen."),
        ],
        [
            ("customer", "hi moved house last wk 🙈 now at 41 Orchard Rise, do i need new permit??"),
            ("agent", "Congratulations on the move! Orchard Rise is in Zone M2, so the permit needs transferring. "
                      "I've updated the address and zone on the permit for KM19 PZT - you'll get a confirmation "
                      "email. No charge for the transfer."),
            ("customer", "amazing ty"),
        ],
        "Zone K",
        "Zone M2",
    ),
    (
        "cc-c03",
        "change",
        [
            ("customer", "Hello, yes, um, it's Margaret Doyle's daughter, Susan. I'm ringing about Mum's care "
                         "visits."),
            ("agent", "Hi Susan. Let me just bring up your mum's record... right, so I've got Margaret Doyle, 9 "
                      "Weir Lane, morning visits at 8:30am, seven days a week, about 45 minutes for washing, dressing "
                      "and breakfast. Is that all still right?"),
            ("customer", "Yes, yes that's, er, that's all fine. I just wanted to check the carers know about her "
                         "new tablets."),
            ("agent", "I'll add a note to the care plan now so every carer sees it on the app before they go in."),
        ],
        [
            ("customer", "Hi, it's Susan again, Margaret Doyle's daughter. Um, so Mum's started at the day centre "
                         "and, er, she's finding the early call a bit - she feels rushed, you know?"),
            ("agent", "Of course. What time would suit her better?"),
            ("customer", "9:15am, if you can do that? Every day, just to keep it simple for her."),
            ("agent", "I can do that. So for your records:\nOld: 8:30am daily\nNew: 9:15am daily, starting "
                      "Monday\nSame carers where possible."),
        ],
        "8:30am",
        "9:15am",
    ),
    (
        "cc-c04",
        "change",
        [
            ("customer", "Dear Sir or Madam,\n\nI would like to set up a Direct Debit for the water and sewerage "
                         "charges at 3 Foxglove Terrace, Hexham, NE46 2LP. Customer reference 400 1188 3726.\n\nI "
                         "would prefer payments to be taken on the 1st of each month.\n\nYours faithfully,\nDavid "
                         "Armitage"),
            ("agent", "Dear Mr Armitage,\n\nThank you for your email. I have set up your Direct Debit: £41.20 will "
                      "be collected on the 1st of each month, starting 1 December. You will receive written "
                      "confirmation within 5 working days.\n\nKind regards,\nPriya\nCustomer Services"),
        ],
        [
            ("customer", "Dear Priya,\n\nFollowing a change in my pension payment date, I would be grateful if you "
                         "could move my Direct Debit collection to the 18th of each month. The amount can remain as "
                         "it is.\n\nRegards,\nDavid Armitage\nRef 400 1188 3726"),
            ("agent", "Dear Mr Armitage,\n\nThat's now done. From January your payment of £41.20 will be taken on "
                      "the 18th of each month. December's payment had already been requested, so that one will still "
                      "come out on the 1st.\n\nKind regards,\nPriya"),
        ],
        "1st of each month",
        "18th of each month",
    ),
    (
        "cc-c05",
        "change",
        [
            ("customer", "Hi, I'm trying to log into online banking and it says it's sent a code but I haven't had "
                         "anything"),
            ("agent", "Sorry about that. For security the code goes to the mobile we hold for you, which ends in "
                      "382. Can you confirm the full number?"),
            ("customer", "07700 914 382"),
            ("agent", "That matches. It's probably a network delay - I've resent the code now, it's valid for 10 "
                      "minutes."),
        ],
        [
            ("customer", "Hello I've got a new phone AND a new number so I'm not getting the security codes any "
                         "more"),
            ("agent", "No problem. I'll need to verify you first - could you confirm your date of birth and the "
                      "first line of your address?"),
            ("customer", "12/03/1979, 27 Cobden Road"),
            ("agent", "Thank you. And what's the new number?"),
            ("customer", "07912 550 617"),
            ("agent", "Updated. Security codes will now go to 07912 550 617 and the old number has been removed. "
                      "We'll also post a confirmation letter to your home address."),
        ],
        "07700 914 382",
        "07912 550 617",
    ),
    (
        "cc-c06",
        "change",
        [
            ("customer", "why has my bill gone up?? was £28"),
            ("agent", "Hi Tom, I've had a look. You're on Fibre 150 on an 18-month contract and the price went up "
                      "to £30.50 in April, in line with the annual price rise in your terms. Sorry it wasn't clearer "
                      "on the bill."),
            ("customer", "ugh fine"),
        ],
        [
            ("customer", "hey, working from home loads now and the internet crawls in the evenings. can i go faster"),
            ("agent", "Sure - I can upgrade you without resetting your contract end date. Fibre 500 would be £37 a "
                      "month."),
            ("customer", "go on then"),
            ("agent", "All done. Summary of the change:\n• Old: Fibre 150, £30.50/month\n• New: Fibre 500, "
                      "£37/month\n• Switches over overnight on Thursday, no engineer needed."),
        ],
        "Fibre 150",
        "Fibre 500",
    ),
    (
        "cc-c07",
        "change",
        [
            ("customer", "Hi I need a copy of my insurance certificate, the council want it for a parking permit"),
            ("agent", "Of course. Your policy covers a 2016 Ford Fiesta, reg LK16 XRW, comprehensive, social, "
                      "domestic and pleasure plus commuting. I'll email the certificate to the address on file now."),
            ("customer", "perfect thanks"),
        ],
        [
            ("customer", "Hi, I've sold the Fiesta and I'm picking up my new car on Saturday. Need to swap it on "
                         "the policy."),
            ("agent", "Congratulations! What's the make, model and registration?"),
            ("customer", "2021 Skoda Fabia, YE21 BHO"),
            ("agent", "Thanks. I've changed the insured vehicle to the 2021 Skoda Fabia, YE21 BHO, from 00:01 "
                      "Saturday. There's an additional premium of £23.40 for the rest of the policy year plus a £25 "
                      "admin fee. Your new certificate is in your inbox."),
        ],
        "Ford Fiesta",
        "Skoda Fabia",
    ),
    (
        "cc-c08",
        "change",
        [
            ("customer", "Hello, my booking code is QX7M2D. I am vegetarian, please can you put vegetarian meal on "
                         "my profile so I do not need to ask every time?"),
            ("agent", "Hello Mr Haddad, I've added a vegetarian meal as the standing meal preference on your "
                      "frequent flyer profile. It will be requested automatically on future bookings, including "
                      "QX7M2D."),
            ("customer", "Thank you very much"),
        ],
        [
            ("customer", "Good morning. My doctor find I have coeliac disease, so now I must eat only gluten-free. "
                         "Please change my meal on the profile, I need gluten-free meal from now."),
            ("agent", "Good morning Mr Haddad, sorry to hear about the diagnosis. I've changed your standing meal "
                      "preference to gluten-free meal. It applies to all bookings from today, and I've updated your "
                      "flight next month as well."),
            ("customer", "Thank you, this is very kind"),
        ],
        "vegetarian meal",
        "gluten-free meal",
    ),
    (
        "cc-c09",
        "change",
        [
            ("customer", "Hi, I'm trying to order my repeat prescription, does it come to you automatically?"),
            ("agent", "Hi Ms Lindqvist. Yes - your GP, Harrowgate Road Surgery, sends it to us electronically once "
                      "they've approved it. Your repeat items are sertraline 50mg and the salbutamol inhaler, usually "
                      "ready 2 working days after you order."),
            ("customer", "Great, thank you!"),
        ],
        [
            ("customer", "Hi, I moved to Bramley in October and I've just been accepted at Millbrook Medical "
                         "Centre. Do I need to tell you anything for my prescriptions?"),
            ("agent", "Thanks for letting us know. I've updated your GP on our system to Millbrook Medical Centre, "
                      "so we'll expect your repeat requests from them from now on. They may want a medication review "
                      "before the next issue."),
            ("customer", "ok brilliant"),
        ],
        "Harrowgate Road Surgery",
        "Millbrook Medical Centre",
    ),
    (
        "cc-c10",
        "change",
        [
            ("customer", "Hi! Just checking Ellie's class this term - she's in Stage 3 with Coach Dan on Tuesdays "
                         "at 5pm right?"),
            ("agent", "Hi! Yes, Ellie Marsh - Stage 3, Tuesdays 5:00-5:30pm, Coach Dan, lane 2. Term fees are paid "
                      "up until 15 December."),
        ],
        [
            ("customer", "Ellie came home SO excited, she says she passed her badge?? 🏊‍♀️🎉"),
            ("agent", "She did! Coach Dan assessed her last week and she's moved up to Stage 4. The Stage 4 class "
                      "is also on Tuesdays, just half an hour later at 5:30pm."),
            ("customer", "yay! 5:30 works fine"),
        ],
        "Stage 3",
        "Stage 4",
    ),
    (
        "cc-c11",
        "change",
        [
            ("customer", "Hi, we brought Biscuit in for his jabs last week, when is his next vaccine due?"),
            ("agent", "Hi! Biscuit is on our Puppy Care Plan, which covers his second booster - that's due 14 "
                      "January. The plan also includes monthly flea and worm treatment, which you can collect from "
                      "reception."),
            ("customer", "Great, thanks"),
        ],
        [
            ("customer", "Biscuit turns 1 next week, someone at puppy class said the puppy plan stops?"),
            ("agent", "That's right, the puppy plan only runs until 12 months. The next one up is the Adult Care "
                      "Plan at £16.50 a month, which includes his annual booster, a health check and flea/worm "
                      "treatment. Shall I switch him over from his birthday?"),
            ("customer", "Yes please"),
            ("agent", "Done - Biscuit is on the Adult Care Plan from 9 December. The Direct Debit will update "
                      "automatically."),
        ],
        "Puppy Care Plan",
        "Adult Care Plan",
    ),
    (
        "cc-c12",
        "change",
        [
            ("customer", "Dear Tenancy Team,\n\nPlease could you send my rent statement for the last 12 months to "
                         "j.okafor@wavemail.co.uk? I need it for a benefits application.\n\nThanks,\nJude "
                         "Okafor\nFlat 12, Heron Court"),
            ("agent", "Dear Jude,\n\nThe statement has been sent to j.okafor@wavemail.co.uk, which is the email "
                      "address on your tenancy record. Let us know if it doesn't arrive.\n\nBest "
                      "wishes,\nMarcus\nNeighbourhood Officer, Riverside Vale Housing"),
        ],
        [
            ("customer", "Hello Marcus,\n\nI've closed my old email account, so please use jude.okafor@outpost.net "
                         "for everything from now on, including repair updates.\n\nJude Okafor\nFlat 12, Heron Court"),
            ("agent", "Hi Jude,\n\nThanks - your contact email is now jude.okafor@outpost.net and the old one has "
                      "been removed from your record. Repair notifications will go there too.\n\nMarcus"),
        ],
        "j.okafor@wavemail.co.uk",
        "jude.okafor@outpost.net",
    ),
    (
        "cc-t01",
        "trap",
        [
            ("customer", "Hi, can you confirm how I'm paying my council tax, I've lost the bill. Account 50029381"),
            ("agent", "Thanks. You're paying by Direct Debit over 10 instalments, £168 on the 1st of each month "
                      "from April to January, with nothing in February and March."),
            ("customer", "Ok that's what I thought, thanks"),
        ],
        [
            ("customer", "Hi, my friend said you can spread council tax over 12 instalments instead of 10? What "
                         "would mine be?"),
            ("agent", "You can, yes. As we're part way through the year, switching to 12 instalments would spread "
                      "what's left from December to March - about £84 a month instead of £168 in December and "
                      "January. Would you like me to change it?"),
            ("customer", "Hmm, no actually, I'd rather have Feb and March free. Leave it as it is."),
            ("agent", "No problem, I haven't changed anything. You'll stay on 10 instalments."),
        ],
        "10 instalments",
        "12 instalments",
    ),
    (
        "cc-t02",
        "trap",
        [
            ("customer", "hi just signed up on the app, whats included with the annual membership"),
            ("agent", "Hi! The annual membership (£90/year) gives you unlimited 45-minute rides on classic bikes, "
                      "and e-bikes are 10p a minute. Yours runs until 2 November 2027."),
            ("customer", "nice 👌"),
        ],
        [
            ("customer", "how much is the monthly pass? asking for my sister, she's staying with me for a bit"),
            ("agent", "The monthly pass is £15 for 30 days with 30-minute rides included. She'd need her own "
                      "account though - passes can't be shared or added to your annual membership."),
            ("customer", "ok will tell her ta"),
        ],
        "annual membership",
        "monthly pass",
    ),
    (
        "cc-t03",
        "trap",
        [
            ("customer", "Hi, can you set my seat preference to aisle seat please, I'm 6'4 and can't bear being "
                         "squashed by the window"),
            ("agent", "Hi Mr Brennan, done - aisle seat is now your saved preference and we'll auto-assign one "
                      "where available at check-in."),
        ],
        [
            ("customer", "I've booked a colleague, Rachel Stone, onto the same Geneva flight as me and she wants a "
                         "window seat. Can you sort that on her booking? Ref TR4K9P"),
            ("agent", "Of course. I've assigned Ms Stone seat 14A, a window seat, on booking TR4K9P. Your own seat "
                      "is unchanged - 14C, aisle, as per your preference."),
            ("customer", "Perfect, cheers"),
        ],
        "aisle seat",
        "window seat",
    ),
    (
        "cc-t04",
        "trap",
        [
            ("customer", "hello, can I make you my nominated pharmacy? I'm in town near Castle Street most days for "
                         "work"),
            ("agent", "Hi! Yes - I've set Wellcroft Pharmacy, Castle Street as your nominated pharmacy, so your GP "
                      "will send your electronic prescriptions straight to us."),
            ("customer", "great thanks"),
        ],
        [
            ("customer", "Hi, I'm in Cornwall visiting family for 2 weeks and forgot my inhaler 😩 can I get it from "
                         "a pharmacy down here?"),
            ("agent", "Oh no! You don't need to change your nomination. Any pharmacy can do an emergency supply - "
                      "Trevithick Pharmacy in Penzance is open till 6 today and can look at your record. Your "
                      "nomination stays with Wellcroft Pharmacy for when you're home."),
            ("customer", "thank you so much"),
        ],
        "Wellcroft Pharmacy",
        "Trevithick Pharmacy",
    ),
    (
        "cc-t05",
        "trap",
        [
            ("customer", "Hi, when's my contract up? Account is for 14 Alder Close."),
            ("agent", "Hi Ms Patel, I can see your account at 14 Alder Close, Leicester LE3 9GH. Your airtime "
                      "contract ends on 20 November, so you're eligible for an upgrade now."),
        ],
        [
            ("customer", "Hi, I've ordered the upgrade. Can the new phone go to my work instead just this once? "
                         "Nobody's in at home during the day. Unit 6, Brookside Business Park, LE4 1AB"),
            ("agent", "Sure. I've set the delivery address for this order only to Unit 6, Brookside Business Park. "
                      "Your billing and account address stays as 14 Alder Close. The courier will need a signature."),
            ("customer", "great thx"),
        ],
        "14 Alder Close",
        "Unit 6, Brookside Business Park",
    ),
    (
        "cc-t06",
        "trap",
        [
            ("customer", "Hello, um, I'm calling about my husband, Frank Pearce. He's, er, he gets the evening "
                         "visit from you."),
            ("agent", "Yes, Mrs Pearce. I have Frank on evening visits at 7:45pm for his medication and getting "
                      "ready for bed, half an hour each night."),
            ("customer", "That's right. I just wanted to say the new girl, Abi, is lovely with him."),
            ("agent", "Oh that's so nice to hear, I'll make sure she knows."),
        ],
        [
            ("customer", "Hi, it's, um, Jean Pearce. I'm not happy, to be honest. On Tuesday nobody came until "
                         "9:10pm and Frank was, well, he was in a right state."),
            ("agent", "I'm really sorry, Mrs Pearce. I can see Tuesday's carer was held up at an earlier call and "
                      "the office should have rung you. That's not acceptable."),
            ("customer", "It's not. He's meant to have his tablets at quarter to eight."),
            ("agent", "Absolutely. His visit stays at 7:45pm - I've flagged it as time-critical so it's prioritised "
                      "on the rota, and I'm logging this as a formal complaint. A manager will call you tomorrow."),
        ],
        "7:45pm",
        "9:10pm",
    ),
    (
        "cc-t07",
        "trap",
        [
            ("customer", "hi how much is my monthly payment now? acc 400 2291 0087"),
            ("agent", "Hi! Your payment plan is £38 a month, taken on the 5th, and it's next reviewed in March."),
        ],
        [
            ("customer", "just got a letter saying my payment is going up to £52??? nobody told me anything"),
            ("agent", "Sorry for the worry! I've checked and that letter was sent in error - it was generated "
                      "before your meter reading from 12 November was processed. Your plan hasn't changed, it stays "
                      "at £38 a month. A corrected letter is on its way."),
            ("customer", "phew ok"),
        ],
        "£38 a month",
        "£52",
    ),
    (
        "cc-t08",
        "trap",
        [
            ("customer", "Hi, is Luna's flea treatment included or do I pay for it separately?"),
            ("agent", "Hi! Luna's on the Complete Care plan, so flea, tick and worm treatments are all included, "
                      "plus two health checks a year and 10% off other treatment."),
        ],
        [
            ("customer", "My neighbour's just moved her cat onto the Essentials plan cos it's cheaper. What's the "
                         "difference? not that I'm switching Luna, she needs her dental checks"),
            ("agent", "Essentials is £9.99 a month and covers vaccinations and one health check, but no parasite "
                      "treatment or dental checks. Given Luna's teeth I'd definitely keep her on Complete Care."),
            ("customer", "yeah that's what I thought, thanks"),
        ],
        "Complete Care plan",
        "Essentials plan",
    ),
    (
        "cc-t09",
        "trap",
        [
            ("customer", "Hi, my kitchen tap is leaking, can I book a repair? Flat 3, Kestrel House"),
            ("agent", "Sorry to hear that. I've raised a routine repair for Flat 3, Kestrel House - a plumber will "
                      "attend Thursday between 8am and 12pm. Reference RP-20771."),
        ],
        [
            ("customer", "Hi, I'm filling in a form for housing benefit and it asks for previous addresses. What "
                         "date did my tenancy at Kestrel House start? Before that I was at Flat 9, Dunlin Court, also "
                         "with you."),
            ("agent", "Of course. You transferred from Flat 9, Dunlin Court on 4 March 2024, and your tenancy at "
                      "Flat 3, Kestrel House started the same day. I can email you a tenancy confirmation letter if "
                      "that helps."),
            ("customer", "Yes please that would be great"),
        ],
        "Flat 3, Kestrel House",
        "Flat 9, Dunlin Court",
    ),
    (
        "cc-t10",
        "trap",
        [
            ("customer", "Hi, renewing my policy. Mileage still 8,000 miles a year, same job, same car."),
            ("agent", "Thanks Mr Okonjo. I've renewed with annual mileage of 8,000 miles, commuting use, on the "
                      "Vauxhall Corsa. The premium is £612 for the year."),
        ],
        [
            ("customer", "Quick one - I might be taking a job in Reading next year. If I went up to 15,000 miles a "
                         "year roughly how much more would it be?"),
            ("agent", "As a rough guide, 15,000 miles would add around £95 to your annual premium, but I can only "
                      "give an exact figure at the time. Nothing's been changed - just let us know if and when the "
                      "new job starts."),
            ("customer", "ok, nothing decided yet, I'll get back to you"),
        ],
        "8,000 miles",
        "15,000 miles",
    ),
    (
        "cc-t11",
        "trap",
        [
            ("customer", "Hello, I'd like to book Noah into your beginners class please. Saturday mornings if "
                         "possible?"),
            ("agent", "Hi! I've booked Noah into Stage 1, Saturdays at 10:30, starting this weekend. Please arrive "
                      "10 minutes early for his first lesson."),
        ],
        [
            ("customer", "Hi, Noah can't make this Saturday (cousin's wedding). Can he do a catch-up?"),
            ("agent", "Of course! I've booked him a one-off make-up lesson on Sunday at 9:00 with the other Stage 1 "
                      "group. He'll be back in his usual Saturday 10:30 class the week after."),
            ("customer", "Brilliant, thanks!"),
        ],
        "Saturdays at 10:30",
        "Sunday at 9:00",
    ),
    (
        "cc-t12",
        "trap",
        [
            ("customer", "Hello, I'd like to carry on receiving paper statements for my savings account please, I "
                         "don't use the internet much."),
            ("agent", "Certainly, Mrs Holloway. I've confirmed paper statements by post, quarterly, to 2 Church "
                      "Walk. That's noted on your account."),
        ],
        [
            ("customer", "Dear Sir/Madam,\n\nI have received a letter saying my account will move to paperless "
                         "statements from January unless I opt out. I do NOT want paperless statements. Please "
                         "continue to post them to me.\n\nYours sincerely,\nMrs E. Holloway"),
            ("agent", "Dear Mrs Holloway,\n\nThank you for letting us know. I can confirm you are opted out and "
                      "nothing has changed: you will keep receiving paper statements by post every quarter.\n\nKind "
                      "regards,\nSam\nMember Services, Greyfield Building Society"),
        ],
        "paper statements",
        "paperless statements",
    ),
]

ONE_OFFS = [
    (
        "cc-o01",
        [
            ("customer", "can u collect an old sofa? 17 Pelham Street"),
            ("agent", "Yes - bulky waste collection is £32 for up to three items. The next slot is Wednesday 18 "
                      "November; leave it at the front boundary by 7am."),
            ("customer", "book it pls"),
            ("agent", "Booked, reference BW-55812, and payment taken."),
        ],
    ),
    (
        "cc-o02",
        [
            ("customer", "My suitcase didn't come off flight NX218 from Lisbon last night. Tag number NX448301."),
            ("agent", "I'm so sorry. I can see the bag was left in Lisbon and it's on this evening's flight. A "
                      "courier will bring it to you tomorrow between 9am and 5pm, and you can claim up to £50 for "
                      "essentials in the meantime."),
            ("customer", "ok, thank you"),
        ],
    ),
    (
        "cc-o03",
        [
            ("customer", "hi im in Spain and getting texts about roaming, is it costing me extra??"),
            ("agent", "Hi! Your plan includes EU roaming up to 15GB at no extra cost - the texts are just "
                      "notifications. Outside the EU it would be £2 a day."),
            ("customer", "oh good 😅"),
        ],
    ),
    (
        "cc-o04",
        [
            ("customer", "Hi, er, is the flu clinic walk-in or do I need to book? I'm 67, if that, um, matters."),
            ("agent", "You'll need to book, but there's a Saturday clinic on the 14th with slots left. Would 10:20 "
                      "suit?"),
            ("customer", "Yes, that's, um, that's fine."),
            ("agent", "Lovely, you're booked in. Wear short sleeves if you can."),
        ],
    ),
    (
        "cc-o05",
        [
            ("customer", "bike wouldnt lock at the Riverside dock so i got charged for an extra 25 mins 😤"),
            ("agent", "Sorry about that! I can see a dock fault logged at 18:42. I've refunded £2.50 to your card, "
                      "it'll show in 3-5 working days."),
            ("customer", "ta"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "cc-c01": "no fact holds 'Tuesday': []",
    "cc-c02": "no fact holds 'Zone K': [('customer lives at 41 Orchard Rise', 'active')]",
    "cc-c03": "no fact holds '8:30am': []",
    "cc-c04": "no fact holds '1st of each month': [(\"customer's payment day is the 18th of each month\", "
              "'active')]",
    "cc-c08": "no fact holds 'vegetarian meal': [(\"customer's standing meal preference is gluten-free meal\", "
              "'active'), ('customer is vegetarian', 'active')]",
    "cc-c10": "no fact holds 'Stage 3': []",
    "cc-c11": "('customer is on the Puppy Care Plan', 'customer is on the Adult Care Plan')",
    "cc-t01": "no fact holds '10 instalments': [(\"customer's payment day is the 1st of each month\", 'active'), "
              "('customer pays with Direct Debit', 'active')]",
    "cc-t02": "no fact holds 'annual membership': []",
    "cc-t05": "no fact holds '14 Alder Close': [('customer lives at 14 Alder Close', 'active')]",
    "cc-t06": "no fact holds '7:45pm': []",
    "cc-t09": "no fact holds 'Flat 3, Kestrel House': [('customer was at Flat 9, Dunlin Court', 'active')]",
    "cc-t10": "no fact holds '8,000 miles': [('customer might be taking a job', 'tentative')]",
    "cc-t11": "no fact holds 'Saturdays at 10:30': []",
    "cc-t12": "no fact holds 'paper statements': []",
}

ARCHIVE = CaseArchive(tenant="blind-civic", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
