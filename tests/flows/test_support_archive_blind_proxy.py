"""Blind support archive of proxy and reported-speech conversations: a daughter with power of attorney for her
mother, a wife phoning for a husband who finds the phone hard, a support worker for a home-care client, an
executive assistant, a parent writing to a school office, a financial adviser acting for a client, and account
holders who pass on what a landlord, an accountant, a colleague or a caller claiming to be the bank told them,
correct a mistake the company made, or mention a relative's or colleague's details next to their own. Domains are
energy and water, pensions and banking, pharmacies and GP practices, care homes, broadband, council services,
insurance, travel and schools; regions are the UK, Canada, Australia, the US and Singapore. Written chat, mixed
formality, with the typos, shorthand and local phrasing real people use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # UK energy: a daughter with power of attorney reports her mother's move into a care home.
    ("prx-c01", "change",
     [("customer", "Hi there, I'm writing on behalf of my mum, Margaret Holloway. I've got lasting power of "
                   "attorney for her finances and it should already be on the account. She lives at 27 Pennine "
                   "Way, Skipton, BD23 2QT."),
      ("agent", "Thanks for that. I can see the LPA registered against the account, so I'm able to talk to you. "
                "What can I help with today?"),
      ("customer", "Her direct debit has gone up to £148 a month and she's in a right state about it. She lives on "
                   "her own in a two bed and she barely uses anything"),
      ("agent", "I've had a look and the last two bills were estimated, which is why it jumped. If you can send "
                "me meter readings for 27 Pennine Way I'll recalculate it for you."),
      ("customer", "Electric is 04521 and gas is 11873, I read them myself on Sunday"),
      ("agent", "Perfect. With those readings the monthly payment comes down to £96 from next month. I'll send "
                "the confirmation to Margaret by post."),
      ("customer", "Great, thank you. She does like a proper letter")],
     [("customer", "Hello, it's Karen Holloway again, Margaret Holloway's daughter (I'm her attorney). Bit of news "
                   "- mum moved into Ashgrove House care home in Harrogate at the end of last month and she won't "
                   "be going back to the house."),
      ("agent", "I'm sorry to hear that, I hope she's settling in. So I update things properly, is the care home "
                "her address for letters now?"),
      ("customer", "Yes please. Ashgrove House, 5 Otley Road, Harrogate HG2 0DJ. Her post goes there now and the "
                   "staff hand it to her. The house is on the market so I'll send you final readings for Pennine "
                   "Way on the day we hand the keys over"),
      ("agent", "Done - Margaret's address on our system is now Ashgrove House, 5 Otley Road, Harrogate HG2 0DJ. "
                "I've put a note on to take closing readings at the old property when you send them."),
      ("customer", "Brilliant, thanks for being so helpful")],
     "Pennine Way", "Ashgrove House"),
    # Canada pensions: a wife speaks for her husband, whose deposits move bank.
    ("prx-c02", "change",
     [("customer", "Good morning. I'm Linda Fraser, I'm writing for my husband Doug. His hearing isn't great so "
                   "I do all the calls and chats. He's sitting right next to me."),
      ("agent", "Good morning Linda. Before I can discuss Doug's file, could Doug confirm in the chat that he's "
                "okay with you dealing with it?"),
      ("customer", "Doug here. Yes Linda can deal with it, go ahead"),
      ("agent", "Thank you Doug. How can I help today?"),
      ("customer", "We never got his tax slips this year. And while I'm here I just want to double check his CPP "
                   "and OAS still go into our joint Scotiabank chequing account in Kelowna"),
      ("agent", "Yes, Doug's CPP and OAS payments are both deposited to the Scotiabank account ending 4471. The "
                "T4A(P) and T4A(OAS) slips were mailed in February, but I'll reissue them now."),
      ("customer", "Wonderful thank you")],
     [("customer", "Hi, Linda Fraser again for Doug Fraser. We've moved all our banking over to Desjardins. "
                   "Scotiabank closed our branch and the fees were getting silly. Need to move Doug's pension "
                   "deposits before the next payment"),
      ("agent", "No problem. Can Doug confirm he's happy with the change?"),
      ("customer", "Doug: yes, move it to Desjardins please."),
      ("agent", "Thank you. Please give me the institution, transit and account numbers for the new account."),
      ("customer", "institution 815, transit 30177, account 0098123"),
      ("agent", "All updated. Starting with the next payment, Doug's CPP and OAS will be deposited to the "
                "Desjardins account ending 8123. The old Scotiabank account won't be used anymore.")],
     "Scotiabank", "Desjardins"),
    # Australia pharmacy: a support worker reports the GP's switch of statin for her client.
    ("prx-c03", "change",
     [("customer", "hi its Priya from Bluegum Home Care, i'm Mr Desmond Kovac's support worker. he gets his "
                   "webster pack delivered from you guys"),
      ("agent", "Hi Priya, yes, you're listed as an authorised carer on Desmond's profile. How can we help?"),
      ("customer", "just checking whats in this weeks pack, he was asking me about the cholesterol tablet"),
      ("agent", "His pack has Lipitor 20mg in the night slot, his Coversyl in the morning and Panadol Osteo "
                "twice a day. Nothing has changed since his last script."),
      ("customer", "ok good, lipitor at night, thats what i told him. thanks!")],
     [("customer", "Morning, Priya again for Desmond Kovac. Dr Nguyen has taken him off the Lipitor, he was "
                   "getting bad muscle pains. She's put him on Crestor 10mg instead, said she sent the script "
                   "electronically yesterday"),
      ("agent", "Thanks Priya, I've got the eScript here from Dr Nguyen: Crestor (rosuvastatin) 10mg once a day. "
                "I'll take the Lipitor out and pack the Crestor from this week."),
      ("customer", "great. same time? night?"),
      ("agent", "Crestor can be taken any time, but we'll keep it in the night slot so his routine doesn't "
                "change."),
      ("customer", "perfect, ill let him know")],
     "Lipitor", "Crestor"),
    # US travel: an executive assistant sets, then changes, her boss's preferred airline.
    ("prx-c04", "change",
     [("customer", "Hi, this is Jess Moreno, EA to Richard Vaughn at Halvorsen Capital. I'm setting up his "
                   "traveler profile on our corporate account"),
      ("agent", "Welcome, Jess! What preferences should I note for Mr. Vaughn?"),
      ("customer", "He flies Delta whenever humanly possible, he's Diamond Medallion, so please default him to "
                   "Delta out of Atlanta. Aisle seat, never a middle. I'm on the account too but I barely travel "
                   "so don't worry about me"),
      ("agent", "Got it: Richard Vaughn, home airport ATL, preferred carrier Delta, aisle seating. Anything else?"),
      ("customer", "Marriott for hotels when there's one nearby. That's it for now, thanks!")],
     [("customer", "Hey, Jess Moreno for Richard Vaughn again. Heads up, we relocated the office to New York and "
                   "Rich has given up on Delta - he's going all in on JetBlue since that's what works out of JFK "
                   "for Boston and Florida. Please make JetBlue his default from now on."),
      ("agent", "Understood. I've changed Mr. Vaughn's preferred carrier from Delta to JetBlue. Should I update "
                "his home airport to JFK as well?"),
      ("customer", "yes JFK. still aisle"),
      ("agent", "Done: JetBlue, JFK, aisle seating.")],
     "Delta", "JetBlue"),
    # Singapore school: a mother writes to the school office and later changes her email.
    ("prx-c05", "change",
     [("customer", "Hello, I am mother of Ethan Lim from Primary 4 Integrity. I never receive the consent form "
                   "for the zoo learning journey"),
      ("agent", "Good afternoon. Let me check for you. The notice was sent to the email we have for you, "
                "tan.meiling77@gmail.com. Is that still correct?"),
      ("customer", "Yes that one is my email. Maybe went to spam. My husband also never get but his one is the "
                   "office email, nvm"),
      ("agent", "I've resent the notice to tan.meiling77@gmail.com. Please check the spam folder as well."),
      ("customer", "Ok found it already, thank you teacher")],
     [("customer", "Hi, Ethan Lim mother here (P4 Integrity). Please update my email, I not using the gmail "
                   "anymore because kena hacked. New one is meiling.tan@singnet.com.sg"),
      ("agent", "Sorry to hear that. I've updated your email to meiling.tan@singnet.com.sg, so all school "
                "notices will go there from today. Your mobile number stays the same."),
      ("customer", "Thank you. Please don't send anything to the old gmail")],
     "tan.meiling77@gmail.com", "meiling.tan@singnet.com.sg"),
    # UK pensions: a financial adviser acting for his client reports her new employer.
    ("prx-c06", "change",
     [("customer", "Good afternoon, Tom Aldridge from Aldridge Financial Planning. I act for Sarah Whitcombe, "
                   "policy number WP-5521093. Our letter of authority should be on file."),
      ("agent", "Hello Tom, yes, I can see the letter of authority dated 2 January. How can I help?"),
      ("customer", "Sarah's asked me to confirm the contributions are coming through from her employer. She's "
                   "been at Marlow Joinery Ltd since 2019, 5% from her and 3% from them"),
      ("agent", "Yes, I can see monthly contributions from Marlow Joinery Ltd, the latest on the 28th, 5% "
                "employee and 3% employer. Everything is up to date."),
      ("customer", "Brilliant, she'll be relieved")],
     [("customer", "Hi, Tom Aldridge again for Sarah Whitcombe (WP-5521093). Sarah left Marlow Joinery at the "
                   "end of last month and has started at Fenwick Builders in Reading. Fenwick are happy to pay "
                   "into this pension rather than auto-enrolling her into their scheme."),
      ("agent", "Thanks Tom. I'll record Fenwick Builders as Sarah's current employer and set up the new "
                "employer contribution link. The Marlow Joinery payroll link closes after their final payment."),
      ("customer", "Perfect. It'll be 5% from her and 4% from Fenwick"),
      ("agent", "Noted, 5% employee and 4% employer from Fenwick Builders.")],
     "Marlow Joinery", "Fenwick Builders"),
    # US auto insurance: the policyholder's wife swaps the insured car; the agent confirms it.
    ("prx-c07", "change",
     [("customer", "hi! I'm Dana Kowalski, my husband Mike is the policyholder but I'm a named driver and he "
                   "told me to sort this out. we need proof of insurance for the DMV"),
      ("agent", "Hi Dana! I see you listed as a driver on Michael's policy, so I can help. Which vehicle is "
                "this for?"),
      ("customer", "the 2016 Honda CR-V, it's the only car on the policy"),
      ("agent", "Got it, the 2016 Honda CR-V, VIN ending 3384. I've emailed the ID card to the address on file.")],
     [("customer", "Hello again, Dana for Mike Kowalski's policy. We finally traded in the old car on "
                   "Saturday!! The dealer says we need insurance on the new one before we pick it up Thursday"),
      ("agent", "Congrats! I can swap the vehicle today. What did you get, and what's the VIN?"),
      ("customer", "2022 Subaru Outback, VIN 4S4BTANC5N3112790"),
      ("agent", "Thanks. So I've got it right: I'm removing the 2016 Honda CR-V and adding the 2022 Subaru "
                "Outback. The Outback is now the vehicle on Michael's policy, effective today, and new ID cards "
                "are on the way."),
      ("customer", "amazing thank you!!")],
     "Honda", "Outback"),
    # Australia broadband: the holder corrects the plan the company set up wrongly.
    ("prx-c08", "change",
     [("customer", "Hi, I'm after an explanation on my first bill, it's way more than what I was quoted"),
      ("agent", "G'day, happy to help. I can see you're on our Everyday 50 plan at $85 a month with the modem "
                "included. Your first bill has a part month on it as well, which is why it looks higher."),
      ("customer", "ah right ok. yeah Everyday 50, sounds right. cheers")],
     [("customer", "hi, so I've been going through my bills properly and I don't think I'm on the right plan. "
                   "when I signed up the sales guy put me on Everyday 50 but I asked for Superfast 100 because "
                   "I work from home. I've still got his email saying Superfast 100"),
      ("agent", "Apologies for that. I've checked the sales notes and you're right, you asked for Superfast 100 "
                "and it was set up wrongly. I've moved your service to Superfast 100 at $99 a month, effective "
                "today, and credited the difference back to your start date."),
      ("customer", "legend, thanks mate")],
     "Everyday 50", "Superfast 100"),
    # UK GP practice: a son books for his father, whose named GP is later reallocated.
    ("prx-c09", "change",
     [("customer", "Hello, I'm Daniel Oyelaran, my dad is Samuel Oyelaran, DOB 14/03/1941. He's given consent "
                   "for me to talk to you about his appointments, it should be on his record"),
      ("agent", "Hi Daniel, yes, there's a consent form on Samuel's record from last year. What can we do for "
                "you?"),
      ("customer", "Dad's due his blood pressure review. He always sees Dr Okafor, he won't see anyone else "
                   "really, she knows his history"),
      ("agent", "That's fine, Dr Okafor is Samuel's named GP. I've booked him in with her on Tuesday 21st at "
                "10:20."),
      ("customer", "Thanks very much")],
     [("customer", "Hi it's Daniel again about my dad Samuel Oyelaran. We got a letter saying Dr Okafor has "
                   "retired?? who is he with now"),
      ("agent", "Hi Daniel. Yes, Dr Okafor retired at the end of last month and her patients have been "
                "reallocated. Samuel's named GP is now Dr Brennan. I can book his next review with Dr Brennan "
                "if you'd like."),
      ("customer", "ok well if he has to. Dr Brennan then. is she nice lol"),
      ("agent", "He! Dr Brennan has been with us six years and patients really like him. I've added a note that "
                "your dad prefers continuity, so he'll always be booked with Dr Brennan."),
      ("customer", "ha sorry. thanks")],
     "Okafor", "Brennan"),
    # Canada council: a homeowner changes the language of his letters now his wife no longer does the mail.
    ("prx-c10", "change",
     [("customer", "Bonjour, hello. I own the house at 2143 rue Laurier in Gatineau, it's about the water and "
                   "property tax account. Please keep sending my letters in English. I speak French but my "
                   "wife does all the paperwork and she is anglophone, from Ontario"),
      ("agent", "Hello! I've confirmed English as the correspondence language on your account. Anything else?"),
      ("customer", "Also I was charged a late fee on the water bill but I paid on time. my neighbour says she "
                   "got the same"),
      ("agent", "I can see your payment arrived on the 3rd and the due date was the 4th, so that fee was an "
                "error. I've reversed it.")],
     [("customer", "Hi, Gérard Bélanger, 2143 rue Laurier. Can you change my letters to French now please? My "
                   "wife has given the paperwork to me, she says it's my turn lol, and I'm much more "
                   "comfortable reading in French"),
      ("agent", "Of course, Mr Bélanger. From now on all correspondence on your account will be sent in French."),
      ("customer", "Merci beaucoup")],
     "English", "French"),
    # UK care home: a daughter tells the home her mother's new diet.
    ("prx-c11", "change",
     [("customer", "Hi, I'm Ruth, Joan Pritchard's daughter (room 8). Just wanted to check the kitchen know "
                   "that Mum is vegetarian. She came back from Sunday lunch saying the gravy had meat stock in"),
      ("agent", "Hello Ruth, I'm so sorry about that. Joan's care plan does say vegetarian, and I've spoken to "
                "the chef: the gravy on Sunday came from the wrong jug. They're labelled now."),
      ("customer", "Thank you. She's been vegetarian since the 70s so she was quite upset")],
     [("customer", "Hi, Ruth Pritchard (Joan's daughter, room 8). Bit of a funny one - Mum's decided she wants "
                   "to eat fish again. The dietitian said she needs more protein and Mum said fine as long as "
                   "it's not meat. So she's pescatarian now, could you let the kitchen know?"),
      ("agent", "That's lovely to hear. I've updated Joan's care plan and dietary sheet from vegetarian to "
                "pescatarian: fish and seafood yes, no meat or poultry. The chef has been told."),
      ("customer", "Thanks so much, she's already asking for fish pie")],
     "vegetarian", "pescatarian"),
    # Singapore utilities: the holder moves to e-bills on his accountant's advice.
    ("prx-c12", "change",
     [("customer", "Hi, the utilities account is under my name, Wong Kah Hui. Can check why I never get this "
                   "month bill? I always get the paper bill in the letterbox but this month nothing"),
      ("agent", "Hello Mr Wong. Your account is set to paper bills by post to your registered address. This "
                "month's bill was posted on the 6th, sometimes it takes a few more days. I can email you a copy "
                "in the meantime."),
      ("customer", "ok email this one is fine. but keep the paper bill ya, my mother like to see it")],
     [("customer", "Hello, Wong Kah Hui here. My accountant say better I go e-bill because I claim part of it "
                   "for home office, easier to keep records. So please switch me to e-bill, stop the paper one"),
      ("agent", "Sure Mr Wong. I've switched your account to e-bill. From next month your bills will go to your "
                "registered email and the paper bill by post will stop."),
      ("customer", "ok thanks")],
     "paper", "e-bill"),
    # UK energy: the daughter mentions her own move; her mother stays put.
    ("prx-t01", "trap",
     [("customer", "Hiya, I help my mum with her account, she's Patricia Doyle at 9 Hollins Lane, Accrington. "
                   "I'm her daughter Lisa, she's added me as a trusted person I think?"),
      ("agent", "Hi Lisa, yes, you're listed as an authorised contact for Patricia at 9 Hollins Lane. How can I "
                "help?"),
      ("customer", "She's had a letter saying her fix is ending, is there anything she needs to do"),
      ("agent", "Her Fixed Saver tariff runs until August, so nothing yet. We'll write to her six weeks before "
                "with her options.")],
     [("customer", "Hi, it's Lisa Doyle, Patricia's daughter, on her account again. Just so you know I've moved "
                   "house myself, I'm at 42 Beech Drive in Clitheroe now, so if you ever need to post anything "
                   "to me as her contact that's the address. Mum's staying put at Hollins Lane, nothing's "
                   "changing with her"),
      ("agent", "Thanks Lisa. Patricia's supply and billing address stays as 9 Hollins Lane. I've noted your new "
                "address against your contact details only."),
      ("customer", "Perfect, ta")],
     "Hollins Lane", "the daughter's own new address, 42 Beech Drive"),
    # Canada pensions: a scam caller claimed the deposits had moved; nothing changed.
    ("prx-t02", "trap",
     [("customer", "Hello, I'm writing for my husband Raj Mehta, he has Parkinson's and finds the phone and "
                   "typing hard. I'm Anita, he made me his authorised representative last year. It's about his "
                   "OAS"),
      ("agent", "Hello Anita, I can see you're an authorised representative on Raj's file. How can I help?"),
      ("customer", "Just confirming where his payments go, we bank with RBC and I want to be sure it's the joint "
                   "account"),
      ("agent", "Raj's OAS and CPP are both deposited into the RBC account ending 2096."),
      ("customer", "yes that's our joint one. thank you")],
     [("customer", "Hi, Anita Mehta for my husband Raj. Something weird happened, a man called yesterday saying "
                   "he was from Service Canada and that Raj's pension had been moved to a Tangerine account and "
                   "we had to 'verify' by giving him the SIN. We don't even bank with Tangerine. I hung up. Has "
                   "anything been changed??"),
      ("agent", "You did exactly the right thing, Anita. Nothing has changed: Raj's payments still go to the RBC "
                "account ending 2096 and there has been no request to change it. We never call asking for a SIN "
                "like that. I'll add a note to the file about the call."),
      ("customer", "ok phew. thank you")],
     "RBC", "a caller's false claim that the deposits moved to Tangerine"),
    # Australia pharmacy: a carer asks what another medicine would cost; nothing is prescribed.
    ("prx-t03", "trap",
     [("customer", "Hi there, I'm Jo, I'm Beryl Thompson's carer (her neighbour actually but she's nominated "
                   "me). She gets her warfarin from you, 3mg a day, and I pick it up for her on Fridays"),
      ("agent", "Hi Jo, yes, you're Beryl's nominated agent. I can see warfarin 3mg daily, and her next supply "
                "will be ready Friday."),
      ("customer", "lovely, thanks")],
     [("customer", "Hi, Jo again for Beryl Thompson. The INR tests are such a hassle for her, she's 89 and hates "
                   "the blood tests. Someone at her church told her to ask about Eliquis instead. If she went on "
                   "Eliquis would it be on the PBS, what would it cost? She hasn't talked to Dr Marsh yet"),
      ("agent", "Good question. Apixaban (Eliquis) is PBS listed, so with her concession card it would be around "
                "$7.70 a script. It has to be Dr Marsh's decision though, so for now she stays on her warfarin "
                "3mg as prescribed. I can print an information sheet for her to take to the appointment."),
      ("customer", "yes please. we'll see what he says")],
     "warfarin", "a question about switching to Eliquis"),
    # US travel: the assistant books a colleague at a different hotel chain.
    ("prx-t04", "trap",
     [("customer", "hi, Marcus Lee here, I'm the assistant to Diane Hartwell (CEO, Brightline Logistics). Could "
                   "you add to her profile that she only stays at Hyatt properties? She has Globalist status"),
      ("agent", "Hi Marcus. Added: Diane Hartwell prefers Hyatt, World of Hyatt Globalist. I'll default her "
                "hotel searches to Hyatt."),
      ("customer", "great thanks")],
     [("customer", "Marcus again for Diane Hartwell. Booking the Denver offsite, 3 nights from the 14th. Diane at "
                   "the Grand Hyatt as usual. I also need a room for our CFO Alan Brooks on the same dates but "
                   "he's a Hilton guy, so put him at the Hilton Denver City Center please. That goes on his own "
                   "profile, not Diane's"),
      ("agent", "Done: Diane at the Grand Hyatt Denver for 3 nights from the 14th, and Alan Brooks at the Hilton "
                "Denver City Center under his own profile. Diane's hotel preference stays Hyatt.")],
     "Hyatt", "a colleague's Hilton preference"),
    # Singapore school: grandmother takes the child to school for two weeks only.
    ("prx-t05", "trap",
     [("customer", "Hello, I am Mr Rahman, father of Aisyah Rahman in P2 Courage. She takes the school bus, pick "
                   "up at Block 215 Serangoon Ave 4 every morning 6.45. This week the driver came very late, 7.10, "
                   "can you check?"),
      ("agent", "Good morning Mr Rahman. Aisyah is registered on Bus 7 with pickup at Block 215 Serangoon Ave 4. "
                "I'll speak to the bus vendor about the timing."),
      ("customer", "Thank you, she nearly late for assembly")],
     [("customer", "Hi, Aisyah Rahman's father again. My wife and I going for umrah two weeks from 2 June, so her "
                   "grandmother will bring Aisyah to school herself. No need bus for those two weeks. After we "
                   "come back she take the bus again from Block 215 as normal"),
      ("agent", "Noted, Mr Rahman. I'll tell the bus vendor Aisyah won't take Bus 7 from 2 to 13 June, and she "
                "resumes from Block 215 Serangoon Ave 4 on 15 June. Have a blessed trip."),
      ("customer", "Thank you")],
     "Serangoon", "two weeks of the grandmother taking her to school"),
    # UK pensions: the adviser suggests splitting the nomination; the holder decides nothing.
    ("prx-t06", "trap",
     [("customer", "Hi, I want to check who's down as the beneficiary on my pension. I filled in one of those "
                   "expression of wish forms years ago"),
      ("agent", "Hello Mr Carter. Your expression of wish form from 2014 names your wife, Helen Carter, as 100% "
                "beneficiary."),
      ("customer", "Yes that's right, Helen. Good, just checking")],
     [("customer", "Hello, Graham Carter. My financial adviser was saying I might want to split the nomination "
                   "between Helen and the two kids now they're grown up. I'm not sure yet, need a think. If I did, "
                   "would it just be a new form?"),
      ("agent", "Yes, just a new expression of wish form, online or by post. At the moment your nomination is "
                "still Helen at 100%, and nothing changes unless you send us a new form."),
      ("customer", "Ok, leave it as it is for now, I'll talk it over with Helen")],
     "Helen", "an adviser's suggestion to split it with the children"),
    # US insurance: the wife asks about renters cover for their son's apartment.
    ("prx-t07", "trap",
     [("customer", "hi, I'm Carol Jensen, my husband Tom and I have our homeowners policy with you for 1142 "
                   "Maple Ridge Drive, Naperville. Tom asked me to find out when it renews"),
      ("agent", "Hi Carol, I can see you're both named insureds on the homeowners policy for 1142 Maple Ridge "
                "Drive. It renews on July 1."),
      ("customer", "thanks!")],
     [("customer", "Hi again, Carol Jensen. Our son Kyle just signed a lease on an apartment in Chicago, 300 W "
                   "Elm St apt 5B. Can he get renters insurance through you? It'd be his own policy, he's 24. "
                   "Ours stays the same of course"),
      ("agent", "Absolutely. Kyle would need his own renters policy for 300 W Elm St, so I'll send you a quote "
                "link he can fill in himself. Your homeowners policy for 1142 Maple Ridge Drive isn't affected."),
      ("customer", "perfect, I'll forward it to him")],
     "Maple Ridge", "the son's apartment at 300 W Elm St"),
    # Australia broadband: the landlord's fibre upgrade prompts a question about a faster plan.
    ("prx-t08", "trap",
     [("customer", "Hey, just moved into a unit in Fremantle, signed up online last week. Can you confirm what "
                   "plan I'm on? the email never came through"),
      ("agent", "Hi! You're on our Value Plus plan, unlimited data, $75 a month, activated last Tuesday. I've "
                "resent the welcome email."),
      ("customer", "cool got it")],
     [("customer", "Hi, my landlord reckons the building is getting upgraded to full fibre in the next few "
                   "months. If that happens could I go onto something faster like your Turbo 250? What would it "
                   "cost? Not changing anything now, just want to know"),
      ("agent", "Good to know! Once the upgrade is done you'd be eligible for Turbo 250 at $109 a month. For now "
                "you stay on Value Plus and nothing changes. Just message us once the work is finished."),
      ("customer", "sweet, will do")],
     "Value Plus", "a question about Turbo 250 after a possible upgrade"),
    # UK GP practice: a one-off paper script to another pharmacy, and a complaint.
    ("prx-t09", "trap",
     [("customer", "Hello, I'm Sian, I look after my dad, Gwilym Evans. Can you check his repeat prescriptions "
                   "are going to the right pharmacy? It should be Lloyds on Market Street"),
      ("agent", "Hi Sian, yes, Gwilym's nominated pharmacy is Lloyds Pharmacy on Market Street, and his repeats "
                "are sent there electronically."),
      ("customer", "diolch, thank you")],
     [("customer", "Hi it's Sian again, about my dad Gwilym Evans. Not happy to be honest. Lloyds said his "
                   "amlodipine was out of stock on Friday and I had to get a paper script off the GP so I could "
                   "get it from Boots at the retail park. I know it's a one off but it was such a faff. Can you "
                   "make sure next month goes to Lloyds as normal?"),
      ("agent", "Sorry about that Sian. The paper script was a one-off. Gwilym's nominated pharmacy is still "
                "Lloyds on Market Street and next month's repeat will go there as usual."),
      ("customer", "ok thanks")],
     "Lloyds", "a one-off script collected at Boots"),
    # Canada council: a letter misprinted the street; the account was never changed.
    ("prx-t10", "trap",
     [("customer", "Hi, I just bought a house in Scarborough and need to set up the water account. 88 Birchmount "
                   "Road. Name is Mei Chen"),
      ("agent", "Welcome, Ms Chen. I've set up the utility account for 88 Birchmount Road in your name, starting "
                "from your closing date of April 10."),
      ("customer", "thanks")],
     [("customer", "Hi, Mei Chen. I got a letter from you addressed to 88 Birchmount Crescent, that's not my "
                   "address, I'm on Birchmount Road. Did someone change my account?"),
      ("agent", "Sorry for the confusion. I've checked and your account address is 88 Birchmount Road, which is "
                "correct. That letter was from a batch mail-out where the street type printed wrong; your account "
                "itself was never changed. Nothing for you to do."),
      ("customer", "ok good, just didn't want the bills going somewhere else")],
     "Birchmount Road", "a misprinted letter to Birchmount Crescent"),
    # UK care home: the resident moves rooms for one week while the floor is redone.
    ("prx-t11", "trap",
     [("customer", "Evening, I'm Colin Abbott's daughter, he came to you last week. He's in room 12 in the Willow "
                   "wing, right? I want to post him a birthday card"),
      ("agent", "Hi! Yes, Colin is in room 12 on Willow wing. Cards can be addressed to him at the home and we'll "
                "take them to his room.")],
     [("customer", "Hi, Angela Abbott (Colin's daughter). Got the letter about the flooring being redone on "
                   "Willow. Dad's moving to room 3 in Oak for the week?"),
      ("agent", "That's right, just Monday to Friday while the new floor goes down. He'll be back in room 12 on "
                "Willow wing on the Saturday, and all his things stay there."),
      ("customer", "ok, fine as long as he goes back. he gets confused with moves"),
      ("agent", "We'll keep his routine the same, and staff from Willow will look after him while he's in Oak.")],
     "Willow", "a week in room 3 on Oak wing"),
    # Singapore travel insurance: a colleague's tip, an upgrade quoted and declined.
    ("prx-t12", "trap",
     [("customer", "Hi, I bought the annual travel insurance from you last year, Premier plan. Need the policy "
                   "certificate for my Japan visa application"),
      ("agent", "Hi Ms Goh, your annual multi-trip policy on the Premier plan is active until 30 November. I've "
                "emailed the certificate to you.")],
     [("customer", "Hello, Ms Goh here. My colleague say the Prestige plan got better coverage for ski trips, is "
                   "it? How much more to upgrade? Going Hokkaido in Dec"),
      ("agent", "Prestige does include winter sports cover as standard. Upgrading would be an extra $118 for the "
                "remaining term. Would you like to upgrade?"),
      ("customer", "hmm quite expensive leh. no need lah, I stay with Premier and buy the ski add-on when I "
                   "book. thanks"),
      ("agent", "No problem, your Premier plan stays as it is.")],
     "Premier", "a declined upgrade to Prestige"),
]

ONE_OFFS = [
    ("prx-o01", [("customer", "Hi, could you resend my March invoice please? Deleted the email by accident"),
                 ("agent", "No problem, I've just resent the March invoice to the email on your account. It "
                           "should be with you in a few minutes."),
                 ("customer", "Got it, thanks")]),
    ("prx-o02", [("customer", "hey can I get a receipt for the checked bag fee I paid at the airport last "
                              "Thursday? my work needs it for expenses"),
                 ("agent", "Sure! I've emailed you a receipt for the $35 checked bag fee from last Thursday."),
                 ("customer", "awesome thanks")]),
    ("prx-o03", [("customer", "G'day, why is there a service charge on my water bill when I was overseas the "
                              "whole quarter and didn't use any?"),
                 ("agent", "The service charge is a fixed quarterly fee for being connected to the network, so it "
                           "applies even when no water is used. Your usage charge for the quarter is $0."),
                 ("customer", "fair enough, thanks for explaining")]),
    ("prx-o04", [("customer", "Hi, is the Tampines Mall outlet got stock for children's Panadol suspension? "
                              "The strawberry one"),
                 ("agent", "Hi! Yes, Tampines Mall has 4 bottles of the strawberry children's suspension in stock "
                           "right now."),
                 ("customer", "ok thanks I go down later")]),
    ("prx-o05", [("customer", "Hi, I got charged the $2 ATM fee twice for one withdrawal yesterday"),
                 ("agent", "Sorry about that. I can see the duplicate fee and I've refunded $2 to your chequing "
                           "account. It should show in 1-2 business days."),
                 ("customer", "thanks!")]),
]

START = datetime(2026, 4, 13, 9, tzinfo=UTC)
SECOND = timedelta(days=37)

FAILS_TODAY: dict[str, str] = {
    "prx-c02": "no fact holds 'Scotiabank'; stored: customer's all banking is Desjardins (active)",
    "prx-c03": "no fact holds 'Lipitor'; stored: Kovac is on the webster pack (active); customer's crestor is 10mg "
               "(active)",
    "prx-c04": "'Delta' is not closed by a fact holding 'JetBlue'; stored: customer flies Delta (active); customer "
               "lives in York and Rich (active)",
    "prx-c06": "no fact holds 'Marlow Joinery'; stored: nothing",
    "prx-c07": "no fact holds 'Honda'; stored: customer's husband is Mike (active); customer works as a named "
               "driver (active); customer drives a 2022 Subaru Outback, VIN 4S4BTANC5N3112790 (active)",
    "prx-c08": "'Everyday 50' is not closed by a fact holding 'Superfast 100'; stored: customer is on the Everyday "
               "50 plan (active); customer's first bill has a part month as well (active); customer is on the right "
               "plan (tentative); customer's...",
    "prx-c09": "no fact holds 'Okafor'; stored: nothing",
    "prx-c10": "'English' is not closed by a fact holding 'French'; stored: customer is on the English plan "
               "(active); customer was charged a late fee on the water bill (active); customer's payment arrived on "
               "the 3rd (active); customer wants to...",
    "prx-c11": "'vegetarian' is not closed by a fact holding 'pescatarian'; stored: customer is vegetarian "
               "(active); Bit is pescatarian (tentative)",
    "prx-c12": "no fact holds 'paper'; stored: customer's phone number is their bills (active)",
    "prx-t01": "no fact holds 'Hollins Lane'; stored: nothing",
    "prx-t02": "no fact holds 'RBC'; stored: customer does not even bank with Tangerine (active)",
    "prx-t03": "no fact holds 'warfarin'; stored: nothing",
    "prx-t04": "no fact holds 'Hyatt'; stored: nothing",
    "prx-t05": "no fact holds 'Serangoon'; stored: nothing",
    "prx-t06": "no fact holds 'Helen'; stored: nothing",
    "prx-t07": "no fact holds 'Maple Ridge'; stored: customer's son is Kyle (active)",
    "prx-t09": "no fact holds 'Lloyds'; stored: nothing",
    "prx-t10": "a fact is closed or the old one is not active; stored: customer is on the Birchmount Road plan "
               "(active); customer lives at 88 Birchmount Road (active)",
    "prx-t11": "no fact holds 'Willow'; stored: nothing",
    "prx-t12": "a fact is closed or the old one is not active; stored: customer is on the Premier plan (active)",
    "prx-o03": "an active fact is kept; stored: customer's usage charge is $0 (active)",
}

ARCHIVE = CaseArchive(tenant="blind-proxy", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
