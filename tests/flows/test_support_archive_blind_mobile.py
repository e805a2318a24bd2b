"""A blind support archive of consumer subscriptions and devices: prepaid and postpaid mobile, fibre, DTH and
satellite TV, food delivery and ride-hailing accounts, fitness apps, smart-home kit, e-commerce returns and phone
insurance, from customers in India, South Africa, New Zealand and the US.

Customers write the way people text support: lower case, typos, "pls", "kindly", "ya", "bro", "howzit", and now
and then several short lines in one turn. Agents sometimes check first and confirm the change in a turn of its own.

Each change case states a value plainly in its first conversation and replaces it in the second (an agent's
switch, a new billing period, a card that quietly replaced the old one, a correction, a price going up or down,
a move). Each trap states a value and then talks around it without changing it (a plan, a hypothetical, someone
else's value, a short stay, a question about another option, a complaint, a denial, a restatement, "used to", a
declined offer, news about something else). Each one-off is a single request that leaves nothing to keep.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes -----------------------------------------------------------------------------------------
    ("mob-c01", "change",
     [("customer", "hi kindly check my balance pls, number is on the Freedom 239 prepaid pack i think"),
      ("agent", "Hello! Yes, your number is on the Freedom 239 prepaid pack, 1.5GB per day with unlimited "
                "calls, and it renews on the 14th. Your balance is Rs 12 right now. Anything else I can help "
                "with today?"),
      ("customer", "ok thnks")],
     [("customer", "hello the 1.5gb is finishing by lunch daily, wfh ho gaya\nwhat can u do"),
      ("agent", "I understand, that's frustrating. I've switched you to the Turbo 599 postpaid plan as you "
                "asked on the call yesterday, which gives 3GB a day plus 5G unlimited where available. The "
                "Freedom 239 pack has been closed and any leftover validity was adjusted in your first bill."),
      ("customer", "superb thank u bhai")],
     "Freedom 239", "Turbo 599"),

    ("mob-c02", "change",
     [("customer", "howzit, my fibre keeps dropping in the evenings, account under Nomsa Dlamini"),
      ("agent", "Hi Nomsa, thanks for reaching out. I can see you're on our 200Mbps Home Premium fibre package "
                "at R899 a month. There was line maintenance in your area on Tuesday, so please restart the "
                "router and let us know if the drops carry on."),
      ("customer", "shot, will try that")],
     [("customer", "hi again. things r tight this side, pls can i go down to something cheaper"),
      ("agent", "No problem at all, Nomsa. From your next bill you're on the 50Mbps Home Lite package at R599 "
                "a month instead of the R899 one. The speed change happens overnight on the 1st, you don't "
                "need to do anything with the router."),
      ("customer", "lekker thanks")],
     "Home Premium", "Home Lite"),

    ("mob-c03", "change",
     [("customer", "my order payment failed?? i have money in the account"),
      ("agent", "Sorry about that! The card saved on your account is the Visa ending 4417, and the bank "
                "declined it with a 'do not honour' code. It usually helps to call the bank, or you can pay "
                "this order with UPI instead."),
      ("customer", "ok i'll call them")],
     [("customer", "so bank blocked that card for some fraud thing\nnew card arrived yesterday, ending 8820\n"
                   "old one i already cut up"),
      ("agent", "Thanks for letting us know. I can see you've added the card ending 8820 in the app, and it's "
                "now the one we'll charge for your orders. You don't need to remove anything else, the blocked "
                "card won't be tried again."),
      ("customer", "ya perfect")],
     "4417", "8820"),

    ("mob-c04", "change",
     [("customer", "hey i need to send back the airfryer, its not heating properly"),
      ("agent", "Kia ora, sorry it's playing up! I've booked the courier pickup from your address on file, 14 "
                "Kowhai Street, Hamilton, for Thursday between 9 and 1. Please have it in the original box if "
                "you still have it."),
      ("customer", "sweet as")],
     [("customer", "hi, the courier said the address doesnt exist lol. no, it's 14 Rimu Street, not kowhai. "
                   "i must have typo'd it when i signed up"),
      ("agent", "Ah, that explains it, thanks for clearing that up. I've corrected your address to 14 Rimu "
                "Street, Hamilton on the account, so all future deliveries and pickups go there."),
      ("agent", "Update: the courier has the corrected address and will try again tomorrow morning.")],
     "Kowhai", "Rimu"),

    ("mob-c05", "change",
     [("customer", "hi what does my phone cover actually include"),
      ("agent", "Hi there! Your phone insurance premium is R149 a month and it covers theft, accidental damage "
                "and liquid damage, with a R750 excess per claim. Loss without forced entry isn't covered on "
                "this option."),
      ("customer", "ok cool")],
     [("customer", "why did my debit order go up this month??"),
      ("agent", "Thanks for checking with us. When you upgraded to the newer handset the replacement value "
                "went up, so from this month your premium is R189 a month instead of R149. The cover and the "
                "excess stay the same."),
      ("customer", "eish ok fine, as long as its covered")],
     "149", "189"),

    ("mob-c06", "change",
     [("customer", "hey is there an outage? cant get on the wifi since this morning"),
      ("agent", "Morena! There was a fault on the Vumatel line in your street, it was fixed about an hour ago. "
                "Your fibre install address is 9 Kauri Avenue, Linden. Please switch the router off and on, it "
                "should pick up the line right away."),
      ("customer", "working now thx")],
     [("customer", "hi, I moved to 33 Tawa Road in Parkhurst last weekend\nfibre is already there\n"
                   "can u move my account pls"),
      ("agent", "Congrats on the new place! I've moved your service to 33 Tawa Road, Parkhurst and closed the "
                "line at the old address. A technician will swap the ONT on Wednesday, and your package and "
                "price stay exactly the same."),
      ("customer", "awesome tx")],
     "Kauri", "Tawa"),

    ("mob-c07", "change",
     [("customer", "i want to claim, my screen cracked"),
      ("agent", "So sorry to hear that. The device on your cover is a Samsung Galaxy A54, and a cracked "
                "screen is covered under accidental damage. I'll send you the claim form by SMS, please attach "
                "a photo of the damage."),
      ("customer", "sent")],
     [("customer", "ya so that claim went through and they replaced it with an iphone 15 instead, the a54 "
                   "model was out of stock"),
      ("agent", "Thanks for letting me know. I've checked with the claims team and updated your policy: the "
                "insured device is now the iPhone 15 and the A54 has been taken off. Your premium stays the "
                "same until renewal."),
      ("customer", "great stuff")],
     "A54", "iPhone 15"),

    ("mob-c08", "change",
     [("customer", "not getting the workout reminder mails"),
      ("agent", "Hi! We're sending them to rahul.k88@gmail.com, the email on your membership. They may be "
                "going to the Promotions tab, please check there and mark one as 'not spam'."),
      ("customer", "found them, thx")],
     [("customer", "pls change my mail id to rahulkapoor@outlook.com\nthe gmail one i dont use anymore"),
      ("agent", "Sure, give me a moment to check that the new address is verified."),
      ("agent", "Done! Your membership email is now rahulkapoor@outlook.com, and the old gmail address has been "
                "removed. You'll get a confirmation mail there in a few minutes.")],
     "rahul.k88", "rahulkapoor"),

    ("mob-c09", "change",
     [("customer", "who gets called if the alarm goes off and i dont answer"),
      ("agent", "Good question! Your emergency contact on the home monitoring plan is Thandi, on 072 314 "
                "8856. If our control room can't reach you within two minutes, they call her next and then "
                "dispatch a patrol."),
      ("customer", "ok good")],
     [("customer", "hi, thandi moved to joburg, pls make my brother sipho the emergency contact, 083 902 5517"),
      ("agent", "Of course. Let me just verify his number with a quick test call."),
      ("agent", "Done! Sipho is now your emergency contact on 083 902 5517, and Thandi has been removed from "
                "the call list. The control room will call him if you can't be reached.")],
     "Thandi", "Sipho"),

    ("mob-c10", "change",
     [("customer", "ride got charged twice yday"),
      ("agent", "Sorry about that! I can see two charges on your Paytm wallet, which is the default payment on "
                "your account. One was a pre-authorisation and it will drop off within 48 hours, no action "
                "needed."),
      ("customer", "ok")],
     [("customer", "from now on charge my rides to google pay pls\nremove paytm, that wallet is giving issues"),
      ("agent", "Got it. I've set Google Pay UPI as your default payment method and removed the Paytm wallet "
                "from your account, so every ride from now is charged to Google Pay."),
      ("customer", "thanks bro")],
     "Paytm", "Google Pay"),

    ("mob-c11", "change",
     [("customer", "the decoder says my subscription is limited??"),
      ("agent", "Hi there. Your DStv Premium bouquet is active, the message came from a payment that cleared "
                "late. I've sent a reset to your decoder, all your channels should be back within 15 minutes."),
      ("customer", "yes its back")],
     [("customer", "ok so the kids are at varsity now and nobody watches the sport\n"
                   "premium is too much for just us"),
      ("agent", "That makes sense. I've moved you down to the Compact Plus bouquet from your next billing "
                "date, the 3rd. Premium stays on until then so you won't lose anything mid-month."),
      ("customer", "perfect")],
     "Premium", "Compact Plus"),

    ("mob-c12", "change",
     [("customer", "hey do i get hotspot on my plan"),
      ("agent", "Hi! You're on Unlimited Welcome, which doesn't include a hotspot allowance, so tethering is "
                "blocked on your line. If you need it we can look at other options."),
      ("customer", "ugh ok")],
     [("customer", "ok i'll do it, put me on the one with hotspot"),
      ("agent", "Happy to help. Your line is now on Unlimited Plus with 30GB of premium hotspot data, effective "
                "immediately, and the Unlimited Welcome plan has ended. The change is prorated on your next "
                "bill, which will be a little higher this one time."),
      ("customer", "cool thanks")],
     "Unlimited Welcome", "Unlimited Plus"),

    # --- traps -------------------------------------------------------------------------------------------
    ("mob-t01", "trap",
     [("customer", "recharge not reflecting"),
      ("agent", "Hello! Your recharge of Rs 349 went through at 10:42 and your number is now on the Smart 349 "
                "prepaid plan, 2GB per day for 28 days. Sometimes the SMS comes a little late, but the benefits "
                "are already active."),
      ("customer", "ok got it now")],
     [("customer", "maybe next month after salary i'll go for the 5G Max 699\nnot now tho, just asking price"),
      ("agent", "Sure! 5G Max 699 gives 3GB a day plus unlimited 5G, 84 days validity. You can recharge it any "
                "time from the app once your current Smart 349 pack runs out, nothing changes until then."),
      ("customer", "ok will see")],
     "Smart 349", "5G Max"),

    ("mob-t02", "trap",
     [("customer", "hi my router lights are red"),
      ("agent", "Hi! We had a fault at the Sunningdale exchange this morning. Your fibre at 18 Marlin Road, "
                "Sunningdale is back online now, please give the router a restart."),
      ("customer", "ok its green")],
     [("customer", "random question. if i moved to durban would my fibre move with me or must i cancel?"),
      ("agent", "Good question! If you ever move, we can relocate the service as long as the new address has "
                "fibre from one of our network partners, and there's no cancellation fee. Just send us the new "
                "address a couple of weeks before you go."),
      ("customer", "ok nice to know, not moving yet")],
     "Marlin Road", "Durban"),

    ("mob-t03", "trap",
     [("customer", "pls confirm my phone is insured"),
      ("agent", "Yes! Your Redmi Note 12 is insured under the Gadget Shield plan, covering theft and accidental "
                "damage until March next year."),
      ("customer", "thnx")],
     [("customer", "my brother just got a Pixel 8\nhe is with some other insurance\n"
                   "are u guys cheaper for that phone?"),
      ("agent", "Thanks for thinking of us! For a Pixel 8 the premium would be about Rs 180 a month. Your brother "
                "would need his own policy in his name, he can sign up in the app. Your Redmi cover stays as "
                "it is."),
      ("customer", "ok i'll tell him")],
     "Redmi Note 12", "Pixel 8"),

    ("mob-t04", "trap",
     [("customer", "where is my parcel"),
      ("agent", "Kia ora! Your parcel is with the courier and out for delivery to 23 Dominion Road, Mt Eden "
                "today. You'll get a text when the driver is 30 minutes away."),
      ("customer", "choice")],
     [("customer", "hey im staying at my nans in Rotorua for two weeks\n"
                   "can the return pickup be from her place, 6 Lake Road"),
      ("agent", "No worries! I've booked the pickup for this return only from 6 Lake Road, Rotorua on Friday. "
                "Your account address stays as 23 Dominion Road for everything else."),
      ("customer", "thanks heaps")],
     "Dominion Road", "Lake Road"),

    ("mob-t05", "trap",
     [("customer", "some channels missing"),
      ("agent", "Hello! Your Tata Play connection is on the Telugu Premium HD pack. The missing channels were "
                "moved to new numbers last week, please run a channel search from settings and they'll come "
                "back."),
      ("customer", "done, working")],
     [("customer", "whats the difference between telugu premium and telugu value pack? how much is value"),
      ("agent", "Telugu Value has about 40 fewer channels and no HD, and it costs Rs 285 a month versus Rs 412 for "
                "your current pack. If you ever want to switch you can do it in the app, the change applies "
                "from the next cycle."),
      ("customer", "hmm ok just checking")],
     "Telugu Premium", "Telugu Value"),

    ("mob-t06", "trap",
     [("customer", "how much is my contract per month again"),
      ("agent", "Hi there! Your contract is R429 a month, which includes 10GB of data and 300 minutes. The "
                "contract runs until August next year."),
      ("customer", "ok")],
     [("customer", "why is my bill R429 again bro this is daylight robbery\nother networks are way cheaper"),
      ("agent", "I hear you, and I'm sorry it feels steep. The R429 is your fixed contract amount and there "
                "were no extra charges this month. Your amount stays the same until the contract ends, but I "
                "can look at options for you closer to the upgrade date."),
      ("customer", "ya whatever")],
     "R429", "R429"),

    ("mob-t07", "trap",
     [("customer", "driver couldnt reach me"),
      ("agent", "Sorry about that! The number on your Bolt account is 082 555 0193, and the driver called it "
                "twice. Please check that calls from unknown numbers aren't blocked on your phone."),
      ("customer", "yes that was on silent")],
     [("customer", "your app says i changed my number?? no i didn't change my number, it's still 082 555 0193"),
      ("agent", "Thanks for flagging it, and sorry for the confusion. I checked and your number was never "
                "changed, it's still 082 555 0193. The message was a bug in the last app update."),
      ("customer", "ok good")],
     "0193", "0193"),

    ("mob-t08", "trap",
     [("customer", "can i bring a friend to the gym"),
      ("agent", "Hi! Your membership is Cult Elite, which lets you bring a guest twice a month to any centre. "
                "Just add their name in the app before the class."),
      ("customer", "nice")],
     [("customer", "hi i'm on cult elite, the booking for the 7am hrx class is not opening"),
      ("agent", "Thanks! I can see you're on Cult Elite, so you can book it. The 7am slot opens 48 hours "
                "before, which is tonight at 7pm. Try then and it should go through."),
      ("customer", "ok")],
     "Elite", "Elite"),

    ("mob-t09", "trap",
     [("customer", "internet slow"),
      ("agent", "Kia ora! Your fibre connection at 51 Peverel Street, Riccarton is showing as healthy from our "
                "end. Try plugging in by cable to see if it's the wifi, and let us know."),
      ("customer", "yeah its the wifi")],
     [("customer", "i used to live in Karori in wellington and the wifi there was way better, same router\n"
                   "whats up with that"),
      ("agent", "It often comes down to the layout of the house and thick walls rather than the connection. For "
                "your place in Riccarton a mesh unit usually helps, I can send you details if you like."),
      ("customer", "yes pls")],
     "Riccarton", "Karori"),

    ("mob-t10", "trap",
     [("customer", "hi whats my package"),
      ("agent", "Hi! You're on our Starter Fibre package, 25Mbps down and up, uncapped. Your debit order goes "
                "off on the 1st of every month."),
      ("customer", "thanks")],
     [("agent", "Hi, quick one from our side: we're running a promo where you can go to Ultra Fibre for the "
                "same price for the first three months. Would you like me to upgrade you?"),
      ("customer", "nah bro im good on the starter, it works fine for us\nthanks tho"),
      ("agent", "No problem at all! You'll stay on Starter Fibre, nothing changes.")],
     "Starter", "Ultra"),

    ("mob-t11", "trap",
     [("customer", "return label not working"),
      ("agent", "Hi! I've emailed you a fresh return label. The pickup address on your account is 402 Maple "
                "Avenue, Columbus, Ohio, and UPS will come between 9 and 5."),
      ("customer", "got it")],
     [("customer", "btw i got a phone number for delivery texts, 614-555-0148, can u add it?"),
      ("agent", "Sure thing! I've added 614-555-0148 for delivery text alerts. Your address is unchanged and "
                "the refund will land 3 to 5 business days after UPS scans the box."),
      ("customer", "thx")],
     "Maple Avenue", "614-555-0148"),

    ("mob-t12", "trap",
     [("customer", "meal plan payment didnt go off"),
      ("agent", "Hi! Your weekly box is paid with the Mastercard ending 5521. It was just a delay at the bank, "
                "the payment went through a few minutes ago and your box ships Monday."),
      ("customer", "ok awesome")],
     [("customer", "heads up my bank is sending me a new card next month, will update it when it comes"),
      ("agent", "Thanks for letting us know! We'll keep charging the card ending 5521 for now. Once the new one "
                "arrives you can add it under Payment in the app."),
      ("customer", "will do")],
     "5521", "5521"),
]

ONE_OFFS = [
    ("mob-o01", [
        ("customer", "otp not coming\ntried 3 times"),
        ("agent", "Sorry about that! There was a delay with our SMS provider this morning. I've triggered a new "
                  "OTP just now, it should reach you within a minute. Please don't share it with anyone."),
        ("customer", "got it, thx"),
    ]),
    ("mob-o02", [
        ("customer", "my biryani came cold and the raita was missing, refund pls"),
        ("agent", "So sorry about that! I've refunded Rs 180 for this order to the original payment method, it "
                  "should show in 3 to 5 working days. We've also shared the feedback with the restaurant."),
        ("customer", "ok thanks"),
    ]),
    ("mob-o03", [
        ("customer", "howzit, left my umbrella in the car last night, can u help"),
        ("agent", "No stress! I've sent a message to the driver of last night's trip, they'll contact you through "
                  "the app if they find it. Please note the lost-item return fee is R50 if they drop it off."),
        ("customer", "shot"),
    ]),
    ("mob-o04", [
        ("customer", "can u send me last months invoice pls, need it for tax"),
        ("agent", "Of course! I've emailed the invoice for last month as a PDF. If it's not there in 10 minutes "
                  "please check spam, or download it any time from Billing in the app."),
    ]),
    ("mob-o05", [
        ("customer", "how do i reset the smart plug, it wont connect"),
        ("agent", "Hi! Hold the button on the side for 10 seconds until the light flashes fast, then add it again "
                  "in the app. Make sure your phone is on the 2.4GHz wifi while pairing."),
        ("customer", "worked, thanks heaps"),
    ]),
]

START = datetime(2026, 6, 8, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "mob-c07": "no insured device is stored in either chat (neither Galaxy A54 nor iPhone 15)",
    "mob-c09": "Thandi is stored; the change to Sipho, confirmed by the agent in a separate 'Done!' turn, is not "
               "stored and Thandi stays active",
    "mob-t04": "the delivery address the agent states (23 Dominion Road) is not stored; nothing is stored",
}

ARCHIVE = CaseArchive(tenant="blind-mobile", start=START, later_by=SECOND, turn_gap_s=45, one_offs_on_day=6,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
