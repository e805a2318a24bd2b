"""A B2B software, home services, mortgage, pension, mobile network, meal kit, pharmacy delivery, library, parcel locker
and coworking support archive, written by a tester who had read no product code: each customer has two chats a month
apart; a change, a trap that only looks like one, or a one-off request."""

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
        "sh-c01",
        "change",
        [
            ("customer", "Hi, we're adding a couple of people next week. Can you remind me what we're paying for "
                         "right now? Workspace is northbeam-studio."),
            ("agent", "Of course. northbeam-studio is on the Team plan, billed annually, with 18 of 20 seats in "
                      "use. Renewal date is 14 March."),
            ("customer", "Great, that's enough headroom for now. Thanks."),
        ],
        [
            ("customer", "Hello again - we've signed off the upgrade internally. Can you move northbeam-studio to "
                         "the Business plan from today? We need the audit log."),
            ("agent", "Done. northbeam-studio is now on the Business plan, prorated against your annual term. The "
                      "difference will show on your next invoice and audit logs are live under Settings > Security."),
            ("customer", "Perfect, cheers."),
        ],
        "Team plan",
        "Business plan",
    ),
    (
        "sh-c02",
        "change",
        [
            ("customer", "Dear Support,\n\nPlease could you confirm which address receives our invoices? Our "
                         "account is Harrowfield Joinery Ltd (workspace ID HJ-20417).\n\nKind regards,\nMarian "
                         "Okafor\nOffice Manager, Harrowfield Joinery Ltd"),
            ("agent", "Hi Marian, invoices for HJ-20417 currently go to the billing contact "
                      "accounts@harrowfield-joinery.co.uk. Let me know if that ever needs updating."),
            ("customer", "Thank you, that's correct.\n\nMarian"),
        ],
        [
            ("customer", "Dear Support,\n\nFurther to our finance restructure, please update our billing contact to "
                         "ledger@harrowfield-joinery.co.uk with immediate effect. The old mailbox will be closed at "
                         "the end of the month.\n\nKind regards,\nMarian Okafor\nOffice Manager, Harrowfield Joinery "
                         "Ltd"),
            ("agent", "Hi Marian, thanks for letting us know. I've updated the billing contact for HJ-20417:\n\nOld "
                      "-> New: accounts@harrowfield-joinery.co.uk -> ledger@harrowfield-joinery.co.uk\n\nThe next "
                      "invoice (due 1 January) will go to the new address."),
        ],
        "accounts@harrowfield-joinery.co.uk",
        "ledger@harrowfield-joinery.co.uk",
    ),
    (
        "sh-c03",
        "change",
        [
            ("customer", "hi is my cleaner still coming tmrw? cant remeber if its this week or next"),
            ("agent", "Hi Dani! Your regular clean with Agnieszka is every other Tuesday, 10am-1pm, so yes, she's "
                      "due tomorrow."),
            ("customer", "gr8 thx"),
        ],
        [
            ("customer", "hey can we switch my cleans to every thursday pls, tues dont work anymore w my new job. "
                         "same cleaner if poss"),
            ("agent", "No problem! Agnieszka has Thursday mornings free, so I've moved you to every Thursday, "
                      "10am-1pm, starting on the 3rd. Your Tuesday slot is cancelled."),
            ("customer", "amazing ty"),
        ],
        "every other Tuesday",
        "every Thursday",
    ),
    (
        "sh-c04",
        "change",
        [
            ("agent", "Thank you for calling Meridian Pensions, you're speaking with Callum. Can I take your member "
                      "number?"),
            ("customer", "Yeah, um, it's M-448-2091. I just wanted to, er, check what I'm putting in at the moment."),
            ("agent", "Thanks Mr Adeyemi. So, I can see you're contributing 5% of your salary and your employer "
                      "matches that."),
            ("customer", "Right, okay. Er, that's fine, I just wanted to know. Thanks."),
        ],
        [
            ("customer", "Hi, um, it's Tunde Adeyemi again, member number M-448-2091. I've had a pay rise so I'd "
                         "like to, er, bump my contribution up."),
            ("agent", "Lovely, congratulations. What would you like it set to?"),
            ("customer", "Let's go... 8%. Yeah, 8%."),
            ("agent", "Okay, just reading that back: your personal contribution goes up to 8% of salary, effective "
                      "from your December payroll. Your employer's match stays where it is, as that's their maximum. "
                      "Is that right?"),
            ("customer", "Yep, that's it."),
        ],
        "5%",
        "8%",
    ),
    (
        "sh-c05",
        "change",
        [
            ("customer", "Hello, I'm checking my monthly mortgage payment is going out of the right account. "
                         "Mortgage ref 7730-118-42."),
            ("agent", "Hi Mrs Pellegrini, I can confirm your direct debit of £1,186.40 is collected on the 1st from "
                      "the account ending 4471, sort code 20-45-77."),
            ("customer", "Yes that's my Barclays one, thanks."),
        ],
        [
            ("customer", "Hi, I've switched banks and want the mortgage to come out of my new account. Mortgage ref "
                         "7730-118-42. Sort code 09-01-28, account number 31849032."),
            ("agent", "Thanks Mrs Pellegrini. Reading that back: sort code 09-01-28, account ending 9032, in the "
                      "name of Lucia Pellegrini. Is that correct?"),
            ("customer", "Correct."),
            ("agent", "Done - your direct debit will be collected from the account ending 9032 from the 1st of next "
                      "month. You'll get a confirmation letter within 5 working days."),
        ],
        "ending 4471",
        "ending 9032",
    ),
    (
        "sh-c06",
        "change",
        [
            ("customer", "hi what plan am i on?? keep getting data warnings"),
            ("agent", "Hi Rhys, you're on our 20GB SIM Only plan at £12 a month, and you've used 17.8GB so far this "
                      "cycle."),
            ("customer", "ah ok that explains it"),
        ],
        [
            ("customer", "right had enough of running out, can u put me on the unlimited one"),
            ("agent", "Sure thing Rhys. I've moved you to Unlimited SIM Only at £22 a month. It takes effect "
                      "straight away, so no more warnings this cycle."),
            ("customer", "sound, ta"),
        ],
        "20GB SIM Only",
        "Unlimited SIM Only",
    ),
    (
        "sh-c07",
        "change",
        [
            ("customer", "Hello, I want to check my box. It is for 2 persons, yes? Sometimes I see not enough food."),
            ("agent", "Hi Mei! Yes, you're currently on the 2-person box, 3 recipes a week, delivered on Mondays."),
            ("customer", "OK thank you, I think is my husband eating too much haha."),
        ],
        [
            ("customer", "Hello again. My parents come to live with us now, so please I need bigger box. Can you "
                         "change to 4-person box from next week?"),
            ("agent", "How lovely! I've changed your plan to the 4-person box, still 3 recipes on Mondays. The new "
                      "price is £68.99 per week and it starts with the delivery on the 14th."),
            ("customer", "Thank you very much!"),
        ],
        "2-person box",
        "4-person box",
    ),
    (
        "sh-c08",
        "change",
        [
            ("customer", "Where is my default locker set to? I forgot which one I picked"),
            ("agent", "Your default collection point is the locker at Tesco Extra, Brindley Road (locker bank "
                      "BR-12)."),
            ("customer", "ok cool"),
        ],
        [
            ("customer", "Hi, Brindley Road is too far now that I've moved. Could you change my default locker to "
                         "the one at Morrisons, Canal Street?"),
            ("agent", "Done! Your default locker is now Morrisons, Canal Street (bank CS-04). Parcels already in "
                      "transit will still go to Brindley Road; anything new from today goes to Canal Street."),
        ],
        "Tesco Extra, Brindley Road",
        "Morrisons, Canal Street",
    ),
    (
        "sh-c09",
        "change",
        [
            ("customer", "Hi, just checking you have my address right for the repeat prescription delivery - 14 "
                         "Aldwych Close, Hexham, NE46 2QT?"),
            ("agent", "Yes, that's what we have on file: 14 Aldwych Close, Hexham, NE46 2QT. Your next delivery is "
                      "scheduled for the 9th."),
        ],
        [
            ("customer", "Hello, I've moved house. Please send my prescriptions to Flat 3, 88 Penrose Street, "
                         "Hexham, NE46 1LA from now on."),
            ("agent", "Thanks for letting us know, Mr Dodd. I've updated your delivery address:\n- Old: 14 Aldwych "
                      "Close, Hexham, NE46 2QT\n- New: Flat 3, 88 Penrose Street, Hexham, NE46 1LA\nYour next "
                      "delivery on the 7th will go to the new address. We'll need a signature on arrival as usual."),
            ("customer", "Brilliant thank you"),
        ],
        "14 Aldwych Close",
        "Flat 3, 88 Penrose Street",
    ),
    (
        "sh-c10",
        "change",
        [
            ("customer", "Our IT team asked which identity provider is wired into our workspace - can you confirm? "
                         "Workspace: quillpoint-legal"),
            ("agent", "quillpoint-legal has SAML SSO enabled with Okta as the identity provider, enforced for all "
                      "members except the two workspace owners."),
            ("customer", "Thanks, that matches our notes."),
        ],
        [
            ("customer", "Hi - we've completed our migration off Okta. Please switch quillpoint-legal's SSO to "
                         "Microsoft Entra ID. Metadata XML attached."),
            ("agent", "Thanks! I've imported the metadata and tested the connection - all good. Summary of the "
                      "change:\n• SSO provider: Okta -> Microsoft Entra ID\n• Enforcement: unchanged (all members "
                      "except owners)\n• Existing sessions: expire within 24h, then users re-authenticate via "
                      "Entra\nLet me know if anyone gets locked out."),
            ("customer", "Great, thanks for the quick turnaround."),
        ],
        "Okta",
        "Microsoft Entra ID",
    ),
    (
        "sh-c11",
        "change",
        [
            ("customer", "Hi, quick one - does my membership include the phone booths or do I pay extra?"),
            ("agent", "Hi Priya, you're on the Hot Desk membership (£180/month), which includes phone booths on a "
                      "first-come basis and 4 hours of meeting rooms per month."),
            ("customer", "Perfect, thanks"),
        ],
        [
            ("customer", "Hey! I'm in every day now so I'd like to upgrade to a dedicated desk if there's one free "
                         "on the 2nd floor?"),
            ("agent", "There is! Desk 2.14 by the window. I've switched you from Hot Desk to Dedicated Desk at "
                      "£295/month starting Monday, and you can pick up a locker key at reception."),
            ("customer", "Yay, thank you!"),
        ],
        "Hot Desk",
        "Dedicated Desk",
    ),
    (
        "sh-c12",
        "change",
        [
            ("customer", "hiya, where do my reservations get sent to? i reserved a book and dont know where to pick "
                         "it up"),
            ("agent", "Hello! Your home branch is Westbury Library, so reservations arrive there unless you choose "
                      "otherwise. We'll text you when it's ready."),
        ],
        [
            ("customer", "Hello, Kingsmead is much closer to my new flat. Could you change my home branch to "
                         "Kingsmead Library please? Card number 2100 4418 7735."),
            ("agent", "All done - your home branch is now Kingsmead Library, so new reservations will be sent "
                      "there. The one already waiting at Westbury will be held for another 7 days."),
            ("customer", "great thanks"),
        ],
        "Westbury Library",
        "Kingsmead Library",
    ),
    (
        "sh-t01",
        "trap",
        [
            ("customer", "Morning, how many seats do we have? Workspace: tallow-and-finch"),
            ("agent", "Morning! tallow-and-finch is on the Pro plan with 12 seats, monthly billing at £14 per seat."),
            ("customer", "Ta."),
        ],
        [
            ("customer", "Just out of curiosity, what would the Enterprise plan cost us for 12 seats? Not planning "
                         "to move, our CFO just asked."),
            ("agent", "Enterprise is quoted individually, but for 12 seats it typically comes to around £38 per "
                      "seat per month on an annual contract. I can send a formal quote - it wouldn't change your "
                      "current subscription."),
            ("customer", "No quote for now, I'll pass the number on. We're staying as we are."),
        ],
        "Pro plan",
        "Enterprise plan",
    ),
    (
        "sh-t02",
        "trap",
        [
            ("customer", "Hello, could you confirm the day my cleaner comes? Is it still Wednesday?"),
            ("agent", "Hi Mrs Hartley, yes - your weekly clean is every Wednesday, 9am to 12pm, with Joanne."),
        ],
        [
            ("customer", "Hi, we're away next week, could Joanne come on the Friday instead, just that once? Then "
                         "back to normal after."),
            ("agent", "Of course. I've moved next week's clean to Friday 11th, 9am-12pm, as a one-off. From the "
                      "week after it goes back to your usual Wednesday slot."),
            ("customer", "Lovely, thanks."),
        ],
        "every Wednesday",
        "Friday 11th",
    ),
    (
        "sh-t03",
        "trap",
        [
            ("customer", "Dear Sir or Madam,\n\nCould you please confirm my current contribution rate? Member "
                         "number P-77310.\n\nYours faithfully,\nGraham Whitlock"),
            ("agent", "Dear Mr Whitlock,\n\nThank you for your email. Your current personal contribution rate is 6% "
                      "of pensionable salary, with an employer contribution of 4%.\n\nKind regards,\nSophie, Member "
                      "Services"),
        ],
        [
            ("customer", "Dear Sophie,\n\nA colleague of mine has just increased his contribution to 12% and "
                         "suggested I do the same. Before I decide anything, could you tell me how the tax relief "
                         "would work at that level? Please do not make any changes to my account at this "
                         "stage.\n\nYours sincerely,\nGraham Whitlock"),
            ("agent", "Dear Mr Whitlock,\n\nBasic-rate relief is added automatically; any higher-rate relief would "
                      "be claimed through self assessment. I've noted on file that no change has been requested, so "
                      "your rate remains as it is.\n\nKind regards,\nSophie"),
        ],
        "6%",
        "12%",
    ),
    (
        "sh-t04",
        "trap",
        [
            ("customer", "hi can u confirm the number on my account, need it for a form"),
            ("agent", "Hi Jordan, the number on your account is 07700 900412."),
            ("customer", "thx"),
        ],
        [
            ("customer", "hiya my mum got a new sim from u lot, her number is 07700 900873 now. can she go on my "
                         "account? she pays her own bill tho"),
            ("agent", "Hi Jordan - as your mum pays her own bill she'd stay on her own account, but she can join a "
                      "Family Share group with you. Your own number, 07700 900412, isn't affected either way. Want me "
                      "to text her the invite?"),
            ("customer", "ye go on"),
        ],
        "07700 900412",
        "07700 900873",
    ),
    (
        "sh-t05",
        "trap",
        [
            ("customer", "Hello, can you tell me what rate I'm on and when the fixed period ends? Ref 5521-907-13."),
            ("agent", "Certainly. You're on a 5-year fixed rate of 4.19%, which ends on 31 August 2028. After that "
                      "you'd move to our standard variable rate unless you switch."),
        ],
        [
            ("agent", "Good morning, Harbourside Mortgages, Dev speaking. How can I help?"),
            ("customer", "Hi, er, yes, I saw an advert for a 3.89% fix and I was wondering, um, could I get that?"),
            ("agent", "So, switching now, with your deal running until 2028, would mean an early repayment charge "
                      "of about 3% of the balance."),
            ("customer", "Oh. Right, no, that's... that's not worth it. I'll leave it as it is then."),
        ],
        "4.19%",
        "3.89%",
    ),
    (
        "sh-t06",
        "trap",
        [
            ("customer", "hi can u make sure no meat in my box this week, last time had chicken in one"),
            ("agent", "So sorry about that, Oliver! Your account is set to vegetarian, so that shouldn't have "
                      "happened. I've flagged the packing error and added a £10 credit."),
        ],
        [
            ("customer", "saw the email about trying pescatarian for a week free. what recipes r in it?"),
            ("agent", "This week it's miso salmon, prawn linguine and cod katsu. Want me to switch your next box to "
                      "the pescatarian trial?"),
            ("customer", "nah actually think ill stick with veggie. thanks tho"),
            ("agent", "No problem, your next box stays as it is."),
        ],
        "vegetarian",
        "pescatarian",
    ),
    (
        "sh-t07",
        "trap",
        [
            ("customer", "Can you remind me which locker I'm set up to collect from?"),
            ("agent", "Your default locker is Northgate Station, bank NG-03, open 24/7."),
        ],
        [
            ("customer", "Northgate Station locker is full AGAIN and my parcel got bounced. Third time this month. "
                         "Can you send it somewhere else??"),
            ("agent", "I'm really sorry. I've redirected this parcel (tracking PL8839201GB) to the Fishergate "
                      "locker, ready from 4pm today. Your default stays Northgate Station - I've also raised a "
                      "capacity complaint with the site team."),
            ("customer", "fine. thanks."),
        ],
        "Northgate Station",
        "Fishergate",
    ),
    (
        "sh-t08",
        "trap",
        [
            ("customer", "Hi, what's included with my dedicated desk again? Do I get mail handling?"),
            ("agent", "Hi Tom, yes - your Dedicated Desk membership includes mail handling, a lockable pedestal and "
                      "8 meeting room hours per month."),
        ],
        [
            ("customer", "Hey, random question. When I was on the private office last year I had a key fob for the "
                         "back entrance. Can I get one again with my current membership?"),
            ("agent", "Hi Tom - back-entrance fobs are for private office members only, I'm afraid. When you moved "
                      "down to your current desk back in March that fob was deactivated. Anything else I can help "
                      "with?"),
            ("customer", "Ah fair enough, no worries."),
        ],
        "Dedicated Desk",
        "private office",
    ),
    (
        "sh-t09",
        "trap",
        [
            ("customer", "Hi, who's listed as the billing contact on lumenforge?"),
            ("agent", "The billing contact for lumenforge is billing@lumenforge.io, and invoices go out on the 1st "
                      "of each month."),
        ],
        [
            ("customer", "Hi, there's a pending request on our account to change the billing contact to "
                         "ap@lumenforge.io - please DON'T action it. An intern submitted it by mistake, the current "
                         "one is still correct."),
            ("agent", "Thanks for catching that. I've cancelled the pending change request, so invoices will keep "
                      "going to billing@lumenforge.io."),
        ],
        "billing@lumenforge.io",
        "ap@lumenforge.io",
    ),
    (
        "sh-t10",
        "trap",
        [
            ("agent", "Hi, thanks for calling WarmHome Cover. Can I take your postcode?"),
            ("customer", "Yeah, it's BS7 9QR. I just, um, wanted to know when my boiler service is due."),
            ("agent", "Thanks. Your annual boiler service is booked every March - the next one is 12 March, morning "
                      "slot."),
        ],
        [
            ("customer", "Hiya, I was thinking of moving my boiler service to October so it's done before winter. "
                         "Is that possible?"),
            ("agent", "It is, but moving it would restart your cover year and you'd lose the free repair visit "
                      "you've got left. Would you still like to go ahead?"),
            ("customer", "Hmm, no, in that case leave it where it is. Not worth losing the visit."),
            ("agent", "No problem, it stays as is - 12 March."),
        ],
        "every March",
        "October",
    ),
    (
        "sh-t11",
        "trap",
        [
            ("customer", "Hello, please confirm where my prescriptions get delivered. I'm away a lot so I want to "
                         "be sure."),
            ("agent", "Hi Ms Nwosu, deliveries go to 7 Kestrel Way, Didcot, OX11 8RP, and can be left with your "
                      "neighbour at number 9 if you're out."),
        ],
        [
            ("customer", "Hi, my mum is moving into Flat 12, Beacon Court next week. She also gets her medication "
                         "from you - does she need to update her address herself or can I do it for her?"),
            ("agent", "She'll need to update it herself, or give us verbal consent on a call, since it's her "
                      "account. Your own deliveries carry on to 7 Kestrel Way as normal."),
            ("customer", "OK, I'll get her to ring you."),
        ],
        "7 Kestrel Way",
        "Flat 12, Beacon Court",
    ),
    (
        "sh-t12",
        "trap",
        [
            ("customer", "How many seats are we paying for? Company: Brightwater Analytics"),
            ("agent", "Brightwater Analytics has 40 seats on the annual Growth plan, all assigned."),
        ],
        [
            ("customer", "Dear team,\n\nOur November invoice charges us for 45 seats. We have not added anyone - we "
                         "still have the same 40 users. Please correct this.\n\nRegards,\nNadia Ferreira\nHead of "
                         "Operations, Brightwater Analytics"),
            ("agent", "Hi Nadia, you're right - a sync error briefly counted five deactivated accounts. Your seat "
                      "count is unchanged and I've issued a corrected invoice with a credit note for the difference. "
                      "Apologies for the hassle."),
        ],
        "40 seats",
        "45 seats",
    ),
]

ONE_OFFS = [
    (
        "sh-o01",
        [
            ("customer", "Can I renew the books I've got out? Card 2100 8832 1190. They're due Friday."),
            ("agent", "Done - all three items are renewed until 18 December. No charges."),
            ("customer", "Thank you!"),
        ],
    ),
    (
        "sh-o02",
        [
            ("customer", "code not working at locker, says invalid. im standing here now"),
            ("agent", "Sorry about that! That code had expired. I've issued a fresh one: 448 913 - it should work "
                      "straight away."),
            ("customer", "worked ty"),
        ],
    ),
    (
        "sh-o03",
        [
            ("customer", "Hi, could I book the large boardroom for Thursday 2-4pm for a client pitch? Need the "
                         "screen."),
            ("agent", "Booked: Boardroom A, Thursday 2-4pm, screen and HDMI adaptor included. As it's beyond your "
                      "included hours it'll be £40 on your next invoice."),
            ("customer", "That's fine, thanks."),
        ],
    ),
    (
        "sh-o04",
        [
            ("customer", "Hello, how much would it be for someone to cut back the leylandii hedge along our back "
                         "fence? About 15 metres, quite overgrown."),
            ("agent", "For around 15 metres including green waste removal it would be roughly £180-£220. I can send "
                      "a gardener round for a free quote on Tuesday afternoon if that suits?"),
            ("customer", "Tuesday works, thanks."),
        ],
    ),
    (
        "sh-o05",
        [
            ("customer", "Hi, could your window cleaner do a one-off clean of our conservatory roof? Just this "
                         "once, it's got really green."),
            ("agent", "Yes, we can do a one-off conservatory roof clean for £65. The earliest slot is Saturday "
                      "21st, morning. Shall I book it?"),
            ("customer", "Yes please."),
            ("agent", "Booked for Saturday 21st. Your regular window round isn't affected."),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "sh-c03": "no fact holds 'every Thursday': [(\"customer's regular clean is every other Tuesday, 10am-1pm\", "
              "'active')]",
    "sh-c07": "no fact holds '2-person box': [('customer is on the 4-person box plan', 'active')]",
    "sh-c08": "no fact holds 'Tesco Extra, Brindley Road': [(\"customer's default locker is Morrisons, Canal "
              "Street\", 'active')]",
    "sh-c10": "no fact holds 'Okta': [(\"customer's sso provider is Microsoft Entra ID\", 'active')]",
    "sh-t05": "no fact holds '4.19%': []",
    "sh-t09": "no fact holds 'billing@lumenforge.io': [(\"customer's email is billing@lumenforge.io\", "
              "'active')]",
    "sh-o01": "['customer pays with Card 2100 8832 1190']",
}

ARCHIVE = CaseArchive(tenant="blind-saas", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
