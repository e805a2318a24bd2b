"""A second blind support archive, written from outside the extractor: business software, IT services, energy and
water suppliers and mobile carriers on both sides of the Atlantic. Each case is one customer's first conversation,
which states a fact, and a later one, nineteen days on, that either changes it (the old fact must close and the new
one stay active) or only seems to (a plan, a hypothetical, someone else's account, a short stay, a question about
another option, a complaint, a denial, a restatement, "used to", a declined offer, news about something else: none
of it may close anything). Many changes are made by the agent ("I've moved you to ...", "from your next bill ..."),
some only implied ("the new card came, the old one is cut up"), some are corrections. The one-offs are single
conversations about a passing request (a resent invoice, an outage, a password reset) that must leave no active fact.
Customer lines are ticket-terse or long and angry, with typos and lower case, the way real queues read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # ---------------------------------------------------------------- changes
    ("b2b-c01", "change",
     [("customer", "hi, our helpdesk workspace keeps logging people out every 10 min. we're on the Essentials plan, "
                   "22 agents. started yesterday after your release"),
      ("agent", "Thanks for flagging this. I can see the session timeout on Essentials workspaces was reset by "
                "yesterday's deploy. I've put it back to 8 hours for you, could you ask the team to log in again?"),
      ("customer", "ok that's sorted it, ty")],
     [("agent", "Hi Marcus, following up on your ticket from the account review. As agreed with your finance lead "
                "I've moved your workspace from Essentials to the Business Plus plan today, so audit logs and SSO "
                "are switched on now. The prorated difference will be on the next invoice."),
      ("customer", "great, saw the SSO tab appear. thanks"),
      ("agent", "You're welcome. Business Plus is active as of this morning, nothing else needed from you.")],
     "Essentials", "Business Plus"),
    ("b2b-c02", "change",
     [("customer", "Why has my bill gone up?? I'm on the Fixed Saver 24 tariff, it's supposed to be FIXED. Dual fuel, "
                   "been with you 6 years"),
      ("agent", "I understand the worry. Your unit rates on Fixed Saver 24 haven't changed; the increase is down to "
                "higher usage over the cold snap, your readings show about 30% more gas than November last year."),
      ("customer", "fine. the boiler has been on a lot i suppose")],
     [("agent", "Hello Mrs Adeyemi, I'm getting in touch because your fixed term ended on the 3rd and we didn't "
                "receive a renewal choice. From your next bill you're on our Flex Variable tariff. There are no exit "
                "fees on Flex Variable, so you can pick a new fix at any time."),
      ("customer", "right. ok. i'll look at the fixes at some point i guess"),
      ("agent", "No problem at all. To confirm, Flex Variable applies from the 4th and your direct debit stays the "
                "same for now.")],
     "Fixed Saver 24", "Flex Variable"),
    ("b2b-c03", "change",
     [("customer", "payment failed msg in the app again?? the monthly payment comes off my Visa ending 4417, theres "
                   "plenty of money on it"),
      ("agent", "Sorry about that. The bank declined it with a temporary fault code, it wasn't anything on your "
                "side. I've retried the payment on the card ending 4417 and it's gone through."),
      ("customer", "ok cheers")],
     [("customer", "the bank sent me a new card, ending 9032. old 4417 one is cut up so dont try it again pls"),
      ("agent", "Thanks for letting us know. I've replaced the card on your account, payments will now be taken "
                "from the Visa ending 9032 and the old one has been removed."),
      ("customer", "perfect")],
     "4417", "9032"),
    ("b2b-c04", "change",
     [("customer", "Hello, we need a second broadband line installed at our site, Unit 4 Millbrook Trading Estate, "
                   "Swindon. Is there capacity on the cabinet?"),
      ("agent", "Hi, thanks for getting in touch. I've checked and there is capacity. I've booked an engineer survey "
                "at Unit 4 Millbrook Trading Estate for Thursday morning."),
      ("customer", "great")],
     [("agent", "Hi, the engineer tried to attend on Thursday but couldn't find Unit 4 Millbrook. Can you confirm "
                "the site address for us?"),
      ("customer", "no, it's Unit 14 not Unit 4, my mistake on the original order, sorry. Unit 14 Millbrook Trading "
                   "Estate, the blue building at the back by the loading bays"),
      ("agent", "Thanks, I've corrected the site address on your account to Unit 14 Millbrook Trading Estate and "
                "rebooked the survey for Monday.")],
     "Unit 4 Millbrook", "Unit 14"),
    ("b2b-c05", "change",
     [("customer", "Question about our renewal. We currently have 40 seats on the annual license and I want to make "
                   "sure we're not being charged for the contractors who left."),
      ("agent", "Good question. You have 40 seats and 37 are assigned right now, so there are three spare. Those "
                "are still billed because seats are annual, but you can reassign them at any time."),
      ("customer", "ok understood")],
     [("customer", "we onboarded the new support team. need more seats asap, 25 people start monday"),
      ("agent", "Congratulations on the new team! I've increased your license from 40 to 65 seats, effective "
                "immediately, and the prorated charge will show on your next invoice. You can invite the new users "
                "from Admin > Members."),
      ("customer", "thanks, inviting now")],
     "40 seats", "65 seats"),
    ("b2b-c06", "change",
     [("customer", "my data is crawling today, like 2G speeds. im on the 100GB plan, nowhere near using it all"),
      ("agent", "Sorry to hear that. There's a mast upgrade in your area this week which is slowing things down. "
                "Your 100GB allowance isn't affected and you've used 41GB so far this month."),
      ("customer", "ok")],
     [("customer", "i dropped down to the 30GB bundle in the app yesterday to save a bit. can you check it actually "
                   "went through, app just said 'processing'"),
      ("agent", "Yes, I can see it's been applied. You're on the 30GB bundle from today and your monthly price has "
                "dropped by eight pounds. Unlimited minutes and texts are the same as before."),
      ("customer", "nice one")],
     "100GB", "30GB"),
    ("b2b-c07", "change",
     [("customer", "Please note our primary IT contact for all incidents is Priya Natarajan, she's the one who "
                   "should get the P1 calls, not the front desk."),
      ("agent", "Thanks, that's noted. Priya Natarajan is listed as the primary contact and the on-call team will "
                "phone her first for any P1."),
      ("customer", "thank you")],
     [("customer", "Priya has left the company as of Friday. Please make Tom Okafor the primary contact from now on, "
                   "his mobile is on the signature below."),
      ("agent", "Thanks for letting us know. I've set Tom Okafor as the primary contact and removed Priya from the "
                "escalation list. The on-call team will ring Tom for P1s from now."),
      ("customer", "thanks")],
     "Priya Natarajan", "Tom Okafor"),
    ("b2b-c08", "change",
     [("customer", "hiya, my direct debit comes out on the 1st of the month and it's a nightmare because i get paid "
                   "on the 12th. last month it bounced and i got charged by my bank"),
      ("agent", "I'm really sorry about the bank charge. I can see the collection on the 1st failed and was retried. "
                "If you'd like, I can look at moving the date, but I'd need your confirmation first."),
      ("customer", "let me check with my partner and get back to u")],
     [("customer", "ok partner says yes, the 15th would be best"),
      ("agent", "Lovely, I've moved your direct debit date to the 15th. The first collection on the new date will be "
                "next month, and there won't be a collection on the 1st any more."),
      ("customer", "brill thanks")],
     "1st", "15th"),
    ("b2b-c09", "change",
     [("customer", "wifi calling isnt working on my Galaxy S22, calls drop as soon as i walk into the flat. signal "
                   "indoors is awful"),
      ("agent", "Thanks for the details. Wifi calling on the Galaxy S22 needs a carrier settings update; I've pushed "
                "it to your line now. Restart the phone and turn wifi calling on under Connections."),
      ("customer", "that worked cheers")],
     [("customer", "got an upgrade, im using an iPhone 15 now, the S22 went to my son with his own sim. does wifi "
                   "calling need setting up again?"),
      ("agent", "Nice upgrade! I can see the iPhone 15 on your line now. Wifi calling is supported, just switch it on "
                "in Settings > Phone > Wi-Fi Calling and it'll activate within a few minutes."),
      ("customer", "done, ta")],
     "Galaxy S22", "iPhone 15"),
    ("b2b-c10", "change",
     [("customer", "Can you confirm where invoices are emailed? Our AP team says they never got October's."),
      ("agent", "Of course. Invoices for your account go to accounts@northwind-logistics.com. October's was sent on "
                "the 2nd, I've resent it to the same address just now."),
      ("customer", "found it in spam, thx")],
     [("agent", "Hi, as requested in your ticket I've changed the billing contact on the account. All future invoices "
                "and payment reminders will go to ap@northwindgroup.io instead of the old logistics address."),
      ("customer", "perfect, that's the shared finance inbox after the merger"),
      ("agent", "Great. ap@northwindgroup.io is now the only billing address on file.")],
     "accounts@northwind-logistics.com", "ap@northwindgroup.io"),
    ("b2b-c11", "change",
     [("customer", "Our server room UPS is alarming and nobody from your side has called back. We pay for Bronze "
                   "support, I know that's not 24/7 but it's been four hours!!"),
      ("agent", "I'm sorry for the wait. On Bronze support the response target is next business day, but I've "
                "escalated this and an engineer will call you within the hour."),
      ("customer", "fine")],
     [("agent", "Good morning. Your contract renewal has been processed and I've upgraded the account to Gold support "
                "as agreed with your director, so from today P1 incidents get a one-hour response around the clock."),
      ("customer", "finally. thanks"),
      ("agent", "You're welcome. Gold support is live now, the new on-call number is in the welcome pack.")],
     "Bronze", "Gold"),
    ("b2b-c12", "change",
     [("customer", "hi, I'm not getting my paper bills. billing address should be 1180 Larkspur Ave, Fresno CA 93722"),
      ("agent", "Thanks for checking. I have 1180 Larkspur Ave, Fresno on file, and the last two statements were "
                "mailed there. Would you like me to switch you to paperless as well?"),
      ("customer", "no paper is fine, i'll check with the mail carrier")],
     [("customer", "We moved last weekend. New address is 77 Pine Hollow Dr, Clovis CA 93611. please update billing "
                   "and service both"),
      ("agent", "Congrats on the move! I've updated both your billing and service address to 77 Pine Hollow Dr, "
                "Clovis, and the Larkspur address is removed from the account."),
      ("customer", "thank you so much")],
     "Larkspur Ave", "Pine Hollow"),
    # ---------------------------------------------------------------- traps
    ("b2b-t01", "trap",
     [("customer", "we're on the Professional plan and the API rate limit is killing our integration. 429s all day"),
      ("agent", "Sorry about that. On the Professional plan the limit is 600 requests a minute. I've granted a "
                "temporary burst allowance for 48 hours while your team adds backoff."),
      ("customer", "ok thanks")],
     [("customer", "we're probably going to move to Enterprise once the budget gets signed off in Q2. can you send "
                   "pricing for 80 users? not ready to change anything yet"),
      ("agent", "Absolutely, I've emailed an Enterprise quote for 80 users, valid for 60 days. Your account stays on "
                "its current plan until you tell us otherwise."),
      ("customer", "cheers")],
     "Professional", "Enterprise"),
    ("b2b-t02", "trap",
     [("customer", "hello, i'm on the Green Tracker tariff and my smart meter display has gone blank"),
      ("agent", "Thanks for letting us know. Green Tracker readings are still coming through remotely, so billing "
                "is fine. I'll post you a replacement in-home display."),
      ("customer", "thanks")],
     [("customer", "if I got solar panels fitted next year, would it make sense to go onto the Sun Share export "
                   "tariff? just asking, not doing anything yet, still getting quotes for the panels"),
      ("agent", "Good question. Sun Share pays you for what you export, and you'd need an MCS certificate once the "
                "panels are in. There's nothing to change until then, so just get back to us when they're fitted."),
      ("customer", "ok will do")],
     "Green Tracker", "Sun Share"),
    ("b2b-t03", "trap",
     [("customer", "my bill shows roaming charges but i was in spain and i'm on Unlimited Plus which includes EU "
                   "roaming??"),
      ("agent", "You're right, Unlimited Plus includes roaming in Spain. The charges were added by mistake and I've "
                "refunded them, you'll see the credit on your next bill."),
      ("customer", "good")],
     [("customer", "my brother's just joined you, he went on the Starter 10 plan. can he share my data? his number "
                   "ends 332"),
      ("agent", "Welcome to your brother! Data sharing only works between lines on the same account, and his Starter "
                "10 line is on its own account. He'd need to be added to yours as a family line."),
      ("customer", "ah ok, i'll tell him")],
     "Unlimited Plus", "Starter 10"),
    ("b2b-t04", "trap",
     [("customer", "Hi, water pressure has been very low for two days at 9 Orchard Mews, Bath. Is there work going "
                   "on?"),
      ("agent", "Hello, yes, we're replacing a main nearby. Pressure at 9 Orchard Mews should return to normal by "
                "Friday evening. Sorry for the inconvenience."),
      ("customer", "thanks for letting me know")],
     [("customer", "i'm staying at my mum's at 3 Castle Gate for a couple of weeks while our kitchen gets redone. "
                   "could you text me if anything goes wrong with the supply at home? my address on the account "
                   "stays the same, we're back on the 20th"),
      ("agent", "Of course. I've added a note to text you about any supply issues at the property while you're "
                "away. Nothing changes on the account itself."),
      ("customer", "ta")],
     "Orchard Mews", "Castle Gate"),
    ("b2b-t05", "trap",
     [("customer", "quick one - what's our backup retention? audit is asking"),
      ("agent", "Hi, your managed backup service has 30-day retention for all servers and the Microsoft 365 "
                "tenant. I can send a signed statement for the auditors if that helps."),
      ("customer", "yes pls")],
     [("customer", "what would 90-day retention cost us? is it even possible on our contract?"),
      ("agent", "It is. 90-day retention is an add-on at $2.40 per protected user a month. Shall I put a quote "
                "together? Your current retention stays as it is until you sign anything."),
      ("customer", "send the quote, we'll decide next quarter")],
     "30-day", "90-day"),
    ("b2b-t06", "trap",
     [("customer", "hi, just set up my account. the monthly direct debit is £142, can you tell me when the first one "
                   "comes out?"),
      ("agent", "Welcome aboard! Your first £142 payment will be collected on the 28th, and then monthly after that."),
      ("customer", "ok")],
     [("customer", "I am absolutely FUMING. Why on earth is my direct debit £142 a month when the house is empty "
                   "half the week?? I've sent you readings every single month, I've had three letters saying I'm in "
                   "credit and yet you still take £142 off me like clockwork. It should be more like £90 and you "
                   "know it. I've been a customer for nine years and this is how you treat people."),
      ("agent", "I'm really sorry you've been left feeling like this. Looking at your readings, your usage does "
                "support the current amount over a full year because of the winter months, so it stays at £142 for "
                "now. I've set a review after your next reading and if you're still in credit we'll lower it."),
      ("customer", "we'll see")],
     "£142", "£90"),
    ("b2b-t07", "trap",
     [("customer", "I'm on Postpaid Max, 2 lines. my second line can't send pics"),
      ("agent", "Thanks! MMS was switched off on the second line, probably by the last software update. I've turned "
                "it back on, you may need to restart the phone."),
      ("customer", "works now")],
     [("agent", "Hi, I'm calling about an order on your account to move your lines to the Prepaid 25 plan. Before it "
                "goes through, can you confirm you placed it?"),
      ("customer", "no, I never asked for that. I'm not going to prepaid, cancel it. somebody must have put it on the "
                   "wrong account"),
      ("agent", "Understood, I've cancelled that order and flagged it to the fraud team. Nothing has changed on your "
                "lines.")],
     "Postpaid Max", "Prepaid 25"),
    ("b2b-t08", "trap",
     [("customer", "our office is Level 3, 88 Queen Street, Auckland. when's the engineer coming for the switch "
                   "swap?"),
      ("agent", "Hi, the engineer is booked for Tuesday at 10am at Level 3, 88 Queen Street. He'll bring the "
                "replacement switch with him."),
      ("customer", "ok")],
     [("agent", "Hi, just confirming the site for tomorrow's visit. Is it still Level 3, 88 Queen Street?"),
      ("customer", "yes still Level 3, 88 Queen Street, same as always. engineer just needs the door code which is "
                   "on the ticket"),
      ("agent", "Perfect, thanks. All confirmed for tomorrow.")],
     "88 Queen Street", "88 Queen Street"),
    ("b2b-t09", "trap",
     [("customer", "Can you explain the letter I got? We're on WaterSure and it says our bill is capped, but the "
                   "amount looks higher than last year."),
      ("agent", "Of course. WaterSure caps your bill at the average household charge, and that average rose this "
                "April, so the capped amount went up a little too. You're still paying the capped rate."),
      ("customer", "ok that makes sense")],
     [("customer", "we used to be on the standard metered rate before WaterSure, was that cheaper for a family our "
                   "size? just trying to understand whether the scheme is worth it"),
      ("agent", "On your recent usage the standard metered rate would cost you about £180 more a year, so WaterSure "
                "is definitely working in your favour."),
      ("customer", "good to know, thanks")],
     "WaterSure", "standard metered"),
    ("b2b-t10", "trap",
     [("customer", "on the 15GB sim only plan. how do i check how much data ive got left"),
      ("agent", "You can text BAL to 150, or check the home screen of the app. Right now you've used 9GB of your "
                "15GB this month."),
      ("customer", "thx")],
     [("agent", "Since you've been with us for two years, I can move you onto our 50GB plan for just £2 more a "
                "month. Would you like me to do that today?"),
      ("customer", "no thanks, 15GB does me fine. i'm on wifi most of the day anyway"),
      ("agent", "No problem at all, I've left everything as it is.")],
     "15GB", "50GB"),
    ("b2b-t11", "trap",
     [("customer", "meter reader says we're on Economy 7 but my bill shows one rate??"),
      ("agent", "Thanks for spotting that. You are on Economy 7, but the bill only showed the combined total. I've "
                "requested a re-issued bill with the day and night rates split out."),
      ("customer", "ok good")],
     [("customer", "new email address for the account pls, it's jo.hartley.home@gmail.com. the old one is full of "
                   "spam"),
      ("agent", "Done, I've added jo.hartley.home@gmail.com as the contact email. Your tariff and payments are "
                "unchanged."),
      ("customer", "thanks")],
     "Economy 7", "jo.hartley.home@gmail.com"),
    ("b2b-t12", "trap",
     [("customer", "Hi, we're at 41 Fenwick Street and the fibre has dropped twice this week. Ticket please."),
      ("agent", "I've opened a ticket and run a line test to 41 Fenwick Street. There was a fault at the exchange, "
                "which has been fixed this morning."),
      ("customer", "ok thanks")],
     [("customer", "heads up, we're moving offices on the 1st of March to 5 Dock Lane. keep everything at 41 Fenwick "
                   "Street until then please, I'll ring you once we've got the keys and we can book the move"),
      ("agent", "Thanks for the early notice. I've made a note on the account; nothing changes until you call us to "
                "arrange the move, and we'll need about three weeks' lead time for the new line."),
      ("customer", "understood")],
     "41 Fenwick Street", "5 Dock Lane"),
]

ONE_OFFS = [
    ("b2b-o01", [("customer", "pls resend invoice INV-20931, AP lost it"),
                 ("agent", "Hi, I've resent INV-20931 just now. It can take a few minutes to arrive, and you can "
                           "also download it any time from Billing > Invoices."),
                 ("customer", "got it, thanks")]),
    ("b2b-o02", [("customer", "sim locked after 3 wrong pins, need the PUK code"),
                 ("agent", "No problem. I've sent the PUK code by text to your backup number. Enter it when the phone "
                           "asks and then choose a new PIN. Be careful, ten wrong PUK attempts will block the sim."),
                 ("customer", "in now, cheers")]),
    ("b2b-o03", [("customer", "is there a power cut in BS3?? everything went off 20 mins ago, neighbours too"),
                 ("agent", "Yes, there's a known fault affecting part of BS3. Engineers are on site and the estimated "
                           "restoration time is 4pm. Sorry for the disruption."),
                 ("customer", "ok ta")]),
    ("b2b-o04", [("customer", "water is bubbling up out of the pavement outside the primary school on Wexford Rd, "
                              "been going since this morning"),
                 ("agent", "Thanks for reporting it. I've raised a leak job and a crew should be there within four "
                           "hours. Your reference is LK-55120."),
                 ("customer", "thanks")]),
    ("b2b-o05", [("customer", "locked out of the admin portal after too many tries, can u reset"),
                 ("agent", "Hi, I've unlocked the account and sent a password reset link to your email. The link is "
                           "valid for 30 minutes. Let me know if it doesn't arrive."),
                 ("customer", "all good now")]),
]

START = datetime(2026, 9, 7, 8, tzinfo=UTC)
SECOND = timedelta(days=19)

FAILS_TODAY: dict[str, str] = {
    "b2b-c04": "the first site address (Unit 4 Millbrook, said in a booking request) is not stored; the "
               "correction adds 'lives in Unit 14 ...' as a fresh active fact and closes nothing",
    "b2b-t04": "the supply address at Orchard Mews is not stored",
    "b2b-t05": "the 30-day retention the agent states is not stored",
    "b2b-t06": "the £142 direct debit is not stored",
}

ARCHIVE = CaseArchive(tenant="blind-b2b", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=5,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
