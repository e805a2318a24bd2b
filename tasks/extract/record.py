"""What an agent or a chat bot reads off the customer's record, as a list of values.

"I found an account on Full Fibre 150 at 7 Mill Close, Stroud", "Found it: Harbor Dental Group, Team plan, 12 seats",
"I see a Google Pixel 7 registered to this line", "I've got card ending 8830 up, billing address 2281 Larkspur Ct",
"I see 1 vehicle on this policy: 2019 Honda CR-V EX": a bot's or an agent's look-up names the record's values one
after another, with no verb that a frame of the customer extractor reads. Each value is recognised by its shape
or by the slot noun beside it (a street address, a plan, a card or an account ending, a bank, a device or a car
named with a model, an email) and becomes a short first-person statement ("I am on the Team plan.") that the
customer-turn extractor reads, as tasks/extract/mentioned.py does for a holding named in passing.

A look-up is read only from its opener ("I see", "I found", "I've got", "Found it:") and only where it names no
offer or condition ("I found a cheaper plan for you", "if you ..."): the values are what the record holds now.
"""

from __future__ import annotations

import re

from archivist.tasks.extract.held import POSTCODE_TAIL, STREET_ADDRESS
from archivist.tasks.extract.mentioned import NAME
from archivist.tasks.extract.stated import EMAIL

_OPENER = re.compile(
    r"^(?:(?:ok(?:ay)?|thanks?|thank you|great|perfect|right|got it|verified|lovely|ta)(?: [A-Z][^\W\d_]+)?[,.!]?\s+)*"
    r"(?:(?:i|we)(?:'ve| have)(?: also| just)? (?:got|found|pulled up|located)"
    r"|(?:i|we)(?: can)?(?: also)? (?:see|found|pulled up|located)"
    r"|found (?:it|you|your (?:account|record|profile|policy|booking))[:,]?"
    r"|(?:i|we) (?:see|have|can see) (?:\d+|one|two|a|an) (?:[\w-]+ ){0,2}?(?:on|under|for|linked to) "
    r"(?:this|your|the) (?:account|policy|line|profile|plan|record|membership)[:,]?)\s+", re.IGNORECASE)
_NOT_RECORD = re.compile(r"\b(?:if|unless|for you|available|cheaper|better|option|options|deal|offer|upgrade to|"
                         r"instead|could|would|might|will|problem|issue|fault|error|outage|charge|refund|"
                         r"duplicate|attempts?|charged|payments?|transactions?|declined|failed|reversed|bounced|pending)\b",
                         re.IGNORECASE)
"""An offer, a condition or an event on the account ("two attempts on the card ending 4417"): no look-up of what it
holds, only of what happened to it."""
_RECORD_WORDS = re.compile(r"\b(?:account|record|profile|policy|line|file|membership|registered|linked|plan|card|"
                           r"billing|cover|subscription|entered|saved|workspace|member)\b", re.IGNORECASE)
"""What says the sentence reads the customer's record; an agent's search result names none of these."""
_ABOUT_YOU = re.compile(r"\b(?:you|your|you're|you've|yours)\b", re.IGNORECASE)
_ENDING = re.compile(rf"(?:\b(?P<name>{NAME})\s+)?\b(?P<kind>card|debit card|credit card|account|(?-i:Visa|Mastercard|"
                     r"Amex|Maestro))\s+ending\s+"
                     r"(?:in\s+)?(?P<digits>\d{4})\b")
_PLAN = re.compile(rf"\b(?P<name>{NAME})\s+(?P<kind>plan|tariff|package|bundle|membership|subscription|tier)\b")
_ON_PLAN = re.compile(rf"\b(?:account|line|connection|service) on (?:the )?(?P<name>{NAME})(?=\s+at\b|\s*[,.;]|$)")
_THING = re.compile(r"(?:^|[:,]\s*|\b(?:a|an)\s+)"
                    r"(?P<thing>(?:(?:19|20)\d\d\s+)?[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|\d[\w.-]*)){1,4})"
                    r"(?=\s+(?:registered|linked|on|with|,|registration|reg)\b|\s*[,.;]|$)")
_SEATS = re.compile(r"\b(?P<count>\d+)\s+(?P<unit>seats|users|licences|licenses|lines|members)\b", re.IGNORECASE)
_STREET = re.compile(r"\b(?:road|rd|street|st|lane|ln|avenue|ave|drive|dr|close|court|ct|crescent|cres|way|place|pl|"
                     r"terrace|tce|grove|gardens|mews|row|square|sq|parade|walk|boulevard|blvd|highway|hwy|hill|park|"
                     r"view|rise|green|circle|cir|trail|parkway|pkwy)\b", re.IGNORECASE)
"""A street address is told from a car's model year ("2017 Toyota Corolla") by its street word."""
_BANK_FIRST = re.compile(rf"^(?P<bank>{NAME}),\s+(?:BSB|sort code|IBAN|routing|account|acc|branch)\b")
"""Bank details read as a list ("Westpac, BSB 032-118, account ending 5518"): the bank comes first."""
_CODES = frozenset({"BSB", "IBAN", "SWIFT", "BIC", "ABN", "ACN", "VAT", "ID", "PIN", "NI", "SSN", "EIN", "TIN", "GST",
                    "PAN", "CRO", "CAC", "REF", "MPAN", "MPRN"})
_SLOT_ADDRESS = re.compile(r"\b(?P<slot>billing|delivery|shipping|postal|home|service|supply|installation)\s+address\b"
                           r"[:,]?\s*$", re.IGNORECASE)


_ANSWERED = re.compile(
    r"^(?:(?:(?:good )?(?:morning|afternoon|evening)|hi|hello|yes|yep|yeah|sure|ok(?:ay)?|right|thanks|of course)"
    r"(?: [A-Z][^\W\d_]+)?[,.!]?\s+)*(?:(?:we|i)(?:'ve| have) got|(?:we|i) have|(?:that's|that is) what (?:we|i) "
    r"(?:have|hold)(?: (?:on file|on record|here))?[:,]?)(?: (?:you )?(?:down )?(?:at|as))?\s+", re.IGNORECASE)
_ANSWER_END = r"\s*(?:[.;!?]|$|,\s+(?=[a-z]))"


def answered_value(sentence: str, question: str = "") -> list[str]:
    """The value an agent reads back when the customer has just asked what their record holds ("Can you confirm
    the supply address on my account?" / "We've got 9 Pemberton Close, Ipswich, IP4 2RD."): an address, an email
    or a phone number that is all the sentence gives after "we've got" or "that's what we have on file". An address
    asked about for deliveries (`question`: "... my address right for the repeat prescription delivery") is the
    delivery address."""
    opener = _ANSWERED.match(sentence.strip())
    if opener is None:
        return []
    rest = sentence.strip()[opener.end():]
    street = re.match(STREET_ADDRESS + POSTCODE_TAIL + _ANSWER_END, rest)
    if street is not None and _STREET.search(street.group("address")):
        slot = "delivery address" if re.search(r"\bdeliver", question, re.IGNORECASE) else "address"
        return [f"My {slot} is {street.group(0).rstrip(' .;!?,')}."]
    email = re.match(rf"({EMAIL.pattern}){_ANSWER_END}", rest)
    if email is not None:
        return [f"My email is {email.group(1)}."]
    phone = re.match(r"(\+?\d[\d ()-]{6,}\d)" + _ANSWER_END, rest)
    return [f"My phone number is {phone.group(1)}."] if phone is not None else []


_LIST_OPENER = re.compile(
    r"^(?:.{0,40}?\b)?(?:reading back|here's|here is|this is|that's|i've got|i have|we have|we've got|so we have|"
    r"so i have|so that's|to confirm)\b[^:]{0,60}?\b(?:profile|record|records|account|file|details|membership|"
    r"policy|what we have|what i have)\b[^:]{0,20}:\s*", re.IGNORECASE)
_LABELLED = re.compile(
    r"^(?P<label>(?:[a-z]+ ){0,2}?(?:seat|meal|contact|language|delivery|billing|payment|communication)? ?"
    r"(?:preference|address|email|e-mail|mobile|mobile number|phone|phone number|plan|tier|tariff|club|branch|"
    r"surgery|pharmacy|practice|payment method|billing day|payment day|collection day|delivery day|language|"
    r"seat|meal))\s*:?\s+(?P<value>(?!is\b|was\b|of\b|to\b|on\b|for\b)\S.*)$", re.IGNORECASE)
"""One item of a read-back list: "seat preference aisle", "mobile 07700 900412", "plan Unlimited 30GB"."""


def labelled_values(sentence: str) -> list[str]:
    """ "Reading back what's on your SkyPoints profile: name ..., seat preference aisle, meal preference standard,
    mobile 07700 900412": a read-back of the record as a list of labels and values, each item the value of the
    slot its label names. Only items whose label names such a slot; names, numbers that look the customer up and
    references are left to the look-up readers."""
    opener = _LIST_OPENER.match(sentence.strip())
    if opener is None:
        return []
    found = []
    for item in re.split(r",\s+|;\s+|\s+and\s+", sentence.strip()[opener.end():].rstrip(" .")):
        match = _LABELLED.match(item.strip())
        if match is not None:
            label = match.group("label").lower()
            label = "phone number" if label in ("mobile", "phone", "mobile number") else label
            found.append(f"My {label} is {match.group('value').strip()}.")
    return found


def record_values(sentence: str) -> list[str]:
    """First-person statements of the values a look-up sentence (an agent's or a bot's) reads off the record."""
    opener = _OPENER.match(sentence.strip())
    if opener is None:
        return []
    rest = sentence.strip()[opener.end():]
    if not _RECORD_WORDS.search(sentence):
        return []  # "I've found Autumn Oaks Apartments located at 1400 Humphrey Drive": a search, not a look-up
    if _NOT_RECORD.search(rest) or _ABOUT_YOU.search(rest):
        return []  # "I can see 22 Wattle Crescent on file as your delivery address": the rewrites name its slot
    found: list[str] = []
    used: list[tuple[int, int]] = []  # what an address takes, to its clause's end ("..., Portland OR 97214")
    for match in re.finditer(STREET_ADDRESS, rest):
        if not _STREET.search(match.group("address")):
            continue
        # the address runs to its clause's end ("1450 N Halsted St, Apt 3B", "..., Portland OR 97214")
        end = re.search(r"[;!?]|\.(?:\s|$)|\s+and\s|,\s+(?=[a-z])|$", rest[match.end():])
        stop = match.end() + (end.start() if end else 0)
        used.append((match.start(), stop))
        slot = _SLOT_ADDRESS.search(rest[: match.start()])
        address = rest[match.start("address"):stop].rstrip(" ,.")
        found.append(f"My {slot.group('slot').lower()} address is {address}." if slot else f"My address is {address}.")
    for match in _ENDING.finditer(rest):
        name = match.group("name") or ""
        found.append(f"I pay with my {name + ' ' if name else ''}{match.group('kind')} ending {match.group('digits')}.")
    bank = _BANK_FIRST.match(rest)
    if bank is not None:
        found.append(f"I bank with {bank.group('bank')}.")
    for match in _PLAN.finditer(rest):
        found.append(f"I am on the {match.group('name')} {match.group('kind')}.")
    for match in _ON_PLAN.finditer(rest):
        found.append(f"I am on {match.group('name')}.")
    for match in _SEATS.finditer(rest):
        found.append(f"My account has {match.group('count')} {match.group('unit')}.")
    found += [f"My email is {email}." for email in EMAIL.findall(rest)]
    taken = " ".join(found)
    for match in _THING.finditer(rest):
        thing = match.group("thing").rstrip(" .")
        inside = any(start <= match.start("thing") < end for start, end in used) or \
            thing.split()[0].upper() in _CODES  # "BSB 032-118": a code of the record, no thing owned
        if thing not in taken and not inside and any(ch.isdigit() for ch in thing):  # a model has its number
            found.append(f"I have a {thing}.")
    return found
