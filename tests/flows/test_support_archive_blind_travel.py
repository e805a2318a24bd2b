"""Customer-support archive for travel and transport operators: airline loyalty programmes, rail season tickets and
railcards, car rental memberships, toll tags and congestion-charge accounts, residents' parking permits, public-
transport travel cards and concession passes, bike-share and scooter subscriptions, ferry and coach operators, and
hotel loyalty schemes. Conversations come from live chat, in-app messaging and the occasional transcribed phone call
(lower case, fillers like "um", numbers spoken as words), with customers in the UK, Ireland, France, Germany, the
US, Canada, Australia, Singapore, the UAE and India. Customers range from commuters and frequent flyers to students,
pensioners and small business owners, in tones from curt to chatty; agents variously read details off the account,
paste macros, or ask the customer to confirm."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # (case_id, "change" or "trap", first_conversation_turns, later_conversation_turns, old_words, new_words)
    ("trv-c01", "change",
     [("customer", "Hi there, my annual season ticket smartcard has stopped scanning at the gates since Monday. "
                   "It's Reading to London Paddington, bought back in March."),
      ("agent", "Sorry to hear that! I can see an annual season ticket on your account, Reading to London "
                "Paddington, valid until 14 March 2027. The chip on the card may have failed, so I'll send a "
                "replacement free of charge."),
      ("customer", "Brilliant, how long does that take? I'm in every day"),
      ("agent", "Usually 3-5 working days. Until then, show staff at the barrier this chat reference: SC-448120."),
      ("customer", "Cheers")],
     [("customer", "Morning. We've moved house, to Didcot, so my season ticket needs sorting. Can I amend the "
                   "annual to Didcot Parkway to London Paddington rather than refund it and buy a new one?"),
      ("agent", "Congratulations on the move! Yes, we can amend it. The difference for the remaining months "
                "comes to £412.60."),
      ("customer", "fine, go ahead"),
      ("agent", "Done. Your annual season ticket now reads Didcot Parkway to London Paddington, still valid to "
                "14 March 2027. It will load onto your smartcard the next time you touch in."),
      ("customer", "great thanks")],
     "Reading to London Paddington", "Didcot Parkway to London Paddington"),
    ("trv-c02", "change",
     [("customer", "why wasnt my lounge access honored at DEN yesterday"),
      ("agent", "Hi Marcus, thanks for reaching out. I can see you're a Silver member of SkyWays Rewards. Silver "
                "gets you priority boarding and a free checked bag, but lounge access starts at the next tier "
                "up, I'm afraid."),
      ("customer", "ok. annoying but fine"),
      ("agent", "Understood. For what it's worth, you're 6,200 qualifying miles short of the next tier.")],
     [("customer", "Got an email saying I'm Gold now?? confirm before I embarrass myself at the lounge desk "
                   "again lol"),
      ("agent", "Confirmed! Your status moved up to Gold on August 9 once your Lisbon flights posted. It's valid "
                "through January 31, 2028."),
      ("customer", "sweet. does that include a guest"),
      ("agent", "Yes, one guest per visit when you're on a same-day international itinerary.")],
     "Silver", "Gold"),
    ("trv-c03", "change",
     [("agent", "good afternoon, parking services, you're through to dean, how can i help"),
      ("customer", "hi um yeah, i've got a residents' permit and um, i just wanna check it's actually on the "
                   "system cos i got a ticket this morning"),
      ("agent", "right ok, can i take the postcode... ok yeah, i can see it, permit's for L K one nine X R T, "
                "valid till the end of november"),
      ("customer", "so why've i got a ticket then"),
      ("agent", "looking at the notes, um, the car was in a bay on marlowe road, which is over the boundary, "
                "that side's a different zone"),
      ("customer", "oh for god's sake. right. ok. i'll just pay it then")],
     [("customer", "hiya, um, i sold the fiesta last weekend and i've got a new car, so the permit needs "
                   "changing over"),
      ("agent", "no problem, what's the new registration"),
      ("customer", "it's L B seven two H N W"),
      ("agent", "L B seven two H N W... and you've got the V5 or the dealer paperwork?"),
      ("customer", "yeah the dealer gave me the new keeper slip, i uploaded it this morning"),
      ("agent", "lovely, i can see it. right, that's done, the permit's now on L B seven two H N W, there's a "
                "ten pound admin fee which i'll take now if that's ok"),
      ("customer", "yeah fine")],
     "L K one nine X R T", "L B seven two H N W"),
    ("trv-c04", "change",
     [("customer", "Hi, can you set my home airport to Dublin on my profile? The app keeps starting every search "
                   "from somewhere random."),
      ("agent", "Hi Niamh, sorted. Home airport is now Dublin (DUB), so searches in the app will default to "
                "departing from there."),
      ("customer", "perfect ta")],
     [("customer", "Hiya, I've moved down to Cork for work. Could you change the home airport over please?"),
      ("agent", "No bother at all. I've updated your home airport to Cork (ORK). You may need to refresh the app "
                "for it to show."),
      ("customer", "Grand, it's showing now. Thanks a million")],
     "Dublin", "Cork"),
    ("trv-c05", "change",
     [("customer", "hiya, um, so i bought a sixteen to twenty-five railcard on the app like a week ago and it's "
                   "just not showing"),
      ("agent", "okay, let me have a look... right, yeah, i've got a sixteen to twenty-five railcard here, "
                "started on the third of july, it's just not synced to your phone. if you log out and back in it "
                "should pop up"),
      ("customer", "oh. okay, that's it? hang on... oh yeah there it is"),
      ("agent", "lovely, anything else i can help with today"),
      ("customer", "no that's it, cheers")],
     [("customer", "Hello! Turned 26 and my old card's expired, so I've bought a 26-30 Railcard instead. Do I "
                   "need to do anything to link it to my account?"),
      ("agent", "Happy birthday! As long as you bought it while signed in, it's linked automatically. I can see "
                "the 26-30 Railcard on your account now, valid to 2 August 2027."),
      ("customer", "Ace, thank you")],
     "sixteen to twenty-five railcard", "26-30 Railcard"),
    ("trv-c06", "change",
     [("customer", "G'day, my toll account keeps emailing me about a low balance but I've got auto top-up on??"),
      ("agent", "Hi Bec, thanks for getting in touch. Auto top-up is set to charge your Visa ending 4417 "
                "whenever the balance falls below $10. The last attempt on 2 July was declined by your bank."),
      ("customer", "ahh that card got reissued after some fraud stuff, new expiry date. same number though"),
      ("agent", "That'll be it. If you update the expiry under Payment Details, we'll retry the top-up straight "
                "away."),
      ("customer", "done. cheers")],
     [("customer", "Hi, I'd like the auto top-up to come off my business Mastercard ending 9032 from now on. Can "
                   "you remove the Visa?"),
      ("agent", "All done. Auto top-up will now charge the Mastercard ending 9032 and the Visa has been taken "
                "off the account."),
      ("customer", "Easy. Thanks heaps")],
     "Visa ending 4417", "Mastercard ending 9032"),
    ("trv-c07", "change",
     [("customer", "Hello, I fly Dubai to Mumbai twice a month. Please note on my profile that I prefer aisle "
                   "seats. I keep being auto-assigned the middle."),
      ("agent", "Hello Mr. Rahman, I have saved aisle as your seat preference. Automatic assignments will look "
                "for an aisle seat first where one is available."),
      ("customer", "Thank you.")],
     [("customer", "Hi, since my back surgery I actually find it easier to lean on the window and sleep. Could "
                   "my seat preference be changed to window?"),
      ("agent", "Of course, and I hope the recovery is going well. Your seat preference is now set to window for "
                "all future bookings."),
      ("customer", "Much appreciated."),
      ("agent", "You're welcome. Safe travels, Mr. Rahman.")],
     "aisle", "window"),
    ("trv-c08", "change",
     [("customer", "hey why is my card charging me full fare?? i'm a student at york u"),
      ("agent", "Hi! I checked, and the post-secondary student concession was only set on your card on June 30, "
                "so rides before that were charged at the regular rate. Everything from June 30 onward is at the "
                "concession fare."),
      ("customer", "oh ok that makes sense i guess")],
     [("customer", "Hi, officially graduated and started a full time job, so I should probably take the student "
                   "thing off my card? Don't want to get fined by an inspector lol"),
      ("agent", "Thanks for being upfront about it! I've removed the post-secondary concession, so your card is "
                "now set to adult fare from today."),
      ("customer", "👍 thanks")],
     "post-secondary student concession", "adult fare"),
    ("trv-c09", "change",
     [("customer", "Hi, I haven't received my points statements for months. Could you check which email you have "
                   "for me?"),
      ("agent", "Hi Ms Nair, the email on file is priya.nair@outlook.com, and the statements were sent there on "
                "the first of each month. They may be landing in your junk folder."),
      ("customer", "Found them in junk, how embarrassing. Thanks!")],
     [("customer", "Please update my email to priya.nair@nairconsult.sg. I'm closing the Outlook account at the "
                   "end of the month."),
      ("agent", "Certainly. Could you confirm the last four digits of the phone number on the account?"),
      ("customer", "6612"),
      ("agent", "Thank you. Your email is now priya.nair@nairconsult.sg, and a verification link has been sent "
                "there."),
      ("customer", "Verified. Thanks!")],
     "priya.nair@outlook.com", "priya.nair@nairconsult.sg"),
    ("trv-c10", "change",
     [("customer", "is my permit ok if i park on the other side of comely bank road? the signs are so confusing"),
      ("agent", "Hi, your permit covers Zone N3 only. The east side of Comely Bank Road is in N3, but the west "
                "side past the junction is N4, so you'd need to stay on the east side."),
      ("customer", "ok east side, got it, thanks")],
     [("customer", "Moved flat! I'm on Marchmont Road now. Can my permit be switched over?"),
      ("agent", "Thanks, I've got the tenancy agreement you uploaded. Your permit has been moved to Zone S2 for "
                "the new address, effective today. There's no charge as there's over three months left on it."),
      ("customer", "Fab, thank you")],
     "Zone N3", "Zone S2"),
    ("trv-c11", "change",
     [("customer", "Hey, bike at the Halsted & Division dock won't release. Tried 3 times."),
      ("agent", "Sorry about that! I've flagged that bike for repair. As you're on the monthly membership "
                "there's no charge for the failed attempts, just grab another one."),
      ("customer", "got one, thx")],
     [("customer", "I want to go annual. Do I get credit for the rest of this month?"),
      ("agent", "You do! I've switched you to the annual membership ($190/yr) and credited $11.40 for the unused "
                "days of your monthly plan. It renews on Aug 11, 2027."),
      ("customer", "perfect")],
     "monthly membership", "annual membership"),
    ("trv-c12", "change",
     [("customer", "Hello, I'm trying to log in to my Fastlane rental membership but the SMS code never arrives."),
      ("agent", "Hi Claire, the number we have on your account is +33 6 12 48 90 37. Is that correct?"),
      ("customer", "Yes that's mine... oh wait. My phone was on airplane mode. Got the code now, sorry!"),
      ("agent", "No problem at all, it happens to the best of us!")],
     [("customer", "Bonjour, I've moved back to England and have a British mobile now, +44 7700 900318. Could "
                   "you replace the French one?"),
      ("agent", "Bien sûr! Your mobile number has been updated to +44 7700 900318 and the French number has been "
                "removed. You'll get a test SMS shortly."),
      ("customer", "Received it. Merci!")],
     "+33 6 12 48 90 37", "+44 7700 900318"),
    ("trv-t01", "trap",
     [("customer", "hi, booked SYD-LAX for sept, can i use upgrade credits on it?"),
      ("agent", "Hi Tom! As a Platinum member you've got 4 upgrade credits available, and yes, they can be used "
                "on that flight, subject to availability."),
      ("customer", "legend, request it pls"),
      ("agent", "Done, you're waitlisted for the upgrade. You'll hear from us 72 hours before departure.")],
     [("customer", "Quick one. My flying has dropped right off with the new job. If I don't hit the status "
                   "credits by March, do I drop to Gold straight away or is there some kind of grace period?"),
      ("agent", "Good question. If you didn't requalify you'd move down one tier at your review date, but only "
                "from the start of your next membership year. Right now your status runs until 31 March 2027 "
                "regardless."),
      ("customer", "ok cool, nothing to stress about yet then")],
     "Platinum", "drop to Gold"),
    ("trv-t02", "trap",
     [("customer", "yeah hi, um, i need to renew my season ticket, the monthly one, leeds to manchester "
                   "piccadilly"),
      ("agent", "okay no problem, so that's a monthly, leeds to manchester piccadilly, starting... monday the "
                "sixth?"),
      ("customer", "yeah monday"),
      ("agent", "right that comes to two hundred and eighty-seven pounds fifty, shall i take that on the card "
                "you used last time"),
      ("customer", "yeah go on"),
      ("agent", "lovely, that's all gone through, it'll be on your smartcard by tomorrow")],
     [("customer", "Hi, my partner and I might move to York sometime next year. Would my monthly be much dearer "
                   "from there? Not moving yet, just pricing things up."),
      ("agent", "Sure! A monthly York to Manchester Piccadilly is currently £389.20, so roughly £100 more a "
                "month. If and when you move, just renew with the new starting station."),
      ("customer", "Ouch. Ok, thanks, sticking with what I've got for now then.")],
     "leeds to manchester piccadilly", "might move to York"),
    ("trv-t03", "trap",
     [("customer", "Hi, I got a violation notice for the bridge toll but I HAVE a transponder!"),
      ("agent", "Hi Diane, sorry about the hassle. Your account has one transponder registered to California "
                "plate 7XYZ218. The violation was issued for 7XYZ21B, which looks like a camera misread, so I've "
                "dismissed it."),
      ("customer", "Oh thank goodness. Thank you!!")],
     [("customer", "My husband just bought a new truck, plate 9LMN553. He has his own toll account. Does he need "
                   "to do anything on mine?"),
      ("agent", "Nope! If the truck is going on his account, nothing changes on yours and your transponder stays "
                "linked to 7XYZ218. He just adds the new plate under his own login."),
      ("customer", "perfect, I'll tell him tonight")],
     "7XYZ218", "9LMN553"),
    ("trv-t04", "trap",
     [("customer", "renewed my permit on the website, can u confirm it went through"),
      ("agent", "Yes, your residents' permit for YD17 KWF is active from 1 July for 12 months."),
      ("customer", "ta")],
     [("customer", "My car's in the body shop for about ten days after someone reversed into it in Tesco. I've "
                   "got a hire car, RV24 PLO. Can I use my permit for that meanwhile?"),
      ("agent", "Residents' permits are tied to the registered vehicle, but we can issue a temporary permit for "
                "a hire car for up to 14 days. Your main permit stays on YD17 KWF. I've set the temporary one to "
                "run until 20 August."),
      ("customer", "Great, thanks for sorting that so fast")],
     "YD17 KWF", "RV24 PLO"),
    ("trv-t05", "trap",
     [("customer", "Good afternoon. My wife and I hold the Two Together Railcard. Does it apply to off-peak "
                   "returns from Bristol Temple Meads?"),
      ("agent", "Good afternoon! Yes, your Two Together Railcard gives a third off off-peak returns from Bristol "
                "Temple Meads, provided you're both travelling together."),
      ("customer", "Splendid. Thank you.")],
     [("customer", "I want to swap the Two Together for a Senior Railcard. I'm 59 and a half, near enough surely."),
      ("agent", "I'm sorry, the Senior Railcard needs you to be 60 on the start date, so I'm not able to issue "
                "one yet. Your current railcard stays active until 12 February, and you're welcome to buy a "
                "Senior one from your birthday."),
      ("customer", "Bureaucracy. Fine.")],
     "Two Together Railcard", "Senior Railcard"),
    ("trv-t06", "trap",
     [("customer", "Hello, e-ticket for my Pune to Goa bus did not come."),
      ("agent", "Hello Mr. Kulkarni, your account email is rohan.kulkarni88@gmail.com and the ticket was sent "
                "there at 14:02. I am resending it now."),
      ("customer", "Received now, thanks.")],
     [("customer", "URGENT. I got an SMS saying 'your email has been changed to rk.travels.deals@yahoo.in'. I "
                   "did NOT change my email. That address is not mine!"),
      ("agent", "Thank you for flagging this immediately. I have blocked that change, so your email remains "
                "rohan.kulkarni88@gmail.com. I have also logged your account out of all devices. Please reset "
                "your password."),
      ("customer", "Done. Please check nobody booked anything on my wallet."),
      ("agent", "No bookings or wallet transactions were made. Your account is secure.")],
     "rohan.kulkarni88@gmail.com", "rk.travels.deals@yahoo.in"),
    ("trv-t07", "trap",
     [("customer", "Hi, why do my reward seat searches always start from Heathrow? Not that it's wrong, I live "
                   "in Hounslow, just curious how it knows."),
      ("agent", "Hello! Heathrow is saved as the home airport on your profile. It was set when you joined in "
                "2019 and it pre-fills the search."),
      ("customer", "Ah fair enough, thanks.")],
     [("customer", "Profile check please. Can you make sure my home base is LHR? The app showed 'LON' earlier "
                   "which could mean City or Gatwick."),
      ("agent", "Your home airport is set to LHR already, so nothing needs changing. The 'LON' you saw is just "
                "the city code the search screen displays."),
      ("customer", "OK good, that's all then.")],
     "Heathrow", "LHR"),
    ("trv-t08", "trap",
     [("customer", "Hi, my annual plan renewed yesterday but I was charged twice."),
      ("agent", "Hi Wei Ling, I can see two charges of S$89 for your annual plan. One is a duplicate and I've "
                "refunded it. It takes 5-7 working days to reach your card."),
      ("customer", "ok thank you")],
     [("customer", "Back when I was on pay-as-you-go I remember the unlock fee was waived on rainy days? Is that "
                   "still a thing?"),
      ("agent", "That promotion ended last year, sorry! Your current plan covers unlimited 30-minute rides "
                "though, so unlock fees don't apply to you anyway."),
      ("customer", "oh right haha I forgot")],
     "annual plan", "pay-as-you-go"),
    ("trv-t09", "trap",
     [("customer", "My Silver Nol card balance shows AED 0 but I topped up 50 at BurJuman station this morning."),
      ("agent", "Hello, I can see the AED 50 top-up on your Silver Nol card as pending. It will appear within 24 "
                "hours or the next time you tap in at a gate."),
      ("customer", "Ok")],
     [("customer", "Is there a fee to replace a scratched card? The readers are very slow with mine."),
      ("agent", "A replacement costs AED 25. Since you use the metro daily, would you like to upgrade to a Gold "
                "card instead? It gives you access to the Gold Class cabin."),
      ("customer", "No thanks, Silver is fine for me. Just replace it as it is."),
      ("agent", "Sure, a replacement Silver card has been ordered and your balance will transfer over.")],
     "Silver Nol card", "upgrade to a Gold card"),
    ("trv-t10", "trap",
     [("customer", "hi, just joined the rewards program. home airport is toronto pearson, can you add that"),
      ("agent", "Welcome aboard! I've set your home airport to Toronto Pearson (YYZ)."),
      ("customer", "thanks")],
     [("customer", "I'm in Montreal for a conference and flying out to Vancouver from Montreal-Trudeau on the "
                   "14th, just this once. Do I still earn points booking from YUL?"),
      ("agent", "Absolutely, you earn on any eligible flight no matter where it departs. Your home airport on "
                "the profile stays as it is; a one-off booking doesn't change it."),
      ("customer", "Great, booking it now")],
     "toronto pearson", "Montreal-Trudeau"),
    ("trv-t11", "trap",
     [("customer", "Hello, I'm an expat in Frankfurt. My BahnCard 50 discount wasn't applied to a ticket I "
                   "bought on the website."),
      ("agent", "Hello! I can see your BahnCard 50 (2nd class) is valid until 30 April 2027. The booking was "
                "made without the card selected as a discount, but I'll refund the difference as a goodwill "
                "gesture."),
      ("customer", "That's very kind, thanks.")],
     [("customer", "Out of curiosity, how much would I save going down to a BahnCard 25 when it renews? I'm "
                   "working from home two days a week now so travel less."),
      ("agent", "The 25 (2nd class) is €62.90 against €244 for yours, but the discount is much smaller. At your "
                "current level of travel it would roughly break even. No need to decide now; your card runs "
                "until April."),
      ("customer", "Ok, I'll think about it nearer the time.")],
     "BahnCard 50", "BahnCard 25"),
    ("trv-t12", "trap",
     [("customer", "I've a frequent traveller account with you, Rosslare to Cherbourg. Just want to check the "
                   "car on it is right before next week's sailing."),
      ("agent", "Sure thing. The vehicle on your account is a Volvo XC60, registration 191-WX-2207. Is that "
                "still correct?"),
      ("customer", "Yep, that's the one.")],
     [("customer", "Trying to update my vehicle to the new one, 251-WX-1840, but the logbook upload keeps "
                   "failing on the app."),
      ("agent", "Sorry about that, there's a known issue with uploads from iPhones this week. I can't change the "
                "vehicle until the logbook is verified, so for now your account still shows the Volvo."),
      ("customer", "Grand, I'll try it from the laptop tonight so."),
      ("agent", "Perfect. Once it's uploaded and checked, the new car will go on the account.")],
     "191-WX-2207", "251-WX-1840"),
]

ONE_OFFS = [
    # (scope_id, turns): a request handled there and then that leaves nothing worth remembering
    ("trv-o01",
     [("customer", "My 17:42 from Kings Cross to Peterborough yesterday arrived 48 minutes late. Want to claim "
                   "Delay Repay."),
      ("agent", "Sorry about the delay. I can see that service was recorded as 47 minutes late, which qualifies "
                "for 50% of the single fare. That's £12.35, refunded to the card you paid with."),
      ("customer", "fine, thanks")]),
    ("trv-o02",
     [("customer", "Hi! I left my navy rain jacket on the Brisbane to Byron Bay coach this afternoon, seat 14 I "
                   "think. Any chance someone found it?"),
      ("agent", "Oh no! I've logged it with the depot. The driver checks the coach at the end of the run, so if "
                "it's there it'll be held at the Byron Bay office for 30 days."),
      ("customer", "You're a star, thanks"),
      ("agent", "No worries. We'll text the number on this booking if it turns up.")]),
    ("trv-o03",
     [("customer", "Bonjour, I'm booked Calais to Dover on the 09:20 tomorrow but the traffic on the A16 is "
                   "terrible. Can I move to a later crossing?"),
      ("agent", "Of course. The 11:50 has space for a car and two passengers. There's no change fee as you're "
                "within 24 hours and the delay is on the motorway."),
      ("customer", "Yes please, the 11:50."),
      ("agent", "Done, your new boarding card has been emailed. Bonne route!")]),
    ("trv-o04",
     [("customer", "Metro QR ticket from Rajiv Chowk to Dwarka Sector 21 got deducted twice from UPI. Rs 60 each."),
      ("agent", "Hello, I can see both transactions. The second one failed to generate a ticket, so it will be "
                "auto-reversed to your UPI account within 3 working days. Reference DMRC-REF-883104."),
      ("customer", "OK thank you")]),
    ("trv-o05",
     [("customer", "hi um, yeah, so my brother's visiting and he drove into the congestion zone yesterday by "
                   "accident, he didn't know about it, can he still pay"),
      ("agent", "yes he can, as long as it's paid by midnight on the third day after, so he's fine. it's "
                "eighteen pounds if it's paid today"),
      ("customer", "oh ok, eighteen. can i just pay it over the phone now"),
      ("agent", "course, i'll just need the reg and then the card number when you're ready"),
      ("customer", "yeah go on then"),
      ("agent", "right, that's all paid for yesterday, the confirmation's going to the email you gave me")]),
]

START = datetime(2026, 7, 6, 8, tzinfo=UTC)
SECOND = timedelta(days=36)

FAILS_TODAY: dict[str, str] = {
    "trv-c01": "no fact holds 'Reading to London Paddington'; stored: customer lives in Didcot (active)",
    "trv-c02": "'Silver' is not closed by a fact holding 'Gold'; stored: customer is a Silver member of SkyWays "
               "Rewards (active)",
    "trv-c03": "no fact holds 'L K one nine X R T'; stored: nothing",
    "trv-c04": "no fact holds 'Dublin'; stored: customer's app keeps starting every search (active); customer's "
               "home airport is Cork (active); customer lives in Cork (active)",
    "trv-c05": "no fact holds 'sixteen to twenty-five railcard'; stored: nothing",
    "trv-c06": "no fact holds 'Visa ending 4417'; stored: customer's toll account keeps emailing me (active); "
               "customer pays with the Mastercard ending 9032 (active)",
    "trv-c08": "no fact holds 'post-secondary student concession'; stored: customer works as a student (active);"
               " customer pays with adult fare (active)",
    "trv-c10": "no fact holds 'Zone N3'; stored: customer is on the Marchmont Road plan (active); customer's "
               "permit is Zone S2 (active)",
    "trv-c11": "no fact holds 'monthly membership'; stored: customer is on the annual membership (active)",
    "trv-c12": "no fact holds '+33 6 12 48 90 37'; stored: customer's phone number is +44 7700 900318 (active)",
    "trv-t01": "no fact holds 'Platinum'; stored: nothing",
    "trv-t02": "no fact holds 'leeds to manchester piccadilly'; stored: customer might move to York (tentative)",
    "trv-t03": "no fact holds '7XYZ218'; stored: customer's husband is on the own toll account (active)",
    "trv-t05": "no fact holds 'Two Together Railcard'; stored: nothing",
    "trv-t07": "no fact holds 'Heathrow'; stored: customer's home airport is LHR (active); customer lives in "
               "Hounslow (active)",
    "trv-t08": "no fact holds 'annual plan'; stored: nothing",
    "trv-t09": "no fact holds 'Silver Nol card'; stored: nothing",
    "trv-t11": "no fact holds 'BahnCard 50'; stored: customer works from home (active); customer pays with their"
               " card runs (active)",
    "trv-t12": "no fact holds '191-WX-2207'; stored: customer drives a Volvo XC60 (active); customer is on the "
               "frequent traveller account, Rosslare to Cherbourg plan (active)",
}

ARCHIVE = CaseArchive(tenant="blind-travel", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
