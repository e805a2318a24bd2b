"""Standing arrangements: the day a thing of the person's comes round ("my direct debit comes out on the 1st",
"your payment date is the 14th of each month", "your deliveries are on Tuesday"), and where a regular delivery
goes ("boxes go to 5 Heron Way", "it goes to 22 Fennel Lane").

A day of the month or a weekday that recurs is a value the person keeps, and a support chat moves it ("I've
moved your direct debit date to the 15th"), so it is filed as one slot per thing: `attribute_<thing>_day`
(the debit's, the delivery's), whether it was said with the noun "date"/"day" or with a verb and "on". One
calendar date ("my payment date is next Monday") is a moment, not a schedule, and is not kept.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.parse import Clause, arguments
from archivist.tasks.extract.phrases import STREET, object_text, phrase_tokens
from archivist.tasks.extract.relate import Reading, Who, clause_text

DATE_SLOTS = frozenset({"date", "day"})
_MONTH_DAY = r"\d{1,2}(?:st|nd|rd|th)(?: of (?:the|each|every) month)?"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_RECURRING = re.compile(rf"(?:the )?(?:{_MONTH_DAY}|{_WEEKDAY}s?)$", re.I)
# Said with a verb, a single weekday may be one delivery ("my parcel comes on Tuesday"): only a day of the
# month, weekdays in the plural or every weekday, or a plural subject ("deliveries are on Tuesday") recur.
_HABITUAL = re.compile(rf"(?:the )?(?:{_MONTH_DAY}|{_WEEKDAY}s|every {_WEEKDAY})$", re.I)


# What a person pays by: its day is one slot whatever it is called ("the 1st" said of the direct debit, then "your
# instalment will come out on the 15th", "your payment date is now the 15th").
PAYMENTS = frozenset({"debit", "payment", "instalment", "installment", "premium", "repayment", "subscription",
                      "contribution", "donation", "gift", "rent", "bill", "billing"})
PAYMENT_DAY = "attribute_payment_day"


def schedule_slot(noun: Any) -> str:
    """`attribute_<thing>_day`: "direct debit date" and "my direct debit comes out" fill one slot; a payment's day
    is `attribute_payment_day`, whichever word names the payment."""
    named = [c for c in noun.children if c.dep_ == "compound" and c.pos_ == "NOUN" and c.i < noun.i]
    thing = named[-1] if noun.lemma_.lower() in DATE_SLOTS and named else noun
    if thing.lemma_.lower() in PAYMENTS:
        return PAYMENT_DAY
    return "attribute_" + re.sub(r"[^a-z0-9]+", "_", thing.lemma_.lower()).strip("_") + "_day"


def recurring_day(value: Any) -> bool:
    """The value is a day that comes round ("the 28th of each month", "Tuesdays")."""
    return _RECURRING.match(object_text(phrase_tokens(value, set()), keep_possessive=True)) is not None


def dated_attribute(clause: Clause, who: Who, value: Any) -> Reading | None:
    """ "my payment date is the 14th": the value of a date or day noun, when it recurs."""
    obj = object_text(phrase_tokens(value, set()), keep_possessive=True)
    if who.thing is None or not _RECURRING.match(obj):
        return None
    return _reading(clause, who, value, obj, f"{who.thing_text} is")


def schedule_reading(clause: Clause, who: Who) -> Reading | None:
    """ "my direct debit comes out on the 1st of the month", "your deliveries are on Tuesdays"."""
    if who.thing is None or who.thing.lemma_.lower() in DATE_SLOTS:
        return None
    day = next((a for n, a in arguments(clause.verb) if n == "prep:on"), None)
    if day is None:  # "is collected by direct debit on the 1st": the parser hangs the day on the method
        day = next((d for n, a in arguments(clause.verb) if n in ("prep:by", "prep:via", "prep:through")
                    for d in [_on_day(a)] if d is not None), None)
    if day is None or any(n == "dobj" for n, _ in arguments(clause.verb)):
        return None
    obj = object_text(phrase_tokens(day, set()), keep_possessive=True)
    plural = who.thing.tag_ in ("NNS", "NNPS")
    if not (_HABITUAL.match(obj) or (plural and _RECURRING.match(obj))):
        return None
    return _reading(clause, who, day, obj, f"{who.thing_text} {'are' if plural else 'is'} on")


def _on_day(method: Any) -> Any | None:
    """The object of an "on" the parser hangs on a payment method ("by direct debit on the 1st")."""
    return next((p for c in method.children if c.dep_ == "prep" and c.lower_ == "on"
                 for p in c.children if p.dep_ == "pobj"), None)


def payment_day(clause: Clause, who: Who, method: Any | None) -> Reading | None:
    """ "you pay by direct debit on the 1st of each month", "I pay £38.50 on the 15th": the day a payment recurs,
    said beside how it is paid (`method`: the payment method's token, where the parser may hang the day)."""
    if clause.verb.lemma_.lower() not in ("pay", "collect", "take", "debit") or clause.status != "current":
        return None
    day = next((a for n, a in arguments(clause.verb) if n == "prep:on"), None)
    if day is None and method is not None:
        day = _on_day(method)
    if day is None:
        return None
    aside = {t.i for c in day.children if c.dep_ == "appos" for t in c.subtree}  # "..., ten instalments"
    obj = object_text([t for t in phrase_tokens(day, set()) if t.i not in aside], keep_possessive=True)
    if not _HABITUAL.match(obj.rstrip(" ,")):
        return None
    obj = f"the {obj}" if obj[:1].isdigit() else obj
    text = f"{who.name}'s payment day is {obj}" if not clause.negated else \
        clause_text(clause, Who(who.name, who.first_person), day, set())
    return Reading(PAYMENT_DAY, day, obj, text)


PAYMENT_AMOUNT = "attribute_payment"
"""The amount a person pays, gives or puts in regularly: "I pay £30 a month", "my monthly payment is $1,842.16"."""
_PAYING = frozenset({"pay", "give", "donate", "contribute", "do", "put"})
_PER = re.compile(r"^(?:a|an|per|each|every) (?:week|fortnight|month|quarter|year|annum)\b|^(?:weekly|monthly|"
                  r"quarterly|annually|yearly)\b|^of (?:my|your|our|their|his|her) (?:gross |basic )?(?:salary|pay|"
                  r"wages|earnings|income)\b", re.IGNORECASE)
MONEY = re.compile(r"^(?:[£$€]|(?:A|C|NZ)\$|R ?)\d[\d,]*(?:\.\d\d)?$|^\d+(?:\.\d+)?%$")


def paid_amount(clause: Clause, who: Who) -> Reading | None:
    """ "I pay £30 a month", "you're paying £38.50 a month by direct debit", "I already do the £15 a month by direct
    debit", "you're contributing 5% of your salary": what a person pays regularly, with its period."""
    verb = clause.verb
    if verb.lemma_.lower() not in _PAYING or clause.status != "current" or clause.negated or not who.first_person:
        return None
    doc = verb.doc
    for token in (t for t in verb.subtree if t.i > verb.i and t.text not in "£$€%"):
        amount, end = token.text, token.i + 1
        if token.i > 0 and token.nbor(-1).text in "£$€":
            amount = token.nbor(-1).text + amount  # "£ 15" as the tokenizer splits it
        if end < len(doc) and doc[end].text == "%":
            amount, end = amount + "%", end + 1
        if not MONEY.match(amount):
            continue
        period = _PER.match(doc[end:].text.lstrip()) if end < len(doc) else None
        if period is None:
            continue
        said = period.group(0).lower()
        said = re.sub(r"\b(?:my|your|our|his|her)\b", "their", said)
        verb_word = "contributes" if verb.lemma_.lower() in ("contribute", "put") else "pays"
        obj = f"{amount} {said}"
        return Reading(PAYMENT_AMOUNT, token, obj, f"{who.name} {verb_word} {obj}")
    return None


def _reading(clause: Clause, who: Who, value: Any, obj: str, said: str) -> Reading:
    assert who.thing is not None
    obj = f"the {obj}" if obj[:1].isdigit() else obj
    plain = clause.status == "current" and not clause.negated
    slot = schedule_slot(who.thing)
    if slot == PAYMENT_DAY:  # one wording for one slot, whichever payment word the sentence used
        said = "payment day is"
    text = f"{who.name}'s {said} {obj}" if plain else \
        clause_text(clause, Who(f"{who.name}'s {who.thing_text}", False), value, set())
    return Reading(slot, value, obj, text)


DELIVERED = frozenset({"box", "delivery", "post", "mail", "letter", "bill", "statement", "magazine", "it"})
"""What arrives again and again at one address; an order or a parcel goes once, wherever it is sent."""


def delivery_address(doc: Any, person: str) -> tuple[str, str] | None:
    """(address, text) for "boxes go to 5 Heron Way", "it goes to 22 Fennel Lane, Norwich": where a regular
    delivery goes, said in the present simple, is the person's address (as the agent's "letters go to X" is,
    configs/contracts.toml). "My parcel went to 5 Heron Way" or "can it go to ..." says nothing of that."""
    for verb in doc:
        if verb.lemma_.lower() not in ("go", "come") or verb.tag_ not in ("VBZ", "VBP") or \
                any(c.dep_ in ("aux", "neg") for c in verb.children):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lemma_.lower() not in DELIVERED or \
                any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in subject.children):
            continue
        place = next((a for n, a in arguments(verb) if n == "prep:to"), None)
        if place is None or place.lemma_.lower() not in STREET or not any(t.like_num for t in place.subtree):
            continue
        address = object_text(phrase_tokens(place, set()))
        return address, f"{person}'s deliveries go to {address}"
    return None
