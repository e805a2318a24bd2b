"""Support-chat archive in which almost every conversation opens at a chatbot front door and is then handed to a human:
the bot greets the customer, shows a numbered menu (billing, technical support, change my details and similar),
collects account numbers, policy numbers, postcodes or dates of birth in canned phrasing, sometimes reads account
details back for a Yes / No confirmation, announces a queue wait, and then a system-style line says a named person
has joined before the human agent takes over. Both bot and human turns carry the role "agent". Customers answer with
menu numbers, single words or demands for a person, get impatient with the bot, and often type their details before
the human arrives. Domains are mixed: broadband and mobile, energy and water utilities, car and home insurance,
banks and credit cards, pet insurance and vets, gyms, airline loyalty, software subscriptions, pharmacies, councils
and payroll/HR portals, with customers in the UK, US, Canada, Australia, India and South Africa."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # (case_id, "change" or "trap", first_conversation_turns, later_conversation_turns, old_words, new_words)
    ("hof-c01", "change",
     [("agent", "Hi, I'm Nova, the Brightwire virtual assistant 👋 What can I help with today?\n1. Billing\n2. "
                "Technical support\n3. Change my details"),
      ("customer", "2"),
      ("agent", "Sure. Please type your account number (it starts with BW)."),
      ("customer", "BW00418822"),
      ("agent", "I found an account on Full Fibre 150 at 7 Mill Close, Stroud. Is that you? Yes / No"),
      ("customer", "yes"),
      ("agent", "Thanks! I'm connecting you to an agent. Current wait: 3 minutes"),
      ("agent", "Priya has joined the chat"),
      ("agent", "Hi, Priya here. I can see the line dropped twice overnight. Is the light on the router red "
                "right now?"),
      ("customer", "no its white now but it was red at like 2am")],
     [("agent", "Hi again! Nova here 👋 Pick an option:\n1. Billing\n2. Technical support\n3. Change my "
                "details\n4. Upgrade or move"),
      ("customer", "4"),
      ("agent", "Great choice. What's your BW account number?"),
      ("customer", "BW00418822 - want the faster one please, working from home full time now"),
      ("agent", "Lovely. Hold tight, a real person will pick this up in about 6 minutes."),
      ("agent", "Callum has joined the chat"),
      ("agent", "Hi, Callum here. I've moved you from Full Fibre 150 to Full Fibre 500. It goes live on Thursday "
                "and the new price is £38 a month on a fresh 18-month term. All good?"),
      ("customer", "perfect cheers")],
     "Full Fibre 150", "Full Fibre 500"),
    ("hof-c02", "change",
     [("agent", "Welcome to Crestline Card Services. I'm an automated assistant. Reply with a number:\n1. "
                "Billing\n2. Technical support\n3. Change my details\n4. Lost or stolen card"),
      ("customer", "billing"),
      ("agent", "Please enter the last 4 digits of your card followed by your ZIP code."),
      ("customer", "8830 97214"),
      ("agent", "Thank you. All of our representatives are assisting other cardmembers. Estimated wait time: 4 "
                "minutes."),
      ("agent", "Denise has joined the conversation."),
      ("agent", "Hi, Denise here. I've got card ending 8830 up, billing address 2281 Larkspur Ct, Portland OR "
                "97214. What's going on?"),
      ("customer", "There's a $39 annual fee on this statement. I was told no annual fee when I signed up."),
      ("agent", "The no-fee offer covered year one only, but I've waived it as a courtesy. You'll see the credit "
                "in 2-3 business days."),
      ("customer", "ok thank you")],
     [("agent", "Welcome to Crestline Card Services. I'm an automated assistant. Reply with a number:\n1. "
                "Billing\n2. Technical support\n3. Change my details\n4. Lost or stolen card"),
      ("customer", "3"),
      ("agent", "What would you like to update? Type ADDRESS, PHONE or EMAIL."),
      ("customer", "ADDRESS"),
      ("agent", "For your security, address updates are handled by a specialist. Routing you now (approx. 2 min)."),
      ("agent", "Marcus has joined the conversation."),
      ("agent", "Hi, this is Marcus. What's the new address?"),
      ("customer", "90 Wexford Ave, Apt 2, Beaverton OR 97005. we closed on the house last week"),
      ("agent", "Congrats! Done. 90 Wexford Ave, Apt 2, Beaverton OR 97005 is now your billing and mailing "
                "address, so statements from the 15th will go there.")],
     "2281 Larkspur Ct", "90 Wexford Ave"),
    ("hof-c03", "change",
     [("agent", "G'day! You're chatting with Sparky, the Coastline Energy bot. Choose one:\n1. Billing\n2. "
                "Technical support\n3. Change my details\n4. Moving house"),
      ("customer", "billing"),
      ("agent", "No worries. Pop in your account number or the email on your account."),
      ("customer", "its 5529 1043 887"),
      ("agent", "Ta! Finding a team member for you. Should be about 5 minutes."),
      ("agent", "Jess is now chatting with you"),
      ("agent", "Hi, Jess here 🙂 I can see you're on monthly autopay from the Mastercard ending 3390. How can I "
                "help?"),
      ("customer", "yeah thats right. just wanted to know why this months bill is $80 more than last"),
      ("agent", "It covers the winter quarter, and your heating usage went up about 30%. Nothing's wrong with "
                "the meter reads.")],
     [("agent", "G'day! You're chatting with Sparky, the Coastline Energy bot. Choose one:\n1. Billing\n2. "
                "Technical support\n3. Change my details\n4. Moving house"),
      ("customer", "speak to human"),
      ("agent", "I can sort out most things myself! Try picking 1, 2, 3 or 4."),
      ("customer", "HUMAN. please"),
      ("agent", "Righto, handing you over. Wait is roughly 2 minutes."),
      ("agent", "Tom is now chatting with you"),
      ("agent", "Hey, it's Tom. What can I do for you?"),
      ("customer", "my mastercard got skimmed so the bank cancelled it. need autopay on the new card, visa "
                   "ending 7812, exp 09/29"),
      ("agent", "Sorry to hear that. I've removed the old Mastercard and set autopay to the Visa ending 7812 "
                "from the next bill on the 3rd.")],
     "Mastercard ending 3390", "Visa ending 7812"),
    ("hof-c04", "change",
     [("agent", "Hello! Bonjour! I'm the Northline Mobile assistant. Type a number or tell me what you need.\n1. "
                "Billing\n2. Technical support\n3. Change my details"),
      ("customer", "2 - phone wont connect to wifi calling"),
      ("agent", "Got it. Which mobile number is this about?"),
      ("customer", "613-555-0148"),
      ("agent", "Thanks. I see a Google Pixel 7 registered to this line. Is this the device you're having "
                "trouble with? Yes / No"),
      ("customer", "Yes"),
      ("agent", "Okay! One of our device specialists will be right with you (about 3 min)."),
      ("agent", "Amélie has joined"),
      ("agent", "Hi, Amélie here. On the Pixel 7, Wi-Fi Calling needs your 911 address filled in. Go to Settings "
                "> Network > Calls, add it, then toggle Wi-Fi Calling off and on."),
      ("customer", "that fixed it, thanks a lot")],
     [("agent", "Hello! Bonjour! I'm the Northline Mobile assistant. Type a number or tell me what you need.\n1. "
                "Billing\n2. Technical support\n3. Change my details"),
      ("customer", "i got a new phone and my esim isnt working"),
      ("agent", "I can help with eSIM activation. Which mobile number is it for?"),
      ("customer", "6135550148"),
      ("agent", "Merci! Sending you to a device specialist. Queue time: 8 minutes."),
      ("agent", "Raj has joined"),
      ("agent", "Hi, Raj here. Which phone did you move to?"),
      ("customer", "iPhone 15, bought it outright from Best Buy. the pixel is going to my nephew"),
      ("agent", "Okay, I've pushed a new eSIM profile to the iPhone 15 and updated the device on your line. "
                "Restart it and Northline should show in the status bar within a couple of minutes.")],
     "Pixel 7", "iPhone 15"),
    ("hof-c05", "change",
     [("agent", "Namaste! Welcome to Suvidha Bank chat. Please select:\n1. Billing & charges\n2. Technical "
                "support (net banking / app)\n3. Change my details\n4. Cards"),
      ("customer", "2"),
      ("agent", "Kindly enter your Customer ID."),
      ("customer", "40093317"),
      ("agent", "Thank you. Your account is held at Koramangala branch, Bengaluru. Please describe your issue in "
                "one line."),
      ("customer", "net banking locked after 3 wrong attempts"),
      ("agent", "Your request is being transferred to an executive. Expected wait: 3 minutes."),
      ("agent", "Executive Meera has joined"),
      ("agent", "Hello, this is Meera. I have reset the lock. You will get an OTP on your registered mobile to "
                "set a new password."),
      ("customer", "Got it. Done. Thanks ma'am")],
     [("agent", "Namaste! Welcome to Suvidha Bank chat. Please select:\n1. Billing & charges\n2. Technical "
                "support (net banking / app)\n3. Change my details\n4. Cards"),
      ("customer", "branch transfer"),
      ("agent", "Sorry, I did not understand. Please choose 1, 2, 3 or 4."),
      ("customer", "3"),
      ("agent", "Kindly enter your Customer ID."),
      ("customer", "40093317. I want to shift my account to the branch near my new flat"),
      ("agent", "Executive Harish has joined"),
      ("agent", "Good afternoon sir, Harish here. Which branch would you like?"),
      ("customer", "Indiranagar, 100 Feet Road one"),
      ("agent", "Done sir. Your savings account has been transferred to Indiranagar branch (IFSC SUVB0000412). "
                "Cheque book and debit card remain valid.")],
     "Koramangala branch", "Indiranagar branch"),
    ("hof-c06", "change",
     [("agent", "Hi, welcome to Sentinel Insure 🚗🏠 I'm Thandi, a virtual assistant. How can I help?\n1. "
                "Claims\n2. Billing\n3. Change my details\n4. Speak to an agent"),
      ("customer", "4"),
      ("agent", "Please type your policy number so I can route you."),
      ("customer", "MV-2230917"),
      ("agent", "Lerato (Sentinel consultant) has entered the chat"),
      ("agent", "Hi, it's Lerato from Sentinel. I see comprehensive cover on a 2017 Toyota Corolla, registration "
                "CA 418-227. What do you need?"),
      ("customer", "hi Lerato. just want to add my wife as a regular driver please, she got her licence last "
                   "month"),
      ("agent", "Sure, I've added Nomvula as a regular driver. Your premium goes up by R84 a month from the next "
                "debit.")],
     [("agent", "Hi, welcome to Sentinel Insure 🚗🏠 I'm Thandi, a virtual assistant. How can I help?\n1. "
                "Claims\n2. Billing\n3. Change my details\n4. Speak to an agent"),
      ("customer", "Change my details"),
      ("agent", "What would you like to change? Reply VEHICLE, ADDRESS or BANKING."),
      ("customer", "vehicle. sold the corolla on saturday"),
      ("agent", "Please type your policy number."),
      ("customer", "MV-2230917"),
      ("agent", "Sipho (Sentinel consultant) has entered the chat"),
      ("agent", "Morning, Sipho here. What are we insuring instead?"),
      ("customer", "2021 VW Polo Vivo, white, reg CA 771-305. picking it up tomorrow morning"),
      ("agent", "Done: from tomorrow 00:01 your policy covers the 2021 VW Polo Vivo instead. New premium is R612 "
                "a month, same debit date.")],
     "2017 Toyota Corolla", "2021 VW Polo Vivo"),
    ("hof-c07", "change",
     [("agent", "Woof! I'm Biscuit, PawSure's chat helper 🐾 What do you need?\n1. Make a claim\n2. Billing\n3. "
                "Change my details\n4. Something else"),
      ("customer", "1"),
      ("agent", "Paws-itively! Type your policy number and your pet's name."),
      ("customer", "PS-7731042, Luna"),
      ("agent", "Thanks! Is Luna registered with Hillside Vets, Leeds LS6? Yes / No"),
      ("customer", "yes"),
      ("agent", "Great. A claims handler will take it from here, there are 7 people ahead of you."),
      ("agent", "Hannah joined the chat"),
      ("agent", "Hi, Hannah here! Has Hillside sent over the invoice for Luna's ear infection treatment yet?"),
      ("customer", "they said they emailed it yesterday, £212")],
     [("customer", "hello"),
      ("agent", "Woof! I'm Biscuit, PawSure's chat helper 🐾 What do you need?\n1. Make a claim\n2. Billing\n3. "
                "Change my details\n4. Something else"),
      ("customer", "we've moved practice, need to update"),
      ("agent", "Ruh-roh, I didn't catch that. Please pick 1, 2, 3 or 4."),
      ("customer", "3 ffs"),
      ("agent", "Fetching a human for you 🦴 (about 2 minutes)"),
      ("agent", "Owen joined the chat"),
      ("agent", "Hi, Owen here. What's changed?"),
      ("customer", "Luna's now registered at Abbeyfield Veterinary Centre in Headingley. Hillside stopped doing "
                   "Saturdays so we switched"),
      ("agent", "No problem, I've updated Luna's vet to Abbeyfield Veterinary Centre. Future claims can be sent "
                "straight from them.")],
     "Hillside Vets", "Abbeyfield Veterinary Centre"),
    ("hof-c08", "change",
     [("agent", "Hey! 💪 Welcome to IronPeak Fitness chat. What can we help with?\n1. Billing\n2. Technical "
                "support (app/check-in)\n3. Change my details\n4. Freeze or cancel"),
      ("customer", "my app barcode wont scan at the door"),
      ("agent", "Let's get you sorted. What email is your membership under?"),
      ("customer", "dkowalski22@yahoo.com"),
      ("agent", "Thanks, Dana! Your membership: Basic Off-Peak (Cedar Park club). Grabbing a team member, back "
                "in a sec (wait: 1 min)"),
      ("agent", "Coach Jordan is here"),
      ("agent", "Hey Dana, Jordan here. Quick note, Basic Off-Peak check-ins only work 10am-4pm on weekdays. "
                "Were you trying outside that window?"),
      ("customer", "oh. yeah it was 6pm. ok that explains it lol")],
     [("agent", "Hey! 💪 Welcome to IronPeak Fitness chat. What can we help with?\n1. Billing\n2. Technical "
                "support (app/check-in)\n3. Change my details\n4. Freeze or cancel"),
      ("customer", "upgrade"),
      ("agent", "Love that energy! What email is your membership under?"),
      ("customer", "dkowalski22@yahoo.com"),
      ("agent", "Got it. Someone from the front desk team will jump in shortly (under 2 min)."),
      ("agent", "Coach Brianna is here"),
      ("agent", "Hi Dana, Brianna here! What are you looking to upgrade to?"),
      ("customer", "whatever lets me go evenings and weekends. new job means I can only do 6pm"),
      ("agent", "That'd be All Access, $44.99/mo, any time, any club. I've switched you over effective today, "
                "and the difference is prorated on your next bill."),
      ("customer", "sweet")],
     "Basic Off-Peak", "All Access"),
    ("hof-c09", "change",
     [("agent", "Welcome to Maple Air Rewards chat ✈️ I'm an automated assistant.\n1. Points & billing\n2. "
                "Technical support\n3. Change my details\n4. Bookings"),
      ("customer", "3"),
      ("agent", "Please provide your Maple Rewards number and what you'd like to update."),
      ("customer", "MR 660 214 985 seat pref"),
      ("agent", "Thank you for your patience. A Rewards agent will be with you in approximately 4 minutes."),
      ("agent", "You are now connected with Kevin"),
      ("agent", "Hi, Kevin with Maple Air. There's no seat preference on your profile yet. What would you like?"),
      ("customer", "aisle seat always please, I'm 6'4 and the window is torture"),
      ("agent", "Saved. Aisle seat is now your preference and will apply whenever we auto-assign.")],
     [("agent", "Welcome to Maple Air Rewards chat ✈️ I'm an automated assistant.\n1. Points & billing\n2. "
                "Technical support\n3. Change my details\n4. Bookings"),
      ("customer", "agent"),
      ("agent", "I can connect you. First, your Maple Rewards number please."),
      ("customer", "MR660214985"),
      ("agent", "Thank you for your patience. Estimated wait: 2 minutes."),
      ("agent", "You are now connected with Sofia"),
      ("agent", "Hi, Sofia here. How can I help today?"),
      ("customer", "mostly doing red-eyes to Halifax now and I just want to sleep against the wall. can you "
                   "switch my preference to window seat"),
      ("agent", "Done, your profile now says window seat, and I've also moved you to 14A on Friday's YYZ-YHZ "
                "flight.")],
     "Aisle seat", "window seat"),
    ("hof-c10", "change",
     [("agent", "Hi there 👋 I'm the Tallyfold assistant. What brings you here?\n1. Billing\n2. Technical "
                "support\n3. Change my details\n4. Talk to sales"),
      ("customer", "billing"),
      ("agent", "Please type your workspace URL (e.g. yourteam.tallyfold.com)."),
      ("customer", "harbor-dental.tallyfold.com"),
      ("agent", "Found it: Harbor Dental Group, Team plan, 12 seats, billed annually. Is that the right "
                "workspace? Yes / No"),
      ("customer", "Yes"),
      ("agent", "Perfect. Passing you to our billing team, typical reply time is 5 minutes."),
      ("agent", "Nadia from Billing joined"),
      ("agent", "Hi, Nadia here. What can I help with?"),
      ("customer", "need a W-9 for our accountant please, and the receipt for march")],
     [("agent", "Hi there 👋 I'm the Tallyfold assistant. What brings you here?\n1. Billing\n2. Technical "
                "support\n3. Change my details\n4. Talk to sales"),
      ("customer", "1"),
      ("agent", "Which workspace is this for? (the .tallyfold.com address)"),
      ("customer", "harbor-dental.tallyfold.com — we opened a second office and need more users ASAP"),
      ("agent", "On it. Billing usually replies in about 3 minutes."),
      ("agent", "Greg from Billing joined"),
      ("agent", "Hey, Greg here. How many do you need in total?"),
      ("customer", "20 total. the new hires start monday"),
      ("agent", "Done, you're now at 20 seats on the Team plan. The 8 extra seats are prorated to your renewal "
                "date, so $512 goes on the card on file today.")],
     "12 seats", "20 seats"),
    ("hof-c11", "change",
     [("agent", "Hello, I'm the MediRepeat assistant. How can I help?\n1. Prescription status\n2. Billing & "
                "prepayment certificate\n3. Change my details\n4. Speak to a pharmacist"),
      ("customer", "1"),
      ("agent", "To find your record, please enter your NHS number."),
      ("customer", "485 777 3456"),
      ("agent", "Thank you. Your nominated pharmacy is Boots, Market Street, Bolton. I'm passing you to a member "
                "of our team, there may be a short wait (around 6 minutes)."),
      ("agent", "Graham (Pharmacy Team) has joined"),
      ("agent", "Hello, Graham here. Your lansoprazole repeat was signed by the GP this morning and has gone to "
                "Boots, Market Street, so it should be ready after 2pm tomorrow."),
      ("customer", "brilliant thank you")],
     [("agent", "Hello, I'm the MediRepeat assistant. How can I help?\n1. Prescription status\n2. Billing & "
                "prepayment certificate\n3. Change my details\n4. Speak to a pharmacist"),
      ("customer", "change pharmacy"),
      ("agent", "To change your nominated pharmacy, please enter your NHS number."),
      ("customer", "4857773456"),
      ("agent", "Thanks. Someone will be with you in about 3 minutes."),
      ("agent", "Aisha (Pharmacy Team) has joined"),
      ("agent", "Hi, Aisha here. Which pharmacy would you like to nominate?"),
      ("customer", "Well Pharmacy on Chorley New Road. its over the road from my new job, Boots hours dont work "
                   "any more"),
      ("agent", "All done, your nomination is now Well Pharmacy, Chorley New Road. Your next repeat will go "
                "there.")],
     "Boots, Market Street", "Well Pharmacy, Chorley New Road"),
    ("hof-c12", "change",
     [("customer", "Hi, I started at Kestrel Logistics last week and the payroll portal is asking me to confirm "
                   "my bank details before first pay"),
      ("agent", "Hi! Welcome aboard. This is Lachlan from PayHub support. I can see Westpac, BSB 032-118, "
                "account ending 5518 already entered. Is that correct?"),
      ("customer", "yep that's mine"),
      ("agent", "Great, click Confirm on the banner then and you're set for the pay run on the 15th.")],
     [("agent", "Hi, you're chatting with the PayHub bot. Choose one:\n1. Payslips\n2. Login help\n3. Change my "
                "details\n4. Leave balances"),
      ("customer", "3"),
      ("agent", "Bank detail changes need a verified person. Please enter your employee ID."),
      ("customer", "KL-10422"),
      ("agent", "Cheers. Transferring you to PayHub support, wait time is about 4 minutes."),
      ("agent", "Mei joined from PayHub support"),
      ("agent", "Hi, Mei here. I can see you want to update your pay account?"),
      ("customer", "Yeah I've gone over to ING, BSB 923-100 account 20471130. Please close off the Westpac one"),
      ("agent", "Updated. From the next pay run your salary goes to ING, account ending 1130, and Westpac is "
                "removed. You'll get an email asking you to verify.")],
     "account ending 5518", "ING, account ending 1130"),
    ("hof-t01", "trap",
     [("agent", "Hello, you're talking to Volt, the Kettlewell Energy assistant ⚡\n1. Billing\n2. Technical "
                "support (meters)\n3. Change my details"),
      ("customer", "meter readings"),
      ("agent", "I can help with meter readings. What's your account number?"),
      ("customer", "KE-8830154"),
      ("agent", "Thanks. Your account is on the Economy 7 tariff, so I'll need two readings, day and night. "
                "Please type the day reading."),
      ("customer", "043217"),
      ("agent", "And now the night reading?"),
      ("customer", "021988"),
      ("agent", "Both readings are saved ✅ Anything else? (Type AGENT to talk to a person)"),
      ("customer", "no thats it")],
     [("agent", "Hello, you're talking to Volt, the Kettlewell Energy assistant ⚡\n1. Billing\n2. Technical "
                "support (meters)\n3. Change my details"),
      ("customer", "AGENT"),
      ("agent", "Sure. I'll just need your account number first."),
      ("customer", "KE-8830154"),
      ("agent", "Thanks, you're in the queue. Estimated wait: 5 minutes."),
      ("agent", "Fiona has picked up your chat"),
      ("agent", "Hi, it's Fiona. How can I help?"),
      ("customer", "just curious really, would I be better off on a normal single rate tariff? we're home all "
                   "day now"),
      ("agent", "Looking at your last year, a single-rate tariff would have cost about £96 more, since over 40% "
                "of your usage is overnight. I'd stay where you are."),
      ("customer", "ok fair enough, leave it then")],
     "Economy 7", "single-rate tariff"),
    ("hof-t02", "trap",
     [("agent", "Hi! I'm Quinn, Lakeshore Mutual's virtual agent. Type a number:\n1. Billing\n2. Claims\n3. "
                "Change my details\n4. Get ID cards"),
      ("customer", "4"),
      ("agent", "Happy to help. What's your policy number?"),
      ("customer", "LM4490217"),
      ("agent", "I see 1 vehicle on this policy: 2019 Honda CR-V EX. Should I email ID cards for this vehicle to "
                "the address on file? Yes / No"),
      ("customer", "yes"),
      ("agent", "Done! Check your inbox in a few minutes.")],
     [("agent", "Hi! I'm Quinn, Lakeshore Mutual's virtual agent. Type a number:\n1. Billing\n2. Claims\n3. "
                "Change my details\n4. Get ID cards"),
      ("customer", "speak to human"),
      ("agent", "I'd be glad to connect you. What's your policy number?"),
      ("customer", "LM4490217"),
      ("agent", "Thanks! A licensed agent will be with you. Estimated wait: 9 minutes"),
      ("customer", "9 minutes?? ok"),
      ("agent", "Tyler (Licensed Agent) joined"),
      ("agent", "Hi, Tyler here, thanks for waiting. What can I do?"),
      ("customer", "I'm looking at a used Tesla Model 3. if I bought it instead of the CRV roughly what would my "
                   "premium be? not buying yet just pricing it out"),
      ("agent", "Ballpark, swapping to a 2022 Model 3 would take you from $118 to around $171 a month, mostly "
                "because of repair costs. Nothing's changed on the policy, just let us know if you go ahead.")],
     "2019 Honda CR-V", "Tesla Model 3"),
    ("hof-t03", "trap",
     [("customer", "hi, internet has been slow every evening for a week"),
      ("agent", "Hello, this is Dmitri from Borealis Internet. Sorry about that. Can you confirm the service "
                "address?"),
      ("customer", "17 Rideau Terrace, Ottawa K1M 2C3"),
      ("agent", "Thanks. There's a congested node serving Rideau Terrace. A split is scheduled for Wednesday "
                "night and speeds should recover after that. I've added a $10 credit."),
      ("customer", "ok appreciated")],
     [("agent", "Borealis Internet 🌲 Virtual assistant here. Choose:\n1. Billing\n2. Technical support\n3. "
                "Change my details\n4. Moving"),
      ("customer", "4"),
      ("agent", "Moving soon? Type your account number or service address."),
      ("customer", "17 Rideau Terrace"),
      ("agent", "Routing you to our Moves team. There are 2 customers ahead of you."),
      ("agent", "Chantal has joined the chat"),
      ("agent", "Hi, Chantal here. When's the move and where to?"),
      ("customer", "not booked yet honestly. we're probably relocating to Kingston next spring for my wife's "
                   "job, I just want to know if you even service there before we commit to anything"),
      ("agent", "We do cover most of Kingston. Once you have a date, message us 2 weeks ahead and we'll transfer "
                "the service at no charge. Nothing changes for now.")],
     "17 Rideau Terrace", "Kingston"),
    ("hof-t04", "trap",
     [("agent", "Sawubona! Welcome to Ubuntu Home & Motor. I'm the virtual assistant.\n1. Claims\n2. Billing\n3. "
                "Change my details\n4. Speak to a consultant"),
      ("customer", "2"),
      ("agent", "Enter your ID number or policy number please."),
      ("customer", "HC-558120"),
      ("agent", "Thank you. Policy HC-558120 covers buildings and contents at 8 Protea Road, Durbanville. Is "
                "this correct? Yes / No"),
      ("customer", "Yes"),
      ("agent", "Pieter has accepted your chat"),
      ("agent", "Morning, Pieter here. What's the billing query?"),
      ("customer", "debit went off twice this month, R1,140 x2"),
      ("agent", "I see it, it was a duplicate retry from the bank's side. I've logged a refund of R1,140, it'll "
                "reflect in 3-5 working days.")],
     [("customer", "hi is there anyone there"),
      ("agent", "Sawubona! Welcome to Ubuntu Home & Motor. I'm the virtual assistant.\n1. Claims\n2. Billing\n3. "
                "Change my details\n4. Speak to a consultant"),
      ("customer", "4"),
      ("agent", "Please hold while I find a consultant. Approximate wait: 5 minutes."),
      ("agent", "Zanele has accepted your chat"),
      ("agent", "Hi, Zanele speaking. How can I help?"),
      ("customer", "my son just moved into his own flat in Sea Point. does my contents cover follow his stuff "
                   "there or does he need his own policy?"),
      ("agent", "Your cover only applies at 8 Protea Road, so he'd need his own contents policy for the Sea "
                "Point flat. I can send him a quote link if you give me his number."),
      ("customer", "I'll get him to call you himself, thanks")],
     "8 Protea Road, Durbanville", "son moved to a flat in Sea Point"),
    ("hof-t05", "trap",
     [("agent", "Welcome to Kaveri Bank 24x7 chat. I am Kavi, your virtual assistant.\n1. Billing & charges\n2. "
                "Technical support\n3. Change my details\n4. Cards"),
      ("customer", "statements not coming"),
      ("agent", "Please enter your registered mobile number."),
      ("customer", "9845012277"),
      ("agent", "Thank you. E-statements for this account are sent to arjun.menon84@gmail.com. Is this email "
                "correct? Yes / No"),
      ("customer", "yes correct but i am not getting anything for 2 months"),
      ("agent", "Please stay connected, an officer will assist you. Queue position: 4"),
      ("agent", "Officer Divya is now online"),
      ("agent", "Hello sir, Divya here. The mails were bouncing because of a temporary block on our side. I have "
                "cleared it and resent the April and May statements."),
      ("customer", "received now. thanks")],
     [("agent", "Welcome to Kaveri Bank 24x7 chat. I am Kavi, your virtual assistant.\n1. Billing & charges\n2. "
                "Technical support\n3. Change my details\n4. Cards"),
      ("customer", "3"),
      ("agent", "Please enter your registered mobile number."),
      ("customer", "9845012277"),
      ("agent", "Please stay connected, an officer will assist you. Queue position: 2"),
      ("agent", "Officer Rohit is now online"),
      ("agent", "Good evening, Rohit here. What do you need to update?"),
      ("customer", "my wife has changed her email to kavya.menon@outlook.com, please update it in her account. "
                   "she is also customer with you"),
      ("agent", "Sir, I can only update details for the account holder verified on this chat. Mrs Menon will "
                "need to contact us herself or update it in her app. Your own email stays as it is."),
      ("customer", "ok i'll ask her")],
     "arjun.menon84@gmail.com", "kavya.menon@outlook.com"),
    ("hof-t06", "trap",
     [("agent", "Hi, I'm Remy, the RxDirect virtual assistant. How can I help?\n1. Order status\n2. Billing & "
                "insurance\n3. Change my details\n4. Talk to a pharmacist"),
      ("customer", "1"),
      ("agent", "For your privacy, type your date of birth (MM/DD/YYYY) and ZIP."),
      ("customer", "03/14/1961 85718"),
      ("agent", "Thanks, Gloria. Your last order (atorvastatin, 90-day) shipped yesterday to 4410 E Camino Real, "
                "Tucson AZ. Need anything else? Type AGENT for a person."),
      ("customer", "no that's all, thank you")],
     [("agent", "Hi, I'm Remy, the RxDirect virtual assistant. How can I help?\n1. Order status\n2. Billing & "
                "insurance\n3. Change my details\n4. Talk to a pharmacist"),
      ("customer", "agent"),
      ("agent", "Sure! For your privacy, type your date of birth (MM/DD/YYYY) and ZIP first."),
      ("customer", "03/14/1961 85718"),
      ("agent", "Thanks! A care team member will be with you in about 3 minutes."),
      ("agent", "Luis from RxDirect Care is here to help"),
      ("agent", "Hi Gloria, Luis here. What can I help with?"),
      ("customer", "I'm at my daughter's in San Diego for two weeks after her baby came. Can my refill go to her "
                   "place just this one time? 2215 Kettner Blvd, San Diego 92101"),
      ("agent", "Of course, this refill only will ship to 2215 Kettner Blvd. Your address on file stays as "
                "Camino Real for everything after."),
      ("customer", "perfect, thanks")],
     "4410 E Camino Real", "2215 Kettner Blvd"),
    ("hof-t07", "trap",
     [("agent", "Welcome to Ashford Vale Council online help. I'm a virtual assistant.\n1. Council tax\n2. Bins "
                "& recycling\n3. Change my details\n4. Parking permits"),
      ("customer", "1"),
      ("agent", "Please enter your council tax account reference (10 digits)."),
      ("customer", "6001847733"),
      ("agent", "Thank you. You are in a queue for the Revenues team. Current wait: 11 minutes"),
      ("customer", "11 mins. brilliant."),
      ("agent", "Gemma (Revenues) has joined"),
      ("agent", "Hi, you're speaking to Gemma. I can see you pay by direct debit from a Nationwide account "
                "ending 6203 on the 1st. What's the query?"),
      ("customer", "can I move it to the 15th? payday changed"),
      ("agent", "Yes, done. From next month it'll come out on the 15th, same account.")],
     [("agent", "Welcome to Ashford Vale Council online help. I'm a virtual assistant.\n1. Council tax\n2. Bins "
                "& recycling\n3. Change my details\n4. Parking permits"),
      ("customer", "change bank"),
      ("agent", "I'm not sure I understood that. Please choose 1, 2, 3 or 4."),
      ("customer", "1"),
      ("agent", "Please enter your council tax account reference (10 digits)."),
      ("customer", "6001847733"),
      ("agent", "Lewis (Revenues) has joined"),
      ("agent", "Hello, Lewis here. How can I help?"),
      ("customer", "want the DD to come from my partner's Starling account instead, sort code 60-83-71, acc "
                   "44120987, name J Okafor"),
      ("agent", "I'm afraid I can't set that up. The paying account has to be in the name of someone liable for "
                "council tax at the address, and J Okafor isn't on the bill. If they're added as jointly liable "
                "we can look again, but for now it stays with the Nationwide account.")],
     "Nationwide account ending 6203", "partner's Starling account (refused)"),
    ("hof-t08", "trap",
     [("agent", "Hi 👋 Welcome to Kudu Mobile. Reply with a number:\n1. Billing\n2. Technical support\n3. Change "
                "my details\n4. Buy data"),
      ("customer", "2 no signal since yesterday"),
      ("agent", "Sho, sorry about that. Type your cellphone number please."),
      ("customer", "082 555 0193"),
      ("agent", "Checking your area... no network fault is listed. Let me get you a consultant, about 3 minutes."),
      ("agent", "Bongani is online"),
      ("agent", "Hi, Bongani here. Try restarting and picking the network manually under Settings > Mobile "
                "networks. Your number 082 555 0193 is active and the SIM looks fine on our side."),
      ("customer", "manual select worked 👍")],
     [("agent", "Hi 👋 Welcome to Kudu Mobile. Reply with a number:\n1. Billing\n2. Technical support\n3. Change "
                "my details\n4. Buy data"),
      ("customer", "billing"),
      ("agent", "Sure thing. Type your cellphone number please."),
      ("customer", "0825550193"),
      ("agent", "Getting a consultant for you. Wait: 1 minute."),
      ("agent", "Ayesha is online"),
      ("agent", "Hi, Ayesha here. Before we start, our records show a porting request on your profile last week. "
                "Did you change your number?"),
      ("customer", "no, I haven't changed my number, it's still the same one. someone must have typed it wrong. "
                   "I just want to know why I was charged R99 for a bundle I didn't buy"),
      ("agent", "Thanks, I've cancelled that porting request, it wasn't linked to you. The R99 was an "
                "auto-renewing bundle, so I've turned off auto-renew and credited it back.")],
     "082 555 0193", "haven't changed my number"),
    ("hof-t09", "trap",
     [("agent", "Thanks for contacting Lakefront Water & Sewer. I'm an automated assistant.\n1. Billing\n2. "
                "Report a problem\n3. Change my details\n4. Start/stop service"),
      ("customer", "1 - bill way too high"),
      ("agent", "Please type your account number (10 digits, top right of your bill)."),
      ("customer", "3300418275"),
      ("agent", "I found an account for 1450 N Halsted St, Apt 3B. Is that you? Yes / No"),
      ("customer", "Yes"),
      ("agent", "One moment while I connect you with a customer service representative (est. 2 min)."),
      ("agent", "Renee has joined the chat"),
      ("agent", "Hi, Renee here. Your latest bill is $140 vs. your usual $60, and the meter shows constant flow "
                "overnight, which usually means a running toilet. Could you check?"),
      ("customer", "omg yes the one in the guest bathroom has been hissing. will fix")],
     [("agent", "Thanks for contacting Lakefront Water & Sewer. I'm an automated assistant.\n1. Billing\n2. "
                "Report a problem\n3. Change my details\n4. Start/stop service"),
      ("customer", "3"),
      ("agent", "What would you like to change? Type MAILING ADDRESS, PHONE, or EMAIL."),
      ("customer", "mailing address"),
      ("agent", "One moment while I connect you with a customer service representative (est. 4 min)."),
      ("agent", "Marco has joined the chat"),
      ("agent", "Hi, Marco here. What's the new mailing address?"),
      ("customer", "it's apartment 3B at 1450 North Halsted Street, Chicago 60642. the last bill came addressed "
                   "weird, like missing the apartment number, and the mailman almost didn't deliver it"),
      ("agent", "I see, the mailing line had been cut off after '1450 N Halsted St'. I've corrected it to "
                "include Apt 3B. It's the same address, just formatted properly now.")],
     "1450 N Halsted St, Apt 3B", "1450 North Halsted Street"),
    ("hof-t10", "trap",
     [("agent", "Hi there! I'm Pip, the Wagtail Pet Insurance assistant 🐶🐱\n1. Claims\n2. Billing\n3. Change my "
                "details\n4. Chat to someone"),
      ("customer", "1"),
      ("agent", "Easy. What's your policy number?"),
      ("customer", "WPI-330981"),
      ("agent", "Thanks! I can see Milo (Kelpie, 6 yrs). His vet on file is Parkside Animal Hospital, Bendigo. "
                "Are you claiming for a visit there? Yes / No"),
      ("customer", "yes, x-rays on his leg"),
      ("agent", "Got it. Popping you through to our claims crew, wait is around 5 minutes."),
      ("agent", "Sarah from Claims has joined"),
      ("agent", "Hi, Sarah here. Parkside's invoice for $640 came through this morning. It's approved, $512 back "
                "to you after excess, in 2 business days."),
      ("customer", "legend, thank you")],
     [("agent", "Hi there! I'm Pip, the Wagtail Pet Insurance assistant 🐶🐱\n1. Claims\n2. Billing\n3. Change my "
                "details\n4. Chat to someone"),
      ("customer", "4"),
      ("agent", "No dramas, finding someone now (about 2 minutes)."),
      ("agent", "Ben from Claims has joined"),
      ("agent", "Hey, Ben here. What's up?"),
      ("customer", "why was my claim for Milo's dental only half paid?? back when we were with Brookvale Vets "
                   "years ago you guys paid dental in full"),
      ("agent", "Dental illness has been capped at $500 a year since the 2025 policy change, so it's the cap, "
                "not the vet. Parkside's invoice was $1,080, so you hit the limit."),
      ("customer", "bit rubbish but ok")],
     "Parkside Animal Hospital", "Brookvale Vets"),
    ("hof-t11", "trap",
     [("customer", "Hi — how do I remove someone from our workspace? They left the company"),
      ("agent", "Hi! Ola from Stackwise support. On your Team plan (8 seats) an admin can go to Settings > "
                "Members, click the three dots next to their name and choose Remove. Their seat frees up "
                "straight away."),
      ("customer", "Got it, done. Does the seat stay or do we get billed less?"),
      ("agent", "The seat stays on your plan, so you still have 8 and can hand it to a new hire at no extra cost.")],
     [("agent", "Hey 👋 Stackwise bot here. What do you need?\n1. Billing\n2. Technical support\n3. Change my "
                "details\n4. Plans & upgrades"),
      ("customer", "2"),
      ("agent", "Describe the issue in a few words."),
      ("customer", "SSO login"),
      ("agent", "SSO setup goes to a specialist. Hang tight, ~6 min."),
      ("agent", "Tomasz (Stackwise Support) joined the conversation"),
      ("agent", "Hi, Tomasz here. SAML SSO is a Business plan feature, so it isn't available on Team. I can "
                "upgrade you to Business today with 20% off the first year if you like?"),
      ("customer", "nah, not worth it for 8 people. we'll stick with Google login for now"),
      ("agent", "No problem, you're staying on the Team plan. Google sign-in enforcement is under Settings > "
                "Security.")],
     "Team plan", "Business plan"),
    ("hof-t12", "trap",
     [("agent", "Welcome to Northgate Bank. I'm a virtual assistant. How can I help?\n1. Billing\n2. Technical "
                "support\n3. Change my details\n4. Card services"),
      ("customer", "3"),
      ("agent", "To verify you, enter the last 4 digits of your card and your postal code."),
      ("customer", "2291 V5K 0A1"),
      ("agent", "Verified. You'll be connected to a Northgate representative in about 3 minutes."),
      ("agent", "Harpreet has entered the chat"),
      ("agent", "Hi, Harpreet here. What would you like to change?"),
      ("customer", "I want paper statements by mail please. I don't do online banking, I like to file them"),
      ("agent", "Done, your card is now set to paper statements by mail, starting next cycle.")],
     [("agent", "Welcome to Northgate Bank. I'm a virtual assistant. How can I help?\n1. Billing\n2. Technical "
                "support\n3. Change my details\n4. Card services"),
      ("customer", "I lost my card"),
      ("agent", "Sorry to hear that! Type 4 to lock your card yourself, or AGENT to talk to someone."),
      ("customer", "AGENT"),
      ("agent", "Verified session found. Connecting you, about 1 minute."),
      ("agent", "Kim has entered the chat"),
      ("agent", "Hi, Kim here. I've locked card ending 2291 and ordered a replacement, 5-7 business days. While "
                "I have you, would you like to switch to paperless e-statements? It's faster and there's a $2 "
                "monthly credit."),
      ("customer", "no thank you, keep the paper ones"),
      ("agent", "No problem, your statements stay on paper.")],
     "paper statements", "paperless e-statements"),
]

ONE_OFFS = [
    # (scope_id, turns): a request handled there and then that leaves nothing worth remembering
    ("hof-o01",
     [("agent", "Hi, I'm the Southern Cross Broadband bot. Choose:\n1. Billing\n2. Technical support\n3. Change "
                "my details"),
      ("customer", "2"),
      ("agent", "Is your issue: A) No internet B) Slow internet C) Wi-Fi only?"),
      ("customer", "A"),
      ("agent", "There's a known outage in Geelong West affecting NBN services. Estimated fix: 4:30pm today. "
                "Want an SMS when it's back? Yes / No"),
      ("customer", "yes pls"),
      ("agent", "Done! We'll text you. Sorry for the hassle.")]),
    ("hof-o02",
     [("customer", "hi I was charged ₹1,500 extra baggage on my 12 May Delhi-Pune flight but the bag was under "
                   "15kg"),
      ("agent", "Hello! I'm Skye, the SkyKite Airlines assistant. Please share your PNR."),
      ("customer", "QX7T2P"),
      ("agent", "Thank you. Transferring you to a customer care executive, approx. 6 minutes."),
      ("agent", "Neha has joined the chat"),
      ("agent", "Hi, Neha here. The weighing record shows 13.8 kg, so the charge was wrong. I have raised a "
                "refund of ₹1,500 to the original payment method, 5-7 working days."),
      ("customer", "thanks")]),
    ("hof-o03",
     [("agent", "Hi! Welcome to Ledgerly support 🧾\n1. Billing\n2. Technical support\n3. Change my details"),
      ("customer", "1"),
      ("agent", "What do you need? A) Invoice copy B) Refund C) Something else"),
      ("customer", "A. April invoice pls, accountant lost it"),
      ("agent", "Sent! A copy of invoice INV-2026-0419 has been emailed to the billing contact on your account."),
      ("customer", "thx")]),
    ("hof-o04",
     [("agent", "Welcome to Harrowgate Borough Council.\n1. Council tax\n2. Bins & recycling\n3. Change my "
                "details\n4. Report a problem"),
      ("customer", "2"),
      ("agent", "Please choose: A) Missed bin B) Bulky waste collection C) New bin"),
      ("customer", "B"),
      ("agent", "An adviser will be with you shortly. Current wait: 4 minutes"),
      ("agent", "Ruth has joined the chat"),
      ("agent", "Hi, Ruth here. What items need collecting?"),
      ("customer", "an old sofa and a fridge freezer"),
      ("agent", "That's 2 items, £38. The next slot is Tuesday 16th, leave them out by 7am. I've emailed the "
                "booking reference and a payment link."),
      ("customer", "great ta")]),
    ("hof-o05",
     [("customer", "how do I download my IRP5 from the portal? cant find it anywhere"),
      ("agent", "Hi! This is Lindiwe from PeopleDesk support. Go to My Pay > Tax Certificates, choose the 2026 "
                "tax year, then click the PDF icon next to IRP5. If it's greyed out, your employer hasn't "
                "published it yet."),
      ("customer", "found it, thanks!")]),
]

START = datetime(2026, 5, 4, 9, tzinfo=UTC)
SECOND = timedelta(days=41)

FAILS_TODAY: dict[str, str] = {
    "hof-c03": "'Mastercard ending 3390' is not closed by a fact holding 'Visa ending 7812'; stored: customer pays "
               "with the Mastercard ending 3390 (active)",
    "hof-c05": "no fact holds 'Koramangala branch'; stored: nothing",
    "hof-c07": "no fact holds 'Hillside Vets'; stored: nothing",
    "hof-c08": "'Basic Off-Peak' is not closed by a fact holding 'All Access'; stored: customer is on the Basic "
               "Off-Peak (Cedar Park club plan (active); customer's email is dkowalski22@yahoo.com (active)",
    "hof-c10": "no fact holds '12 seats'; stored: customer is on the Team plan (active)",
    "hof-c12": "no fact holds 'account ending 5518'; stored: customer banks with ING, BSB 923-100 account 20471130 "
               "(tentative); customer's payment method ends in 5518 (active); customer pays with their account "
               "(tentative); customer banks with Westpac (active)",
    "hof-t06": "no fact holds '4410 E Camino Real'; stored: nothing",
    "hof-t10": "no fact holds 'Parkside Animal Hospital'; stored: customer was with Brookvale Vets (active)",
}

ARCHIVE = CaseArchive(tenant="blind-handoff", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
