"""A general consumer helpdesk across many companies (mobile, broadband, water and council tax, motor cover, vets,
gyms, groceries, travel, banks, software, schools, dentists and GPs) support archive, written by a tester who had read
no product code: each customer has two chats a month apart; a change, a trap that only looks like one, or a one-off
request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 10, 19, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "md-c01",
        "change",
        [
            ("customer", "hi can u check why im not getting my bills by email?? 😩"),
            ("agent", "Hi there! Happy to help 😊 The email we hold for you is jamie.r.holt@gmail.com, is that still "
                      "right?"),
            ("customer", "yeh thats me. prob in spam lol"),
            ("agent", "Most likely! They come from bills@skylinemobile.co.uk. I've resent October's just now."),
            ("customer", "found it ty 👍"),
        ],
        [
            ("customer", "hey need to change the email on my acc, my gmail got hacked 🙄"),
            ("agent", "Oh no, sorry to hear that! What's the new address you'd like us to use?"),
            ("customer", "jholt.mobile@outlook.com"),
            ("agent", "Done ✅ jholt.mobile@outlook.com is now the contact email on your account and a confirmation "
                      "has gone there. The old gmail address has been removed."),
            ("customer", "legend thx"),
        ],
        "jamie.r.holt@gmail.com",
        "jholt.mobile@outlook.com",
    ),
    (
        "md-c02",
        "change",
        [
            ("customer", "Dear Fibrelink Support,\n\nI am writing about the intermittent dropouts on my broadband "
                         "at 27 Elm Grove, Harrogate, HG1 4PT. Since about the 10th the connection drops for a minute "
                         "or two several times each evening, which is making video calls with my grandchildren "
                         "impossible. I have restarted the router as your website suggests but it has made no "
                         "difference.\n\nI would be grateful if you could look into this.\n\nKind regards,\nMargaret "
                         "Oduya\nAccount no. FL-3381920"),
            ("agent", "Dear Ms Oduya,\n\nThank you for getting in touch, and I'm sorry for the disruption. I've run "
                      "a line test to 27 Elm Grove and it shows a fault between the street cabinet and your property. "
                      "I've booked an Openreach engineer for Thursday 22 October, 8am-1pm. There's no charge for this "
                      "visit.\n\nBest wishes,\nDaniel\nFibrelink Customer Care"),
        ],
        [
            ("customer", "Dear Daniel (or whoever picks this up),\n\nFurther to my earlier emails, my husband and I "
                         "have now completed on our new house and we would like our broadband moved across. The new "
                         "address is 3 Larch Close, Knaresborough, HG5 0QS and we will be living there from 1st "
                         "December. We no longer need the service at the old house after that date.\n\nMany "
                         "thanks,\nMargaret Oduya\nAccount no. FL-3381920\nTel. 01423 555 019"),
            ("agent", "Dear Ms Oduya,\n\nCongratulations on the new home! I've placed a home move order on your "
                      "account. Your service at 3 Larch Close, Knaresborough will go live on Tuesday 1 December, and "
                      "the line at your previous address will stop the same day. Your monthly price and contract end "
                      "date stay the same. A new router isn't needed; just take your current one with you.\n\nBest "
                      "wishes,\nAmira\nFibrelink Customer Care"),
        ],
        "27 Elm Grove",
        "3 Larch Close",
    ),
    (
        "md-c03",
        "change",
        [
            ("customer", "Hiya, um, I've had a reminder letter for my council tax and I'm, er, pretty sure I've "
                         "paid?"),
            ("agent", "Okay, let's have a look. Can I take the first line of the address? ... Lovely. So I've got "
                      "your account up: 12 Brook Street, Band C, and you pay by direct debit on the 1st of each "
                      "month, ten instalments. Is that right?"),
            ("customer", "Erm, yeah, yeah that's right."),
            ("agent", "Right, so what's happened is the October payment was returned by your bank, it says "
                      "'instruction cancelled'. So, er, the mandate needs setting up again. I can do that now over "
                      "the phone if you like?"),
            ("customer", "Oh God, yeah, go on then. Sorry about that."),
        ],
        [
            ("customer", "Hiya, um, I've changed jobs and I get paid mid-month now, so, er, can I move the date my "
                         "council tax comes out?"),
            ("agent", "Yes, no problem. We can do the 1st, the 15th or the 28th. Which would suit?"),
            ("customer", "The fifteenth, please."),
            ("agent", "Okay, that's done for you. So from December your instalment will come out on the 15th of "
                      "each month instead, same amount. You'll get a letter confirming it in the next week or so."),
            ("customer", "Brilliant, cheers."),
        ],
        "1st of each month",
        "15th of each month",
    ),
    (
        "md-c04",
        "change",
        [
            ("customer", "Yeah hi, I just wanted to, um, check whether I've got windscreen cover on my policy?"),
            ("agent", "Sure, let me just pull that up. So, er, I've got a comprehensive policy, the car on it is a "
                      "2015 Ford Fiesta, registration ending 4KX, and you're the only driver. And yes, windscreen "
                      "cover is included, fifty-five pound excess."),
            ("customer", "Oh great, okay, because there's a chip, like, on the passenger side."),
            ("agent", "If you ring the glass line on the back of your documents they'll sort that directly, usually "
                      "a repair's free."),
        ],
        [
            ("customer", "Yeah hiya, um, so I've sold the Fiesta and I've bought a, uh, 2019 Skoda Octavia estate. "
                         "I need it on the policy before I pick it up Saturday."),
            ("agent", "Okay, no problem. Have you got the registration there? ... Lovely, and no modifications? ... "
                      "Right, so I've swapped the vehicle over. From 9am Saturday you're covered on the Skoda "
                      "Octavia, and there's an additional premium of forty-six pound twenty for the rest of the "
                      "policy year."),
            ("customer", "Yeah that's fine, same card."),
            ("agent", "Taken. New certificate's been emailed, and the Fiesta is off the policy from the same time."),
        ],
        "2015 Ford Fiesta",
        "2019 Skoda Octavia",
    ),
    (
        "md-c05",
        "change",
        [
            ("customer", "Hi, I'd like to order more food for Biscuit (my cat). She's on Hill's c/d for her "
                         "bladder, the 3kg bag please."),
            ("agent", "Hi! I can see Biscuit's record here: prescription diet Hill's c/d Multicare, authorised by "
                      "Dr Patel until March. I've placed an order for one 3kg bag, ready to collect from Friday."),
            ("customer", "Perfect, thank you!"),
        ],
        [
            ("customer", "Hi, Dr Patel saw Biscuit on Tuesday and said she wants her changed over to Royal Canin "
                         "Urinary S/O now. Can you update her repeat so I get that instead?"),
            ("agent", "Hi, yes, I can see Dr Patel's note from Tuesday. I've cancelled the Hill's repeat and set up "
                      "Royal Canin Urinary S/O, 3.5kg, as Biscuit's ongoing prescription diet. The first bag will be "
                      "ready to collect Thursday."),
            ("customer", "Thank you so much 🐱"),
        ],
        "Hill's c/d",
        "Royal Canin Urinary S/O",
    ),
    (
        "md-c06",
        "change",
        [
            ("customer", "Hello, I have question. My membership is Off-Peak, so I can come only until 4pm, yes? "
                         "Yesterday the reception say me I cannot enter at 5pm."),
            ("agent", "Hi Tomasz, yes that's right. Off-Peak covers 6am to 4pm on weekdays and all day at weekends. "
                      "Sorry for the confusion at the desk!"),
            ("customer", "Ok I understand now. Thank you."),
        ],
        [
            ("customer", "Hello again. I have now new job, shift finish in the evening, so I want change my "
                         "membership to the Anytime, for enter all hours. Is possible from today?"),
            ("agent", "Hi Tomasz! Yes, that's possible. I've changed your membership to Anytime from today. Your "
                      "payment on 1 December will be £34.99 instead of £22.99, and there's a one-off pro-rata charge "
                      "of £4.00 for the rest of this month."),
            ("customer", "Ok is good. Thank you very much, very nice service."),
        ],
        "Off-Peak",
        "Anytime",
    ),
    (
        "md-c07",
        "change",
        [
            ("agent", "[Basil, FreshCart virtual assistant 🤖] Hi! I'm Basil. What can I help you with today? You "
                      "can say things like 'Where is my order?' or 'Missing items'."),
            ("customer", "my order had weird substitutes AGAIN"),
            ("agent", "[Basil, FreshCart virtual assistant 🤖] Sorry about that. I'm connecting you to a member of "
                      "our team now."),
            ("agent", "Hi, Priya here. I can see your account is set to 'Allow substitutions' on all items, so when "
                      "something is out of stock our pickers choose the closest match. I've refunded the oat milk "
                      "swap (£1.85) for you."),
            ("customer", "ok thanks, leave the setting for now i guess"),
        ],
        [
            ("agent", "[Basil, FreshCart virtual assistant 🤖] Hi! I'm Basil. What can I help you with today?"),
            ("customer", "turn off substitutions on my account pls"),
            ("agent", "[Basil, FreshCart virtual assistant 🤖] I can't change account settings myself, so I'm "
                      "passing you to a colleague."),
            ("agent", "Hi, Callum here! I've updated your account preference to 'No substitutions' for all future "
                      "orders. If an item's out of stock it will simply be left off and you won't be charged for it."),
            ("customer", "perfect, cheers Callum"),
        ],
        "Allow substitutions",
        "No substitutions",
    ),
    (
        "md-c08",
        "change",
        [
            ("customer", "Hi, could you check my profile is all OK for the Lisbon trip on the 3rd?"),
            ("agent", "Of course. Reading back what's on your SkyPoints profile: name Ms Aisling Brennan, SkyPoints "
                      "number 4471 2290 18, seat preference aisle, meal preference standard, mobile 07700 900412. "
                      "Booking ref QX7T2L, Dublin to Lisbon on 3 November, seat 14C allocated as an aisle seat. Does "
                      "that all look right?"),
            ("customer", "That's all grand, thanks a million."),
        ],
        [
            ("customer", "Hi there, I've been getting awful motion sickness on flights lately and sitting on the "
                         "aisle isn't helping. Could you change the seat preference on my profile to window please, "
                         "for all future bookings?"),
            ("agent", "Certainly, Ms Brennan. Your SkyPoints profile now shows seat preference: window. That will "
                      "be used for automatic seat allocation on any booking from today. Existing bookings keep their "
                      "current seats unless you change them in Manage Booking."),
            ("customer", "Perfect, thank you."),
        ],
        "aisle",
        "window",
    ),
    (
        "md-c09",
        "change",
        [
            ("customer", "Hello,\n\nI'd like to apply for a personal loan of £4,000 to replace my boiler. I work "
                         "full-time at Halden Logistics as a warehouse supervisor and have done for six years. My "
                         "last three payslips are attached.\n\nThanks,\nDarren Mace\nMember no. 20418"),
            ("agent", "Dear Darren,\n\nThank you for your application and payslips. We've recorded your employer as "
                      "Halden Logistics and your application is now with our lending team; you should hear back "
                      "within two working days.\n\nKind regards,\nJo Whitfield\nMember Services, Calder Valley Credit "
                      "Union"),
        ],
        [
            ("customer", "Hi Jo,\n\nJust to let you know I started a new job on Monday at Brightwater NHS Trust as "
                         "a stores coordinator, so please update my details. I know the loan was assessed on my old "
                         "job, so I'll send my first new payslip once I have it.\n\nCheers,\nDarren Mace\nMember no. "
                         "20418"),
            ("agent", "Dear Darren,\n\nCongratulations on the new role! We've updated your employer on file to "
                      "Brightwater NHS Trust, start date 16 November 2026. Your loan repayments don't need to change, "
                      "and there's no need to send a payslip unless you'd like to set up payroll savings with your "
                      "new employer.\n\nKind regards,\nJo Whitfield\nMember Services, Calder Valley Credit Union"),
        ],
        "Halden Logistics",
        "Brightwater NHS Trust",
    ),
    (
        "md-c10",
        "change",
        [
            ("customer", "we keep hitting the project limit, can't create a new one. what are our options?"),
            ("agent", "Hi! On your current plan you can have 3 active projects. You can archive an old one to free "
                      "a slot, or move to a higher plan. I've archived 'Q2 rebrand' as you asked.\n\nSummary of "
                      "today's chat:\n- Workspace: northwind-design\n- Current plan: Starter (5 seats, 3 active "
                      "projects)\n- Issue: project limit reached; 'Q2 rebrand' archived to free a slot\n- Next step: "
                      "none required"),
            ("customer", "ok thx, we'll think about the upgrade"),
        ],
        [
            ("customer", "ok we're ready to go to Growth now, card on file is fine"),
            ("agent", "Great, that's all done!\n\nSummary of today's chat:\n- Workspace: northwind-design\n- Plan "
                      "changed: Starter → Growth, effective immediately\n- Prorated charge of £61.40 taken from Visa "
                      "ending 2231\n- Active projects: unlimited; seats: up to 15\n- 'Q2 rebrand' can be unarchived "
                      "any time"),
            ("customer", "👍"),
        ],
        "Starter",
        "Growth",
    ),
    (
        "md-c11",
        "change",
        [
            ("customer", "Hi, quick one, Mila's invoice for October looks higher than usual?"),
            ("agent", "Hi Sophie! Mila's regular booked sessions are Monday and Wednesday full days, so that's 9 "
                      "sessions in October, plus the extra Friday session on the 16th you asked for. That's why it's "
                      "a bit higher this month."),
            ("customer", "Oh of course, I forgot about that Friday. Thanks!"),
        ],
        [
            ("customer", "Hi! My work days are changing from January, could Mila go Tuesdays and Thursdays instead?"),
            ("agent", "Hi Sophie, good news, we have space in the Toddler Room. I've amended Mila's contract so "
                      "from Tuesday 5 January her regular days will be Tuesday and Thursday full days. The new "
                      "contract is in your inbox to sign."),
            ("customer", "Amazing, signed! Thank you so much x"),
        ],
        "Monday and Wednesday",
        "Tuesday and Thursday",
    ),
    (
        "md-c12",
        "change",
        [
            ("customer", "Hi, I was meant to get a text with a link to book my blood test but nothing came through"),
            ("agent", "Hello Mr Ahmed, we sent it to the mobile number we hold for you, 07700 900 318. Is that "
                      "correct?"),
            ("customer", "Yes that's mine, maybe it got stuck"),
            ("agent", "I've resent it now. If it doesn't arrive in 10 minutes, call reception after 2pm and they'll "
                      "book it for you."),
        ],
        [
            ("customer", "Hello, I've got a new phone number, could you update it on my record please? It's 07700 "
                         "900 764"),
            ("agent", "Thanks Mr Ahmed. I've checked your date of birth and updated your mobile number to 07700 900 "
                      "764. Appointment reminders and test result texts will go to that number from now on."),
            ("customer", "Great, thank you"),
        ],
        "07700 900 318",
        "07700 900 764",
    ),
    (
        "md-t01",
        "trap",
        [
            ("customer", "hiya when does my contract end?"),
            ("agent", "Hi! You're on Essentials 30GB at £14 a month, and your 24-month contract ends on 12 May "
                      "2027."),
            ("customer", "ok ta"),
        ],
        [
            ("customer", "how much would Unlimited Max be if I went on it? not changing yet just curious"),
            ("agent", "Unlimited Max is £28 a month on a 24-month term. As it's an upgrade there'd be no early exit "
                      "fee. Want me to set that up for you?"),
            ("customer", "nah too pricey 😅 just wanted to know, leave it as is"),
            ("agent", "No problem, nothing's been changed on your account."),
        ],
        "Essentials 30GB",
        "Unlimited Max",
    ),
    (
        "md-t02",
        "trap",
        [
            ("customer", "router light flashing orange since this morning, no internet"),
            ("agent", "Sorry about that! I can see a local outage affecting some homes near 9 Cedar Mews, Bristol. "
                      "Engineers are on it and it should be fixed by 3pm."),
            ("customer", "ok thanks for letting me know"),
        ],
        [
            ("customer", "Hi, we've had an offer accepted on a flat at 41 Queen's Parade, Cheltenham, but it may "
                         "well fall through. If it does go ahead, could we take our broadband contract with us, or "
                         "would we pay exit fees?"),
            ("agent", "Good question. If you do move, we can usually transfer your contract with no exit fee as "
                      "long as we can supply the new address. I've checked and 41 Queen's Parade can get the same "
                      "speed. Nothing changes on your account for now; just contact us once you have a moving date."),
            ("customer", "Brilliant, that's reassuring. Will do."),
        ],
        "9 Cedar Mews",
        "41 Queen's Parade",
    ),
    (
        "md-t03",
        "trap",
        [
            ("customer", "Hi, can you confirm what my breakdown cover includes?"),
            ("agent", "Of course. Reading from your policy: Roadside & Recovery cover for a Vauxhall Corsa, "
                      "registration ending 7HD, renewing 2 March 2027. That covers roadside repair and recovery to "
                      "any one UK destination."),
            ("customer", "Great, thanks."),
        ],
        [
            ("customer", "Hi, my wife's just bought a Kia Picanto and she wants breakdown cover for it. Can she get "
                         "her own policy, or does it have to go on mine?"),
            ("agent", "She'd need her own policy for that car, as yours is vehicle-based. I've emailed you a quote "
                      "link she can use in her name. Your own cover on the Corsa stays exactly as it is."),
            ("customer", "Perfect, I'll pass it on to her."),
        ],
        "Vauxhall Corsa",
        "Kia Picanto",
    ),
    (
        "md-t04",
        "trap",
        [
            ("customer", "Hi, I just want to check what Bramble's covered for before her op."),
            ("agent", "Of course. Bramble, 4-year-old cocker spaniel, is on Lifetime Standard, which covers up to "
                      "£4,000 of vet fees each policy year, with a £99 excess per condition. Her cruciate op would be "
                      "covered once the claim is approved."),
            ("customer", "Oh that's a relief, thank you."),
        ],
        [
            ("customer", "Hi, um, so I was thinking about going up to Lifetime Premier after what my friend went "
                         "through with her vet bills. How much more would it be?"),
            ("agent", "So Lifetime Premier covers up to £12,000 a year, and for Bramble it'd be an extra £18.40 a "
                      "month. Would you like me to change it?"),
            ("customer", "Oof. No, actually, let's leave it as it is for now, thanks."),
            ("agent", "No problem at all, I haven't changed anything."),
        ],
        "Lifetime Standard",
        "Lifetime Premier",
    ),
    (
        "md-t05",
        "trap",
        [
            ("customer", "hi my delivery didn't turn up last night??"),
            ("agent", "Hi, so sorry! Your order was due at Flat 2, 18 Kingsley Road between 6 and 7pm, but the van "
                      "broke down. I've rebooked it for 10-11am today at no charge and added a £5 voucher."),
            ("customer", "ok fine thanks"),
        ],
        [
            ("customer", "can this Friday's order go to my mum's instead? 6 Beech Avenue. just this once, she's "
                         "just had an op"),
            ("agent", "Of course, hope she's feeling better soon! I've changed the address for Friday's order only "
                      "to 6 Beech Avenue. Your saved address stays as Flat 2, 18 Kingsley Road for everything after "
                      "that."),
            ("customer", "thank you 🙏"),
        ],
        "18 Kingsley Road",
        "6 Beech Avenue",
    ),
    (
        "md-t06",
        "trap",
        [
            ("customer", "Hello, I want to ask which account is paying my loan each month?"),
            ("agent", "Hi Ana, your loan repayments are collected by direct debit from your Monzo account ending "
                      "5512, on the 20th of each month."),
            ("customer", "Ok thank you, is correct."),
        ],
        [
            ("customer", "Hello, last week I try to change the loan payments to my Starling account, but today I "
                         "have email that says something is wrong. What happened?"),
            ("agent", "Hi Ana, I've checked and the new direct debit was rejected by Starling because the account "
                      "name didn't match the name on your loan. So the change didn't go through, and this month's "
                      "repayment will still come from your Monzo account ending 5512 as usual."),
            ("customer", "Ah ok. I will check the name with Starling and maybe try again later. Thank you."),
        ],
        "Monzo account",
        "Starling account",
    ),
    (
        "md-t07",
        "trap",
        [
            ("customer", "Hi, um, just ringing because I've had a letter about my water bill and I wasn't sure what "
                         "it meant."),
            ("agent", "No problem, let me bring up the account. So you're on a metered supply, and you're paying "
                      "£38.50 a month by direct debit. The letter's just your six-monthly statement, and you're in "
                      "credit by about twelve pounds."),
            ("customer", "Oh, okay, great, that's fine then."),
        ],
        [
            ("customer", "Hiya, er, I've got another letter, this one's about new charges from April. Does that "
                         "mean my payments are going up? Because I'm paying thirty-eight fifty a month, yeah?"),
            ("agent", "Yes, that's right, you're still on thirty-eight fifty a month. That letter is the general "
                      "tariff notice that goes to all customers. We'll review your payment plan in March like we do "
                      "every year, but nothing changes right now."),
            ("customer", "Oh okay, lovely, thanks for explaining."),
        ],
        "£38.50 a month",
        "thirty-eight fifty",
    ),
    (
        "md-t08",
        "trap",
        [
            ("customer", "Can you tell me when our next invoice is due?"),
            ("agent", "Sure! Your workspace is on the Pro plan, billed monthly at £12 per user. With 8 users, the "
                      "next invoice is £96 on 1 November."),
            ("customer", "Thanks."),
        ],
        [
            ("customer", "Why have you switched us to annual billing?? I never agreed to that and I don't want to "
                         "be charged for a whole year."),
            ("agent", "I completely understand the concern, but I've checked your account and you're definitely "
                      "still billed monthly on the Pro plan; nothing has changed. The email you got was a promotional "
                      "offer for annual billing with 20% off, which only applies if you choose to opt in."),
            ("customer", "Oh. Right, the email was really misleading then. Fine, leave it as it is."),
            ("agent", "Will do, and I'll pass that feedback on to our marketing team."),
        ],
        "monthly",
        "annual billing",
    ),
    (
        "md-t09",
        "trap",
        [
            ("customer", "Hi, could you tell me who Noah's class teacher is this year? Sorry, I missed the welcome "
                         "letter."),
            ("agent", "Hi Mrs Clarke, no problem! Noah is in Year 3, Hazel class, and his teacher is Mr Osei. Miss "
                      "Gray is the teaching assistant."),
            ("customer", "Thank you!"),
        ],
        [
            ("customer", "Hi, when Noah was in Willow class last year, Mrs Dunn sent reading records home on "
                         "Fridays. Is that still a thing this year?"),
            ("agent", "Hi Mrs Clarke, in Year 3 the reading records go home on Mondays and come back on Thursdays. "
                      "Mr Osei will mention it in the next newsletter."),
            ("customer", "Great, thanks for letting me know."),
        ],
        "Hazel class",
        "Willow class",
    ),
    (
        "md-t10",
        "trap",
        [
            ("customer", "Hi, I need to book my next check-up please."),
            ("agent", "Hi Mrs Hughes. You're due your six-monthly check-up with your regular dentist, Dr Okafor. "
                      "The first available is Thursday 26 November at 10:40. Shall I book that?"),
            ("customer", "Yes please."),
        ],
        [
            ("agent", "Hi Mrs Hughes, it's Bethan from Parkside Dental. Just to let you know, Dr Okafor is on leave "
                      "next week, so your check-up on Thursday 26 November will be with Dr Lindqvist instead. That's "
                      "just for this appointment; you'll be back with Dr Okafor next time."),
            ("customer", "Oh that's fine, same time?"),
            ("agent", "Yes, same time, 10:40. See you then!"),
        ],
        "Dr Okafor",
        "Dr Lindqvist",
    ),
    (
        "md-t11",
        "trap",
        [
            ("customer", "Hey, can I bring a guest to the pool on Sunday?"),
            ("agent", "Hi Mark! Yes, as you're on Premium Plus you get 4 guest passes a month and you haven't used "
                      "any yet. Just show your app at reception."),
            ("customer", "nice one"),
        ],
        [
            ("customer", "Hi, my son's just turned 16. Can he get the Student membership? Needs to be in his name, "
                         "not mine."),
            ("agent", "Hi Mark! Yes, I've set up a separate Student membership for Ethan at £19.99 a month; he'll "
                      "get a welcome email to download the app. Your own Premium Plus membership stays exactly as it "
                      "is."),
            ("customer", "Great, he'll be chuffed."),
        ],
        "Premium Plus",
        "Student membership",
    ),
    (
        "md-t12",
        "trap",
        [
            ("customer", "Hi, my season ticket renewal is coming up, can I renew online?"),
            ("agent", "Hi Mr Ferreira! Yes, your annual season ticket for Reading to London Paddington expires on "
                      "30 October, and you can renew in your account from today. It'll load straight onto your "
                      "smartcard."),
            ("customer", "Great, thanks."),
        ],
        [
            ("customer", "Hi, on Tuesday I had to travel Oxford to London Paddington because I was staying with my "
                         "parents, so I bought a separate ticket. The train was 45 minutes late. Can I claim Delay "
                         "Repay on that?"),
            ("agent", "Sorry about the delay! Yes, you can claim on that ticket: a 30-59 minute delay gets 50% of "
                      "the single fare back. Just upload the ticket in the Delay Repay form. Your season ticket isn't "
                      "affected."),
            ("customer", "Will do, thanks."),
        ],
        "Reading to London Paddington",
        "Oxford to London Paddington",
    ),
]

ONE_OFFS = [
    (
        "md-o01",
        [
            ("customer", "my 17:42 just got cancelled 😡 can i get on the next one with the same ticket??"),
            ("agent", "Sorry about that! Yes, your ticket is valid on the next available service to the same "
                      "destination, including the 18:05. No need to change it."),
            ("customer", "ok thanks"),
        ],
    ),
    (
        "md-o02",
        [
            ("customer", "how do I export a board to CSV?"),
            ("agent", "Open the board, click the ⋯ menu at the top right, then choose Export → CSV. The file will "
                      "download straight away, and any filters you've applied are included."),
            ("customer", "got it, thanks!"),
        ],
    ),
    (
        "md-o03",
        [
            ("customer", "Hello, are the bin collections changing over Christmas?"),
            ("agent", "Hello! Yes, collections in the weeks of 21 and 28 December move one day later than usual. "
                      "The full calendar is on our website under Bins and Recycling."),
            ("customer", "Thank you, that's helpful."),
        ],
    ),
    (
        "md-o04",
        [
            ("customer", "Hi, can I bring my guitar on board as hand luggage, or do I need to check it in?"),
            ("agent", "Hi! A guitar in a soft case can go in the cabin if it fits in the overhead locker, but it "
                      "counts as your one cabin bag. If it's in a hard case it has to be checked in as a sports or "
                      "music item, which is £45 each way."),
            ("customer", "Ok, soft case it is, thanks!"),
        ],
    ),
    (
        "md-o05",
        [
            ("customer", "Hi, if I send a payment on Christmas Eve afternoon will it arrive the same day?"),
            ("agent", "Hi! Faster Payments arrive within a couple of hours, even on bank holidays, so yes. CHAPS "
                      "payments need to be made before 3:30pm on a working day."),
            ("customer", "Great, thanks"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "md-c03": "no fact holds '1st of each month': [('customer pays with direct debit', 'active')]",
    "md-c04": "no fact holds '2015 Ford Fiesta': [('customer drives a 2019 Skoda Octavia estate', 'active'), "
              "('customer works as an only driver', 'active')]",
    "md-c05": "no fact holds \"Hill's c/d\": []",
    "md-c07": "no fact holds 'Allow substitutions': [(\"customer's account preference is No substitutions\", "
              "'active')]",
    "md-c11": "no fact holds 'Monday and Wednesday': []",
    "md-t02": "no fact holds '9 Cedar Mews': []",
    "md-t04": "no fact holds 'Lifetime Standard': [('customer was thinking about going up to Lifetime Premier', "
              "'active')]",
    "md-t05": "no fact holds '18 Kingsley Road': [(\"customer's delivery did not turn up\", 'active'), "
              "('customer lives at 6 Beech Avenue', 'active')]",
    "md-t08": "no fact holds 'monthly': [('customer is on the Pro plan', 'active')]",
    "md-t09": "no fact holds 'Hazel class': []",
    "md-t12": "no fact holds 'Reading to London Paddington': []",
}

ARCHIVE = CaseArchive(tenant="blind-desk", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
