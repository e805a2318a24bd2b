"""What an agent names as the customer's in passing, inside a sentence about something else.

"The week 22 payout was sent on Tuesday to your mBank account ending 4419", "Your Hiscox policy is now approved",
"the transfer from your linked Barclays account was held": the sentence is about a payout, an approval or a
transfer, which are no memories, but the noun phrase after "your" says what the customer holds: a bank, an
insurer, a card, a plan. Agent sentences are otherwise read only when they are about "you" from their first word
or a rewrite of configs/contracts.toml reads them (tasks/extract/voices.py), because a "you" deep in a longer
sentence is easy to misread; a named holding is the one thing such a sentence says of the customer without doubt.

Each holding becomes a short first-person statement ("I bank with mBank.") that the customer-turn extractor
reads, so its fact has the same relation and text as the customer's own words would give. A holding the
sentence retires or offers ("your old Visa", "if you move your Barclays account", "we can switch your plan")
is not read: what the account holds now is only what the sentence takes for granted.
"""

from __future__ import annotations

import re

from archivist.tasks.extract.stated import EMAIL

_WORD = r"(?:[A-Z][\w&'+.-]*|[a-z]+[A-Z][\w&'+.-]*|\d[\w.-]*)"
"""A word of a name: capitalised, a maker's camel case ("mBank", "iPhone"), or a number ("Fibre 500")."""
NAME = rf"{_WORD}(?:\s+{_WORD}){{0,3}}"
"""A name of up to four such words (also what tasks/extract/record.py reads a look-up's values by)."""
_HOLDING = re.compile(r"\b[Yy]our\s+(?:(?:linked|registered|saved|default|nominated|main|primary|current|usual|"
                      r"connected|verified|existing|active)\s+)?(?P<name>" + NAME + r")\s+"
                      r"(?P<kind>account|card|debit card|credit card|wallet|policy|insurance|cover|plan|membership|"
                      r"subscription|tariff|package|bundle)\b(?:,?\s+ending\s+(?:in\s+)?(?P<ending>\d{4})\b)?")
_BANK_CONTEXT = re.compile(r"\b(?:payouts?|paid|pay|payments?|transfers?|transferred|deposit(?:ed|s)?|debit|"
                           r"salary|wages|earnings|iban|sort code|withdrawals?|top[ -]?ups?|refund(?:ed|s)?|"
                           r"sent|credited|bank)\b", re.IGNORECASE)
"""An account names a bank only where money moves through it ("your Netflix account" names no bank)."""
_NOT_NOW = re.compile(r"\b(?:if|unless|whether|would|could|can|might|want to|like to|offer|instead of|old|"
                      r"previous|former|used to|no longer|removed|cancel(?:led|ed)?|closed|replaced|will|shall|"
                      r"going to|from (?:next|tomorrow|the \d|\d))\b|'ll\b", re.IGNORECASE)
"""A holding the sentence retires, offers or only starts later ("From 1 September the debit order will be
collected from your Capitec account"): not what the account holds now."""
_GENERIC = frozenset({"new", "old", "the", "this", "that", "same", "other", "first", "second", "next", "last"})
_TIERS = frozenset({"basic", "pro", "premium", "enterprise", "business", "team", "family", "unlimited", "starter",
                    "plus", "standard", "gold", "silver", "bronze", "platinum", "individual", "professional",
                    "essentials", "lite", "max", "free", "student", "personal"})


_CONTACT = re.compile(r"\b[Yy]our\s+(?:registered\s+|mobile\s+|phone\s+|contact\s+|cell\s+)*"
                      r"(?P<slot>number|phone number|mobile number|mobile|cellphone number|email|email address)\s+"
                      r"(?P<value>(?:\+|\(|\d)[\d() -]{6,}\d|" + EMAIL.pattern + ")")
"""A contact value in apposition to its slot ("Your number 082 555 0193 is active"): the value on the account."""


def named_holdings(sentence: str) -> list[str]:
    """First-person statements of what `sentence` (an agent's) names as the customer's, one per holding."""
    found = []
    for match in _CONTACT.finditer(sentence):
        if not _NOT_NOW.search(sentence[: match.start()]):
            value = match.group("value")
            found.append(f"My email is {value}." if "@" in value else f"My phone number is {value}.")
    for match in _HOLDING.finditer(sentence):
        name, kind, ending = match.group("name"), match.group("kind").lower(), match.group("ending")
        if name.split()[0].lower() in _GENERIC or _NOT_NOW.search(sentence[: match.start()]):
            continue
        tier = name.split()[0].lower() in _TIERS
        if kind in ("account", "wallet"):
            if tier:
                found.append(f"I am on the {name} {kind}.")
            elif _BANK_CONTEXT.search(sentence):
                found.append(f"I bank with {name}.")
                if ending:
                    found.append(f"My payments come off my {name} account ending {ending}.")
        elif kind in ("card", "debit card", "credit card"):
            found.append(f"I pay with my {name} {kind}" + (f" ending {ending}." if ending else "."))
        elif kind in ("policy", "insurance", "cover"):
            found.append(f"I am on the {name} {kind}." if tier else f"My insurance is with {name}.")
        else:
            found.append(f"I am on the {name} {kind}.")
    return found
