"""A name an agent opens a sentence with, read as the customer ("Ziggy is on the Pet Health Club Standard plan",
"Brightwater Studio is on the Business plan", "Northwind Labs now has 65 seats").

In a support chat the agent speaks to the account's holder about the account: a named subject that is on a plan,
enrolled, booked, covered or holds a count of seats is the holder's pet, child, organisation or the holder
themselves, and what it holds is the account's. Not a name the conversation gave as someone else's ("my brother
Tom", "your colleague Marco"): a change for a third party must not close the customer's own fact. Only the
holding verbs below are read this way; any other sentence about a name stays unread, as before.
"""

from __future__ import annotations

import re

from archivist.tasks.extract.dates import MONTHS, WEEKDAYS
from archivist.tasks.extract.types import TurnContext

_OTHERS = (r"brother|sister|son|daughter|mum|mom|mother|dad|father|wife|husband|partner|colleague|co-?worker|"
           r"friend|boss|manager|neighbou?r|flatmate|housemate|roommate|cousin|uncle|aunt|nan|gran|grandma|grandad|"
           r"grandson|granddaughter|niece|nephew|assistant|boyfriend|girlfriend|fianc[eé]e?|tenant|landlord|client")
_NAME = r"(?-i:[A-Z])[\w'-]+"
_INTRODUCED_OTHER = re.compile(
    rf"\b(?:my|our|your|his|her|their) (?:[a-z]+ ){{0,2}}?(?:{_OTHERS})(?:'s)?,? ({_NAME})"
    rf"|\b({_NAME}),? (?:my|our|your|his|her|their) (?:[a-z]+ ){{0,2}}?(?:{_OTHERS})\b", re.IGNORECASE)
_NOT_NAMES = frozenset({"the", "this", "that", "these", "those", "it", "there", "here", "your", "our", "my", "his",
                        "her", "their", "we", "you", "i", "they", "he", "she", "everything", "nothing", "all", "each",
                        "every", "yes", "no", "which", "what", "who", "once", "if", "when", "so", "and", "but",
                        "today", "tomorrow", "nobody", "someone", "one", "both", *WEEKDAYS, *MONTHS})
_SLUG = r"(?-i:[a-z0-9]+(?:-[a-z0-9]+)+)"
"""A workspace named by its slug ("northbeam-studio"): lower case, with a hyphen. A name with "'s on" holds only
what is named ("Luna's on the Complete Care plan", not "Tom's on the phone")."""
_HOLDING = re.compile(
    rf"^(?P<name>{_NAME}(?: (?:&|and|of|{_NAME})){{0,3}}|{_SLUG})(?: \([^)]*\))?"
    r"(?: |(?='s on (?:the |an? )?(?-i:[A-Z0-9])))"
    r"(?:(?P<be>is|are|'s)(?P<when> now| currently| still| also)? (?=(?:on|active on|enrolled|booked|registered|"
    r"insured|covered|signed up|subscribed)\b)"
    r"|(?P<when2>now |currently |still )?(?P<have>has|have) (?=\d[\d,]* (?:seats|licen[cs]es|users|members|"
    r"connections|lines|sims)\b))")


def third_parties(turn: TurnContext) -> frozenset[str]:
    """Names the conversation so far gives as someone other than the holder ("my brother Tom", "Marco, my
    colleague")."""
    found: set[str] = set()
    for message in (*turn.previous, turn):
        for match in _INTRODUCED_OTHER.finditer(message.text or ""):
            found.add((match.group(1) or match.group(2)).lower())
    return frozenset(found)


_POSSESSED_OTHER = re.compile(rf"\b(?:my|our|your|his|her|their) (?:[a-z]+ ){{0,2}}?(?:{_OTHERS})s?\b", re.IGNORECASE)
_FOR_NAME = re.compile(rf"\bfor ({_NAME})\b(?! (?-i:[A-Z]))")
_OCCASIONS = frozenset({"christmas", "easter", "halloween", "diwali", "eid", "ramadan", "hanukkah", "thanksgiving"})


def someone_else_mentioned(turn: TurnContext) -> bool:
    """The conversation so far speaks of another person by relation ("my son", "your colleague")."""
    return any(_POSSESSED_OTHER.search(message.text or "") for message in (*turn.previous, turn))


def for_another(text: str, others: frozenset[str], someone_else: bool) -> bool:
    """An agent's statement of what was set up "for" a named person who is not the holder: a name the
    conversation gave as a third party's, or any single name where the conversation spoke of another person
    ("my son's just turned 16" ... "I've set up a Student membership for Ethan")."""
    for match in _FOR_NAME.finditer(text):
        name = match.group(1).lower()
        if name in others or someone_else and name not in _NOT_NAMES and name not in _OCCASIONS:
            return True
    return False


def named_as_you(text: str, others: frozenset[str]) -> str:
    """ "Ziggy is on the Standard plan" -> "You are on the Standard plan", "Northwind Labs now has 65 seats" -> "Your
    account now has 65 seats", unless the name is a third party's."""
    match = _HOLDING.match(text)
    if match is None:
        return text
    words = [w.lower() for w in re.findall(r"[\w'-]+", match.group("name"))]
    if words[0] in _NOT_NAMES or set(words) & others:
        return text
    when = match.group("when") or (" " + match.group("when2").strip() if match.group("when2") else "")
    if match.group("be"):
        return f"You{when} are " + text[match.end():]
    return f"Your account{when} has " + text[match.end():]  # the seats an organisation holds are its account's


_RECORD_NOUNS = (r"plan|policy|premium|cover|membership|account|subscription|diet|food|prescription|repeat|"
                 r"direct debit|debit|payment|instalment|sessions|days|class|contract|tariff|insurance|profile|record|"
                 r"details|booking|package|allowance|limit|excess|renewal|vet|practice|nursery|school")
_NAMED_RECORD = re.compile(rf"(?<!\bDr )(?<!\bMr )(?<!\bMrs )(?<!\bMs )(?<!\bMiss )\b({_NAME})'s "
                           rf"(?=(?:[\w-]+ ){{0,2}}?(?:{_RECORD_NOUNS})\b)")


def named_record_as_yours(text: str, others: frozenset[str], someone_else: bool) -> str:
    """ "Bramble's premium of £23.40 is collected on the 1st", "I've moved Pepper's repeat diet to ...": a pet's or
    a child's record, named by its name, is the account holder's record in a support chat ("your premium"), unless
    the name is a third party's or the conversation spoke of another person, whose it may be."""
    if someone_else:
        return text

    def yours(match: re.Match[str]) -> str:
        name = match.group(1).lower()
        if name in others or name in _NOT_NAMES:
            return match.group(0)
        return "Your " if match.start() == 0 else "your "

    return _NAMED_RECORD.sub(yours, text)
