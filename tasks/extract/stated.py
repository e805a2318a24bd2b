"""How a fact of the embedded extractor states its value, whatever reader built it: never a count as a place, a
card's kind as its value, or a text that ends inside a bracket; a card or account by the name it was given."""

from __future__ import annotations

import re
from collections.abc import Sequence

from archivist.tasks.extract.types import ExtractedFact

EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]*\w")
"""An email address, wherever a reader finds one."""
_COUNTED = re.compile(r"^\d[\d,.]*\s*(?:seats|users|licen[cs]es|members|lines|gb|mb|mbps|percent|%|people|staff)\b",
                      re.IGNORECASE)
"""'you're now at 20 seats': a count the account is at, never a place."""
_KIND_ONLY = re.compile(r"^(?:(?:a|an|the|my|our|their|that|this|new|old|replacement|same|default|usual|main|"
                        r"primary)\s+)*(?:debit |credit |bank |payment )?cards?$", re.IGNORECASE)
"""'new card arrived yesterday, ending 8820': a card named by its kind alone is no value where its ending is one."""


def no_value(fact: ExtractedFact, sentence_facts: Sequence[ExtractedFact]) -> bool:
    """Whether `fact` (one of `sentence_facts`, the facts of its sentence) states no value of its slot."""
    if fact.relation == "address" and _COUNTED.match(fact.object):
        return True
    ended = any(f.relation == "payment_method" and f.object.startswith("card ending") for f in sentence_facts)
    return ended and fact.relation == "payment_method" and bool(_KIND_ONLY.match(fact.object))


def closed(said: str) -> str:
    """ "customer's home airport is Cork (ORK": a bracket the phrase opened but the parse cut before it closed is
    left out with what it held, so no text ends inside a parenthesis (the quote keeps it whole)."""
    while said.count("(") > said.count(")"):
        said = said[: said.rfind("(")].rstrip(" ,;:-")
    return said


_ENDING_NAME = re.compile(r"\b(?:[A-Z][\w&'-]*|[a-z]+[A-Z][\w&'-]*)(?:\s+(?:[A-Z][\w&'-]*|(?:(?:current|savings|"
                          r"cheque|checking|debit|credit|business|joint|personal|bank)\s+)?(?:account|card)))*"
                          r"(?=[^.?!,]*?\bend)")
_NOT_CARD_NAMES = frozenset({"my", "our", "your", "the", "a", "new", "replacement", "card", "account", "it", "i",
                             "current", "savings", "cheque", "checking", "debit", "credit", "business", "joint",
                             "personal", "bank"})
"""Words before a card's name that are no name: a determiner, or its kind alone ("my debit card ending 4417")."""


def card_name(said: str) -> str | None:
    """ "my Visa ending 4417" -> "Visa", "the mBank account ending 4419" -> "mBank account", "your Halden current
    account ending 4471" -> "Halden current account": the card or account's own name, kept in the fact's text,
    so that the fact says which card it is as the customer or agent did."""
    for match in _ENDING_NAME.finditer(said):
        words = match.group(0).split()
        while words and words[0].lower() in _NOT_CARD_NAMES:
            words = words[1:]  # "My Visa", "The IBAN": the name after the determiner
        if words and words[0].lower() not in ("account", "card"):
            return " ".join(words)
    return None
