"""An independent archive of consumer support chats for issue 10, written without looking at the store's rules.

Each case is one customer (a scope) with a first conversation and a later one, nine days on. The chats come from
retail banking, insurance, GP, pharmacy and dental admin, airlines and hotels, food delivery and gyms, and the
customers range from polite and formal to very casual and lower case. A change (an agent-led switch, "from your
next payment you're on...", a new card that replaces the old one, a correction "it's not X, it's Y", a limit or
a dose going up or down) must close the old fact and keep the new one active. A trap (a plan, a hypothetical, a
third party, a temporary stay, a question about another option, a complaint about a value, a denial, a
restatement, "used to", an offer the customer turns down, news about another attribute, a tier the customer
might reach) must close nothing. A one-off request (a refund, a statement, an extra bag, a late checkout) must
leave no active fact. The last two words of a case are the old and the new value as the chat says them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 6, 1, 9, 30, tzinfo=UTC)
SECOND = timedelta(days=9)

CASES = [
    # ---- changes ---------------------------------------------------------------------------------------------
    ("bank-overdraft-up", "change",
     [("customer", "Good afternoon. I'd like to ask about my current account, please. I have an arranged "
                   "overdraft of £500 and I wanted to know how the fee is worked out."),
      ("agent", "Good afternoon, and thank you for getting in touch. I can see the arranged overdraft of £500 on "
                "your current account. Interest is 39.9% EAR, charged monthly on whatever you're overdrawn by, so "
                "there's no fixed daily fee. Is there anything else I can help with today?"),
      ("customer", "No, that's very clear. Thank you for your help.")],
     [("customer", "Hello again. I applied through the app on Monday for a higher overdraft and I wanted to check "
                   "whether it has been approved."),
      ("agent", "Thanks for waiting while I looked into that. Good news: the application went through. I've "
                "increased your arranged overdraft to £1,200, and it's live on the account as of this morning. "
                "The old £500 limit no longer applies, and the interest rate stays the same."),
      ("customer", "Wonderful, thank you very much.")],
     "£500", "£1,200"),
    ("insurance-cover-upgrade", "change",
     [("customer", "hi, i've got third party fire and theft on my polo with you, renewal is in august. just "
                   "checking my documents are right"),
      ("agent", "Hi there! Yes, I can see the Polo is insured on third party fire and theft, renewing on 14 "
                "August. Your documents are all up to date in the portal. Anything else I can do?"),
      ("customer", "nope thats it cheers")],
     [("customer", "hiya, did the upgrade go thru? i asked for fully comp last week after the kerb thing"),
      ("agent", "Hello! Yes, that's all sorted. From your next monthly payment you're on Comprehensive cover "
                "instead of third party fire and theft. The new payment is £61.40 a month, up from £43.10, and "
                "your updated certificate is in the portal now."),
      ("customer", "sound, ta")],
     "fire and theft", "Comprehensive"),
    ("gp-dose-down", "change",
     [("customer", "Good morning. I'm ringing to order my repeat prescription. I take 20mg of citalopram every "
                   "morning and I have about a week's supply left."),
      ("agent", "Good morning. Thank you, I can see citalopram 20mg on your repeat list. I've sent the request "
                "to Dr Okafor to sign, and it should be ready at your pharmacy within 48 hours."),
      ("customer", "Thank you, that's very kind.")],
     [("customer", "Good morning. I saw Dr Okafor on Tuesday and she has reduced my citalopram to 10mg a day, as "
                   "I'm coming off it slowly. Could my repeat list be updated please, so that I don't receive "
                   "the 20mg tablets again?"),
      ("agent", "Good morning. Yes, I can see Dr Okafor's note from Tuesday. I've taken the 20mg off your repeat "
                "list and added citalopram 10mg, one each morning. Your next request will be for the 10mg "
                "tablets."),
      ("customer", "Perfect, thank you.")],
     "20mg", "10mg"),
    ("dental-dentist-moved", "change",
     [("customer", "hi there, my dentist at your practice is dr hargreaves and i need a checkup sometime in the "
                   "next month, thursdays are best for me"),
      ("agent", "Hi! Thanks for getting in touch. Dr Hargreaves has a Thursday slot on the 18th at 9:40, would "
                "that suit? It would be a standard NHS band 1 check-up."),
      ("customer", "yep thats great, book it pls")],
     [("agent", "Good morning, this is Parkside Dental returning your call. I wanted to let you know that Dr "
                "Hargreaves retired at the end of last month, so we've moved all of his patients across. Your "
                "dentist is now Dr Priya Patel, and your records have gone with you."),
      ("customer", "oh ok, thanks for letting me know. is dr patel nice lol"),
      ("agent", "She's lovely, and she's been with us for six years. Your check-ups will all be with her from "
                "now on."),
      ("customer", "great ta")],
     "Hargreaves", "Patel"),
    ("airline-meal-correction", "change",
     [("customer", "Hello, I'd like to set a meal preference on my frequent flyer profile, please. I'm "
                   "vegetarian."),
      ("agent", "Of course. I've set your meal preference to vegetarian on your profile, so it will be applied "
                "to every booking you make from now on. Is there anything else?"),
      ("customer", "No, thank you.")],
     [("customer", "Hello, sorry, I think I gave the wrong meal preference when I rang before. It isn't "
                   "vegetarian, it's vegan. I don't eat any dairy or egg at all."),
      ("agent", "No problem at all, thank you for letting us know. I've changed the preference on your profile "
                "from vegetarian to vegan, and your flight to Lisbon next month already shows the vegan meal."),
      ("customer", "Thank you so much.")],
     "vegetarian", "vegan"),
    ("hotel-email-change", "change",
     [("customer", "hi, can you make sure my booking confirmations go to j.mensah@northfield.co.uk? thats my "
                   "work email and i book all my stays through it"),
      ("agent", "Hi Joseph, thanks. I've checked your guest profile and j.mensah@northfield.co.uk is already the "
                "email on file, so all confirmations will go there."),
      ("customer", "brill thanks")],
     [("customer", "hello, i've left northfield so that work email wont work anymore. please use "
                   "jmensah84@gmail.com for everything from now on"),
      ("agent", "Congratulations on the new job! I've updated your guest profile, so confirmations and receipts "
                "now go to jmensah84@gmail.com. The Northfield address has been removed."),
      ("customer", "cheers")],
     "j.mensah@northfield.co.uk", "jmensah84@gmail.com"),
    ("delivery-address-moved", "change",
     [("customer", "hey my address on the app is flat 3, 27 wexford street, driver keeps ringing flat 2 lol can "
                   "u add a note"),
      ("agent", "Hi! So sorry about that. I've added a note to your address at Flat 3, 27 Wexford Street telling "
                "drivers to ring the top buzzer for Flat 3. Hope that helps!"),
      ("customer", "legend thx")],
     [("customer", "hiya moved house at the weekend!! im at 9 linnet way now, can u change it on my account, the "
                   "app wont let me delete the old one"),
      ("agent", "Congrats on the move! I've removed Wexford Street from your account and set 9 Linnet Way as "
                "your delivery address. Your next order will come straight there."),
      ("customer", "ta x")],
     "Wexford Street", "Linnet Way"),
    ("gym-membership-switch", "change",
     [("customer", "hi, im on the off-peak membership, can i still come in at 5pm on fridays?"),
      ("agent", "Hi! Off-Peak covers weekdays before 4pm and after 8pm, plus all day at weekends, so 5pm on a "
                "Friday isn't included, sorry. Happy to talk through the options if you'd like."),
      ("customer", "ah ok no worries")],
     [("customer", "hey did my upgrade go through? i filled in the form at reception on sat"),
      ("agent", "Hi! Yes, it did. I've switched you to the Anytime membership, so you can come in whenever you "
                "like, Fridays at 5 included. It's £34.99 a month from the 1st, up from £22.99 on Off-Peak."),
      ("customer", "yesss thank u")],
     "Off-Peak", "Anytime"),
    ("bank-card-replaced", "change",
     [("customer", "Hello. My debit card ending 4417 was declined at a petrol station this morning. Is there a "
                   "problem with it?"),
      ("agent", "Hello, thanks for contacting us. I can see the card ending 4417 is active, and the decline was "
                "a fraud check on an unusual fuel pump. I've cleared it, so the card will work normally now."),
      ("customer", "Thank you, that's a relief.")],
     [("customer", "hi, the replacement card you sent came yesterday, it ends 9083. ive activated it and cut up "
                   "the old one"),
      ("agent", "Thanks for letting us know. I can see the card ending 9083 was activated at 7:12 this morning, "
                "and the old card has been cancelled automatically. Anything else?"),
      ("customer", "no thats all")],
     "4417", "9083"),
    ("insurance-contents-down", "change",
     [("customer", "Good evening. I have home contents insurance with you and my contents are covered for "
                   "£30,000. I'd like to ask whether my bicycle is included in that."),
      ("agent", "Good evening. Yes, your contents sum insured is £30,000, and bicycles are covered at home up to "
                "£1,000 each without needing to list them. Away from home you'd need the personal possessions "
                "add-on."),
      ("customer", "That's helpful, thank you.")],
     [("customer", "Good evening. I've sold a lot of furniture since downsizing, so I'd like to reduce my "
                   "contents cover to £20,000, please, if it brings the premium down."),
      ("agent", "Certainly. I've lowered your contents sum insured from £30,000 to £20,000 with effect from "
                "today. Your premium drops from £18.20 to £14.75 a month, starting with your next payment."),
      ("customer", "Excellent, thank you.")],
     "£30,000", "£20,000"),
    ("pharmacy-nominated-moved", "change",
     [("customer", "hi, my prescriptions go to boots on market street, is my inhaler ready yet"),
      ("agent", "Hi! Your repeat for the inhaler was sent to Boots on Market Street yesterday afternoon, so it "
                "should be ready to collect from tomorrow."),
      ("customer", "ok ta")],
     [("customer", "Hello, can I change my nominated pharmacy, please? Boots keeps running out of my inhaler. I'd "
                   "like everything to go to the Lloyds pharmacy inside Sainsbury's on Hale Road instead."),
      ("agent", "Of course. I've changed your nominated pharmacy to Lloyds Pharmacy, Sainsbury's, Hale Road. "
                "Boots on Market Street will no longer receive your prescriptions, and your next repeat goes to "
                "Lloyds."),
      ("customer", "Thank you.")],
     "Market Street", "Hale Road"),
    ("bank-phone-correction", "change",
     [("customer", "Hello, I'd like to put a mobile number on my account, please. It's 07700 900461."),
      ("agent", "Thank you. I've added 07700 900461 as the mobile number on your account, and we'll send "
                "one-time passcodes there from now on."),
      ("customer", "Thank you.")],
     [("customer", "hi, im not getting any of my passcodes. i think i read my number out wrong last time, its "
                   "not 07700 900461, its 07700 900416, i swapped the last two digits"),
      ("agent", "Ah, that explains it! I've corrected the mobile number on your account to 07700 900416. I'll "
                "send a test passcode now, could you let me know when it arrives?"),
      ("customer", "got it, thanks!!")],
     "07700 900461", "07700 900416"),
    # ---- traps -----------------------------------------------------------------------------------------------
    ("bank-savings-plan", "trap",
     [("customer", "Hello, I have an Easy Access Saver with you and I'd like to know the current interest rate, "
                   "please."),
      ("agent", "Hello, thank you for asking. Your Easy Access Saver is paying 3.1% AER variable at the moment, "
                "paid monthly. You can withdraw at any time without a penalty."),
      ("customer", "Thank you, that's all I needed.")],
     [("customer", "Hello again. I'm thinking of moving my savings into the one-year Fixed Rate Bond when rates "
                   "settle, possibly in the new year. I haven't decided yet. What's the rate on that at the "
                   "moment?"),
      ("agent", "Good question. The one-year Fixed Rate Bond is at 4.2% AER right now, but you couldn't withdraw "
                "until it matures. There's no rush: your Easy Access Saver stays exactly as it is unless you ask "
                "us to open the bond."),
      ("customer", "Lovely, I'll have a think and come back to you.")],
     "Easy Access", "Fixed Rate Bond"),
    ("insurance-car-hypothetical", "trap",
     [("customer", "hi, my car is a 2017 ford fiesta, can u tell me when my policy renews"),
      ("agent", "Hi! Your policy on the 2017 Ford Fiesta renews on 3 March. You'll get your renewal quote about "
                "three weeks before that."),
      ("customer", "ok cool")],
     [("customer", "quick q, if i swapped the fiesta for a golf gti would my premium go up loads? not buying it "
                   "yet just seeing"),
      ("agent", "Good question! I can't give an exact figure without the registration, but a Golf GTI is several "
                "insurance groups higher than your Fiesta, so I'd expect the premium to rise noticeably, possibly "
                "by a few hundred pounds a year. Nothing changes on your policy unless you buy it and tell us."),
      ("customer", "ah thats a lot, prob stick with the fiesta then lol")],
     "Fiesta", "Golf"),
    ("gp-husband-moved", "trap",
     [("customer", "Good morning. I'm registered at Brookfield Surgery and I'd like to know whether the flu "
                   "clinic has started yet."),
      ("agent", "Good morning. Yes, Brookfield Surgery's flu clinics began on Saturday, and we're running them "
                "every Saturday morning this month. You can book a slot online or by phone."),
      ("customer", "Thank you, I'll book once I've checked my diary.")],
     [("customer", "Hello, I'm calling on behalf of my husband, David. He has just moved to Oakfield Medical "
                   "Practice because it's nearer his work. How does he get his records transferred? I'm staying "
                   "at Brookfield myself."),
      ("agent", "Of course. Once David registers at Oakfield Medical Practice, they request his records from us "
                "electronically, so he doesn't need to do anything else. Your own registration at Brookfield "
                "Surgery isn't affected at all."),
      ("customer", "Thank you, that's reassuring.")],
     "Brookfield", "Oakfield"),
    ("delivery-staying-at-mums", "trap",
     [("customer", "hi my address is 44 carrow road, the buzzer doesnt work so pls tell drivers to call me"),
      ("agent", "Hi! I've added a note to 44 Carrow Road asking drivers to phone you when they arrive instead of "
                "using the buzzer."),
      ("customer", "thank u")],
     [("customer", "hey im staying at my mums for the next fortnight while my flat gets damp proofed, can tonights "
                   "order go to 12 fern lane? back at carrow road after the 20th"),
      ("agent", "No problem! I've sent tonight's order to 12 Fern Lane. Your saved address stays as 44 Carrow "
                "Road, so just pick Fern Lane at checkout while you're away."),
      ("customer", "perfect ty")],
     "Carrow Road", "Fern Lane"),
    ("gym-asks-about-premium", "trap",
     [("customer", "hi im on the basic membership, does that include the pool?"),
      ("agent", "Hi! Basic gives you the gym floor and the changing rooms, but the pool and the sauna aren't "
                "included, sorry."),
      ("customer", "ah ok")],
     [("customer", "hey what does premium get you and how much is it? just wondering, not switching yet"),
      ("agent", "Hey! Premium is £49 a month and includes the pool, the sauna, all classes and two guest passes a "
                "month. You're on Basic at £24, and nothing changes unless you ask to upgrade."),
      ("customer", "hmm bit pricey, ill think about it")],
     "Basic", "Premium"),
    ("bank-limit-complaint", "trap",
     [("customer", "Hello, could you confirm my credit limit, please? I believe it's £3,000."),
      ("agent", "Hello, thanks for getting in touch. Yes, the credit limit on your card is £3,000, and you have "
                "£2,240 available at the moment."),
      ("customer", "Thank you.")],
     [("customer", "I have to say I'm quite unhappy. A credit limit of £3,000 is ridiculous for someone who has "
                   "banked with you for fifteen years and always pays in full. My card was declined when I was "
                   "booking a holiday last week."),
      ("agent", "I'm really sorry about the declined payment and the frustration. Your limit is still £3,000 "
                "today. I can't raise it on this call, but you can apply for an increase in the app, and it "
                "usually gets a decision within a couple of minutes."),
      ("customer", "Fine. I'll consider it, but I want the complaint noted.")],
     "£3,000", "£3,000"),
    ("pharmacy-dose-denial", "trap",
     [("customer", "Hi, I take 50mg of sertraline once a day, and I'd like next month's supply, please."),
      ("agent", "Hi, thanks. I've put in the request for sertraline 50mg, 28 tablets. It should be ready for "
                "collection on Thursday."),
      ("customer", "Thanks very much.")],
     [("customer", "hi, ur app is saying my dose changed to 100mg?? it hasnt, i havent seen the doctor at all, "
                   "still on 50mg same as always"),
      ("agent", "Sorry for the confusion! You're right, nothing has changed: your repeat is still sertraline "
                "50mg once a day. The 100mg you saw was a pack size suggestion in the app, not your dose. I've "
                "flagged it to the app team."),
      ("customer", "ok phew")],
     "50mg", "100mg"),
    ("airline-passport-restated", "trap",
     [("customer", "Hello, I'd like to add my passport to my booking, please. The number ends in 8823 and it "
                   "expires in 2031."),
      ("agent", "Thank you. I've added the passport ending 8823, expiring 2031, to your booking and to your "
                "frequent flyer profile for future trips."),
      ("customer", "Thank you.")],
     [("customer", "Hi, I'm flying to Toronto on Friday. Just confirming you still have my passport ending 8823 "
                   "on file, nothing's changed with it."),
      ("agent", "Hello! Yes, the passport ending 8823 is on your profile and attached to Friday's booking, so "
                "you're all set for online check-in from 24 hours before departure."),
      ("customer", "Great, thanks.")],
     "8823", "8823"),
    ("dental-used-to-live", "trap",
     [("customer", "Hello, I live at 5 Tamar Close and I haven't received my appointment reminder letter. Could "
                   "you check the address you have for me?"),
      ("agent", "Hello, thanks for calling. We have 5 Tamar Close on file, so the letter should reach you. I'll "
                "send you a text reminder as well, just in case."),
      ("customer", "Thank you.")],
     [("customer", "Hi again, the letter turned up in the end. I think the old system might have had me at "
                   "Severn Avenue for a while, that's where I used to live before Tamar Close, so maybe that's "
                   "why it was slow."),
      ("agent", "Thanks for letting us know it arrived. I've double-checked, and the only address on your record "
                "is 5 Tamar Close. Severn Avenue isn't on your file at all, so you're fine."),
      ("customer", "Good to know, thank you.")],
     "Tamar Close", "Severn Avenue"),
    ("insurance-premier-declined", "trap",
     [("customer", "hi i have the essentials travel policy, does it cover skiing"),
      ("agent", "Hi! Essentials doesn't include winter sports as standard, but you can add winter sports cover "
                "for a one-off £19 per trip."),
      ("customer", "ok good to know")],
     [("customer", "hiya just checking what date my direct debit comes out"),
      ("agent", "Hello! It comes out on the 5th of each month. While I have you, we could move you onto our "
                "Premier travel cover for £4 more a month, which includes winter sports and gadget cover as "
                "standard."),
      ("customer", "no thanks, essentials is fine for me, i only ski once every couple of years"),
      ("agent", "No problem at all, you'll stay on Essentials. Just let us know if you need the winter sports "
                "add-on before your next trip."),
      ("customer", "will do ta")],
     "Essentials", "Premier"),
    ("delivery-new-phone-allergy", "trap",
     [("customer", "hi, i'm allergic to peanuts, can u make sure restaurants see that on my orders"),
      ("agent", "Hi! I've added a peanut allergy note to your profile, so it will appear on every order you "
                "place. Please still mention it to the restaurant for anything high-risk."),
      ("customer", "thanks")],
     [("customer", "hey new phone number, its 07700 900288, the drivers have been ringing my old one"),
      ("agent", "Thanks! I've updated your phone number to 07700 900288, so drivers will call that from your "
                "next order."),
      ("customer", "cheers")],
     "peanut", "07700 900288"),
    ("hotel-might-reach-platinum", "trap",
     [("customer", "Good afternoon. I'm a Gold member of your loyalty programme, and I wondered whether that "
                   "gives me free breakfast at the Edinburgh hotel."),
      ("agent", "Good afternoon, and thank you for being a Gold member. Yes, Gold includes complimentary "
                "breakfast at all our UK hotels, Edinburgh included, for you and one guest."),
      ("customer", "Splendid, thank you.")],
     [("customer", "hi how many more stays do i need for platinum?"),
      ("agent", "Hi! You're two qualifying stays short of Platinum this year. If you book two more before 31 "
                "December you'd move up, and Platinum adds late checkout and room upgrades. Until then you stay "
                "a Gold member."),
      ("customer", "ooh tempting, maybe")],
     "Gold", "Platinum"),
]

ONE_OFFS = [
    ("pharmacy-is-it-ready",
     [("customer", "hi is my repeat prescription ready to pick up yet? ordered it monday"),
      ("agent", "Hi! Yes, it was dispensed this morning and it's waiting on the shelf, so you can collect it any "
                "time before 6pm today."),
      ("customer", "great thanks")]),
    ("airline-extra-bag",
     [("customer", "Hello, could I add one checked bag to my flight tomorrow, please? The booking reference is "
                   "K7RT2Q."),
      ("agent", "Certainly. I've added one 23kg checked bag to booking K7RT2Q for £35, and the receipt has gone "
                "to your email. You'll see it in the app shortly."),
      ("customer", "Thank you.")]),
    ("delivery-missing-item",
     [("customer", "my order was missing the garlic bread can i get a refund pls"),
      ("agent", "So sorry about that! I've refunded £3.99 for the garlic bread to your original payment method. "
                "It should show within 3 to 5 working days."),
      ("customer", "ta")]),
    ("bank-paper-statement",
     [("customer", "Good morning. Would you please post me a paper copy of my March statement? I need it for a "
                   "mortgage application."),
      ("agent", "Good morning. Of course, I've ordered a paper copy of your March statement, and it should arrive "
                "within five working days. There's no charge for it."),
      ("customer", "Thank you very much.")]),
    ("hotel-late-checkout",
     [("customer", "hiya, any chance of a late checkout tomorrow? like 1pm? room 412"),
      ("agent", "Hi! Yes, I've arranged a 1pm checkout for room 412 tomorrow at no extra charge. Enjoy the rest "
                "of your stay!"),
      ("customer", "amazing thank u")]),
]

FAILS_TODAY: dict[str, str] = {
    "insurance-cover-upgrade": "the first chat's 'third party fire and theft on my polo' gives only 'customer drives "
                               "a polo'; the agent's move is stored as 'on the Comprehensive cover instead of third "
                               "party fire and theft', with nothing to close",
    "pharmacy-nominated-moved": "'my prescriptions go to boots on market street' is not kept; the Hale Road "
                                "pharmacy is added with nothing to close",
    "airline-passport-restated": "no fact kept from 'The number ends in 8823' (nothing is closed)",
}

ARCHIVE = CaseArchive(tenant="blind-consumer", start=START, later_by=SECOND, turn_gap_s=50, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
