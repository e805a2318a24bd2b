"""Home services and subscriptions support archive (mobile carriers, broadband, energy and water, pay-TV and streaming,
alarm monitoring, home and car insurance), written by a tester who had read no product code: each customer has two
chats about five weeks apart; a change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    (
        "utl-c01",
        "change",
        [
            ("customer", "hi my fibre keeps dropping every evening around 8, its been like this all week"),
            ("agent", "Sorry to hear that. Can I confirm the installation address please?"),
            ("customer", "14 Birch Road, Didsbury, Manchester M20 2QT"),
            ("agent", "Thanks. I can see line errors on the cabinet serving 14 Birch Road. I've raised a fault "
                      "and an engineer will check the cabinet within 48 hours."),
            ("customer", "ok cheers"),
        ],
        [
            ("customer", "Hello, I moved last weekend and need my broadband moved to the new place."),
            ("agent", "Congratulations on the move! What's the new address?"),
            ("customer", "Flat 3, 27 Wilmslow Park, Stockport SK8 4LB. I've got the keys and I'm living there now."),
            ("agent", "Lovely. I've updated your service address to Flat 3, 27 Wilmslow Park and booked the "
                      "home move activation for Thursday. Your old line at Birch Road will cease the same day."),
            ("customer", "Perfect, thanks."),
        ],
        "14 Birch Road",
        "27 Wilmslow Park",
    ),
    (
        "utl-c02",
        "change",
        [
            ("customer", "I keep getting throttled after like 20 gigs, is that normal??"),
            ("agent", "Let me pull up your account. I see you're on the Unlimited Starter plan at $55/month, "
                      "which has premium data up to 20GB before speeds may slow during congestion."),
            ("customer", "ugh ok that explains it. fine for now"),
            ("agent", "No problem. Anything else I can help with today?"),
        ],
        [
            ("customer", "I want to upgrade my plan, the throttling is driving me nuts"),
            ("agent", "Sure thing! Our Unlimited Ultimate plan has no premium data cap and includes 60GB "
                      "of hotspot for $85/month."),
            ("customer", "yes do that one"),
            ("agent", "Done — your line has been moved to Unlimited Ultimate effective today. Your next bill "
                      "will show a prorated charge."),
            ("customer", "great thx"),
        ],
        "Unlimited Starter",
        "Unlimited Ultimate",
    ),
    (
        "utl-c03",
        "change",
        [
            ("customer", "G'day, my phone won't pick up 5G even though I'm on a 5G plan. It's a Samsung Galaxy "
                         "S21 if that matters."),
            ("agent", "Thanks for that. The Galaxy S21 supports our 5G network but needs the latest carrier "
                      "update. Could you go to Settings > Software update and install anything pending?"),
            ("customer", "Done, restarting now... yep, 5G icon is showing. Cheers mate."),
            ("agent", "Brilliant, glad that sorted it!"),
        ],
        [
            ("customer", "Hi, the old Samsung finally died so I bought a Google Pixel 9 outright from JB Hi-Fi. "
                         "Popped my SIM in but no mobile data."),
            ("agent", "No worries. For the Pixel 9 you'll need to set the APN to 'telstra.internet'. "
                      "Let me also update the device on your account so we push the right settings."),
            ("customer", "Ok set the APN, data works now"),
            ("agent", "Great. I've recorded your handset as a Google Pixel 9. Enjoy the new phone!"),
        ],
        "Samsung Galaxy S21",
        "Google Pixel 9",
    ),
    (
        "utl-c04",
        "change",
        [
            ("agent", "Hi, thanks for contacting Northshore Energy, this is Priya. How can I help?"),
            ("customer", "Hi Priya, I just want to check my autopay is set up for the hydro bill."),
            ("agent", "Yes, I can see pre-authorized payments are active on your Visa ending in 4471, "
                      "drawn on the due date each month."),
            ("customer", "Great, that's all I needed. Thanks!"),
        ],
        [
            ("customer", "Hello, my old credit card was compromised and the bank cancelled it. I need to put "
                         "the new one on my autopay."),
            ("agent", "I'm sorry to hear that. You can read me the new card details or enter them in the "
                      "secure form I'm sending now."),
            ("customer", "I've entered it in the form."),
            ("agent", "Thank you. Autopay is now set to your Mastercard ending in 9023, and the old card "
                      "has been removed from the account."),
            ("customer", "Wonderful, thank you so much."),
        ],
        "ending in 4471",
        "ending in 9023",
    ),
    (
        "utl-c05",
        "change",
        [
            ("customer", "Dear Sir or Madam,\n\nI have not received my electricity bill for March. Could you "
                         "please re-send it to siobhan.keane@eircom.net?\n\nKind regards,\nSiobhán Keane"),
            ("agent", "Dear Ms Keane,\n\nThank you for your email. I have re-sent your March bill to "
                      "siobhan.keane@eircom.net, which is the address we hold on file.\n\nBest wishes,\n"
                      "Ciarán, Customer Care"),
            ("customer", "Received it, thank you very much.\n\nSiobhán"),
        ],
        [
            ("customer", "Dear Customer Care,\n\nI am closing my old eircom email account. Please update my "
                         "contact email to siobhan.keane.dublin@gmail.com for all future bills and "
                         "correspondence.\n\nMany thanks,\nSiobhán Keane"),
            ("agent", "Dear Ms Keane,\n\nThank you for letting us know. Your contact email has been updated "
                      "to siobhan.keane.dublin@gmail.com and a confirmation has been sent there.\n\n"
                      "Kind regards,\nAoife"),
            ("customer", "Confirmation received. Thank you, Aoife."),
        ],
        "siobhan.keane@eircom.net",
        "siobhan.keane.dublin@gmail.com",
    ),
    (
        "utl-c06",
        "change",
        [
            ("customer", "my key meter ran out overnight and I topped up at the shop but the credit hasn't "
                         "gone on"),
            ("agent", "Sorry about that. I can see you have a prepayment key meter for electricity. "
                      "Please reinsert the key for 10 seconds — the top-up should transfer."),
            ("customer", "ok it worked, lights back on"),
            ("agent", "Great. If it happens again, keep the receipt and call us."),
        ],
        [
            ("customer", "Hi, the engineer came yesterday and took the old key meter out. I'm on a smart "
                         "meter now, pay monthly by direct debit. Can you check it's all set up right?"),
            ("agent", "Yes, I can see the exchange was completed yesterday. You now have a SMETS2 smart "
                      "meter in credit mode, and the account has moved off prepayment."),
            ("customer", "Brilliant. Will the in-home display show my usage?"),
            ("agent", "It will, it should pair within 24 hours. Your first monthly bill will be in June."),
        ],
        "prepayment key meter",
        "SMETS2 smart meter in credit mode",
    ),
    (
        "utl-c07",
        "change",
        [
            ("customer", "Hello, I want to ask about my car insurance. Is the windscreen covered? My car is "
                         "VW Golf 2017, the registration is M-KL 4821."),
            ("agent", "Good afternoon. Yes, your comprehensive policy for the VW Golf (M-KL 4821) includes "
                      "glass cover with 150 EUR deductible."),
            ("customer", "Ok, thank you very much, this is good for me."),
        ],
        [
            ("customer", "Hello again. I sold the Golf last week and I buy now a Skoda Octavia Combi 2023, "
                         "registration M-RT 7390. Please change the insurance on the new car."),
            ("agent", "Thank you. I have replaced the vehicle on your policy with the Skoda Octavia Combi, "
                      "registration M-RT 7390, from 12 June. The premium changes to 64.20 EUR per month."),
            ("customer", "Ok, it is fine. I need a new green card also?"),
            ("agent", "The new insurance certificate has been emailed to you. Safe driving!"),
        ],
        "VW Golf 2017",
        "Skoda Octavia Combi 2023",
    ),
    (
        "utl-c08",
        "change",
        [
            ("customer", "Hello sir, I want to know why my family plan bill is 1,199 rupees this month"),
            ("agent", "Namaste. Your postpaid family plan has 3 connections — you plus two add-on lines for "
                      "your wife and father. The 1,199 plan covers all 3 connections."),
            ("customer", "Ok understood. Thank you"),
            ("agent", "You're welcome. Have a nice day."),
        ],
        [
            ("customer", "Hi, my daughter is starting college, I want to add her number to my family plan"),
            ("agent", "Sure. I've added her as an add-on. Your family plan now has 4 connections, and the "
                      "plan will move to the 1,399 rupees pack from next billing cycle."),
            ("customer", "Okay good. SIM will come home?"),
            ("agent", "Yes, the SIM will be delivered in 2 days with eKYC done at the door."),
        ],
        "3 connections",
        "4 connections",
    ),
    (
        "utl-c09",
        "change",
        [
            ("agent", "Hello, you're through to Severn Valley Water, my name's Gareth. Before we start, I "
                      "see your preferred contact method is letter by post. Is that still right?"),
            ("customer", "Yes, I'm not one for computers. I like a letter I can keep."),
            ("agent", "No problem at all. Now, how can I help?"),
            ("customer", "I wanted to check the date of my next meter reading."),
            ("agent", "It's due on the 20th. We'll write to you beforehand."),
        ],
        [
            ("customer", "Hello, my grandson has set me up with an email address, so you can stop the letters "
                         "now and send everything by email please. It's margaret.powell48@btinternet.com"),
            ("agent", "That's wonderful, Mrs Powell. I've changed your preferred contact method to email "
                      "and turned on paperless billing."),
            ("customer", "Thank you dear, saves the trees I suppose."),
        ],
        "letter by post",
        "preferred contact method to email",
    ),
    (
        "utl-c10",
        "change",
        [
            ("customer", "need a tech to look at the glass break sensor in the kitchen, keeps chirping"),
            ("agent", "I can help. I see a note on your account: appointments only on Saturday mornings "
                      "8-12. Shall I book the earliest Saturday morning slot?"),
            ("customer", "yep that's right, I work weekdays"),
            ("agent", "Booked for Saturday 9 May, 8am-12pm window."),
        ],
        [
            ("customer", "hey heads up I changed jobs, I'm home weekday afternoons now and I coach my kid's "
                         "soccer saturdays. so from now on please only book techs weekday afternoons 1-5"),
            ("agent", "Got it! I've updated your appointment preference to weekday afternoons 1-5pm and "
                      "removed the Saturday morning note."),
            ("customer", "perfect ty"),
        ],
        "Saturday mornings",
        "weekday afternoons 1-5",
    ),
    (
        "utl-c11",
        "change",
        [
            ("customer", "Hi, my WiFi is very slow upstairs. I have the FRITZ!Box 7530 from you."),
            ("agent", "Hello! Thank you. For the FRITZ!Box 7530 I recommend switching the WiFi channel to "
                      "automatic and adding a mesh repeater for upper floors."),
            ("customer", "Ok I will try the channel first."),
        ],
        [
            ("customer", "Hello, you sent me the new router for the fibre upgrade, I connected it today."),
            ("agent", "Yes, I can see the FRITZ!Box 5590 Fiber is now online on your line and the old "
                      "7530 has been deregistered. Please send the old one back in the return box."),
            ("customer", "Good, the speed is much better now. I will send back the old one this week."),
            ("agent", "Thank you, enjoy your fibre!"),
        ],
        "FRITZ!Box 7530",
        "FRITZ!Box 5590 Fiber",
    ),
    (
        "utl-c12",
        "change",
        [
            ("customer", "hi quick one, my package, does it have the sports channels?"),
            ("agent", "Hi there! You're on the Entertainment Plus package. That doesn't include sports; "
                      "you'd need to add the Sports pack for €25 a month."),
            ("customer", "nah grand, just checking"),
        ],
        [
            ("customer", "right so the six nations is coming and I want the sport now. can I get the full "
                         "thing"),
            ("agent", "Absolutely. I've moved you to the Ultimate Sports & Movies bundle at €79 a month, "
                      "active from today. Entertainment Plus has been replaced."),
            ("customer", "savage, cheers"),
            ("agent", "Enjoy the rugby!"),
        ],
        "Entertainment Plus",
        "Ultimate Sports & Movies",
    ),
    (
        "utl-t01",
        "trap",
        [
            ("customer", "Hi there, my NBN has been dropping out since the storm. Address is 8 Wattle Street, "
                         "Newtown NSW 2042."),
            ("agent", "Thanks, I've run a line test on 8 Wattle Street and found a fault at the pit. A "
                      "technician will attend Thursday."),
            ("customer", "Thank you."),
        ],
        [
            ("customer", "Hey, just a hypothetical. If I moved to Parramatta, say somewhere like 45 Church "
                         "Street, could I take my plan with me or would I need a new contract?"),
            ("agent", "Good question! If you moved, we can transfer your plan as long as NBN is available at "
                      "the new address. There's no new contract needed."),
            ("customer", "Cool, no plans yet, just weighing things up. Thanks!"),
        ],
        "8 Wattle Street",
        "45 Church Street",
    ),
    (
        "utl-t02",
        "trap",
        [
            ("agent", "Hello, you're chatting with Tom. I can see you're on our SIM Only 30GB plan at "
                      "£12 a month. How can I help?"),
            ("customer", "hiya, just want to know when my contract ends"),
            ("agent", "Your minimum term ends on 18 November, after which it runs monthly."),
            ("customer", "cool thanks"),
        ],
        [
            ("customer", "whats the difference between my plan and the SIM Only Unlimited one"),
            ("agent", "SIM Only Unlimited is £22 a month with unlimited data and EU roaming. Yours has 30GB "
                      "and roaming at £2.25 per day."),
            ("customer", "hmm bit pricey for me, I'll stay where i am"),
            ("agent", "No problem, your plan stays as it is."),
        ],
        "SIM Only 30GB",
        "SIM Only Unlimited",
    ),
    (
        "utl-t03",
        "trap",
        [
            ("customer", "My iPhone 13 won't do wifi calling, can you check the account?"),
            ("agent", "Thanks. I've enabled Wi-Fi Calling on your line. Your iPhone 13 should pick it up "
                      "after a restart — please confirm your E911 address when prompted."),
            ("customer", "Restarted and it works. Appreciate it."),
        ],
        [
            ("customer", "Hi, my son just switched to a Galaxy Z Flip6 on his own account with another "
                         "carrier. Can he still be on my family locator?"),
            ("agent", "Yes, he can accept an invite to Family Locator from any carrier. Your own line and "
                      "device stay the same."),
            ("customer", "Great, I'll send him the invite. Thanks!"),
        ],
        "iPhone 13",
        "Galaxy Z Flip6",
    ),
    (
        "utl-t04",
        "trap",
        [
            ("customer", "hello I have set auto debit from my HDFC Bank savings account for broadband bill, "
                         "but it showed failed this month why"),
            ("agent", "Sorry for trouble. The e-mandate on HDFC Bank expired on 31 March. I have sent a new "
                      "mandate link, please approve it in your bank app."),
            ("customer", "done approved"),
            ("agent", "Thank you, mandate is active now."),
        ],
        [
            ("customer", "I am thinking to move my salary account to ICICI Bank maybe next month. If I do, "
                         "how to change auto debit?"),
            ("agent", "When you are ready, you can register a new e-mandate from the app under Payments. "
                      "Until then auto debit will continue from your current account."),
            ("customer", "ok not yet decided, will let you know"),
        ],
        "HDFC Bank",
        "ICICI Bank",
    ),
    (
        "utl-t05",
        "trap",
        [
            ("customer", "Morning. Just checking my breakdown cover is on my policy for the Ford Fiesta."),
            ("agent", "Good morning. Yes, your policy covers the 2019 Ford Fiesta, reg AB19 KXT, with "
                      "roadside and home-start breakdown."),
            ("customer", "Lovely, cheers."),
        ],
        [
            ("customer", "Hi, can I get a quote for swapping my car to a Tesla Model 3? I'm looking at one "
                         "this weekend."),
            ("agent", "Of course. For a 2022 Tesla Model 3 the premium would be £1,140 a year, up from "
                      "£620."),
            ("customer", "Blimey. Not worth it, I'll keep the Fiesta. Don't change anything."),
            ("agent", "Understood, your policy stays exactly as it is."),
        ],
        "Ford Fiesta",
        "Tesla Model 3",
    ),
    (
        "utl-t06",
        "trap",
        [
            ("customer", "Hi, I'm at 221 Maple Crescent in Oakville and I want to set up the budget billing "
                         "for gas."),
            ("agent", "Happy to help. Equal billing is now set up for 221 Maple Crescent at $118 per month."),
            ("customer", "Thanks!"),
        ],
        [
            ("customer", "Hello, we're having floors redone so I'm staying at my mom's on 19 Lakeshore Road "
                         "for two weeks. Should I let you know?"),
            ("agent", "Thanks for telling us. No change is needed — your account stays at your home address. "
                      "If you want, we can note temporary mail forwarding."),
            ("customer", "No, that's fine, I'll be back home by the 20th."),
        ],
        "221 Maple Crescent",
        "19 Lakeshore Road",
    ),
    (
        "utl-t07",
        "trap",
        [
            ("customer", "Hello. I have the Standard with ads streaming plan. Why I see so many ads on films?"),
            ("agent", "Hello! Standard with ads includes short ad breaks on most titles. Some films have "
                      "more breaks than series."),
            ("customer", "Ok, I understand."),
        ],
        [
            ("customer", "How much cost the Premium plan? My colleague says it has 4K."),
            ("agent", "The Premium plan costs 19.99 EUR per month, with 4K and no ads. Would you like me to "
                      "switch you?"),
            ("customer", "No thank you, only I wanted to know the price. For now I stay."),
        ],
        "Standard with ads",
        "Premium plan",
    ),
    (
        "utl-t08",
        "trap",
        [
            ("agent", "Hi, this is Niamh from customer care. I'm calling the number on file, 087 412 5563 — "
                      "is that you, Mr Byrne?"),
            ("customer", "It is, yeah."),
            ("agent", "Great. Just confirming your boiler service is booked for Tuesday."),
            ("customer", "Grand, thanks Niamh."),
        ],
        [
            ("customer", "Hi, I got a text saying I have an old number on my profile. Years ago I had "
                         "086 990 1247 but that's long gone. Can you check what's there now?"),
            ("agent", "No problem. The only number on your account is still 087 412 5563; the 086 one "
                      "isn't listed anywhere."),
            ("customer", "Ah grand, must be a scam text then. Thanks."),
        ],
        "087 412 5563",
        "086 990 1247",
    ),
    (
        "utl-t09",
        "trap",
        [
            ("customer", "Hi, our water bill seems high. There's 4 people in the house, two adults two kids."),
            ("agent", "Thanks. For a household of four your usage is about average, but I can send a leak "
                      "check kit to be sure."),
            ("customer", "Yes please."),
        ],
        [
            ("customer", "Hey, filling in the concession form. It asks for occupants — it's me, my partner "
                         "and our two children, so a family of four still, right?"),
            ("agent", "That's right, we have a household of four recorded, nothing needs changing."),
            ("customer", "Cool, submitting it now."),
        ],
        "4 people",
        "family of four",
    ),
    (
        "utl-t10",
        "trap",
        [
            ("agent", "Thanks for calling SafeHaven Monitoring. I see you're on the Basic Monitoring plan, "
                      "$24.99 a month, landline communicator. How can I help?"),
            ("customer", "Just wanted to test the panel, we're going on vacation."),
            ("agent", "I've put you in test mode for 30 minutes. Go ahead."),
        ],
        [
            ("customer", "I tried to upgrade to Smart Home Premium online but it errored out?"),
            ("agent", "I see the attempt — the card payment was declined by your bank, so the upgrade did "
                      "not go through. You're still on your current plan."),
            ("customer", "ugh ok, I'll sort the card out another time. leave it as is for now"),
            ("agent", "Sure, nothing has been changed."),
        ],
        "Basic Monitoring",
        "Smart Home Premium",
    ),
    (
        "utl-t11",
        "trap",
        [
            ("customer", "um hi yeah so i've got the um economy 7 meter the old one with the two dials and "
                         "i want to know when the cheap hours are"),
            ("agent", "Of course. For your Economy 7 meter the off-peak hours are midnight to 7am."),
            ("customer", "right ok thanks"),
        ],
        [
            ("customer", "yeah hi um so my neighbour next door she just got one of them smart meters "
                         "fitted like last week and er she said it's loads better so um"),
            ("agent", "I see, that's good to hear for her. Would you like me to check whether you're "
                      "eligible for one?"),
            ("customer", "no no not right now i'm just saying i'm happy with mine for now just ringing "
                         "about the bill really"),
            ("agent", "No problem, your current meter stays. Let's look at the bill."),
        ],
        "economy 7 meter",
        "smart meters",
    ),
    (
        "utl-t12",
        "trap",
        [
            ("customer", "Hello, please contact me only on WhatsApp for any updates, I do not pick unknown "
                         "calls."),
            ("agent", "Noted, we will send all updates about your broadband on WhatsApp."),
            ("customer", "Thank you."),
        ],
        [
            ("customer", "I am travelling in Singapore this week, WhatsApp is not working well on hotel wifi. "
                         "Only this one time please send the ticket update by SMS."),
            ("agent", "Sure, I will send this ticket update by SMS. Your preference remains WhatsApp for "
                      "future contact."),
            ("customer", "Yes correct, from next week WhatsApp as usual."),
        ],
        "WhatsApp",
        "by SMS",
    ),
]

ONE_OFFS = [
    (
        "utl-o01",
        [
            ("customer", "my internet was down for 3 days last week, I want money back"),
            ("agent", "I'm sorry. I can confirm an outage in your area from the 28th to the 30th. I've "
                      "applied a credit of £8.50 to your next bill."),
            ("customer", "ok fine thanks"),
        ],
    ),
    (
        "utl-o02",
        [
            ("customer", "Hi, the engineer never turned up today, I waited in all morning!"),
            ("agent", "I'm really sorry about that. The engineer was called to an emergency. I've rebooked "
                      "for tomorrow 8am-1pm and added a $20 missed appointment credit."),
            ("customer", "Ok, tomorrow works. Thanks."),
        ],
    ),
    (
        "utl-o03",
        [
            ("customer", "Dear team, my bill this month is 212 dollars instead of the usual 140. Could you "
                         "explain? Thanks, Raj"),
            ("agent", "Hi Raj, this bill covers 38 days instead of 30 because the reading date moved, plus "
                      "the cold snap increased heating usage. It's a one-time effect."),
            ("customer", "That makes sense, thank you for explaining."),
        ],
    ),
    (
        "utl-o04",
        [
            ("customer", "ran out of data and im at the airport, can u give me some extra"),
            ("agent", "I've added a free 5GB boost valid for 24 hours. Safe travels!"),
            ("customer", "legend thx"),
        ],
    ),
    (
        "utl-o05",
        [
            ("customer", "Hello, the replacement remote you sent never arrived. Tracking says delivered but "
                         "nothing here."),
            ("agent", "Sorry about that. I've opened a lost parcel claim with the courier and dispatched a "
                      "new remote by express, arriving Wednesday."),
            ("customer", "Thank you, appreciate it."),
        ],
    ),
]

START = datetime(2026, 5, 4, 9, tzinfo=UTC)
SECOND = timedelta(days=35)

FAILS_TODAY: dict[str, str] = {
    "utl-c06": "no fact holds 'SMETS2 smart meter in credit mode'; stored: customer is on the smart meter "
               "(active); customer is on the prepayment key meter (closed)",
    "utl-c09": "no fact holds 'preferred contact method to email'; stored: customer likes letter (active); "
               "customer's preferred contact method is email (active); customer's email is "
               "margaret.powell48@btinternet.com (active); customer's preferred contact method is letter by "
               "post (closed)",
    "utl-c10": "no fact holds 'Saturday mornings'; stored: customer's appointment preference is weekday "
               "afternoons 1-5pm (active)",
    "utl-c11": "no fact holds 'FRITZ!Box 7530'; stored: customer's WiFi is very slow upstairs (active); "
               "customer's speed is much better (active)",
    "utl-t02": "no fact holds 'SIM Only 30GB'; stored: customer is on the SIM Only plan (active)",
    "utl-t07": "no fact holds 'Standard with ads'; stored: customer is on the Standard plan (active)",
    "utl-t09": "no fact holds '4 people'; stored: nothing",
    "utl-t11": "no fact holds 'economy 7 meter'; stored: customer is on the 7 meter (active)",
}

ARCHIVE = CaseArchive(tenant="blind-utilities", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
