"""HR and payroll, expenses and corporate cards, brokerage and crypto, credit cards, mortgages and student loans,
business utilities, accounting portals, hosting, email, password managers, office leases and courier accounts
support archive, written by a tester who had read no product code: each customer has two chats a month apart; a
change, a trap that only looks like one, or a one-off request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

START = datetime(2026, 10, 12, 9, tzinfo=UTC)
SECOND = timedelta(days=30)

CASES = [
    (
        "wm-c01",
        "change",
        [
            ("customer", "hi, my expense claim got bounced back?? says wrong coding"),
            ("agent", "Hi Jonah, thanks for reaching the People Services desk. I can see claim EXP-55821 was "
                      "rejected because it was coded to cost centre 3900. Your employee record shows Cost centre 4410 "
                      "(Field Sales North)."),
            ("customer", "ah ok yeah 4410 is right, i just picked the wrong one from the dropdown"),
            ("agent", "No problem, I've recoded it to 4410 and resubmitted it to your approver. Should go through "
                      "in the next payroll run."),
        ],
        [
            ("customer", "hey its Jonah again. I started in the new Key Accounts team on monday, my manager said to "
                         "get my coding updated"),
            ("agent", "Hi Jonah. I can see the transfer form from HR was approved on the 9th. I've now updated your "
                      "record to cost centre 5120 (Key Accounts), effective 1 November."),
            ("customer", "great so all my claims from now go there?"),
            ("agent", "Yes, anything dated 1 November onward will default to 5120. Older claims stay on 4410."),
        ],
        "Cost centre 4410",
        "cost centre 5120",
    ),
    (
        "wm-c02",
        "change",
        [
            ("agent", "Thanks for calling Halden Invest, this is Marcus. Before we go on, can I just confirm a "
                      "couple of details... so I've got you as Mrs Siobhan Carey, stocks and shares ISA, and your "
                      "risk profile on file is Balanced, is that right?"),
            ("customer", "Um, yes, yeah that's right. Balanced. I did the questionnaire when I opened it, like, "
                         "three years ago?"),
            ("agent", "Perfect. And, er, what can I help with today?"),
            ("customer", "I just wanted to check the monthly contribution went out, the two hundred pounds."),
            ("agent", "Yep, I can see £200 collected on the 1st and invested in the Balanced model portfolio. All "
                      "good."),
        ],
        [
            ("customer", "Hi, it's Siobhan Carey again. So I've redone the risk questionnaire in the app like you "
                         "suggested, and I've got, what, twenty-odd years till I retire so I'm happy to take a bit "
                         "more risk."),
            ("agent", "Right, okay, let me just pull that up... yes, I can see the new questionnaire came through "
                      "this morning. It's scored you as Growth, and you've accepted the new profile."),
            ("customer", "So does that mean my money actually gets moved?"),
            ("agent", "It does, yeah. Your profile is now Growth, and the portfolio will be rebalanced into the "
                      "Growth model over the next two to three working days. Your £200 monthly contribution will go "
                      "into Growth from next month too."),
            ("customer", "Brilliant, thanks."),
        ],
        "Balanced",
        "Growth",
    ),
    (
        "wm-c03",
        "change",
        [
            ("agent", "Hi! I'm Nova, the Brightline Card virtual assistant. How can I help today?"),
            ("customer", "whats my credit limit"),
            ("agent", "Your Brightline Rewards Mastercard ending 4417 has a £2,500 limit. Your available credit is "
                      "£1,843.20. Is there anything else?"),
            ("customer", "no thats it"),
        ],
        [
            ("agent", "Hi! I'm Nova, the Brightline Card virtual assistant. How can I help today?"),
            ("customer", "i got a letter about a limit increase, has it gone through?"),
            ("agent", "Let me connect you with a colleague who can check that for you."),
            ("agent", "Hi, this is Grace from the Cards team. I can confirm the increase you accepted on 3 November "
                      "has been applied. Your card ending 4417 now has a limit of £4,000, effective immediately."),
            ("customer", "amazing thank you!!"),
        ],
        "£2,500",
        "£4,000",
    ),
    (
        "wm-c04",
        "change",
        [
            ("customer", "Dear Mortgage Servicing Team,\n\nCould you please confirm the date my monthly mortgage "
                         "payment is collected? I want to make sure my salary lands first. For reference, the Direct "
                         "Debit is from my Nationwide account ending 7731.\n\nKind regards,\nPeter Okonkwo\nMortgage "
                         "account 8830 1142 07"),
            ("agent", "Dear Mr Okonkwo,\n\nThank you for your email. Your monthly payment of £1,126.48 is collected "
                      "on the 2nd of each month by Direct Debit from the Nationwide account ending 7731, as you "
                      "mentioned.\n\nYours sincerely,\nHelen Marsh\nMortgage Servicing"),
        ],
        [
            ("customer", "Dear Helen,\n\nFurther to my previous email, I have now closed my Nationwide account and "
                         "would like the mortgage payments to come from my new bank. I have completed and signed the "
                         "Direct Debit mandate online this morning.\n\nBest regards,\nPeter Okonkwo\nMortgage account "
                         "8830 1142 07"),
            ("agent", "Dear Mr Okonkwo,\n\nThank you, we have received the new mandate. From your December payment "
                      "onwards, your mortgage will be collected from your Monzo account ending 2208 on the 2nd of "
                      "each month. The old Nationwide instruction has been cancelled.\n\nYours sincerely,\nHelen "
                      "Marsh\nMortgage Servicing"),
            ("customer", "Thank you Helen, much appreciated.\n\nPeter"),
        ],
        "Nationwide account ending 7731",
        "Monzo account ending 2208",
    ),
    (
        "wm-c05",
        "change",
        [
            ("customer", "site is super slow today, is it you or me"),
            ("agent", "Hey Raj! Let me take a look at tidecraftsurf.com. I can see it's on our Starter Shared plan, "
                      "and the server it sits on had a spike about an hour ago. It's back to normal now."),
            ("customer", "ok cool. its fine now yeh"),
        ],
        [
            ("customer", "ok so we keep hitting the cpu limits with the new shop, lets do the bigger plan"),
            ("agent", "Sure thing Raj. I've processed the plan change on tidecraftsurf.com, you're now on Business "
                      "VPS 4GB. Migration finished at 14:20 and DNS is unchanged, so nothing needed on your side."),
            ("customer", "nice one, and billing?"),
            ("agent", "You'll be charged the prorated difference today, then £29.99/month from the next renewal."),
        ],
        "Starter Shared",
        "Business VPS 4GB",
    ),
    (
        "wm-c06",
        "change",
        [
            ("customer", "Hello, I cannot to login my mail, it say suspicious activity. Please help me."),
            ("agent", "Hello Mr. Dimitrov, I'm sorry for the trouble. We can verify you with a code to your "
                      "recovery phone. The number we have is +44 7700 900312, ending 312. Is this still yours?"),
            ("customer", "Yes this is my number. I receive the code now, 481 927."),
            ("agent", "Thank you, that's verified. You can now reset your password from the link I just sent."),
        ],
        [
            ("customer", "Good day. I have change my mobile operator and now I have new number. I want to put the "
                         "new one for recovery, the old one is not working anymore."),
            ("agent", "Of course. I've sent a code to the new number you entered. Can you read it back to me?"),
            ("customer", "Yes, is 660 213."),
            ("agent", "Perfect, confirmed. Your recovery phone is now +44 7700 900845 and the old number has been "
                      "removed from your account."),
            ("customer", "Thank you very much for the help."),
        ],
        "+44 7700 900312",
        "+44 7700 900845",
    ),
    (
        "wm-c07",
        "change",
        [
            ("customer", "Our printer is showing error SC542 again, third time this month."),
            ("agent", "Sorry about that, Ms Adebayo. I've logged a service call. Summary for your records:\n- "
                      "Customer: Fairholm Dental Practice\n- Lease agreement: LA-20931\n- Device: Ricoh IM C3000, "
                      "serial 3110R702456\n- Fault: SC542 (fusing unit)\n- Engineer visit: Thursday AM"),
            ("customer", "Thanks."),
        ],
        [
            ("customer", "Hi, just confirming the swap went ahead yesterday? The engineer took the old one away."),
            ("agent", "Yes, all done. Updated summary:\n- Customer: Fairholm Dental Practice\n- Lease agreement: "
                      "LA-20931 (amended)\n- Device: Ricoh IM C4510, serial 3120R901187\n- Previous device returned "
                      "and collected\n- New quarterly rental: £186.00 + VAT\n- Meter readings reset to zero"),
            ("customer", "Great, thank you."),
        ],
        "Ricoh IM C3000",
        "Ricoh IM C4510",
    ),
    (
        "wm-c08",
        "change",
        [
            ("agent", "Good morning, Swiftline Business Accounts, you're speaking with Kelly. Can I take your "
                      "account number?"),
            ("customer", "Yeah, hi, it's, uh, SWB-448120. Greenleaf Prints."),
            ("agent", "Lovely, thanks. So I've got your daily collection address as Unit 4, Harbour Trade Park, "
                      "Southampton, SO14 3TJ, collection window two till four. What can I do for you?"),
            ("customer", "Yeah, so the driver didn't turn up yesterday, we had like six parcels waiting."),
            ("agent", "Oh, I'm really sorry about that. I can see the route was short a driver. I've flagged it and "
                      "I'll add a priority collection for today."),
        ],
        [
            ("customer", "Hi, um, Greenleaf Prints again, SWB-448120. So we've, er, relocated the unit, we're at "
                         "the new place now as of Monday."),
            ("agent", "Okay, congratulations! What's the new address?"),
            ("customer", "It's 14 Kestrel Way, Chandler's Ford, SO53 4DL."),
            ("agent", "Perfect. I've updated your daily collection address to 14 Kestrel Way, Chandler's Ford, SO53 "
                      "4DL, starting tomorrow, same two till four window. The old Harbour Trade Park address is "
                      "removed."),
        ],
        "Unit 4, Harbour Trade Park",
        "14 Kestrel Way",
    ),
    (
        "wm-c09",
        "change",
        [
            ("customer", "Hello,\n\nI'd like to know my current monthly payment and payoff date. I'm on the "
                         "Standard 10-year plan as far as I know.\n\nThanks,\nAlyssa Romero\nAccount ending 6620"),
            ("agent", "Hi Alyssa,\n\nThanks for reaching out. You're correct, your loans are on the Standard "
                      "10-year plan. Your monthly payment is $412.37 and your projected payoff date is June "
                      "2031.\n\nBest,\nDerek\nBorrower Support"),
        ],
        [
            ("customer", "Hi Derek,\n\nI submitted the income-driven repayment application last month with my tax "
                         "return since my hours were cut. Can you tell me if it was approved?\n\nThanks,\nAlyssa "
                         "Romero"),
            ("agent", "Hi Alyssa,\n\nGood news: your application was approved on November 6. Your loans are now on "
                      "Income-Based Repayment (IBR). Your new monthly payment is $168.00, starting with your December "
                      "bill. You'll need to recertify your income annually.\n\nBest,\nDerek\nBorrower Support"),
            ("customer", "That's a huge relief, thank you!"),
        ],
        "Standard 10-year plan",
        "Income-Based Repayment",
    ),
    (
        "wm-c10",
        "change",
        [
            ("customer", "withdrawl keeps asking for sms code but it never arrives"),
            ("agent", "Hi, sorry for that. I see your 2FA method is SMS codes to the number ending 09. Carriers "
                      "sometimes delay them. Can you try again and wait 2 min?"),
            ("customer", "ok got it now. thx"),
        ],
        [
            ("customer", "done with sms, set up the security key like the email said"),
            ("agent", "Hi again! I can confirm your account now uses a YubiKey as your 2FA method. SMS has been "
                      "disabled as a fallback, as you chose. Withdrawals are locked for 24h after a security change, "
                      "which ends tomorrow 10:14 UTC."),
            ("customer", "fine np"),
        ],
        "SMS codes",
        "YubiKey",
    ),
    (
        "wm-c11",
        "change",
        [
            ("customer", "Hi, my corporate card transactions from the Lisbon trip are stuck in 'pending approval', "
                         "is someone supposed to click something?"),
            ("agent", "Hi Leonie! Yes, they're waiting on your approver, Dana Whitfield. She should have an email, "
                      "I can send her a nudge if you like."),
            ("customer", "Yes please, thanks!"),
        ],
        [
            ("customer", "Hi, Dana left the company last week, who approves my stuff now?"),
            ("agent", "Hi Leonie, Finance sent through the update this morning. Your expense approver is now Marcus "
                      "Oyelaran, and I've reassigned your three pending items to him as well."),
            ("customer", "Perfect, thank you."),
        ],
        "Dana Whitfield",
        "Marcus Oyelaran",
    ),
    (
        "wm-c12",
        "change",
        [
            ("customer", "Hi Sarah, quick one via the portal: when do you need my receipts by for the year end "
                         "accounts?"),
            ("agent", "Hi Tom, your company's accounting reference date is 31 March, so ideally we'd have "
                      "everything by the end of May to file comfortably. Just upload to the Documents folder. Thanks, "
                      "Sarah (Ashworth & Pike)"),
            ("customer", "Will do, cheers."),
        ],
        [
            ("customer", "Hi Sarah, did the year-end change go through with Companies House? Want to know what that "
                         "means for the deadlines."),
            ("agent", "Hi Tom, yes, the AA01 was accepted yesterday. Hartwell Joinery Ltd's accounting reference "
                      "date is now 30 June, so the current period is extended to 30 June 2027. I've updated your "
                      "deadlines in the portal. Thanks, Sarah"),
            ("customer", "Great, thanks for sorting."),
        ],
        "31 March",
        "30 June",
    ),
    (
        "wm-t01",
        "trap",
        [
            ("customer", "Hi, I need a copy of my employment letter for a rental application."),
            ("agent", "Hi Meera, sure. The letter will show your job title Senior Analyst, department Finance "
                      "Operations, start date 4 April 2022 and current salary. I'll email it to you within the hour."),
            ("customer", "Thank you!"),
        ],
        [
            ("customer", "Hi, hypothetical question. There's an internal opening in Procurement. If I moved over "
                         "there would I keep my holiday carry-over?"),
            ("agent", "Hi Meera, good question. Internal transfers keep accrued leave, including carry-over, as "
                      "long as there's no break in service. Nothing would change on your record unless you're offered "
                      "and accept the role, of course."),
            ("customer", "Ok good to know, I haven't decided if I'll apply yet."),
        ],
        "Finance Operations",
        "Procurement",
    ),
    (
        "wm-t02",
        "trap",
        [
            ("customer", "hey can u check my card limit, getting declined at a hotel"),
            ("agent", "Hi Sam, your corporate card ending 0934 has a $3,000 monthly limit and you've used $2,870 "
                      "this cycle, which is why the hotel hold failed."),
            ("customer", "ugh ok, i'll use my personal and claim it back"),
        ],
        [
            ("customer", "hi its Sam, I'm the team lead now for the events crew. Need to get Priya's card limit "
                         "bumped, she's booking the venue deposits"),
            ("agent", "Hi Sam. I can raise that request for Priya Shah's card ending 1172 to $5,000 per month. As "
                      "her manager you're the right person to request it, and it's been sent to Finance for sign-off."),
            ("customer", "cool thx, and mine stays as is right?"),
            ("agent", "Correct, no changes to your own card."),
        ],
        "$3,000",
        "$5,000",
    ),
    (
        "wm-t03",
        "trap",
        [
            ("agent", "Hello, Kestrel Wealth, Anna speaking. Can I confirm your name and date of birth please?"),
            ("customer", "Yes, it's Robert Hale, twelfth of May, 1961."),
            ("agent", "Thank you Mr Hale. I've got your ISA set to a Cautious risk profile, monthly income paid out "
                      "on the 15th. How can I help?"),
            ("customer", "Just checking the income payment amount for this month, please."),
            ("agent", "That's £318.40, paid on the 15th as usual."),
        ],
        [
            ("customer", "Hello, Robert Hale again. I'm calling on behalf of my wife, Margaret, she's on the line "
                         "with me and has given permission. She wants her ISA changed to Adventurous, she's a lot "
                         "braver than me!"),
            ("agent", "Ha, okay! Mrs Hale, I've verified you and I've updated your ISA profile to Adventurous. Mr "
                      "Hale, yours stays exactly as it is."),
            ("customer", "Yes, leave mine alone, I sleep better that way."),
        ],
        "Cautious",
        "Adventurous",
    ),
    (
        "wm-t04",
        "trap",
        [
            ("customer", "how long do GBP withdrawals take?"),
            ("agent", "Hi Chen, GBP withdrawals go via Faster Payments to your linked bank, Revolut Business "
                      "account ending 5520. Usually within 1 hour."),
            ("customer", "ok thanks"),
        ],
        [
            ("customer", "tried adding my Wise account as withdrawal bank and it says verification failed??"),
            ("agent", "Hi Chen, I can see the attempt. The name on the Wise account didn't match the name on your "
                      "exchange account (the company name vs your personal name), so it was rejected. Your "
                      "withdrawals still go to the Revolut Business account as before."),
            ("customer", "ah right, its the company one. ill leave it then"),
        ],
        "Revolut Business account ending 5520",
        "Wise account",
    ),
    (
        "wm-t05",
        "trap",
        [
            ("customer", "Hi, where do my points go each month?"),
            ("agent", "Hi Olivia! Your rewards are set to auto-convert to airline miles with SkyPath, on the 1st of "
                      "every month. You currently have 42,300 miles."),
            ("customer", "Perfect, thanks."),
        ],
        [
            ("customer", "Hi, I've got a big car repair bill, can I use my current points as a statement credit "
                         "just this once?"),
            ("agent", "Sure, Olivia. I've redeemed 18,500 points as a one-time statement credit of $185.00, which "
                      "will show in 2-3 days. Your ongoing preference is unchanged, so future points will still "
                      "convert to SkyPath miles."),
            ("customer", "Great, exactly what I wanted."),
        ],
        "airline miles",
        "statement credit",
    ),
    (
        "wm-t06",
        "trap",
        [
            ("customer", "Hello, can you tell me when my current deal ends?"),
            ("agent", "Hi Mrs Patel. Your mortgage is on a 4.19% fixed rate until 31 August 2028, after which it "
                      "would revert to our standard variable rate."),
            ("customer", "Ok, thank you."),
        ],
        [
            ("customer", "Hi, I saw you advertising a 3.85% five year fix. Could I switch to that now?"),
            ("agent", "You could, but because you're still inside your current fix there'd be an early repayment "
                      "charge of 3%, roughly £6,900 on your balance. That would outweigh the saving."),
            ("customer", "Oh, that's a lot. No, I'll leave it as it is then, thanks."),
            ("agent", "Understood, no changes made. We'll contact you about six months before your current deal "
                      "ends."),
        ],
        "4.19% fixed",
        "3.85%",
    ),
    (
        "wm-t07",
        "trap",
        [
            ("customer", "Hi, I run the café on Market Street, account 7702-3319. Is my bill being paid ok?"),
            ("agent", "Hi Luca, yes, your electricity bill is paid by monthly direct debit, £412 on the 20th. All "
                      "up to date."),
            ("customer", "Great, grazie."),
        ],
        [
            ("customer", "Hi, this month there is a problem with my business bank, the DD may bounce. Can I pay by "
                         "card over the phone just for this one?"),
            ("agent", "Of course Luca. I've taken £412 by card over the phone, reference PAY-88213, and I've "
                      "skipped this month's direct debit collection. Your direct debit stays in place from next month "
                      "as normal."),
            ("customer", "Perfect, thanks a lot."),
        ],
        "direct debit",
        "card over the phone",
    ),
    (
        "wm-t08",
        "trap",
        [
            ("customer", "hi my ssl cert expired?? customers getting warnings"),
            ("agent", "Hi Hannah, sorry about that. The cert for brightmoorbakery.co.uk failed to auto-renew "
                      "because of a DNS change. I've reissued it now, it's live."),
            ("customer", "phew ok thanks"),
        ],
        [
            ("customer", "thinking of moving the site to brightmoorbakes.com, is it free?"),
            ("agent", "Hi Hannah, unfortunately brightmoorbakes.com is already registered by someone else and isn't "
                      "listed for sale. Would you like some alternatives?"),
            ("customer", "nah not worth it, we'll stick with what we've got"),
            ("agent", "No problem, nothing changed on your account."),
        ],
        "brightmoorbakery.co.uk",
        "brightmoorbakes.com",
    ),
    (
        "wm-t09",
        "trap",
        [
            ("customer", "Hi, how many seats do we have on our plan?"),
            ("agent", "Hi Ewan, Northvale Architects is on Teams Starter with 10 seats, 8 in use. Billed annually."),
            ("customer", "Thanks."),
        ],
        [
            ("customer", "Hi, I got an email saying 'Welcome to Business'. Did our plan change? I didn't authorise "
                         "anything."),
            ("agent", "Hi Ewan, no, nothing has changed. That email was a product announcement sent to all admins "
                      "about the Business tier features. Your account is still on Teams Starter with 10 seats, and no "
                      "charge was made."),
            ("customer", "Ok phew, thanks for clarifying."),
        ],
        "Teams Starter",
        "Business",
    ),
    (
        "wm-t10",
        "trap",
        [
            ("customer", "Hello, we need toner for the office copier, the cyan is almost out."),
            ("agent", "Hi Mr Novak, I can see your leased Canon imageRUNNER C3226i is reporting cyan at 6%. I've "
                      "dispatched a replacement cartridge, it should arrive tomorrow."),
            ("customer", "Thank you."),
        ],
        [
            ("customer", "Hi, just to say the toner auto-ordering works great now. Honestly so much better than "
                         "back in 2022 when we had a Kyocera TASKalfa 2554ci from another company, that thing jammed "
                         "every day."),
            ("agent", "Glad to hear it, Mr Novak! Your Canon is running fine, no open tickets. Anything else I can "
                      "help with?"),
            ("customer", "No, that's all, just wanted to say thanks."),
        ],
        "Canon imageRUNNER C3226i",
        "Kyocera TASKalfa 2554ci",
    ),
    (
        "wm-t11",
        "trap",
        [
            ("customer", "Hi, I need my 1098-E for taxes, where will it be sent?"),
            ("agent", "Hi Jordan, it'll be available online in January and a paper copy will go to 42 Linden Ave, "
                      "Apt 3B, Columbus, OH 43215."),
            ("customer", "Cool, thanks."),
        ],
        [
            ("customer", "Hey, just double checking you've still got my right address before the tax forms go out?"),
            ("agent", "Hi Jordan, sure. We have 42 Linden Avenue, Apartment 3B, Columbus, Ohio 43215. No changes on "
                      "file."),
            ("customer", "Yep that's me, same place. Thanks!"),
        ],
        "42 Linden Ave, Apt 3B",
        "42 Linden Avenue, Apartment 3B",
    ),
    (
        "wm-t12",
        "trap",
        [
            ("customer", "Hi what's our default service set to? Some parcels arriving later than expected."),
            ("agent", "Hi Femi, account PK-20187 defaults to Next Day by 12 for all shipments. I can see two "
                      "parcels last week were delayed by weather in Scotland."),
            ("customer", "ok makes sense"),
        ],
        [
            ("customer", "quick q how much is Saturday delivery per parcel for us?"),
            ("agent", "Hi Femi, for your account it's £6.50 on top of the standard rate, per parcel. You can pick "
                      "it per shipment at label creation."),
            ("customer", "ok bit pricey, just wanted to know. thx"),
        ],
        "Next Day by 12",
        "Saturday delivery",
    ),
]

ONE_OFFS = [
    (
        "wm-o01",
        [
            ("customer", "my BTC withdrawal has been pending for 6 hours, tx not showing on chain"),
            ("agent", "Hi, sorry for the wait. That withdrawal got stuck in a batch that failed to broadcast. I've "
                      "cancelled it and the 0.0425 BTC plus the network fee has been returned to your balance. You "
                      "can resubmit now."),
            ("customer", "ok resubmitted, it's showing now. thanks"),
        ],
    ),
    (
        "wm-o02",
        [
            ("customer", "Hi, tracking SWL48817203GB says delivered but the customer never got it. What now?"),
            ("agent", "I'm sorry about that. The GPS scan shows it was left at a neighbouring address. I've opened "
                      "a lost parcel investigation, reference INV-30912. If it isn't found within 48 hours, we'll "
                      "refund the declared value of £74.99."),
            ("customer", "Ok, thanks, I'll tell the customer."),
        ],
    ),
    (
        "wm-o03",
        [
            ("agent", "Hi, I'm the KeyHaven assistant. What do you need help with?"),
            ("customer", "locked out after too many tries, need to get back in"),
            ("agent", "For security, your vault was locked for 15 minutes. It's now unlocked. You can log in with "
                      "your master password, or use your recovery kit if you've forgotten it."),
            ("customer", "got in, ty"),
        ],
    ),
    (
        "wm-o04",
        [
            ("customer", "Hello, I urgently need to get £15,000 out of my general investment account today, it's "
                         "for a house deposit completing tomorrow."),
            ("agent", "Understood. The cash is already settled in your account, so I've submitted a same-day "
                      "withdrawal of £15,000 to your nominated bank. It should arrive by 5pm today."),
            ("customer", "Thank you so much, that's a huge relief."),
        ],
    ),
    (
        "wm-o05",
        [
            ("customer", "Hi, we got charged twice for the October gas bill, £238.60 both times on the 14th."),
            ("agent", "Apologies, I can see the duplicate collection. I've raised a refund of £238.60 back to your "
                      "bank, which should arrive within 3-5 working days. Reference RF-77120."),
            ("customer", "Thanks for sorting it quickly."),
        ],
    ),
]

FAILS_TODAY: dict[str, str] = {
    "wm-c01": "no fact holds 'Cost centre 4410': [(\"customer's record is cost centre 5120\", 'active'), "
              "(\"customer's team is the Key Accounts team\", 'active')]",
    "wm-c04": "('customer pays with the Nationwide account ending 7731', 'customer pays with the Monzo account "
              "ending 2208')",
    "wm-c07": "no fact holds 'Ricoh IM C3000': [('customer has a serial 3110R702456', 'active'), "
              "(\"customer's lease agreement is LA-20931\", 'active'), (\"customer's printer is showing error "
              "SC542 again\", 'active'), (\"customer's engineer visit is AM\", 'active'), (\"customer's c",
    "wm-c12": "no fact holds '31 March': []",
    "wm-t01": "no fact holds 'Finance Operations': []",
    "wm-t03": "no fact holds 'Cautious': [(\"customer's ISA is Adventurous\", 'active')]",
    "wm-t04": "no fact holds 'Revolut Business account ending 5520': []",
    "wm-t05": "no fact holds 'airline miles': [('customer has 42,300 miles', 'active'), (\"customer's rewards "
              "are on the 1st of every month\", 'active')]",
    "wm-t06": "no fact holds '4.19% fixed': []",
    "wm-t08": "no fact holds 'brightmoorbakery.co.uk': []",
    "wm-t10": "no fact holds 'Canon imageRUNNER C3226i': []",
    "wm-t11": "no fact holds '42 Linden Ave, Apt 3B': []",
    "wm-t12": "no fact holds 'Next Day by 12': []",
}

ARCHIVE = CaseArchive(tenant="blind-money", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=3,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
