"""Home services, lettings, transport passes, ride-hailing, parking, moving and storage, newspapers, charities,
streaming, fitness, pharmacies and council waste support archive, written by a tester who had read no product code:
each customer has two chats a month apart; a change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 10, 5, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "hm-c01",
        "change",
        [
            ("customer", "Hi there,\n\nI've just had my annual boiler service booked for the 14th and wanted to "
                         "check what I'm actually covered for. My policy number is BC-2210487.\n\nMany "
                         "thanks,\nGillian Harrow\n42 Pennine Way, Halifax"),
            ("agent", "Hello Gillian, thanks for getting in touch. I can see policy BC-2210487 is on HomeCare "
                      "Essentials, which covers your annual service plus boiler breakdown repairs up to £1,000 per "
                      "claim. It doesn't include radiators, pipework or drains. Your engineer will arrive between 8am "
                      "and 1pm on the 14th.\n\nKind regards,\nSanjay\nCustomer Care"),
            ("customer", "Thanks Sanjay, that's very clear."),
        ],
        [
            ("customer", "Hello again,\n\nAfter last winter's radiator fiasco I'd like to move up to the plan that "
                         "covers the whole heating system. Can you sort that from next month's "
                         "payment?\n\nBest,\nGillian Harrow"),
            ("agent", "Hi Gillian, all done. From 1 November policy BC-2210487 is on HomeCare Complete at £24.50 a "
                      "month (previously £16.00). That adds radiators, pipework and heating controls. Your new policy "
                      "schedule is on its way by email.\n\nRegards,\nMegan"),
            ("customer", "Perfect, thank you Megan."),
        ],
        "HomeCare Essentials",
        "HomeCare Complete",
    ),
    (
        "hm-c02",
        "change",
        [
            ("customer", "hi can u confirm when the window guy comes, keep forgetting to leave the side gate open"),
            ("agent", "Hi! You're booked in for a window clean every other Tuesday, next one is 13 Oct. Front, back "
                      "and the conservatory roof, £22 a visit."),
            ("customer", "gr8 ta"),
        ],
        [
            ("customer", "hiya, im working from home tuesdays now and the ladder noise drives me mad on calls lol, "
                         "any chance u can come fridays instead"),
            ("agent", "No problem at all! I've moved you onto a different round so from now on it'll be every other "
                      "Friday, first visit 6 Nov. Price stays at £22."),
            ("customer", "legend thx"),
        ],
        "every other Tuesday",
        "every other Friday",
    ),
    (
        "hm-c03",
        "change",
        [
            ("agent", "Thanks for calling Metrolink Passes, you're speaking with Dean, how can I help?"),
            ("customer", "Hi, yeah, um, my annual pass renewal letter came through and I just wanna check it's, "
                         "like, the right one before it goes out?"),
            ("agent", "Sure, let me just pull that up... right, so I've got you on an annual Zone 2-4 pass, "
                      "renewing on the 1st of November, £1,284 by direct debit. Does that sound right?"),
            ("customer", "Yeah, yeah that's the one, cheers."),
        ],
        [
            ("customer", "Hiya, er, so I've changed jobs and I'm commuting into the city centre now, so, um, my "
                         "current pass doesn't actually get me there."),
            ("agent", "Ah okay, no worries. What we can do is upgrade the annual mid-term and you just pay the "
                      "difference... okay, that's gone through. You're now on Zone 1-4, valid straight away, and the "
                      "extra £212 comes out with your next direct debit."),
            ("customer", "Brilliant. And the card just works? I don't need a new one?"),
            ("agent", "Same card, it'll update the next time you tap in."),
        ],
        "Zone 2-4",
        "Zone 1-4",
    ),
    (
        "hm-c04",
        "change",
        [
            ("agent", "Hi, I'm Zippy, RideNow's virtual assistant 🤖 What can I help you with today?"),
            ("customer", "receipt for my trip last night"),
            ("agent", "I've emailed the receipt for your trip on 4 Oct (£18.40) to the address on your account. It "
                      "was charged to Visa ending 4417. Anything else?"),
            ("customer", "no thats it"),
        ],
        [
            ("agent", "Hi, I'm Zippy, RideNow's virtual assistant 🤖 What can I help you with today?"),
            ("customer", "change payment card. talk to human"),
            ("agent", "Connecting you to an agent now...\n\nHi, this is Priya from RideNow. I see you'd like to "
                      "update your payment method?"),
            ("customer", "yes i want to use my amex from now on, Amex ending 1009. already added it in the app but "
                         "it keeps trying the old visa"),
            ("agent", "Got it. I've removed the old Visa and set Amex ending 1009 as your default, so all future "
                      "trips will be charged to it."),
        ],
        "Visa ending 4417",
        "Amex ending 1009",
    ),
    (
        "hm-c05",
        "change",
        [
            ("customer", "Hello, I try to pay parking in Kingsway car park but app say my car is not registered. "
                         "Please help me"),
            ("agent", "Hi there, sorry about that. I can see one vehicle on your ParkEasy account, registration "
                      "KY19 PTO. Is that the car you're parked in today?"),
            ("customer", "Yes is this car, grey Skoda."),
            ("agent", "Thanks. We had a short outage this morning - please try again now, it should accept the "
                      "payment."),
        ],
        [
            ("customer", "Good morning. I sold my Skoda last week and now I have new car, Toyota Yaris. The number "
                         "is LR71 XBN. Please change in my account, I don't want get fine."),
            ("agent", "Morning! I've replaced KY19 PTO with LR71 XBN on your account, so any sessions you start "
                      "from today will be for the Yaris."),
            ("customer", "Thank you very much, you are very kind."),
        ],
        "KY19 PTO",
        "LR71 XBN",
    ),
    (
        "hm-c06",
        "change",
        [
            ("customer", "Dear SafeStore team,\n\nCould you please confirm the access hours over half-term? I'll be "
                         "collecting some bits from storage on the 28th.\n\nRegards,\nTomasz Wiśniewski"),
            ("agent", "Dear Tomasz,\n\nThank you for your email. Your unit, Unit B14 (35 sq ft) at our Croydon "
                      "store, is accessible 6am-10pm every day including half-term. Your gate code is "
                      "unchanged.\n\nKind regards,\nElaine Foster\nStore Manager, Croydon"),
        ],
        [
            ("customer", "Dear Elaine,\n\nWe're clearing out my late father's house and I need a lot more space "
                         "than I have now. Is there anything around 100 sq ft available?\n\nThanks,\nTomasz"),
            ("agent", "Dear Tomasz,\n\nI'm so sorry for your loss. I've transferred your rental to Unit D03 (100 sq "
                      "ft, ground floor, drive-up access) from today. B14 will be released once you've moved your "
                      "things across. Your new monthly rate is £118.\n\nBest wishes,\nElaine Foster\nStore Manager, "
                      "Croydon"),
            ("customer", "Thank you Elaine, that's a great help."),
        ],
        "Unit B14",
        "Unit D03",
    ),
    (
        "hm-c07",
        "change",
        [
            ("agent", "Good afternoon, Hope for Paws supporter care, this is Lily speaking."),
            ("customer", "Oh hello, um, I just wanted to check my Gift Aid is set up, I'm never quite sure."),
            ("agent", "Of course. So I can see, er, you give £15 a month by direct debit on the 3rd, and yes, Gift "
                      "Aid is on, so we claim an extra 25p for every pound."),
            ("customer", "Oh lovely, that's good, thank you dear."),
        ],
        [
            ("customer", "Hello, it's Margaret Dunn again, um, I've had a little lump sum from my pension and I'd "
                         "like to give a bit more to the dogs."),
            ("agent", "Oh that's so kind of you, Margaret. How much were you thinking?"),
            ("customer", "Could we make it twenty-five? Twenty-five pounds a month."),
            ("agent", "Lovely, that's updated - from next month it'll be £25 a month, still on the 3rd, and Gift "
                      "Aid stays on. You'll get a letter confirming it."),
        ],
        "£15 a month",
        "£25 a month",
    ),
    (
        "hm-c08",
        "change",
        [
            ("customer", "hey, can I add my girlfriend to my account? does it cost more"),
            ("agent", "Hi! You're already on the Duo plan, which covers two accounts at £16.99/month, so you can "
                      "invite her from Settings > Manage members at no extra cost."),
            ("customer", "oh nice didn't know that, thanks"),
        ],
        [
            ("customer", "hi, my girlfriend's two kids live with us now so we need more accounts"),
            ("agent", "Done! Summary of today's changes:\n• Plan changed: Duo -> Family (up to 6 accounts)\n• New "
                      "price: £19.99/month from your next billing date, 22 Nov\n• Parental controls available for the "
                      "new child accounts under Settings\n• Existing playlists and downloads unaffected"),
            ("customer", "perfect ta"),
        ],
        "Duo plan",
        "Family",
    ),
    (
        "hm-c09",
        "change",
        [
            ("customer", "My step count keeps resetting at like 3pm every day instead of midnight??"),
            ("agent", "Sorry about that! I can see you've got a Pulse 3 paired to your account. It's usually a "
                      "timezone setting - in the app go to Device > Pulse 3 > Time & Date and turn on 'Use phone time "
                      "zone'."),
            ("customer", "that fixed it cheers"),
        ],
        [
            ("customer", "got a Pulse 4 Pro for my birthday, do i need to unpair the old one first or will my data "
                         "move over"),
            ("agent", "Happy birthday! Nothing special needed - I've checked and your new Pulse 4 Pro is now "
                      "showing as your active device, and the old one has been archived with all its history kept."),
            ("customer", "oh great its already synced, brilliant"),
        ],
        "Pulse 3",
        "Pulse 4 Pro",
    ),
    (
        "hm-c10",
        "change",
        [
            ("customer", "Hi, is my repeat prescription ready? Its the amlodipine and the atorvastatin as usual"),
            ("agent", "Hello, let me check... Your repeat was sent to your nominated pharmacy, Hallam Road "
                      "Pharmacy, yesterday. They usually have it ready within 48 hours."),
            ("customer", "OK thanks I'll pop in tomorrow"),
        ],
        [
            ("customer", "Hello, Hallam Road keep running out of my tablets and they close at lunchtime now. Can "
                         "you send my prescriptions somewhere else please? Greenway Chemist near the Co-op would be "
                         "ideal."),
            ("agent", "Of course. I've changed your nomination, so from now on all your repeat prescriptions go "
                      "electronically to Greenway Chemist, 4 Station Parade. Your next one is due 12 Nov."),
            ("customer", "Thank you, much appreciated"),
        ],
        "Hallam Road Pharmacy",
        "Greenway Chemist",
    ),
    (
        "hm-c11",
        "change",
        [
            ("customer", "hi, I'm a tenant at 9b Fairfield Road, didn't get the gas safety cert you said you'd "
                         "send?"),
            ("agent", "Hi Rita, apologies - I've just resent the Gas Safety Certificate to r.okafor@gmail.com. "
                      "Could you check your spam folder if it's not there in 10 minutes?"),
            ("customer", "got it, was in spam. thanks"),
        ],
        [
            ("customer", "Hi, I've stopped using my old gmail since it got hacked, can you put "
                         "rita.okafor@outlook.com on my tenancy file instead? For inspection notices etc"),
            ("agent", "Sorry to hear that Rita. I've updated the contact email on your tenancy to "
                      "rita.okafor@outlook.com and sent a test message. The gmail address has been removed "
                      "completely."),
            ("customer", "Received it, thanks!"),
        ],
        "r.okafor@gmail.com",
        "rita.okafor@outlook.com",
    ),
    (
        "hm-c12",
        "change",
        [
            ("customer", "Saturday paper didnt come AGAIN!!"),
            ("agent", "Sorry about that. I can see your Weekend Times delivery to 14 Alder Close, Harrogate. I've "
                      "reported it to your newsagent and credited £3.20 to your account."),
            ("customer", "ok"),
        ],
        [
            ("customer", "Hi, I moved to a new flat last weekend, please send the papers to Flat 3, 88 Mill Lane, "
                         "Harrogate HG1 4TR from this Saturday."),
            ("agent", "Thanks for letting us know. Your delivery address is now Flat 3, 88 Mill Lane, HG1 4TR, and "
                      "we've passed it to the newsagent covering that street. First delivery there will be Saturday 7 "
                      "Nov."),
            ("customer", "great"),
        ],
        "14 Alder Close",
        "Flat 3, 88 Mill Lane",
    ),
    (
        "hm-t01",
        "trap",
        [
            ("customer", "hi when is next mow? grass is looking long"),
            ("agent", "Hi Nadia, you're on our fortnightly cut plan, next visit Monday 12th. The crew will do the "
                      "edges and clear the clippings too."),
            ("customer", "thanks"),
        ],
        [
            ("customer", "how much would it be to go weekly next summer? it was growing like crazy this year"),
            ("agent", "Weekly cuts would be £28 a visit, so roughly £112 a month against the £60 you pay now. Want "
                      "me to note that for April?"),
            ("customer", "hmm thats nearly double. leave it as is, ill think about it"),
            ("agent", "No problem, your plan stays exactly as it is."),
        ],
        "fortnightly",
        "weekly",
    ),
    (
        "hm-t02",
        "trap",
        [
            ("agent", "SecureLine Alarms, Ben speaking. Can I take your account number?"),
            ("customer", "Yes, it's SL-55021. I just want to check who you ring if the alarm goes off."),
            ("agent", "So I've got the primary keyholder as yourself, Mr Patel, on 07700 900412, and the second "
                      "keyholder as Anjali Patel on 07700 900413."),
            ("customer", "Great, that's all correct."),
        ],
        [
            ("customer", "Hi, we're off to India for three weeks from Friday. While we're away, could you ring my "
                         "neighbour Colin first, on 07700 900877? He's got a key."),
            ("agent", "Absolutely. I've added Colin as a temporary first-call keyholder on 07700 900877 from Friday "
                      "6th to Friday 27th November. After that it reverts automatically to you on your usual number."),
            ("customer", "Perfect, thanks."),
        ],
        "07700 900412",
        "07700 900877",
    ),
    (
        "hm-t03",
        "trap",
        [
            ("customer", "my black bin wasnt emptied today, its still sat outside"),
            ("agent", "Hi, sorry about that. Your general waste collection at 31 Hazel Grove is every Wednesday. "
                      "The crew reported a blocked road this morning, so they'll come back tomorrow before 3pm - "
                      "please leave the bin out."),
            ("customer", "ok thanks"),
        ],
        [
            ("customer", "Hi, there's a sign up saying roadworks on our street next week, does that change when the "
                         "bins go?"),
            ("agent", "Good question. Because of the resurfacing on Hazel Grove, next week only your bins will be "
                      "collected on Thursday. The week after it's back to your normal day."),
            ("customer", "Ah OK, just the once then. Cheers"),
        ],
        "every Wednesday",
        "Thursday",
    ),
    (
        "hm-t04",
        "trap",
        [
            ("customer", "Hello, I'd like to confirm the details for the move on Saturday."),
            ("agent", "Of course. I have you moving from 6 Poplar Street to 27 Birch Avenue, Norwich, on Saturday "
                      "10 Oct, three-man crew arriving 8am. The balance of £640 is due on the day."),
            ("customer", "That's right, thanks."),
        ],
        [
            ("customer", "Hi, the move went really well, thank you! Quick question: if my partner gets the job in "
                         "Leeds we might have to move again next spring. Would you do a long-distance move like that, "
                         "and roughly what would it cost from Birch Avenue?"),
            ("agent", "So glad it went smoothly! Yes, we cover Norwich to Leeds. For a similar-sized home it'd be "
                      "roughly £1,400-£1,700. Just get in touch when you know and we'll arrange a survey."),
            ("customer", "Great, will do. Nothing decided yet!"),
        ],
        "27 Birch Avenue",
        "Leeds",
    ),
    (
        "hm-t05",
        "trap",
        [
            ("customer", "Hi, my travel card got declined on the tram, can you check my pass is active?"),
            ("agent", "Hi Jordan, your monthly Zone 1-2 pass is active until 31 Oct. The decline was a reader fault "
                      "at Market Square, so I've refunded the £2.40 you paid."),
            ("customer", "nice one"),
        ],
        [
            ("customer", "hey, my flatmate Ellie is on my account as a linked card, she's starting a job at the "
                         "airport so needs Zones 1-6 on her pass. can i sort that for her"),
            ("agent", "Yes, as account holder you can. I've updated Ellie's linked card to Zones 1-6 from 1 Nov at "
                      "£186/month. Your own pass stays as it is."),
            ("customer", "great thanks"),
        ],
        "Zone 1-2",
        "Zones 1-6",
    ),
    (
        "hm-t06",
        "trap",
        [
            ("customer", "Hello, your technician visited yesterday for the rats but didn't leave a report"),
            ("agent", "Hi Mr Collins, apologies. You're on our quarterly inspection plan for the restaurant at 12 "
                      "Dock Street. I've emailed yesterday's report over now, and your next visit is 8 January."),
            ("customer", "Got it, thank you."),
        ],
        [
            ("customer", "Hi, I'm on the monthly plan now aren't I? When's the next visit?"),
            ("agent", "Let me check... Actually no, your account is still on the quarterly plan. Monthly was only "
                      "quoted to you after the kitchen sighting; it was never confirmed. Next visit is still 8 "
                      "January. Would you like me to change it?"),
            ("customer", "Ah, my mistake. No, leave it as it is."),
        ],
        "quarterly",
        "monthly plan",
    ),
    (
        "hm-t07",
        "trap",
        [
            ("customer", "Hi, I need to book my annual eye test. Can it be at my usual branch?"),
            ("agent", "Of course, Mrs Ahmed. Your home branch is Kingsgate Opticians on Kingsgate Street. I've "
                      "booked you in for Tuesday 20 Oct at 10:30 with Mr Lowe."),
            ("customer", "Lovely, thanks."),
        ],
        [
            ("customer", "Hello, a lens fell out of my glasses on holiday and I had to get an emergency repair at "
                         "your Market Street branch in Exeter last week. They charged me £15 - isn't that covered by "
                         "my care plan?"),
            ("agent", "Sorry to hear that! Yes, repairs are covered, so I've refunded the £15 to your card. The "
                      "Exeter visit is on your record as a one-off; your home branch is still Kingsgate for "
                      "appointments and collections."),
            ("customer", "Oh good, thank you."),
        ],
        "Kingsgate Opticians",
        "Market Street branch",
    ),
    (
        "hm-t08",
        "trap",
        [
            ("customer", "hi the app says my ride pass expired but i paid on monday??"),
            ("agent", "Hi Sam! Your 30-day Ride Pass for Bristol renewed on Monday - there was a sync delay. Log "
                      "out and back in and it'll show as active until 4 Nov."),
            ("customer", "yep works now"),
        ],
        [
            ("customer", "hey so i was up in Manchester at the weekend and used one of your scooters there. got "
                         "charged £7.80 for a 10 min ride, thought my pass covered it??"),
            ("agent", "Hi Sam, your Ride Pass only covers Bristol, so rides in other cities are pay-as-you-go. As a "
                      "one-off I've refunded the £7.80. Your pass itself is unchanged."),
            ("customer", "ah fair, thanks for the refund"),
        ],
        "Bristol",
        "Manchester",
    ),
    (
        "hm-t09",
        "trap",
        [
            ("customer", "Hello, could you send me a statement of my donations for my tax return please?"),
            ("agent", "Hi Mr Okoro, certainly. You've been giving £10 a month to Clearwater Trust by direct debit "
                      "since March 2021. I've emailed your annual statement including the Gift Aid total."),
        ],
        [
            ("customer", "Hi, um, I got your letter about the winter appeal, and I was thinking, er, maybe I'd go "
                         "up to £20 a month?"),
            ("agent", "That would be wonderful. Shall I go ahead and make that change?"),
            ("customer", "Actually, hmm, you know what, with energy bills the way they are... let's leave it where "
                         "it is for now. Sorry."),
            ("agent", "Not at all, no need to apologise. Your direct debit stays exactly as it is, and thank you "
                      "for your continued support."),
        ],
        "£10 a month",
        "£20 a month",
    ),
    (
        "hm-t10",
        "trap",
        [
            ("customer", "Hi, when is rent due each month? I've just set up my standing order and want to get it "
                         "right."),
            ("agent", "Hi Kwame, under your tenancy rent of £1,150 is due on the 1st of each month into the client "
                      "account ending 7731."),
            ("customer", "Perfect, thanks."),
        ],
        [
            ("customer", "Hi, my salary's been delayed this month because of a payroll problem at work. Could I pay "
                         "November's rent on the 8th instead? It's a one-off, normal after that."),
            ("agent", "Thanks for telling us in advance, Kwame. I've noted that November's rent will arrive on the "
                      "8th with no late fee. From December it's back to the usual date as per your tenancy."),
            ("customer", "Really appreciate it."),
        ],
        "the 1st",
        "the 8th",
    ),
    (
        "hm-t11",
        "trap",
        [
            ("customer", "cant find the yoga classes in the app"),
            ("agent", "Hi! Yoga is included in your Premium annual membership - tap Classes > Mind & Body. If it's "
                      "not showing, update the app to version 6.2."),
            ("customer", "found it thx"),
        ],
        [
            ("customer", "whats the diff between premium and elite and how much is elite"),
            ("agent", "Elite adds 1:1 coaching sessions and personalised nutrition plans. It's £149.99/year vs your "
                      "current £89.99/year. You can upgrade any time and we'd pro-rata it."),
            ("customer", "ok just asking for now, cheers"),
        ],
        "Premium annual",
        "Elite",
    ),
    (
        "hm-t12",
        "trap",
        [
            ("customer", "i never got the password reset email??"),
            ("agent", "Hi Dan, I've just resent it to dan.mercer@gmail.com - it can take a couple of minutes. Check "
                      "your Promotions tab too."),
            ("customer", "got it"),
        ],
        [
            ("customer", "want to change my login email to dmercer@proton.me"),
            ("agent", "I tried to update it, but dmercer@proton.me is already linked to another account on our "
                      "side, so the change couldn't go through. Your login is still dan.mercer@gmail.com. If you "
                      "close the other account or pick a different address I can try again."),
            ("customer", "ugh thats an old account, ill sort it later"),
        ],
        "dan.mercer@gmail.com",
        "dmercer@proton.me",
    ),
]

ONE_OFFS = [
    (
        "hm-o01",
        [
            ("customer", "driver never showed up and i still got charged a £5 cancellation fee?? waited 15 mins in "
                         "the rain"),
            ("agent", "Really sorry about that. I can see the driver's GPS never got closer than a mile from the "
                      "pickup point, so I've refunded the £5 fee. It'll be back on your card in 3-5 working days."),
            ("customer", "ok thanks"),
        ],
    ),
    (
        "hm-o02",
        [
            ("customer", "Recycling wasn't collected on our street this morning, all the blue bins are still out."),
            ("agent", "Thanks for reporting it. The crew's vehicle broke down partway through the round. We've "
                      "logged a missed collection for the street and a crew will come back tomorrow. Please leave the "
                      "bins out."),
            ("customer", "Thank you."),
        ],
    ),
    (
        "hm-o03",
        [
            ("customer", "Hello, the app charged me twice for the same parking yesterday, £4.60 two times at the "
                         "station car park."),
            ("agent", "Hi, apologies for that. I can see a duplicate session created at 08:12 when the app timed "
                      "out. I've cancelled the second one and refunded £4.60 to your card."),
            ("customer", "Ok good, thanks."),
        ],
    ),
    (
        "hm-o04",
        [
            ("agent", "Emergency line, you're speaking to Carl. What's happened?"),
            ("customer", "Hi, um, the boiler's just, like, cut out and it's showing an F28 code and I've got a baby "
                         "in the house, so, er, is there any chance someone can come tonight?"),
            ("agent", "Right, with a baby at home we treat that as priority. I've got an engineer who can be with "
                      "you between 7 and 9 tonight. He'll ring 30 minutes before. In the meantime, check the gas is "
                      "on at the meter."),
            ("customer", "Oh thank god. Thank you so much."),
        ],
    ),
    (
        "hm-o05",
        [
            ("customer", "Hi I left my backpack on the number 18 bus this afternoon, black North Face, laptop "
                         "inside. Has anyone handed it in?"),
            ("agent", "Hi, good news - a black North Face backpack was handed in at Riverside depot at 4:40pm. You "
                      "can collect it tomorrow between 9am and 5pm with photo ID. There's no charge."),
            ("customer", "Amazing, thank you!!"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "hm-c02": "no fact holds 'every other Tuesday': []",
    "hm-c04": "no fact holds 'Visa ending 4417': [('customer pays with their Amex', 'closed'), ('customer pays with "
              "the Amex ending 1009', 'active')]",
    "hm-c05": "no fact holds 'KY19 PTO': [('customer drives a car, Toyota Yaris', 'active')]",
    "hm-c06": "no fact holds 'Unit B14': [(\"customer's monthly rate is £118\", 'active')]",
    "hm-c07": "no fact holds '£15 a month': []",
    "hm-c09": "no fact holds 'Pulse 3': [('customer is on the Pulse 4 Pro plan', 'active')]",
    "hm-t02": "no fact holds '07700 900412': []",
    "hm-t04": "no fact holds '27 Birch Avenue': []",
    "hm-t08": "no fact holds 'Bristol': []",
    "hm-t10": "no fact holds 'the 1st': [('customer pays with their standing order', 'active')]",
}

ARCHIVE = CaseArchive(tenant="blind-homes2", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
