"""Support archive for professional and public services (US and UK), written blind by an independent tester.

Each case is one customer seen twice, about three weeks apart: banks and credit unions, mortgage and loan
servicing, tax and benefits offices, university student services, car rental and parking permits, home security
monitoring, dental and eye clinics, and software licences for small offices. A change must close the value said
in the first conversation and keep the new one active; a trap (a plan, a hypothetical, someone else's value, a
temporary stay, a question about another option, a complaint, a denial, a restatement, "used to", a declined
offer, news about something else) must close nothing; a one-off request must leave no active fact.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # ---------------------------------------------------------------- changes
    ("svc-c01", "change",
     [("customer", "Hello, I'd like to go paperless for everything except my annual tax forms. Those should still "
                   "be mailed to my home address, which is 9 Fenwick Street, Columbus OH 43215. Thank you, "
                   "Dana Whitlock"),
      ("agent", "Good afternoon Ms. Whitlock, thank you for contacting Riverbend Savings. Per our records your "
                "home address is 9 Fenwick Street, Columbus OH 43215, and I have gone ahead and set all "
                "statements to electronic delivery. Your 1099 forms will continue to be mailed to that address.")],
     [("customer", "hi, quick one. i moved last weekend, new address is 22 Alder Close, Dublin OH 43017. the "
                   "fenwick st place is gone, please dont send anything there anymore"),
      ("agent", "Thank you for letting us know, and congratulations on the move. I have gone ahead and updated "
                "your home address to 22 Alder Close, Dublin OH 43017. Effective immediately, your tax forms and "
                "any mailed notices will go to the new address."),
      ("customer", "perfect thx")],
     "Fenwick Street", "Alder Close"),

    ("svc-c02", "change",
     [("customer", "what is my monthly mortgage payment right now? i keep forgetting and want to set up a reminder"),
      ("agent", "Thanks for reaching out to Keystone Loan Servicing. Per our records your monthly payment is "
                "$1,842.16, which includes principal, interest and escrow for taxes and insurance. It is due on "
                "the 1st of each month with a grace period through the 15th.")],
     [("agent", "Hello Mr. Alvarez, I'm following up on your annual escrow analysis. Your county property taxes "
                "went up this year, so there is a shortage in the escrow account. From your May payment onward, "
                "your monthly payment will be $1,910.40. Your account now reflects the new amount."),
      ("customer", "ugh ok. so 1,910.40 from may, got it. autopay will pick up the new number on its own?"),
      ("agent", "Yes, autopay will draft the updated amount of $1,910.40 automatically. No action is needed on "
                "your side.")],
     "1,842", "1,910"),

    ("svc-c03", "change",
     [("customer", "Hi, my debit card ending 4417 got declined at a gas station this morning, is there a block on "
                   "it?"),
      ("agent", "I'm sorry about that. Per our records your debit card ending in 4417 was flagged by our fraud "
                "system for an out-of-state purchase. I have gone ahead and removed the hold, so the card ending "
                "4417 is good to use again. We will also mail you a replacement card as a precaution.")],
     [("customer", "the replacment card came yesterday, ends in 9036. activated it already and cut the old one "
                   "up"),
      ("agent", "Thank you for confirming. I can see the card ending in 9036 is active on your checking account, "
                "and the previous card has been permanently deactivated. If you have any subscriptions on the old "
                "card, please update them to the new one.")],
     "4417", "9036"),

    ("svc-c04", "change",
     [("customer", "Hello, I am a sophomore and I need the registrar to have my current cell number for emergency "
                   "alerts. It is 614-555-0182."),
      ("agent", "Thank you for contacting Student Services at Ohio Valley University. I have gone ahead and added "
                "614-555-0182 as your mobile number for campus emergency alerts. You should receive a test text "
                "within 24 hours.")],
     [("customer", "hey so the test text never came. i think i gave you the wrong number, i swapped two digits. "
                   "no, it's 614-555-0128, not 0182"),
      ("agent", "Thanks for catching that. I have corrected your mobile number to 614-555-0128 and removed the "
                "previous one. Your account now reflects the corrected number, and a new test alert has been "
                "sent."),
      ("customer", "got it this time, thanks!")],
     "555-0182", "555-0128"),

    ("svc-c05", "change",
     [("customer", "hi what rewards tier am i in? booking a car for thanksgiving"),
      ("agent", "Happy to check. Per our records you are a Silver member of Roadway Rewards, which gives you a "
                "free additional driver and skip-the-counter pickup at most airport locations.")],
     [("agent", "Good news, Ms. Brennan. With your rental last week you passed 12 rentals this calendar year, so "
                "I've switched you to Gold tier in Roadway Rewards. Effective immediately you get one-class "
                "upgrades when available and a guaranteed car with 2 hours notice."),
      ("customer", "oh nice, didnt know i was that close. gold it is"),
      ("agent", "Your account now reflects Gold status. It remains valid through the end of next year.")],
     "Silver", "Gold"),

    ("svc-c06", "change",
     [("customer", "Hello, I have a residential parking permit for Zone C on Maple Ridge. The sticker is peeling "
                   "off the windscreen, can I get a new one?"),
      ("agent", "Thank you for contacting City Parking Services. Per our records you hold an annual Zone C "
                "residential permit for the vehicle registered as a 2019 Honda Civic. I have gone ahead and "
                "ordered a replacement sticker, which will be mailed within 5 business days.")],
     [("customer", "we moved across town, the new street is in zone F. can the permit be changed over?"),
      ("agent", "Certainly. I have gone ahead and transferred your residential permit from Zone C to Zone F. "
                "Effective immediately your permit is valid for Zone F, and the old Zone C permit has been "
                "cancelled. A new Zone F sticker is on its way."),
      ("customer", "great, thank you")],
     "Zone C", "Zone F"),

    ("svc-c07", "change",
     [("customer", "Hi there, can you confirm which monitoring package I have? I think it includes the camera "
                   "recording?"),
      ("agent", "Thank you for contacting HomeGuard Monitoring. Per our records you are on the Sentinel Plus "
                "package at $54.99 a month, which includes 24/7 professional monitoring, 30 days of cloud video "
                "recording and smoke detector monitoring.")],
     [("customer", "we took the cameras down when we redid the porch and honestly dont use the video anymroe. "
                   "can i drop to something cheaper"),
      ("agent", "Absolutely. I've moved you to Sentinel Lite, which keeps 24/7 professional monitoring and smoke "
                "detection but drops cloud video. From next bill you're on Sentinel Lite at $32.99 a month, and "
                "Sentinel Plus has been removed from your account."),
      ("customer", "sounds good")],
     "Sentinel Plus", "Sentinel Lite"),

    ("svc-c08", "change",
     [("customer", "hi i need to book a cleaning with my usual dentist, dr okafor. anything in the evenings?"),
      ("agent", "Thanks for contacting Brightside Dental. Per our records your assigned dentist is Dr. Okafor. "
                "The first evening appointment with Dr. Okafor is Tuesday at 5:30pm. Would you like me to hold it?"),
      ("customer", "yes please")],
     [("customer", "Dear Brightside Dental, since Dr. Okafor has reduced her hours I would like to be moved "
                   "permanently to Dr. Lindqvist, who saw me last time. Kind regards, Martin Hale"),
      ("agent", "Dear Mr. Hale, thank you for your message. I have gone ahead and reassigned you to Dr. Lindqvist "
                "as your regular dentist. Your account now reflects Dr. Lindqvist, and future recalls will be "
                "booked with her.")],
     "Okafor", "Lindqvist"),

    ("svc-c09", "change",
     [("customer", "Hi, I'd like to reorder contact lenses. My prescription is -3.25 in both eyes."),
      ("agent", "Thank you for contacting ClearView Eye Clinic. Per our records your current contact lens "
                "prescription is -3.25 in both eyes, valid until October. I have placed an order for a six-month "
                "supply.")],
     [("customer", "had my check up yesterday and the optometrist said my eyes actually got a bit better, now "
                   "-2.75 both sides. can you update the order"),
      ("agent", "That is good news. I have gone ahead and updated your prescription on file to -2.75 in both "
                "eyes, as entered by Dr. Shah after yesterday's exam. Your next order will use the new -2.75 "
                "power, and the old prescription is no longer valid for ordering.")],
     "-3.25", "-2.75"),

    ("svc-c10", "change",
     [("customer", "Good morning, our office of six uses QuillBooks Essentials. Can you tell me when the licence "
                   "renews?"),
      ("agent", "Good morning, and thank you for contacting QuillBooks. Per our records your organisation holds a "
                "QuillBooks Essentials subscription, which renews on 1 July. You will receive a reminder 30 days "
                "before renewal.")],
     [("customer", "we need payroll now we hired two more people, so we upgraded to QuillBooks Advanced "
                   "yesterday on the website. just want to check it went thru"),
      ("agent", "Thanks for checking. Yes, the upgrade went through. Your account now reflects QuillBooks Advanced, "
                "with payroll enabled, and the Essentials subscription has been closed and prorated onto your "
                "next invoice.")],
     "QuillBooks Essentials", "QuillBooks Advanced"),

    ("svc-c11", "change",
     [("customer", "Hello, I have had a letter and want to check my tax code. My payslip says 1257L, is that "
                   "right?"),
      ("agent", "Thank you for calling the HMRC income tax helpline. Per our records your tax code for your main "
                "employment is 1257L, which is the standard personal allowance. That is correct for this tax "
                "year.")],
     [("agent", "Hello Mrs. Patel. Following the company car benefit your employer has reported, your tax code "
                "has been adjusted. Effective immediately your tax code is 1185L, and your employer will use it "
                "from your next payslip."),
      ("customer", "ah ok so thats the car. 1185L then, fine. will i owe anything for the months already gone?"),
      ("agent", "No, the new code collects the difference over the remaining months, so nothing extra is due "
                "now.")],
     "1257L", "1185L"),

    ("svc-c12", "change",
     [("customer", "Hi, my universal credit payment didn't show up today. It's meant to go into my Nationwide "
                   "account like always."),
      ("agent", "Thank you for getting in touch. Per our records your Universal Credit is paid into your "
                "Nationwide account ending 3341. Today's payment was sent this morning and can take until "
                "midnight to appear.")],
     [("customer", "ive switched banks, payments should go to my Monzo account from now on. the nationwide one "
                   "is closed"),
      ("agent", "Thanks for telling us. I have gone ahead and updated your payment details to your Monzo account. "
                "Your next Universal Credit payment will be paid into Monzo, and the Nationwide account has "
                "been removed from your claim."),
      ("customer", "cheers")],
     "Nationwide", "Monzo"),

    # ---------------------------------------------------------------- traps
    ("svc-t01", "trap",
     [("customer", "Hello, I need a new chequebook sent to my home, 3 Carrow Lane, Norwich NR1 2AB."),
      ("agent", "Good morning, and thank you for contacting Eastgate Bank. Per our records your address is "
                "3 Carrow Lane, Norwich NR1 2AB. I have gone ahead and ordered a new chequebook to that address; "
                "it should arrive within 7 working days.")],
     [("customer", "hiya, we're thinking about moving up to leeds sometime next spring for my partners job. would "
                   "my account need to change branch or anything?"),
      ("agent", "Not at all. Your account is not tied to a branch, so if you do move you just update your "
                "address with us once you have the new one. For now nothing changes, and we will keep writing to "
                "you at Carrow Lane.")],
     "Carrow Lane", ""),

    ("svc-t02", "trap",
     [("customer", "What type of mortgage do I have with you? Refinancing offers keep coming in the mail."),
      ("agent", "Thank you for contacting Keystone Loan Servicing. Per our records you have a 30-year fixed rate "
                "mortgage at 6.125%, with 27 years remaining on the term.")],
     [("customer", "just curious, if i swtiched to a 15-year term what would my payment roughly be? not doing "
                   "it yet, just want numbers"),
      ("agent", "I understand. As a rough estimate only, a 15-year term at current rates would raise your monthly "
                "principal and interest by about $780. A refinance would need a new application, so your "
                "30-year fixed loan stays exactly as it is unless you decide to go ahead.")],
     "30-year", ""),

    ("svc-t03", "trap",
     [("customer", "hi can you check the last few transactions on my debit card ending 2093"),
      ("agent", "Of course. Per our records your debit card ending in 2093 shows three transactions since "
                "yesterday: a grocery purchase, a pharmacy purchase and a fuel purchase. Nothing looks unusual.")],
     [("customer", "my wife's card ending 7781 got declined at target, shes on the joint account but its her own "
                   "card. can you see why?"),
      ("agent", "I can help with that. Her card ending 7781 hit the daily purchase limit. I have gone ahead and "
                "raised the limit for today only. Your own card ending 2093 is unaffected and works as normal.")],
     "2093", ""),

    ("svc-t04", "trap",
     [("customer", "Hi, I need to make sure my tuition bill goes to the right place. Permanent mailing address is "
                   "418 Linden Avenue, Akron OH 44303."),
      ("agent", "Thank you for contacting Student Accounts. Per our records your permanent mailing address is "
                "418 Linden Avenue, Akron OH 44303, and your spring tuition bill will be mailed there.")],
     [("customer", "ill be stayng at my aunts in dayton over winter break, just the three weeks. do i need to "
                   "tell you that address?"),
      ("agent", "There is no need to change anything for a short stay. Your permanent mailing address stays as "
                "418 Linden Avenue, and your statements are available online if you need them while you are "
                "away."),
      ("customer", "ok cool")],
     "Linden Avenue", ""),

    ("svc-t05", "trap",
     [("customer", "Hi, I have the Lot 7 surface parking permit for the hospital staff car park. Can you confirm "
                   "it renews automatically?"),
      ("agent", "Thank you for contacting Staff Parking. Per our records you hold a Lot 7 surface permit at $45 a "
                "month, deducted from payroll. It renews automatically each July unless you cancel.")],
     [("customer", "how much is teh covered garage permit? and is there a waitlist?"),
      ("agent", "The covered garage permit is $88 a month and there is currently a waitlist of about four "
                "months. I can add you to the waitlist if you like, but your Lot 7 permit stays in place either "
                "way."),
      ("customer", "hmm no thats a lot, ill think about it")],
     "Lot 7", ""),

    ("svc-t06", "trap",
     [("customer", "Hello, how much am I paying each month for my alarm monitoring?"),
      ("agent", "Thank you for contacting HomeGuard Monitoring. Per our records your monthly fee is $39.99 for "
                "the Essential Watch package, billed on the 3rd of each month.")],
     [("customer", "honestly 39.99 a month is ridiculous for what i get, my neighbour pays way less. i want that "
                   "noted"),
      ("agent", "I understand your frustration, and I have added your feedback to your account. Your Essential "
                "Watch package remains at $39.99 a month. If you would like, I can send you a comparison of our "
                "packages."),
      ("customer", "no just note it")],
     "39.99", ""),

    ("svc-t07", "trap",
     [("customer", "Hi, could I book a check-up with Dr. Haddad, she's been my dentist for years."),
      ("agent", "Thank you for contacting Brightside Dental. Per our records Dr. Haddad is your assigned dentist. "
                "I have gone ahead and booked your check-up with Dr. Haddad for the 14th at 9:00am.")],
     [("agent", "Hello, this is Brightside Dental confirming an appointment with Dr. Patel next week. Per our "
                "records you asked to switch to Dr. Patel, is that correct?"),
      ("customer", "no, i never asked for that. i'm still with dr haddad and want to stay with her"),
      ("agent", "My apologies for the confusion. I have cancelled the appointment with Dr. Patel. Your account "
                "still shows Dr. Haddad as your dentist, and nothing has been changed.")],
     "Haddad", ""),

    ("svc-t08", "trap",
     [("customer", "Hello, I wear Acuvue Oasys lenses, can I order another box please?"),
      ("agent", "Thank you for contacting ClearView Eye Clinic. Per our records your lenses are Acuvue Oasys, "
                "two-week wear. I have gone ahead and placed an order for one box, which will ship tomorrow.")],
     [("customer", "just confirming my lens brand on file is still acuvue oasys before i order again"),
      ("agent", "Yes, that is correct. Your account still shows Acuvue Oasys, two-week wear. Nothing has changed "
                "on your file.")],
     "Acuvue Oasys", ""),

    ("svc-t09", "trap",
     [("customer", "Good afternoon, we are on Ledgerly Professional for our law office. We need an invoice for "
                   "last quarter."),
      ("agent", "Good afternoon, and thank you for contacting Ledgerly. Per our records your firm is on Ledgerly "
                "Professional, billed quarterly. I have gone ahead and emailed the invoice for last quarter to "
                "your billing contact.")],
     [("customer", "we used to be on Ledgerly Starter years ago and honestly support was faster back then. anyway, "
                   "can you tell me if the backup feature is included in what we have"),
      ("agent", "I am sorry to hear support has felt slower. Yes, daily cloud backup is included in Ledgerly "
                "Professional, which is your current edition. You can find it under Settings, then Data.")],
     "Ledgerly Professional", ""),

    ("svc-t10", "trap",
     [("customer", "hi, for my rental next week at Heathrow, what cover do i have on my booking?"),
      ("agent", "Thank you for contacting Roadway Rentals. Per our records your booking includes Basic "
                "Protection, which covers damage above a £1,200 excess. Your pickup is Monday at 10am.")],
     [("agent", "Hello Mr. Okonkwo, ahead of your pickup we are offering an upgrade to Full Cover for £14 a day, "
                "which reduces your excess to zero. Would you like me to add it?"),
      ("customer", "no thanks, ill stick with what ive got"),
      ("agent", "No problem at all. Your booking remains on Basic Protection, and nothing has been changed.")],
     "Basic Protection", ""),

    ("svc-t11", "trap",
     [("customer", "When is my Universal Credit paid each month? I need to set up my rent standing order."),
      ("agent", "Thank you for getting in touch. Per our records your Universal Credit payment date is the 14th "
                "of each month. If the 14th falls on a weekend or bank holiday you will be paid the working day "
                "before.")],
     [("customer", "hi, ive got a new phone number, its 07700 900412. can you put it on my claim"),
      ("agent", "Thank you. I have gone ahead and added 07700 900412 as your contact number. Your payment date "
                "is not affected."),
      ("customer", "thanks")],
     "14th", ""),

    ("svc-t12", "trap",
     [("customer", "Dear Sir or Madam, could you confirm which council tax band my property is in? Flat 2, "
                   "Orchard Court. Yours faithfully, G. Morrison"),
      ("agent", "Dear Mr. Morrison, thank you for your email. Per our records Flat 2, Orchard Court is in council "
                "tax Band D, and your annual charge for this year is £2,171.")],
     [("customer", "ive lodged an appeal with the valuation office, i think it should be band C like the rest of "
                   "the block. does that change my bill now?"),
      ("agent", "Thank you for letting us know. While the appeal is considered, your property remains in Band D "
                "and you should keep paying the current instalments. If the Valuation Office Agency changes the "
                "band, we will send you a revised bill and refund any overpayment.")],
     "Band D", ""),
]

ONE_OFFS = [
    ("svc-o01",
     [("customer", "can you email me a copy of my march statement? need it for a rental application"),
      ("agent", "Certainly. I have gone ahead and sent a PDF of your March statement to the email address on "
                "file. It should arrive in the next few minutes; please check your spam folder if you do not see "
                "it.")]),

    ("svc-o02",
     [("customer", "Hello, how do I request an official transcript to be sent to a graduate school?"),
      ("agent", "Thank you for contacting the Registrar's Office. You can request an official transcript through "
                "the student portal under Records, then Transcript Request. Electronic transcripts are sent within "
                "one business day, and there is a $10 fee per copy."),
      ("customer", "great, thanks")]),

    ("svc-o03",
     [("customer", "the keypad keeps beeping every few minutes since last night, how do i make it stop"),
      ("agent", "I am sorry about the noise. The beeping usually means a low battery in one of the sensors. Please "
                "press the status button on the keypad to see which zone is reporting, then replace that "
                "sensor's battery. If it keeps beeping after that, reply here and we will book a technician."),
      ("customer", "ok it was the back window one, swapped the battery and its quiet now")]),

    ("svc-o04",
     [("customer", "Hi, could you send me a receipt for my rental last weekend? Reservation number 88213."),
      ("agent", "Of course. I have gone ahead and emailed the final receipt for reservation 88213 to you. It "
                "shows the rental charges, fuel and taxes itemised.")]),

    ("svc-o05",
     [("customer", "locked out of the admin login after too many tries, can you reset it"),
      ("agent", "I can help with that. I have gone ahead and sent a password reset link to the administrator email "
                "on the account. The link is valid for 60 minutes; once you set a new password, the lockout will "
                "clear automatically."),
      ("customer", "done, im in. thanks")]),
]

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "svc-c02": "no payment amount is stored in either conversation ($1,842.16 or $1,910.40); the scope has no facts",
    "svc-c03": "the card ending 4417 is stored but the replacement ending 9036 is not, so 4417 stays active",
    "svc-c05": "the Silver tier the agent states is not stored; Gold is added as a fresh active fact, nothing closed",
    "svc-c08": "the usual dentist Dr Okafor is not stored; the later message is kept as 'would like to be moved "
               "permanently to Dr. Lindqvist' (active) and closes nothing",
    "svc-c12": "the Nationwide account is not stored (it keeps 'banks with banks'); Monzo is stored as 'is on the "
               "their Monzo account' and closes nothing",
    "svc-t10": "the Basic Protection cover on the booking is not stored; the scope has no facts",
    "svc-t12": "the council tax Band D is not stored; the scope has no facts",
}

ARCHIVE = CaseArchive(tenant="blind-services", start=START, later_by=SECOND, turn_gap_s=50, one_offs_on_day=6,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
