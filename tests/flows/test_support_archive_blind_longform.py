"""A blind archive of long-form support messages: customers write several sentences at once (sometimes bullet
points, a little filled-in form, a sign-off with their name) and the fact that matters sits among unrelated news,
complaints, thanks and questions; agents answer with summaries, follow-up questions or fields read back. Traps are
buried the same way (a plan, a hypothetical, a spouse's or colleague's value, a temporary stay, a complaint, a
denial, a restatement, "used to", a declined offer, unrelated news, "might"). Domains: lettings, private GPs and
dentists, payroll and accountancy, schools and clubs, car leasing, pet care, home and garden services, event venues,
travel agencies, insurance brokers, small-business software. Regions: UK, Ireland, US, Canada, Australia,
New Zealand, South Africa, India.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes ---
    ("lf-c01", "change",
     [("customer", "Hi there, I'm a tenant with you and I'm just getting set up on the new portal. For your records, "
                   "I live at 22 Ashby Road, Headingley, Leeds, in the ground floor flat. The portal keeps asking me "
                   "to confirm my address before it will let me log a repair, which is why I'm messaging. Also, is "
                   "there a way to get rent reminders by text rather than email? Thanks, Priya"),
      ("agent", "Thanks Priya. I can confirm we have you at 22 Ashby Road, Headingley, Leeds LS6, so the portal "
                "should let you through now. Text reminders are switched on as well; you'll get one three days "
                "before rent is due."),
      ("customer", "Perfect, cheers.")],
     [("customer", "Morning! A few things in one go, sorry it's a long one.\n"
                   "- The move went fine, and thank you to Dean for sorting the keys so quickly.\n"
                   "- new address: Flat 3, 9 Wren Close, Kirkstall, Leeds LS5\n"
                   "- The final meter readings for the old flat are in the photos I uploaded yesterday.\n"
                   "- Can you confirm my deposit was transferred across to the new tenancy?\n"
                   "Thanks again, Priya"),
      ("agent", "Glad the move went smoothly, Priya! I've made the following updates: your address is now Flat 3, "
                "9 Wren Close, Kirkstall, Leeds LS5, and the Ashby Road tenancy is marked as ended. Your deposit "
                "has been carried over to the new tenancy in full, and I've saved the meter photos to your file.")],
     "Ashby Road", "Wren Close"),
    ("lf-c02", "change",
     [("customer", "Hello, I've been a patient at your Douglas clinic in Cork for a couple of years now. My regular "
                   "dentist is Dr Byrne and I'd like to keep seeing her for my check-ups. Could you resend a copy "
                   "of my last invoice? I need it for the health insurance claim. Also, do you do evening "
                   "appointments at all? My work hours are a nightmare at the moment."),
      ("agent", "Hi, thanks for getting in touch. I can see Dr Byrne is listed as your regular dentist. I've "
                "resent the invoice to the email on file, and yes, we have late appointments on Tuesdays and "
                "Thursdays until 7pm.")],
     [("customer", "Hi again, a bit of a ramble, apologies. First, the whitening kit was great, no complaints at "
                   "all. Second, since Dr Byrne has cut back to Mondays only, I'd like to move over to Dr Okafor as "
                   "my regular dentist from now on; I was really impressed with him when he covered my last "
                   "appointment. Third, is the hygienist still €85 or has that gone up? And lastly, what do you "
                   "need from a new patient if a friend wants to register?"),
      ("agent", "Thanks for all that! Before I change anything, just to confirm: you'd like Dr Okafor to be your "
                "regular dentist for all future check-ups, instead of Dr Byrne?"),
      ("customer", "Yes please, Dr Okafor for everything going forward."),
      ("agent", "Done, Dr Okafor is now your regular dentist. The hygienist is still €85, and your friend just "
                "needs to fill in the new patient form on our website.")],
     "Byrne", "Okafor"),
    ("lf-c03", "change",
     [("customer", "Good day. I've just joined Mokoena Engineering in Johannesburg and HR said to send my banking "
                   "details to you for payroll. My salary must go into my Capitec savings account, account number "
                   "ending 3391. I start on the 1st, so I hope there's enough time before the month-end run. "
                   "Regards, Thabo Nkosi"),
      ("agent", "Welcome Thabo. I've captured your salary account as Capitec, savings, ending 3391, in time for "
                "the month-end run. Your first payslip will be emailed to you on the 25th.")],
     [("customer", "Hi payroll team,\n"
                   "Please see my updated details below, I filled in the form HR gave me:\n"
                   "Name: Thabo Nkosi\n"
                   "Employee no: ME-0417\n"
                   "New bank: Nedbank\n"
                   "Account type: cheque\n"
                   "Account ending: 5520\n"
                   "Reason: closed the old Capitec account after the fraud scare last month\n"
                   "Also, my May payslip showed the wrong medical aid deduction, can someone look at it? And "
                   "please thank Lerato for helping me with my tax number last time."),
      ("agent", "Thanks Thabo. I've made the following updates: salary bank changed from Capitec to Nedbank, "
                "cheque account ending 5520, effective from this month's run. I've also asked our benefits team "
                "to check the medical aid deduction on your May payslip, and I'll pass your thanks on to Lerato.")],
     "Capitec", "Nedbank"),
    ("lf-c04", "change",
     [("customer", "Hi, I've just enrolled my son Oliver in the after-school program at the Ashgrove campus for "
                   "Term 3. He's vegetarian, so please make sure his afternoon tea doesn't include any meat. He's a "
                   "bit shy for the first few days, so if someone could keep an eye on him that'd be lovely. "
                   "Cheers, Megan"),
      ("agent", "Hi Megan, welcome to the program! I've noted on Oliver's profile that he is vegetarian, and I'll "
                "let the coordinator know he might need a bit of extra support while he settles in.")],
     [("customer", "Hi team, hope the week's going well. Oliver has been absolutely loving the Lego club, he talks "
                   "about nothing else at dinner. A quick update on his food: after a few sessions with a "
                   "dietitian, he's now pescatarian, so fish is fine but still no other meat, and the vegetarian "
                   "note on his profile isn't right any more. I also think I was charged twice for the museum "
                   "excursion, could you check? And is there a holiday program in the September break? Thanks "
                   "heaps, Megan"),
      ("agent", "Thanks Megan, lovely to hear about the Lego club! I've updated Oliver's dietary requirement to "
                "pescatarian (fish OK, no other meat). You were charged twice for the excursion, so I've refunded "
                "the duplicate, and the September holiday program opens for bookings next Monday.")],
     "vegetarian", "pescatarian"),
    ("lf-c05", "change",
     [("customer", "Hello, I lease a Tesla Model 3 through you on the three-year business contract. I'm writing "
                   "because the tyre pressure warning keeps coming on and I wanted to know whether tyres are "
                   "covered under my maintenance package. Could you also send me the mileage allowance details "
                   "again? I've lost the welcome pack somewhere. Many thanks, Graham Holt"),
      ("agent", "Hi Graham, tyres are included in the maintenance package on your Tesla Model 3, so just book in "
                "at any of our approved centres. Your allowance is 10,000 miles a year, and I've emailed the "
                "welcome pack to you again.")],
     [("customer", "Hi, I collected the replacement car from the Reading depot this morning and the handover was "
                   "very smooth, so please pass on my thanks to Jo. A couple of loose ends: the old car still shows "
                   "in my app, the charging card for the new one hasn't arrived yet, and I'd like to check the new "
                   "contract still includes tyres. Graham"),
      ("agent", "Thanks Graham, glad the handover went well. I've updated your account so your leased vehicle is "
                "now the Polestar 2, and the Tesla has been removed following its return to the depot. Your new "
                "charging card was posted yesterday, and yes, tyres are still included on the new contract."),
      ("customer", "Brilliant, thanks.")],
     "Model 3", "Polestar 2"),
    ("lf-c06", "change",
     [("customer", "Hi! We use your dog walking service for our beagle, Murphy, three mornings a week. I wanted to "
                   "give you our vet's details in case of an emergency while he's out with your walker: it's "
                   "Riverdale Animal Hospital on Broadview. He's allergic to chicken, so please no treats with "
                   "chicken in them. Thanks so much, Claire"),
      ("agent", "Thanks Claire! I've added Riverdale Animal Hospital as Murphy's vet and put a note about the "
                "chicken allergy on his profile so all our walkers see it.")],
     [("customer", "Hey there, just a few updates and a question. Murphy had his annual check-up last week and "
                   "everything looked great, he's even lost a little weight thanks to all the walks! We changed "
                   "clinics over the winter: his vet is now Leslieville Pet Clinic on Queen East, since it's a five "
                   "minute walk from us and the old place was always booked up. Could you update his emergency "
                   "info? Also, we're away for the long weekend in May, so I'll message about skipping those walks "
                   "closer to the date."),
      ("agent", "Great to hear Murphy's doing so well! I've updated his emergency vet to Leslieville Pet Clinic on "
                "Queen East and removed Riverdale Animal Hospital from his profile. Just drop us a line before the "
                "long weekend.")],
     "Riverdale", "Leslieville"),
    ("lf-c07", "change",
     [("customer", "Hi, we signed up last month and I wanted to say the first two cleans have been fantastic. We're "
                   "on the Fresh Start plan, every other Thursday. Our gate code has just been reset, so please ask "
                   "the team to call me when they arrive next time and I'll give it to them over the phone. Also, "
                   "do you use pet-safe products? We have two cats who get into everything."),
      ("agent", "Thank you so much for the kind words! I can confirm you're on the Fresh Start plan with visits "
                "every other Thursday. I've added a note for the team to call on arrival, and yes, all of our "
                "products are pet-safe.")],
     [("customer", "Hello! So, the twins arrived three weeks ago (everyone is healthy, just very tired), and with two "
                   "newborns in the house it's getting messier by the day. I'd like to upgrade to the Full Shine "
                   "plan, the weekly one with the fridge-and-oven add-on, starting next week if there's space. "
                   "Please keep us on Thursdays if possible. Oh, and the team left the back door unlocked last "
                   "time, not a big deal, but please remind them."),
      ("agent", "Congratulations on the twins! Just to check before I switch you over: you'd like the Full Shine "
                "plan with a weekly Thursday visit, replacing Fresh Start, from next Thursday?"),
      ("customer", "Yes, exactly that. Thank you!"),
      ("agent", "All done: you're now on the Full Shine plan, weekly on Thursdays from next week, and Fresh Start "
                "has been cancelled. I've also passed on the note about the back door.")],
     "Fresh Start", "Full Shine"),
    ("lf-c08", "change",
     [("customer", "Kia ora, I'm the office manager at Tāwhiri Consulting in Wellington and we've booked your "
                   "harbour room for our quarterly staff functions this year. A few admin bits: please send all "
                   "invoices to our accounts administrator, Mere Thompson, rather than to me, as she handles all "
                   "supplier payments. We'll need a vegetarian option for about a third of the group. And what's "
                   "the cut-off for final numbers? Ngā mihi, Hemi"),
      ("agent", "Kia ora Hemi, thanks for the booking! I've set Mere Thompson as the invoice contact for Tāwhiri "
                "Consulting and noted the vegetarian option. Final numbers are due seven days before each "
                "function.")],
     [("customer", "Kia ora koutou,\n\nHope you're all keeping warm. A few updates ahead of the August function. "
                   "Mere retired at the end of June (we gave her a great send-off!), so from now on please address "
                   "all our invoices to Aroha Ngata in the finance team, aroha.ngata@tawhiri.co.nz. Numbers are "
                   "looking like 62 at this stage and I'll confirm the dietary split next week. Could we also get a "
                   "quote for a DJ for the Christmas function?\n\nNgā mihi, Hemi"),
      ("agent", "Kia ora Hemi, please pass on our best wishes to Mere! I've updated your invoice contact to Aroha "
                "Ngata (aroha.ngata@tawhiri.co.nz). Noted on 62 guests for now, and I'll send a DJ quote over by "
                "Friday.")],
     "Thompson", "Ngata"),
    ("lf-c09", "change",
     [("customer", "Hello, I travel for work almost every month between Bengaluru and Delhi, and my company has "
                   "asked me to book everything through your agency from now on. For all my bookings, please note "
                   "that I prefer an aisle seat, ideally near the front. I'm also a member of Air India's Maharaja "
                   "Club, if that helps with upgrades. Please share the corporate invoice format too, our finance "
                   "team is very particular. Thanks, Ananya Rao"),
      ("agent", "Thank you Ananya. I've saved your seat preference as aisle, near the front, and added your "
                "Maharaja Club membership to your profile. I'll email the corporate invoice template shortly.")],
     [("customer", "Hi, thanks for sorting the Delhi trip last week, everything went well apart from the hotel "
                   "breakfast, which was terrible. A small correction to my profile: I know I said aisle when I "
                   "registered, but I actually meant window. I always fall asleep on these early flights, so "
                   "please book window seats for me from now on. Also, did the invoice for the Delhi trip go to "
                   "our finance team?"),
      ("agent", "Thanks Ananya, and sorry about the breakfast, I'll flag it with the hotel. I've corrected your "
                "seat preference to window. The Delhi invoice went to your finance team on Monday.")],
     "aisle", "window"),
    ("lf-c10", "change",
     [("customer", "Morning, I'm a client of yours for our household contents and building cover in Durbanville. "
                   "Just confirming our home insurer is Hollard, the policy you set up for us in 2023. I need a "
                   "letter of cover for the bank because we're refinancing the bond. Also, is our geyser covered "
                   "if it bursts? The plumber said it's on its last legs. Kind regards, Fatima Daniels"),
      ("agent", "Hi Fatima, yes, your building and contents are insured with Hollard through us. I've requested "
                "the letter of cover for the bank, and geyser bursts are covered, less your excess.")],
     [("customer", "Hi, I got your voicemail about the renewal quotes, sorry I couldn't call back, it's been a "
                   "hectic week with the kids' exams. We're happy to go with whichever one you recommended as the "
                   "best value, you know our situation better than we do. Our estate has also changed its armed "
                   "response company, in case that matters for the premium. Fatima"),
      ("agent", "No problem, Fatima. As recommended in my voicemail, I've moved your building and contents cover "
                "from Hollard to Santam, effective 1 July, which saves you about R340 a month. Could you send me "
                "the name of the new armed response company for the schedule?"),
      ("customer", "It's Fidelity ADT. Thanks for sorting the switch."),
      ("agent", "Thanks, I've added Fidelity ADT to the schedule. Your new policy documents will be emailed this "
                "afternoon.")],
     "Hollard", "Santam"),
    ("lf-c11", "change",
     [("customer", "Hi, we run a small bakery in Vancouver and use your scheduling software for our eight staff. "
                   "The subscription is paid with our Visa ending 4417. Could you tell me how to add a second "
                   "manager login? My business partner wants to approve shifts too. Thanks, Daniel"),
      ("agent", "Hi Daniel, thanks for reaching out. Your subscription is billed to the Visa ending 4417. To add a "
                "manager, go to Settings > Team and choose Manager as the role.")],
     [("customer", "Hello support,\n"
                   "Account: Rise & Crumb Bakery\n"
                   "Contact: Daniel Chen\n"
                   "Request: update payment card\n"
                   "New card: Mastercard ending 9083\n"
                   "Expiry: 11/28\n"
                   "Notes: our bank reissued all our cards after a data breach, so the Visa is cancelled.\n"
                   "Unrelated, but the app has been logging people out every few hours since the last update, is "
                   "that a known issue? And the shift swap feature is brilliant, the team loves it."),
      ("agent", "Hi Daniel, I've made the following updates: payment card changed to the Mastercard ending 9083 "
                "(expiry 11/28), and the Visa ending 4417 has been removed. The logout issue is a known bug and a "
                "fix goes out on Thursday. Glad the team likes shift swaps!")],
     "4417", "9083"),
    ("lf-c12", "change",
     [("customer", "Hi, I'm getting my Form 11 together for this year and wanted to check a few things first. I "
                   "work full-time as a logistics planner at Kerrigan Logistics in Ballymount, and I also do a bit "
                   "of freelance photography at weekends. Do I need to register the photography income "
                   "separately? Thanks, Siobhán"),
      ("agent", "Hi Siobhán, thanks. I've noted your employment with Kerrigan Logistics and the freelance "
                "photography. Yes, the photography income goes on your Form 11 as self-employed income, so no "
                "separate registration is needed.")],
     [("customer", "Hi both, hope you had a good summer. Quick update before we do this year's return: I handed in "
                   "my notice in March and started at Brightwater Foods in April as a supply chain analyst, so I'll "
                   "have two P60s this time. The photography is still ticking along, and I bought a new camera for "
                   "it in June, can I claim that? My sister was delighted with how you handled her return too, so "
                   "thank you. Siobhán"),
      ("agent", "Congratulations on the new job! I've updated your employer to Brightwater Foods from April. Please "
                "send both P60s when you have them, and yes, the camera can be claimed as a capital allowance "
                "against the photography income.")],
     "Kerrigan", "Brightwater"),
    # --- traps ---
    ("lf-t01", "trap",
     [("customer", "Hi, I'm the tenant at unit 6, 41 Lygon Street, Carlton. The dishwasher has been leaking for a "
                   "week and there's now water under the kitchen cabinets, could someone come out? I work from "
                   "home, so any weekday is fine. Thanks, Tom"),
      ("agent", "Hi Tom, sorry about that. I've logged a maintenance request for unit 6, 41 Lygon Street, Carlton, "
                "and a plumber will call you this week to arrange a time.")],
     [("customer", "Hi, the plumber came on Tuesday and fixed the dishwasher, all good now, thank you. While I have "
                   "you: my partner and I are planning to buy a place in Brunswick sometime next year, so we're "
                   "thinking ahead about how much notice we'd need to give on the lease. Nothing's signed, we're "
                   "just going to open homes on weekends for now. Also, the hallway light in the common area has "
                   "been out for a few days."),
      ("agent", "Glad the dishwasher's sorted, Tom! On a fixed-term lease you'd need to give at least 28 days' "
                "notice before the end date, so just email us when you're ready. I'll get the hallway light fixed "
                "this week.")],
     "Lygon Street", "Brunswick"),
    ("lf-t02", "trap",
     [("customer", "Hi there, I have a Hyundai Kona Electric on a four-year personal lease with you, which started "
                   "last October. The car is great, but the charging cable that came with it has a cracked casing; "
                   "can I get a replacement under warranty? Also, can you confirm my monthly payment is still €389? "
                   "Thanks, Aoife"),
      ("agent", "Hi Aoife, yes, the cable for your Hyundai Kona Electric is covered and I've ordered a replacement "
                "to be posted out. Your monthly payment is €389 for the full term.")],
     [("customer", "Hello, thank you for the new cable, it arrived yesterday and works perfectly. Out of curiosity, "
                   "what would the monthly payment be on an Ioniq 5 over four years, and is there a waiting list at "
                   "the moment? I'm not committing to anything, I'm still very happy with the Kona, I just like to "
                   "know my options for when this lease is up. And is the winter tyre offer from your newsletter "
                   "still running?"),
      ("agent", "You're welcome! An Ioniq 5 on a similar four-year lease is currently about €519 a month, with "
                "roughly a six-week wait. Nothing changes on your Kona lease, and we'll be in touch about options "
                "before it ends. The winter tyre offer runs until the end of November.")],
     "Kona", "Ioniq 5"),
    ("lf-t03", "trap",
     [("customer", "Hello, I'm registered with your private GP service in Harrogate and my usual doctor is Dr "
                   "Hargreaves. I need a repeat of my blood pressure tablets, amlodipine 5mg, and I'd like to "
                   "collect from the Boots on Cambridge Street. Could you also tell me when my annual health check "
                   "is due? Kind regards, Martin Ellis"),
      ("agent", "Hello Martin, I've sent the repeat request for amlodipine 5mg to Dr Hargreaves and nominated the "
                "Boots on Cambridge Street for collection. Your annual health check is due in September.")],
     [("customer", "Good afternoon. I'd like to book that annual health check for late September, mornings if "
                   "possible. A quick question that's really on behalf of my wife: she's registered with Dr "
                   "Lindqvist at your Ripon branch and thinks very highly of her, and she wondered whether Dr "
                   "Lindqvist ever does clinics in Harrogate, as it would save her the drive. And on an unrelated "
                   "note, the online booking page keeps timing out on my tablet."),
      ("agent", "Good afternoon Martin. I've booked your health check with Dr Hargreaves for 24 September at "
                "9:30am. Dr Lindqvist only works at Ripon at the moment, but I'll pass on your wife's interest. "
                "Sorry about the booking page, our web team is looking into the timeouts.")],
     "Hargreaves", "Lindqvist"),
    ("lf-t04", "trap",
     [("customer", "Hi! I'm new to your dog walking service. My pup is a two-year-old husky named Juno and she needs "
                   "a LOT of exercise. Pickups will be from our building at 1820 Larimer Street, apartment 4B; the "
                   "concierge will buzz your walker up. Weekday middays work best for us. Thanks, Rachel"),
      ("agent", "Welcome Rachel and Juno! I've set up midday weekday walks with pickup from 1820 Larimer Street, "
                "apartment 4B, and added a note about the concierge.")],
     [("customer", "Hey, hope you're all well! Juno has been so much calmer since she started the walks, honestly "
                   "life-changing. Heads up: our building is replacing the elevators next week, so for Monday to "
                   "Friday only, could your walker pick her up from my mom's place at 615 Pearl Street instead? "
                   "I'll drop her off there on my way to work each morning, and we'll be back to normal the "
                   "following Monday. Also, do you sell gift cards? My neighbor wants to try you out."),
      ("agent", "So happy to hear that! No problem: for next Monday to Friday only, the walker will collect Juno "
                "from 615 Pearl Street, and we'll go back to Larimer Street the week after. And yes, gift cards "
                "are on our website.")],
     "Larimer Street", "Pearl Street"),
    ("lf-t05", "trap",
     [("customer", "Hi, I run a small architecture practice in Bristol with five staff, and we've been using your "
                   "project management tool for about a year. We're on the Professional plan, billed annually. Can "
                   "you tell me how to export all our timesheets to a spreadsheet? Our accountant wants them for "
                   "the year end. Thanks, Helen"),
      ("agent", "Hi Helen, I can see you're on the Professional plan with annual billing. To export timesheets, go "
                "to Reports > Time and click Export to CSV.")],
     [("customer", "Hello. I'll be honest, I'm getting pretty frustrated. We pay for the Professional plan and half "
                   "the features we were sold on, like the resource planner, are either broken or so slow they're "
                   "unusable. The renewal reminder that just arrived shows a price rise on top of that. A colleague "
                   "at another firm is on your Studio plan and says it's no better there. We're not going anywhere, "
                   "we've got years of projects in the system, but I want someone to actually look at the "
                   "performance. Helen"),
      ("agent", "I'm really sorry, Helen, that's not the experience you should be having. I've raised the resource "
                "planner performance with our engineers as a priority and asked our account team to call you "
                "about the renewal price this week.")],
     "Professional", "Studio"),
    ("lf-t06", "trap",
     [("customer", "Kia ora, I'd like you to do my IR3 this year as I've got some rental income now. I work as a "
                   "marine engineer at Harbourline Freight in Auckland, full-time, on PAYE. The rental is a small "
                   "unit in Hamilton that I bought last year. What documents do you need from me? Cheers, Liam"),
      ("agent", "Kia ora Liam, happy to help. I've noted your employment at Harbourline Freight and the Hamilton "
                "rental. Please send your PAYE summary, the rental income and expenses, and the mortgage interest "
                "statement.")],
     [("customer", "Hi, I've uploaded the rental statements and the mortgage interest summary to the portal. Sorry "
                   "it took a while, the property manager was slow getting them to me. Let me know if anything's "
                   "missing."),
      ("agent", "Thanks Liam, got them. One query: Inland Revenue's records show some income from Tui Digital Ltd "
                "this year. Have you changed employer?"),
      ("customer", "No, I've never worked for Tui Digital, I'm still at Harbourline Freight, same job as always. "
                   "That'll be a one-off invoice for some consulting I did for a mate's company back in February, "
                   "about $1,200. Should that go on the return too?"),
      ("agent", "That makes sense, thanks for clarifying. Your employer stays as Harbourline Freight, and yes, the "
                "$1,200 consulting income goes on the IR3 as other income.")],
     "Harbourline", "Tui Digital"),
    ("lf-t07", "trap",
     [("customer", "Hi, I'm looking to renew my auto insurance through you again. The vehicle is my 2019 Toyota "
                   "Tacoma, which I use for commuting and for hauling gear out to the cabin on weekends. I'm with "
                   "Intact at the moment and had no claims last year. Can you shop around for a better rate? "
                   "Thanks, Marc Gagnon"),
      ("agent", "Hi Marc, thanks. I've got your 2019 Toyota Tacoma on file, commuting and recreational use, "
                "currently insured with Intact, no claims. I'll get quotes from our insurers and come back to you "
                "this week.")],
     [("customer", "Hey, sorry for the slow reply, we were out at the cabin with no signal. To answer the questions "
                   "in your email: yes, it's still the same truck, the 2019 Tacoma, nothing's changed, roughly the "
                   "same km, still parked in the garage at night. My daughter got her licence last month but she "
                   "won't be driving the truck, she has her own car on her mom's policy. Which quote came out "
                   "cheapest?"),
      ("agent", "Welcome back, Marc! Thanks for confirming the Tacoma details. The cheapest quote came from "
                "Wawanesa at $1,640 a year with the same coverage. Would you like me to go ahead?"),
      ("customer", "Let me think about it over the weekend and I'll get back to you.")],
     "Tacoma", "Wawanesa"),
    ("lf-t08", "trap",
     [("customer", "Good morning. My daughter Ira is in Class 4B and we've enrolled her in the Chess Club that runs "
                   "on Wednesdays after school. She'll be picked up at 5pm by our driver, Ramesh, so please let him "
                   "collect her. She has a mild peanut allergy, so please inform the club teacher. Regards, Kavita "
                   "Joshi"),
      ("agent", "Good morning Mrs Joshi. Ira is now enrolled in Chess Club on Wednesdays, and I've added Ramesh as "
                "an authorised pick-up at 5pm. The club teacher has been told about the peanut allergy.")],
     [("customer", "Hello, the fee receipt for the Chess Club term still hasn't come through, could you please "
                   "resend it? We paid by UPI on the 3rd. Ira is really enjoying it; she used to do Abacus classes "
                   "on Saturdays at her old school in Nashik and found them boring, so it's nice to see her excited "
                   "about something. Also, the school diary mentions a parent-teacher meeting on the 18th, is that "
                   "for all sections? Regards, Kavita"),
      ("agent", "Hello Mrs Joshi, I've resent the Chess Club fee receipt to your email. So glad Ira is enjoying it! "
                "Yes, the parent-teacher meeting on the 18th is for all sections of Class 4.")],
     "Chess Club", "Abacus"),
    ("lf-t09", "trap",
     [("customer", "Hi, I joined your travel club last year on the Explorer membership and I've got a question "
                   "about my points. I booked the Fiji package in March and I don't think the points from it have "
                   "shown up yet. Also, I'm vegetarian, can you make sure that's on my profile for any flights or "
                   "tours you book for me? Thanks, Jess"),
      ("agent", "Hi Jess, I can see your Explorer membership and I've added the points from the Fiji package; "
                "they'll show within 48 hours. Your profile now notes a vegetarian meal preference.")],
     [("customer", "Hi again! I'm starting to plan a trip to Japan for next April, probably two weeks, Tokyo and "
                   "Kyoto and maybe Hokkaido if the budget stretches. Could you send me some options for flights "
                   "and ryokans? Ideally nothing with an overnight layover, the last one nearly broke me. Jess"),
      ("agent", "Sounds like a wonderful trip! I'll put some options together this week. While I'm at it: with how "
                "much you travel, you'd earn double points on the Voyager membership, which is $149 a year more "
                "than Explorer. Would you like me to upgrade you?"),
      ("customer", "Thanks, but no, I'm happy staying on Explorer for now. Just the Japan options please!"),
      ("agent", "No worries at all, you'll stay on Explorer. I'll email the Japan options by Friday.")],
     "Explorer", "Voyager"),
    ("lf-t10", "trap",
     [("customer", "Hi, we've just bought a house at 12 Protea Lane in Constantia and the garden is a jungle. We'd "
                   "like your fortnightly garden maintenance service, including lawn mowing and hedge trimming. The "
                   "gate remote is with our housekeeper, Nomsa, who is there Mondays to Fridays. Thanks, Pieter"),
      ("agent", "Hi Pieter, welcome! I've set up fortnightly garden maintenance at 12 Protea Lane, Constantia, "
                "including mowing and hedges. Our team will liaise with Nomsa for access.")],
     [("customer", "Hi, a few things from our side:\n"
                   "- the garden looks amazing, the neighbours keep asking who does it, so I've given them your "
                   "number\n"
                   "- big news: we've adopted a rescue puppy called Biscuit, so please make sure the side gate is "
                   "always closed behind the team, she's an escape artist\n"
                   "- the hedge by the pool could do with a harder cut next visit\n"
                   "- my wife asks: do you do irrigation installs?\n"
                   "Thanks, Pieter"),
      ("agent", "Congratulations on Biscuit! I've added a note for the team to always close the side gate. I'll "
                "ask them to give the pool hedge a harder cut next visit, and yes, we do irrigation, so I'll send "
                "you a quote.")],
     "Protea Lane", "Biscuit"),
    ("lf-t11", "trap",
     [("customer", "Hello, I'm the events coordinator at Lakeshore Dental Group and we'd like to set up a corporate "
                   "account with your venue, as we host three or four events a year. Our billing address is 233 S "
                   "Wacker Drive, Suite 1400, Chicago, IL 60606. Invoices should be addressed to the practice, net "
                   "30 terms please. Best, Dana Price"),
      ("agent", "Hi Dana, thanks for choosing us! I've created a corporate account for Lakeshore Dental Group with "
                "billing at 233 S Wacker Drive, Suite 1400, Chicago, on net 30 terms.")],
     [("customer", "Hi there, I'd like to get a date on the books for our holiday party, ideally Friday December "
                   "12th, about 120 guests, cocktail style with heavy appetizers. Also, just so you're aware, "
                   "leadership has been talking about maybe moving our offices to Fulton Market at some point next "
                   "year, but it might not happen at all, so please keep everything as it is for now. Could you "
                   "send over the holiday menu options? Thanks, Dana"),
      ("agent", "Hi Dana, I've pencilled in Friday December 12th for 120 guests, cocktail style. Thanks for the "
                "heads-up; we'll keep your billing address as it is until you tell us otherwise. The holiday menu "
                "options are attached.")],
     "Wacker Drive", "Fulton Market"),
    ("lf-t12", "trap",
     [("customer", "Hello, I'm a patient at your Andheri clinic for my diabetes follow-ups with Dr Kulkarni. My "
                   "health insurance is with Star Health, and I'd like to use the cashless facility for my next "
                   "HbA1c test and consultation. Please tell me which documents to bring. Thank you, Rohan Mehta"),
      ("agent", "Hello Mr Mehta, I've noted your Star Health policy for cashless claims. Please bring your policy "
                "card, a photo ID and the doctor's referral for the HbA1c test.")],
     [("customer", "Good evening. My next appointment with Dr Kulkarni is on the 9th and I wanted to check a couple "
                   "of things beforehand. Our HR is reviewing group health cover, and if they move us onto HDFC "
                   "Ergo from next year, I would probably drop my individual Star Health policy. In that case, "
                   "would your clinic accept HDFC Ergo cashless as well? Nothing is decided yet. Also, the parking "
                   "at Andheri was full last time, is there valet on weekdays?"),
      ("agent", "Good evening Mr Mehta. Yes, we are on the HDFC Ergo cashless network too, so that would be fine if "
                "it happens; for now your Star Health cover stays on file for the 9th. Valet parking is available "
                "on weekdays from 9am.")],
     "Star Health", "HDFC Ergo"),
]

ONE_OFFS = [
    ("lf-o01", [("customer", "Hi, I'm completely locked out of the bookkeeping app. I tried to log in this morning, "
                             "got the password wrong three times because my browser autofilled an old one, and now "
                             "it says the login is locked for security. Of course it's the one morning I actually "
                             "needed to get some work done. Could you send me a reset link, please?"),
                ("agent", "Sorry about that! I've unlocked the login and sent a password reset link to the email "
                          "address on the account. It's valid for 30 minutes, and once you've set a new password "
                          "you'll be straight back in."),
                ("customer", "Got it, I'm back in. Thank you, that was quick.")]),
    ("lf-o02", [("customer", "Hello, your team sent my passport back from the visa appointment by courier on Monday, "
                             "and the tracking page has said in transit for three days now. The courier's helpline "
                             "just plays music and then disconnects. Could you check where the parcel is? The AWB "
                             "number is BD58271930IN. I just want to know it isn't lost."),
                ("agent", "I completely understand. I've checked with the courier: the parcel is at their hub and "
                          "is out for delivery tomorrow before 1pm. Someone will need to sign for it, as it "
                          "contains a passport."),
                ("customer", "That's a relief, thank you so much.")]),
    ("lf-o03", [("customer", "Hi, I'm hoping you can squeeze us in this Saturday for dinner, a table for six around "
                             "7:30. It's a surprise for a friend's fortieth, so if there's any chance of a quieter "
                             "corner, that would be great. We won't need the private room or anything fancy, just "
                             "a nice table. Is that possible?"),
                ("agent", "Happy to help! I've booked a table for six this Saturday at 7:30pm in our quieter back "
                          "corner, with a note about the birthday. If you'd like a candle in a dessert, just tell "
                          "your server on the night."),
                ("customer", "Perfect, see you Saturday!")]),
    ("lf-o04", [("customer", "Hi, could you please resend the invoice for the tax return work you did in August? I've "
                             "gone through my inbox twice and I honestly think I deleted it by accident during a "
                             "clean-out. It's just for my own records, nothing urgent. Thanks in advance, and sorry "
                             "for the bother."),
                ("agent", "No bother at all! I've re-sent the August invoice just now, so it should be in your inbox "
                          "within a few minutes. Let me know if it doesn't turn up."),
                ("customer", "Got it, thanks!")]),
    ("lf-o05", [("customer", "Kia ora, with all the rain forecast for Thursday, is it worth moving the lawn visit "
                             "booked for that day? The ground is already soggy and I'd hate to have tyre tracks all "
                             "over the grass. Any day later in the week would be fine, I'm flexible. Thanks heaps."),
                ("agent", "Kia ora, good thinking. I've moved the visit from Thursday to Saturday morning. If "
                          "Saturday turns out wet as well, we'll give you a call first.")]),
]

START = datetime(2026, 5, 11, 9, tzinfo=UTC)
SECOND = timedelta(days=47)

FAILS_TODAY: dict[str, str] = {
    "lf-c04": "the diet is the son's, said with 'he': 'He's vegetarian' is filed under no one, and 'he's now "
              "pescatarian' under 'Lego' (the nearest name; there is no coreference model)",
    "lf-c06": "the dog's vet ('it's Riverdale Animal Hospital on Broadview') is not read; the later 'his vet is now "
              "Leslieville Pet Clinic' is not stored either",
    "lf-c08": "the invoice contact ('send all invoices to our accounts administrator, Mere Thompson') is read by no "
              "rule; only the new contact's email is stored",
    "lf-c10": "the insurer is stored ('our home insurer is Hollard'), but the agent's 'moved your building and "
              "contents cover from Hollard to Santam' is stored as a plan, another slot, so nothing closes",
}

ARCHIVE = CaseArchive(tenant="blind-longform", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
