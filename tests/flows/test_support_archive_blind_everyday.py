"""Everyday consumer services support archive (car and home insurance, credit cards and loans, a council desk, a
university helpdesk, a coworking space, a vet's reception, device repair, a newspaper subscription, pharmacy
delivery), written by a tester who had read no product code: each customer has two chats about five weeks apart; a
change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
SECOND = timedelta(days=35)

CASES = [
    # ---------------------------------------------------------------- changes
    (
        "svc-c01",
        "change",
        [
            ("customer", "hi need to check my policy covers the car properly, its a ford fiesta 2017 "
                         "reg ends KX17"),
            ("agent", "Hi Danny, thanks for getting in touch. I can see policy MTR-4482913 and the vehicle on it is "
                      "a 2017 Ford Fiesta 1.0 EcoBoost, registration KX17 HDL. Fully comprehensive, renews 14 Aug."),
            ("customer", "ok cool ta. and my mrs is named driver yeah"),
            ("agent", "Yes, Sophie Kerr is listed as a named driver. Anything else I can help with?"),
            ("customer", "nah thats it cheers"),
        ],
        [
            ("customer", "hiya sold the fiesta last wknd, got a toyota yaris hybrid now need it on the policy asap"),
            ("agent", "Congrats on the new car! Can I take the registration please?"),
            ("customer", "LS21 PWX. 2021 yaris hybrid design, got it from the dealer in leeds"),
            ("agent", "Thanks Danny. I've swapped the vehicle on MTR-4482913 from the Fiesta to the 2021 Toyota Yaris "
                      "Hybrid, reg LS21 PWX, effective today. There's an additional premium of £38.20 for the rest "
                      "of the term. Sophie stays on as named driver."),
            ("customer", "sound thanks"),
        ],
        "Ford Fiesta",
        "Toyota Yaris Hybrid",
    ),
    (
        "svc-c02",
        "change",
        [
            ("customer", "Dear Sir/Madam,\n\nI hope this finds you well. I am writing regarding my home and contents "
                         "policy (HC-2290571). Could you please confirm that the insured address is correct on your "
                         "system? It should be 14 Wattle Street, Brunswick VIC 3056. I ask because a letter arrived "
                         "with the postcode missing.\n\nKind regards,\nMargaret Olsen"),
            ("agent", "Dear Margaret,\n\nThank you for your email. I can confirm the insured address on HC-2290571 "
                      "is 14 Wattle Street, Brunswick VIC 3056, and the postcode is stored correctly. The letter came "
                      "from a print batch with a formatting fault, and we apologise for the confusion.\n\n"
                      "Warm regards,\nPriya, Customer Care"),
            ("customer", "Dear Priya,\n\nThank you very much for the quick and reassuring reply.\n\n"
                         "Best wishes,\nMargaret"),
        ],
        [
            ("customer", "Dear Priya (or whoever is reading this),\n\nI am pleased to let you know that we have now "
                         "settled on our new home and moved in on Saturday. The new address is 22 Banksia Avenue, "
                         "Coburg VIC 3058. We no longer live at Wattle Street, so please transfer the home and "
                         "contents cover to the new property. It is a single-storey brick house with a tiled roof, "
                         "if that matters.\n\nWith thanks,\nMargaret Olsen"),
            ("agent", "Dear Margaret,\n\nCongratulations on the move. I have updated policy HC-2290571 so the "
                      "insured address is now 22 Banksia Avenue, Coburg VIC 3058, effective today. Cover at Wattle "
                      "Street has ended as of the same date. Your premium changes by $6.40 per month, and a new "
                      "certificate of insurance is attached.\n\nKind regards,\nTom, Customer Care"),
            ("customer", "Thank you Tom, all received.\n\nRegards,\nMargaret"),
        ],
        "14 Wattle Street",
        "22 Banksia Avenue",
    ),
    (
        "svc-c03",
        "change",
        [
            ("customer", "Hi, I'm trying to figure out how much room I have on my card before a trip. "
                         "What's my limit?"),
            ("agent", "Happy to help, Marcus. Thanks for verifying. Your Horizon Rewards Visa ending 7714 has a "
                      "credit limit of $4,500, with a current balance of $1,212.36."),
            ("customer", "ok so about 3.3k available. thanks"),
            ("agent", "That's right, $3,287.64 available. Have a great trip!"),
        ],
        [
            ("customer", "Hey, I got an email saying I was approved for a credit line increase? Wanted to make sure "
                         "it actually went through."),
            ("agent", "It did. Reading from your account: the increase was approved on April 3 and applied the same "
                      "day. Your Horizon Rewards Visa ending 7714 now has a credit limit of $7,000, up from $4,500. "
                      "Your APR and payment due date are unchanged."),
            ("customer", "sweet, thanks for confirming"),
        ],
        "$4,500",
        "$7,000",
    ),
    (
        "svc-c04",
        "change",
        [
            ("agent", "thank you for calling Maple Trust lending this is Kevin can I get your name please"),
            ("customer", "yeah hi um it's Jasmine Tremblay I have a personal loan with you guys"),
            ("agent", "okay thanks Jasmine I've got you verified so uh what can I help with today"),
            ("customer", "um I just wanted to double check when my payment comes out cause I forgot"),
            ("agent", "sure so your loan payment of three hundred and twelve dollars comes out on the fifteenth of "
                      "every month from your chequing account ending four four zero one"),
            ("customer", "okay the fifteenth perfect thank you"),
        ],
        [
            ("customer", "hi um yeah so I changed jobs and I get paid at the end of the month now so uh I need to "
                         "move my loan payment date"),
            ("agent", "okay no problem I can do that for you what date works for you"),
            ("customer", "uh can we do the twenty eighth"),
            ("agent", "sure so I've moved your payment date from the fifteenth to the twenty eighth of every month "
                      "starting this month the amount stays three hundred and twelve dollars same account ending "
                      "four four zero one"),
            ("customer", "perfect thanks so much"),
        ],
        "fifteenth of every month",
        "twenty eighth of every month",
    ),
    (
        "svc-c05",
        "change",
        [
            ("customer", "Form: Bin collection enquiry\nName: Graham Whitfield\nAddress: 9 Elm Close, Kettering "
                         "NN15 6QT\nBin type: General waste (black)\nQuestion: What day is my collection? New to "
                         "the area."),
            ("agent", "Hello Graham, thank you for your enquiry. Collections at 9 Elm Close are on Tuesday each "
                      "week: black bin one week, blue recycling bin the next. Please put bins out by 7am. "
                      "Waste Services"),
            ("customer", "Thanks, Tuesday it is."),
        ],
        [
            ("customer", "Form: Bin collection enquiry\nName: Graham Whitfield\nAddress: 9 Elm Close, Kettering "
                         "NN15 6QT\nBin type: All\nQuestion: I got a leaflet saying rounds are changing. Is my day "
                         "changing?"),
            ("agent", "Hello Graham, yes. Following the route review, collections at 9 Elm Close move to Thursday "
                      "from the week beginning 13 April. The alternate black/blue pattern stays the same, and your "
                      "first Thursday collection will be the black bin. Waste Services"),
            ("customer", "Ok, noted, Thursday from now on. Cheers."),
        ],
        "on Tuesday each week",
        "move to Thursday",
    ),
    (
        "svc-c06",
        "change",
        [
            ("customer", "Hello, I am living in Dublin 8 and I have resident parking permit. I want to ask is my "
                         "permit still valid, because I get a warning paper on the car. Permit is for Zone B, car "
                         "is 141-D-22871."),
            ("agent", "Hi Tomasz, thanks for getting in touch. Your resident permit for Zone B is valid until "
                      "31 October 2026 for vehicle 141-D-22871. If you received a notice, please send us a photo "
                      "and we'll look into it."),
            ("customer", "Ok thank you very much, I will send photo. Is good to know it is valid."),
        ],
        [
            ("customer", "Hello again. I move to new apartment in Rathmines, so I need change my permit. New "
                         "address is Apartment 6, 41 Rathmines Road Lower. Please what is the zone there?"),
            ("agent", "Hi Tomasz, that address is in Zone D. I have cancelled your Zone B permit and issued a "
                      "resident permit for Zone D for 141-D-22871, valid to 31 October 2026. The old permit stops "
                      "working from today, so please display the new one, which you can print from our email."),
            ("customer", "Perfect, I have printed already. Thank you for the help."),
        ],
        "Zone B",
        "permit for Zone D",
    ),
    (
        "svc-c07",
        "change",
        [
            ("agent", "Kia ora! I'm Kiri, the Student Hub assistant. Choose an option:\n1) Password & login\n"
                      "2) Enrolment & programme\n3) Fees\n4) Talk to a person"),
            ("customer", "2"),
            ("agent", "Enrolment & programme:\n1) Check my programme\n2) Change my programme\n3) Back"),
            ("customer", "1"),
            ("agent", "Thanks, Aroha. Student ID 21904477 is enrolled in the Bachelor of Commerce (majoring in "
                      "Accounting), Year 2. Anything else? Type 4 to talk to a person."),
            ("customer", "no thats all"),
        ],
        [
            ("agent", "Kia ora! I'm Kiri, the Student Hub assistant. Choose an option:\n1) Password & login\n"
                      "2) Enrolment & programme\n3) Fees\n4) Talk to a person"),
            ("customer", "4"),
            ("agent", "Connecting you to a Student Hub adviser... Hi Aroha, this is Liam. How can I help?"),
            ("customer", "hi, my programme transfer got approved by the faculty last week but my timetable still "
                         "shows commerce papers. can you check it's gone through?"),
            ("agent", "I can see it now. The transfer was processed this morning: you're now enrolled in the "
                      "Bachelor of Laws, Year 2, and the Bachelor of Commerce has been closed off with your credits "
                      "carried across. Your timetable should refresh within 24 hours."),
            ("customer", "awesome, thank you!"),
        ],
        "Bachelor of Commerce",
        "Bachelor of Laws",
    ),
    (
        "svc-c08",
        "change",
        [
            ("customer", "Hello, good morning. Kindly confirm my membership at the Westlands space, I want to know if "
                         "I can book the meeting room."),
            ("agent", "Good morning Wanjiru! You're on the Hot Desk plan at Kazi Hub Westlands (KES 12,000 per "
                      "month), which includes 4 hours of meeting room credit each month."),
            ("customer", "Okay thank you, let me book for Thursday 2pm then."),
            ("agent", "Done, Meeting Room 2 is booked for Thursday 2-3pm."),
        ],
        [
            ("customer", "Hi, I want to upgrade. I am tired of looking for a seat every morning, I want my own desk."),
            ("agent", "Sure! The Dedicated Desk plan is KES 18,500 per month with a lockable drawer and 8 hours of "
                      "meeting room credit. Shall I switch you over today?"),
            ("customer", "Yes please switch me."),
            ("agent", "Done. You're now on the Dedicated Desk plan, desk D14 by the window. Your Hot Desk plan has "
                      "ended and the difference for this month will be billed via M-Pesa as usual."),
            ("customer", "Asante!"),
        ],
        "Hot Desk plan",
        "Dedicated Desk plan",
    ),
    (
        "svc-c09",
        "change",
        [
            ("customer", "Hi po, good afternoon. I'd like to book Mochi for her anti-rabies shot."),
            ("agent", "Good afternoon po! Mochi is in our records: Shih Tzu, 3 years old, 8.2 kg at her last visit. "
                      "We have Saturday 10:00 AM available with Dr. Santos."),
            ("customer", "Sige po, Saturday 10 AM. Thank you!"),
        ],
        [
            ("customer", "Hello po, follow up lang. Dr. Santos said Mochi needs diet food, what bag size should "
                         "I get?"),
            ("agent", "Hi po! At Mochi's check-up yesterday she weighed 9.6 kg, so Dr. Santos updated her record "
                      "and recommends the weight-management formula. At 9.6 kg, the 3 kg bag lasts about a month."),
            ("customer", "Ay, she really gained. OK po, please reserve one bag."),
            ("agent", "Reserved po, ready for pick-up at the front desk."),
        ],
        "8.2 kg",
        "9.6 kg",
    ),
    (
        "svc-c10",
        "change",
        [
            ("customer", "hi my screen has a dead line down the middle, is this covered? i have your protection plan"),
            ("agent", "Hi Jordan, let me pull up your plan. You have TechGuard Plus, covering an iPhone 13 (128GB, "
                      "IMEI ending 4471), valid through 11/2026. A display defect like that is covered with a $29 "
                      "service fee."),
            ("customer", "ok great. can i drop it at the store on 5th ave"),
            ("agent", "Yes, the 5th Avenue location can take it. Claim number TG-88120 is open for you."),
        ],
        [
            ("customer", "hey so i finally upgraded phones, i want my protection plan moved to the new one. its a "
                         "samsung galaxy s24"),
            ("agent", "Sure. TechGuard Plus can be transferred once per term. Can you give me the IMEI? You can "
                      "dial *#06# to see it."),
            ("customer", "356729114083152"),
            ("agent", "Thanks. Summary of changes: covered device changed from iPhone 13 (IMEI ending 4471) to "
                      "Samsung Galaxy S24 (IMEI ending 3152). Plan: TechGuard Plus, term still ends 11/2026, monthly "
                      "price unchanged at $11.99. The iPhone 13 is no longer covered."),
            ("customer", "perfect ty"),
        ],
        "iPhone 13",
        "Samsung Galaxy S24",
    ),
    (
        "svc-c11",
        "change",
        [
            ("customer", "Good morning,\n\nI wonder if you could remind me exactly what my subscription covers, as "
                         "my husband insists we get the paper on Fridays and I am certain we do not. Subscriber "
                         "number 30081127.\n\nMany thanks,\nHilary Pemberton"),
            ("agent", "Dear Mrs Pemberton,\n\nThank you for getting in touch. Your subscription (30081127) is for "
                      "home delivery on Saturday and Sunday only, at £24.50 per month, delivered by Castle "
                      "Newsagents. There is no Friday delivery on your account.\n\nKind regards,\n"
                      "The Chronicle Subscriptions Team"),
            ("customer", "Thank you, I shall be delighted to tell him.\n\nHilary"),
        ],
        [
            ("customer", "Good afternoon,\n\nNow that I have retired I should like to have the paper every day "
                         "except Sunday, so Monday to Saturday please. We no longer want the Sunday edition. "
                         "Subscriber 30081127.\n\nKind regards,\nHilary Pemberton"),
            ("agent", "Dear Mrs Pemberton,\n\nCongratulations on your retirement. I have changed subscription "
                      "30081127 to home delivery Monday to Saturday, starting Monday 13 April. The Sunday edition "
                      "stops after this weekend. Your new monthly price is £41.90.\n\nKind regards,\n"
                      "The Chronicle Subscriptions Team"),
            ("customer", "Splendid, thank you."),
        ],
        "Saturday and Sunday",
        "Monday to Saturday",
    ),
    (
        "svc-c12",
        "change",
        [
            ("agent", "Hi, I'm MediBot from QuickScript Pharmacy Delivery. Reply with a number:\n1) Track an order\n"
                      "2) Repeat prescription\n3) Change pharmacy\n4) Chat to a team member"),
            ("customer", "2"),
            ("agent", "Your repeat for atorvastatin 20 mg (30 tablets) is being filled at our Westmead branch and "
                      "will be delivered tomorrow between 2 and 6pm. Reply 4 to chat to a team member."),
            ("customer", "4"),
            ("agent", "Hi Raj, it's Chloe. How can I help?"),
            ("customer", "just checking all my repeats come from westmead, it's closest to my work"),
        ],
        [
            ("customer", "hi, changed jobs and now working in Penrith, can my scripts move to a branch out there"),
            ("agent", "Hi Raj, Chloe here. Our Penrith branch on High Street can take them. I've changed your "
                      "nominated branch from Westmead to QuickScript Penrith, and your atorvastatin repeats have "
                      "been moved across. Your next delivery will come from Penrith."),
            ("customer", "great thanks chloe"),
        ],
        "Westmead branch",
        "QuickScript Penrith",
    ),
    # ------------------------------------------------------------------ traps
    (
        "svc-t01",
        "trap",
        [
            ("customer", "Hi there, just renewing and want to check the details are right. It's a 2019 Skoda "
                         "Octavia, 191-G-4402."),
            ("agent", "Thanks Siobhan. Policy CI-7735021 covers a 2019 Skoda Octavia 1.6 TDI, reg 191-G-4402, "
                      "comprehensive, with you as the only driver. The renewal premium is €612."),
            ("customer", "Grand, go ahead and renew so."),
            ("agent", "Done, you're covered for another year."),
        ],
        [
            ("customer", "hiya, someone reversed into me in the car park, the octavia is in the garage in galway "
                         "for about two weeks. they gave me a courtesy car, a hyundai i30, am i covered to drive it?"),
            ("agent", "Sorry to hear that, Siobhan. Yes, your policy covers you to drive a courtesy car supplied by "
                      "an approved repairer while your own car is being fixed. You don't need to change anything: "
                      "the Skoda Octavia stays the insured vehicle on CI-7735021, and the i30 is covered under the "
                      "courtesy car clause until the repair is done."),
            ("customer", "brilliant thanks a million"),
        ],
        "Skoda Octavia",
        "hyundai i30",
    ),
    (
        "svc-t02",
        "trap",
        [
            ("customer", "Policy enquiry\nPolicy number: HH-5518320\nName: Aisha Rahman\nInsured address: 7 Mill "
                         "Lane, Harrogate HG1 4QP\nQuery: Please confirm my buildings cover sum insured."),
            ("agent", "Dear Ms Rahman, your buildings sum insured at 7 Mill Lane, Harrogate HG1 4QP is £285,000 "
                      "with a £250 excess. Kind regards, HomeSure Customer Services"),
            ("customer", "Thank you."),
        ],
        [
            ("customer", "Hi, we're thinking about maybe moving to York at some point, nothing decided. If we bought "
                         "somewhere like 18 Bootham Terrace, roughly what would the premium be? Just curious, "
                         "we're not moving yet."),
            ("agent", "I can give you an indicative quote: for a three-bed terrace at 18 Bootham Terrace, York, it "
                      "would be around £34 a month. This is only a quote; your policy stays at 7 Mill Lane, "
                      "Harrogate and nothing has been changed."),
            ("customer", "Ok thanks, we'll see. Probably not this year tbh."),
        ],
        "7 Mill Lane",
        "18 Bootham Terrace",
    ),
    (
        "svc-t03",
        "trap",
        [
            ("customer", "whats my credit limit on the mastercard"),
            ("agent", "Hi Priya, your Northern Lights Mastercard ending 2290 has a credit limit of $3,000 CAD."),
            ("customer", "k thx"),
        ],
        [
            ("customer", "hi id like to raise my limit to 6000 please, got a big purchase coming up"),
            ("agent", "Thanks Priya. I submitted a request for an increase to $6,000, but unfortunately it wasn't "
                      "approved: the account needs to be open at least 12 months before a limit increase, and "
                      "yours is at 9 months. Your limit remains $3,000. You can reapply after July."),
            ("customer", "ugh ok. fine"),
        ],
        "$3,000",
        "$6,000",
    ),
    (
        "svc-t04",
        "trap",
        [
            ("customer", "Good day! Can you confirm the mobile number you have for my loan account? I'm not "
                         "receiving the OTP text."),
            ("agent", "Good day, Ma'am Cristina! Your registered mobile number is 0917 555 2381. OTPs are sent to "
                      "that number. Please check if your SIM has signal or if the message went to spam."),
            ("customer", "Ah yes that is my number, I think it was signal problem. Now I received already. "
                         "Thank you!"),
        ],
        [
            ("customer", "Hello, I want to change my mobile number for my personal loan to 0998 123 4567, I will "
                         "switch to other network."),
            ("agent", "Hi Ma'am Cristina, to change the registered mobile number we must verify your identity. "
                      "Please upload a selfie holding your valid ID."),
            ("customer", "I uploaded my UMID card and selfie."),
            ("agent", "Thank you po. Unfortunately the verification did not pass because the photo on the ID is "
                      "unclear, so we could not update your number. Your registered mobile number remains 0917 555 "
                      "2381. Please visit any branch with two valid IDs to process the change."),
            ("customer", "Ok I will go to the branch maybe next week."),
        ],
        "0917 555 2381",
        "0998 123 4567",
    ),
    (
        "svc-t05",
        "trap",
        [
            ("agent", "good morning you've called the council this is Mel how can I help"),
            ("customer", "oh hi yeah um I just moved into um 31 Jacaranda Street Ashgrove and I don't know what day "
                         "the bins go"),
            ("agent", "no worries I'll check that for you so for 31 Jacaranda Street your general waste goes out "
                      "every Wednesday and recycling is every second Wednesday"),
            ("customer", "Wednesday okay easy thanks"),
        ],
        [
            ("customer", "hi um just checking with the public holiday do the bins still go out this week"),
            ("agent", "hi yes so because of the Easter Monday public holiday collections run one day late this week "
                      "so for Jacaranda Street it'll be Thursday this week only and then back to Wednesday from "
                      "next week"),
            ("customer", "oh okay thursday this week sweet thanks"),
        ],
        "every Wednesday",
        "Thursday this week only",
    ),
    (
        "svc-t06",
        "trap",
        [
            ("customer", "Dear Council Tax Team,\n\nCould you please confirm the council tax band for my property "
                         "at Flat 2, 56 Grange Road, Bristol and the amount due this year?\n\n"
                         "Thank you,\nOliver Nwosu"),
            ("agent", "Dear Mr Nwosu,\n\nFlat 2, 56 Grange Road is in Band C. Your council tax for 2026/27 is "
                      "£2,104.17, payable in 10 monthly instalments from April.\n\nCouncil Tax Services"),
            ("customer", "Thank you for confirming."),
        ],
        [
            ("customer", "hello, my direct debit amount looked different, can you check its right? when i lived on "
                         "Carr Road years ago i was band A and paid way less lol"),
            ("agent", "Hi Oliver, your account is correct: Flat 2, 56 Grange Road is still Band C, and the "
                      "instalment of £210.42 reflects the 2026/27 increase. Band A applied to your previous "
                      "property on Carr Road, not this one."),
            ("customer", "ah ok makes sense thanks"),
        ],
        "Band C",
        "band A",
    ),
    (
        "svc-t07",
        "trap",
        [
            ("customer", "hello, i can't get into the engineering lab software, it says i'm not in the right group. "
                         "my netid is dmorales4, i'm a mechanical engineering major"),
            ("agent", "Hi Diego, your record lists you as a Mechanical Engineering undergraduate, Class of 2028. "
                      "The SolidWorks license group was missing from your account; I've added it. Please log out "
                      "and back in."),
            ("customer", "works now, thanks!"),
        ],
        [
            ("customer", "hi, i'm thinking about switching to computer science next year, would i lose solidworks "
                         "if i do? not doing it yet just planning"),
            ("agent", "Hi Diego, if you did switch to Computer Science, the engineering license group would be "
                      "removed at the start of the following term. For now your major is still Mechanical "
                      "Engineering and nothing changes. The change-of-major form is with the Registrar if you "
                      "decide to go ahead."),
            ("customer", "ok good to know, i'll probably stay put honestly"),
        ],
        "Mechanical Engineering",
        "Computer Science",
    ),
    (
        "svc-t08",
        "trap",
        [
            ("customer", "Hi! Can you check how many days I have left on my pass this month? Name is Paolo Reyes."),
            ("agent", "Hi Paolo! You're on the Flex 10 pass at our BGC location, 10 days per month for PHP 4,500. "
                      "You've used 6 days so far, so 4 days left this month."),
            ("customer", "Nice, thanks!"),
        ],
        [
            ("customer", "Hello, my startup might hire 3 people. How much is a private office for 4 pax?"),
            ("agent", "Hi Paolo! A 4-seat Private Office at BGC is PHP 38,000 per month with a 6-month minimum. "
                      "I've emailed you the quote, valid for 30 days. Your Flex 10 pass continues as normal in the "
                      "meantime."),
            ("customer", "Whoa ok, let me think muna. Will get back to you."),
        ],
        "Flex 10 pass",
        "4-seat Private Office",
    ),
    (
        "svc-t09",
        "trap",
        [
            ("customer", "Hello, I want to register my dog for vaccination. Name is Simba, German Shepherd, male, "
                         "2 years."),
            ("agent", "Karibu! Simba is now registered: German Shepherd, male, 2 years, owner Brian Otieno. His "
                      "rabies vaccination is booked for Saturday at 9am at the Karen clinic."),
            ("customer", "Asante sana."),
        ],
        [
            ("customer", "Hi, Simba's vaccination card says German Shepherd but at the boarding kennel they wrote "
                         "Alsatian. Do I need to change his breed?"),
            ("agent", "Hi Brian, no need. Alsatian is simply another name for German Shepherd, it's the same breed. "
                      "His record stays as German Shepherd."),
            ("customer", "Ok thank you."),
        ],
        "German Shepherd",
        "Alsatian",
    ),
    (
        "svc-t10",
        "trap",
        [
            ("customer", "G'day, my Pixel 8 is stuck in a boot loop. I've got the Device Care plan with you, what "
                         "do I do?"),
            ("agent", "Hi Sam, your Device Care plan covers a Google Pixel 8 (128GB, Obsidian), IMEI ending 9035. "
                      "Please book it in at our Chermside store; the repair is covered with no excess."),
            ("customer", "Legend, booked for Friday."),
        ],
        [
            ("customer", "hey, my son just got an iPhone 15 for his birthday, can he get his own Device Care plan? "
                         "he's on my account"),
            ("agent", "Hi Sam, sure. I've set up a separate Device Care plan for Jack's iPhone 15 in his name, "
                      "billed to your account. Your own plan is unchanged and still covers your Google Pixel 8."),
            ("customer", "great cheers"),
        ],
        "Pixel 8",
        "iPhone 15",
    ),
    (
        "svc-t11",
        "trap",
        [
            ("customer", "hi can u confirm my delivery address for the paper, just moved flats. its 5/12 Richmond "
                         "Road, Grey Lynn"),
            ("agent", "Kia ora Hemi, your delivery address is now 5/12 Richmond Road, Grey Lynn, Auckland 1021. "
                      "Your Weekend Courier delivery starts this Saturday."),
            ("customer", "sweet as"),
        ],
        [
            ("customer", "hey we're at the bach in Raglan for Anzac weekend, can the Saturday paper go there just "
                         "this once? 14 Wainui Road, Raglan"),
            ("agent", "Kia ora Hemi, done. The Saturday 25 April paper will be delivered to 14 Wainui Road, Raglan "
                      "as a one-off. From the following weekend delivery goes back to 5/12 Richmond Road, Grey "
                      "Lynn as normal."),
            ("customer", "awesome thanks"),
        ],
        "5/12 Richmond Road",
        "14 Wainui Road",
    ),
    (
        "svc-t12",
        "trap",
        [
            ("customer", "Hello, I'd like to set up home delivery for my monthly metformin. My address is 4419 "
                         "Maple Ridge Drive, Columbus, OH 43230."),
            ("agent", "Hi Linda, home delivery is set up. Your metformin 500 mg will ship monthly to 4419 Maple "
                      "Ridge Drive, Columbus, OH 43230, and you'll get a text when it's on its way."),
            ("customer", "Thank you so much."),
        ],
        [
            ("customer", "Hi, my delivery label said 4419 Maple Rdige Drive, is that a problem? The package still "
                         "came fine."),
            ("agent", "Sorry about that, Linda, that was a typo on our end. I've corrected the spelling so it reads "
                      "4419 Maple Ridge Drive again; the address itself hasn't changed, so nothing else is "
                      "affected."),
            ("customer", "Great, thanks for fixing it."),
        ],
        "4419 Maple Ridge Drive",
        "Maple Rdige",
    ),
]

ONE_OFFS = [
    (
        "svc-o01",
        [
            ("customer", "Form: Report a missed collection\nBin: Blue recycling\nCollection due: Monday\n"
                         "Details: Bin was out by 6:30am but wasn't emptied."),
            ("agent", "Thank you for your report. A crew will return to empty the blue bin within 2 working days. "
                      "Your reference is MC-20931."),
            ("customer", "Thanks."),
        ],
    ),
    (
        "svc-o02",
        [
            ("customer", "Hi, checking status of claim CLM-55102 for the windscreen"),
            ("agent", "Hi, claim CLM-55102 has been approved and payment of KES 18,400 was sent to the glass fitter "
                      "yesterday. No further action is needed from you."),
            ("customer", "Ok thanks."),
        ],
    ),
    (
        "svc-o03",
        [
            ("customer", "hi locked out of my student email, forgot password"),
            ("agent", "No problem. I've sent a reset link to your recovery email; it expires in 30 minutes."),
            ("customer", "got it, reset done, im in"),
            ("agent", "Great, anything else I can help with?"),
            ("customer", "nope thanks"),
        ],
    ),
    (
        "svc-o04",
        [
            ("customer", "hi um the paper didn't come this morning"),
            ("agent", "oh sorry about that there was a van breakdown in the area this morning so uh I'll credit "
                      "today's edition and it'll show on your next bill"),
            ("customer", "grand thanks"),
        ],
    ),
    (
        "svc-o05",
        [
            ("customer", "Could you email me a copy of the receipt for last Tuesday's consult? I've misplaced it."),
            ("agent", "Of course, I've emailed the receipt for last Tuesday's consultation, total $96.50, to the "
                      "address on file."),
            ("customer", "Received, thanks!"),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "svc-c04": "no fact holds 'fifteenth of every month'; stored: customer has a personal loan (active); customer "
               "pays with the card ending 4401 (active)",
    "svc-c05": "no fact holds 'on Tuesday each week'; stored: customer lives at 9 Elm Close, Kettering (active); "
               "customer's name is Graham Whitfield (active)",
    "svc-c06": "no fact holds 'permit for Zone D'; stored: customer lives at Apartment 6, 41 Rathmines Road Lower "
               "(active); customer's resident permit is for Zone B (closed); customer's resident permit is for Zone "
               "D (active); customer lives in Dublin 8 (closed)",
    "svc-c07": "'customer is enrolled in the Bachelor of Commerce' is not closed by 'customer is enrolled in the "
               "Bachelor of Laws, Year 2'",
    "svc-c09": "no fact holds '8.2 kg'; stored: nothing",
    "svc-c10": "no fact holds 'iPhone 13'; stored: customer is on the TechGuard Plus plan (closed); customer is on "
               "the one plan (active); customer is on the protection plan (closed)",
    "svc-c11": "no fact holds 'Saturday and Sunday'; stored: customer's monthly price is £41.90 (active); customer "
               "is on the £24.50 per month plan (active)",
    "svc-c12": "no fact holds 'Westmead branch'; stored: customer's nominated branch is QuickScript Penrith "
               "(active); customer's atorvastatin is 20mg (active)",
    "svc-t03": "no fact holds '$3,000'; stored: customer pays with the Northern Lights Mastercard ending 2290 "
               "(active)",
    "svc-t05": "no fact holds 'every Wednesday'; stored: customer lives at 31 Jacaranda Street Ashgrove (active)",
    "svc-t06": "no fact holds 'Band C'; stored: customer's council tax is £2,104.17 (active)",
    "svc-t09": "no fact holds 'German Shepherd'; stored: nothing",
}

ARCHIVE = CaseArchive(tenant="blind-everyday", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
