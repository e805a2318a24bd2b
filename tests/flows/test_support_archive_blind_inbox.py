"""Blind evaluation archive "inbox": email- and ticket-style support threads written without reference to the
extractor. Each thread is a short helpdesk exchange: a customer message with a greeting and a sign-off, often
quoting a ticket reference, and a reply in a formal helpdesk voice, in UK, US, Indian, South African and New
Zealand English. Domains: utilities (electricity tariff, supply address), insurance (policy excess, vehicle and
named drivers), banking (statement address, overdraft limit), SaaS administration (billing contact, seat count,
plan tier, SSO provider), school and university administration (degree programme, tutor group), a vet clinic
(registered vet, diet), car leasing (vehicle, debit order), council services (bin collection day), a streaming
subscription, telecoms (broadband package), employment (line manager, work location) and healthcare
administration (GP practice).

Changes state a new value in the later thread; traps talk about a plan, a hypothetical, someone else's value, a
temporary arrangement, another option, a complaint, a denial, a restatement, a past value, a declined offer, a
different attribute or a refused request, and must close nothing; one-offs are single requests that leave no
durable fact.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes ---
    ("inb-c01", "change",
     [("customer", "Hi team,\n\nI'm going through our household bills and wanted to check which electricity tariff "
                   "we're on at 9 Wren Close, and what the unit rate is.\n\nKind regards,\nGemma Hartley"),
      ("agent", "Dear Gemma,\n\nThank you for getting in touch (ref ELC-204417). I can confirm your electricity "
                "account is on our Fixed Saver 12 tariff, at 24.6p per kWh with a daily standing charge of 51p."
                "\n\nKind regards,\nTom, Customer Care"),
      ("customer", "Lovely, thanks Tom.\n\nGemma")],
     [("customer", "Hello again,\n\nFurther to ref ELC-204417: the Fixed Saver 12 came to an end, so I've switched "
                   "us over to your Green Flex tariff in the app this morning. Could you confirm it has gone "
                   "through?\n\nThanks,\nGemma Hartley"),
      ("agent", "Dear Gemma,\n\nI can confirm your electricity account moved from Fixed Saver 12 to Green Flex "
                "today. Your new unit rate is 22.9p per kWh; the standing charge is unchanged.\n\nKind regards,"
                "\nPriyanka, Customer Care"),
      ("customer", "Perfect, thank you.")],
     "Saver", "Green Flex"),
    ("inb-c02", "change",
     [("customer", "Good afternoon,\n\nBefore my renewal comes round, could you tell me what excess applies on my "
                   "car insurance, policy MTR-55810?\n\nMany thanks,\nOwen Pritchard"),
      ("agent", "Dear Mr Pritchard,\n\nThank you for your email. Your policy MTR-55810 currently carries a total "
                "excess of £250 for accidental damage claims.\n\nYours sincerely,\nClaims & Policy Team"),
      ("customer", "That's helpful, thanks.")],
     [("customer", "Hello,\n\nRe: policy MTR-55810. Please update my voluntary excess so the total comes to £500 — "
                   "I'd like to bring the renewal premium down and I'm happy to carry more of the risk.\n\n"
                   "Regards,\nOwen Pritchard"),
      ("agent", "Dear Mr Pritchard,\n\nI've amended your excess from £250 to £500 with effect from today. Your "
                "premium reduces by £38.40 and an updated schedule has been emailed to you.\n\nYours sincerely,"
                "\nClaims & Policy Team"),
      ("customer", "Received the schedule, thank you.")],
     "250", "500"),
    ("inb-c03", "change",
     [("customer", "Dear Sir/Madam,\n\nKindly confirm the address to which my account statements are being "
                   "posted. I have not received the one for June.\n\nRegards,\nAnanya Kulkarni"),
      ("agent", "Dear Ms Kulkarni,\n\nGreetings from the Customer Service desk. Statements for your savings account "
                "ending 4471 are dispatched to Flat 302, Sai Residency, Koregaon Park, Pune 411001. The June "
                "statement was posted on 3 July.\n\nWarm regards,\nCustomer Service"),
      ("customer", "Thank you, I will check with the society office.")],
     [("customer", "Dear Team,\n\nWe have relocated to Baner. Please update the statement address on my savings "
                   "account ending 4471 to B-14, Orchid Heights, Baner, Pune 411045 with effect from this month."
                   "\n\nRegards,\nAnanya Kulkarni"),
      ("agent", "Dear Ms Kulkarni,\n\nAs requested, the statement address for your account ending 4471 has been "
                "updated to B-14, Orchid Heights, Baner, Pune 411045. Future statements will be sent there."
                "\n\nWarm regards,\nCustomer Service"),
      ("customer", "Thank you for the quick help.")],
     "Koregaon", "Baner"),
    ("inb-c04", "change",
     [("customer", "Hi folks,\n\nQuick one — who receives our invoices at the moment? Our controller says she "
                   "hasn't seen the last two.\n\nThanks,\nMarcus Bell\nLarkspur Analytics"),
      ("agent", "Hi Marcus,\n\nThanks for reaching out (ticket #81244). Invoices for the Larkspur Analytics "
                "workspace go to your billing contact, finance@larkspur.io. Both recent invoices were delivered "
                "there successfully.\n\nBest,\nJordan | Billing Support"),
      ("customer", "Got it, I'll dig through that inbox.")],
     [("customer", "Hi Jordan,\n\nFollowing up on ticket #81244: as of Monday our billing contact is "
                   "accounts-payable@larkspur.io. Dana in finance has left and we've set up a shared inbox "
                   "instead. Please send invoices there going forward.\n\nThanks,\nMarcus"),
      ("agent", "Hi Marcus,\n\nDone — your billing contact is now accounts-payable@larkspur.io, and "
                "finance@larkspur.io has been removed from billing notifications.\n\nBest,\nJordan | Billing "
                "Support"),
      ("customer", "Appreciate it!")],
     "finance@larkspur", "accounts-payable@"),
    ("inb-c05", "change",
     [("customer", "Good day,\n\nPlease confirm how many seats we are paying for on our Helix account. I need the "
                   "figure for next year's budget.\n\nRegards,\nThabo Mokoena\nIT Manager, Karoo Freight"),
      ("agent", "Good day Thabo,\n\nThank you for your message. Karoo Freight currently has 40 licensed seats on "
                "the annual plan, of which 37 are assigned.\n\nKind regards,\nNaledi, Account Support"),
      ("customer", "Shot, thanks Naledi.")],
     [("customer", "Hi Naledi,\n\nWe've just onboarded the new Durban team. Please increase our licences to 65 "
                   "seats on the Helix account and send the pro-rata invoice through.\n\nRegards,\nThabo"),
      ("agent", "Hi Thabo,\n\nI've increased your seat count from 40 to 65 with immediate effect. The pro-rata "
                "invoice for the additional 25 seats will follow by email today.\n\nKind regards,\nNaledi, "
                "Account Support"),
      ("customer", "Great, thank you.")],
     "40", "65"),
    ("inb-c06", "change",
     [("customer", "Dear Student Administration,\n\nCould you please send me a proof of registration letter for "
                   "my bursary application? Student number 2231876.\n\nThank you,\nLerato Dlamini"),
      ("agent", "Dear Lerato,\n\nYour letter is attached. For your reference, you are registered for the BCom "
                "Economics degree, second year of study, for the 2026 academic year.\n\nKind regards,\nFaculty of "
                "Commerce, Student Administration"),
      ("customer", "Thank you so much.")],
     [("customer", "Good morning,\n\nMy application to transfer programmes was approved by the Dean's office last "
                   "week. Please change my registration to BCom Accounting from the second semester. Student "
                   "number 2231876.\n\nKind regards,\nLerato Dlamini"),
      ("agent", "Dear Lerato,\n\nYour registration has been changed from BCom Economics to BCom Accounting, "
                "effective from the second semester. Your updated timetable is available on the portal.\n\nKind "
                "regards,\nFaculty of Commerce, Student Administration"),
      ("customer", "Wonderful, thanks.")],
     "Economics", "Accounting"),
    ("inb-c07", "change",
     [("customer", "Kia ora,\n\nCan you tell me which vet our cat Poppy is registered under? I'd like to book her "
                   "annual check-up with the same person.\n\nCheers,\nHana Tuhiwai"),
      ("agent", "Kia ora Hana,\n\nThanks for your email. Poppy is registered with Dr Aroha Ngata, who sees patients "
                "on Tuesdays and Fridays.\n\nNgā mihi,\nReception, Harbourside Vets"),
      ("customer", "Sweet as, I'll book a Friday.")],
     [("customer", "Hi there,\n\nSince Dr Ngata has moved to your Hamilton clinic, we'd like Poppy to be under "
                   "Dr Whitcombe from now on please. She was lovely with her last month.\n\nThanks,\nHana"),
      ("agent", "Kia ora Hana,\n\nNo problem at all — I've updated Poppy's registered vet to Dr Sam Whitcombe.\n\n"
                "Ngā mihi,\nReception, Harbourside Vets"),
      ("customer", "Thank you!")],
     "Ngata", "Whitcombe"),
    ("inb-c08", "change",
     [("customer", "Hello,\n\nI need the registration of my lease car for a residents' parking permit. Could you "
                   "confirm it? Agreement LSE-30921.\n\nBest wishes,\nFiona Marsh"),
      ("agent", "Dear Ms Marsh,\n\nThank you for contacting us. Your current lease vehicle under agreement "
                "LSE-30921 is a Kia Niro EV, registration LK71 XRT.\n\nKind regards,\nDriver Services"),
      ("customer", "Thanks very much.")],
     [("customer", "Hello,\n\nFollowing the accident in July, the replacement car was delivered on Friday: a Skoda "
                   "Enyaq, registration LN24 HFD. Please update agreement LSE-30921 so my insurance and permit "
                   "match.\n\nBest wishes,\nFiona Marsh"),
      ("agent", "Dear Ms Marsh,\n\nAgreement LSE-30921 now shows the Skoda Enyaq, registration LN24 HFD; the Kia "
                "Niro has been replaced on your record.\n\nKind regards,\nDriver Services"),
      ("customer", "Brilliant, thanks.")],
     "Niro", "Enyaq"),
    ("inb-c09", "change",
     [("customer", "Dear Waste Services,\n\nWe've just moved into 31 Kestrel Drive. Which day is our general waste "
                   "collected?\n\nThanks,\nDavid Holloway"),
      ("agent", "Dear Mr Holloway,\n\nWelcome to the area. General waste at 31 Kestrel Drive is collected every "
                "Tuesday; please have your bin out by 7am.\n\nRegards,\nWaste & Recycling, Borough Council"),
      ("customer", "Great, thank you.")],
     [("customer", "Hello,\n\nWe received a letter saying the collection rounds are being reorganised. Could you "
                   "confirm what our day will be at 31 Kestrel Drive?\n\nThanks,\nDavid Holloway"),
      ("agent", "Dear Mr Holloway,\n\nThe new rounds started on Monday. Your general waste is no longer "
                "collected on Tuesday — your collection day is now Thursday.\n\nRegards,\nWaste & Recycling, "
                "Borough Council"),
      ("customer", "Noted, thanks for confirming.")],
     "Tuesday", "Thursday"),
    ("inb-c10", "change",
     [("customer", "Dear Support,\n\nMy internet is feeling slow for video calls. Kindly tell me which broadband "
                   "plan I am currently on. Customer ID 88120345.\n\nThanks and regards,\nRohit Sharma"),
      ("agent", "Dear Mr Sharma,\n\nThank you for writing to us. Your connection is on the Fibre Basic plan with "
                "speeds up to 100 Mbps. A line check shows no faults.\n\nRegards,\nTeam Customer Care"),
      ("customer", "Okay, noted.")],
     [("customer", "Dear Support,\n\nI have upgraded my broadband to the 300 Mbps plan through the app yesterday. "
                   "Please confirm the upgrade is active on customer ID 88120345.\n\nRegards,\nRohit Sharma"),
      ("agent", "Dear Mr Sharma,\n\nYour upgrade is active: your connection is now on Fibre Plus at 300 Mbps. "
                "Please restart your router to get the new speeds.\n\nRegards,\nTeam Customer Care"),
      ("customer", "Done, speeds are much better. Thank you.")],
     "100", "300"),
    ("inb-c11", "change",
     [("customer", "Hi HR,\n\nWho's listed as my line manager in Workday? My PTO request seems to be stuck "
                   "waiting for approval.\n\nThanks,\nKevin Alvarez"),
      ("agent", "Hi Kevin,\n\nThanks for your ticket (HR-4418). Your manager on record is Helen Okafor, Director "
                "of Client Services; I've sent her a reminder about the pending request.\n\nBest regards,\nPeople "
                "Operations"),
      ("customer", "Thanks, much appreciated.")],
     [("customer", "Hi team,\n\nAfter the reorg I now report to Raj Menon. Can you please update my manager in "
                   "Workday so my approvals go to him?\n\nThanks,\nKevin"),
      ("agent", "Hi Kevin,\n\nI've updated your reporting line: your manager is now Raj Menon, replacing Helen "
                "Okafor. Future approvals will route to Raj.\n\nBest regards,\nPeople Operations"),
      ("customer", "Perfect.")],
     "Okafor", "Menon"),
    ("inb-c12", "change",
     [("customer", "Dear Patient Services,\n\nWhich GP practice do you have on file for me? I want to make sure "
                   "the letter from my clinic appointment goes to the right place.\n\nKind regards,\nMargaret "
                   "Doyle"),
      ("agent", "Dear Mrs Doyle,\n\nThank you for your enquiry. Our records show your GP practice as Riverside "
                "Medical Centre, Canal Street. Your clinic letter was sent there on 28 July.\n\nYours sincerely,"
                "\nPatient Services"),
      ("customer", "Thank you.")],
     [("customer", "Dear Patient Services,\n\nI've registered with Parkview Surgery since moving house and "
                   "Riverside have now taken me off their list. Please send future letters to Parkview.\n\nKind "
                   "regards,\nMargaret Doyle"),
      ("agent", "Dear Mrs Doyle,\n\nThank you for letting us know. Your GP practice is now recorded as Parkview "
                "Surgery and future correspondence will be copied there.\n\nYours sincerely,\nPatient Services"),
      ("customer", "Much appreciated.")],
     "Riverside", "Parkview"),
    # --- traps ---
    ("inb-t01", "trap",
     [("customer", "Hi,\n\nI'm a new customer. Could you confirm the supply address and meter serial you have on my "
                   "account? I want to check it matches the welcome pack.\n\nThanks,\nRuth Ellison"),
      ("agent", "Dear Ruth,\n\nWelcome aboard. Your supply address is 22 Marsh Lane, Bristol BS3 4QT, with a smart "
                "meter, serial 19E0045821.\n\nKind regards,\nCustomer Care"),
      ("customer", "All matches, thanks.")],
     [("customer", "Hello,\n\nWe're planning to move to Cardiff sometime in the spring, probably around April, "
                   "though nothing is definite yet. What's the process for moving our supply when the time "
                   "comes?\n\nThanks,\nRuth Ellison"),
      ("agent", "Dear Ruth,\n\nWhen you have a moving date, just let us know at least 48 hours beforehand with a "
                "final meter reading. Until then your account stays at 22 Marsh Lane as it is.\n\nKind regards,"
                "\nCustomer Care"),
      ("customer", "Great, I'll be in touch once we've exchanged.")],
     "Marsh Lane", "Cardiff"),
    ("inb-t02", "trap",
     [("customer", "Hey,\n\nCan you remind me which plan our workspace is on and when it renews? Finance is asking."
                   "\n\nCheers,\nBrianna Cole\nOps Lead, Fernwood Labs"),
      ("agent", "Hi Brianna,\n\nThanks for writing in (ticket #40771). Fernwood Labs is on the Growth plan, billed "
                "annually at $4,800, renewing on 1 March.\n\nBest,\nAlex | Customer Success"),
      ("customer", "Thanks Alex!")],
     [("customer", "Hi Alex,\n\nIf we upgraded to Enterprise mid-term, what would it cost, and would SAML be "
                   "included? Just pricing things out for next year's budget — no decision yet.\n\nCheers,\n"
                   "Brianna"),
      ("agent", "Hi Brianna,\n\nIf you upgraded today, the prorated cost would be $6,150 for the rest of the term, "
                "and SAML is included on Enterprise. Your Growth plan stays exactly as it is unless you confirm."
                "\n\nBest,\nAlex | Customer Success"),
      ("customer", "Super helpful, we'll revisit in Q1.")],
     "Growth", "Enterprise"),
    ("inb-t03", "trap",
     [("customer", "Good morning,\n\nPlease could you confirm the address my bank statements go to? I'm filling in "
                   "a FICA form.\n\nThank you,\nNomvula Khumalo"),
      ("agent", "Good morning Ms Khumalo,\n\nYour statements are sent to 7 Protea Street, Durbanville, 7550.\n\n"
                "Kind regards,\nClient Services"),
      ("customer", "Thank you.")],
     [("customer", "Morning,\n\nMy sister Zanele also banks with you and has just moved to Sea Point. Can I update "
                   "her address for her? She's working overseas this month. Mine stays the same, of course.\n\n"
                   "Thanks,\nNomvula Khumalo"),
      ("agent", "Good morning Ms Khumalo,\n\nUnfortunately we can only accept address changes from the account "
                "holder, so Zanele will need to update hers via the app. Your own details remain at 7 Protea "
                "Street.\n\nKind regards,\nClient Services"),
      ("customer", "Understood, I'll let her know.")],
     "Protea", "Sea Point"),
    ("inb-t04", "trap",
     [("customer", "Hi HR,\n\nWhich office am I recorded at? Facilities need it for my parking permit.\n\nThanks,"
                   "\nSophie Grant"),
      ("agent", "Hi Sophie,\n\nYour work location on record is our Leeds office at Wellington Place.\n\nKind "
                "regards,\nHR Helpdesk"),
      ("customer", "Thanks!")],
     [("customer", "Hi,\n\nFor the next three weeks I'll be covering at the Sheffield site while Mark is on leave, "
                   "but please keep Leeds as my base — I only need to claim the extra mileage.\n\nThanks,\nSophie"),
      ("agent", "Hi Sophie,\n\nNo change is needed to your record; Leeds remains your work location. Please submit "
                "the temporary mileage through Expenses with the code COVER-SHF.\n\nKind regards,\nHR Helpdesk"),
      ("customer", "Will do, thanks.")],
     "Leeds", "Sheffield"),
    ("inb-t05", "trap",
     [("customer", "Kia ora team,\n\nA few of our staff couldn't log in this morning. Which identity provider is "
                   "set up for our single sign-on?\n\nNgā mihi,\nTama Rāwiri\nTuiwaka Design"),
      ("agent", "Kia ora Tama,\n\nYour organisation's single sign-on is configured with Okta for the domain "
                "tuiwaka.co.nz. The login issue was a brief outage on our side and is now resolved.\n\nCheers,\n"
                "Support Team"),
      ("customer", "Thanks for the update.")],
     [("customer", "Kia ora,\n\nQuick question — does your platform also support Microsoft Entra ID? Our sister "
                   "company uses it and is thinking of signing up. We're staying on Okta ourselves.\n\nNgā mihi,\n"
                   "Tama"),
      ("agent", "Kia ora Tama,\n\nYes, Entra ID is fully supported via SAML and SCIM. I've attached the setup guide "
                "you can pass on to them.\n\nCheers,\nSupport Team"),
      ("customer", "Awesome, thanks.")],
     "Okta", "Entra"),
    ("inb-t06", "trap",
     [("customer", "Hello,\n\nJust checking which broadband package I'm on and what speed I should be getting.\n\n"
                   "Regards,\nNeil Ashworth"),
      ("agent", "Dear Mr Ashworth,\n\nYou're on our Superfast 67 fibre package, with an estimated speed of 62 Mbps "
                "at your address.\n\nKind regards,\nBroadband Support"),
      ("customer", "Thanks.")],
     [("customer", "Hello,\n\nI'm paying for Superfast 67, but for the past week I've been getting around 15 Mbps "
                   "in the evenings. This really isn't acceptable when we both work from home.\n\nRegards,\nNeil "
                   "Ashworth"),
      ("agent", "Dear Mr Ashworth,\n\nI'm sorry to hear about the slow speeds. I've run a line test and found a "
                "fault at the cabinet, raised as FLT-88213; an engineer is due to fix it within 48 hours.\n\n"
                "Kind regards,\nBroadband Support"),
      ("customer", "Fine, please keep me posted.")],
     "Superfast", "15 Mbps"),
    ("inb-t07", "trap",
     [("customer", "Hi,\n\nCould you tell me what vehicle is on my auto policy and who the named drivers are? "
                   "Policy AUT-771203.\n\nThanks,\nGabriel Ramos"),
      ("agent", "Hi Mr. Ramos,\n\nYour policy AUT-771203 covers a 2021 Ford Bronco Sport, with you and Alicia "
                "Ramos listed as named drivers.\n\nSincerely,\nPolicy Services"),
      ("customer", "Perfect, thanks.")],
     [("customer", "Hi,\n\nI got an email saying you'd detected a change of vehicle on policy AUT-771203 and asking "
                   "me to call. No, my car hasn't changed — it's still the Bronco Sport. Was this a mistake?\n\n"
                   "Thanks,\nGabriel Ramos"),
      ("agent", "Hi Mr. Ramos,\n\nApologies for the confusion — that email was sent in error. Your policy still "
                "shows the 2021 Ford Bronco Sport and no action is needed.\n\nSincerely,\nPolicy Services"),
      ("customer", "Okay, good to know.")],
     "Bronco", "change of vehicle"),
    ("inb-t08", "trap",
     [("customer", "Hi,\n\nCould you confirm the diet notes for Bella, our cocker spaniel? The kennels want them "
                   "before her stay next month.\n\nThanks,\nLaura Pennington"),
      ("agent", "Dear Laura,\n\nBella's record shows she is on Royal Canin Gastrointestinal Low Fat, fed twice a "
                "day. I've emailed the notes to you.\n\nKind regards,\nWillow Vets"),
      ("customer", "Thank you.")],
     [("customer", "Hello,\n\nJust placing a repeat order for Bella's food please — she's still on the Royal Canin "
                   "Gastrointestinal Low Fat, same as before. A 12kg bag for collection on Saturday.\n\nThanks,\n"
                   "Laura"),
      ("agent", "Dear Laura,\n\nThe 12kg bag is ordered and will be ready for collection on Saturday. Bella's diet "
                "remains unchanged on her record.\n\nKind regards,\nWillow Vets"),
      ("customer", "Great, thanks.")],
     "Gastrointestinal", "12kg"),
    ("inb-t09", "trap",
     [("customer", "Dear School Office,\n\nWhich tutor group is Aarav Mehta in this year? I need it for the trip "
                   "consent form.\n\nThank you,\nPooja Mehta"),
      ("agent", "Dear Mrs Mehta,\n\nAarav is in tutor group 9K with Mrs Shah this year.\n\nKind regards,\nSchool "
                "Office"),
      ("customer", "Thanks.")],
     [("customer", "Hello,\n\nAarav has lost his planner. The spare one he was given at reception says 7E, which is "
                   "what his group used to be back in Year 7 — he's in 9K now, as you know. Could he have a "
                   "correct one?\n\nThanks,\nPooja Mehta"),
      ("agent", "Dear Mrs Mehta,\n\nApologies for the mix-up. A new planner for 9K will be left at reception for "
                "Aarav to collect tomorrow.\n\nKind regards,\nSchool Office"),
      ("customer", "Thank you.")],
     "9K", "7E"),
    ("inb-t10", "trap",
     [("customer", "Hey,\n\nWhat plan am I on right now and when does it renew?\n\nThanks,\nTyler Brooks"),
      ("agent", "Hi Tyler,\n\nYou're on Standard with Ads at $7.99/month, renewing on the 14th of each month.\n\n"
                "Best,\nViewer Support"),
      ("customer", "Cool, thanks.")],
     [("customer", "Hi,\n\nI got an email about a Premium offer at half price for three months. What's the catch?"
                   "\n\nTyler"),
      ("agent", "Hi Tyler,\n\nNo catch — Premium would be $11.50/month for three months, then $22.99. Would you "
                "like me to switch you over?\n\nBest,\nViewer Support"),
      ("customer", "Thanks, but I'll pass. Happy with what I've got.")],
     "Standard", "Premium"),
    ("inb-t11", "trap",
     [("customer", "Good afternoon,\n\nPlease send me the details of my lease vehicle and my annual kilometre "
                   "allowance. Contract FL-66120.\n\nRegards,\nPieter van der Merwe"),
      ("agent", "Good afternoon Mr van der Merwe,\n\nUnder contract FL-66120 you lease a Toyota Corolla Cross 1.8 "
                "Hybrid, with an allowance of 20,000 km per year.\n\nKind regards,\nFleet Services"),
      ("customer", "Thank you.")],
     [("customer", "Good afternoon,\n\nI've changed banks — please collect the monthly debit order for contract "
                   "FL-66120 from my new Capitec account from next month. The signed mandate is attached.\n\n"
                   "Regards,\nPieter van der Merwe"),
      ("agent", "Good afternoon Mr van der Merwe,\n\nThank you, the mandate has been processed. From 1 September "
                "the debit order will be collected from your Capitec account.\n\nKind regards,\nFleet Services"),
      ("customer", "Much appreciated.")],
     "Corolla", "Capitec"),
    ("inb-t12", "trap",
     [("customer", "Hi,\n\nCould you confirm my arranged overdraft limit on my current account?\n\nThanks,\nJames "
                   "Whitfield"),
      ("agent", "Dear Mr Whitfield,\n\nYour current account has an arranged overdraft limit of £500.\n\nKind "
                "regards,\nCustomer Support"),
      ("customer", "Thanks.")],
     [("customer", "Hello,\n\nPlease increase my overdraft limit to £1,500. I have a few large bills coming up this "
                   "autumn.\n\nThanks,\nJames Whitfield"),
      ("agent", "Dear Mr Whitfield,\n\nI'm sorry, but following our affordability assessment we're unable to "
                "increase your limit at this time. Your arranged overdraft remains at £500.\n\nKind regards,\n"
                "Customer Support"),
      ("customer", "Disappointing, but okay.")],
     "500", "1,500"),
]

ONE_OFFS = [
    ("inb-o01", [("customer", "Hi,\n\nCould you resend invoice INV-20931 for July? It went to spam and I deleted it "
                              "by accident.\n\nThanks,\nKelsey"),
                 ("agent", "Hi Kelsey,\n\nI've re-sent INV-20931 to the address that raised this ticket. Let me "
                           "know if it doesn't arrive.\n\nBest,\nBilling Support"),
                 ("customer", "Got it, thanks!")]),
    ("inb-o02", [("customer", "Hello,\n\nAny update on ticket #55102? I was told my refund would be processed last "
                              "week.\n\nRegards,\nMartin"),
                 ("agent", "Dear Martin,\n\nYour refund of £42.10 was processed yesterday and should reach your "
                           "account within 3-5 working days.\n\nKind regards,\nCustomer Care"),
                 ("customer", "Thanks for checking.")]),
    ("inb-o03", [("customer", "Kia ora,\n\nIs there a power outage in Ponsonby? Our street has been without power "
                              "since 6am.\n\nCheers,\nMere"),
                 ("agent", "Kia ora Mere,\n\nYes, there's an unplanned fault affecting parts of Ponsonby. Crews are "
                           "on site and expect power back by 11am.\n\nNgā mihi,\nFaults Team"),
                 ("customer", "Cheers for the update.")]),
    ("inb-o04", [("customer", "Hi,\n\nAre you open on the bank holiday Monday? Just in case we need anything.\n\n"
                              "Thanks,\nClaire"),
                 ("agent", "Dear Claire,\n\nWe're open 9am to 1pm on the bank holiday Monday. Outside those hours, "
                           "please call the emergency line on the website.\n\nKind regards,\nReception"),
                 ("customer", "Perfect, thank you.")]),
    ("inb-o05", [("customer", "Hello,\n\nI am unable to log in to my account. Kindly send me a password reset link."
                              "\n\nThanks and regards,\nSunita"),
                 ("agent", "Dear Sunita,\n\nA password reset link has been sent to your registered email; it "
                           "expires in 30 minutes.\n\nRegards,\nHelp Desk"),
                 ("customer", "Received, I am able to log in now. Thank you.")]),
]

START = datetime(2026, 8, 3, 9, tzinfo=UTC)
SECOND = timedelta(days=19)

FAILS_TODAY: dict[str, str] = {
    "inb-c06": "the degree is stored as `education` ('registered for the BCom Economics degree') and the change as "
               "`attribute_registration` ('registration is BCom Accounting'): two slots, nothing closes",
    "inb-c07": "Dr Ngata as the cat's registered vet is not stored (a pet's record); later only 'Dr Ngata lives in "
               "Hamilton clinic'",
    "inb-c09": "'General waste at 31 Kestrel Drive is collected every Tuesday' is not read (no 'your', a passive with "
               "'every Tuesday'); Thursday is stored as the collection day",
    "inb-c10": "the first fact is 'on the Fibre Basic plan' without its 100 Mbps",
    "inb-t05": "'single sign-on is configured with Okta' is not read: no fact for the scope",
    "inb-t08": "nothing is stored for this scope: the dog's Royal Canin Gastrointestinal diet is missed",
    "inb-t09": "nothing is stored for this scope: the child's tutor group 9K is missed",
}

ARCHIVE = CaseArchive(tenant="blind-inbox", start=START, later_by=SECOND, turn_gap_s=240, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
