"""Member and patient services chat archive for healthcare and care providers: web chat and in-app messaging between
customers and the front desks of health insurers and medical aids, GP and family practices, clinics and polyclinics,
dental practices, opticians, pharmacies handling repeat prescriptions and home delivery, physiotherapy clinics, vets
and pet insurers, care homes and hearing-aid providers across the UK, Ireland, the US, Canada, Australia, New
Zealand, South Africa, India and Singapore. Customers range from elderly people typing careful full sentences with
sign-offs, to busy parents dashing off lower-case messages, to adult children and carers writing on a relative's
behalf; agents are receptionists, member-services staff and pharmacists who may be warm and chatty, formal, read
details back from the record, or ask the customer to confirm identity and details before acting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # (case_id, "change" or "trap", first_conversation_turns, later_conversation_turns, old_words, new_words)
    ("hlt-c01", "change",
     [("customer", "Good morning. I am writing to ask whether my repeat prescription for my blood pressure "
                   "tablets has been sent off yet. I believe it goes to Boots on Castle Street. Kind regards, "
                   "Margaret Ellis"),
      ("agent", "Morning Margaret, thanks for getting in touch. Yes, I can see the amlodipine request was "
                "approved by Dr Shah yesterday and sent electronically to your nominated pharmacy, Boots on "
                "Castle Street. They usually need 2-3 working days to make it up."),
      ("customer", "That is very helpful. So I may go in on Thursday?"),
      ("agent", "Thursday should be fine. If you want to save yourself the walk, give them a quick ring first to "
                "check it's ready."),
      ("customer", "Thank you dear. Margaret")],
     [("customer", "Hello again. I wonder if you could help me. Since my hip operation I find it very hard to "
                   "get into town, so I should like my prescriptions to go to the Well Pharmacy in Hillfoot "
                   "instead, which is at the end of my road. Margaret Ellis, date of birth 14/02/1941."),
      ("agent", "Hi Margaret, I hope the recovery is going well. I can do that for you now. Just to "
                "double-check, is that Well Pharmacy at 3 Hillfoot Parade?"),
      ("customer", "Yes, that is the one."),
      ("agent", "Lovely, that's updated. From your next request onwards everything will go to Well Pharmacy in "
                "Hillfoot rather than Boots."),
      ("customer", "Wonderful. Thank you so much. Margaret")],
     "Boots on Castle Street", "Well Pharmacy in Hillfoot"),
    ("hlt-c02", "change",
     [("customer", "hi need to check if my physical therapy is covered, member id ends 4471"),
      ("agent", "Hi Marcus, thanks for reaching out to Northwind Health member services. Our records show you're "
                "enrolled in the Silver 2000 PPO through your employer. Outpatient physical therapy is covered "
                "after your deductible, up to 30 visits per calendar year."),
      ("customer", "ok and how much of the deductible have i hit"),
      ("agent", "You've met $1,240 of your $2,000 individual deductible so far this year."),
      ("customer", "got it thx")],
     [("customer", "Hey so I got married last month and my wife's been added to my plan, and HR said we moved up "
                   "to the gold tier as part of that. can you confirm what I'm on now?"),
      ("agent", "Congratulations! Yes, I can see the qualifying life event was processed on the 1st. You and "
                "your spouse are now both on the Gold 500 PPO, effective April 1. Your new individual deductible "
                "is $500 and the family deductible is $1,000."),
      ("customer", "does my PT count start over"),
      ("agent", "Your visit count carries over within the calendar year, so you have 22 visits left. Anything "
                "you paid toward the old deductible is credited as well."),
      ("customer", "perfect")],
     "Silver 2000 PPO", "Gold 500 PPO"),
    ("hlt-c03", "change",
     [("customer", "Hi there, just booking my six monthly check up. I usually see Dr Nguyen, any chance of a "
                   "Saturday?"),
      ("agent", "Hi Chloe! Dr Nguyen has a Saturday 9:15am on the 21st, does that suit?"),
      ("customer", "Perfect, book me in"),
      ("agent", "Done! You'll get an SMS reminder two days before. See you then 😊")],
     [("customer", "hey, got your letter about Dr Nguyen retiring 😢 who should I go with?"),
      ("agent", "We're all sad to see her go! Most of her patients have moved to Dr Harriet Cole, who joined us "
                "in January - she's lovely and also does Saturdays. Or there's Dr Mehta if weekdays are easier."),
      ("customer", "Harriet Cole sounds good, can you just make her my regular dentist from now on"),
      ("agent", "All sorted - I've moved your file over, so Dr Harriet Cole is now your treating dentist. Your "
                "September recall will be with her."),
      ("customer", "thanks heaps")],
     "Dr Nguyen", "Dr Harriet Cole"),
    ("hlt-c04", "change",
     [("customer", "Hello, I'd like to request a refill on my cholesterol pill please. Rx number 5520193."),
      ("agent", "Good afternoon. I have that here: atorvastatin 20 mg, one tablet at bedtime, 90-day supply. You "
                "have two refills remaining. Would you like pickup or delivery?"),
      ("customer", "Delivery please, same as always."),
      ("agent", "It'll go out with tomorrow afternoon's driver. Please have your health card handy for the "
                "signature.")],
     [("customer", "Hi, Dr. Lapointe saw me Monday and said my LDL numbers weren't good enough, so she's upping "
                   "the statin. Did the new prescription come through to you?"),
      ("agent", "Yes, we received it from her office this morning. It's atorvastatin 40 mg, one tablet at "
                "bedtime. I've inactivated the old 20 mg prescription so there's no mix-up. Our pharmacist Anika "
                "would like a quick word about possible muscle aches at the higher dose - can she call you?"),
      ("customer", "Sure, I'm home all afternoon."),
      ("agent", "Great, she'll ring you around 2. The new strength will come with your Thursday delivery.")],
     "atorvastatin 20 mg", "atorvastatin 40 mg"),
    ("hlt-c05", "change",
     [("customer", "Kia ora, I'm putting in a claim for Biscuit's ear infection. The invoice is from Kelburn "
                   "Vets. Do I need the vet to fill something in too?"),
      ("agent", "Kia ora Aroha! Yes please - the vet section of the claim form needs to be completed by Kelburn "
                "Vets, since they're listed as Biscuit's usual clinic on your policy. Once you upload it with "
                "the invoice we aim to process within 5 working days."),
      ("customer", "Sweet as, will drop it in tomorrow")],
     [("customer", "Hi, we've moved out to the Hutt so Biscuit goes to Petone Vet Centre now, we've registered "
                   "her there. Do I need to tell you guys?"),
      ("agent", "Thanks for letting us know! Yes, it helps with claims. I've updated Biscuit's usual vet to "
                "Petone Vet Centre. Is everything else on the policy still correct?"),
      ("customer", "Yep all good"),
      ("agent", "Awesome. Nothing else for you to do, and your premium stays the same.")],
     "Kelburn Vets", "Petone Vet Centre"),
    ("hlt-c06", "change",
     [("customer", "Hi, I've a question about the excess on my plan before I book a procedure. I'm having a knee "
                   "arthroscopy in the Beacon in May."),
      ("agent", "Hello Siobhán, thanks for your message. Your current plan is Health Plan 26.1 and the excess "
                "for a day-case procedure in a private hospital is €150 per claim. The remainder of the cost is "
                "covered in full at the Beacon."),
      ("customer", "Grand, that's not too bad at all. Thanks a million."),
      ("agent", "You're very welcome. Best of luck with the surgery!")],
     [("customer", "Hiya, my renewal came through and to keep the premium down I switched to the higher excess "
                   "option online last night. Can you confirm it went through? Want to be sure before I pay."),
      ("agent", "Hi Siobhán. Yes, I can see the change. From your renewal date of 1 June, your day-case excess "
                "will be €300 per claim, and your annual premium reduces by €212. The plan itself stays as "
                "Health Plan 26.1."),
      ("customer", "Perfect, that's what I wanted.")],
     "€150", "€300"),
    ("hlt-c07", "change",
     [("customer", "Good evening. I am using the Phonak Audeo P90 in both ears since last year. Right side is "
                   "giving crackling sound since two days. Kindly advise."),
      ("agent", "Good evening Mr. Iyer. Sorry to hear about the crackling. Could you please change the wax guard "
                "on the right receiver and tell us if it continues? The spare wax guards are in the small box "
                "given with your kit."),
      ("customer", "Done. Now it is clear. Thank you very much for quick help."),
      ("agent", "Most welcome sir. If it comes again, please visit our Jayanagar centre for a free clean.")],
     [("customer", "Hello. I came to Jayanagar centre on Saturday and the audiologist Ms. Deepa fitted me with "
                   "the new Oticon Intent 1 as exchange under upgrade scheme. Please update your records and "
                   "tell me the warranty details."),
      ("agent", "Namaste Mr. Iyer, thank you. Yes, your file now shows the Oticon Intent 1 (pair), serial "
                "numbers ending 8831 and 8832, fitted on 11 April. The old Phonak pair has been returned under "
                "the exchange. Warranty is 3 years from fitting date, plus 1 year loss and damage cover."),
      ("customer", "Very good. Do I need a different charger?"),
      ("agent", "Yes sir, the Oticon comes with its own charger; the Phonak one will not work with it. It should "
                "be in the box."),
      ("customer", "Yes it is there. Thank you.")],
     "Phonak Audeo P90", "Oticon Intent 1"),
    ("hlt-c08", "change",
     [("customer", "Morning, I haven't received my new membership card. Can you check which address it was sent "
                   "to?"),
      ("agent", "Good morning Mr Botha. Our records show your postal address as 14 Jacaranda Avenue, "
                "Durbanville, 7550. The card was posted on the 3rd."),
      ("customer", "Yes that's right. I'll give it another week then, the post is slow."),
      ("agent", "If it hasn't arrived by the 20th let us know, and in the meantime your digital card is "
                "available on the app.")],
     [("customer", "Hi there. We've sold the house and moved to Somerset West. New address is 7 Protea Close, "
                   "Somerset West, 7130. Please update everything."),
      ("agent", "Thank you Mr Botha, and congratulations on the move. I've updated your residential and postal "
                "address to 7 Protea Close, Somerset West, 7130. Would you also like to change your nominated "
                "GP, as your current one is in Durbanville?"),
      ("customer", "Not yet, I'll keep seeing Dr Fourie until I find someone closer."),
      ("agent", "No problem, that stays as is. Anything else I can help with?"),
      ("customer", "No thanks, that's all.")],
     "14 Jacaranda Avenue, Durbanville", "7 Protea Close, Somerset West"),
    ("hlt-c09", "change",
     [("customer", "hi can i book a flu jab at the clinic this week"),
      ("agent", "Hello! Sure, may I have the last 4 characters of your NRIC and your mobile number to verify?"),
      ("customer", "567D, 9123 4567"),
      ("agent", "Thank you Ms Tan, that matches what we have. Friday 10.30am is available, ok?"),
      ("customer", "ok can"),
      ("agent", "Booked. You'll get an SMS confirmation on 9123 4567 shortly.")],
     [("customer", "Hello, I changed my phone number already, pls send reminders to new one. 8276 1190"),
      ("agent", "Hi Ms Tan, thanks for the update. To confirm, your new mobile number is 8276 1190 and the old "
                "number can be removed?"),
      ("customer", "Yes correct"),
      ("agent", "Done, updated in our system. All future SMS reminders will go to 8276 1190.")],
     "9123 4567", "8276 1190"),
    ("hlt-c10", "change",
     [("customer", "Hello, it's Janet, Dorothy Pickering's daughter (room 12). Just a reminder that I'd much "
                   "prefer a phone call rather than an email if anything comes up with Mum - I hardly ever check "
                   "my inbox. Thanks"),
      ("agent", "Hi Janet, thanks for the message. Noted - I've put on Dorothy's file that you prefer phone "
                "calls for updates, and the team on Rowan wing know too. Mum had a lovely morning at the music "
                "session today, by the way!"),
      ("customer", "Oh that's lovely to hear. Thank you.")],
     [("customer", "Hi, Janet again (Dorothy's daughter). I've started a new job where I can't take personal "
                   "calls during the day, so could you switch to emailing me instead? "
                   "janet.pickering@btinternet.com - I've got it on my phone now so I'll actually see it."),
      ("agent", "Hi Janet, congratulations on the new job! Of course. I've changed your preferred contact method "
                "to email, at janet.pickering@btinternet.com, and let the Rowan wing team know."),
      ("customer", "Perfect, thank you.")],
     "phone calls", "email"),
    ("hlt-c11", "change",
     [("customer", "Hi, I need to order some contact lenses and the website is asking for my prescription. Can "
                   "you tell me what I have on file? Name Tom Akers."),
      ("agent", "Hi Tom. Your last eye test was on 9 October with Mr Brennan. Right eye -2.25, left eye -2.50, "
                "no astigmatism. That's valid for contact lens orders until October next year."),
      ("customer", "Brilliant cheers")],
     [("customer", "had my test yesterday, the optom said right eye got a bit worse?? can you send me the new "
                   "numbers so I can reorder lenses"),
      ("agent", "Morning Tom! Yes, Ms Okoro updated it yesterday. Right eye is now -2.75, left is unchanged at "
                "-2.50. I'll email you a copy of the new prescription too."),
      ("customer", "ta")],
     "-2.25", "-2.75"),
    ("hlt-c12", "change",
     [("customer", "Hi, can I lock in a regular slot with Ben? Tuesday mornings work best for me, ideally around "
                   "8."),
      ("agent", "Hey Priya, no worries at all. I've put you down for Tuesdays at 8:00 with Ben for the next six "
                "weeks of your shoulder rehab."),
      ("customer", "Awesome thank you!")],
     [("customer", "Hi! Started a new job this week and I can't do mornings anymore :( Could I move my regular "
                   "sessions to Thursday evenings? Anything after 5.30 is fine"),
      ("agent", "Congrats on the new job! Ben works Thursday evenings, so I've moved your standing booking to "
                "Thursdays at 5:45pm from next week and cancelled the remaining 8am Tuesday ones."),
      ("customer", "legend, thanks")],
     "Tuesday mornings", "Thursday evenings"),
    ("hlt-t01", "trap",
     [("customer", "Hello, I've just moved into the area and want to check my registration went through. Kwame "
                   "Mensah, DOB 03/07/1988."),
      ("agent", "Hi Kwame, yes - you're fully registered with Riverside Medical Centre as of Monday, and your "
                "named GP is Dr Lowe. We've requested your records from your old practice."),
      ("customer", "Great, thanks.")],
     [("customer", "Quick question - my company might be relocating me to Leeds later in the year. If that "
                   "happens, would I have to leave Riverside and register somewhere up there, or can I stay on "
                   "your list?"),
      ("agent", "Good question. If you move outside our practice boundary you'd normally register with a "
                "practice near your new address, although some practices can keep you on as an out-of-area "
                "patient without home visits. Nothing needs to change unless you actually move, though."),
      ("customer", "Ok, makes sense. Nothing's decided yet anyway, I just wanted to know."),
      ("agent", "No problem, just let us know if it does happen.")],
     "Riverside Medical Centre", "might be relocating me to Leeds"),
    ("hlt-t02", "trap",
     [("customer", "Hello, I'm trying to find an in-network dermatologist. I'm on the Bronze 60 HMO."),
      ("agent", "Hi Linda! Happy to help. With the Bronze 60 HMO you'll need a referral from your PCP, Dr. "
                "Hwang, first. Once you have that, there are three in-network dermatologists within 10 miles of "
                "your zip code 60614 - shall I send the list to your email on file?"),
      ("customer", "Yes please"),
      ("agent", "Sent! Let me know if there's anything else.")],
     [("customer", "Hi, my husband Greg just started a new job and he's moving onto his employer's plan next "
                   "month, so he won't need to be on mine anymore. Does that change anything for me?"),
      ("agent", "Thanks for letting us know, Linda. Once Greg's new coverage starts you can remove him as a "
                "dependent, and your premium drops to the employee-only rate. Your own coverage on the Bronze 60 "
                "HMO stays exactly as it is."),
      ("customer", "Good, I don't want to change mine, I like Dr Hwang.")],
     "Bronze 60 HMO", "he's moving onto his employer's plan"),
    ("hlt-t03", "trap",
     [("customer", "hi is my methotrexate ready for delivery? should be to 22 Marlowe Road, Sale"),
      ("agent", "Hi Alan, yes it's been checked by the pharmacist and it's on tomorrow's van to 22 Marlowe Road. "
                "Driver's usually with you between 1 and 4."),
      ("customer", "great ta")],
     [("customer", "Hiya. I'm stopping at my daughter's in Altrincham for a fortnight while my kitchen's being "
                   "ripped out. Can this month's delivery go to hers - 5 Fern Grove, WA14 - and then back to "
                   "normal after?"),
      ("agent", "Of course Alan. I've set up a one-off delivery to 5 Fern Grove, Altrincham for this month only. "
                "Your home address stays as Marlowe Road for everything after that."),
      ("customer", "Brill. Cheers.")],
     "22 Marlowe Road", "5 Fern Grove"),
    ("hlt-t04", "trap",
     [("customer", "Hello, could you tell me when I'm due a cleaning? I'm with Dr Okafor."),
      ("agent", "Hi Niamh, yes, you're one of Dr Okafor's patients. You're due a scale and polish in March - "
                "would you like me to book the hygienist?"),
      ("customer", "Yes please, any Friday."),
      ("agent", "Friday 13th March at 11:20 with Aoife. Booked!")],
     [("customer", "Hi. Would it be possible to transfer to Dr Patel? A friend recommended her for nervous "
                   "patients."),
      ("agent", "I completely understand, Niamh. Unfortunately Dr Patel's list is full and she isn't accepting "
                "transfers at the moment. I can add a note that you're a nervous patient so Dr Okafor takes "
                "things slowly, or put you on Dr Patel's waiting list - whichever you prefer?"),
      ("customer", "Ah that's a pity. Just add the note then, I'll stay where I am."),
      ("agent", "Done. Dr Okafor will see it at your next visit.")],
     "Dr Okafor", "transfer to Dr Patel"),
    ("hlt-t05", "trap",
     [("customer", "Hi, I'm filling in the new patient form online but it won't let me add allergies? I'm "
                   "allergic to penicillin, quite badly (rash and swelling)."),
      ("agent", "Kia ora Mere, sorry about that - the form has a glitch. I've added it manually: penicillin "
                "allergy, reaction rash and facial swelling. The nurse will go over it with you at your first "
                "visit."),
      ("customer", "Thanks!")],
     [("customer", "Hello, I got my discharge letter from Middlemore after my gallbladder op and it says I'm "
                   "allergic to codeine. I'm not - I had a bit of nausea once, that's all. Can you make sure "
                   "that doesn't go on my record with you?"),
      ("agent", "Thanks for flagging that, Mere. I've noted that the codeine entry on the hospital letter was "
                "nausea only and not an allergy, so it won't be listed as one. Your only recorded allergy is "
                "still penicillin."),
      ("customer", "Perfect, thanks heaps")],
     "penicillin", "allergic to codeine. I'm not"),
    ("hlt-t06", "trap",
     [("customer", "G'day, just wanting to confirm what level of cover Rosie's on. She's a 4 year old kelpie."),
      ("agent", "Hi Jack! Rosie's covered under our Comprehensive Accident & Illness plan with an 80% benefit, a "
                "$15,000 annual limit and no excess."),
      ("customer", "Beauty, thanks.")],
     [("customer", "hey mate Rosie's done her cruciate, vet reckons surgery. shes on your top plan, the one that "
                   "pays back eighty percent, so thats covered right?"),
      ("agent", "Oh no, poor Rosie! Yes, she's on Comprehensive Accident & Illness, so cruciate surgery is "
                "covered at 80% up to the $15,000 annual limit, provided it isn't pre-existing. I can't see any "
                "prior knee issues on her file."),
      ("customer", "ripper, will send the quote through")],
     "Comprehensive Accident & Illness", "the one that pays back eighty percent"),
    ("hlt-t07", "trap",
     [("customer", "Hello, my Signia Pure Charge&Go AX aids aren't holding a charge through the day anymore. "
                   "They're only 14 months old."),
      ("agent", "Good morning Mrs. Gagnon. I see your Signia Pure Charge&Go AX pair was fitted in January of "
                "last year, so they're still under the 3-year warranty. Could you bring them to the Kanata "
                "clinic for a battery check?"),
      ("customer", "Yes, I can come Wednesday."),
      ("agent", "Wednesday at 10 with Claire - you're booked in.")],
     [("customer", "Good afternoon. Just to say the Signias are working beautifully since you replaced the "
                   "battery. I must say my old Widex ones never lasted this long, even when they were new! Thank "
                   "you, Hélène Gagnon"),
      ("agent", "That's wonderful to hear, Mrs. Gagnon! Thank you for letting us know. Your next check-up is due "
                "in July and we'll send you a reminder."),
      ("customer", "Thank you.")],
     "Signia Pure Charge&Go AX", "my old Widex ones"),
    ("hlt-t08", "trap",
     [("customer", "Hi, I want to check my day-to-day benefits. I'm on Classic Saver."),
      ("agent", "Hi Thandi, yes, you're on Classic Saver. Your Medical Savings Account has R4,820 available for "
                "the rest of the year."),
      ("customer", "Ok thanks")],
     [("customer", "Hello, my savings account is nearly finished already and it's only May. What happens now?"),
      ("agent", "Hi Thandi. Once your savings are used up, day-to-day costs are self-funded until you reach the "
                "Above Threshold Benefit. Since you've been using it a lot, would you like me to look at "
                "upgrading you to Classic Comprehensive? It has a much bigger day-to-day benefit."),
      ("customer", "How much more would that be?"),
      ("agent", "About R1,900 more per month for you as a single member."),
      ("customer", "No, that's too much. I'll stay on what I have."),
      ("agent", "Understood, no changes have been made.")],
     "Classic Saver", "Classic Comprehensive"),
    ("hlt-t09", "trap",
     [("customer", "Hi, can you send my lisinopril refill to my usual pharmacy? CVS on Elm Street in Dayton."),
      ("agent", "Hi Ray, sure thing. I've got CVS on Elm Street listed as your preferred pharmacy. The "
                "lisinopril 10mg refill has been sent over and should be ready after 3pm."),
      ("customer", "Thanks!")],
     [("customer", "hi, my insurance keeps sending letters saying I'd save money using mail-order for my blood "
                   "pressure meds. I might set that up at some point but haven't gotten around to it. For now "
                   "can you just send this month's refill to the usual place?"),
      ("agent", "Of course, Ray. Refill sent to CVS on Elm Street as usual. Whenever you do sign up for "
                "mail-order, just give us the details and we'll switch it over."),
      ("customer", "will do, thx")],
     "CVS on Elm Street", "I might set that up at some point"),
    ("hlt-t10", "trap",
     [("customer", "Hi, I'm going for a colonoscopy at Mount Elizabeth next month. Will my plan cover it fully?"),
      ("agent", "Hello Mr Lim. You're on the Enhanced Shield Plan A with the Total Care rider, so a day-surgery "
                "colonoscopy at a private hospital is covered, subject to pre-authorisation. Your rider covers "
                "the 5% co-payment, capped at $3,000 per year."),
      ("customer", "ok good. how do i get the pre-auth"),
      ("agent", "Your specialist's clinic submits it for you - just give them your policy number. Approval "
                "usually comes within 2 working days.")],
     [("customer", "Hi, my mum's premiums keep going up since she turned 75, so she's downgrading hers to Plan "
                   "B. Can she do that through my account or she needs to contact you herself?"),
      ("agent", "Hi Mr Lim. As your mother is the policyholder of her own plan, she'll need to sign the "
                "downgrade form herself, or authorise you as her representative. I can email the form to you. "
                "Your own Enhanced Shield Plan A with Total Care is unaffected."),
      ("customer", "ok pls email, thanks")],
     "Enhanced Shield Plan A", "she's downgrading hers to Plan B"),
    ("hlt-t11", "trap",
     [("customer", "Hello, I want to confirm my physiotherapy session for knee on Tuesday. My number is +91 "
                   "98450 22716 if you need to call."),
      ("agent", "Hello Ms. Rao, confirmed for Tuesday 4 pm with Dr. Kulkarni. We have +91 98450 22716 on file "
                "and will call there if anything changes."),
      ("customer", "Thank you")],
     [("customer", "hi, my phone fell in water yesterday and is in repair shop till Monday. if you need me about "
                   "saturday session pls call my husband's number 99001 34582 for these few days only"),
      ("agent", "Noted Ms. Rao. For this week we'll use 99001 34582 for any calls. Your main number stays as "
                "98450 22716 once your phone is back."),
      ("customer", "yes correct. thank you")],
     "98450 22716", "99001 34582"),
    ("hlt-t12", "trap",
     [("customer", "hi, can you confirm which hospital cover I'm on? I need it for a form"),
      ("agent", "Hi Sam, you're on Silver Plus Hospital with a $500 excess, plus Mid Extras. Your membership "
                "number is in the app under 'My Cover'."),
      ("customer", "thanks")],
     [("customer", "hey just curious, how much more would I pay per month if I went up to Gold? thinking about "
                   "it for pregnancy cover down the track"),
      ("agent", "Good question! Gold Hospital would be roughly $68 more per fortnight at your age and excess. "
                "Worth knowing there's a 12-month waiting period for pregnancy services, so it pays to plan "
                "ahead. Happy to put together a formal quote if you'd like one."),
      ("customer", "all good, just wanted a ballpark for now. cheers")],
     "Silver Plus Hospital", "how much more would I pay per month if I went up to Gold"),
]

ONE_OFFS = [
    # (scope_id, turns): a request handled there and then that leaves nothing worth remembering
    ("hlt-o01",
     [("customer", "Are you open on Easter Monday?"),
      ("agent", "Hi, no - the surgery is closed on Good Friday and Easter Monday. If you need urgent medical "
                "help while we're closed, please call 111."),
      ("customer", "ok thanks")]),
    ("hlt-o02",
     [("customer", "Quick one - is it safe to take paracetamol and ibuprofen at the same time for a headache?"),
      ("agent", "Hi! For most adults, yes, they can be taken together or alternated, as long as you stick to the "
                "dose on each pack and don't go over the 24-hour maximum. If you have stomach ulcers, asthma or "
                "kidney problems, check with a pharmacist before using ibuprofen."),
      ("customer", "great, thanks so much")]),
    ("hlt-o03",
     [("customer", "Hi, can I pay invoice INV-20931 by bank transfer rather than card?"),
      ("agent", "Hi there, yes - use the account details at the bottom of the invoice and put the invoice number "
                "as the reference. It can take a day to show on our side."),
      ("customer", "Done just now. Thanks"),
      ("agent", "Great, we'll email a receipt once it's reconciled.")]),
    ("hlt-o04",
     [("customer", "where do I mail a paper claim form? the link on the website is broken"),
      ("agent", "Sorry about that! Paper claims go to Claims Department, PO Box 30211, Salt Lake City, UT 84130. "
                "I've also reported the broken link to our web team."),
      ("customer", "ty")]),
    ("hlt-o05",
     [("customer", "Good day. Do you sell size 312 hearing aid batteries in the shop, and how much is a pack?"),
      ("agent", "Good day! Yes, we stock size 312 - R95 for a pack of six, or R170 for two packs."),
      ("customer", "Thank you, I will pop in this afternoon.")]),
]

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
SECOND = timedelta(days=47)

FAILS_TODAY: dict[str, str] = {
    "hlt-c01": "no fact holds 'Boots on Castle Street'; stored: customer's pharmacy is Boots (active)",
    "hlt-c02": "'Silver 2000 PPO' is not closed by a fact holding 'Gold 500 PPO'; stored: customer's individual "
               "deductible is $500 (active); customer is on the gold tier (active); customer is enrolled in the "
               "Silver 2000 PPO (active); customer is married (active)",
    "hlt-c03": "no fact holds 'Dr Nguyen'; stored: customer's treating dentist is Dr Harriet Cole (active)",
    "hlt-c04": "no fact holds 'atorvastatin 20 mg'; stored: nothing",
    "hlt-c05": "no fact holds 'Kelburn Vets'; stored: Biscuit goes to Petone Vet Centre (active); customer lives"
               " in Hutt (active)",
    "hlt-c06": "no fact holds '€150'; stored: customer is on the Health Plan 26.1 (active)",
    "hlt-c07": "no fact holds 'Phonak Audeo P90'; stored: nothing",
    "hlt-c08": "'14 Jacaranda Avenue, Durbanville' is not closed by a fact holding '7 Protea Close, Somerset "
               "West'; stored: customer lives at 7 Protea Close, Somerset West, 7130 (active); customer lives in"
               " Somerset West (active); customer's delivery address is 14 Jacaranda Avenue, Durbanville, 7550 "
               "(active); customer has not received their new membership card (active)",
    "hlt-c09": "'9123 4567' is not closed by a fact holding '8276 1190'; stored: customer's phone number is "
               "567D, 9123 4567 (active)",
    "hlt-c10": "no fact holds 'phone calls'; stored: customer has a phone (active); customer has started a new "
               "job (active); customer's email is janet.pickering@btinternet.com (active)",
    "hlt-c11": "no fact holds '-2.25'; stored: nothing",
    "hlt-c12": "no fact holds 'Tuesday mornings'; stored: customer is on the Tuesdays plan (active)",
    "hlt-t03": "no fact holds '22 Marlowe Road'; stored: nothing",
    "hlt-t06": "no fact holds 'Comprehensive Accident & Illness'; stored: nothing",
    "hlt-t07": "no fact holds 'Signia Pure Charge&Go AX'; stored: nothing",
    "hlt-t09": "no fact holds 'CVS on Elm Street'; stored: nothing",
    "hlt-t10": "a fact was closed; stored: customer is going for a colonoscopy at Mount Elizabeth (closed); "
               "customer is on the Enhanced Shield Plan A (active); customer's mum is downgrading hers to Plan B"
               " (active)",
}

ARCHIVE = CaseArchive(tenant="blind-health", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
