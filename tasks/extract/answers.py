"""A customer's answer to the agent's question: "Can you confirm your address?" / "It's 3 Bay View now".

When the message just before a turn is an agent's (or system's) question that names a slot (configs/
extraction.toml [asked_slots]: "your address", "a contact number", "the best number to reach you on"), a
sentence of the turn that only gives a value is that slot's value: "it's X", "that's X", "it's now X", or X
alone ("14 Elm Grove, Cardiff."). The value is the run of words after the copula up to the next clause or a
trailing adverb, and it must look like a value of the slot (a street or a place for an address, seven digits
or more for a phone number, an address with "@" for an email, a name for an employer or a bank), so "it's
fine" or "yes, that's right" give nothing. An answer that says the value changed ("it's X now", "that's
changed, it's X", "my new number ...") is marked `replaces`.
"""

from __future__ import annotations

import re
from typing import Any

from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.phrases import STREET
from archivist.tasks.extract.phrasing import article, at_or_in
from archivist.tasks.extract.relate import classify
from archivist.tasks.extract.stated import EMAIL
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.extract.writing import render

_REQUESTING = re.compile(r"\?|\b(?:confirm|tell me|give me|provide|take|need|let me know)\b|"
                         r"\b(?:what's|what is|which is|who's|who is|(?:what|which) (?:[\w'-]+ ){1,2}(?:would|do|did|"
                         r"should|will|shall|can|could|are|is))\b(?!.*\b(?:i|we)(?:'ll| will)\b)[^.!]*$",
                         re.IGNORECASE)
"""A question or a request for a value: a transcript writes "what's the new address" without its mark."""
_CONFIRMING = frozenset({"right", "correct", "fine", "accurate", "true", "good", "ok", "okay", "perfect"})
"""A confirmation before the value it confirms ("Yes, that is right, 418 Maple Street"): no part of the value."""
SUBJECTS = frozenset({"it", "that", "this", "which", "mine"})
OPENERS = frozenset({"sure", "yes", "yeah", "yep", "ok", "okay", "right", "so", "well", "actually", "oh", "erm",
                     "um", "hi", "hello", "of", "course", "no"})
CHANGED = frozenset({"now", "changed", "new", "moved", "updated", "different", "anymore", "longer", "switched"})


def asked_slot(turn: TurnContext, g: Grammar) -> str | None:
    """The slot the agent's message before this turn asks for, by the longest phrase it names. A chat typed in
    one-line messages answers over several ("Can you share your order number and delivery address?" / "#CH-58120"
    / "12 admiralty way lekki"): the customer's own messages in between (two at most) do not end the question."""
    own = 0
    while own < len(turn.previous) and own < 3 and (turn.previous[-1 - own].role or "").lower() in g.speaker_roles:
        own += 1
    if own >= len(turn.previous) or own > 2:
        return None
    last = turn.previous[-1 - own]
    if (last.role or "").lower() in g.speaker_roles or not _REQUESTING.search(last.text or ""):
        return None
    text = (last.text or "").lower().replace("\u2019", "'")
    best: tuple[int, str] | None = None
    for relation, phrases in g.asked_slots.items():
        for phrase in phrases:
            if re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text) and (best is None or len(phrase) > best[0]):
                best = (len(phrase), relation)
    # "What's your policy number?": a phrase of the `none` list names a number that only looks the customer up
    return best[1] if best and best[1] != "none" else None


def answer_value(doc: Any) -> list[Any]:
    """The tokens of the value a sentence gives as an answer ("it's now 07700 900456" -> 07700 900456), or []."""
    tokens = list(doc)
    start = 0
    while start < len(tokens) and (tokens[start].lower_ in OPENERS or tokens[start].is_punct) and \
            tokens[start].text not in ("(", "+"):
        start += 1  # "Sure, ..." (but "(977) 625-2661" keeps its bracket)
    rest = tokens[start:]
    if len(rest) >= 2 and rest[0].lower_ in SUBJECTS and rest[1].lemma_ == "be":
        start += 2
    elif len(rest) >= 1 and rest[0].lower_ in ("its", "it's", "thats", "that's"):
        start += 1
    elif any(t.pos_ in ("VERB", "AUX") or t.lower_ in ("i", "we", "my", "our") for t in rest):
        return []  # a clause of its own, not a bare value: the frames read it
    while start < len(tokens) and (tokens[start].pos_ in ("ADV", "ADP") or tokens[start].is_punct or (
            tokens[start].lower_ in _CONFIRMING and start + 1 < len(tokens) and tokens[start + 1].is_punct)) and \
            tokens[start].text not in ("(", "+"):
        start += 1  # "it's now ...", "it's actually ...", "that is right, 418 Maple Street", "it's with Barclays"
    value: list[Any] = []
    for token in tokens[start:]:
        if token.pos_ in ("VERB", "AUX", "PRON", "ADV", "SCONJ", "CCONJ") and not token.like_num \
                and not token.like_email:
            break
        value.append(token)
    while value and (value[-1].is_punct or value[-1].pos_ == "DET"):
        value.pop()
    return value


def _leading_phrase(doc: Any) -> list[Any]:
    """ "iPhone 15, bought it outright from Best Buy": the verbless phrase an answer opens with, before a comma."""
    comma = next((t.i for t in doc if t.text == ","), None)
    lead = [t for t in doc[:comma] if not t.is_punct] if comma else []
    if lead and not any(t.pos_ in ("VERB", "AUX") or t.lower_ in SUBJECTS for t in lead):
        return lead
    return []


def answer_fact(slot: str, doc: Any, turn_text: str, person: str, g: Grammar, question: str = ""
                ) -> tuple[str, str, str, bool] | None:
    """(relation, object, text, replaces) of a sentence that answers a question about `slot`, or None; the answer
    to a question for the new value ("what's the new number") replaces the old one."""
    value = answer_value(doc) or (_leading_phrase(doc) if slot == "device" else [])
    if not value:
        return None
    obj = render(value)
    # "12 admiralty way lekki phase 1": typed in lower case, the street word names the place
    named = any(t.pos_ == "PROPN" or (t.text[:1].isupper() and t.i > 0) for t in value) or (
        slot in ("address", "delivery_address") and any(t.lower_ in STREET for t in value[1:]))
    numbered = any(t.like_num for t in value)
    text = None
    if slot in ("address", "delivery_address") and numbered and named and len(value) >= 2:
        text = f"{person} lives {at_or_in(obj)} {obj}" if slot == "address" else \
            f"{person}'s delivery address is {obj}"
    elif slot == "contact":
        email = EMAIL.search(obj)
        digits = sum(ch.isdigit() for ch in obj)
        if email:
            obj, text = email.group(0), f"{person}'s email is {email.group(0)}"
        elif digits >= 7 and digits >= sum(ch.isalnum() for ch in obj) - 2:  # "(977) 625-2661", "+44 7700 ..."
            text = f"{person}'s phone number is {obj}"
    elif slot in ("employer", "bank") and named and not (slot == "bank" and numbered):
        # "Chidinma Okafor, 7712" to "confirm the account name and the last 4 digits": a holder and an ending
        text = f"{person} works at {obj}" if slot == "employer" else f"{person} banks with {obj}"
    elif slot == "payment_method" and re.search(r"\bending (?:in )?\d{4}\b", doc.text, re.IGNORECASE):
        return None  # "it's the visa debit ending 4417": the card by its ending, as the sentence's values read it
    elif slot == "device" and numbered:  # a model number; classify says whether it names a phone
        # "Which phone did you move to?" / "iPhone 15, bought it outright": a model names the phone the person has
        head = max(value, key=lambda t: t.i if t.pos_ in ("NOUN", "PROPN") else -1)
        if classify(head, g) == "device":
            text = f"{person} has {article(obj)} {obj}"
    elif slot in ("payment_method", "operating_system"):
        head = max(value, key=lambda t: t.i if t.pos_ in ("NOUN", "PROPN") else -1)
        klass = classify(head, g)
        if klass == slot:
            text = f"{person} pays with {obj}" if slot == "payment_method" else f"{person} uses {obj}"
    if text is None:
        return None
    words = {w.strip(".,!?").lower() for w in turn_text.split()}
    asked_new = re.search(r"\b(?:new|updated|different)\b|\b(?:move|moved|switch|switched|change|changed|swap|swapped|"
                          r"upgrade|upgraded) (?:over )?to\b", question, re.IGNORECASE) is not None
    return slot, obj, text, bool(words & CHANGED) or asked_new
