"""A second support archive, in another style than test_support_archive_store.py: whole conversations with the
agent's turns in them, agent-led answers ("Can you confirm your address?" / "It's 3 Bay View now"), several
sentences a turn, lower-case chat and contractions, changes said with other verbs (switched, swapped, replaced,
went from X to Y, no longer X ... now Y, changed over to, transferred to) and slots the first archive has not
(employer, contact phone and email, operating system, vehicle, tier, bank), traps (thinking about, once I move,
if, my wife's phone, I used to, not X, a question, the agent quoted back) and one-off requests.

Through the real ingest flow with the embedded defaults: each change closes the old fact and keeps the new one
active; no trap closes anything; a one-off request leaves no active fact. The old fact is looked up among the
first conversation's facts and the new one among the second's, so a negated restatement of the old value ("I'm
not vegan any more") is never taken for either.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.archives import CaseArchive
from tests.case_checks import case_checks

pytestmark = pytest.mark.slow

A, C = "agent", "customer"
# (scope, kind, first conversation, second conversation, words of the old fact, words of the new fact)
CASES = [
    ("st-01", "change", [(A, "Thanks for calling, how can I help?"),
                         (C, "hey there. i work for Deloitte, so the invoices go to the office.")],
     [(A, "Hello again!"), (C, "hiya. i left Deloitte last month and i'm now working at KPMG.")],
     "Deloitte", "KPMG"),
    ("st-02", "change", [(A, "Can I take a contact number for the account?"), (C, "Sure, it's 07700 900123.")],
     [(A, "Before we start, can you confirm the best number to reach you on?"),
      (C, "That's changed actually. It's now 07700 900456.")],
     "900123", "900456"),
    ("st-03", "change", [(C, "My email is sam.jones@gmail.com if you need it.")],
     [(C, "I don't use that gmail anymore. My email is now sam@jones.me.")],
     "sam.jones@gmail.com", "sam@jones.me"),
    ("st-04", "change", [(C, "my laptop runs Windows 10.")],
     [(C, "i upgraded to Windows 11 over the weekend and now the printer won't connect.")],
     "Windows 10", "Windows 11"),
    ("st-05", "change", [(C, "I drive a 2015 Ford Focus, it's on the breakdown cover.")],
     [(A, "What can I do for you today?"), (C, "I traded in the Focus and replaced it with a Toyota Yaris.")],
     "Ford Focus", "Toyota Yaris"),
    ("st-06", "change", [(A, "Which membership are you on?"), (C, "We're on the Silver tier.")],
     [(C, "We went from Silver to Gold this month, so the discount should be bigger.")],
     "Silver", "Gold"),
    ("st-07", "change", [(C, "I bank with Barclays and the direct debit comes out of that account.")],
     [(C, "I've transferred my current account to Monzo, so please take the payments from there.")],
     "Barclays", "Monzo"),
    ("st-08", "change", [(C, "I'm on the Family bundle.")],
     [(C, "The kids have left home. I'm no longer on the Family bundle, I'm on the Solo bundle now.")],
     "Family bundle", "Solo bundle"),
    ("st-09", "change", [(C, "We pay by cheque every quarter.")],
     [(A, "How are you paying these days?"), (C, "we changed over to direct debit in march")],
     "cheque", "direct debit"),
    ("st-10", "change", [(C, "I've got a Galaxy S21.")],
     [(C, "Swapped my Galaxy S21 for a Pixel 8 last week, so the old phone can come off the account.")],
     "Galaxy S21", "Pixel 8"),
    ("st-11", "change", [(C, "I'm vegan, so no dairy in the hamper please.")],
     [(C, "I'm not vegan any more. I'm vegetarian now, cheese is fine.")],
     "vegan", "vegetarian"),
    ("st-12", "change", [(A, "What's the address on the account?"), (C, "14 Elm Grove, Cardiff.")],
     [(A, "Can you confirm your address for me?"), (C, "It's 3 Bay View, Swansea now, we moved in June.")],
     "14 Elm Grove", "3 Bay View"),
    ("st-13", "change", [(C, "im on the basic plan atm")],
     [(C, "just upgraded to premium, can u check it went through?")],
     "basic", "premium"),
    ("tr-01", "trap", [(C, "I'm on the Basic plan.")],
     [(C, "I'm thinking about upgrading to Premium, what does it cost?")], "Basic plan", None),
    ("tr-02", "trap", [(C, "I live at 7 Hill Street, Derby.")],
     [(C, "Once I move to Nottingham I'll need the router moved too.")], "7 Hill Street", None),
    ("tr-03", "trap", [(C, "I pay by Visa.")],
     [(C, "If I paid by PayPal instead, would I get a discount?")], "Visa", None),
    ("tr-04", "trap", [(C, "I have an iPhone 13.")],
     [(C, "My wife's phone is a Pixel 8 and it keeps dropping calls.")], "iPhone 13", None),
    ("tr-05", "trap", [(C, "I work at Tesco.")],
     [(C, "I used to work at Asda, years ago, and they had a staff discount.")], "Tesco", None),
    ("tr-06", "trap", [(C, "I'm on the Unlimited plan.")],
     [(C, "I'm not on the Gold plan, I never asked for it.")], "Unlimited plan", None),
    ("tr-07", "trap", [(C, "My email is a.b@outlook.com.")],
     [(C, "Can I change my email to ab@proton.me?")], "a.b@outlook.com", None),
    ("tr-08", "trap", [(C, "I'm on the Premium plan.")],
     [(C, "Your colleague said \"you've been moved to the Basic plan\" but I never agreed to that.")],
     "Premium plan", None),
    ("tr-09", "trap", [(C, "I live at 22 Station Road, York.")],
     [(C, "my daughter's moved to Leeds for uni.")], "22 Station Road", None),
    ("tr-10", "trap", [(C, "I have the Fibre 100 plan.")],
     [(C, "we might go for fibre 500 if the price drops")], "Fibre 100", None),
    ("tr-11", "trap", [(C, "I live at 10 Park Road, Bristol.")],
     [(C, "Please send this one to my office, the delivery address is 5 Dock Street, Bristol.")],
     "10 Park Road", None),
    ("tr-12", "trap", [(C, "i use a MacBook Air for work")],
     [(C, "would a chromebook work with your app? thinking of getting one")], "MacBook Air", None),
]
ONE_OFFS = [
    ("oo-01", [(A, "Hi, what can I do for you?"), (C, "can you send me a copy of last month's bill?")]),
    ("oo-02", [(C, "i need an engineer visit tomorrow morning, anytime after 9 is fine.")]),
    ("oo-03", [(C, "I'd like to speak to a manager please.")]),
    ("oo-04", [(C, "Could you reset my router remotely? I'll wait.")]),
    ("oo-05", [(C, "i want to pay this month's bill now with my card.")]),
]
START = datetime(2026, 11, 2, 14, tzinfo=UTC)
SECOND = timedelta(days=9)
"""The second conversation of a case, this long after the first."""


ARCHIVE = CaseArchive(tenant="helpdesk", start=START, later_by=SECOND, turn_gap_s=40, one_offs_on_day=2,
                      conversations=("a", "b"))


def write_archive(folder) -> None:
    """The archive, for the benchmarks that ingest it (tests/benchmarks/bench_second_reading.py)."""
    ARCHIVE.write(folder, CASES, ONE_OFFS)


globals().update(case_checks(ARCHIVE, CASES, ONE_OFFS))
