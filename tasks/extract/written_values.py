"""Facts that rest on a value rather than a verb: a card number (13-19 digits that pass the Luhn check or stand
next to a payment word), a card named by its ending, a masked credential, an email address the person writes,
and the values held.py reads (a bank, an insurer, a home, where parcels go)."""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.held import STREET_ADDRESS, held_values
from archivist.tasks.extract.stated import EMAIL, card_name

_CARD = re.compile(r"\b(?:\d[ \-]?){12,18}\d\b")
_ENDING = re.compile(r"\b(?:(?:my|our|the|a|new|replacement)\s+(?:[\w-]+\s+){0,2}(?:card|visa|mastercard|amex|debit|"
                     r"debit card|credit card|account|iban)|(?:new|replacement) one|iban|(?-i:Visa|Mastercard|Amex|"
                     r"VISA|AMEX|Maestro|Discover)(?:\s+(?:debit|credit))?(?:\s+card)?)\b(?:[^.?!,]{0,30}?,)?"
                     r"(?:\s*it)?,?\s+(?:(?:that|which)\s+)?(?:(?:is|was)\s+)?(?:ending|ends|ended)\s+(?:in\s+|with\s+)?"
                     r"(?P<digits>\d{4})\b",
                     re.IGNORECASE)
"""A card named by its last four digits: "my Visa ending 4417", "the new card, ending 9032", "the replacement card
you sent came yesterday, it ends 9083"."""
_SERVED_AT = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+(?!(?:old|previous|former|last)\s)(?:[\w-]+\s+){0,2}?"
                        r"(?:broadband|fibre|fiber|connection|line|service|internet|wifi|electricity|gas|water|"
                        r"meter|supply|landline|property|premises|house|flat|apartment|home|building|unit|place|"
                        r"bungalow|cottage|condo)\s+(?:is\s+)?(?:at|in)\s+" + STREET_ADDRESS +
                        r"(?=\s+(?:is|was|has|have|keeps|are|were|will|went|seems|isn't|kept|drops|dropped)\b"
                        r"|\s*[,.;!?]|$)")
"""A service or a home named at a street address ("my broadband at 12 Hill Road, York keeps dropping", "our
building at 1820 Larimer Street"): the person's place."""
_CORRECTED = re.compile(r"\b(?:not|n't)\s+(?:ending|end)\s+(?:in\s+|with\s+)?\d{4}\b[^.?!]*\b(?:ending|ends)\b"
                        r"|\b(?:correct(?:ed)?|chang(?:e|ed)|updat(?:e|ed)|switch(?:ed)?)\b[^.?!]{0,40}\bto\s+"
                        r"(?:the|a|my|your)\s+(?:[\w-]+\s+){0,2}(?:ending|ends)\b", re.IGNORECASE)
"""A correction of an ending: "not ending 4471, it is ending 4417", "corrected the debit to the account ending 4417"."""
_MASKED = re.compile(r"\[(?P<kind>card ending \d{4}|password|pin|cvv|one-time code|api key)\]", re.IGNORECASE)
"""What tasks/ingest/privacy.py leaves of a secret (configs/privacy.toml tags): the fact that there was one."""
_SLOT_BEFORE = re.compile(r"\b(?P<noun>password|passcode|pin|pin code|security code|card number|card|cvv|code|key)"
                          r"\W+(?:\w+\W+){0,2}$", re.IGNORECASE)
_PAYMENT_CONTEXT = re.compile(r"\b(?:card|visa|mastercard|amex|debit|credit|payment|pay|paid|billing)\b", re.IGNORECASE)

_ASKED_CHANGE = re.compile(r"\b(?:request(?:ed|s)?|asked|ask|asking|want(?:ed|s)?|trying|tried|attempt(?:ed|s)?|"
                           r"application|instruction)\s+(?:\w+\s+){0,4}?to\s+(?:change|update|switch|move|set|amend)\b",
                           re.IGNORECASE)
"""A request or an attempt to change a value, before it: the value is asked for, not what the record holds."""
_ATTEMPTED = re.compile(r"\b(?:tried|trying|try|attempted|attempting)\s+to\b", re.IGNORECASE)
"""An attempt before a card's ending: the card is not said to pay."""


def value_facts(doc: Any, person: str, g: Grammar
                ) -> list[tuple[str, str, str, tuple[str | None, ...], bool | None]]:
    """(relation, object, text, names, replaces) of the values a sentence holds; `replaces` None: as the
    sentence's own wording says (replacement.states_change)."""
    text = doc.text
    found = []
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        if 13 <= len(digits) <= 19 and (_luhn(digits) or _PAYMENT_CONTEXT.search(text)):
            found.append(("payment_method", match.group(0), f"{person}'s card number is {match.group(0)}", (), None))
    for match in _MASKED.finditer(text):
        kind = match.group("kind").lower()
        if kind.startswith("card ending"):
            ending = kind.rsplit(" ", 1)[-1]
            # What the tag leaves of a card is the ending of a payment method (the word "card" is left out: the
            # local decision model read it as kin to any later "card check" in the same chat).
            found.append(("payment_method", match.group(0), f"{person}'s payment method ends in {ending}", (), None))
            continue
        before = _SLOT_BEFORE.search(text[: match.start()])
        noun = before.group("noun") if before else kind
        noun = noun if noun.isupper() else noun.lower()
        found.append(("credential", match.group(0), f"{person}'s {noun} is {match.group(0)}", (), None))
    for match in _ENDING.finditer(text):
        if _ATTEMPTED.search(text[: match.start()]):
            continue  # "I tried to switch to my Amex ending 1009 but it was declined": no card that pays
        # "my Visa ending 4417", "the new card, ending 9032": the ending names the card, as the privacy tag does
        ending = match.group("digits")
        # "a new card, ending 9032": the card it replaces no longer pays
        # "the IBAN is not ending 4471, it is ending 4417", "corrected the direct debit to the account ending 4417":
        # a correction says the ending it names replaces the one on file
        new = bool(re.search(r"\b(?:new|replacement)\b", match.group(0), re.IGNORECASE)
                   or _CORRECTED.search(text[: match.start()] + match.group(0))) or None
        named = card_name(match.group(0))
        said = "ending in" if re.search(r"\bending in\b", match.group(0), re.IGNORECASE) else "ending"
        found.append(("payment_method", f"card ending {ending}", f"{person} pays with the {named or 'card'} {said} "
                      f"{ending}", (), new))
    for match in EMAIL.finditer(text):
        if _ASKED_CHANGE.search(text[: match.start()]):
            continue  # "a pending request on our account to change the billing contact to ap@...": not done
        found.append(("contact", match.group(0), f"{person}'s email is {match.group(0)}", (), None))
    found += held_values(text, person)  # a bank, an insurer, a home, where parcels go (held.py)
    for match in _SERVED_AT.finditer(text):
        # "my broadband at 12 Hill Road, York keeps dropping": where the person's service is, is where they are
        address = match.group("address").rstrip(" ,")
        found.append(("address", address, f"{person} lives at {address}", (), False))  # where it is, not a move
    return found


_PRESUPPOSED = re.compile(r"\b(?:my|our)\s+(?:[\w'-]+\s+){0,3}?(?:card|visa|mastercard|amex|debit card|credit card)"
                          r"\b[^?]{0,12}?\bending(?: in)?\s+\d{4}\b|\b(?:my|our)\s+(?:new\s+)?[A-Z][\w-]*\s+\w*\d",
                          re.IGNORECASE)


def presupposes_value(sentence: str) -> bool:
    """A question that may say in passing what the person has: "my card ending 4417", "my Galaxy S22" (a word
    and a number after "my", in any case: chat is often typed lower case). Only a prefilter: such questions are
    parsed, and only value_facts and owned_devices are read from them."""
    return bool(_PRESUPPOSED.search(sentence)) and not sentence.lower().lstrip().startswith(("if ", "when ", "unless "))


def _luhn(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2 == 1:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0
