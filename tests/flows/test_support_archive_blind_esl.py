"""Blind archive: customers who write English as a second language (Spanish, Brazilian Portuguese, German,
French, Italian, Polish, Turkish, Arabic, Hindi/Tamil, Mandarin, Vietnamese, Tagalog, Russian, Swahili), living in
the UK, the US, Canada, Australia, Germany, the UAE, Singapore and Kenya. Their turns carry real learner errors
(dropped articles, present for past, "since two weeks", calques, wrong prepositions, spelling slips, native
greetings, very polite or very blunt formulas); agents answer in short fluent English. Domains: telecoms, banking
and remittances, visas and relocation, insurance, utilities, language schools and universities, ride-hailing and
delivery, clinics, gyms, airlines, e-commerce and coworking.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # --- changes ---
    # Spanish speaker, UK, telecoms billing address: moved, said in the customer's own words.
    ("esl-c01", "change",
     [("customer", "Hola, good morning. I want to put the adress for my bills, the letters not arrive. "
                   "I live in 14 Cranbrook Road, Ilford, flat 2."),
      ("agent", "Thanks! I've set your billing address to 14 Cranbrook Road, Flat 2, Ilford."),
      ("customer", "Perfect, muchas gracias.")],
     [("customer", "Hola again. I move the last weekend, now my adress is 7 Wellesley Avenue, Leeds. "
                   "Please to change it for the bills, the old flat I give back the keys already."),
      ("agent", "Of course. Your billing address is now 7 Wellesley Avenue, Leeds."),
      ("customer", "Thank you very much, you are very kind.")],
     "Cranbrook Road", "Wellesley Avenue"),
    # Tagalog speaker, UAE, remittances: salary bank replaced.
    ("esl-c02", "change",
     [("customer", "Good day po. I send money home every month with your app. My salary account is with "
                   "Emirates NBD, the auto debit take from there."),
      ("agent", "Noted, your auto debit is set up from your Emirates NBD account."),
      ("customer", "Salamat po.")],
     [("customer", "Hello po. I change my bank last month because of new company, now salary is coming to "
                   "Mashreq. The Emirates NBD I close it already. Kindly update the auto debit."),
      ("agent", "Done. Your monthly auto debit will now come from your Mashreq account."),
      ("customer", "Thank you po, God bless.")],
     "Emirates NBD", "Mashreq"),
    # German speaker, Singapore, visa services: employer change, agent-led.
    ("esl-c03", "change",
     [("customer", "Guten Tag. For my Employment Pass renewal I need your help. My employer is Siemens "
                   "Healthineers here in Singapore, I work there as engineer."),
      ("agent", "Thank you. I've recorded Siemens Healthineers as your employer for the renewal file."),
      ("customer", "Danke, that is correct.")],
     [("customer", "Hello, I send you my new contract yesterday per email, please look."),
      ("agent", "Got it, thanks. I've updated your employer on the file from Siemens Healthineers to Grab "
                "Holdings, and we'll start the new pass application."),
      ("customer", "Yes exactly, I am working at Grab since two weeks. The old contract is finish."),
      ("agent", "Perfect, everything is aligned now.")],
     "Siemens", "Grab"),
    # Polish speaker, UK, car insurance: vehicle sold and replaced.
    ("esl-c04", "change",
     [("customer", "Hello, dzien dobry. I have the car insurance with you for my Skoda Octavia of 2018, "
                   "I want ask about the breakdown cover."),
      ("agent", "Sure. Your Skoda Octavia policy includes roadside breakdown cover in the UK."),
      ("customer", "Ok good, thanks.")],
     [("customer", "Hi. I sell the Skoda on Saturday. Now I drive Toyota Corolla hybrid, 2021. Please put "
                   "this car on my policy instead, the Skoda is not mine anymore."),
      ("agent", "No problem. Your policy now covers the Toyota Corolla Hybrid, effective today."),
      ("customer", "Super, thank you.")],
     "Octavia", "Corolla"),
    # Turkish speaker, Germany, utilities direct debit: correction of a wrong number.
    ("esl-c05", "change",
     [("customer", "Merhaba. For the electricity I want pay with direct debit, my account is Sparkasse, IBAN "
                   "is ending with 4471."),
      ("agent", "Thank you, direct debit is set up from the Sparkasse account ending 4471."),
      ("customer", "Ok, tesekkurler.")],
     [("customer", "Hello, sorry, I make mistake when I call before. The IBAN is not ending 4471, it is "
                   "ending 4417, I mix the numbers. This is why the payment is returning."),
      ("agent", "Thanks for letting us know. I've corrected the direct debit to the account ending 4417."),
      ("customer", "Very good, sorry for the trouble.")],
     "4471", "4417"),
    # Arabic speaker, Canada, language school: course replaced after finishing.
    ("esl-c06", "change",
     [("customer", "Assalamu alaikum. I am registered in the IELTS Preparation course, evening group. When "
                   "is the next mock test?"),
      ("agent", "Hi! The next mock test for the IELTS Preparation course is on the 18th at 6 pm."),
      ("customer", "Thank you, jazakallah.")],
     [("customer", "Hello, alhamdulillah I finish the IELTS and I got 7.5! So I don't need that course more. "
                   "I pay yesterday for the Business English course, please put me there."),
      ("agent", "Congratulations! You're now enrolled in Business English, starting Monday."),
      ("customer", "Thank you so much, inshallah I see you Monday.")],
     "IELTS Preparation", "Business English"),
    # Hindi speaker, Australia, ride-hailing: default card replaced.
    ("esl-c07", "change",
     [("customer", "Namaste. My default card in the app is Visa ending 2290, but receipt is not coming on "
                   "the email. Why is it?"),
      ("agent", "Sorry about that. Your Visa ending 2290 is the default card; I've resent your receipts."),
      ("customer", "Ok got it, thanks.")],
     [("customer", "Hi, yaar my Visa is expire, bank send me new Mastercard ending 8815. Please make this one "
                   "the default, the old card is cut already."),
      ("agent", "Done. Your Mastercard ending 8815 is now your default payment method."),
      ("customer", "Thanks a lot.")],
     "2290", "8815"),
    # Mandarin speaker, US, clinic: family doctor replaced (implied by retirement).
    ("esl-c08", "change",
     [("customer", "Hello, ni hao. My family doctor in your clinic is Dr Patel. I need refill for my blood "
                   "pressure medicine."),
      ("agent", "Sure, I've sent the refill request to Dr. Patel's office."),
      ("customer", "Thank you.")],
     [("customer", "Hello. The reception tell me Dr Patel is retire since April, now I am with Dr Okafor. "
                   "Please check my file show Dr Okafor, last time the form still have old name."),
      ("agent", "You're right, thank you. Dr. Okafor is now listed as your primary care doctor."),
      ("customer", "Ok, very good.")],
     "Patel", "Okafor"),
    # Swahili speaker, Kenya, gym: membership downgrade.
    ("esl-c09", "change",
     [("customer", "Habari. I have the Gold membership in your Westlands branch. Is the sauna included or "
                   "I pay extra?"),
      ("agent", "Hi! The sauna is included with your Gold membership at Westlands."),
      ("customer", "Asante sana.")],
     [("customer", "Hello. The money is tight this year, I want to go down to Silver membership. Gold is too "
                   "much for me now, I don't use the sauna anyway."),
      ("agent", "Understood. I've switched you to the Silver membership from today."),
      ("customer", "Ok thank you, asante.")],
     "Gold", "Silver"),
    # French speaker, Canada, airline: seat preference changed.
    ("esl-c10", "change",
     [("customer", "Bonjour. In my frequent flyer profile please save that I want always the aisle seat, "
                   "I go often to toilet, excuse me."),
      ("agent", "No problem, I've saved an aisle seat preference on your profile."),
      ("customer", "Merci beaucoup.")],
     [("customer", "Bonjour. Since my back surgery I prefer now the window seat, I can sleep against the "
                   "wall. Please change my profile, not aisle anymore."),
      ("agent", "Done, your seat preference is now window."),
      ("customer", "Parfait, merci.")],
     "aisle", "window"),
    # Vietnamese speaker, US, e-commerce: account email replaced, agent-led.
    ("esl-c11", "change",
     [("customer", "Hello, xin chao. My email on the account is thanh.nguyen88@gmail.com, but I don't "
                   "recieve the order confirmation."),
      ("agent", "Thanks. Confirmations go to thanh.nguyen88@gmail.com; I've just resent the last one."),
      ("customer", "Ok I see it now, thank you.")],
     [("customer", "Hi, I cannot open the gmail anymore, somebody hack it. I make new one for work."),
      ("agent", "Sorry to hear that. I've changed the email on your account from thanh.nguyen88@gmail.com "
                "to nguyenthanh.work@outlook.com, as you sent in the verification form."),
      ("customer", "Yes correct, please only use the new one."),
      ("agent", "Will do.")],
     "thanh.nguyen88", "nguyenthanh.work"),
    # Russian speaker, Germany, coworking: plan replaced, said by implication.
    ("esl-c12", "change",
     [("customer", "Privet. I have the Flex Desk plan in your Kreuzberg space. Can I bring my dog in the "
                   "office?"),
      ("agent", "Hi! Dogs are welcome in Kreuzberg as long as they're calm. Enjoy the Flex Desk!"),
      ("customer", "Great.")],
     [("customer", "Hello. Our team grow to three persons, so yesterday I sign the contract for the Private "
                   "Office for 4 people, same building. The Flex Desk is over for me."),
      ("agent", "Congratulations on the growth! Your membership is now the Private Office (4 seats) in "
                "Kreuzberg."),
      ("customer", "Yes. Spasibo.")],
     "Flex Desk", "Private Office"),
    # --- traps ---
    # Brazilian Portuguese speaker, Australia, telecoms: only an intention to switch carrier.
    ("esl-t01", "trap",
     [("customer", "Oi, hello. I am with Optus on the Choice Plus plan since 2023. How much data I have "
                   "left this month?"),
      ("agent", "Hi! On your Choice Plus plan you have 38 GB left until the 30th."),
      ("customer", "Obrigado.")],
     [("customer", "Hello. I am thinking maybe next year to go to Telstra, my friend say the signal is better "
                   "in the country. But for now I stay, I don't decide nothing."),
      ("agent", "Thanks for telling us. If anything changes, we're happy to review your options."),
      ("customer", "Ok, obrigado.")],
     "Choice Plus", "Telstra"),
    # Italian speaker, UK, home insurance: a hypothetical move.
    ("esl-t02", "trap",
     [("customer", "Buongiorno. My home insurance is for the flat in 3 Gloucester Terrace, London. I want "
                   "to add my bicycle to the contents."),
      ("agent", "Done, your bicycle is now covered under the contents policy for 3 Gloucester Terrace."),
      ("customer", "Grazie mille.")],
     [("customer", "Hello, one question only. If I move to Manchester for a new job, what happen with my "
                   "policy? Is just an idea, nothing is decided, I have only interview."),
      ("agent", "If you move, we'd simply transfer the policy to the new address. Nothing changes until then."),
      ("customer", "Ok, perfect, grazie.")],
     "Gloucester Terrace", "Manchester"),
    # Tamil speaker, Singapore, banking: the wife's bank, not the customer's.
    ("esl-t03", "trap",
     [("customer", "Vanakkam. My salary credit is going to my POSB savings account. Why the interest is so "
                   "low this month?"),
      ("agent", "Hi! The POSB savings rate was revised on the 1st; your salary credit is unaffected."),
      ("customer", "Ok, thank you.")],
     [("customer", "Hello. My wife open account in OCBC last week. She want to transfer to me every month, "
                   "what details she need from my side?"),
      ("agent", "She'll need your name, account number and our bank code. Your own account stays as it is."),
      ("customer", "Ok I tell her, thank you.")],
     "POSB", "OCBC"),
    # Spanish speaker, US, delivery: temporary stay elsewhere, one order only.
    ("esl-t04", "trap",
     [("customer", "Hola. Please deliver always to 880 Maple Drive, Austin, the door at the back."),
      ("agent", "Got it, 880 Maple Drive in Austin, leave at the back door."),
      ("customer", "Gracias.")],
     [("customer", "Hola. These two weeks I am in Houston by my sister, she have a baby. Only this one order "
                   "please send to her house, 45 Bellaire Blvd. After I come back home to Austin."),
      ("agent", "Sure, this order only will go to 45 Bellaire Blvd in Houston. Congratulations to your sister!"),
      ("customer", "Muchas gracias.")],
     "Maple Drive", "Bellaire"),
    # German speaker, UAE, gym: only asks about another tier.
    ("esl-t05", "trap",
     [("customer", "Guten Tag. I have the Premium membership with the pool, in Jumeirah Lakes Towers club. "
                   "Until when is the pool open in Ramadan?"),
      ("agent", "During Ramadan the pool is open until 11 pm for Premium members."),
      ("customer", "Danke schoen.")],
     [("customer", "Hello. What is the price for the Basic membership, without pool? I only ask for my "
                   "information, I am not changing anything now."),
      ("agent", "Basic is AED 199 a month. Your current membership stays as it is."),
      ("customer", "Ok, danke.")],
     "Premium", "Basic"),
    # Arabic speaker, UK, broadband: a complaint about the plan, no change.
    ("esl-t06", "trap",
     [("customer", "Salam. I have the Fibre 500 package with you, I want to know the router password is "
                   "where?"),
      ("agent", "Hi! The Wi-Fi password for your Fibre 500 router is on the sticker underneath."),
      ("customer", "Found it, shukran.")],
     [("customer", "Hello. Very bad service! Since one week the internet is so slow, I pay for 500 and I get "
                   "only 40 Mbps. Please fix it today, my children study online."),
      ("agent", "I'm sorry about this. I've opened a fault ticket and an engineer will check the line "
                "tomorrow."),
      ("customer", "Ok, I wait.")],
     "Fibre 500", "40 Mbps"),
    # Swahili speaker, Kenya, remittance card: the customer denies a move.
    ("esl-t07", "trap",
     [("customer", "Habari yako. My adress for card delivery is Argwings Kodhek Road, Kilimani, Nairobi."),
      ("agent", "Thanks, we'll deliver your card to Argwings Kodhek Road, Kilimani."),
      ("customer", "Asante.")],
     [("agent", "Hello, we received a form showing a new address in Mombasa on your profile. Did you move?"),
      ("customer", "No no, I never move to Mombasa! I think that is form of my brother, same surname. I am "
                   "still in Kilimani, please don't change nothing."),
      ("agent", "Understood, I've rejected that form. Your address stays as it is."),
      ("customer", "Asante sana.")],
     "Argwings Kodhek", "Mombasa"),
    # Mandarin speaker, Singapore, coworking invoices: restates the same billing name.
    ("esl-t08", "trap",
     [("customer", "Hello. Please our company name for invoice is Lianhe Trading Pte Ltd, not my personal "
                   "name."),
      ("agent", "Updated, future invoices will be issued to Lianhe Trading Pte Ltd."),
      ("customer", "Xie xie.")],
     [("customer", "Hi, I just want confirm: the March invoice still go to Lianhe Trading Pte Ltd, correct? "
                   "We did not change anything, only my boss ask me to check."),
      ("agent", "Yes, the March invoice is addressed to Lianhe Trading Pte Ltd, same as before."),
      ("customer", "Ok good, thank you.")],
     "Lianhe Trading", "March"),
    # Hindi speaker, Canada, university: "used to" study something else.
    ("esl-t09", "trap",
     [("customer", "Hello sir, I am enrolled in MSc Data Science, part-time, in the fall intake. When the "
                   "fees is due?"),
      ("agent", "Hi! Fees for the part-time MSc Data Science are due by September 15."),
      ("customer", "Thank you, sir.")],
     [("customer", "Namaste. I used to study Computer Engineering in Pune before coming here. Can those "
                   "credits transfer to my program? I am staying in Data Science, only want to reduce the "
                   "courses."),
      ("agent", "You can submit your transcripts for a credit review; your program stays the same."),
      ("customer", "Ok, I will send, thank you.")],
     "Data Science", "Computer Engineering"),
    # Turkish speaker, US, telecoms: declines a device upgrade.
    ("esl-t10", "trap",
     [("customer", "Hi. My phone is a Samsung of 2022, the Galaxy S22. The battery finish very fast after "
                   "the update, what I do?"),
      ("agent", "Try restarting it and turning off adaptive battery; the Galaxy S22 had a fix last week."),
      ("customer", "Ok I try, tesekkur ederim.")],
     [("agent", "Good news: you're eligible for an upgrade to the iPhone 16 at no extra monthly cost."),
      ("customer", "No thank you, I am happy with my Samsung, I don't like the apple. I only want to know why "
                   "my bill is 12 dollars more this month."),
      ("agent", "That was a one-time activation fee for the international add-on. It won't repeat."),
      ("customer", "Ok fine.")],
     "Galaxy S22", "iPhone 16"),
    # Italian speaker, Germany, clinic: news about an unrelated attribute (new health insurer).
    ("esl-t11", "trap",
     [("customer", "Buongiorno. My doctor in your practice is Dr Brandt. I need appointment for the vaccine "
                   "of flu."),
      ("agent", "Of course. Dr. Brandt has a flu vaccine slot on Thursday at 9:30."),
      ("customer", "Perfetto, grazie.")],
     [("customer", "Hello. I want to say you I have now insurance with the Techniker, please put in my file. "
                   "Dr Brandt stay my doctor, of course, I am very happy with her."),
      ("agent", "Thank you, I've added Techniker Krankenkasse to your file. Dr. Brandt remains your doctor."),
      ("customer", "Grazie mille.")],
     "Brandt", "Techniker"),
    # French speaker, UAE, relocation services: "might" move cities.
    ("esl-t12", "trap",
     [("customer", "Bonjour. Your company help me with the relocation. I live in Dubai Marina since the 1st, "
                   "the lease is on my name. I need help for the DEWA connection."),
      ("agent", "Welcome to Dubai! I'll send the DEWA connection form for your Dubai Marina apartment."),
      ("customer", "Merci.")],
     [("customer", "Bonjour. We might move to Abu Dhabi next year, if the office of my husband move there, "
                   "but it is not sure at all. For now, can you help with the school registration?"),
      ("agent", "Of course, I'll share the list of schools near Dubai Marina with open places."),
      ("customer", "Merci beaucoup.")],
     "Dubai Marina", "Abu Dhabi"),
]

ONE_OFFS = [
    # Russian speaker, Germany, telecoms: password reset.
    ("esl-o01", [("customer", "Hello. I cannot login in my account, I forget the password. Please to reset."),
                 ("agent", "I've sent a reset link by SMS. It's valid for 30 minutes."),
                 ("customer", "Ok, it works now. Spasibo.")]),
    # Tagalog speaker, Singapore, delivery: where is one parcel.
    ("esl-o02", [("customer", "Hi po, where is my parcel? Order 55219, it say delivered but nothing in the door."),
                 ("agent", "Sorry about that. The courier left it at the locker downstairs; the code is 4821."),
                 ("customer", "Ah ok, I got it, salamat po.")]),
    # Swahili speaker, Kenya, ride-hailing: item left in a car once.
    ("esl-o03", [("customer", "Habari, yesterday evening I forget my umbrella in the car, the trip from "
                              "Westlands to CBD. Can you help?"),
                 ("agent", "I've contacted the driver; he'll drop it at our Westlands hub tomorrow."),
                 ("customer", "Asante sana.")]),
    # Italian speaker, Australia, airline: extra bag for one flight only.
    ("esl-o04", [("customer", "Ciao. Please add one extra bag only for my flight to Perth this Friday, I bring "
                              "the wine for my cousin wedding."),
                 ("agent", "Done, one extra checked bag is added to Friday's flight to Perth."),
                 ("customer", "Grazie!")]),
    # Arabic speaker, UAE, coworking: one meeting room booking.
    ("esl-o05", [("customer", "Salam. Kindly do the needful and book meeting room for tomorrow 2 to 4 pm, only "
                              "this one time, I have client coming."),
                 ("agent", "Booked: Meeting Room B, tomorrow 2-4 pm."),
                 ("customer", "Shukran.")]),
]

START = datetime(2026, 4, 6, 9, tzinfo=UTC)
SECOND = timedelta(days=41)      # the later conversation comes this long after the first

FAILS_TODAY: dict[str, str] = {
    "esl-c06": "both courses stay active: courses are many at a time, and 'I finish the IELTS ... I don't need "
               "that course more' is not read as the end of the old one",
}

ARCHIVE = CaseArchive(tenant="blind-esl", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
