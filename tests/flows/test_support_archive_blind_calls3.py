"""A third blind archive of transcribed phone calls: speech-to-text transcripts from call centres covering home
contents insurance (Manchester), a mortgage lender (Kerry), annual travel insurance (Australia), a US car rental
rewards account, gas boiler cover (Glasgow), a Toronto newspaper subscription, an Indian university registry, a
South African payroll bureau, a US health plan, a UK EV charging account, a Lagos ride-hailing app, a Makati
physiotherapy clinic, satellite radio, a Welsh charity donation, Australian council bin collection, an Indian
marketplace seller account, South African solar monitoring, a Canadian console game subscription, Edinburgh dry
cleaning, a Yorkshire building society, US telehealth, Irish phone insurance, a Bengaluru broadband ISP and
Philippine LPG delivery; the transcripts mix all-lower-case unpunctuated ASR with auto-capitalised sentences,
digits alongside spelled-out numbers, fillers, false starts and agents reading details back off the screen."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes ---
    ("cl3-c01", "change",
     [("customer", "hiya yeah um i'm just ringing about me contents policy i wanted to check what's actually "
                   "covered for like bikes"),
      ("agent", "no problem can i take the postcode and first line of the address please"),
      ("customer", "yeah it's er fourteen marlowe avenue m twenty"),
      ("agent", "lovely so that's fourteen marlowe avenue didsbury and it's contents only with bikes covered "
                "up to five hundred away from the home"),
      ("customer", "brilliant cheers that's all i needed")],
     [("customer", "hi um yeah so i've moved house last weekend i need to move the contents cover over"),
      ("agent", "oh congratulations what's the new address"),
      ("customer", "it's flat three um twenty two kestrel close in sale m thirty three"),
      ("agent", "okay so i've moved it off marlowe avenue onto flat three twenty two kestrel close from today "
                "and there's no change to the premium")],
     "marlowe", "kestrel"),
    ("cl3-c02", "change",
     [("agent", "Good morning you're through to mortgage servicing, my name is aoife. How can I help?"),
      ("customer", "Hi aoife. Yeah I just want to check when the direct debit comes out this month."),
      ("agent", "Sure. So I can see it's collected on the twenty eighth from your permanent tsb account "
                "ending four one seven."),
      ("customer", "Grand. That's the one yeah. Thanks a million.")],
     [("customer", "Hi there. I've um. I've moved my current account over to the credit union so the mortgage "
                   "needs to come out of that now."),
      ("agent", "Okay no bother. Have you the new IBAN there?"),
      ("customer", "I do yeah it ends in two two nine oh. It's the credit union in tralee."),
      ("agent", "Perfect. So from next month the direct debit comes from your credit union account ending "
                "two two nine oh instead of the permanent tsb. You'll get a letter confirming.")],
     "tsb", "credit union"),
    ("cl3-c03", "change",
     [("customer", "g'day um just calling to check my annual policy covers skiing"),
      ("agent", "yep no worries i'll just pull it up so you've got the annual multi trip europe cover and yeah "
                "snow sports is included on that"),
      ("customer", "oh good cause we're off to austria in jan"),
      ("agent", "all sorted then you're covered for that")],
     [("customer", "hi yeah so we're doing bali and then japan in march so i need to bump the annual policy up"),
      ("agent", "no dramas so you're on europe at the moment i can move you to worldwide excluding the americas "
                "or full worldwide"),
      ("customer", "um full worldwide thanks"),
      ("agent", "done so that's upgraded to full worldwide cover from today the extra is 84 dollars 50 "
                "i'll email the new certificate")],
     "europe", "worldwide"),
    ("cl3-c04", "change",
     [("customer", "Hi. Um I'm trying to add my rewards number to a reservation and it's not taking it."),
      ("agent", "Okay let me look you up. Is the email on the account still jdorsey70 at gmail dot com?"),
      ("customer", "Yep that's me."),
      ("agent", "Great. I've linked it, you should see the points on the booking now.")],
     [("customer", "Hey. I need to update my email on the rewards account, I'm not using the gmail one anymore."),
      ("agent", "Sure, what's the new one?"),
      ("customer", "It's dorsey family, all one word, at outlook dot com."),
      ("agent", "Got it. dorseyfamily at outlook dot com. That's updated and I've sent a verification to it.")],
     "gmail", "outlook"),
    ("cl3-c05", "change",
     [("agent", "hello boiler care cover this is craig how can i help"),
      ("customer", "aye hi craig um i'm just wanting to book my annual service in"),
      ("agent", "nae bother can i just confirm the boiler we've got on the plan is a worcester bosch combi"),
      ("customer", "aye that's the one the worcester"),
      ("agent", "right i've got you booked for the ninth engineer will come between eight and one")],
     [("customer", "hiya aye we had the old boiler ripped out it was leaking so we've got a new vaillant put in "
                   "i need to update the cover"),
      ("agent", "okay so i'll take the worcester off and pop the vaillant on what model is it"),
      ("customer", "em it's an eco tec plus i think"),
      ("agent", "perfect that's the vaillant ecotec plus on your cover now from today")],
     "worcester", "vaillant"),
    ("cl3-c06", "change",
     [("customer", "Hi, yeah. I get the weekend paper, just the Saturday edition, and it didn't come this week."),
      ("agent", "Oh sorry about that. I see your Saturday-only delivery to 52 birchmount road. I'll credit "
                "this week and flag it with the carrier."),
      ("customer", "Okay thanks.")],
     [("customer", "Hi there. So I'd like to switch from the Saturday paper to the Sunday one instead. "
                   "I just never get to read it on a Saturday."),
      ("agent", "Sure thing. So we'll stop Saturday and start Sunday delivery from the 11th, same rate."),
      ("customer", "Perfect. Thanks eh.")],
     "saturday", "sunday"),
    ("cl3-c07", "change",
     [("customer", "hello good afternoon i am calling regarding my degree certificate status for the m tech"),
      ("agent", "yes ma'am please tell me your enrolment number"),
      ("customer", "it is two zero one nine c s one four four"),
      ("agent", "okay i can see priya raghavan m tech computer science the certificate is printed and will be "
                "dispatched"),
      ("customer", "okay thank you so much")],
     [("customer", "hi i wanted to update my name in the university records i got married and my surname is "
                   "now menon"),
      ("agent", "okay ma'am you will need to send the marriage certificate but i can raise the request"),
      ("customer", "yes i already uploaded it on the portal actually"),
      ("agent", "yes i can see it so i am updating the record from priya raghavan to priya menon it will "
                "reflect in two working days")],
     "raghavan", "menon"),
    ("cl3-c08", "change",
     [("agent", "Good morning, payroll services, this is thandi speaking."),
      ("customer", "Hi thandi. Um I just want to confirm my salary will go in on the twenty fifth even though "
                   "it's a sunday."),
      ("agent", "Let me check. Yes so it'll be paid on friday the twenty third into your capitec account "
                "ending 3381."),
      ("customer", "Lekker, thanks.")],
     [("customer", "Hi. I've opened a nedbank account and I want my salary paid there from now on."),
      ("agent", "Okay. I've got the form you sent through. Nedbank, account ending 7402, branch code 198765."),
      ("customer", "Ja that's right."),
      ("agent", "Great so from this month's run your salary goes to nedbank and not capitec anymore.")],
     "capitec", "nedbank"),
    ("cl3-c09", "change",
     [("agent", "thanks for calling blue ridge health plans this is marcus can i get your member id"),
      ("customer", "yeah it's uh w as in william eight eight two oh one"),
      ("agent", "thank you and what can i help with today"),
      ("customer", "i just need to know if i need a referral to see a dermatologist"),
      ("agent", "so on your hmo plan yes you'd need a referral from your primary care doctor that's dr alvarez "
                "at riverside family medicine")],
     [("customer", "hi um i want to change my primary care doctor dr alvarez is retiring"),
      ("agent", "oh okay do you have a new doctor in mind"),
      ("customer", "yeah dr okafor uh o k a f o r at the same practice"),
      ("agent", "got it so i've updated your pcp to dr chidi okafor effective the first of next month")],
     "alvarez", "okafor"),
    ("cl3-c10", "change",
     [("customer", "Hi. Yeah the charger at the tesco in cribbs wouldn't start a session for my car yesterday."),
      ("agent", "Sorry about that. I can see your account's set up for a nissan leaf, 40 kilowatt hour. "
                "Was it the chademo lead you used?"),
      ("customer", "Yeah the chademo one."),
      ("agent", "That unit had a fault, it's fixed now. I've refunded the failed session.")],
     [("customer", "Hiya. I've traded in the leaf and got a kia niro EV so can you update the car on my "
                   "account."),
      ("agent", "Course. Kia niro EV, 64 kilowatt hour. And that's CCS so you'll use the other lead."),
      ("customer", "Yeah brilliant."),
      ("agent", "Done, the niro's on your account now.")],
     "leaf", "niro"),
    ("cl3-c11", "change",
     [("customer", "hello good evening abeg my driver cannot find my house he keeps going round and round"),
      ("agent", "good evening sorry about that can you confirm your saved home address"),
      ("customer", "it's plot fourteen admiralty way lekki phase one"),
      ("agent", "okay i see it i have sent the pin to the driver again he is two minutes away")],
     [("customer", "hi i relocated to surulere last week so please change my home on the app it's still "
                   "showing lekki"),
      ("agent", "okay sir what is the new address"),
      ("customer", "twenty three adeniran ogunsanya street surulere"),
      ("agent", "alright i have saved twenty three adeniran ogunsanya street surulere as your home")],
     "lekki", "surulere"),
    ("cl3-c12", "change",
     [("agent", "Good afternoon, makati sports physio, this is joy."),
      ("customer", "Hi joy. Um I just want to confirm my weekly session is still Tuesday at 6 pm for my knee."),
      ("agent", "Yes po. Every tuesday 6 pm with therapist mark."),
      ("customer", "Okay thank you.")],
     [("customer", "Hello. My work shift changed so I can't do tuesdays anymore. Can I move my weekly slot "
                   "to Thursday?"),
      ("agent", "Let me check po. Thursday 6 pm with mark is open. So I'll move your standing appointment "
                "from tuesday to thursday starting next week."),
      ("customer", "Perfect, salamat.")],
     "tuesday", "thursday"),
    # --- traps ---
    ("cl3-t01", "trap",
     [("customer", "hi um my radio in the truck says subscription expired"),
      ("agent", "okay let me see so you're on the all access plan monthly on the visa ending 2210 it renewed "
                "on the 3rd so i'll send a refresh signal"),
      ("customer", "oh okay it's back now thanks")],
     [("customer", "hey uh quick question what's the price on the platinum plan like what do i get extra"),
      ("agent", "platinum is 24 99 a month and it adds a second radio and the video in the app"),
      ("customer", "ah that's more than i thought i'll stay on what i've got for now"),
      ("agent", "no problem you're staying on all access then")],
     "access", "platinum"),
    ("cl3-t02", "trap",
     [("customer", "Hiya. I set up a monthly gift last week for the orangutan appeal and I wanted to make sure "
                   "gift aid's on it."),
      ("agent", "Let me have a look. Yes, ten pounds a month to the orangutan appeal on the 1st and gift aid "
                "is ticked."),
      ("customer", "Lovely, diolch.")],
     [("customer", "Hi there. Just wondering, um, if I ever moved my donation to the tiger appeal would I need "
                   "to redo the gift aid form?"),
      ("agent", "No, the gift aid declaration covers any of our appeals. Did you want to move it?"),
      ("customer", "Oh no not now. Maybe next year. Leave it where it is."),
      ("agent", "No problem, nothing's changed then.")],
     "orangutan", "tiger"),
    ("cl3-t03", "trap",
     [("customer", "hi yeah just ringing cause i moved into 9 banksia street and i dunno what day the bins go "
                   "out"),
      ("agent", "no worries so banksia street is wednesday general waste every week and recycling fortnightly"),
      ("customer", "sweet thanks")],
     [("customer", "g'day just checking the bins with the public holiday next week"),
      ("agent", "yeah so just for that week your collection moves to thursday then it's back to wednesday "
                "after"),
      ("customer", "righto cheers")],
     "wednesday", "holiday"),
    ("cl3-t04", "trap",
     [("customer", "Hello. My payout for last week is not showing in my account."),
      ("agent", "Sorry for that sir. I can see the payout is going to your hdfc account ending 5512 and it was "
                "released yesterday, it will credit by today evening."),
      ("customer", "Okay fine, thank you.")],
     [("customer", "Hi. My brother is also starting a seller account and he wants payouts into his icici "
                   "account. What documents does he need?"),
      ("agent", "He'll need his own pan card and a cancelled cheque for the icici account, and he has to "
                "register separately."),
      ("customer", "Okay. And my account stays with hdfc only, no change."),
      ("agent", "Yes sir, yours stays the same.")],
     "hdfc", "icici"),
    ("cl3-t05", "trap",
     [("customer", "hi there um the app isn't showing my battery percentage"),
      ("agent", "okay i'll check so your site is the sunsynk eight kilowatt inverter with the two batteries"),
      ("customer", "ja that's right"),
      ("agent", "i see the dongle dropped off wifi i've reset it remotely it should show now")],
     [("customer", "hi i got an email about a firmware update just checking it's for my system it's the "
                   "sunsynk eight kay"),
      ("agent", "yes it's for the sunsynk inverters nothing changes on your side it installs overnight"),
      ("customer", "okay cool thanks")],
     "sunsynk", "firmware"),
    ("cl3-t06", "trap",
     [("customer", "Hey. I got charged twice for my game pass this month."),
      ("agent", "Sorry about that. I see your ultimate membership billed on the 4th and the 5th, I've refunded "
                "the second one."),
      ("customer", "Awesome thanks.")],
     [("agent", "Hi, I'm calling back about your membership. We have an offer to switch you to the core tier "
                "for 9.99 instead of ultimate."),
      ("customer", "Um, no thanks. I play too much on the cloud, so I'll keep ultimate."),
      ("agent", "No worries, you stay on ultimate.")],
     "ultimate", "core"),
    ("cl3-t07", "trap",
     [("customer", "hi aye just setting up the weekly collection for my shirts"),
      ("agent", "lovely so that's five shirts collected fridays from the office on george street with light "
                "starch on the collars"),
      ("customer", "aye light starch perfect")],
     [("customer", "hiya i'm no happy one of my shirts came back with a brown stain on the cuff"),
      ("agent", "oh i'm sorry about that we'll rewash it free and if it doesn't come out we'll pay for the "
                "shirt"),
      ("customer", "aye fine just dinnae want it happening again"),
      ("agent", "i've put a note on the account")],
     "starch", "stain"),
    ("cl3-t08", "trap",
     [("customer", "Hiya. I need to order a new passbook for me easy saver, I've filled the old one up."),
      ("agent", "No problem. I'll send it to the harrogate branch for you to collect, that's your home branch "
                "isn't it?"),
      ("customer", "Aye, harrogate, that's right."),
      ("agent", "Lovely, it'll be there in about five working days.")],
     [("customer", "Hello. What's the rate on your cash isa at the minute? Just thinking about it."),
      ("agent", "It's three point eight percent on the one year fixed isa. Did you want to open one?"),
      ("customer", "Not today, I'll have a think. Thanks love.")],
     "harrogate", "isa"),
    ("cl3-t09", "trap",
     [("customer", "hi i had a video visit this morning and the prescription hasn't shown up"),
      ("agent", "let me check okay it went to your preferred pharmacy the walgreens on elm street in dayton it "
                "just got sent so should be ready in an hour"),
      ("customer", "okay great thanks")],
     [("customer", "hey um i'm visiting my sister in florida for two weeks and i forgot my inhaler refill can "
                   "you send just this one to a cvs down here"),
      ("agent", "sure i can send this one time to the cvs on gulf boulevard your preferred pharmacy stays the "
                "walgreens on elm"),
      ("customer", "perfect thank you")],
     "walgreens", "florida"),
    ("cl3-t10", "trap",
     [("customer", "Hi. I cracked the screen on me phone, can I claim?"),
      ("agent", "Sorry to hear that. I can see the pixel 8 on your policy, the excess for a screen is "
                "50 euro."),
      ("customer", "Ah grand, go on so."),
      ("agent", "I've opened the claim, you'll get a courier bag in two days.")],
     [("customer", "Hi. If I got the new iphone at Christmas would it be covered on my policy or would I need "
                   "a new one?"),
      ("agent", "You'd just ring us and swap the device, but the premium might go up a few euro."),
      ("customer", "Right. I haven't got it yet, just asking. Thanks.")],
     "pixel", "iphone"),
    ("cl3-t11", "trap",
     [("customer", "hello i am calling about my broadband bill it is showing late fee"),
      ("agent", "okay sir let me check your connection is at flat 302 lake view apartments koramangala fifth "
                "block"),
      ("customer", "yes yes that only"),
      ("agent", "the late fee i have waived sir since payment was received on the due date")],
     [("customer", "hello my internet speed is very slow since two days i am getting only ten mbps"),
      ("agent", "sorry sir let me check your koramangala connection there is a fibre cut in fifth block it "
                "will be restored by evening"),
      ("customer", "okay please do it fast i am working from home")],
     "koramangala", "speed"),
    ("cl3-t12", "trap",
     [("customer", "Hi, good morning po. I'd like to confirm my regular order, one petron gasul 11 kilo every "
                   "month."),
      ("agent", "Yes ma'am. One 11 kilo petron gasul delivered on the first saturday of the month to your "
                "address in quezon city."),
      ("customer", "Okay thank you po.")],
     [("customer", "Hello po. We're having a party this weekend so just this month can you bring two tanks?"),
      ("agent", "Sure ma'am. Two tanks this delivery only, then back to one petron gasul next month."),
      ("customer", "Yes po, just this once.")],
     "petron", "party"),
]

ONE_OFFS = [
    ("cl3-o01", [("customer", "hi yeah i just need a car from brisbane airport friday to sunday nothing fancy"),
                 ("agent", "yep i've got a corolla for 189 all up pick up 10 am friday drop off sunday 5"),
                 ("customer", "yeah book that"),
                 ("agent", "done your confirmation is b n e four four seven k")]),
    ("cl3-o02", [("customer", "Hi. Um I can't log into the radio app, it keeps saying wrong password."),
                 ("agent", "Okay. I've sent a reset link to the email on file, it's good for 30 minutes."),
                 ("customer", "Got it. Okay, yeah, I'm in now. Thanks."),
                 ("agent", "You're welcome, have a good one.")]),
    ("cl3-o03", [("customer", "hello my order from your site has not come it is showing out for delivery since "
                              "morning"),
                 ("agent", "one moment ma'am i can see the courier is three stops away it will reach by seven pm"),
                 ("customer", "okay fine thank you")]),
    ("cl3-o04", [("customer", "Hiya. Just wondering what's left on the mortgage now, roughly."),
                 ("agent", "So as of today the outstanding balance is one hundred and eighty two thousand four "
                           "hundred euro."),
                 ("customer", "Ah that's not too bad. Thanks.")]),
    ("cl3-o05", [("customer", "g'day um the solar app's been saying offline since yesterday"),
                 ("agent", "okay can you go to the inverter and hold the little button on the wifi stick for "
                           "like five seconds"),
                 ("customer", "yep done the light's flashing blue now"),
                 ("agent", "yep it's back online i can see data coming in you're all good")]),
]

START = datetime(2026, 9, 7, 14, tzinfo=UTC)
SECOND = timedelta(days=26)

FAILS_TODAY: dict[str, str] = {
    "cl3-c02": "the permanent tsb account the direct debit is collected from is not stored; only 'banks with credit "
               "union' from the later call",
    "cl3-c03": "the europe cover is stored but the later switch to worldwide cover is not read",
    "cl3-c04": "nothing stored: the email is read back in a question ('is the email on the account still ...?')",
    "cl3-c05": "nothing stored: 'the boiler we've got on the plan is a worcester bosch combi' is not read",
    "cl3-c06": "nothing stored: 'your saturday-only delivery to 52 birchmount road' is not read",
    "cl3-c07": "the surname is not read; the student number spelt out is stored as a phone number",
    "cl3-c08": "nothing stored: 'it'll be paid ... into your capitec account ending 3381' is not read",
    "cl3-c09": "the first call's 'primary care doctor that's dr alvarez' is not read; the later pcp is stored",
    "cl3-c10": "the first call's nissan leaf is not stored; only the later kia niro",
    "cl3-c11": "the later address is stored without its town (surulere) and beside an `attribute_home` copy",
    "cl3-c12": "nothing stored: 'every tuesday 6 pm with therapist mark' is not read as the weekly slot",
    "cl3-t02": "nothing stored: the monthly gift to the orangutan appeal is not read",
    "cl3-t03": "the bin day (wednesday) is not stored; only the address",
    "cl3-t04": "the customer's own hdfc payout account is not stored; the brother's plan is",
    "cl3-t07": "nothing stored: the light starch preference is not read",
    "cl3-t08": "nothing stored: the harrogate home branch is not read",
    "cl3-t09": "nothing stored: the preferred walgreens pharmacy is not read",
    "cl3-t10": "nothing stored: the insured pixel 8 is not read",
    "cl3-t11": "the koramangala address is not stored; the slow speed and working from home are",
    "cl3-t12": "nothing stored: the standing order of one petron gasul tank is not read",
    "cl3-o01": "the one-off car booking's confirmation code is kept as an active attribute",
    "cl3-o03": "the order out for delivery is kept as an active fact: 'order is showing out'",
}

ARCHIVE = CaseArchive(tenant="blind-calls3", start=START, later_by=SECOND, turn_gap_s=20, one_offs_on_day=2,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
