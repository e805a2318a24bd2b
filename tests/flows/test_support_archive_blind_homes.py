"""A household-services support archive written blind: broadband and TV, streaming, home and pet insurance,
council tax and water, childcare and school meals, vets, car finance and breakdown cover, smart meters.

Each case is one household's first chat and a later one. A change must close the fact from the first chat and
keep the new value active as its successor; a trap (a plan, a hypothetical, someone else's value, a short stay,
a question, a complaint, a denial, a restatement, a "used to", a declined offer, news about something else)
must close nothing; a one-off request must leave no active fact at all.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # ---- changes -------------------------------------------------------------------------------------------
    ("homes-c01", "change",
     [("customer", "hiya, the wifi keeps droping in the evenings, the kids are streaming and it just dies"),
      ("agent", "Hello, thanks for getting in touch and sorry the evenings have been such a struggle. I can see "
                "you're on our Fibre 150 package at the moment, which is fine for one or two people but it can "
                "get stretched with several devices streaming at once. I've run a line test and it's clean, so "
                "it's capacity rather than a fault."),
      ("customer", "ok so its the package then. let me have a think about it and talk to my other half")],
     [("customer", "hi again, we talked it over and want the faster one please, the 500 one"),
      ("agent", "Lovely, that's all done for you. I've switched you to Fibre 500 from today, and the speed "
                "change happens on the line automatically within the next hour, so there's no need for an "
                "engineer. I'll send you a confirmation email with the new monthly price, and your next "
                "statement will show a small part-month adjustment for the upgrade."),
      ("customer", "brill thank you so much")],
     "Fibre 150", "Fibre 500"),
    ("homes-c02", "change",
     [("customer", "Good morning. I would like to check the address you have for my home insurance, please."),
      ("agent", "Good morning, and of course. The policy is registered to 418 Maple Street, Columbus, Ohio, "
                "and that's also the address we post your renewal documents to. Is that still correct for "
                "you?"),
      ("customer", "Yes, that is right, 418 Maple Street. Thank you, dear.")],
     [("customer", "Hello, I moved to 2214 Cedar Ridge Drive last weekend and need the insurance moved over."),
      ("agent", "Congratulations on the move, I hope it went smoothly! I've updated the policy so the insured "
                "address is now 2214 Cedar Ridge Drive, Columbus, and the old address has been taken off. "
                "Your premium stays the same as the rebuild value is similar, and I'll email you an updated "
                "schedule this afternoon so you have it for your records."),
      ("customer", "That is very kind. Thank you for your help.")],
     "Maple Street", "Cedar Ridge"),
    ("homes-c03", "change",
     [("customer", "can u tell me which card the netflix type thing is coming out of, I have 2 cards"),
      ("agent", "Of course. Your streaming subscription is being paid by the Visa debit card ending 4417, and "
                "the next payment goes out on the 9th. If you'd ever like to pay with your other card instead, "
                "you can change it in the app or just message us here."),
      ("customer", "ok 4417 yeah thats my main one, cheers")],
     [("customer", "the bank sent me a new card, the old one's cut up now. new one ends 9023"),
      ("agent", "Thanks for letting us know before the payment failed, that saves a lot of hassle. I've put "
                "the card ending 9023 on the subscription and removed the old one, so the payment on the 9th "
                "will come from the new card. You'll get a short email confirming the change in a few "
                "minutes."),
      ("customer", "perfect ta")],
     "4417", "9023"),
    ("homes-c04", "change",
     [("customer", "Hello, I am setting up the direct debit for my council tax and want to check the band."),
      ("agent", "Hello, thank you for calling about that. Your property is listed in Band C, and the "
                "monthly instalments over ten months are worked out from that. I'll set the direct debit up "
                "now and you'll receive a letter with the dates within five working days."),
      ("customer", "Band C. Right you are. Thank you.")],
     [("customer", "Hello. You have my band wrong, I think. No, it's Band D, the revaluation letter came "
                   "yesterday and it says Band D from this year."),
      ("agent", "Thank you for sending that over, I can see the revaluation on the valuation list too. I've "
                "corrected your account to Band D, and I'm afraid that does mean the instalments go up a "
                "little. Your next statement will show the revised amounts, and I'll post a new bill with the "
                "updated schedule so you can check the figures."),
      ("customer", "Thank you, that is clear.")],
     "Band C", "Band D"),
    ("homes-c05", "change",
     [("customer", "hi quick one, is Mia still booked for 15 hours a week at the nursery? need it for my "
                   "tax free childcare form"),
      ("agent", "Hi there! Yes, Mia is booked in for 15 hours a week, Monday to Wednesday mornings, and that's "
                "what we've told the funding team as well. I can send you a booking summary on headed paper "
                "if the form needs proof."),
      ("customer", "yes pls that would be great")],
     [("customer", "ok so ive gone back to work full time so we need the 30 hours now from september"),
      ("agent", "That's great news about the job! I've updated Mia's booking to 30 hours a week from the start "
                "of September, Monday to Friday 8 till 2, and I've told the funding team about the new "
                "entitlement. I'll email you the updated contract to sign, and your next invoice will show "
                "the new pattern."),
      ("customer", "amazing thank u")],
     "15 hours", "30 hours"),
    ("homes-c06", "change",
     [("customer", "why is my water direct debit so high, what am i paying a month"),
      ("agent", "Hello, let me take a look for you. Your direct debit is currently 38.50 a month, which is based "
                "on the household's usage over the last year from your meter readings. If your usage has come "
                "down since then, a fresh meter reading would let us review it."),
      ("customer", "ok ill send a reading in")],
     [("customer", "sent the meter reading like you said, photo attached"),
      ("agent", "Thanks so much for that, it's a really clear photo. Your usage has dropped quite a bit, so "
                "I've brought the payment down and from next bill you're on 31.20 a month instead. The first "
                "lower collection will be on the 1st, and I'll send a confirmation email with the new "
                "payment schedule."),
      ("customer", "oh lovely thats much better")],
     "38.50", "31.20"),
    ("homes-c07", "change",
     [("customer", "my smart meter display is showing odd numbers, what tariff am I actually on"),
      ("agent", "Happy to check. You're on our EcoFix 24 tariff, which is a fixed rate for 24 months, so the "
                "unit rate shouldn't change. The in-home display sometimes shows estimated costs after a "
                "firmware update; I've sent a refresh to the meter, so give it an hour and it should settle "
                "down."),
      ("customer", "thanks, it's back to normal now")],
     [("customer", "my EcoFix ended last month, what's happening with my tariff now?"),
      ("agent", "Thanks for checking in. As your fix has finished, I've moved you onto the Saver Tracker "
                "tariff as you asked on the renewal form, and from next bill you're on the tracker rates, "
                "which follow the wholesale price daily. Your smart meter will keep sending half-hourly "
                "readings, and I'll send you a confirmation email with the new unit rates."),
      ("customer", "great, that's what I wanted")],
     "EcoFix", "Saver Tracker"),
    ("homes-c08", "change",
     [("customer", "Hi, my car's making a noise and I want to know if my breakdown cover includes home start"),
      ("agent", "Hi, sorry to hear about the noise. Your membership is Roadside Only, which covers you when "
                "you're more than a quarter of a mile from home, so it doesn't include breakdowns on your "
                "driveway. If you'd like home start I can talk you through the upgrade options."),
      ("customer", "ok I'll think about it, thanks")],
     [("customer", "I'd like to go up to the full one please, the car died on the drive again this morning"),
      ("agent", "Oh no, that's frustrating, I'm sorry. I've upgraded your membership to Nationwide Plus, "
                "which includes home start and recovery anywhere in the UK, and it's active straight away so "
                "I can book a patrol to you now as well. Your new membership card will be posted within seven "
                "days, and your next monthly payment will show the higher amount."),
      ("customer", "thank goodness, yes please send someone")],
     "Roadside Only", "Nationwide Plus"),
    ("homes-c09", "change",
     [("customer", "hey just checkin my finance agreemnt, its for the corsa right"),
      ("agent", "Hi! Yes, your agreement is for the Vauxhall Corsa, registration ending 4KT, with 18 payments "
                "left. Your statement is available in the online account any time, and let me know if you "
                "need a settlement figure."),
      ("customer", "ok cool thx")],
     [("customer", "so we traded the corsa in at the dealer, its a kia niro now on the new agreement"),
      ("agent", "Thanks for letting us know. The dealer's paperwork has come through: the Corsa agreement has "
                "been settled and closed, and your new agreement is for the Kia Niro. The first payment on "
                "the new agreement goes out next month, and I'll email a copy of the signed agreement for "
                "your records."),
      ("customer", "great")],
     "Corsa", "Niro"),
    ("homes-c10", "change",
     [("customer", "Hello. Please could you confirm the telephone number you hold for me for the pet "
                   "insurance?"),
      ("agent", "Hello, of course. The number on the policy is your mobile, 07700 900412, and that's the one "
                "we'd ring if we needed to talk about a claim. Is that still the best way to reach you?"),
      ("customer", "Yes, 07700 900412 is my number. Thank you.")],
     [("customer", "hi, i got a new phone and the number's changed, it's 07700 900983 now"),
      ("agent", "Thanks for updating us! I've changed the contact number on Biscuit's policy to 07700 "
                "900983 and removed the old number. We'll send a text to the new number in a moment to "
                "check it's working, so do reply YES when it comes through."),
      ("customer", "got it, replied")],
     "900412", "900983"),
    ("homes-c11", "change",
     [("customer", "whats the difference between my plan and the cheaper one, im on premium right"),
      ("agent", "Hi! Yes, you're on the Premium plan, which gives you 4K and four screens at once. The "
                "Standard with Ads plan is a lot cheaper but it's HD on two screens and there are short ad "
                "breaks. You can change any time from the account page, or I can do it for you."),
      ("customer", "ok thanks i'll stay for now")],
     [("customer", "ok money's tight this month, i dropped down to standard with ads on the app last night"),
      ("agent", "No problem at all, I can see that's gone through. You're now on Standard with Ads, and the "
                "change takes effect from your next billing date on the 14th, so you'll keep 4K until then. "
                "Your next statement will show the lower price, and you can go back up whenever you like."),
      ("customer", "ta")],
     "Premium", "Standard with Ads"),
    ("homes-c12", "change",
     [("customer", "Hi, booking Biscuit's vacinations - which vet do you have him registered with on the "
                   "pet plan?"),
      ("agent", "Hi there! Biscuit is registered with Hollybank Vets on Station Road, and the health plan "
                "covers his annual booster and flea treatment there. You can book straight with them and "
                "they'll bill us directly."),
      ("customer", "brilliant thanks")],
     [("customer", "we've stopped going to hollybank, biscuit is registered at meadowside veterinary centre "
                   "now as it's closer to the new house"),
      ("agent", "Thanks for telling us, that makes sense with the move. I've updated Biscuit's plan so his "
                "registered practice is Meadowside Veterinary Centre, and I've let them know the plan "
                "details so his next booster is covered there. I'll send you a confirmation email with the "
                "practice details."),
      ("customer", "lovely thank you")],
     "Hollybank", "Meadowside"),
    # ---- traps -----------------------------------------------------------------------------------------------
    ("homes-t01", "trap",
     [("customer", "hi can you check what broadband we're on, i think its the 300"),
      ("agent", "Hello! Yes, you're on Fibre 300, with the contract running until May next year. Your speed "
                "tests over the last month look healthy, averaging about 290 down, so it's performing as it "
                "should."),
      ("customer", "ok great, Fibre 300 it is")],
     [("customer", "just so you know, we're planning to go up to fibre 900 when the contract ends in may, "
                   "can u remind me nearer the time"),
      ("agent", "Of course, that's a good plan for a busy house. I've put a note on your account so we'll get "
                "in touch about a month before the contract ends with the Fibre 900 options and prices. "
                "Nothing changes for now, so you'll stay on your current package until you decide."),
      ("customer", "perfect thanks")],
     "Fibre 300", "Fibre 900"),
    ("homes-t02", "trap",
     [("customer", "Good afternoon. I should like to confirm the address on my home insurance."),
      ("agent", "Good afternoon, and thank you for calling. Your home insurance covers 7 Fenwick Road, "
                "Hexham, and your renewal is due in November. Everything looks in order on the policy."),
      ("customer", "Yes, 7 Fenwick Road. That is correct, thank you.")],
     [("customer", "If we did move in with my daughter in Harrogate next year, would the insurance transfer "
                   "over, or would I need a new policy?"),
      ("agent", "That's a very sensible thing to ask ahead of time. If you did move, we could transfer the "
                "contents cover to the new address, although the buildings cover would be your daughter's "
                "responsibility. There's no need to do anything now, and if the move goes ahead just give us "
                "a call a couple of weeks before and we'll sort it out."),
      ("customer", "Thank you, that is reassuring.")],
     "Fenwick Road", "Harrogate"),
    ("homes-t03", "trap",
     [("customer", "which tv bundle do i have, the remote says one thing and the bill says another lol"),
      ("agent", "Ha, it can be confusing! You're on the Essentials TV bundle, which has the entertainment "
                "channels and the kids' pack but not sport or movies. The remote just shows the box model, "
                "so don't worry about what it says."),
      ("customer", "ok essentials got it")],
     [("customer", "my sister has the Ultimate bundle and she pays less than me?? how is that fair"),
      ("agent", "I completely understand why that's annoying. Your sister's Ultimate bundle may be on an "
                "introductory price that ends after the first year, so it's not always a like-for-like "
                "comparison. I'm happy to look at loyalty discounts on your own account if you'd like, just "
                "let me know."),
      ("customer", "hmm ok maybe another time")],
     "Essentials", "Ultimate"),
    ("homes-t04", "trap",
     [("customer", "hi can you confirm where my school meal account letters go"),
      ("agent", "Hello! Letters about the school meal account go to 22 Thornbury Gardens, Bristol, which is "
                "the address registered for the household. You can also get them by email if you'd prefer."),
      ("customer", "no post is fine, thornbury gardens is right")],
     [("customer", "we're staying at my mum's in bournemouth for three weeks while the kitchen is redone, "
                   "will that mess up the dinner account"),
      ("agent", "Not at all, it sounds like a big job! A short stay doesn't change anything on the account, "
                "so the registered address stays as it is and the children's dinners carry on as normal at "
                "school. If anything urgent needs to go out I'll send it by email instead."),
      ("customer", "great thanks")],
     "Thornbury Gardens", "Bournemouth"),
    ("homes-t05", "trap",
     [("customer", "can you tell me my energy tariff please i need it for a comparison site"),
      ("agent", "Of course! You're on Fixed Green 12, our twelve-month fixed tariff with 100% renewable "
                "electricity, and it ends in February. Your smart meter readings are coming through every half "
                "hour, so your usage figures on the app are accurate for the comparison."),
      ("customer", "thanks, fixed green 12")],
     [("customer", "what's the difference between my fix and the tracker? is the tracker cheaper right now?"),
      ("agent", "Good question. The tracker follows the wholesale price each day, so at the moment it's a "
                "little cheaper than your fix, but it can go up as well as down. Your fixed tariff stays "
                "exactly as it is unless you ask to switch, and there would be no exit fee if you did "
                "change in the last 49 days."),
      ("customer", "ok thanks, I'll leave it as is for now")],
     "Fixed Green 12", "tracker"),
    ("homes-t06", "trap",
     [("customer", "how much is the home insurance costing me a month"),
      ("agent", "Hello! Your home insurance premium is 46 pounds a month by direct debit, which covers "
                "buildings and contents together. Your next collection is on the 3rd."),
      ("customer", "46, right ok")],
     [("customer", "honestly 46 pounds a month is far too much for a two bed, it's daylight robbery"),
      ("agent", "I'm sorry it feels like too much, and I do understand, prices have gone up across the "
                "market this year. The premium reflects the rebuild cost and a claim from two years ago, but "
                "I've added a note to review it at renewal. For now your payment stays the same, and you'll "
                "get a renewal quote a month before it's due."),
      ("customer", "fine. thanks")],
     "46", "46"),
    ("homes-t07", "trap",
     [("customer", "hi, is my breakdown cover still running? renewal leter hasnt come"),
      ("agent", "Hi! Yes, you've got Roadside Plus, which covers roadside repair and recovery up to ten "
                "miles, and it renews automatically on the 28th. The renewal letter is on its way by post."),
      ("customer", "thanks, roadside plus, good")],
     [("customer", "I got an email saying my cover was cancelled?? I never cancelled anything, I'm still on "
                   "Roadside Plus"),
      ("agent", "I'm so sorry for the worry that email caused. I've checked and you're absolutely right: "
                "your Roadside Plus cover is still active and nothing has been cancelled. That email was sent "
                "in error to a batch of members, and I'll send you a written confirmation that your cover is "
                "in place."),
      ("customer", "phew ok thanks")],
     "Roadside Plus", "Roadside Plus"),
    ("homes-t08", "trap",
     [("customer", "hello, which school is Ellie's meal account linked to? we're new to the aera"),
      ("agent", "Welcome to the area! Ellie's account is linked to Oakfield Primary School, and her dinners "
                "are paid for from the balance on the account. You can top up online or with cash at the "
                "school office."),
      ("customer", "great, oakfield primary, thanks")],
     [("customer", "hiya, ellie's still at oakfield primary, just wanted to top up 20 pounds"),
      ("agent", "Hello again! Yes, Ellie's account is still linked to Oakfield Primary, and I've added the 20 "
                "pounds to her balance now. You'll get a receipt by email, and the top up shows on the school "
                "system straight away."),
      ("customer", "thanks")],
     "Oakfield", "Oakfield"),
    ("homes-t09", "trap",
     [("customer", "what address is on my council tax account"),
      ("agent", "Hello, your council tax account is for 3 Elm Terrace, Whitby, and the bills are sent there "
                "as well. Is there something you'd like to update?"),
      ("customer", "no, Elm Terrace is right")],
     [("customer", "i used to live in Croydon before i came here, could that be why i got a letter from "
                   "croydon council?"),
      ("agent", "That's very likely. Croydon will sometimes send a final bill to a forwarding address after "
                "someone moves out. Nothing changes with your account here, and if their letter says you owe "
                "anything it's best to ring them directly with your old account number."),
      ("customer", "ok i will, thanks")],
     "Elm Terrace", "Croydon"),
    ("homes-t10", "trap",
     [("customer", "hi what streaming plan am i on, it says standard?"),
      ("agent", "Hi! Yes, you're on the Standard plan, which gives you HD on two screens at once with no "
                "ads. Your next payment is on the 21st."),
      ("customer", "ok great")],
     [("customer", "cant log in on the tv again ugh"),
      ("agent", "Sorry about that! I've signed out all devices so you can log in fresh, which usually fixes "
                "it. While I have you, we've got an offer on Premium 4K at half price for three months, "
                "would you like me to move you onto that?"),
      ("customer", "no thanks, happy where i am. logged in now"),
      ("agent", "No problem at all, you'll stay on your current plan. Glad you're back in, enjoy the rest of "
                "your evening!")],
     "Standard", "Premium 4K"),
    ("homes-t11", "trap",
     [("customer", "hi just checking, is the finance on my Ford Puma paid monthly on the 15th?"),
      ("agent", "Hi! Yes, your agreement is for the Ford Puma, and payments come out on the 15th of each "
                "month. You have 24 payments left and your statement is on the online account."),
      ("customer", "ok thanks, ford puma, 15th")],
     [("customer", "my son passed his test!! can he be a named driver on the insurance you do"),
      ("agent", "Congratulations to him, that's brilliant news! Named drivers are arranged through the "
                "insurance team rather than the finance agreement, so I've passed your details over and "
                "they'll ring you tomorrow with a quote. Your finance agreement itself stays exactly the "
                "same."),
      ("customer", "great thank you")],
     "Puma", "named driver"),
    ("homes-t12", "trap",
     [("customer", "which card pays for the broadband? the one ending 2208?"),
      ("agent", "Hello! Yes, your broadband is paid by the Mastercard ending 2208, on the 5th of each month. "
                "If you need to change it you can do that in the app."),
      ("customer", "yes 2208, thanks")],
     [("customer", "my husband wants to know if his card ending 5531 is on his own account with you, not "
                   "mine"),
      ("agent", "I can only talk about the account you're the holder of, but I can say his card isn't on "
                "your account at all. Your broadband is still paid by your own card, the same as before. If "
                "he gets in touch himself we can check his account for him."),
      ("customer", "ok thanks, I'll tell him")],
     "2208", "5531"),
]

ONE_OFFS = [
    ("homes-o01",
     [("customer", "can you resend my last bill, i deleted the email by accident"),
      ("agent", "Of course, that happens to everyone! I've resent last month's bill now, so it should be in "
                "your inbox within a few minutes. If you don't see it, check the junk folder, and let me know "
                "if it still hasn't arrived."),
      ("customer", "got it thanks")]),
    ("homes-o02",
     [("customer", "what time is the engineer coming tomorrow for the smart meter fitting"),
      ("agent", "Hello! The engineer is booked for tomorrow between 8 and 1, and they'll text you when "
                "they're on the way. The fitting takes about an hour, and the power will be off for a few "
                "minutes."),
      ("customer", "ok thanks")]),
    ("homes-o03",
     [("customer", "can you explain the 4.50 charge on this month's water bill"),
      ("agent", "Of course. That's a one-off charge for the replacement bill you asked for last month, and "
                "I've refunded it as a goodwill gesture, so you'll see a credit on your next statement. I'll "
                "email you a note of the refund."),
      ("customer", "oh thank you")]),
    ("homes-o04",
     [("customer", "hello can i pause the tv box for a night, the kids are glued to it lol"),
      ("agent", "Ha, I know the feeling! You can set a bedtime lock in the parental controls menu, or I can "
                "send the box a standby signal tonight. I've sent it now, so the box will go to standby at 8 "
                "and come back on in the morning."),
      ("customer", "perfect")]),
    ("homes-o05",
     [("customer", "hi, can you send me a reprint of my membership card, i've lost mine"),
      ("agent", "Hello, no problem. I've ordered a reprint of your membership card and it'll arrive by post "
                "in about five working days. In the meantime you can show the digital card in the app if you "
                "need it."),
      ("customer", "thanks")]),
]

START = datetime(2026, 5, 11, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "homes-c05": "nothing is stored for either conversation (15 hours or 30 hours a week)",
    "homes-c06": "38.50 is stored (as 'direct debit last meter is 38.50 a month') and stays active; 31.20 is "
                 "not stored",
    "homes-c12": "neither vet practice is stored (Hollybank Vets or Meadowside Veterinary Centre)",
    "homes-t08": "the school Oakfield Primary is not stored",
}

ARCHIVE = CaseArchive(tenant="blind-homes", start=START, later_by=SECOND, turn_gap_s=45, one_offs_on_day=6,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
