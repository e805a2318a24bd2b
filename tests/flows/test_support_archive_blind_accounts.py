"""Online accounts support archive (B2B SaaS, retail banking and cards, e-commerce and grocery delivery, gyms, food
delivery, ride-hailing, airline loyalty), written by a tester who had read no product code: each customer has two
chats about five weeks apart; a change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 6, 1, 9, tzinfo=UTC)
SECOND = timedelta(days=35)

CASES = [
    (
        "acc-c01",
        "change",
        [
            ("customer", "hey quick q, we're on the team plan for loomdesk, does that include guest access"),
            ("agent", "Hi! Yes, the Team plan includes up to 10 guest users per workspace. Your workspace "
                      "'northpine-ops' is on Team, billed monthly at $12 per user."),
            ("customer", "cool ty"),
        ],
        [
            ("customer", "we upgraded to business plan this morning, can u confirm it went thru"),
            ("agent", "Confirmed! Workspace 'northpine-ops' moved from Team to the Business plan at 10:42 ET today. "
                      "A prorated charge of $184.50 will show on your next invoice."),
            ("customer", "perfect thx"),
        ],
        "Team plan",
        "business plan",
    ),
    (
        "acc-c02",
        "change",
        [
            ("customer", "Hello, could you tell me how many licences we have on the Fernhill Analytics account? "
                         "I need it for a budget sheet."),
            ("agent", "Of course. Looking at the account for Fernhill Analytics Ltd, you have 25 seats on the "
                      "annual Growth subscription, renewing on 14 March."),
            ("customer", "Brilliant, that's what I had down. Thanks ever so much."),
        ],
        [
            ("customer", "Hi, we've just hired a new cohort of analysts in Manchester. "
                         "Please increase our licences to forty."),
            ("agent", "Done. I've increased Fernhill Analytics Ltd to 40 seats, effective immediately. "
                      "The prorated cost of £1,365.00 for the 15 additional seats will be invoiced today."),
            ("customer", "Thanks, appreciated."),
        ],
        "25 seats",
        "40 seats",
    ),
    (
        "acc-c03",
        "change",
        [
            ("customer", "Good morning,\n\nI hope this message finds you well. I am writing on behalf of "
                         "Maplebridge Design Inc. regarding our Quillstack subscription. Could you please confirm "
                         "that all invoices are sent to our billing contact, priya.raman@maplebridge.ca? Our "
                         "auditors have raised a query.\n\nKind regards,\nPriya Raman\n"
                         "Office Manager, Maplebridge Design Inc., Toronto"),
            ("agent", "Hi Priya, thanks for reaching out. I can confirm the billing contact on file is "
                      "priya.raman@maplebridge.ca, and all 11 invoices this year were sent there. "
                      "Let me know if you need copies."),
            ("customer", "Thank you very much, that is all I needed.\n\nBest,\nPriya"),
        ],
        [
            ("customer", "Hello,\n\nAs of this month I am handing over finance responsibilities to our new "
                         "controller. Please change the billing contact for Maplebridge Design Inc. from my "
                         "address to ap@maplebridge.ca so that invoices go to the shared accounts payable "
                         "mailbox going forward.\n\nMany thanks,\nPriya Raman"),
            ("agent", "Hi Priya, all done. The billing contact is now ap@maplebridge.ca and your personal "
                      "address has been removed from invoice emails. The next invoice on 1 August will go "
                      "to the new mailbox."),
            ("customer", "Wonderful, thank you for the quick turnaround.\n\nWarm regards,\nPriya"),
        ],
        "priya.raman@maplebridge.ca",
        "ap@maplebridge.ca",
    ),
    (
        "acc-c04",
        "change",
        [
            ("customer", "Hello, for our invoice the company address must be correct for the Dutch tax office. "
                         "Can you check it please? We are Van Dijk Logistiek B.V."),
            ("agent", "Hi! The registered company address on your Rostera account is Keizersgracht 214, "
                      "1016 DZ Amsterdam, with VAT number NL857123456B01."),
            ("customer", "Yes this is correct, thank you. Then it is good."),
        ],
        [
            ("customer", "Goodday, we are moved our office since 1 july. The new address is Stationsplein 9, "
                         "3511 ED Utrecht. Please change this on the account so the next invoice have it."),
            ("agent", "Thanks for letting us know, and congratulations on the new office! I have updated the "
                      "company address to Stationsplein 9, 3511 ED Utrecht. The VAT number stays the same, and "
                      "your July invoice will show the new address."),
            ("customer", "Very good, thanks for the help!"),
        ],
        "Keizersgracht 214",
        "Stationsplein 9",
    ),
    (
        "acc-c05",
        "change",
        [
            ("customer", "hi yes um I'm phoning about my membership the debit order uh I just want to check "
                         "which account it's coming off because I've got two accounts"),
            ("agent", "no problem mister Nkosi let me just pull that up okay so the debit order for your "
                      "Vitalis membership is coming off your FNB cheque account ending in 4417 on the first "
                      "of every month"),
            ("customer", "okay FNB yes that's the one cool cool thanks hey"),
        ],
        [
            ("customer", "morning um yeah so I closed my FNB account last week I've moved everything over to "
                         "Capitec so I need the debit order to go off the new one"),
            ("agent", "okay sure I can do that for you can you give me the account number"),
            ("customer", "yes it's uh one zero five two three three eight nine one two Capitec savings"),
            ("agent", "perfect so I've updated it the debit order will now come off your Capitec account "
                      "ending in 8912 from the first of August and you'll get an SMS to confirm"),
            ("customer", "shot thanks"),
        ],
        "FNB cheque account ending in 4417",
        "Capitec account ending in 8912",
    ),
    (
        "acc-c06",
        "change",
        [
            ("customer", "Hi can u check my order's going to the right place"),
            ("agent", "Hi Mia! Your order #AU-553812 is booked for delivery to 14 Wattle Street, Fitzroy VIC "
                      "3065, which is the default address on your account."),
            ("customer", "yep that's home, cheers"),
        ],
        [
            ("customer", "moved house on the weekend!! need to update my address for all future orders pls. "
                         "new place is 7/22 Albion St, Brunswick VIC 3056"),
            ("agent", "Congrats on the move! I've replaced your default delivery address with 7/22 Albion "
                      "Street, Brunswick VIC 3056 and removed the Fitzroy one. Your next order on Tuesday "
                      "will go there."),
            ("customer", "legend thanks"),
        ],
        "14 Wattle Street",
        "7/22 Albion St",
    ),
    (
        "acc-c07",
        "change",
        [
            ("agent", "Hi, I'm Pip, Greenbasket's virtual assistant. What can I help with today?\n"
                      "1. Track an order\n2. Change my regular delivery\n3. Something else"),
            ("customer", "2"),
            ("agent", "Your regular delivery is booked every Saturday, 8am-10am, to 31 Clarence Road, "
                      "Leeds LS6 2AB. Would you like to change it? (Yes / No)"),
            ("customer", "No, just checking it's still Saturday morning. Thanks."),
        ],
        [
            ("agent", "Hi, I'm Pip, Greenbasket's virtual assistant. What can I help with today?\n"
                      "1. Track an order\n2. Change my regular delivery\n3. Something else"),
            ("customer", "3 - talk to a person please"),
            ("agent", "Hi, this is Callum from the Greenbasket team, taking over from Pip. How can I help?"),
            ("customer", "I've started a new job with Saturday shifts so mornings don't work any more. "
                         "Can my regular slot move to Thursday evenings, 6 to 8?"),
            ("agent", "Absolutely. I've moved your regular delivery to every Thursday, 6pm-8pm, starting "
                      "9 July. The Saturday morning slot is cancelled going forward."),
        ],
        "every Saturday, 8am-10am",
        "every Thursday, 6pm-8pm",
    ),
    (
        "acc-c08",
        "change",
        [
            ("customer", "Hi there, I wanted to double check my meal preferences before next week's box ships."),
            ("agent", "Happy to help, Jordan. Your profile is set to vegetarian with no allergies listed, "
                      "so every recipe in your Sprout & Spoon box is meat- and fish-free."),
            ("customer", "Great, that's right. Thank you!"),
        ],
        [
            ("customer", "Hello again! I've gone fully vegan as of this month, so no dairy or eggs either. "
                         "Can you update my preferences?"),
            ("agent", "Of course! I've changed your dietary preference to vegan, so from the box shipping "
                      "July 14 you'll only see plant-based recipes. Your picks for that week were swapped "
                      "automatically."),
            ("customer", "Perfect, thanks so much."),
        ],
        "vegetarian",
        "fully vegan",
    ),
    (
        "acc-c09",
        "change",
        [
            ("customer", "hi, can check my membership can use which outlets? i go marina bay one mostly"),
            ("agent", "Hi Wei Ling! Your home club is PulseFit Marina Bay on the Single Club plan, so access "
                      "is for that outlet only. Other outlets are S$15 per visit."),
            ("customer", "ok noted thanks"),
        ],
        [
            ("customer", "hello i shifted house to tampines already, marina bay too far now. "
                         "can change my home club to tampines hub?"),
            ("agent", "Sure, done! Your home club is now PulseFit Tampines Hub from 8 July. Your monthly fee "
                      "stays at S$129 on the Single Club plan and your access card works there from tomorrow."),
            ("customer", "ok thank you!"),
        ],
        "PulseFit Marina Bay",
        "PulseFit Tampines Hub",
    ),
    (
        "acc-c10",
        "change",
        [
            ("customer", "Hey, I set up my business profile last year. Can you tell me what employer is on it? "
                         "My expense reports keep bouncing."),
            ("agent", "Sure thing, Marcus. Your business profile is linked to Brightwell Logistics, with "
                      "receipts going to marcus.hill@brightwell-logistics.com. I don't see any errors on our side."),
            ("customer", "Ok, that's right, I'll check with our finance team. Thanks."),
        ],
        [
            ("customer", "I left Brightwell and started at Northstar Health on Monday. "
                         "Need my work rides billed to the new company now."),
            ("agent", "Got it. I've removed Brightwell from your profile and linked your business profile to "
                      "Northstar Health's company account. Work rides will be charged to Northstar's card and "
                      "receipts will go to m.hill@northstarhealth.org."),
            ("customer", "great thanks"),
        ],
        "Brightwell Logistics",
        "Northstar Health",
    ),
    (
        "acc-c11",
        "change",
        [
            ("customer", "Hi, I'm getting emails from your loyalty program, which language are they set to?"),
            ("agent", "Hi Émilie, your AuroraPoints profile has English as your preferred language, so all "
                      "emails, statements and app notifications come in English."),
            ("customer", "OK, that's fine, thanks."),
        ],
        [
            ("customer", "Hi, I'd like to switch my communications to French please. My parents help me keep "
                         "track of my statements and they'd prefer it."),
            ("agent", "C'est fait! I've updated your preferred language to French. Your next AuroraPoints "
                      "statement and all emails will be in French from now on, Émilie."),
            ("customer", "Merci beaucoup!"),
        ],
        "English as your preferred language",
        "preferred language to French",
    ),
    (
        "acc-c12",
        "change",
        [
            ("customer", "Hi, just confirming what I'm on before I go on leave. It's the 2-person box, "
                         "3 meals a week, right?"),
            ("agent", "Hi Thandi, yes, you're subscribed to the 2-person box with 3 meals a week, delivered "
                      "on Mondays to Rondebosch. That's R1,140 per week."),
            ("customer", "Thanks!"),
        ],
        [
            ("customer", "Hi there, my sister and her kids have moved in with us for good, so I need a bigger "
                         "box. Can you switch me to the family one?"),
            ("agent", "Of course! I've upgraded your subscription to the 4-person box, still 3 meals a week, "
                      "from Monday 13 July. The new weekly price is R2,060."),
            ("customer", "Great, thank you"),
        ],
        "2-person box",
        "4-person box",
    ),
    (
        "acc-t01",
        "trap",
        [
            ("customer", "Hi, which plan are we on? Account is Bramble & Co."),
            ("agent", "Hi Oliver, Bramble & Co is on the Pro plan, annual billing, £18 per user per month "
                      "for 14 users."),
            ("customer", "Cheers."),
        ],
        [
            ("customer", "Dear Support,\n\nOut of curiosity, what would the Enterprise plan cost us? The board "
                         "is asking; we are not planning to move yet.\n\nBest regards,\nOliver Grant\n"
                         "Operations Director, Bramble & Co"),
            ("agent", "Hi Oliver, for 14 users Enterprise would be £32 per user per month on annual billing, "
                      "so about £5,376 a year versus your current £3,024 on Pro. It adds audit logs and SAML. "
                      "Would you like a formal quote?"),
            ("customer", "Just the figures is fine for now, thank you. We'll stay where we are.\n\nOliver"),
        ],
        "Pro plan",
        "Enterprise plan",
    ),
    (
        "acc-t02",
        "trap",
        [
            ("customer", "g'day, how many seats we got on the Tallyroo account? need it for the renewal"),
            ("agent", "Hi Sam! Tallyroo workspace 'coastline-physio' has 12 seats on the Standard plan, "
                      "renewing 30 September at A$1,440."),
            ("customer", "sweet thanks"),
        ],
        [
            ("customer", "hey, we might open a second clinic next year, if that happens we'd probably go up to "
                         "20 seats. nothing to change now, just wanna know if adding seats mid-term is prorated"),
            ("agent", "Good question! Yes, seats added mid-term are prorated to your renewal date. Nothing's "
                      "changed on your account, you're still on 12. Just ping us when the new clinic opens."),
            ("customer", "too easy, cheers"),
        ],
        "12 seats",
        "20 seats",
    ),
    (
        "acc-t03",
        "trap",
        [
            ("customer", "Hi, I'm setting up SSO for Halvorsen Dental Group on Orbitly. Can you confirm which "
                         "email is listed as the workspace admin?"),
            ("agent", "Hi Karen, the primary admin is you, at karen.liu@halvorsendental.com. Admin "
                      "notifications and security alerts go there."),
            ("customer", "Good, thanks."),
        ],
        [
            ("customer", "Hi, Karen again from Halvorsen Dental. My colleague Derek got married and changed his "
                         "name, can you update his user email to derek.okafor-reyes@halvorsendental.com?"),
            ("agent", "Congratulations to Derek! I've updated his member email to "
                      "derek.okafor-reyes@halvorsendental.com. He remains a standard member, and you're still "
                      "the workspace admin."),
            ("customer", "Great, thanks!"),
        ],
        "karen.liu@halvorsendental.com",
        "derek.okafor-reyes@halvorsendental.com",
    ),
    (
        "acc-t04",
        "trap",
        [
            ("customer", "hi where does my savings interest get paid to"),
            ("agent", "Hi Aisha, interest from your Easy Access Saver is paid to your nominated account, "
                      "a Barclays current account ending 6604."),
            ("customer", "ok thx"),
        ],
        [
            ("customer", "i want to change my nominated account to my Monzo account, sort code 04-00-04, "
                         "account ending 2231"),
            ("agent", "I can help with that. For security I've sent a one-time code to the mobile number on "
                      "file ending 918. Can you read it back to me?"),
            ("customer", "i don't have that phone anymore, it got stolen"),
            ("agent", "I'm sorry to hear that. Unfortunately I can't change your nominated account without "
                      "passing verification, so it stays as the Barclays account ending 6604 for now. Please "
                      "visit a branch with photo ID or call back once your number is updated."),
            ("customer", "ugh fine"),
        ],
        "Barclays current account ending 6604",
        "Monzo account",
    ),
    (
        "acc-t05",
        "trap",
        [
            ("customer", "Hi, I just signed up. Can you confirm my delivery address is set right? "
                         "1147 Rue Saint-Denis, apt 3, Montréal."),
            ("agent", "Hi Luc! Yes, your default delivery address is 1147 Rue Saint-Denis, Apt 3, "
                      "Montréal QC H2X 3J6."),
            ("customer", "Perfect."),
        ],
        [
            ("customer", "Hey, can I send just this one order to my mom for her birthday? 88 Elm Crescent, "
                         "Ottawa ON K1S 2Y7. Everything after should still come to me."),
            ("agent", "Absolutely. Order #CA-20931 will go to 88 Elm Crescent, Ottawa as a one-time delivery "
                      "with a gift note. Your default address stays Rue Saint-Denis for future orders."),
            ("customer", "Thanks!"),
        ],
        "1147 Rue Saint-Denis",
        "88 Elm Crescent",
    ),
    (
        "acc-t06",
        "trap",
        [
            ("customer", "Hi, I want to know my fixed delivery moment, I forget it"),
            ("agent", "Hoi Sanne! Your recurring delivery is every Tuesday between 18:00 and 20:00 to "
                      "Westerstraat 51, Amsterdam."),
            ("customer", "ah yes tuesday evening, thank you"),
        ],
        [
            ("customer", "Hello, next week I am on a course in Eindhoven on the Tuesday. Can you deliver only "
                         "that week on Wednesday 16:00-18:00? After it is normal again."),
            ("agent", "No problem! For the week of 13 July only, your delivery moves to Wednesday 16:00-18:00. "
                      "From 21 July it goes back to your regular Tuesday evening slot."),
            ("customer", "Super, thanks a lot"),
        ],
        "every Tuesday between 18:00 and 20:00",
        "Wednesday 16:00-18:00",
    ),
    (
        "acc-t07",
        "trap",
        [
            ("customer", "Hi, I have coeliac disease. Can you make sure all my meals are gluten-free?"),
            ("agent", "Hi Rachel, I've noted on your account that you're coeliac and need strictly gluten-free "
                      "meals. Your weekly FreshTiffin plan will only include GF-certified dishes."),
            ("customer", "Thank you, that's a relief."),
        ],
        [
            ("customer", "Hi! my boyfriend is going dairy-free for a while, he eats from my plan sometimes. "
                         "does the GF menu have much dairy?"),
            ("agent", "Good question! About half of the gluten-free dishes contain dairy, and they're marked "
                      "with a 'D' on the menu. Your own preferences are unchanged, still strictly gluten-free. "
                      "He's welcome to set up his own profile too."),
            ("customer", "ok will tell him, thanks"),
        ],
        "gluten-free",
        "dairy-free",
    ),
    (
        "acc-t08",
        "trap",
        [
            ("customer", "hi, my membership is for which location? the app shows nothing"),
            ("agent", "Hi Daan, your home club is FitHaven Amsterdam Zuid, Basic membership at "
                      "€29.99 per month."),
            ("customer", "ok thanks"),
        ],
        [
            ("customer", "hey if I would switch to the rotterdam centrum club, is that more expensive? "
                         "maybe I take a job there, not sure yet"),
            ("agent", "Hi Daan! FitHaven Rotterdam Centrum is also €29.99 on Basic, so the price would be the "
                      "same, and switching is free. I haven't changed anything, you're still on Amsterdam Zuid. "
                      "Just let us know if the job works out!"),
            ("customer", "ok good to know, thanks"),
        ],
        "FitHaven Amsterdam Zuid",
        "Rotterdam Centrum",
    ),
    (
        "acc-t09",
        "trap",
        [
            ("customer", "Hello, may I know my current tier in the Horizon Club programme? "
                         "I flew quite a lot this year."),
            ("agent", "Good afternoon Mr Tan. You are currently Horizon Club Gold, valid until 31 March 2027, "
                      "with 68,400 tier points."),
            ("customer", "Excellent, thank you."),
        ],
        [
            ("customer", "Hi, lounge access question. Back when I was Silver I could bring one guest into the "
                         "lounge at Changi. Is it the same for my tier now?"),
            ("agent", "Hi Mr Tan. As a Gold member you may bring up to two guests into the Changi lounge on "
                      "the same itinerary. Silver normally has no guest allowance, so that may have been a "
                      "promotion at the time."),
            ("customer", "I see, noted, thanks."),
        ],
        "Horizon Club Gold",
        "when I was Silver",
    ),
    (
        "acc-t10",
        "trap",
        [
            ("customer", "Hi, quick check on my HarvestCrate subscription. Which size am I getting?"),
            ("agent", "Hi Brenda! You're on the Large box, 6 meals a week for 4 people, delivered every "
                      "Friday to your address in Columbus, Ohio."),
            ("customer", "Thanks, that's what I thought."),
        ],
        [
            ("customer", "yeah hi um so I'm calling about my subscription the uh the family-size one the big "
                         "one with six meals I just wanna make sure um nothing changed after that price "
                         "increase email"),
            ("agent", "yes ma'am so you're still on the Large box six meals a week for four people nothing's "
                      "changed on your plan the price email was only about the Small box"),
            ("customer", "oh okay great thank you so much"),
        ],
        "Large box",
        "family-size one",
    ),
    (
        "acc-t11",
        "trap",
        [
            ("customer", "Hi, we're auditing our security setup. Which SSO provider is configured for the "
                         "Nordvale Robotics workspace?"),
            ("agent", "Hi Ahmed, SSO for Nordvale Robotics is configured with Okta (SAML 2.0), enforced for "
                      "all 63 members. The last certificate rotation was on 2 April."),
            ("customer", "Thanks, that matches our docs."),
        ],
        [
            ("customer", "hey, heads up: IT played around with Google Workspace as an IdP in our sandbox last "
                         "week. We decided against it, prod stays as is. Any leftover config I should clean up?"),
            ("agent", "Thanks for letting us know. Your production workspace is still on Okta SAML, untouched. "
                      "The sandbox has an inactive Google Workspace connection; you can delete it under "
                      "Settings > Security > Identity providers, or leave it since it isn't enforced."),
            ("customer", "will delete it, cheers"),
        ],
        "Okta",
        "Google Workspace",
    ),
    (
        "acc-t12",
        "trap",
        [
            ("customer", "Morning. Our DPO wants to know where our data is stored. Workspace: "
                         "kestrel-engineering."),
            ("agent", "Good morning Hannah. The kestrel-engineering workspace is hosted in our EU region "
                      "(Frankfurt), including backups. I can send our data processing addendum if useful."),
            ("customer", "Yes please, send it over. Thanks."),
        ],
        [
            ("customer", "Hello again,\n\nOur sister company in Melbourne is opening its own separate "
                         "workspace, and they need the Australia region (Sydney) for their clients. Would that "
                         "affect where our data lives?\n\nThanks,\nHannah Price\nKestrel Engineering, Bristol"),
            ("agent", "Hi Hannah, not at all. Each workspace has its own region. Their new workspace can be "
                      "created in Sydney, while kestrel-engineering stays in the EU region in Frankfurt."),
            ("customer", "Great, that's what I hoped. Thank you!"),
        ],
        "EU region (Frankfurt)",
        "Australia region (Sydney)",
    ),
]

ONE_OFFS = [
    (
        "acc-o01",
        [
            ("customer", "Hiya, my shop came this morning but the bananas and the oat milk were missing."),
            ("agent", "Sorry about that! I can see both items were marked as picked but not loaded. I've "
                      "refunded £3.85 to your original payment method; it should show within 3-5 working days."),
            ("customer", "Lovely, thanks."),
        ],
    ),
    (
        "acc-o02",
        [
            ("customer", "locked out of my account, reset link never came"),
            ("agent", "Sorry about that! I've sent a fresh reset link just now. It's valid for 30 minutes; "
                      "please check your spam folder too."),
            ("customer", "got it, in now. thx"),
            ("agent", "Great, glad you're back in. Anything else?"),
            ("customer", "nope"),
        ],
    ),
    (
        "acc-o03",
        [
            ("customer", "yeah g'day um I got charged twice for the same thing at Woolies on Saturday "
                         "forty two dollars fifty both times"),
            ("agent", "right let me have a look yep I can see two identical transactions of forty two fifty "
                      "one of those is a duplicate I've reversed it so it'll drop off in one to two business days"),
            ("customer", "oh beautiful thanks mate"),
        ],
    ),
    (
        "acc-o04",
        [
            ("customer", "hi can book table for 4 tonight 7.30pm at the Tiong Bahru branch?"),
            ("agent", "Hi! Booked: table for 4 tonight at 7:30pm, Tiong Bahru. Reference TB-4471. "
                      "We'll hold the table for 15 minutes."),
            ("customer", "ok thanks!"),
        ],
    ),
    (
        "acc-o05",
        [
            ("customer", "Hi, I need a receipt for my ride from the airport to Sandton last night for my claim."),
            ("agent", "Hi! I've emailed the receipt for your trip on 5 July from O.R. Tambo to Sandton, "
                      "R412.30 including the toll fee. It's also downloadable under Trips in the app."),
            ("customer", "Got it, thanks a lot."),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "acc-c10": "no fact holds 'Brightwell Logistics'; stored: customer's email is "
               "marcus.hill@brightwell-logistics.com (active); customer's email is m.hill@northstarhealth.org "
               "(active)",
    "acc-c11": "no fact holds 'English as your preferred language'; stored: customer's preferred language is "
               "English (closed); customer's preferred language is French (active); customer would like to switch "
               "their communications to French (tentative)",
    "acc-t03": "no fact holds 'karen.liu@halvorsendental.com'; stored: Derek is married (tentative); customer's "
               "colleague is Derek (active)",
    "acc-t04": "no fact holds 'Barclays current account ending 6604'; stored: customer wants to change their "
               "nominated account to their Monzo account (active); customer does not have that phone anymore "
               "(active)",
    "acc-t07": "no fact holds 'gluten-free'; stored: nothing",
    "acc-t10": "no fact holds 'Large box'; stored: customer pays with quick check (active)",
    "acc-t11": "no fact holds 'Okta'; stored: nothing",
    "acc-t12": "no fact holds 'EU region (Frankfurt)'; stored: nothing",
}

ARCHIVE = CaseArchive(tenant="blind-accounts", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
