"""Consumer tech and subscriptions support archive (smart home and cameras, laptops and phones, cloud storage,
streaming, games, meal kits, pet food, car leasing, EV charging, bike share), written by a tester who had read no
product code: each customer has two chats about five weeks apart; a change, a trap that only looks like one, or a
one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 8, 3, 9, tzinfo=UTC)
SECOND = timedelta(days=35)

CASES = [
    # ---------------------------------------------------------------- changes
    (
        "con-c01",
        "change",
        [
            ("customer", "hi my phone backups keep failing?? says storage almost full 😩"),
            ("agent", "Hi Tom, sorry about that! I can see your account is on the 200 GB plan and you're "
                      "currently using 196 GB, which is why new uploads are paused. You can free up some "
                      "space or upgrade to a bigger plan."),
            ("customer", "ugh ok ill delete some old vids for now thx"),
            ("agent", "No problem! Once you're under 190 GB the backups will resume automatically. 👍"),
        ],
        [
            ("customer", "ok gave up deleting stuff lol. can u bump me to the 2tb one pls"),
            ("agent", "Of course, Tom! Done: your plan is now 2 TB at £8.99/month, starting today. You'll "
                      "see a prorated credit for the rest of this month on your next invoice."),
            ("customer", "legend ta"),
        ],
        "200 GB plan",
        "now 2 TB",
    ),
    (
        "con-c02",
        "change",
        [
            ("customer", "Dear Support Team,\n\nI hope this message finds you well. I am writing regarding my "
                         "account under the name Margaret Kowalski. I am currently subscribed to the Standard "
                         "with Ads plan at $7.99 CAD per month, and I have noticed that the advertisements "
                         "now appear in the middle of films rather than before them. Could you kindly "
                         "confirm whether this is expected?\n\nWith kind regards,\nMargaret Kowalski\n"
                         "Halifax, Nova Scotia"),
            ("agent", "Dear Ms. Kowalski,\n\nThank you for reaching out. Yes, since June mid-roll ads are "
                      "part of the Standard with Ads experience. We apologise for any inconvenience.\n\n"
                      "Best regards,\nRaj, Member Services"),
            ("customer", "Thank you, Raj, for the clear explanation. I shall consider my options.\n\n"
                         "Warmly,\nMargaret"),
        ],
        [
            ("customer", "Dear Support Team,\n\nFollowing our new television purchase, I would like to "
                         "upgrade my subscription to the Premium plan so that we may watch in 4K without any "
                         "advertisements. Please make this change effective immediately.\n\nMany thanks,\n"
                         "Margaret Kowalski"),
            ("agent", "Dear Ms. Kowalski,\n\nHappy to help. Your plan has been changed to Premium "
                      "($20.99 CAD/month), effective today. Ads are removed and 4K Ultra HD is enabled on up "
                      "to 4 screens. The difference for this billing period has been prorated.\n\n"
                      "Kind regards,\nElise, Member Services"),
            ("customer", "Wonderful, thank you Elise.\n\nMargaret"),
        ],
        "Standard with Ads",
        "changed to Premium",
    ),
    (
        "con-c03",
        "change",
        [
            ("agent", "thank you for calling Brightwatch support this is Dana how can I help you today"),
            ("customer", "yeah hi um so I've got uh three cameras on the account two outside and one in the "
                         "garage and the the garage one keeps going offline like every night"),
            ("agent", "okay I'm sorry to hear that let me pull it up okay yeah I see the garage cam it's "
                      "showing a weak wifi signal minus seventy eight so um could you try moving your router "
                      "or adding an extender"),
            ("customer", "oh okay yeah I got an extender somewhere I'll try that"),
            ("agent", "perfect and if it's still dropping just give us a call back"),
        ],
        [
            ("agent", "Brightwatch support this is Marcus"),
            ("customer", "hey yeah so I um I bought two more cameras for the backyard and the side gate so "
                         "that's five now and I wanna make sure they're all covered on the plan"),
            ("agent", "sure thing let me look okay I see both new ones registered so you've got five cameras "
                      "on the Plus plan now and all five get the thirty day video history"),
            ("customer", "awesome okay cool that's all I needed"),
        ],
        "three cameras",
        "five cameras",
    ),
    (
        "con-c04",
        "change",
        [
            ("customer", "Hello, I have problem with my notebook. It is a Dell XPS 13 9310 and since the last "
                         "BIOS update the fan is making very loud noise also when I only write emails."),
            ("agent", "Hello Mr. Becker, thanks for contacting Dell Support. I can see the XPS 13 9310 "
                      "registered on your account, warranty until 11/2026. Please try setting the thermal "
                      "profile to 'Quiet' in Dell Power Manager."),
            ("customer", "Ok I try this. Yes now it is better, thank you very much."),
            ("agent", "Glad to hear it! Have a nice day."),
        ],
        [
            ("customer", "Hello again. I have now a new laptop, XPS 15 9530, the old one I gave to my son "
                         "for university. Please can you register the new one on my account and remove the "
                         "old one? My son will make his own account."),
            ("agent", "Of course. Done, Mr. Becker: your account now lists the XPS 15 9530 (service tag "
                      "7HQ2KX3) as your registered device, with ProSupport until 08/2029. The old XPS 13 has "
                      "been removed from your account."),
            ("customer", "Perfect, danke!"),
        ],
        "XPS 13 9310",
        "XPS 15 9530",
    ),
    (
        "con-c05",
        "change",
        [
            ("customer", "Hi, my home charger isn't showing up in the ChargePoint Éire app anymore. It's a "
                         "Wallbox Pulsar Plus, 7.4 kW, it was fine until last week."),
            ("agent", "Hi Siobhán, thanks for getting in touch. I can see the Wallbox Pulsar Plus linked to "
                      "your account but it hasn't checked in since the 21st. Could you power-cycle it at the "
                      "breaker for 30 seconds?"),
            ("customer", "Did that, it's back now. Cheers!"),
            ("agent", "Brilliant, all green on our side too. Have a good one!"),
        ],
        [
            ("customer", "Hiya, we replaced the Wallbox with a myenergi zappi last week because we got solar "
                         "panels fitted. Can you link the new charger to my account so I still get the "
                         "night-rate reporting?"),
            ("agent", "No bother at all. I've removed the old unit and linked the new one: your home charger "
                      "on file is now a myenergi zappi v2.1, serial 21907734. Night-rate reporting is "
                      "switched on."),
            ("customer", "Class, thanks a million"),
        ],
        "Wallbox Pulsar Plus",
        "myenergi zappi",
    ),
    (
        "con-c06",
        "change",
        [
            ("agent", "Hi! I'm Pixel, the GameVault assistant 🤖 What can I help with?\n1) Purchases & refunds"
                      "\n2) Account & security\n3) Technical issues\n4) Talk to a person"),
            ("customer", "4"),
            ("agent", "Connecting you to a team member... You're chatting with Jordan."),
            ("customer", "hey i got charged twice for a $50 gift card top up"),
            ("agent", "Hey Liam, sorry about that! I can see your billing country is Australia and your "
                      "wallet is in AUD. The second A$50 charge was a duplicate, I've refunded it. Should be "
                      "back on your card in 3-5 business days."),
            ("customer", "sweet cheers"),
        ],
        [
            ("customer", "moved to manchester last month, need to switch my store region to the UK so i can "
                         "pay in pounds with my new monzo card"),
            ("agent", "Hi Liam! I've processed that for you. Your billing country is now United Kingdom and "
                      "your wallet currency is GBP. Your remaining A$12.40 balance was converted to £6.31. "
                      "Note you can change region again in 12 months."),
            ("customer", "perfect ta"),
        ],
        "billing country is Australia",
        "now United Kingdom",
    ),
    (
        "con-c07",
        "change",
        [
            ("customer", "Hi there, my box this week was missing the lime for the fish tacos lol. Not a huge "
                         "deal just letting you know"),
            ("agent", "Hi Kayla, thanks for letting us know! I've added a $5 credit. Just to confirm, "
                      "deliveries go to 14 Maple Crescent, Apt 3B, Columbus, OH 43215, correct?"),
            ("customer", "yep that's us!"),
            ("agent", "Great, all set. Enjoy your tacos! 🌮"),
        ],
        [
            ("customer", "Hi! We just moved 🎉📦 new address is 2207 Linden Ave, Cincinnati OH 45206. Can you "
                         "update it starting with next week's box please?"),
            ("agent", "Congrats on the move! Updated. Summary:\n- Delivery address: 2207 Linden Ave, "
                      "Cincinnati, OH 45206\n- Effective: box arriving Tue Sep 15\n- Delivery window: "
                      "8am-8pm (unchanged)"),
            ("customer", "amazing thank u!!"),
        ],
        "14 Maple Crescent",
        "2207 Linden Ave",
    ),
    (
        "con-c08",
        "change",
        [
            ("customer", "Hello, I am Ananya. My Labrador Bruno is on your adult chicken & rice kibble, we "
                         "give him 300 g per day as per the plan. This month's pack came with a torn bag."),
            ("agent", "Hi Ananya, so sorry about that! I can see Bruno's plan: adult chicken & rice, 300 g "
                      "per day, 9 kg delivered monthly to Indiranagar, Bengaluru. I'm sending a replacement "
                      "bag at no charge, it should reach you by Thursday."),
            ("customer", "Thank you so much, very kind."),
        ],
        [
            ("customer", "Hi, vet says Bruno has put on weight 🙈 she wants us to reduce his food to 240 g "
                         "a day. Can you change the plan accordingly?"),
            ("agent", "Of course! Done: Bruno's daily portion is now 240 g, and your monthly pack has been "
                      "adjusted to 7.2 kg. Your monthly price drops from ₹4,350 to ₹3,520 from the next "
                      "delivery. Good luck to Bruno!"),
            ("customer", "Super, thanks!"),
        ],
        "300 g per day",
        "240 g",
    ),
    (
        "con-c09",
        "change",
        [
            ("customer", "Good afternoon. The car of my subscription is making a beep sound when I open the "
                         "door, even with the car off. Is normal?"),
            ("agent", "Good afternoon, Mr. Oliveira! I can see your current vehicle is a Polestar 2 Long "
                      "Range, plate RIO4E21, on the 24-month plan. The beep is the pedestrian warning "
                      "sound check; a software update fixes it. I will schedule it remotely for tonight."),
            ("customer", "Ok, obrigado. Thank you."),
        ],
        [
            ("customer", "Hello, I want to do the swap of the car like we talked in the store. For the smaller "
                         "one, the Volvo EX30, it is easier to park in Copacabana."),
            ("agent", "Perfect, Mr. Oliveira. Swap complete: your subscription vehicle is now a Volvo EX30 "
                      "Plus, plate RJO7B55, monthly fee R$ 4.890. The Polestar was collected this morning."),
            ("customer", "Very good, thank you!"),
        ],
        "Polestar 2",
        "Volvo EX30",
    ),
    (
        "con-c10",
        "change",
        [
            ("customer", "Hello,\n\nI am having trouble signing in to my vault on a new laptop. The "
                         "verification code is sent to priya.nair@outlook.com, which I rarely check, and it "
                         "seems to expire before I find it.\n\nCould you advise?\n\nThanks,\nPriya Nair"),
            ("agent", "Hi Priya,\n\nThanks for writing in. Codes are valid for 10 minutes. I've resent one "
                      "to priya.nair@outlook.com just now. Alternatively you can approve the login from your "
                      "phone app.\n\nBest,\nTomasz | KeyNest Support"),
            ("customer", "Approved it from the phone, that worked. Thank you Tomasz!\n\nPriya"),
        ],
        [
            ("customer", "Hello again,\n\nI would like to change the email address on my account to "
                         "priya.n.works@gmail.com, as I no longer use Outlook.\n\nRegards,\nPriya Nair\n"
                         "Toronto, ON"),
            ("agent", "Hi Priya,\n\nAll done. Summary of changes:\n- Account email: priya.n.works@gmail.com "
                      "(verified)\n- Old address removed\n- Verification codes will now go to Gmail\n\n"
                      "Best,\nTomasz | KeyNest Support"),
            ("customer", "Perfect, thank you!"),
        ],
        "priya.nair@outlook.com",
        "priya.n.works@gmail.com",
    ),
    (
        "con-c11",
        "change",
        [
            ("customer", "why did my payment fail?? i have money in the account"),
            ("agent", "Hi Jack! Let me check. The card on file is a Visa ending in 4417, expiring 09/26. The "
                      "bank returned 'do not honour', so it's on their side. Could you give them a quick "
                      "call? We'll retry in 24 hrs."),
            ("customer", "ok called them, they had a fraud block on it. should go thru now"),
            ("agent", "Great, retried just now and it went through. Your Premium is all good! 🎧"),
        ],
        [
            ("customer", "hey my visa got cancelled after some dodgy charges (not u guys lol) new card is a "
                         "mastercard ending 0932"),
            ("agent", "No worries Jack! Your Mastercard ending 0932 is now your default payment method and "
                      "I've removed the old Visa. Next charge of A$13.99 is on the 14th."),
            ("customer", "cheers mate"),
        ],
        "Visa ending in 4417",
        "Mastercard ending 0932",
    ),
    (
        "con-c12",
        "change",
        [
            ("customer", "Hi, my porch lights are turning on at like 3pm instead of sunset. What's going on?"),
            ("agent", "Hi Derek! Looking at your Homebase hub, it's set to Pacific Time (America/Los_Angeles) "
                      "and your ZIP 97214, Portland. The sunset trigger is correct but the 'Porch on' "
                      "routine has a fixed 3:00 PM rule too. I've removed the duplicate rule."),
            ("customer", "Ah that's my fault, thanks!"),
        ],
        [
            ("customer", "Hey, we moved to Boston and all my routines are 3 hours off. I changed the address "
                         "in the app but the time is still wrong"),
            ("agent", "Sorry about that Derek! The address and time zone are separate settings. I've updated "
                      "it: hub time zone is now Eastern Time (America/New_York), location Boston, MA 02134. "
                      "All routines will run on Eastern from now on."),
            ("customer", "Nice, lights just came on at the right time. Thanks"),
        ],
        "Pacific Time",
        "Eastern Time",
    ),
    # ------------------------------------------------------------------ traps
    (
        "con-t01",
        "trap",
        [
            ("customer", "Hiya, I'm on Premium Family with my husband and our two kids. My daughter's account "
                         "keeps getting logged out, could you have a look?"),
            ("agent", "Hi Rachel! I can see Premium Family at £21.99/month with 4 members. Your daughter "
                      "Ellie's account had an old session on a school Chromebook. I've signed out all "
                      "devices, she just needs to log in again."),
            ("customer", "Lovely, thank you!"),
        ],
        [
            ("customer", "Quick question, not changing anything yet: hypothetically if the kids go off to uni "
                         "next year and it's just the two of us, would Duo work out cheaper?"),
            ("agent", "Good question! Duo is £17.99/month for two accounts at the same address, so you'd save "
                      "£4 a month. Nothing has been changed — you're still on Premium Family."),
            ("customer", "Thanks, will keep that in mind for next year."),
        ],
        "Premium Family",
        "Duo",
    ),
    (
        "con-t02",
        "trap",
        [
            ("customer", "Guten Tag, I want to know when my storage renews because I see a charge coming."),
            ("agent", "Hello Ms. Schneider! You're on the 2 TB plan, billed annually at €99.99. It renews "
                      "on 1 October. You currently use 1.4 TB."),
            ("customer", "Ok, thank you, that is fine."),
        ],
        [
            ("customer", "hello, what does the 5 TB plan cost? only asking for comparison, my colleague "
                         "has it. I do not need it i think, I use only 1.4 TB."),
            ("agent", "Hi! The 5 TB plan is €249.99 per year. Since you use 1.4 TB your current plan has "
                      "plenty of room. I haven't made any changes."),
            ("customer", "Ok then I stay. Danke."),
        ],
        "2 TB plan",
        "5 TB plan",
    ),
    (
        "con-t03",
        "trap",
        [
            ("customer", "hi can i swap wednesday's recipe? not a fan of mushrooms"),
            ("agent", "Hi Brianna! Sure, you're on the 2-person plan, 3 recipes a week. I've swapped the "
                      "mushroom risotto for the honey garlic chicken. 😊"),
            ("customer", "yay ty"),
        ],
        [
            ("customer", "hey so my roommate Jess wants her own 4-person box for family dinners w her "
                         "boyfriend's fam. she'd sign up on her own account right? mine stays the same"),
            ("agent", "Exactly! Jess can sign up with her own account and payment, and if she uses your "
                      "referral link you both get $40 off. Your plan isn't affected at all."),
            ("customer", "perfect sending her the link now"),
        ],
        "2-person plan, 3 recipes",
        "4-person box",
    ),
    (
        "con-t04",
        "trap",
        [
            ("customer", "Hello sir my payment of ₹119 is deducted 2 times this month kindly check"),
            ("agent", "Hello Rohit! I checked: you're on Premium Individual, billed monthly at ₹119. One of "
                      "the two deductions was a UPI autopay retry that got reversed by your bank today."),
            ("customer", "Ok got it, thank you sir"),
        ],
        [
            ("customer", "hi, how much is premium if i pay for full year? thinking of going annual maybe "
                         "after diwali, will let you know"),
            ("agent", "Hi Rohit! The annual plan is ₹1,189, about 2 months free. Whenever you're ready you "
                      "can switch from Account > Plan. For now nothing has changed."),
            ("customer", "ok will see 👍"),
        ],
        "billed monthly",
        "going annual",
    ),
    (
        "con-t05",
        "trap",
        [
            ("customer", "Hi, I got a notice that my subscription renews next week. Which card will be "
                         "charged?"),
            ("agent", "Hi Mathieu! The card on file is a Visa ending 2281, and it will be charged $59.88 "
                      "CAD for the Families plan on September 2."),
            ("customer", "Great, thanks."),
        ],
        [
            ("customer", "I tried to switch to my Amex ending 1009 to get the points but it keeps saying "
                         "declined. Is there a problem on your side?"),
            ("agent", "Hi Mathieu, I see two attempts that were declined by the issuer (code 05). Amex "
                      "sometimes blocks new merchants; you can call them to approve it. The Visa remains the "
                      "active payment method for now."),
            ("customer", "Ugh fine, guess I'll keep the Visa. Not worth the hassle."),
        ],
        "Visa ending 2281",
        "Amex ending 1009",
    ),
    (
        "con-t06",
        "trap",
        [
            ("customer", "hiya cant redeem my gift card says wrong region??"),
            ("agent", "Hi Callum! Your account region is set to United Kingdom, but the gift card was bought "
                      "in the US store, so it can't be redeemed. I'd suggest asking the sender for a "
                      "refund or swap."),
            ("customer", "ahh annoying ok thanks"),
        ],
        [
            ("customer", "im spending 6 months in são paulo for work, can i switch my store region to Brazil? "
                         "games are way cheaper there lol"),
            ("agent", "Hi Callum, sorry — I tried, but region changes to Brazil aren't available while you "
                      "have an active UK subscription and a UK payment method. Your region stays United "
                      "Kingdom, and everything you own works worldwide."),
            ("customer", "worth a shot 😂 cheers"),
        ],
        "region is set to United Kingdom",
        "Brazil",
    ),
    (
        "con-t07",
        "trap",
        [
            ("customer", "G'day, my ThinkPad X1 Carbon Gen 11 battery is swelling, the trackpad is lifting. "
                         "It's under warranty."),
            ("agent", "Hi Nathan, that's definitely a safety issue, please stop using it. I've booked an "
                      "onsite pickup for Thursday at your Brisbane address under Premier Support."),
            ("customer", "Thanks, appreciate the quick response."),
        ],
        [
            ("customer", "Hey, while my X1 is in the repair centre you sent me a loaner T14 Gen 4 for the "
                         "week. The wifi on the loaner keeps dropping, any tips?"),
            ("agent", "Hi Nathan! Try updating the Intel wifi driver from Lenovo Vantage on the loaner. "
                      "Good news, your X1 Carbon has its new battery and ships back Friday; please return "
                      "the loaner in the prepaid box."),
            ("customer", "Driver fixed it. Thanks!"),
        ],
        "X1 Carbon Gen 11",
        "T14 Gen 4",
    ),
    (
        "con-t08",
        "trap",
        [
            ("customer", "Hello, I was charged an overtime fee for a ride that was only 25 minutes."),
            ("agent", "Hi Aisha! I see your annual membership in Toronto includes 45-minute rides. The dock "
                      "at Queen & Spadina didn't register the return until 52 minutes. I've refunded the "
                      "$3.30 fee."),
            ("customer", "Thank you!"),
        ],
        [
            ("customer", "Hi! I'm in Montreal for work for the whole of October (not moving, just a long "
                         "project). Can I use my membership on the bikes there?"),
            ("agent", "Hi Aisha! Unfortunately memberships don't carry over to BIXI in Montreal, but you "
                      "can buy a 30-day pass there through their app. Your membership at home stays active "
                      "as usual."),
            ("customer", "Ok, I'll grab a pass there. Thanks!"),
        ],
        "Toronto",
        "Montreal",
    ),
    (
        "con-t09",
        "trap",
        [
            ("customer", "Hi, the courier left Mochi's food outside in the rain again. Can you add a "
                         "note please?"),
            ("agent", "Hi Ciara, sorry about that! I've added 'leave in porch' to deliveries at 8 Elm Road, "
                      "Ranelagh, Dublin 6, D06 X2K4. I've also credited €6 for the soggy box."),
            ("customer", "Thanks a million"),
        ],
        [
            ("customer", "Hi! Can I send a one-off gift box to my friend Orla, she just adopted a kitten 🐱 "
                         "Address is 52 Kingsway, Salthill, Galway. Just this once, our own deliveries stay "
                         "at home."),
            ("agent", "Aw, lovely! Done: one kitten starter box to 52 Kingsway, Salthill, Galway, arriving "
                      "Thursday, charged €24.99 to your card. Your regular deliveries are unchanged."),
            ("customer", "Perfect!"),
        ],
        "8 Elm Road",
        "52 Kingsway",
    ),
    (
        "con-t10",
        "trap",
        [
            ("agent", "Brightwatch support this is Kim how can I help"),
            ("customer", "hi yeah um I just wanna make sure I'm being billed right I think I'm paying for more "
                         "than I have"),
            ("agent", "sure let me see okay so you've got 4 cameras on the Pro plan at nineteen ninety nine "
                      "a month and that covers up to ten cameras so you're billed right"),
            ("customer", "oh okay gotcha thanks"),
        ],
        [
            ("agent", "thanks for calling Brightwatch this is Omar"),
            ("customer", "hey so uh the clips are loading super slow lately like back when I only had 2 "
                         "cameras they loaded instantly and now it takes forever"),
            ("agent", "okay hmm yeah I see all of your cameras uploading fine on our end um it's probably the "
                      "app cache try clearing it under settings storage"),
            ("customer", "okay yeah that did it way faster thanks"),
        ],
        "4 cameras",
        "2 cameras",
    ),
    (
        "con-t11",
        "trap",
        [
            ("customer", "Hi, good morning. I would like to know when is the first revision of my car."),
            ("agent", "Bom dia, Ms. Ferreira! Your leased Kia EV6 GT-Line is due its first service at "
                      "10,000 km or 12 months. I can book it at the Kia Morumbi dealer for you."),
            ("customer", "Yes please, next Saturday in the morning."),
            ("agent", "Booked for Saturday 9:00 at Kia Morumbi."),
        ],
        [
            ("customer", "Hello, the GT-Line EV6 that I lease from you is at almost 20.000 km, it needs the "
                         "second service I think."),
            ("agent", "That's right, Ms. Ferreira! Your EV6 GT-Line is due the 20,000 km service. I've booked "
                      "Kia Morumbi again, Saturday 9:00. The tyre rotation is included."),
            ("customer", "Thank you very much!"),
        ],
        "Kia EV6 GT-Line",
        "GT-Line EV6",
    ),
    (
        "con-t12",
        "trap",
        [
            ("customer", "Hi there, what's included with my plan? I can't remember what I signed up for."),
            ("agent", "Hi Mei! You're on the Basic plan (A$4.99/month): 7-day cloud clip history for your "
                      "doorbell and motion alerts. Professional monitoring isn't included."),
            ("customer", "Ok that's fine for now, thanks."),
        ],
        [
            ("customer", "Hey, I signed up for the Pro Monitoring trial that was meant to start on the 1st, "
                         "but I cancelled it on the 28th before it started. Can you confirm I won't be "
                         "charged?"),
            ("agent", "Hi Mei, confirmed: the Pro Monitoring trial was cancelled before activation and never "
                      "started, so there's nothing to pay. You remain on Basic at A$4.99/month."),
            ("customer", "Great, thanks!"),
        ],
        "Basic plan",
        "Pro Monitoring trial",
    ),
]

ONE_OFFS = [
    (
        "con-o01",
        [
            ("customer", "Hi, the rapid charger at Tesco Extra Cambridge stopped after 2 minutes but I got "
                         "charged £18.40. Session ID 88213-K."),
            ("agent", "Hi, sorry about that! I can see the session ended with a connector fault after "
                      "0.6 kWh. I've refunded the £18.40 in full; it'll show in 3-5 working days."),
            ("customer", "Thanks for sorting it."),
        ],
    ),
    (
        "con-o02",
        [
            ("customer", "my box came a day late and the ice packs were all melted, meat was warm 🤢"),
            ("agent", "Oh no, I'm really sorry! Please don't eat the meat. The courier had a depot delay in "
                      "Parramatta yesterday. I've added a A$25 credit and refunded the two meat recipes."),
            ("customer", "ok thanks appreciate it"),
        ],
    ),
    (
        "con-o03",
        [
            ("customer", "Hello, password reset link is saying expired, I clicked it immediately only"),
            ("agent", "Hello! Sorry for the trouble. Sometimes email scanners open the link first. I've sent "
                      "a fresh reset link valid for 30 minutes, please open it in the same browser."),
            ("customer", "Done, able to login now. Thanks"),
            ("agent", "Great! Have a nice day."),
        ],
    ),
    (
        "con-o04",
        [
            ("customer", "Since the 5.2.1 app update the live view crashes as soon as I open it. iPhone."),
            ("agent", "Thanks for reporting! This is a known bug in 5.2.1 on iOS; a hotfix (5.2.2) is "
                      "rolling out today. Until then, turning off 'Picture in Picture' in app settings "
                      "stops the crash."),
            ("customer", "That workaround works, thanks."),
        ],
    ),
    (
        "con-o05",
        [
            ("customer", "Hi, I used the code WELCOME30 when buying the movie bundle but it charged full "
                         "price R$ 79,90"),
            ("agent", "Hello! I checked and the code was valid but didn't apply because of a checkout error. "
                      "I've refunded R$ 23,97, the 30% discount, to your original payment method."),
            ("customer", "Ok, thank you!"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "con-c01": "no fact holds 'now 2 TB'; stored: customer is on the 200 GB plan (closed); customer is on the 2"
               " TB plan (active)",
    "con-c02": "no fact holds 'Standard with Ads'; stored: customer would like to upgrade their subscription to"
               " the Premium plan (active); customer is on the Standard plan (closed)",
    "con-c03": "no fact holds 'three cameras'; stored: customer is on the Plus plan (active); customer has 3 "
               "cameras (active)",
    "con-c05": "no fact holds 'Wallbox Pulsar Plus'; stored: customer's home charger is myenergi zappi v2.1, "
               "serial 21907734 (active)",
    "con-c06": "no fact holds 'now United Kingdom'; stored: customer's billing country is Australia (closed); "
               "customer's wallet currency is GBP (active); customer's billing country is United Kingdom "
               "(active); customer needs to switch their store region to the UK (active)",
    "con-c08": "no fact holds '300 g per day'; stored: customer is on the Bruno's plan (active)",
    "con-c12": "no fact holds 'Pacific Time'; stored: customer lives in Boston (active)",
    "con-t04": "no fact holds 'billed monthly'; stored: customer is on the Premium Individual plan (active)",
    "con-t06": "no fact holds 'region is set to United Kingdom'; stored: nothing",
    "con-t08": "no fact holds 'Toronto'; stored: nothing",
    "con-t10": "no fact holds '4 cameras'; stored: customer only had 2 cameras (active); customer is on the Pro"
               " plan (active)",
}

ARCHIVE = CaseArchive(tenant="blind-gadgets", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
