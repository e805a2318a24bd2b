"""A veterinary, pet insurance, car leasing and breakdown, season ticket, frequent flyer, energy, streaming, student
services, dentist, payroll portal and charity giving support archive, written by a tester who had read no product
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
        "pt-c01",
        "change",
        [
            ("customer", "hi its Jess Marlow, Pepper (cat) is on the Hill's c/d urinary food from you, can i order "
                         "2 more bags pls 🐱"),
            ("agent", "Hi Jess! Yes, Pepper's on Hill's c/d Multicare on our records. Two 3kg bags will be ready to "
                      "collect from tomorrow after 2pm."),
            ("customer", "amazing ty"),
        ],
        [
            ("customer", "hiya, after pepper's checkup dr ansari switched her off the hills onto Royal Canin "
                         "Urinary S/O, can u update so repeat orders r right"),
            ("agent", "Hi Jess, I can see Dr Ansari's note from Thursday. I've updated Pepper's repeat diet to "
                      "Royal Canin Urinary S/O and taken the Hill's off her repeat list. Want us to put a bag aside "
                      "now?"),
            ("customer", "yes pls 1 bag 👍"),
        ],
        "Hill's c/d",
        "Royal Canin Urinary S/O",
    ),
    (
        "pt-c02",
        "change",
        [
            ("customer", "Dear Sir/Madam,\n\nI am writing regarding my personal contract hire agreement, reference "
                         "PCH-558120, for a Kia Niro EV 4 (registration YH72 KFE). The vehicle is due its first "
                         "service in December and I would be grateful if you could confirm which dealers are "
                         "approved.\n\nKind regards,\nGraham Whitlock"),
            ("agent", "Dear Mr Whitlock,\n\nThank you for your email. For your Kia Niro EV, any Kia main dealer is "
                      "approved for servicing under your maintenance package. Your nearest is Wakefield Kia on Denby "
                      "Dale Road. Please quote your agreement number when booking.\n\nBest regards,\nPriya "
                      "Menon\nCustomer Relations, Brightway Leasing"),
        ],
        [
            ("customer", "Dear Priya,\n\nFurther to our call last week, I have now signed the paperwork for the "
                         "early termination and the replacement agreement. I understand the new car, a Skoda Enyaq "
                         "85, will be delivered on 9 December and the Niro collected the same day. Could you please "
                         "confirm the new agreement reference?\n\nRegards,\nGraham Whitlock"),
            ("agent", "Dear Mr Whitlock,\n\nConfirmed: your new agreement is PCH-561907 for the Skoda Enyaq 85 "
                      "(Sportline, Moon White), delivery on 9 December between 8am and 12pm. The driver will collect "
                      "the Niro at the same visit, so please have both keys and the charging cable ready.\n\nKind "
                      "regards,\nPriya Menon\nCustomer Relations, Brightway Leasing"),
        ],
        "Kia Niro",
        "Skoda Enyaq",
    ),
    (
        "pt-c03",
        "change",
        [
            ("agent", "Good morning, GreenLine Rail season tickets, Marcus speaking, how can I help?"),
            ("customer", "Oh hi, yeah, morning, um, so I've got the annual season ticket, Reading to London "
                         "Paddington, and the card, the smartcard thing, it's stopped working at the barriers. Like "
                         "for two days now I've had to get the guard to let me through and it's, honestly it's a bit "
                         "embarrassing."),
            ("agent", "Sorry to hear that. Can I take the number on the back of the card? ... Right, I can see your "
                      "annual Reading to London Paddington, valid to 14 August. I'll cancel that card and send a "
                      "replacement, three to five working days, and meanwhile I'll email you a temporary travel "
                      "authority."),
            ("customer", "Brilliant, thanks, that's great."),
        ],
        [
            ("customer", "Hi, yes, it's Tom Bradley again, I spoke to someone last month about the card. So the "
                         "thing is we've actually moved, we're in Didcot now, well just outside, and I need the "
                         "season to start from there instead. Is that, can you even do that mid-year?"),
            ("agent", "We can, yes. We refund the unused part of your current ticket minus a ten pound admin fee "
                      "and issue a new annual from Didcot Parkway to London Paddington. Would you like it to start "
                      "Monday the 7th?"),
            ("customer", "Yeah Monday's perfect."),
            ("agent", "Lovely. So that's an annual season, Didcot Parkway to London Paddington, starting 7 "
                      "December, loaded onto your existing smartcard. The price difference will be taken from the "
                      "card ending 3390."),
        ],
        "Reading to London Paddington",
        "Didcot Parkway to London Paddington",
    ),
    (
        "pt-c04",
        "change",
        [
            ("customer", "Hello, I am member of your SkyMiles Plus, number 40293381. Please can you put in my "
                         "profile that I prefer the aisle seat always? I have bad knee and I must stand up often in "
                         "the flight."),
            ("agent", "Of course, Mr Kowalczyk. I've set your seating preference to aisle, and it will be applied "
                      "automatically to future bookings where seat selection is available."),
        ],
        [
            ("customer", "Hi again. After the operation my knee is much better now 🙂 I would like change my seat "
                         "preference to window please, I like to sleep on the long flights."),
            ("agent", "Glad to hear the knee is better! I've updated your profile, seat preference is now window. "
                      "Your booking to Toronto on 18 December still has seat 32C, would you like me to move that one "
                      "too?"),
            ("customer", "Yes please if possible"),
            ("agent", "Done, you're in 32A now."),
        ],
        "aisle",
        "window",
    ),
    (
        "pt-c05",
        "change",
        [
            ("customer", "Hi, I'm just checking my direct debit after the price cap change, account 7710 2298."),
            ("agent", "Thanks Mrs Oduya. You're on our Fixed Saver 24 tariff for electricity and gas, and your "
                      "monthly direct debit is £118. It's fixed until March 2027, so the price cap change doesn't "
                      "affect your unit rates."),
            ("customer", "Great, that's all I needed."),
        ],
        [
            ("customer", "Hello, we've had the EV charger installed now and the smart meter was fitted last week. I "
                         "read you've got a cheaper overnight tariff for EV drivers?"),
            ("agent", "We do. Normally there's an exit fee during a fixed term, but we waive it when you move to "
                      "another of our tariffs. The overnight rate is 7p per kWh between 00:30 and 05:30. Shall I "
                      "switch you?"),
            ("customer", "Yes please go ahead."),
            ("agent", "Done, you're now on EV Night Saver from 1 December; gas stays on the same rates. I've "
                      "recalculated your direct debit to £104 a month and you'll get written confirmation by email "
                      "within 48 hours."),
        ],
        "Fixed Saver 24",
        "EV Night Saver",
    ),
    (
        "pt-c06",
        "change",
        [
            ("customer", "hello i have question, why i see advertising in middle of the film?? 😡"),
            ("agent", "Hi Ana! Sorry for the interruption. Your account is on the Standard with Ads plan, which "
                      "includes short ad breaks. If you'd like ad-free viewing you could upgrade at any time from "
                      "Account > Plan."),
            ("customer", "ok i understand, i stay for now, thank you"),
        ],
        [
            ("customer", "Hi, now I want to change to Premium please, my husband buy big 4K TV for Christmas early "
                         "😄"),
            ("agent", "Lovely! I've upgraded you to Premium: no ads, 4K Ultra HD and up to four screens at once. "
                      "The new price of £17.99 starts from your next billing date, 12 December, but you can watch in "
                      "4K straight away."),
            ("customer", "perfect thank you so much"),
        ],
        "Standard with Ads",
        "Premium",
    ),
    (
        "pt-c07",
        "change",
        [
            ("customer", "Hi, I need a council tax exemption certificate, my landlord's asking for it."),
            ("agent", "No problem. Can I confirm your student number and term-time address?"),
            ("customer", "2219407, and it's Flat 3, 22 Marlborough Road, Cardiff CF24 3BQ."),
            ("agent", "Thank you: Flat 3, 22 Marlborough Road, CF24 3BQ. The certificate will be emailed to your "
                      "university address within two working days."),
        ],
        [
            ("customer", "hey so I've moved out of marlborough rd, massive falling out with the flatmates lol. new "
                         "place is 41 Coldharbour Street, CF24 4LE. does that need changing on my record?"),
            ("agent", "Yes it does, thanks for letting us know. I've updated your term-time address to 41 "
                      "Coldharbour Street, Cardiff, CF24 4LE. Just to read that back: four-one Coldharbour Street, "
                      "CF24 4LE? I've also requested a fresh council tax certificate for the new address."),
            ("customer", "yep that's right, cheers"),
        ],
        "22 Marlborough Road",
        "41 Coldharbour Street",
    ),
    (
        "pt-c08",
        "change",
        [
            ("customer", "Good afternoon, I'd like to book my next hygienist appointment. I always come in on "
                         "Tuesday mornings before work, around 8."),
            ("agent", "Hello Mr Fairbanks. Yes, I can see you usually have the 8:10 slot on Tuesday mornings with "
                      "Sarah. The next available is Tuesday 8 December at 8:10, shall I book that?"),
            ("customer", "Yes, lovely."),
        ],
        [
            ("customer", "Hi, it's Derek Fairbanks. I've started a new job on an early shift, so mornings are out "
                         "from now on. Could you move me to Friday afternoons as my regular slot? After 3 ideally."),
            ("agent", "Of course. I've noted on your file that you prefer Friday afternoons from now on, and moved "
                      "next week's hygienist appointment to Friday 11 December at 3:20 with Sarah. Your check-up in "
                      "March will follow the same pattern."),
            ("customer", "Perfect, thank you."),
        ],
        "Tuesday mornings",
        "Friday afternoons",
    ),
    (
        "pt-c09",
        "change",
        [
            ("customer", "Hi, I'm new, started Monday in the Finance team. Just want to check my bank details went "
                         "in properly for the November payroll."),
            ("agent", "Welcome aboard, Hannah! Here's what we have on the portal:\n• Employee ID: E-30418\n• Salary "
                      "paid into: Nationwide, sort code 07-04-36, account ending 2281\n• Pay date: last working day "
                      "of the month\n• Tax code: 1257L\nIf anything looks wrong, let me know before the 20th when "
                      "payroll locks."),
            ("customer", "All correct, thanks!"),
        ],
        [
            ("customer", "Hi, I've switched my current account, can you make sure December's salary goes to the new "
                         "one? It's Monzo, sort code 04-00-04, account number 31856620."),
            ("agent", "Hi Hannah, thanks. I've updated your bank details. Summary:\n• Salary paid into: Monzo, sort "
                      "code 04-00-04, account ending 6620\n• Effective from: December payroll (paid 31 Dec)\n• "
                      "Previous account (ending 2281) removed\nYou'll get a security email confirming the change. If "
                      "you didn't request it, call us straight away."),
            ("customer", "👍 thanks"),
        ],
        "Nationwide",
        "Monzo",
    ),
    (
        "pt-c10",
        "change",
        [
            ("agent", "Hello, you're through to supporter care at Harbour Light Trust, this is Gemma."),
            ("customer", "Oh hello dear. I'm ringing because, well, I've had a letter from you asking if I'd like "
                         "to give a bit more, and the thing is I'm on a pension, and I already do the £15 a month by "
                         "direct debit, and I just wanted to say that's about all I can manage at the minute. I don't "
                         "want to be rude."),
            ("agent", "Not rude at all, Mrs Pennington, and thank you so much for your £15 a month, it genuinely "
                      "makes a difference. I'll make a note so we don't send you any more of those letters."),
            ("customer", "Oh that's kind. Thank you, love."),
        ],
        [
            ("customer", "Hello, it's Margaret Pennington, I spoke to a lovely girl last month. Now, my late "
                         "husband's premium bonds came up, would you believe, and I've been thinking I'd like to put "
                         "my monthly gift up. Could I make it £25 a month from now on?"),
            ("agent", "That's so generous, Mrs Pennington, thank you. So I'll increase your direct debit to £25 a "
                      "month, starting with the payment on the 1st of January. Is that right?"),
            ("customer", "Yes, that's right. And it's still Gift Aided, is it?"),
            ("agent", "It is, so with Gift Aid that's worth over £31 a month to us. I'll post you a letter "
                      "confirming the new amount."),
        ],
        "£15 a month",
        "£25 a month",
    ),
    (
        "pt-c11",
        "change",
        [
            ("customer", "Hi can you tell me when my premium comes out? policy PET-88213, for Bramble"),
            ("agent", "Hi Chloe! Bramble's premium of £23.40 is collected by direct debit on the 1st of each month."),
            ("customer", "ok thanks x"),
        ],
        [
            ("customer", "hi again, I've changed jobs and get paid on the 25th now so the 1st is a nightmare 😩 can "
                         "it come out on the 28th instead?"),
            ("agent", "Hi Chloe, absolutely. I've moved Bramble's direct debit to the 28th of each month, starting "
                      "28 December. No double payment, the December amount just comes out later than usual. Anything "
                      "else?"),
            ("customer", "nope that's perfect thank uuu"),
        ],
        "1st of each month",
        "28th of each month",
    ),
    (
        "pt-c12",
        "change",
        [
            ("customer", "Hi, I can't log into the app to see my breakdown cover. Membership number RB4471920."),
            ("agent", "Hi Mr Okafor, I can see your Roadside + Home Start membership. The app login is linked to "
                      "d.okafor@btinternet.com, and I've just sent a password reset link there."),
            ("customer", "Got it, I'm in now. Thanks."),
        ],
        [
            ("customer", "Hello,\n\nI'm closing my BT email account so please change the email on my breakdown "
                         "membership to daniel.okafor84@gmail.com. Membership RB4471920.\n\nThanks,\nDaniel Okafor"),
            ("agent", "Hi Daniel, thanks for getting in touch. I've updated your contact email to "
                      "daniel.okafor84@gmail.com and it's now your app login too. The old BT address has been "
                      "removed, so renewal reminders will go to Gmail from now on."),
        ],
        "d.okafor@btinternet.com",
        "daniel.okafor84@gmail.com",
    ),
    (
        "pt-t01",
        "trap",
        [
            ("customer", "Hello, just confirming Rolo's food for the boarding form: he's on Purina Pro Plan "
                         "Sensitive Digestion, lamb, since the vet recommended it in the spring."),
            ("agent", "Thanks, Mr Dawes. That matches our records for Rolo, Purina Pro Plan Sensitive Digestion, "
                      "lamb and rice. I've added it to his notes for the kennels."),
        ],
        [
            ("customer", "Hi, a friend swears by Lily's Kitchen and I was wondering about switching Rolo over to "
                         "it?"),
            ("agent", "It's a decent food, but with Rolo's tummy history Dr Hughes would rather he stayed on the "
                      "Pro Plan for now. If you did want to change, we'd do it gradually over ten days after a quick "
                      "check."),
            ("customer", "Fair enough, we'll stick with what he's on then. Not worth upsetting him before "
                         "Christmas."),
        ],
        "Purina Pro Plan Sensitive Digestion",
        "Lily's Kitchen",
    ),
    (
        "pt-t02",
        "trap",
        [
            ("customer", "Hi quick one, what's my annual mileage allowance on the Corsa lease? Agreement BW-22019"),
            ("agent", "Hi Lauren, your agreement is for 8,000 miles per year over 36 months, with excess mileage "
                      "charged at 7.2p per mile."),
            ("customer", "ok cool thanks"),
        ],
        [
            ("customer", "Hi, I might be getting a job in Bristol which would mean a much longer commute. If I did "
                         "take it, how much would it be to go up to 15,000 miles a year?"),
            ("agent", "Good question. Increasing to 15,000 miles a year would add roughly £38 a month to your "
                      "rentals from the date of the change. We'd need a formal request to amend it, so just let us "
                      "know if the job comes through."),
            ("customer", "ok thanks, nothing decided yet, I'll get back to you"),
        ],
        "8,000 miles",
        "15,000 miles",
    ),
    (
        "pt-t03",
        "trap",
        [
            ("customer", "Hiya, need to renew my monthly, it's the Zones 1-3 Travelcard on the Oyster ending 8812"),
            ("agent", "Hi Sunita, I've renewed your monthly Zones 1-3 Travelcard from 5 November to 4 December on "
                      "Oyster ending 8812. That's £206.60 from your saved Visa."),
        ],
        [
            ("customer", "Hi, my son Arjun is starting an apprenticeship out at Heathrow, he needs a Zones 1-6 "
                         "monthly on his own card with his 16-25 railcard. Can I buy that from my account?"),
            ("agent", "You can, yes. I've added a Zones 1-6 monthly Travelcard to Arjun's Oyster ending 4407, "
                      "starting Monday, with the 16-25 discount applied. Your own Zones 1-3 ticket is unaffected and "
                      "will auto-renew on 5 December as usual."),
            ("customer", "brill thanks so much"),
        ],
        "Zones 1-3",
        "Zones 1-6",
    ),
    (
        "pt-t04",
        "trap",
        [
            ("customer", "Hi, what's my tier status at the moment? Number AV 6603 1187"),
            ("agent", "Hello Mr Lindqvist, you're currently a Silver member with 41,200 tier points this year. "
                      "Silver gives you priority check-in and an extra checked bag."),
            ("customer", "Thanks."),
        ],
        [
            ("customer", "I am frankly unimpressed. I was refused entry to the lounge at Gatwick on Saturday "
                         "because, I was told, my card was not Gold. Your website told me Gold was 'within reach' "
                         "this year. I would like an explanation."),
            ("agent", "I'm sorry about the experience at Gatwick, Mr Lindqvist. Looking at your account, you're "
                      "still a Silver member: you're on 58,900 tier points and the next tier needs 75,000, so lounge "
                      "access isn't included yet. As a gesture I've added two single-use lounge passes to your "
                      "account."),
            ("customer", "Well, that's something. Thank you."),
        ],
        "Silver",
        "Gold",
    ),
    (
        "pt-t05",
        "trap",
        [
            ("customer", "Morning. Can you confirm the supply address on my account? The welcome pack had the "
                         "postcode wrong."),
            ("agent", "Morning! We've got 9 Pemberton Close, Ipswich, IP4 2RD. Was it the postcode that was wrong?"),
            ("customer", "Yes, it said IP2. IP4 is right."),
            ("agent", "Thanks. IP4 2RD is what's on the account now, so future letters will be correct."),
        ],
        [
            ("customer", "Hi, we're having the kitchen ripped out and we're staying at my mum's, 3 Ash Grove in "
                         "Felixstowe, for about three weeks. Do I need to tell you anything? Will the bill go up with "
                         "the builders using power?"),
            ("agent", "Thanks for letting us know. No need to change anything, your account and post stay at your "
                      "home address. The builders' usage will show on your smart meter, so this month's bill might be "
                      "a touch higher. Would you like me to add a note that you're away temporarily?"),
            ("customer", "Yes please do that."),
        ],
        "9 Pemberton Close",
        "3 Ash Grove",
    ),
    (
        "pt-t06",
        "trap",
        [
            ("customer", "hi where can i see what card im paying with"),
            ("agent", "Hi Jordan! Go to Account > Billing. On our side I can see you're paying with Visa ending "
                      "4471, next charge £10.99 on 14 November."),
            ("customer", "ah found it ta"),
        ],
        [
            ("customer", "why does my receipt say PayPal?? i switched from PayPal to my visa like ages ago, in the "
                         "summer"),
            ("agent", "Sorry for the confusion, Jordan. I've checked and the 14 November charge was taken from your "
                      "Visa ending 4471; PayPal hasn't been used on your account since July. The receipt template was "
                      "showing the old method by mistake, it's a known bug and it's being fixed. Nothing has changed "
                      "on your billing."),
            ("customer", "ok weird but fine"),
        ],
        "Visa ending 4471",
        "PayPal",
    ),
    (
        "pt-t07",
        "trap",
        [
            ("customer", "Hello, I need a letter confirming my student status for my bank. I am on the MSc Data "
                         "Science, full-time."),
            ("agent", "Hi Wei. Our records show you enrolled full-time on the MSc Data Science for 2026/27. I've "
                      "generated a status letter, you can download it from the Student Hub under Documents."),
        ],
        [
            ("customer", "Hi, my personal tutor mentioned something about me switching to part-time?? I have NOT "
                         "asked to change to part-time and it would break my visa. Please can you check nothing has "
                         "been changed."),
            ("agent", "Hi Wei, I've checked carefully. There's no change-of-mode request on your record, you're "
                      "still enrolled full-time and your visa sponsorship is unaffected. Your tutor may have been "
                      "thinking of another student. I've added a note so nothing gets processed without your consent."),
            ("customer", "Thank you, that is a huge relief."),
        ],
        "full-time",
        "part-time",
    ),
    (
        "pt-t08",
        "trap",
        [
            ("customer", "Hi, could I book a check-up with Dr Patel please? She's been my dentist for years."),
            ("agent", "Of course, Mrs Greene. Dr Patel has a check-up slot on Thursday 19 November at 10:40. Shall "
                      "I pop you in?"),
            ("customer", "Yes please."),
        ],
        [
            ("customer", "Hi, just a quick one, the reminder text for my filling on the 10th says Dr Henshaw. Has "
                         "Dr Patel left??"),
            ("agent", "Not at all! Dr Patel is on annual leave that week, so Dr Henshaw is covering her list. If "
                      "you'd rather wait, she's back on the 14th and I can move you."),
            ("customer", "I'll wait for her, please move me."),
            ("agent", "Done: Monday 14 December at 9:00 with Dr Patel. You remain registered with her as usual."),
        ],
        "Dr Patel",
        "Dr Henshaw",
    ),
    (
        "pt-t09",
        "trap",
        [
            ("customer", "Hi, the portal says my base location is Leeds office, is that what's used for my travel "
                         "expenses?"),
            ("agent", "Hi Ryan, yes. Your contractual base is the Leeds office, so mileage for business journeys is "
                      "calculated from there."),
            ("customer", "Great, thanks"),
        ],
        [
            ("customer", "hi, I'm covering at the Manchester office for 2 weeks from Monday while they're "
                         "short-staffed. do I need to change my base location in the portal so my expenses work?"),
            ("agent", "Hi Ryan, no, please don't change it. Two weeks' cover doesn't change your contractual base, "
                      "which stays as Leeds. Just claim the extra travel as a business journey with code TEMP-COVER "
                      "and your manager will approve it."),
            ("customer", "ah ok perfect ta"),
        ],
        "Leeds office",
        "Manchester office",
    ),
    (
        "pt-t10",
        "trap",
        [
            ("customer", "Good evening, could you confirm the details of my regular donation? I need them for my "
                         "self-assessment."),
            ("agent", "Good evening Mr Achebe, here are the details of your regular gift to Northfield Hospice:\n• "
                      "Amount: £10 per month\n• Collected: 15th of each month by direct debit\n• Gift Aid: yes, "
                      "declaration dated 3 March 2023\n• Total given in the 2025/26 tax year: £120"),
            ("customer", "Excellent, thank you very much.\n\nRegards,\nSamuel Achebe"),
        ],
        [
            ("customer", "Hello, I made a one-off donation of £50 online during your Light Up a Life appeal last "
                         "night. I just want to make sure it won't replace my monthly direct debit, I'd like to keep "
                         "that exactly as it is."),
            ("agent", "Thank you so much, Mr Achebe. The £50 was processed as a separate single gift with Gift Aid "
                      "applied. Your £10 per month direct debit is unchanged and will still be collected on the 15th."),
            ("customer", "Perfect, thank you."),
        ],
        "£10 per month",
        "£50",
    ),
    (
        "pt-t11",
        "trap",
        [
            ("customer", "Hi, I'm registering Biscuit's vet on the policy so you can pay them directly. It's "
                         "Oakfield Veterinary Centre in Harrogate."),
            ("agent", "Thanks, Mrs Whitaker. I've added Oakfield Veterinary Centre as Biscuit's registered "
                      "practice, so direct claims from them will come straight to us."),
        ],
        [
            ("customer", "omg Biscuit ate a sock on Sunday night and we had to rush him to Riverside Animal "
                         "Hospital, the emergency place. is that covered even tho they're not our normal vets?? bill "
                         "was £1,400 😭"),
            ("agent", "Oh no, poor Biscuit, I hope he's on the mend! Yes, emergency treatment at any vet is "
                      "covered. Riverside Animal Hospital can submit the claim directly, or you can pay and claim it "
                      "back. His registered practice stays as Oakfield for his follow-up care."),
            ("customer", "phew ok thank you"),
        ],
        "Oakfield Veterinary Centre",
        "Riverside Animal Hospital",
    ),
    (
        "pt-t12",
        "trap",
        [
            ("customer", "Hi, my cover started yesterday, can you check the car details are right?"),
            ("agent", "Thanks for holding, Mr Carver. I can confirm your vehicle cover is registered to the Ford "
                      "Focus, KM19 XRT, including Relay and Home Start. Anything else?"),
            ("customer", "No that's it, just wanted to be sure before the long drive to Cornwall."),
        ],
        [
            ("customer", "Hi, I'm driving my wife's car this weekend, LR21 PVO, a Polo. Am I covered if it breaks "
                         "down?"),
            ("agent", "Good question. Your policy is vehicle-based, so it only covers the Focus. If you like I can "
                      "add temporary cover for LR21 PVO for the weekend at £12, or upgrade you to personal cover so "
                      "you're covered in any car."),
            ("customer", "Nah, we'll just take the Focus then, cheers."),
        ],
        "KM19 XRT",
        "LR21 PVO",
    ),
]

ONE_OFFS = [
    (
        "pt-o01",
        [
            ("customer", "Hi are you open on Boxing Day? just in case 🐶"),
            ("agent", "Hi! The surgery is closed on Boxing Day, but our out-of-hours line is 01423 555 019 and they "
                      "see emergencies at the hospital site. We're open as normal again from Monday the 28th, 8:30 to "
                      "6."),
        ],
    ),
    (
        "pt-o02",
        [
            ("customer", "Hello, I flew to Lisbon last month with your partner airline but the miles never showed "
                         "up. How do I claim them?"),
            ("agent", "Hi there. You can claim missing miles up to six months after travel: go to My Account > "
                      "Claim missing miles and enter the 13-digit ticket number and the flight date. It usually takes "
                      "7 to 10 days to appear."),
            ("customer", "ok thanks"),
        ],
    ),
    (
        "pt-o03",
        [
            ("customer", "how do i log out every device?? pretty sure my ex is still on my account 🙄"),
            ("agent", "Hi! Go to Account > Security > Sign out of all devices, then change your password straight "
                      "after. It can take up to 2 hours for every TV and phone to be logged out."),
            ("customer", "done, thx"),
        ],
    ),
    (
        "pt-o04",
        [
            ("customer", "Hi, is the main library open 24 hours during reading week or just normal hours?"),
            ("agent", "Hi! During reading week the main library keeps 24-hour access for students with a valid ID "
                      "card, but the help desk is only staffed 9am to 5pm, Monday to Friday."),
            ("customer", "Great, thank you!"),
        ],
    ),
    (
        "pt-o05",
        [
            ("customer", "Good morning,\n\nCould you tell me where I can download my P60 for last tax year? I need "
                         "it for a mortgage application.\n\nMany thanks,\nOlivia Grant"),
            ("agent", "Good morning Olivia,\n\nYou can download it from the portal under My Pay > Documents > Year "
                      "End. Select 2025/26 and click the PDF icon. If the document doesn't appear, clear your browser "
                      "cache or try another browser.\n\nKind regards,\nPayroll Services"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "pt-c01": "no fact holds \"Hill's c/d\": [(\"customer's repeat diet is Royal Canin Urinary S/O\", 'active')]",
    "pt-c03": "no fact holds 'Reading to London Paddington': [(\"customer's card is stopped working\", "
              "'active')]",
    "pt-c06": "no fact holds 'Standard with Ads': [('customer is on the Premium plan', 'active'), ('customer is on "
              "the Standard plan', 'closed')]",
    "pt-c07": "no fact holds '22 Marlborough Road': [('customer lives at 41 Coldharbour Street, CF24 4LE', "
              "'closed'), ('customer lives at 41 Coldharbour Street, Cardiff, CF24 4LE', 'active')]",
    "pt-c08": "no fact holds 'Tuesday mornings': [('customer has started a new job', 'active')]",
    "pt-c09": "no fact holds 'Nationwide': [(\"customer's team is the Finance team\", 'active'), (\"customer's "
              "tax code is 1257L\", 'active'), (\"customer's employee is E-30418\", 'active'), (\"customer's "
              "salary is Monzo\", 'active')]",
    "pt-t01": "no fact holds 'Purina Pro Plan Sensitive Digestion': []",
    "pt-t03": "no fact holds 'Zones 1-3': [('Arjun is starting an apprenticeship out at Heathrow', 'active'), "
              "(\"customer's son is Arjun\", 'active')]",
    "pt-t06": "the old fact is not closed by the new one",
    "pt-t08": "no fact holds 'Dr Patel': [('Patel works as a dentist', 'tentative')]",
    "pt-t10": "no fact holds '£10 per month': []",
    "pt-o02": "['customer flew to Lisbon']",
}

ARCHIVE = CaseArchive(tenant="blind-pets", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
