"""A chat-widget archive: streaming, meal kits, gyms, online shops, pet insurance and phone retailers.

Customers type one or two short casual sentences a turn, mostly lower case; agents answer in one to three
sentences. Each case is one customer's first chat, which states a value plainly, and a chat some weeks later:
either a change (the customer's own words in many shapes, a few agent-led) or a trap that must close nothing
(a plan, a hypothetical, someone else's value, a short stay, a question about another option, a complaint, a
denial, a restatement, "used to", a declined offer, news about another attribute). The one-offs are single
chats that ask for something once and leave nothing that should stay active.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # ---- changes ----
    ("widget-c01", "change",
     [("customer", "hi, im on the Standard plan and the app keeps logging me out"),
      ("agent", "Sorry about that! I can see your account is on the Standard plan. Try signing out on all "
                "devices from settings and logging back in."),
      ("customer", "ok that worked ta")],
     [("customer", "we've gone up to Premium so the kids can watch in 4k"),
      ("agent", "Lovely, I can see the Premium plan is live on your account now. 4K should show on any title "
                "with the badge."),
      ("customer", "great thanks")],
     "Standard", "Premium"),
    ("widget-c02", "change",
     [("customer", "box was late again. it goes to 22 Fennel Lane, Norwich"),
      ("agent", "Really sorry, I've got 22 Fennel Lane on the order and the courier logged a delay at the depot. "
                "I've added a credit for this week."),
      ("customer", "fine cheers")],
     [("customer", "hiya i moved to 9 Otter Close, Norwich last weekend"),
      ("customer", "can the boxes come there from now on"),
      ("agent", "Of course, welcome to the new place! Your deliveries will go to 9 Otter Close from your next "
                "box.")],
     "Fennel Lane", "Otter Close"),
    ("widget-c03", "change",
     [("customer", "my home club is Riverside, can i bring a guest on sunday"),
      ("agent", "Yes, Riverside allows one guest per visit on your membership. Just sign them in at the desk.")],
     [("customer", "swapped my home club to Northgate, its closer to work"),
      ("agent", "Thanks for letting us know. I can see Northgate set as your home club now, so the app will "
                "show their class timetable."),
      ("customer", "perfect")],
     "Riverside", "Northgate"),
    ("widget-c04", "change",
     [("customer", "hi our vet is Brookfield Vets, do they need to send the claim form or me"),
      ("agent", "Brookfield Vets can send the claim straight to us with their invoice attached. You'll get an "
                "email once it's in.")],
     [("customer", "not brookfield anymore, we use Hollytree Vets now"),
      ("agent", "No problem, I've noted Hollytree Vets as your practice. Any new claims can come from them."),
      ("customer", "thx")],
     "Brookfield", "Hollytree"),
    ("widget-c05", "change",
     [("customer", "my Galaxy S22 wont charge past 80%"),
      ("agent", "That can be the battery protection setting on the Galaxy S22. Have a look under battery, "
                "protect battery, and switch it off."),
      ("customer", "oh there it is. sorted")],
     [("customer", "the Pixel 9 is my new phone, can i move my insurance over to it"),
      ("agent", "Yes you can! I'll need the IMEI of the Pixel 9, you'll find it by dialling *#06#."),
      ("customer", "sent it in the form")],
     "Galaxy S22", "Pixel 9"),
    ("widget-c06", "change",
     [("customer", "why did my card ending 4417 get charged twice"),
      ("agent", "I can see two attempts on the card ending 4417, the first one failed and was reversed. It "
                "should vanish from your statement in 3-5 days.")],
     [("customer", "new card came, ends 8093. old one's cut up"),
      ("agent", "Thanks! I've put the card ending 8093 on your subscription, and next month's payment will go "
                "on that."),
      ("customer", "ta")],
     "4417", "8093"),
    ("widget-c07", "change",
     [("customer", "we get 4 meals a week, can one of them be veggie"),
      ("agent", "Sure, you can pick any mix for your 4 meals each week. Just choose from the green tab on the "
                "menu before thursday.")],
     [("customer", "kids left for uni so we're down to 2 meals a week now"),
      ("agent", "Aw, quiet house! I've set your box to 2 meals a week starting with the next delivery."),
      ("customer", "cheers")],
     "4 meals", "2 meals"),
    ("widget-c08", "change",
     [("customer", "hi im on the Monthly membership, whats the freeze fee"),
      ("agent", "On the Monthly membership a freeze is £5 a month, up to three months. You can set it up in "
                "the app.")],
     [("customer", "is it cheaper to pay for a year up front"),
      ("agent", "It works out about 20% cheaper than twelve monthly payments."),
      ("customer", "go on then switch me"),
      ("agent", "Done! I've switched you to the Annual membership, so from your next bill you're on Annual.")],
     "Monthly", "Annual"),
    ("widget-c09", "change",
     [("customer", "not getting the order emails. my email is jo.marsh@fastmail.com"),
      ("agent", "Thanks, jo.marsh@fastmail.com is what we have. I'd check your spam folder, our emails come from "
                "orders@ our domain.")],
     [("customer", "changed my email, its jo.marsh@proton.me now"),
      ("customer", "fastmail one is closed"),
      ("agent", "Done, your login and order emails will go to jo.marsh@proton.me from now on.")],
     "jo.marsh@fastmail.com", "jo.marsh@proton.me"),
    ("widget-c10", "change",
     [("customer", "delivery text never came. my mobile is 07700 900142"),
      ("agent", "I've got 07700 900142 on file, it looks like the courier's system had an outage. I've resent "
                "the tracking text.")],
     [("customer", "got a new number btw"),
      ("customer", "its 07700 900388 now"),
      ("agent", "Thanks for that! I've updated your mobile to 07700 900388 so the courier texts go there.")],
     "07700 900142", "07700 900388"),
    ("widget-c11", "change",
     [("customer", "hey we have Lifetime cover for our dog, does it cover dental"),
      ("agent", "Lifetime cover includes dental accidents but not routine cleaning. Your policy booklet has the "
                "full list.")],
     [("customer", "since last week we're on Accident Only, money's tight"),
      ("agent", "Understood, I can see the policy moved to Accident Only cover. Illness claims won't be covered "
                "from that date."),
      ("customer", "yeah i know ta")],
     "Lifetime", "Accident Only"),
    ("widget-c12", "change",
     [("customer", "my box comes on tuesday but nobody is in till 6"),
      ("agent", "Your deliveries are on Tuesday, and the courier can leave it in a safe place. Want me to add "
                "a note for the porch?"),
      ("customer", "yes please")],
     [("customer", "tuesdays arent working for us"),
      ("agent", "No worries, I've moved your delivery day to Friday. From next week your box arrives on "
                "Friday."),
      ("customer", "amazing")],
     "Tuesday", "Friday"),
    # ---- traps ----
    ("widget-t01", "trap",
     [("customer", "im on the Basic plan, why are there ads"),
      ("agent", "The Basic plan does include a few short ads per hour. The ad-free plans start at Standard.")],
     [("customer", "thinking about going Premium next month maybe"),
      ("agent", "Sounds good, you can change plan any time in account settings. It'd start from your next "
                "billing date."),
      ("customer", "ok will have a think")],
     "Basic", "Premium"),
    ("widget-t02", "trap",
     [("customer", "my home gym is Eastgate, is the pool open bank holiday"),
      ("agent", "Eastgate's pool is open 8 till 4 on bank holidays. The sauna is closed for repairs though.")],
     [("customer", "if i moved into the city could i use the Central club instead"),
      ("agent", "You could, any member can change home club once a month. Central has longer hours too."),
      ("customer", "cool good to know")],
     "Eastgate", "Central"),
    ("widget-t03", "trap",
     [("customer", "boxes go to 5 Heron Way, can the driver ring the bell"),
      ("agent", "Sure, I've added 'please ring the bell' to deliveries at 5 Heron Way.")],
     [("customer", "my sister just moved to 40 Quarry Road, Derby"),
      ("customer", "can i buy her a gift box"),
      ("agent", "What a lovely idea! You can send a gift box to any address from the gifts page, just pop in "
                "40 Quarry Road at checkout.")],
     "Heron Way", "Quarry Road"),
    ("widget-t04", "trap",
     [("customer", "hi my address is 18 Linden Court, Bath, the parcel said undeliverable"),
      ("agent", "Sorry about that, the courier had 18 Linden Crt without the postcode. I've fixed it and "
                "rebooked for tomorrow.")],
     [("customer", "im staying at my mums in Whitby for 2 weeks"),
      ("customer", "can you just pause my order till im home"),
      ("agent", "Of course, I've held the order and it'll go out to Linden Court when you're back. Enjoy "
                "Whitby!")],
     "Linden Court", "Whitby"),
    ("widget-t05", "trap",
     [("customer", "im on the 30GB plan and ran out already"),
      ("agent", "Your 30GB allowance resets on the 14th. I can add a 5GB booster for £3 if you need it now.")],
     [("customer", "what would the Unlimited plan cost me"),
      ("agent", "Unlimited is £22 a month on a 24 month deal, so £6 more than you pay now."),
      ("customer", "hmm ok ta")],
     "30GB", "Unlimited"),
    ("widget-t06", "trap",
     [("customer", "my excess is £99 right? want to claim for the cat's ear infection"),
      ("agent", "Yes, your excess is £99 per condition. Send us the vet's invoice and we'll take it from there.")],
     [("customer", "honestly £99 excess is way too much for a claim this small"),
      ("agent", "I hear you, that's frustrating. The excess is set when the policy starts, but I can pass on "
                "your feedback."),
      ("customer", "pls do")],
     "£99", "£99"),
    ("widget-t07", "trap",
     [("customer", "hi my card ending 2260 got declined"),
      ("agent", "I can see the decline on the card ending 2260, it was a bank check. It went through on the "
                "retry so you're all set.")],
     [("agent", "Hi! I can see a request to change your payment card to one ending 5521, was that you?"),
      ("customer", "no thats not me, i'm still using the one ending 2260"),
      ("agent", "Thanks, I've blocked that request and kept the card ending 2260 on your account.")],
     "2260", "5521"),
    ("widget-t08", "trap",
     [("customer", "my phone's an iPhone 13 and the screen is flickering"),
      ("agent", "Sorry to hear it! On the iPhone 13 try a force restart first, volume up, volume down, then hold "
                "the side button.")],
     [("customer", "yeah still the iPhone 13, screen cracked now too"),
      ("agent", "Oh no. Your iPhone 13 is covered for one screen repair a year, I'll book it in at the store."),
      ("customer", "ty")],
     "iPhone 13", "iPhone 13"),
    ("widget-t09", "trap",
     [("customer", "we get the Veggie box, can i swap the tofu one"),
      ("agent", "Yes, any Veggie box recipe can be swapped up to thursday midnight. Just tap 'change' on the "
                "recipe card.")],
     [("customer", "we used to get the Classic box ages ago, is it still a thing"),
      ("agent", "It is, the Classic box is still on the menu with meat and fish. Your account is on the Veggie "
                "box at the moment."),
      ("customer", "cool just curious")],
     "Veggie", "Classic"),
    ("widget-t10", "trap",
     [("customer", "im on the Duo plan with my partner, my login isnt working"),
      ("agent", "I've sent a reset link for your Duo plan login. It's valid for an hour.")],
     [("customer", "link worked thanks"),
      ("agent", "Great! While you're here, we could upgrade you to the Family plan for £3 more a month."),
      ("customer", "nah i'll stay on Duo thanks")],
     "Duo", "Family"),
    ("widget-t11", "trap",
     [("customer", "i train at the Westbrook club, are classes back on"),
      ("agent", "Classes at Westbrook restart on monday. You can book in the app from 7am the day before.")],
     [("customer", "got a new email btw, sam.k.reid@outlook.com"),
      ("agent", "Thanks, I've updated your email to sam.k.reid@outlook.com for receipts and bookings."),
      ("customer", "ta")],
     "Westbrook", "outlook"),
    ("widget-t12", "trap",
     [("customer", "my number is 07700 900555, can texts come there"),
      ("agent", "Done, order updates will be texted to 07700 900555.")],
     [("customer", "my son's number is 07700 900777, can he get the texts too"),
      ("agent", "We can only text one number per account, so for now they'll keep going to yours. He could "
                "track the order with the link though."),
      ("customer", "ok fair enough")],
     "07700 900555", "07700 900777"),
]

ONE_OFFS = [
    ("widget-o01",
     [("customer", "wheres my order? it said today"),
      ("agent", "It's out with the driver now and should arrive by 7pm. You'll get a text when it's close.")]),
    ("widget-o02",
     [("customer", "can you resend the receipt for last month pls"),
      ("agent", "Sure, I've resent last month's receipt to the email on your account."),
      ("customer", "got it ty")]),
    ("widget-o03",
     [("customer", "skip this weeks box we're away"),
      ("agent", "Done, this week's box is skipped and you won't be charged. Next week's goes out as normal.")]),
    ("widget-o04",
     [("customer", "how do i cancel a spin class i booked for tomorrow"),
      ("agent", "Open the booking in the app and tap cancel. If it's more than 2 hours before, there's no fee."),
      ("customer", "done thanks")]),
    ("widget-o05",
     [("customer", "password reset email isnt arriving"),
      ("agent", "I've sent a fresh one, it can take a couple of minutes. Check your junk folder too."),
      ("customer", "there it is")]),
]

START = datetime(2026, 4, 13, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "widget-t09": "the Veggie box is not stored",
    "widget-t11": "the Westbrook club is not stored; only the new email is",
}

ARCHIVE = CaseArchive(tenant="blind-widget", start=START, later_by=SECOND, turn_gap_s=30, one_offs_on_day=4,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
