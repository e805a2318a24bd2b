"""Values a person holds with someone, named in passing by the noun phrase that holds them.

"My salary must go into my Capitec savings account" names the bank; "my health insurance is with Star Health" the
insurer; "I'm the tenant at unit 6, 41 Lygon Street" and "we've just bought a house at 12 Protea Lane" the home;
"please deliver always to 880 Maple Drive" where parcels go from now on. The small parser hangs such a value on a
noun no frame reads (an account, a tenant, a house), so they are read from the sentence's words, as card endings
and email addresses are (tasks/extract/values.py, which calls this).
"""

from __future__ import annotations

import re

Value = tuple[str, str, str, tuple[str | None, ...], bool | None]
"""(relation, object, text, names, replaces), as values.py returns them."""

_NAME = r"[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2}"
_NAMED_ACCOUNT = re.compile(rf"\b(?:[Mm]y|[Oo]ur|[Yy]our)\s+(?:[a-z]+\s+)?(?P<bank>{_NAME})\s+"
                            r"(?P<kind>savings|current|salary|checking|cheque|bank|joint)?\s*account\b")
_ACCOUNT_WITH = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+(?:salary|savings|current|bank|checking|cheque|joint)\s+account\s+"
                           rf"is\s+(?:with|at|in)\s+(?P<bank>{_NAME})")
"""A bank named by the person's account there: "my Capitec savings account", "my salary account is with Emirates
NBD". A bare "my Netflix account" names a bank only where money moves through it (_BANK_CONTEXT)."""
_BANK_CONTEXT = re.compile(r"\b(?:salary|payroll|debit|iban|bank|transfer|remittance|wages|deposit|savings)\b",
                           re.IGNORECASE)
_NOT_BANKS = frozenset({"iban", "old", "new", "main"})
_MOVED_TO = re.compile(r"\b(?:switched|changed|moved|transferred|swapped)\b[^.?!]*\b(?:to|into)\s+$", re.IGNORECASE)
"""'i've switched the direct debit to my Nationwide account': the account it went to is the new bank."""

_INSURED_WITH = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+){0,2}?(?:insurance|cover|policy)\s+is\s+"
                           rf"(?:with|through)\s+(?P<insurer>{_NAME})")
"""Who insures the person: "my health insurance is with Star Health"."""

STREET_ADDRESS = (r"(?:(?:unit|flat|apt|apartment|suite)\s+\w+,?\s+)?(?P<address>\d+[A-Za-z]?\s+[A-Z][\w'-]*"
                  r"(?:\s+[A-Z][\w'-]*){0,3}(?:,\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})?)")
"""A street address, after an optional unit: "unit 6, 41 Lygon Street, Carlton" (group `address`: from the number)."""
POSTCODE_TAIL = r"(?:,?\s+[A-Z]{1,2}\d[\dA-Z]?\s*\d[A-Z]{2}\b)?"
"""A UK postcode after a street address, if there is one: "..., Hexham, NE46 1LA"."""
_HOME_AT = re.compile(r"\b(?:I'm|I am|[Ww]e're|[Ww]e are)\s+(?:the|a)\s+(?:tenant|resident|owner|homeowner|"
                      r"leaseholder|occupant)\s+(?:at|of)\s+" + STREET_ADDRESS)
_HOME_BOUGHT = re.compile(r"\b(?:I've|[Ww]e've|I have|[Ww]e have|I|[Ww]e)\s+(?:just\s+)?(?:bought|purchased|rented|"
                          r"moved into)\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:house|flat|apartment|home|place|"
                          r"bungalow|cottage|condo|property)\s+(?:at|on|in)\s+" + STREET_ADDRESS)
"""Where the person lives, said of their home; not "my mom's place at 615 Pearl Street"."""
_DELIVER_ALWAYS = re.compile(r"\b(?:[Pp]lease\s+)?(?:always\s+)?deliver\s+(?:always\s+)?(?:everything\s+|all\s+"
                             r"(?:my\s+|our\s+)?(?:orders|parcels|deliveries)\s+)?to\s+" + STREET_ADDRESS)
_STANDING = re.compile(r"\b(?:always|all|everything|from now on)\b", re.IGNORECASE)
"""Where parcels go from now on: "Please deliver always to 880 Maple Drive"; "only this order" is an errand."""


def held_values(text: str, person: str) -> list[Value]:
    found: list[Value] = []
    for match in [*_NAMED_ACCOUNT.finditer(text), *_ACCOUNT_WITH.finditer(text)]:
        bank, kind = match.group("bank"), match.groupdict().get("kind")
        if bank.lower() in _NOT_BANKS or not (kind or _BANK_CONTEXT.search(text)):
            continue
        moved = bool(_MOVED_TO.search(text[: match.start()])) or None
        found.append(("bank", bank, f"{person} banks with {bank}", (), moved))
    for match in _INSURED_WITH.finditer(text):
        insurer = match.group("insurer")
        found.append(("attribute_insurer", insurer, f"{person}'s insurer is {insurer}", (), None))
    for match in [*_HOME_AT.finditer(text), *_HOME_BOUGHT.finditer(text)]:
        address = match.group("address").rstrip(" ,")
        found.append(("address", address, f"{person} lives at {address}", (), None))
    if _STANDING.search(text):
        for match in _DELIVER_ALWAYS.finditer(text):
            address = match.group("address").rstrip(" ,")
            found.append(("delivery_address", address, f"{person}'s delivery address is {address}", (), None))
    return found
