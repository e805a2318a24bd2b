"""A second blind archive of transcribed phone calls: speech-to-text support calls, mostly lower case with fillers,
false starts and self-corrections, covering a water company and TV licence line (Yorkshire, Manchester), council tax
(Cardiff, Leeds), mobile handset contracts (Cork, Delhi), a streaming service (Georgia US), student loans (Glasgow,
Belfast), roadside breakdown cover (Melbourne), dentists and a dental plan (Wellington, Vancouver), an optician
(Ontario, Galway), a resident parking permit (Hackney), a pension fund (Johannesburg, Edinburgh), courier delivery
preferences (Bengaluru), a rail season ticket (Kent), a letting agent (Dublin), a credit card (Ohio), bike share
(Toronto), hotel loyalty (Mumbai), childcare (Brisbane), a library (Christchurch, Halifax NS), a municipal prepaid
meter (Cape Town) and a veterinary practice (Portland)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes ---
    ("cl2-c01", "change",
     [("customer", ("hiya um i'm ringing cos i've just moved in and i need to uh set up the water in me name")),
      ("agent", "no bother love so what's the address you've moved into"),
      ("customer", "it's uh fourteen ashgrove terrace in uh halifax h x three"),
      ("agent", ("lovely so that's fourteen ashgrove terrace halifax i've got that set up as your supply and "
                 "billing address from today"))],
     [("customer", "morning er i need to change me address on the water account i've moved out of ashgrove terrace"),
      ("agent", "right okay and where are you now"),
      ("customer", "nine kestrel close it's in uh brighouse so same area just the uh sorry just over the hill"),
      ("agent", ("okay i've closed off ashgrove terrace with a final reading and i've put nine kestrel close "
                 "brighouse on as your new address"))],
     "Ashgrove", "Kestrel"),
    ("cl2-c02", "change",
     [("customer", "hi yeah um i'm just ringing about me contract i'm on the uh the forty euro bill pay"),
      ("agent", ("grand so i have you here on the bill pay with the iphone thirteen handset on a twenty four "
                 "month term is that right")),
      ("customer", "that's it yeah the iphone thirteen the blue one"),
      ("agent", "perfect so that's all in order for ya")],
     [("customer", "howya i got the upgrade through in the post there the uh the pixel nine"),
      ("agent", ("ah lovely ok let me just uh activate that for ya right so your account now shows the google "
                 "pixel nine as your handset and the old iphone's off the contract")),
      ("customer", "deadly thanks a million")],
     "iphone", "pixel"),
    ("cl2-c03", "change",
     [("customer", "hello i'm phoning about setting up a direct debit for my council tax"),
      ("agent", "yes of course which bank account would you like it taken from"),
      ("customer", ("it's my nationwide current account um sort code oh seven oh one one six and the account "
                    "ends four four two one")),
      ("agent", "lovely so direct debit from your nationwide account on the first of each month that's all set up")],
     [("customer", ("hiya um i've switched banks so the council tax needs to come out of my monzo account now "
                    "not the nationwide one")),
      ("agent", "okay no problem can you give me the new details"),
      ("customer", "yeah it's uh monzo sort code zero four double zero seven five account ending eight three nine oh"),
      ("agent", "thank you i'll put that through for you now")],
     "Nationwide", "Monzo"),
    ("cl2-c04", "change",
     [("customer", "yeah hi um i just signed up for the streaming like last night and i wanna make sure i'm on the "
                   "right plan"),
      ("agent", "sure thing let me pull that up so you're on the basic with ads plan at seven ninety nine a month"),
      ("customer", "okay yeah basic with ads that's what i wanted")],
     [("customer", "hey um i wanna get rid of the ads i'm so tired of em can i go up to premium"),
      ("agent", ("absolutely i can do that for you so i'm moving you from basic with ads to premium it's "
                 "twenty two ninety nine starting today")),
      ("customer", "yep premium go ahead"),
      ("agent", "you're all set you're on premium now")],
     "basic", "premium"),
    ("cl2-c05", "change",
     [("customer", "aye hi i'm phoning aboot my student loan repayments i've started a job"),
      ("agent", "that's great so who's your employer so we can match it up with hmrc"),
      ("customer", "it's scotmid the uh the co-op the scotmid head office in edinburgh"),
      ("agent", "okay so i've put your employer down as scotmid and repayments will come through your pay")],
     [("customer", "hiya um just to let yous know i've changed jobs"),
      ("agent", "okay who are you with now"),
      ("customer", "arnold clark the uh car place i'm in their finance team since monday"),
      ("agent", "right so employer updated from scotmid to arnold clark with a start date of this monday")],
     "Scotmid", "Arnold"),
    ("cl2-c06", "change",
     [("customer", "g'day i've just joined up for roadside assist and uh wanted to check my car's on there right"),
      ("agent", "yep no worries i've got a white twenty eighteen mazda three hatch on the membership"),
      ("customer", "yeah that's the one")],
     [("customer", ("hey mate i sent through the uh new car details on the online form yesterday can you just "
                    "check they've gone on")),
      ("agent", ("yep i can see it here the membership now covers a grey twenty twenty two kia sportage and "
                 "the mazda's been taken off")),
      ("customer", "too easy cheers")],
     "Mazda", "Sportage"),
    ("cl2-c07", "change",
     [("customer", "kia ora um i'm a new patient just confirming who i'll be seeing for my check ups"),
      ("agent", "sweet as you've been booked in with doctor fraser she'll be your regular dentist"),
      ("customer", "choice doctor fraser thanks")],
     [("customer", ("hi there um i'd like to move to a different dentist at the practice um doctor fraser's "
                    "lovely but i'd rather see doctor kaur from now on her hours suit me better")),
      ("agent", "yeah no that's fine i'll sort that for you"),
      ("customer", "awesome cheers")],
     "Fraser", "Kaur"),
    ("cl2-c08", "change",
     [("customer", "hi there um i'm calling to set up the contact lens subscription"),
      ("agent", ("okay so from your last fitting i have you in acuvue oasys one day daily lenses a ninety pack "
                 "every three months")),
      ("customer", "yeah the acuvue dailies that's right"),
      ("agent", "great that's all set up")],
     [("customer", ("hey so after my last appointment the optometrist switched me to monthlies so i need the "
                    "subscription changed")),
      ("agent", ("sure i see the new prescription here it's biofinity monthly lenses so i'll swap the acuvue "
                 "out for biofinity a six pack every six months")),
      ("customer", "perfect eh thanks")],
     "Acuvue", "Biofinity"),
    ("cl2-c09", "change",
     [("customer", "hello yeah i'm calling about my resident parking permit just checking it's gone through"),
      ("agent", "yes i can see it the permit is for a silver vauxhall corsa in zone h valid for twelve months"),
      ("customer", "yeah the corsa yeah lovely ta")],
     [("customer", "hi um i need to change the car on my permit i've swapped the corsa for a toyota yaris"),
      ("agent", "okay and is the yaris registered at the same address"),
      ("customer", "yeah yeah same flat i sent the uh v5 over this morning"),
      ("agent", "that's fine i've transferred the permit over to the toyota yaris and the corsa's been removed")],
     "Corsa", "Yaris"),
    ("cl2-c10", "change",
     [("customer", "hello good afternoon i want to nominate a beneficiary on my pension fund"),
      ("agent", "yes sir who would you like to nominate"),
      ("customer", "my wife thandi dlamini one hundred percent"),
      ("agent", "okay i have captured thandi dlamini as your sole beneficiary at one hundred percent")],
     [("customer", "hi hello um i need to change the beneficiary on my pension we've uh we're divorced now"),
      ("agent", "i'm sorry to hear that sir who must we put"),
      ("customer", "my daughter lerato for the full hundred percent please remove thandi"),
      ("agent", "noted lerato dlamini is now your sole beneficiary and thandi has been removed")],
     "Thandi", "Lerato"),
    ("cl2-c11", "change",
     [("customer", "hello yes i am calling regarding my delivery preferences for all parcels"),
      ("agent", "yes ma'am tell me"),
      ("customer", "whenever i am not home please leave it with the watchman at the gate only"),
      ("agent", "okay ma'am i have updated the safe place as leave with watchman at gate for all future deliveries")],
     [("customer", ("hello na see our society has put a parcel locker now so from now on please put everything "
                    "in the locker not with the watchman")),
      ("agent", "sure ma'am i'll change the safe place to parcel locker"),
      ("customer", "yes the locker at block um sorry block c near the lift"),
      ("agent", "done ma'am all deliveries will go to the block c parcel locker")],
     "watchman", "locker"),
    ("cl2-c12", "change",
     [("customer", "hi um i'm calling about my season ticket i've just bought the annual one"),
      ("agent", "okay lovely yes i can see an annual season ticket ashford international to london st pancras"),
      ("customer", "yep ashford to st pancras on the smartcard"),
      ("agent", "great it's loaded and valid till next september")],
     [("customer", "hi i've moved house so i need to change my season ticket route"),
      ("agent", "no problem what's the new route"),
      ("customer", "maidstone east to london victoria"),
      ("agent", ("okay so i'll refund what's left on ashford to st pancras and issue a new annual maidstone east "
                 "to victoria on your smartcard"))],
     "Ashford", "Maidstone"),
    # --- traps ---
    ("cl2-t01", "trap",
     [("customer", "hi yeah i'm the new tenant just ringing to get set up on your system"),
      ("agent", ("grand so i've got you down for apartment six harbour court in ringsend with the lease "
                 "starting the first")),
      ("customer", "yeah harbour court that's me")],
     [("customer", ("hiya um just a question if i was to move out say in the spring how much notice would i "
                    "need to give")),
      ("agent", "for your length of tenancy it'd be uh ninety days notice in writing"),
      ("customer", "okay no i'm not going anywhere yet just thinking about it"),
      ("agent", "no bother sure give us a shout if you decide")],
     "Harbour", "notice"),
    ("cl2-t02", "trap",
     [("customer", "hiya i've just moved and i need the telly licence at the new place"),
      ("agent", "okay so the licence address is now seventeen moss lane sale m thirty three is that right"),
      ("customer", "yeah seventeen moss lane")],
     [("customer", "hiya um i got a letter about me renewal and i just wanna make sure it's got the right address"),
      ("agent", "yeah of course it's seventeen moss lane sale"),
      ("customer", "yeah that's right still there seventeen moss lane lovely that's all i needed")],
     "Moss", "renewal"),
    ("cl2-t03", "trap",
     [("customer", "hi um i just got approved for the card and wanted to activate it"),
      ("agent", ("congratulations so that's the blue horizon card ending in uh five five one nine i'll "
                 "activate it now")),
      ("customer", "yeah the blue horizon")],
     [("customer", "hi i'm just calling to check when my payment's due"),
      ("agent", ("sure it's due the twenty second and by the way you're pre approved to upgrade to our platinum "
                 "card with lounge access would you like to switch")),
      ("customer", "um no thank you i'll stick with the horizon card i don't want the annual fee"),
      ("agent", "no problem at all nothing's changed on your account")],
     "Horizon", "platinum"),
    ("cl2-t04", "trap",
     [("customer", "hey um i want to sign up for an annual membership"),
      ("agent", "sure so the annual commuter membership is a hundred and five a year with forty five minute rides"),
      ("customer", "yeah the commuter one sounds good sign me up"),
      ("agent", "done you're on the annual commuter")],
     [("customer", "hey quick question how much is the ebike plus membership like compared to what i have"),
      ("agent", "ebike plus is a hundred and sixty a year with unlimited ebike unlocks you're on annual commuter now"),
      ("customer", "oh okay that's a lot i'll think about it thanks")],
     "commuter", "plus"),
    ("cl2-t05", "trap",
     [("customer", "hello i want to save my room preference on my loyalty profile"),
      ("agent", "certainly sir what would you like"),
      ("customer", "always king bed high floor non smoking"),
      ("agent", "done sir your profile now says king bed high floor non smoking")],
     [("customer", "hello i am making a booking for my colleague mr iyer in pune on my points"),
      ("agent", "sure sir any preference for him"),
      ("customer", ("for him please twin beds he is travelling with his son my own preference you don't "
                    "change")),
      ("agent", "noted sir twin beds for mr iyer's booking only your profile stays the same")],
     "king", "twin"),
    ("cl2-t06", "trap",
     [("customer", "hi i'm just confirming my daughter's enrolment"),
      ("agent", "yep so mia's enrolled at our wattle grove centre monday wednesday and friday"),
      ("customer", "yep wattle grove that's it")],
     [("customer", "hiya so i got the email about the renovations at wattle grove"),
      ("agent", ("yeah sorry about that so for the next two weeks only mia will be at the banksia street centre "
                 "then back to wattle grove")),
      ("customer", "yep that's fine just for the fortnight")],
     "Wattle", "Banksia"),
    ("cl2-t07", "trap",
     [("customer", "hi i'd like to set my home branch for my library card"),
      ("agent", "yep no worries which branch"),
      ("customer", "fendalton that's closest to me"),
      ("agent", "sweet so your card's home branch is fendalton")],
     [("customer", ("hi um i want to get a card for my son jack he's nine and he'd like papanui as his branch "
                    "cos it's by his school")),
      ("agent", "no worries i'll set jack up with papanui as his home branch yours stays at fendalton"),
      ("customer", "cheers")],
     "Fendalton", "Papanui"),
    ("cl2-t08", "trap",
     [("customer", "hello i'm calling about my electricity meter at the house the municipality one"),
      ("agent", "yes i see you have a prepaid meter at that property number ending oh four three"),
      ("customer", "yes the prepaid one i buy tokens")],
     [("customer", ("hi um just asking if hypothetically i wanted to convert to a er a conventional meter how "
                    "would that work")),
      ("agent", "you'd apply at the office and there's a fee and a deposit"),
      ("customer", "eish no that sounds expensive i'll keep the prepaid for now just asking")],
     "prepaid", "conventional"),
    ("cl2-t09", "trap",
     [("customer", "hi yeah i'm registering my dog biscuit with you guys"),
      ("agent", "great so i've put doctor okafor down as biscuit's primary vet"),
      ("customer", "awesome okafor sounds good")],
     [("customer", "hi i'm calling to book biscuit's vaccines"),
      ("agent", ("sure doctor okafor's on leave this month so it'd be doctor lindqvist just for this visit is "
                 "that okay")),
      ("customer", "yeah sure just this once she'll be back with okafor after"),
      ("agent", "yep okafor stays as primary")],
     "Okafor", "Lindqvist"),
    ("cl2-t10", "trap",
     [("customer", "hello i am calling about my postpaid connection handset"),
      ("agent", "yes sir i see you have the redmi note thirteen on the handset plan"),
      ("customer", "yes redmi note")],
     [("customer", "hello i want to know my bill amount"),
      ("agent", ("sir your bill is eight hundred ninety nine also sir you are eligible for an upgrade to the "
                 "galaxy s twenty five at special price")),
      ("customer", "no no no thank you i am happy with the redmi only")],
     "Redmi", "galaxy"),
    ("cl2-t11", "trap",
     [("customer", "hello aye i'd like to move my pension into the uh the ethical growth fund"),
      ("agent", "no problem that's done so your contributions now go into the ethical growth fund"),
      ("customer", "grand the ethical one aye that's what i was after cheers")],
     [("customer", "hi i got my annual statement and just wanted to check i'm still in the ethical growth fund"),
      ("agent", "yes you are your whole pot is in the ethical growth fund"),
      ("customer", "right good keep it there then ta")],
     "ethical", "statement"),
    ("cl2-t12", "trap",
     [("customer", "hi i'm calling to join the dental membership plan"),
      ("agent", "sure i've signed you up for the essentials plan that's two checkups and two cleanings a year"),
      ("customer", "essentials great")],
     [("customer", "hi what does the complete plan include compared to essentials"),
      ("agent", "complete adds fillings discounts and whitening it's twenty nine a month"),
      ("customer", "hmm okay i'll stay where i am for now thanks")],
     "Essentials", "complete"),
]

ONE_OFFS = [
    ("cl2-o01", [("customer", "hi um my app keeps saying something went wrong when i try to play anything"),
                 ("agent", "sorry about that can you try signing out and back in"),
                 ("customer", "okay hold on oh it's working now"),
                 ("agent", "great glad that sorted it")]),
    ("cl2-o02", [("customer", "hiya i just wanted to check how much i've got left to pay on my council tax this year"),
                 ("agent", "you've got three hundred and twelve pound forty left over the next four months"),
                 ("customer", "okay ta that's all")]),
    ("cl2-o03", [("customer", "hi there um i'd like to book an eye test please"),
                 ("agent", "we have thursday at half ten"),
                 ("customer", "grand that works"),
                 ("agent", "booked in for thursday half ten see you then")]),
    ("cl2-o04", [("customer", "hi i want to make a one off payment of two hundred pounds off my student loan"),
                 ("agent", "okay i can take that now over the phone"),
                 ("customer", "brilliant thanks"),
                 ("agent", "that payment of two hundred pounds has gone through")]),
    ("cl2-o05", [("customer", "hi uh i forgot my my pin for the library website like the online one"),
                 ("agent", "no problem i've sent a reset link to the email on file"),
                 ("customer", "oh got it yeah that's reset thanks")]),
]

START = datetime(2026, 9, 7, 14, tzinfo=UTC)
SECOND = timedelta(days=26)

FAILS_TODAY: dict[str, str] = {
    "cl2-c03": "the first call stores only 'payment method ends in 4421' (the account's ending), without Nationwide",
    "cl2-c04": "the agent's 'basic with ads plan' is not read; only the later premium plan is stored",
    "cl2-c07": "nothing stored: 'booked in with doctor fraser she'll be your regular dentist' names the dentist by "
               "'she'",
    "cl2-c08": "only 'on the contact lens subscription' is stored; 'i have you in acuvue oasys' is not read",
    "cl2-c11": "nothing stored: 'updated the safe place as leave with watchman at gate' gives no slot value",
    "cl2-c12": "nothing stored: 'i can see an annual season ticket ashford international to london st pancras'",
    "cl2-t04": "nothing stored: 'you're on the annual commuter' has no plan noun",
    "cl2-t05": "nothing stored: 'your profile now says king bed high floor non smoking' is not read",
    "cl2-t06": "nothing stored: the daughter's enrolment at the wattle grove centre is a child's record",
    "cl2-t07": "nothing stored: 'your card's home branch is fendalton' (a possessive inside the subject)",
    "cl2-t09": "the pet's vet ('doctor okafor down as biscuit's primary vet') is not stored; 'registering my dog' "
               "is kept as a doctor fact",
    "cl2-t11": "nothing stored: 'your contributions now go into the ethical growth fund' is not read",
    "cl2-t12": "'calling to join the dental membership plan' is stored as a plan, which the essentials plan then "
               "supersedes",
}

ARCHIVE = CaseArchive(tenant="blind-calls2", start=START, later_by=SECOND, turn_gap_s=20, one_offs_on_day=2,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
