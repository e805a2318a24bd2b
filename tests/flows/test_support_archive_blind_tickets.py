"""A support archive written fresh, in terse ticket and chat-widget style: online retail accounts, airline and rail
loyalty profiles, pharmacy and dental admin, gym and coworking memberships, payroll and HR self-service, and mobile
carriers in Australia, Canada and Ireland.

Each case is one customer's first chat, which states a value plainly (often read off the account screen by the
agent), and a later chat: a change (the old fact must close and the new one stay active as its successor) or a
trap (plans, hypotheticals, someone else's value, a temporary stay, a question about another option, a complaint,
a denial, a restatement, "used to", a declined offer, news about another attribute) that must close nothing. The
one-offs are single requests that leave no active fact.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes -------------------------------------------------------------------------------------------------
    ("tix-c01", "change",
     [("customer", "hi can u check what delivery address u have for me"),
      ("agent", "Hi there, thanks for reaching out. I can see 22 Wattle Crescent, Parramatta NSW 2150 on file as "
                "your delivery address. All your open orders are going there."),
      ("customer", "yep thats me thx")],
     [("customer", "i moved to 9 banksia lane penrith last weekend, pls update my adress before the next order "
                   "ships"),
      ("agent", "Congrats on the move! I've changed your delivery address to 9 Banksia Lane, Penrith NSW 2750. "
                "Wattle Crescent is no longer on the account, so the order shipping friday will go to Banksia Lane."),
      ("customer", "legend cheers")],
     "Wattle Crescent", "Banksia Lane"),
    ("tix-c02", "change",
     [("customer", "what tier am i on for aeroplan"),
      ("agent", "Good morning. Looking at your loyalty profile I can see you're at Silver status on file, with "
                "31,200 qualifying points this year. Silver gets you priority check-in and one free bag."),
      ("customer", "ok")],
     [("customer", "flew a lot this year did my status go up yet"),
      ("agent", "It did! You crossed the threshold on your Calgary flight, so I've moved your profile from Silver "
                "up to Gold status. Gold is effective today and your new card will be mailed within 10 days."),
      ("customer", "niceee")],
     "Silver", "Gold"),
    ("tix-c03", "change",
     [("customer", "whats my current plan, bill looks high"),
      ("agent", "Hi, thanks for getting in touch. You're on the Flex 20 plan at €20 a month, and this month there "
                "were some roaming charges from your trip to France which pushed it up. I can send a breakdown."),
      ("customer", "ah right no thats fine")],
     [("customer", "want a plan with more data, whats the unlimited one"),
      ("agent", "That would be Unlimited 45 at €45 a month with unlimited data and 30GB of EU roaming. I've gone "
                "ahead and made the change as you asked, so from next bill you're on Unlimited 45 instead of Flex "
                "20. You'll get a text confirming it."),
      ("customer", "grand thanks")],
     "Flex 20", "Unlimited 45"),
    ("tix-c04", "change",
     [("customer", "payment failed?? which card is it trying"),
      ("agent", "Sorry about that. I can see a Visa ending 4417 on file, and the bank declined the charge last "
                "night, probably an expiry issue. If you want to update it let me know."),
      ("customer", "ill sort it")],
     [("customer", "the new card arrived, the old one's cut up. its a visa ending 8820 exp 09/29 can u put that on"),
      ("agent", "No worries. I've replaced the old card with the Visa ending 8820 and retried the payment, which "
                "went through just now. The 4417 card has been removed from your account."),
      ("customer", "ty")],
     "4417", "8820"),
    ("tix-c05", "change",
     [("customer", "need my metformin repeat, 500mg twice a day"),
      ("agent", "Hi, I can see your metformin 500mg twice daily on file with the repeat prescription from Dr "
                "Walsh. I've queued the repeat and it'll be ready for collection tomorrow after 2pm."),
      ("customer", "thanks")],
     [("customer", "my dose changed, its 1000mg twice a day now, dr walsh upped it at my review"),
      ("agent", "Thanks for letting us know. I've got the new script from Dr Walsh here and I've updated your "
                "record so your metformin is now 1000mg twice daily. The old 500mg entry is closed off so we "
                "won't dispense the old strength."),
      ("customer", "perfect")],
     "500", "1000"),
    ("tix-c06", "change",
     [("customer", "can i book the 6am pump class"),
      ("agent", "Hey! I can see your home club is Richmond on file, and the 6am Pump there has spots left on "
                "wednesday. I've booked you in."),
      ("customer", "cool")],
     [("customer", "moved house so richmond is too far now, can u make fitzroy my home club"),
      ("agent", "Easy done. I've changed your home club from Richmond to Fitzroy, effective today, so your "
                "locker and class bookings will default to Fitzroy from now on."),
      ("customer", "thx")],
     "Richmond", "Fitzroy"),
    ("tix-c07", "change",
     [("customer", "which super fund are my contributions going to"),
      ("agent", "Hi, from your payroll profile your superannuation is paid to AustralianSuper, member number ending "
                "7731. Contributions go in with each fortnightly pay run."),
      ("customer", "k")],
     [("customer", "ive rolled everything over to hostplus, here's the choice form and member no 55102948"),
      ("agent", "Thanks, got the form. I've updated your super fund to Hostplus with member number 55102948, so "
                "from the next pay run your contributions go to Hostplus rather than AustralianSuper."),
      ("customer", "great thanks")],
     "AustralianSuper", "Hostplus"),
    ("tix-c08", "change",
     [("customer", "hi need a checkup booked"),
      ("agent", "Hi, I can see Dr Okafor as your regular dentist on file. Dr Okafor has an opening on the 14th at "
                "10:30, shall I take it? I've pencilled it in."),
      ("customer", "yes pls")],
     [("customer", "heard dr okafor retired?? put me with dr lindqvist from now on please, my sister sees her"),
      ("agent", "Yes, Dr Okafor retired at the end of last month. I've set Dr Lindqvist as your regular dentist "
                "now, so all your future recalls and checkups will be booked with her."),
      ("customer", "thank u")],
     "Okafor", "Lindqvist"),
    ("tix-c09", "change",
     [("customer", "when does my membership renew"),
      ("agent", "Hi! You're on the Hot Desk membership at $390 a month, and it renews on the 1st. I can see the "
                "card on file is all good for the next charge."),
      ("customer", "sweet")],
     [("customer", "team's grown, we need our own room. can we go to a private office"),
      ("agent", "Love to hear it. I've switched you to the Private Office membership, room 3.08 on level three, "
                "starting monday. The Hot Desk membership ends this sunday so you won't be charged twice."),
      ("customer", "amazing")],
     "Hot Desk", "Private Office"),
    ("tix-c10", "change",
     [("customer", "not getting any emails about my via rail bookings"),
      ("agent", "Sorry about that. I can see jen.t@outlook.com on file as your contact email, and the last few "
                "confirmations were sent there. Could they be in your junk folder?"),
      ("customer", "ya found them in junk")],
     [("customer", "still not recieving any booking emails"),
      ("agent", "Sorry Jen. They're going to jen.t@outlook.com, the address I can see on file."),
      ("customer", "no, its jtran88@gmail.com, stopped using outlook ages ago"),
      ("agent", "Thanks Jen. I've updated your contact email to jtran88@gmail.com and sent a test message there. "
                "The Outlook address has been removed, so booking confirmations will go to Gmail from now on.")],
     "jen.t@outlook.com", "jtran88@gmail.com"),
    ("tix-c11", "change",
     [("customer", "how much data do i get a month"),
      ("agent", "Hi, your plan gives you 50GB of data a month, and you've used 12GB so far this cycle. It resets "
                "on the 18th."),
      ("customer", "ok")],
     [("customer", "i never use 50 so drop me to the 20GB plan to save a few bucks"),
      ("agent", "Sure thing. I've moved you down to the 20GB plan at $35 a month, which saves you $15. The change "
                "takes effect from your next billing cycle on the 18th."),
      ("customer", "cheers")],
     "50GB", "20GB"),
    ("tix-c12", "change",
     [("customer", "can u send my prescription list to my gp"),
      ("agent", "Hi, of course. I can see your GP is Dr Hannah Moyo at Claremont Medical Centre on file. I've "
                "faxed the list over to her practice this morning."),
      ("customer", "thanks a mil")],
     [("customer", "im not with dr moyo anymore, changed to dr anil patel at swanbourne family practice"),
      ("agent", "No problem. I've updated your GP to Dr Anil Patel at Swanbourne Family Practice, so any scripts "
                "and reports will go to him from now on."),
      ("customer", "thx")],
     "Moyo", "Patel"),
    # --- traps ---------------------------------------------------------------------------------------------------
    ("tix-t01", "trap",
     [("customer", "update home airport pls i live in dublin now"),
      ("agent", "Hi, I've set your home airport to Dublin on your profile, so fare alerts will start from Dublin "
                "from now on."),
      ("customer", "ta")],
     [("customer", "we might move to galway next spring, would i need to change my home airport then"),
      ("agent", "Only once you've actually moved. Nothing changes until then, and your home airport stays as "
                "Dublin. When you're settled just pop in a ticket and we'll update it."),
      ("customer", "ok will do")],
     "Dublin", "Galway"),
    ("tix-t02", "trap",
     [("customer", "what plan am i on"),
      ("agent", "Hi there, you're on Essentials 30 at $30 a month with 15GB of data. You've been on it since "
                "march."),
      ("customer", "k thx")],
     [("customer", "what if i went to the 5G Max plan, how much would it be"),
      ("agent", "5G Max is $65 a month with 150GB of data and international calls to 20 countries. If you "
                "switched you'd lose your loyalty discount though. I haven't changed anything, you're still on "
                "Essentials 30, so just let me know if you want to go ahead."),
      ("customer", "nah too pricey, just curious")],
     "Essentials 30", "5G Max"),
    ("tix-t03", "trap",
     [("customer", "book me into saturday yoga at my club"),
      ("agent", "Hi! Your home club is Coogee and I've booked you into the 9am yoga there on saturday."),
      ("customer", "thx")],
     [("customer", "my partner's home club is bondi, can i bring her as a guest to coogee"),
      ("agent", "Absolutely. Guests from other clubs are welcome, so she can come along on your guest pass. "
                "Your own home club is still Coogee and her membership stays with Bondi."),
      ("customer", "perfect")],
     "Coogee", "Bondi"),
    ("tix-t04", "trap",
     [("customer", "where do my orders go"),
      ("agent", "Hi, your default delivery address on file is 57 Maple Drive, Mississauga ON L5B 2C9."),
      ("customer", "yep correct")],
     [("customer", "staying at my mums for two weeks while the floors get done, 4 elm grove oakville. can just "
                   "this one order go there"),
      ("agent", "No problem. I've sent this order to 4 Elm Grove, Oakville as a one-time delivery. Your default "
                "address stays 57 Maple Drive, so everything after this will go home as usual."),
      ("customer", "great")],
     "Maple Drive", "Elm Grove"),
    ("tix-t05", "trap",
     [("customer", "whats covered on my dental plan"),
      ("agent", "Hi, you're on the Smile Essentials plan, which covers two checkups and cleans a year plus "
                "x-rays. Fillings are covered at 50%."),
      ("customer", "ok ta")],
     [("customer", "does smile complete include orthodontics? my daughter might need braces"),
      ("agent", "Smile Complete does cover orthodontics up to $2,500 after a 12 month waiting period. You're "
                "currently on Smile Essentials, which doesn't. I haven't made any changes, let me know if you'd "
                "like a quote."),
      ("customer", "ill think about it")],
     "Smile Essentials", "Smile Complete"),
    ("tix-t06", "trap",
     [("customer", "when is payday"),
      ("agent", "Hi, you're paid fortnightly, every second thursday. The next pay date is the 12th."),
      ("customer", "ok")],
     [("customer", "honestly fortnightly pay is a joke. every other place ive worked paid weekly and i have rent "
                   "due every week, so i'm constantly short and having to move money around and pay fees. i've "
                   "raised this with my manager twice and nobody does anything. why can't you just pay me weekly "
                   "like a normal company"),
      ("agent", "I'm really sorry, I understand how frustrating that is. Pay frequency is set company-wide by the "
                "employer, so payroll can't change it for one person, and you'll stay on fortnightly pay. I can "
                "pass your feedback on to HR and send you info about the pay advance scheme if that helps."),
      ("customer", "whatever send it")],
     "fortnightly", "weekly"),
    ("tix-t07", "trap",
     [("customer", "need my via rail preference points statement"),
      ("agent", "Hi, I've emailed your statement. I can see your mailing address is in Regina, Saskatchewan on "
                "file, 1420 Albert Street."),
      ("customer", "thats right")],
     [("customer", "got an email saying my address changed to winnipeg?? wtf"),
      ("agent", "Sorry for the alarm. Just to check, did you change your address to Winnipeg recently?"),
      ("customer", "no i didnt, never moved, still at 1420 albert st regina. someone else must have done it"),
      ("agent", "Understood. I've reverted that and locked the profile, your address stays 1420 Albert Street, "
                "Regina. I'd also reset your password just in case.")],
     "Regina", "Winnipeg"),
    ("tix-t08", "trap",
     [("customer", "repeat for my atorvastatin pls, 20mg at night"),
      ("agent", "Hi, I can see atorvastatin 20mg at night on file. I've got the repeat ready, you can pick it "
                "up from 3pm."),
      ("customer", "ta")],
     [("customer", "another repeat please, still on atorvastatin 20mg same as always"),
      ("agent", "No problem, same dose as before, atorvastatin 20mg at night. Ready for pickup this afternoon."),
      ("customer", "thx")],
     "atorvastatin", "atorvastatin"),
    ("tix-t09", "trap",
     [("customer", "can i get a locker at my space"),
      ("agent", "Hi, your membership is at our Pyrmont space, and there's a locker free on level 2. I've assigned "
                "locker 214 to you."),
      ("customer", "ty")],
     [("customer", "fyi i used to be at the surry hills space before i joined here, does that get me any discount"),
      ("agent", "Thanks for being a returning member! Unfortunately the old Surry Hills membership doesn't carry "
                "over a discount, but your current membership at Pyrmont has a referral credit you can use."),
      ("customer", "fair enough")],
     "Pyrmont", "Surry Hills"),
    ("tix-t10", "trap",
     [("customer", "my iphone 13 wont connect to 5g"),
      ("agent", "Hi, sorry about that. I can see an iPhone 13 registered on your account. Try toggling 5G Auto "
                "in settings and restarting, that usually fixes it."),
      ("customer", "worked")],
     [("customer", "why am i getting texts about upgrades"),
      ("agent", "You're eligible for an upgrade. We can put you on a Galaxy S24 for $0 upfront with your current "
                "plan, would you like that?"),
      ("customer", "nah im happy with my iphone 13 thanks, stop texting me"),
      ("agent", "No worries, I've opted you out of upgrade messages. Your iPhone 13 stays on the account.")],
     "iPhone 13", "Galaxy S24"),
    ("tix-t11", "trap",
     [("customer", "which card do i pay with"),
      ("agent", "Hi, you pay with a Mastercard ending 3391 on file. It's set as the default for all orders."),
      ("customer", "ok good")],
     [("customer", "new mobile number is 0412 555 019, the old one got ported out"),
      ("agent", "Thanks! I've updated your mobile number to 0412 555 019 for delivery texts. Your payment "
                "details are unchanged."),
      ("customer", "cheers")],
     "3391", "0412 555 019"),
    ("tix-t12", "trap",
     [("customer", "hi whats my membership type"),
      ("agent", "Hi, you're on a monthly membership at €49 a month, no lock-in, billed on the 3rd."),
      ("customer", "ok")],
     [("customer", "i might go annual when my contract at work is renewed in march, is it cheaper"),
      ("agent", "Annual works out at €450, so about €138 cheaper over the year. For now you stay on the monthly "
                "membership, and you can switch whenever you're ready."),
      ("customer", "ok maybe in march")],
     "monthly", "annual"),
]

ONE_OFFS = [
    ("tix-o01",
     [("customer", "wheres my parcel order 88213"),
      ("agent", "Hi, order 88213 left the Brisbane warehouse yesterday and tracking shows it arriving thursday. "
                "You'll get a text on the day."),
      ("customer", "ok ty")]),
    ("tix-o02",
     [("customer", "can u resend last payslip, cant find the pdf"),
      ("agent", "Sure, I've resent your payslip for the last pay run to your work inbox. It should arrive in a "
                "few minutes."),
      ("customer", "got it")]),
    ("tix-o03",
     [("customer", "locked out of app reset password pls"),
      ("agent", "I've sent a password reset link to the email on the account. It's valid for 30 minutes."),
      ("customer", "done thx")]),
    ("tix-o04",
     [("customer", "whats the wifi password today at the space"),
      ("agent", "Hi! Today's guest wifi password is on the screen at reception, it's Kookaburra-77 until "
                "midnight."),
      ("customer", "ta")]),
    ("tix-o05",
     [("customer", "is the pharmacy open easter monday"),
      ("agent", "Hi, yes, we're open 10am to 4pm on Easter Monday. Prescriptions can be collected as usual."),
      ("customer", "thanks")]),
]

START = datetime(2026, 5, 11, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "tix-c07": "no super fund is stored in either conversation (AustralianSuper or Hostplus)",
    "tix-c11": "the 50GB allowance ('your plan gives you 50GB of data a month') is not stored; the 20GB plan is added "
               "with nothing to close",
    "tix-t06": "the fortnightly pay frequency is not stored",
    "tix-t07": "the mailing address in Regina (1420 Albert Street) is not stored",
}

ARCHIVE = CaseArchive(tenant="blind-tickets", start=START, later_by=SECOND, turn_gap_s=35, one_offs_on_day=4,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
