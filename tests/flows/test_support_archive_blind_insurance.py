"""Insurance, banking and loans, pensions, payroll, schools, gyms, vets, dental and optician, libraries and council
services support archive, written by a tester who had read no product code: each customer has two chats a month
apart; a change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 9, 7, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "ib-c01",
        "change",
        [
            ("agent", "Thanks for calling Crestline Motor Insurance, you're speaking with Priya. Can I take your "
                      "policy number?"),
            ("customer", "Yeah hi, um, it's CMI-88213047. I just wanted to check my, er, my renewal date."),
            ("agent", "Thank you Mr Hughes. So I've got you down as insuring a 2014 Ford Fiesta, registration LV14 "
                      "KTD, comprehensive cover, and the renewal is the 3rd of November."),
            ("customer", "That's right yeah, lovely, that's all I needed."),
        ],
        [
            ("customer", "Hiya, it's Gareth Hughes again, policy CMI-88213047. So, er, the Fiesta's gone, finally "
                         "sold it, and I picked up the new car Saturday."),
            ("agent", "Congratulations! What have you got?"),
            ("customer", "It's a 2019 Skoda Octavia, reg is, um, YB19 HWO. Petrol, the 1.5."),
            ("agent", "Right, I've replaced the vehicle on your policy with the 2019 Skoda Octavia from today, "
                      "additional premium of £42.17 for the rest of the term. New certificate's in your email now."),
        ],
        "2014 Ford Fiesta",
        "2019 Skoda Octavia",
    ),
    (
        "ib-c02",
        "change",
        [
            ("customer", "Subject: Buildings & contents policy HBC-5520931 - query about excess\n\nHello,\n\nI hold "
                         "a combined buildings and contents policy for 14 Birch Road, Harrogate, HG2 7QL. Could you "
                         "confirm what my voluntary excess currently is? I think it's £250 but I can't find the "
                         "schedule anywhere.\n\nKind regards,\nMargaret Ellison\nTel: 01423 556781"),
            ("agent", "Dear Mrs Ellison,\n\nThank you for your email. I can confirm your policy HBC-5520931 covers "
                      "14 Birch Road, Harrogate, HG2 7QL, with a total excess of £350 (£100 compulsory plus £250 "
                      "voluntary). I've reattached your schedule for reference.\n\nBest wishes,\nTom Reilly\nHome "
                      "Policy Team, Ashgrove Insurance"),
        ],
        [
            ("customer", "Subject: Change of address - HBC-5520931\n\nDear Tom,\n\nWe completed on our new house on "
                         "Friday, so please could the policy now cover 7 Kestrel Close, Knaresborough, HG5 0SX "
                         "instead? The sale of Birch Road went through the same day so we won't need cover there any "
                         "longer.\n\nMany thanks,\nMargaret Ellison"),
            ("agent", "Dear Mrs Ellison,\n\nCongratulations on the new home. I've updated policy HBC-5520931 so "
                      "that from 2 October it covers 7 Kestrel Close, Knaresborough, HG5 0SX, and cover at Birch Road "
                      "ended on the same date. The rebuild value has been recalculated and your premium reduces by "
                      "£3.40 a month; an updated schedule is attached.\n\nKind regards,\nTom Reilly\nHome Policy "
                      "Team, Ashgrove Insurance"),
        ],
        "14 Birch Road",
        "7 Kestrel Close",
    ),
    (
        "ib-c03",
        "change",
        [
            ("customer", "hi whats my cover for Biscuit? cant remember if dental is included"),
            ("agent", "Hi Lauren! Biscuit (Cockapoo, age 3) is on Lifetime Essential - £4,000 vet fees per year, "
                      "dental covered for accidents only, not illness."),
            ("customer", "ok ta"),
        ],
        [
            ("customer", "hey can i go up a level on Biscuits policy? she keeps getting ear infections and 4k isnt "
                         "gonna cut it"),
            ("agent", "Sure. Lifetime Plus gives £8,000/yr and covers dental illness too. It'd be £38.90/month "
                      "instead of £27.15. Want me to go ahead?"),
            ("customer", "yes pls do it"),
            ("agent", "Done ✅ Biscuit is now on Lifetime Plus from today, first new payment on 1 Nov. Confirmation "
                      "email on its way."),
        ],
        "Lifetime Essential",
        "Lifetime Plus",
    ),
    (
        "ib-c04",
        "change",
        [
            ("customer", "Hello, I want check which account is paying my mortgage every month. I am not sure if it "
                         "is my old account."),
            ("agent", "Hi Mr Kowalski, the direct debit for your mortgage is collected from your Halden current "
                      "account ending 4471 on the 28th of each month."),
            ("customer", "Ok thank you, is correct."),
        ],
        [
            ("customer", "Good morning. I open new account in other bank (Monzo) and I want mortgage to take money "
                         "from there now, not from the 4471 one. Sort code 04-00-04, account number 61829038."),
            ("agent", "Thanks Mr Kowalski. I've set up the new direct debit instruction - your mortgage will now be "
                      "collected from the Monzo account ending 9038, starting with the October payment. The old "
                      "instruction on 4471 is cancelled."),
            ("customer", "Perfect, thank you very much for help."),
        ],
        "account ending 4471",
        "account ending 9038",
    ),
    (
        "ib-c05",
        "change",
        [
            ("customer", "Hi, can you tell me how much I'm paying into my workplace pension? Payslip just says "
                         "'pension EE'."),
            ("agent", "Of course. Summary of your Northbridge Pension account:\n• Employer: Calder Foods Ltd\n• "
                      "Your contribution: 5% of salary\n• Employer contribution: 4%\n• Fund: Northbridge Balanced "
                      "Growth\nAnything else I can help with?"),
            ("customer", "No that's great thanks"),
        ],
        [
            ("customer", "I'd like to start putting more in. Can you put my contribution up to 8%? I know I might "
                         "need to tell payroll too."),
            ("agent", "Done - summary of the change:\n• Your contribution: now 8% of salary (was 5%)\n• Effective: "
                      "October payroll\n• Employer contribution: unchanged at 4%\n• We've notified Calder Foods "
                      "payroll electronically, no need to contact them\nYou'll see it on your next payslip."),
            ("customer", "Brilliant, cheers"),
        ],
        "5% of salary",
        "8% of salary",
    ),
    (
        "ib-c06",
        "change",
        [
            ("agent", "👋 Hi, I'm Penny, PayDay's virtual assistant. What can I help with today?"),
            ("customer", "how many employees can I run payroll for on my plan"),
            ("agent", "Your account (Ferris & Daughter Joinery) is on the Starter plan, which covers up to 5 "
                      "employees. You currently have 4 active employees."),
            ("customer", "ok"),
        ],
        [
            ("customer", "we're taking on 3 apprentices next month so we'll be over 5. need to change plan"),
            ("agent", "I'll pass you to a member of the team, one moment..."),
            ("agent", "Hi, it's Jordan from PayDay. I can move you to the Standard plan - up to 25 employees, "
                      "£29/month + VAT, auto-enrolment included. Shall I make the change?"),
            ("customer", "yes go ahead"),
            ("agent", "All done. Ferris & Daughter Joinery is now on the Standard plan, billed from your next "
                      "invoice on 14 Oct. You can add the apprentices whenever you're ready."),
        ],
        "Starter plan",
        "Standard plan",
    ),
    (
        "ib-c07",
        "change",
        [
            ("agent", "Little Acorns Nursery, Shona speaking."),
            ("customer", "Hi Shona, it's, um, Amira, Yusuf's mum. Just ringing about the invoice, I think it might "
                         "be wrong?"),
            ("agent", "Let me have a look... right, so Yusuf's booked in Mondays and Wednesdays, full days, so "
                      "that's eight full days in September at £68, £544, minus your fifteen hours funding."),
            ("customer", "Oh okay, yeah, that, that adds up actually. Sorry!"),
        ],
        [
            ("customer", "Hi, it's Amira again. So, er, my work pattern's changed, I'm in the office Tuesdays and "
                         "Thursdays now, so can Yusuf's days move to match?"),
            ("agent", "Let me check the room... yes, we've got space in Hedgehogs on both. So from the 5th of "
                      "October Yusuf will be in Tuesdays and Thursdays, full days, and his Monday and Wednesday "
                      "places are released. I'll email you the updated contract to sign."),
            ("customer", "Brilliant, thank you so much."),
        ],
        "Mondays and Wednesdays",
        "Tuesdays and Thursdays",
    ),
    (
        "ib-c08",
        "change",
        [
            ("customer", "Hi is my membership valid at all clubs or just one?"),
            ("agent", "Hi Chris, you're on Single Club membership, home club Leeds Central. You can visit other "
                      "clubs up to 4 times a month at no extra cost."),
            ("customer", "Ah ok cheers"),
        ],
        [
            ("customer", "Can you change my home club, I've started a new job in Headingley and never get into town "
                         "anymore"),
            ("agent", "No problem - your home club is now Headingley from 1 October. Price stays at £32.99 as it's "
                      "the same tier, and your key fob will work there from tomorrow."),
            ("customer", "legend, thanks"),
        ],
        "Leeds Central",
        "Headingley",
    ),
    (
        "ib-c09",
        "change",
        [
            ("agent", "Hello, Willow Vets reception. Just confirming a few details before Pepper's booster on "
                      "Thursday. The mobile number we have is 07700 900123, is that still best?"),
            ("customer", "Yes that's my number."),
            ("agent", "Lovely, see you Thursday at 10:40."),
        ],
        [
            ("customer", "Hi, I've got a new phone number, could you update it on Pepper's file? And the microchip "
                         "too if you can do that"),
            ("agent", "Of course. What's the new number?"),
            ("customer", "07911 436582"),
            ("agent", "Thanks Mrs Dale. I've updated your mobile to 07911 436582 on our system. We can't change the "
                      "microchip database for you, but I've emailed you the Petlog link - contact updates are free "
                      "once you log in."),
        ],
        "07700 900123",
        "07911 436582",
    ),
    (
        "ib-c10",
        "change",
        [
            ("customer", "Hi, can you remind me when my regular hygienist slot is? I've lost the little card."),
            ("agent", "Hi Mr Osei, your standing hygienist appointment is every three months, first Tuesday at "
                      "8:30am with Hannah. The next one is 6 October."),
            ("customer", "Thanks!"),
        ],
        [
            ("customer", "Hello, I hear Hannah's moving to Fridays - could my regular slot move with her? Late "
                         "afternoon ideally, I'm struggling to get in before work."),
            ("agent", "Yes, that's fine. I've moved your recurring hygienist appointment to every three months, "
                      "last Friday at 4:15pm with Hannah, starting 30 October. The Tuesday 8:30 series has been "
                      "cancelled."),
            ("customer", "Perfect, thanks a lot"),
        ],
        "first Tuesday at 8:30am",
        "last Friday at 4:15pm",
    ),
    (
        "ib-c11",
        "change",
        [
            ("customer", "Hello, I receive council tax bill by email but I not sure which email you have, I want to "
                         "be sure I don't miss."),
            ("agent", "Hello Ms Okafor, thanks for getting in touch. Your e-billing is going to "
                      "r.okafor84@gmail.com, account reference 40019273."),
            ("customer", "Yes this is correct, thank you."),
        ],
        [
            ("customer", "Good afternoon, please I want change email for council tax bills. Old gmail I don't use "
                         "anymore, new is rita.okafor@outlook.com. Account 40019273."),
            ("agent", "Thanks Ms Okafor, e-billing for account 40019273 will now go to rita.okafor@outlook.com. "
                      "You'll get a verification email - please click the link within 48 hours."),
            ("customer", "Done, I click it. Thank you"),
        ],
        "r.okafor84@gmail.com",
        "rita.okafor@outlook.com",
    ),
    (
        "ib-c12",
        "change",
        [
            ("customer", "Quick one - does my annual travel policy cover Turkey?"),
            ("agent", "Hi Sam, you're on our Annual Multi-Trip, Europe region. Turkey is included in Europe under "
                      "our definition, so yes you're covered, up to 31 days per trip."),
            ("customer", "Great stuff"),
        ],
        [
            ("customer", "Hi, we've booked Florida for February 😬 what do I need to do?"),
            ("agent", "You'd need to extend your Annual Multi-Trip to Worldwide including USA. That's an extra "
                      "£61.20 for the remaining 7 months of the policy."),
            ("customer", "Fine, go for it"),
            ("agent", "Done - your policy now shows Worldwide including USA, effective immediately. Updated "
                      "documents are in your online account."),
        ],
        "Europe region",
        "Worldwide including USA",
    ),
    (
        "ib-t01",
        "trap",
        [
            ("agent", "Thanks for holding. So your policy is Third Party, Fire and Theft on the Vauxhall Corsa, "
                      "renewed on 12 March, £612 for the year."),
            ("customer", "Yeah, that's right, just wanted to check it actually renewed."),
            ("agent", "It did, all fine."),
        ],
        [
            ("customer", "hi, how much would it be to go comprehensive? my mate says its sometimes cheaper"),
            ("agent", "I've run a quote: Comprehensive cover would cost £688 a year, so an extra £54.30 to the end "
                      "of your current term."),
            ("customer", "nah not worth it then, leave it as it is"),
            ("agent", "No problem, nothing's been changed - you stay on Third Party, Fire and Theft."),
        ],
        "Third Party, Fire and Theft",
        "Comprehensive cover",
    ),
    (
        "ib-t02",
        "trap",
        [
            ("customer", "Hi can you confirm the address on my contents policy? Getting a mortgage thing done and "
                         "they want proof"),
            ("agent", "Sure, Ms Burke. Contents policy CT-771204 covers Flat 2, 9 Mill Lane, Bath, BA1 5DF."),
            ("customer", "Perfect thanks"),
        ],
        [
            ("customer", "Hypothetically, if we ended up buying 22 Harbour Street in Bristol, could I just transfer "
                         "the contents policy across or would it need a new quote? We've only put an offer in, "
                         "nothing agreed yet."),
            ("agent", "You can transfer it - we'd requote for the new postcode on the day you move. Just let us "
                      "know the completion date once it's confirmed, and we won't change anything until then."),
            ("customer", "OK will do, thanks"),
        ],
        "9 Mill Lane",
        "22 Harbour Street",
    ),
    (
        "ib-t03",
        "trap",
        [
            ("customer", "Morning! Just checking Mochi's policy is active, I got an email that looked like a "
                         "renewal"),
            ("agent", "Morning Jess! Yes, Mochi (British Shorthair, 4 yrs) is active on Complete Care, renewed 1 "
                      "Sept."),
            ("customer", "Lovely ta"),
        ],
        [
            ("customer", "Hi, I'm trying to sort a policy for my brother's dog, a Labrador called Bruno, he's not "
                         "great with computers. Can I do it on my account?"),
            ("agent", "I'm afraid it'll need to be a policy in his name as he's the owner, but you can start a "
                      "quote for him on our website and enter his details. Mochi's policy on your account isn't "
                      "affected."),
            ("customer", "Ah ok, I'll sit down with him at the weekend then"),
        ],
        "British Shorthair, 4 yrs",
        "a Labrador called Bruno",
    ),
    (
        "ib-t04",
        "trap",
        [
            ("agent", "Hi Mr Price, for security I'll read back your contact details: email "
                      "dan.price@btinternet.com, mobile ending 662. Is that all correct?"),
            ("customer", "Yes that's all right."),
            ("agent", "Great, your replacement card has been ordered and will arrive in 3-5 working days."),
        ],
        [
            ("customer", "Hi,\n\nI need the CHAPS confirmation for the deposit on our house sent to the solicitor "
                         "today. Just for this one, could you send the confirmation to my work email "
                         "d.price@hallamlogistics.co.uk as I'm in the office all day and can't get to my personal "
                         "inbox? Please don't change my contact details though.\n\nThanks,\nDan Price\n\nSent from my "
                         "iPhone"),
            ("agent", "Hi Dan,\n\nThe CHAPS confirmation for £38,500.00 has been sent to "
                      "d.price@hallamlogistics.co.uk as a one-off. Your contact details on file are "
                      "unchanged.\n\nKind regards,\nAisha\nHalden Bank Payments Team"),
        ],
        "dan.price@btinternet.com",
        "d.price@hallamlogistics.co.uk",
    ),
    (
        "ib-t05",
        "trap",
        [
            ("customer", "Hi when does my loan payment come out?"),
            ("agent", "Hi Nadia, your personal loan repayment of £214.60 is collected on the 1st of each month."),
            ("customer", "ok thanks"),
        ],
        [
            ("customer", "Can I move my loan payment to the 15th? Get paid mid-month now"),
            ("agent", "I've tried, but the system won't let me change the date while there's a missed payment on "
                      "the account from September. Once that's cleared we can look at it again - for now it stays on "
                      "the 1st of each month."),
            ("customer", "ugh ok, I'll pay the missed one today and get back to you"),
        ],
        "the 1st of each month",
        "the 15th",
    ),
    (
        "ib-t06",
        "trap",
        [
            ("agent", "...and just so you know, your selected retirement age is 67, so that's what your projections "
                      "are based on."),
            ("customer", "Right, yeah, 67, that's what I picked."),
            ("agent", "Lovely, anything else today?"),
            ("customer", "No that's it, cheers."),
        ],
        [
            ("customer", "Hiya, um, I got a letter saying something about my retirement age, and I wasn't sure if "
                         "I'd, like, accidentally changed it online?"),
            ("agent", "No, don't worry, that letter goes to everyone over 55. I can see your retirement age is "
                      "still 67, nothing's changed."),
            ("customer", "Oh, thank goodness. Okay, ta."),
        ],
        "selected retirement age is 67",
        "retirement age is still 67",
    ),
    (
        "ib-t07",
        "trap",
        [
            ("customer", "What plan am I on? I want to know if it does CIS"),
            ("agent", "Hi Owen, you're on the Sole Trader plan (£12/month). It includes CIS deductions, yes."),
            ("customer", "great"),
        ],
        [
            ("customer", "Why did I get an email saying welcome to Premium?? I didnt change anything and I dont "
                         "want to pay more"),
            ("agent", "Sorry for the confusion Owen - that was a promotional email about our Premium plan that went "
                      "out to all customers with the wrong subject line. I've checked your account: you're still on "
                      "the Sole Trader plan at £12/month, no change and no extra charge."),
            ("customer", "ok phew"),
        ],
        "Sole Trader plan",
        "welcome to Premium",
    ),
    (
        "ib-t08",
        "trap",
        [
            ("agent", "Welcome back to FitLab! I've set you up on the Anytime membership at Didsbury, £41/month, "
                      "starting Monday."),
            ("customer", "Cheers"),
        ],
        [
            ("customer", "Random question - back in 2019 I had an off-peak membership with you at Didsbury and I'm "
                         "sure I paid a joining fee then. Did I get charged one again this time?"),
            ("agent", "Let me check... no, the joining fee was waived when you rejoined in September. You're on "
                      "Anytime, £41/month, all good."),
            ("customer", "nice one"),
        ],
        "Anytime membership",
        "off-peak membership",
    ),
    (
        "ib-t09",
        "trap",
        [
            ("customer", "Hi Mrs Patel, just checking Ellie's booking for this term before I pay the invoice?"),
            ("agent", "Hi! Ellie is booked three days a week - Monday, Tuesday and Friday, 8am to 6pm. Invoice is "
                      "£684 after funding."),
            ("customer", "Perfect, paying now"),
        ],
        [
            ("customer", "We were thinking of moving Ellie up to five days a week from November, can you tell me "
                         "what that would cost?"),
            ("agent", "Five days would be £1,140 a month after funding, compared to £684 now."),
            ("customer", "Ooh. OK, we've talked it over and we'll leave it as it is for now, thanks."),
            ("agent", "No problem at all, Ellie stays on her current three days."),
        ],
        "three days a week",
        "five days a week",
    ),
    (
        "ib-t10",
        "trap",
        [
            ("agent", "Hi Ms Green, your contact lens subscription (Dailies Total1, 90 pack) is delivered to 58 "
                      "Orchard Way, Norwich, NR4 6HJ around the 10th of each month."),
            ("customer", "Yep thats right"),
        ],
        [
            ("customer", "Hi, I'm away working on site all of next week. Could this month's lenses go to Unit 4, "
                         "Riverside Park, Ipswich instead? Just this once, back to home after."),
            ("agent", "No problem - I've redirected October's delivery only to Unit 4, Riverside Park, Ipswich IP3 "
                      "9SA. November onwards will go to Orchard Way as normal."),
            ("customer", "Perfect"),
        ],
        "58 Orchard Way",
        "Unit 4, Riverside Park",
    ),
    (
        "ib-t11",
        "trap",
        [
            ("customer", "Does my plan cover Ziggy's flea treatment?"),
            ("agent", "Yes, Ziggy is on the Pet Health Club Standard plan - that includes monthly flea and worming "
                      "treatment plus the annual vaccination."),
            ("customer", "great"),
        ],
        [
            ("customer", "How much is the Premium version of the health club? Is it worth it for an older dog?"),
            ("agent", "Pet Health Club Premium is £24.50/month vs £16.75 on Standard. It adds a 6-monthly senior "
                      "blood test and 10% off surgery. Would you like to change?"),
            ("customer", "Let me think about it and talk to my partner, not today thanks"),
            ("agent", "Of course, nothing's changed, Ziggy's still on Standard."),
        ],
        "Pet Health Club Standard",
        "Pet Health Club Premium",
    ),
    (
        "ib-t12",
        "trap",
        [
            ("agent", "Hi Mr Ahmed, I can see your council tax account is for Flat 3, 21 Queens Road, band B, with "
                      "single person discount applied."),
            ("customer", "Yes thats me"),
        ],
        [
            ("customer", "Hi, I'm helping my mum set up her garden waste collection - she lives at 44 Elm Grove. "
                         "Can I pay for it from here?"),
            ("agent", "You can pay on her behalf, but the subscription has to be registered to her address, not "
                      "your account. I've set it up for 44 Elm Grove with your card as a one-off payment of £52. Your "
                      "own account at Queens Road hasn't changed."),
            ("customer", "Great thanks"),
        ],
        "Flat 3, 21 Queens Road",
        "44 Elm Grove",
    ),
]

ONE_OFFS = [
    (
        "ib-o01",
        [
            ("customer", "charged twice for the same tesco shop yesterday, £63.18 x2"),
            ("agent", "Sorry about that. I can see both - one is a pending authorisation that should drop off in "
                      "3-5 working days. If it's still showing on Friday, message us and we'll raise a dispute."),
            ("customer", "ok"),
        ],
    ),
    (
        "ib-o02",
        [
            ("customer", "Locked out of my account, reset email not arriving"),
            ("agent", "I've triggered a fresh reset link - please check spam/junk, it expires in 30 mins"),
            ("customer", "got it, in now thx"),
        ],
    ),
    (
        "ib-o03",
        [
            ("customer", "Hi, I reserved 'The Salt Path' and got a text saying it's ready but the desk couldn't "
                         "find it"),
            ("agent", "Apologies! It had been put in the wrong holds area. It's now at the front desk under your "
                      "reservation and will be held until Saturday."),
            ("customer", "thanks"),
        ],
    ),
    (
        "ib-o04",
        [
            ("customer", "Any spaces left in 7pm spin tonight?"),
            ("agent", "2 spots left, I've booked you onto bike 14. Cancel by 5pm to avoid the late cancellation "
                      "fee."),
            ("customer", "ta"),
        ],
    ),
    (
        "ib-o05",
        [
            ("customer", "Hi, um, my dog's just eaten a, a whole bar of dark chocolate, like ten minutes ago, what "
                         "do I do?"),
            ("agent", "Okay, don't panic. Roughly how much does he weigh and how big was the bar?"),
            ("customer", "About 12 kilos, and it was a 100 gram bar, 70 percent."),
            ("agent", "Right, that's a potentially toxic dose, so please bring him straight in to the out-of-hours "
                      "clinic and we'll make him sick. I've booked you in for 8:15 tonight."),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "ib-c07": "no fact holds 'Mondays and Wednesdays': []",
    "ib-c08": "no fact holds 'Leeds Central': [(\"customer's home club is Headingley\", 'active'), ('customer "
              "has started a new job in Headingley', 'active'), ('customer is on the Single Club membership', "
              "'active')]",
    "ib-c10": "no fact holds 'first Tuesday at 8:30am': [(\"customer's standing hygienist appointment is every "
              "three months, first Tuesday\", 'active'), ('Hannah lives in Fridays', 'tentative'), "
              "(\"customer's recurring hygienist appointment is every three months, last Friday\", ",
    "ib-c12": "no fact holds 'Europe region': []",
    "ib-t03": "no fact holds 'British Shorthair, 4 yrs': [('Bruno is not great with computers', 'active'), "
              "('customer is on the Complete Care plan', 'active')]",
    "ib-t04": "no fact holds 'dan.price@btinternet.com': []",
    "ib-t08": "no fact holds 'Anytime membership': [('customer is on the Anytime plan', 'tentative'), ('customer "
              "had an off-peak membership', 'active')]",
    "ib-t09": "no fact holds 'three days a week': []",
    "ib-t10": "no fact holds '58 Orchard Way': []",
}

ARCHIVE = CaseArchive(tenant="blind-insurance", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
