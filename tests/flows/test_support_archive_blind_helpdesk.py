"""An internal IT and HR helpdesk archive, written fresh: employees of a mid-size company write short messages
about their laptops, phones, desks, offices, teams, managers, payroll accounts, badges, VPN and licences, and the
helpdesk agents answer in a sentence or three.

Each change (said by the employee in many ways, a few by the agent) must close the old fact and keep the new one
active as its successor; each trap (a plan, a hypothetical, a colleague's value, a temporary stay, a question,
a complaint, a denial, a restatement, a "used to", a declined offer, news about another attribute) closes
nothing; each one-off request leaves no active fact.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

CASES = [
    # ---- changes ----
    ("hd-c01", "change",
     [("customer", "hi, my badge wont open the side doors at the Leeds office, i sit there every day on floor 3."),
      ("agent", "Sorry about that. I've re-synced your badge for the Leeds office, so give it ten minutes and "
                "try the side doors again.")],
     [("customer", "I've moved to the Manchester office as of monday, can my badge be updated for there?"),
      ("agent", "Done, your badge now opens the Manchester office doors. Welcome to the new site!")],
     "Leeds", "Manchester"),
    ("hd-c02", "change",
     [("customer", "my line manager is Priya Shah, she cant see my leave request in the portal"),
      ("agent", "Thanks. I can see Priya Shah is set as your approver, I've re-sent the request to her queue.")],
     [("customer", "Tom Okafor replaced Priya as my line manager last week, pls change my approver"),
      ("agent", "No problem, Tom Okafor is now your approver and your pending leave has moved to him.")],
     "Priya", "Tom Okafor"),
    ("hd-c03", "change",
     [("customer", "my work laptop is a Dell Latitude 5430 and it freezes every time i dock it"),
      ("agent", "That sounds like the dock firmware. I've pushed an update to your Dell Latitude, please restart "
                "it before you dock again.")],
     [("customer", "switched to a MacBook Pro last friday, the dell went back to IT. do i need to re-enrol?"),
      ("agent", "Yes, the MacBook Pro needs enrolling in the device portal. I've sent you the link.")],
     "Latitude", "MacBook Pro"),
    ("hd-c04", "change",
     [("customer", "the monitor at my desk flickers, my desk is 3.07 on the third floor"),
      ("agent", "Thanks, I've logged a ticket for desk 3.07 and someone from facilities will swap the cable.")],
     [("customer", "new desk is 4.12 after the team move, can the monitor ticket follow me there?"),
      ("agent", "Sure, I've moved the ticket to desk 4.12 and updated your desk in the directory.")],
     "3.07", "4.12"),
    ("hd-c05", "change",
     [("customer", "i work the night shift in the warehouse so i need vpn to read my rota from home"),
      ("agent", "Got it. I've given you VPN access for rota viewing on the night shift, it should work tonight.")],
     [("customer", "no longer on the night shift, im on the day shift now, 8 to 4. does my rota access change?"),
      ("agent", "No change needed, the rota access works on the day shift too.")],
     "night shift", "day shift"),
    ("hd-c06", "change",
     [("customer", "my salary goes into my Monzo account ending 4471, but the payslip shows a different bank?"),
      ("agent", "I've checked and payroll does pay the Monzo account ending 4471, the payslip just shows the "
                "old bank name. We'll fix the label.")],
     [("customer", "i opened a new account with Starling, sent the details through the secure form just now"),
      ("agent", "Thanks, got them. I've updated payroll so from next payday your salary goes to the Starling "
                "account ending 9083 and the Monzo one is removed.")],
     "4471", "9083"),
    ("hd-c07", "change",
     [("customer", "my work phone is an iPhone 12 and the screen cracked this morning"),
      ("agent", "Sorry to hear it. I've ordered a replacement for your iPhone 12, it should land in a few days.")],
     [("agent", "Your replacement is in. I've swapped you onto a Samsung Galaxy S23 and the iPhone 12 has been "
                "wiped and retired."),
      ("customer", "great, picked up the galaxy s23 from the desk, all working")],
     "iPhone 12", "Galaxy S23"),
    ("hd-c08", "change",
     [("customer", "i'm in the finance team, can i get access to the budget sharepoint?"),
      ("agent", "I've added you to the finance team group, the budget sharepoint should show up within the hour.")],
     [("customer", "i moved across to the procurement team this month, so i dont need finance stuff any more"),
      ("agent", "Understood. I've moved you to the procurement team group and taken off the finance access.")],
     "finance", "procurement"),
    ("hd-c09", "change",
     [("agent", "Before I set up your desk phone, I have your extension as 2214, is that right?"),
      ("customer", "yes, 2214 is my extension"),
      ("agent", "Lovely, the desk phone is set to extension 2214.")],
     [("customer", "no sorry, my extension is actually 2241, i read it wrong last time"),
      ("agent", "No worries, I've corrected it, your desk phone is now on extension 2241.")],
     "2214", "2241"),
    ("hd-c10", "change",
     [("customer", "how much annual leave do i get? hr portal is blank"),
      ("agent", "You get 25 days annual leave a year plus bank holidays. I've raised the blank page with HR "
                "systems.")],
     [("customer", "i hit five years service last month, does that change my leave?"),
      ("agent", "It does. Your allowance has gone up to 28 days annual leave from january, the portal shows it "
                "now.")],
     "25 days", "28 days"),
    ("hd-c11", "change",
     [("customer", "im a contractor on the blue contractor badge, it stopped working at the car park barrier"),
      ("agent", "I've reactivated your blue contractor badge for the car park barrier, try it on the way out.")],
     [("customer", "got my permanent staff badge yesterday, the blue contractor one is handed back at reception"),
      ("agent", "Thanks, I've cancelled the contractor badge and your staff badge has full access now.")],
     "contractor", "staff badge"),
    ("hd-c12", "change",
     [("customer", "i connect to the vpn with Cisco AnyConnect and it drops every 20 mins"),
      ("agent", "That's a known AnyConnect timeout. I've raised your session limit, let me know if it still "
                "drops.")],
     [("agent", "Quick heads up: we've moved you onto GlobalProtect now and AnyConnect has been uninstalled from "
                "your laptop."),
      ("customer", "ok, globalprotect connected first time, thanks")],
     "AnyConnect", "GlobalProtect"),
    # ---- traps ----
    ("hd-t01", "trap",
     [("customer", "im based in the Bristol office, the wifi there wont take my laptop"),
      ("agent", "I've reset your wifi certificate for the Bristol office, reconnect and it should work.")],
     [("customer", "i might move to the London office next year, is there a transfer form somewhere?"),
      ("agent", "There's a transfer form on the HR portal under 'moves'. Nothing changes until it's approved.")],
     "Bristol", "London"),
    ("hd-t02", "trap",
     [("customer", "my laptop is a ThinkPad T14 and the keyboard is sticking"),
      ("agent", "I've booked your ThinkPad T14 in for a keyboard swap on thursday.")],
     [("customer", "if i switched to a mac would the dev tools still work? just wondering"),
      ("agent", "Most of them would, but the build tools are windows only for now. You'd keep the ThinkPad.")],
     "ThinkPad", "mac"),
    ("hd-t03", "trap",
     [("customer", "my manager is Dana Reyes, can you add her as my expenses approver?"),
      ("agent", "Done, Dana Reyes is now set as your expenses approver.")],
     [("customer", "my colleague sam's manager is now Kevin Li, he asked me to let you know as he's off sick"),
      ("agent", "Thanks, I'll need Sam to confirm himself, but I've noted it on his record.")],
     "Dana Reyes", "Kevin Li"),
    ("hd-t04", "trap",
     [("customer", "i work at the Glasgow office, the printer on 2 wont see my account"),
      ("agent", "I've re-added you to the Glasgow office print queue, give it a go now.")],
     [("customer", "im at the Edinburgh office for two weeks while ours is refurbished, then back in Glasgow. "
                   "can i print there?"),
      ("agent", "Yes, I've given you temporary print access in Edinburgh until the end of the month.")],
     "Glasgow", "Edinburgh"),
    ("hd-t05", "trap",
     [("customer", "im on the Microsoft 365 E3 licence and teams says my mailbox is full"),
      ("agent", "Your E3 licence gives you 100GB, I've cleared out the recoverable items so you have room again.")],
     [("customer", "whats the difference with E5? only curious, not asking to change"),
      ("agent", "E5 adds phone system and advanced security. You're fine on E3 for what you do.")],
     "E3", "E5"),
    ("hd-t06", "trap",
     [("customer", "my desk is 2.19 by the window, the docking station there is dead"),
      ("agent", "I've logged a new docking station for desk 2.19, it'll be swapped tomorrow morning.")],
     [("customer", "desk 2.19 is freezing, the aircon blows straight on it all day. can facilities look?"),
      ("agent", "Sorry, that sounds grim. I've passed it to facilities to adjust the vent over 2.19.")],
     "2.19", "aircon"),
    ("hd-t07", "trap",
     [("customer", "my work phone is a Pixel 7, the battery dies by lunch"),
      ("agent", "I've ordered a battery swap for your Pixel 7, you'll get a collection email.")],
     [("agent", "I see a request to move you to an iPhone 15, was that you?"),
      ("customer", "no that wasnt me, im keeping my pixel 7. please cancel it"),
      ("agent", "Cancelled. You stay on the Pixel 7.")],
     "Pixel 7", "iPhone 15"),
    ("hd-t08", "trap",
     [("customer", "payroll pays into my Barclays account ending 3318, can i get a copy of last months payslip?"),
      ("agent", "Sure, I've emailed last month's payslip. It shows the Barclays account ending 3318.")],
     [("customer", "just confirming my pay still goes to the barclays account ending 3318? this payslip looks odd"),
      ("agent", "Yes, it still goes to the account ending 3318. The odd line is a tax code refund.")],
     "3318", "tax code"),
    ("hd-t09", "trap",
     [("customer", "im in the marketing team and cant open the brand assets folder"),
      ("agent", "I've added you to the marketing team folder group, it should open now.")],
     [("customer", "i used to be in sales so i still have their shared drive, can you take it off?"),
      ("agent", "Done, I've removed the sales shared drive. Your marketing access is unchanged.")],
     "marketing", "sales"),
    ("hd-t10", "trap",
     [("customer", "im on the early shift, 6am starts, and my badge wont let me in before 7"),
      ("agent", "I've extended your badge hours for the early shift so it works from 5:30.")],
     [("agent", "We've got a spot on the late shift if you want it, it pays a bit more."),
      ("customer", "no thanks, im staying on the early shift"),
      ("agent", "No problem, nothing changes.")],
     "early shift", "late shift"),
    ("hd-t11", "trap",
     [("customer", "my line manager is Grace Obi, she needs to sign off my training request"),
      ("agent", "I've sent the training request to Grace Obi for sign off.")],
     [("customer", "ive moved to desk 5.03 this week, can you update the floor plan? nothing else changed"),
      ("agent", "Done, the floor plan shows you at desk 5.03.")],
     "Grace Obi", "5.03"),
    ("hd-t12", "trap",
     [("customer", "my laptop is a MacBook Air, the trackpad stopped clicking"),
      ("agent", "I've booked the MacBook Air in for repair, drop it at the IT bar when you can.")],
     [("customer", "the macbook air is in for repair so IT lent me a loaner dell for the week. vpn wont install"),
      ("agent", "Loaners need the installer from the portal, I've emailed it. Your MacBook Air is back on friday.")],
     "MacBook Air", "loaner"),
]

ONE_OFFS = [
    ("hd-o01", [("customer", "can you reset my password? im locked out after too many tries"),
                ("agent", "I've unlocked the account and sent a reset link to your phone. It expires in 15 mins.")]),
    ("hd-o02", [("customer", "the printer by the kitchen has a paper jam again"),
                ("agent", "Thanks for flagging, I've sent someone to clear it.")]),
    ("hd-o03", [("customer", "where do i find the form for a day off for jury service?"),
                ("agent", "It's on the HR portal under absence, 'jury service'. Attach the court letter and you're "
                          "done.")]),
    ("hd-o04", [("customer", "can you book the big meeting room for thursday 2pm for an hour?"),
                ("agent", "Booked, the big meeting room is yours thursday 2 to 3pm.")]),
    ("hd-o05", [("customer", "is the wifi down for everyone or just me?"),
                ("agent", "It's everyone, there's an outage upstream. We expect it back within 30 minutes.")]),
]

START = datetime(2026, 4, 13, 9, tzinfo=UTC)
SECOND = timedelta(days=23)

FAILS_TODAY: dict[str, str] = {
    "hd-c01": "the Leeds office ('i sit there every day') is not stored; 'lives in Manchester office' is added "
              "as a fresh active fact and closes nothing",
    "hd-c10": "'25 days annual leave' is stored as 'banks with 25 days ...' and stays active; the agent's 28 "
              "days is not stored",
    "hd-c11": "nothing is stored for the scope: neither the blue contractor badge nor the staff badge",
    "hd-c12": "nothing is stored for the scope: neither AnyConnect nor the agent's switch to GlobalProtect",
    "hd-o02": "the paper jam is stored as an active fact: 'customer's printer has a paper jam again'",
}

ARCHIVE = CaseArchive(tenant="blind-helpdesk", start=START, later_by=SECOND, turn_gap_s=45, one_offs_on_day=6,
                      conversations=("1", "2"))

globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS, fails=FAILS_TODAY, any_case=True, counts=(12, 12, 5)))
