"""Words of a fact's text: the third person of a verb, pronouns, articles, and the names a fact mentions.

"I really love hiking" said by Caroline becomes "Caroline really loves hiking": the first verb takes the third
person ("am" -> "is", "do" -> "does", "love" -> "loves"; past forms and modals stay), and first-person
pronouns become "their"/"them".
"""

from __future__ import annotations

import re

THIRD_PERSON = {"am": "is", "are": "is", "have": "has", "do": "does", "go": "goes", "were": "was", "'m": "is"}
UNCHANGED = {
    "will", "would", "can", "cannot", "could", "should", "shall", "may", "might", "must", "used", "had", "did",
    "got", "was", "is", "has", "does", "went", "bought", "took", "made", "came", "saw", "ran", "began", "met",
    "left", "lost", "found", "felt", "gave", "flew", "drove", "fell", "wrote", "sold", "paid", "told", "said",
    "thought", "brought", "kept", "spent", "won", "became", "grew", "knew", "quit", "put", "set", "read", "let",
    "cut", "hit", "hurt", "taught", "caught", "heard", "held", "sat", "stood", "understood", "slept", "swam",
    "sang", "drew", "threw", "chose", "wore", "broke", "spoke", "woke", "rode", "ate", "drank", "forgot", "no", "not",
    "never", "been", "gotten", "done", "gone", "seen", "taken", "given", "known", "also",
}
PRONOUNS = {"my": "their", "our": "their", "me": "them", "us": "them", "myself": "themselves",
            "ourselves": "themselves", "mine": "theirs", "ours": "theirs"}
_PRONOUN = re.compile(r"(?<![\w@.])(?:my|our|me|us|myself|ourselves|mine|ours)(?![\w@]|\.\w)", re.IGNORECASE)
"""A pronoun as a word, never a piece of an address ("sam@jones.me", "my.account@us.example")."""
_STREET = re.compile(r"^\d|\b(?:street|st|road|rd|avenue|ave|lane|ln|close|drive|dr|way|court|place|crescent|"
                     r"terrace|square|flat|apartment|apt|house|grove|gardens|park|row|mews|hill)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an|my|their|our|his|her)\s+", re.IGNORECASE)
_ENTITY = re.compile(r"(?:\b\d+[A-Za-z]?\s+)?\b[A-Z][\w'\-]*(?:\s+(?:of\s+|de\s+|la\s+|van\s+|von\s+)?[A-Z][\w'\-]*)*")
SENSITIVE_RELATIONS = frozenset({"payment_method", "credential", "account", "contact"})
"""Relations whose objects are secrets or personal identifiers: they never become entities."""
MAX_OBJECT_WORDS = 12
FUNCTION_WORDS = frozenset({"to", "too", "so", "it", "a", "an", "the", "do", "that", "this", "for", "with", "of"})
"""An object that is only one of these is what is left of "I love to." or "I'd like that.": not a thing."""


def verb_third_person(word: str) -> str:
    lower = word.lower()
    if lower in THIRD_PERSON:
        return THIRD_PERSON[lower]
    if lower in UNCHANGED or lower.endswith("ed") or not lower.isalpha():
        return word
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return word + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def swap_pronouns(text: str) -> str:
    return _PRONOUN.sub(lambda m: PRONOUNS[m.group(0).lower()], text)


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def at_or_in(place: str) -> str:
    return "at" if _STREET.search(place) else "in"


def entities(subject: str, objects: list[str], relation: str, not_names: frozenset[str], person: str,
             names: tuple[str | None, ...] = ()) -> list[str]:
    """Named things of a fact: a named subject, names the rule captured ("a cat named Bailey") and the names
    in its object. An object piece (split at commas) that opens with a name is kept whole up to its last
    capitalised or numbered word ("Pixel 8", "14 Harbour Street", "Acme Corp"). Objects of sensitive relations
    never become entities, so a card number is stored only in the fact's own text."""
    found: list[str] = []
    if subject != person and "'" not in subject and subject[:1].isupper():
        found.append(subject)
    found.extend(n for n in names if n and n[:1].isupper() and n.lower() not in not_names)
    if relation in SENSITIVE_RELATIONS:
        return list(dict.fromkeys(found))
    for obj in objects:
        for piece in obj.split(","):
            words = _ARTICLE.sub("", piece.strip()).split()
            while words and words[-1].isalpha() and words[-1].islower():
                words.pop()
            if words and len(words) <= 4 and (not words[0].islower() or words[0][:1].isdigit()):
                if not (len(words) == 1 and words[0].isdigit()):
                    found.append(" ".join(words))
                continue
            for match in _ENTITY.finditer(piece):
                name = match.group(0).strip()
                if name and name != "I" and name.lower() not in not_names:
                    found.append(name)
    return [n for n in dict.fromkeys(found) if n.lower() not in not_names]
