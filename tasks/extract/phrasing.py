"""Writing a fact's text: objects cleaned, clauses turned to the third person, templates filled.

"I really love hiking" said by Caroline becomes "Caroline really loves hiking": the subject replaces "I"/"we",
the first verb after any adverbs takes the third person ("am" -> "is", "do not" -> "does not", "love" ->
"loves"; past forms and modals stay), and first-person pronouns later in the clause become "their"/"them".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date

from archivist.tasks.extract.dates import find_dates
from archivist.tasks.extract.lexicon import Lexicon, Rule

THIRD_PERSON = {"am": "is", "are": "is", "have": "has", "do": "does", "go": "goes", "were": "was", "'m": "is"}
UNCHANGED = {
    "will", "would", "can", "cannot", "could", "should", "shall", "may", "might", "must", "used", "had", "did",
    "got", "was", "is", "has", "does", "went", "bought", "took", "made", "came", "saw", "ran", "began", "met",
    "left", "lost", "found", "felt", "gave", "flew", "drove", "fell", "wrote", "sold", "paid", "told", "said",
    "thought", "brought", "kept", "spent", "won", "became", "grew", "knew", "quit", "put", "set", "read", "let",
    "cut", "hit", "hurt", "taught", "caught", "heard", "held", "sat", "stood", "understood", "slept", "swam",
    "sang", "drew", "threw", "chose", "wore", "broke", "spoke", "woke", "rode", "ate", "drank", "forgot", "got",
    "no", "not", "never", "been", "gotten", "done", "gone", "seen", "taken", "given", "known", "also",
}
PRONOUNS = {"my": "their", "our": "their", "me": "them", "us": "them", "myself": "themselves",
            "ourselves": "themselves", "mine": "theirs", "ours": "theirs"}
_PRONOUN = re.compile(r"\b(?:my|our|me|us|myself|ourselves|mine|ours)\b", re.IGNORECASE)
_STREET = re.compile(r"^\d|\b(?:street|st|road|rd|avenue|ave|lane|ln|close|drive|dr|way|court|place|crescent|"
                     r"terrace|square|flat|apartment|apt|house|grove|gardens|park|row|mews|hill)\b", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an|my|their|our|his|her)\s+", re.IGNORECASE)
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_FIELD = re.compile(r"\{(\w+)\}")
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


def third_person_clause(subject: str, predicate: str, first_person: bool, lexicon: Lexicon) -> str:
    """`subject` + `predicate` as a sentence about them ("customer no longer has the Pro plan")."""
    predicate = predicate.strip()
    if predicate.lower().startswith("my "):
        rest = predicate[3:]
        return f"{subject}'s {swap_pronouns(rest) if first_person else rest}"
    if not first_person:
        return f"{subject} {predicate}"
    words = predicate.split(" ")
    i = 0
    while i < len(words):  # skip adverbs and negations to the first verb: "really loves", "no longer has"
        rest = " ".join(words[i:])
        skip = lexicon.adverbs.match(rest) or re.match(r"^(?:no longer|never|not)\s+", rest, re.IGNORECASE)
        if not skip:
            break
        i += len(skip.group(0).split())
    if i < len(words):
        words[i] = verb_third_person(words[i])
    head, tail = " ".join(words[: i + 1]), " ".join(words[i + 1 :])
    return f"{subject} {head} {swap_pronouns(tail)}".strip()


def remove_dates(text: str) -> str:
    """`text` without its date phrases (the fact's date is in `said_at`, where it cannot go stale)."""
    for mention in reversed(find_dates(text, date(2000, 1, 1))):
        text = text[: mention.start] + text[mention.end :]
    return re.sub(r"\s+([,.;])", r"\1", re.sub(r"\s{2,}", " ", text)).strip(" ,;")


def clean_object(raw: str, rule: Rule, lexicon: Lexicon) -> str | None:
    """The object a rule captured, trimmed to the thing itself; None when nothing usable is left."""
    text = lexicon.object_stop.sub("", remove_dates(raw))
    if rule.cut_at:  # a rule's own stops, on top of the lexicon's: "an iPhone 15 for my daughter"
        stops = "|".join(re.escape(w) for w in rule.cut_at)
        text = re.sub(rf"\s+(?:{stops})\b.*$", "", text, flags=re.IGNORECASE | re.DOTALL)
    previous = None
    while previous != text:
        previous = text
        text = lexicon.trailing.sub("", text)
        text = text.strip().rstrip(".!?,;:").strip().strip("\"'").strip()
    if not text or lexicon.stop_object.match(text) or text.lower() in FUNCTION_WORDS:
        return None
    if len(text.split()) > MAX_OBJECT_WORDS:
        return None
    if rule.require_object is not None and not rule.require_object.search(text):
        return None
    if rule.reject_object is not None and rule.reject_object.search(text):
        return None
    if rule.ensure_suffix and not text.lower().endswith(rule.ensure_suffix.lower()):
        text = f"{text} {rule.ensure_suffix}"
    return swap_pronouns(text)


MAX_LIST_ITEM_WORDS = 3


def split_objects(text: str) -> list[str]:
    """"hiking, painting and pottery" -> three objects (for relations that hold many values). Only a list
    of short items is split: in "a safe and inviting place" the "and" joins adjectives, not things."""
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", text) if p.strip()]
    if len(parts) < 2 or any(len(p.split()) > MAX_LIST_ITEM_WORDS for p in parts):
        return [text]
    return parts


def fill_template(template: str, values: Mapping[str, str | None]) -> str:
    """A rule's text template filled in; a [bracketed part] is dropped when a field it names is empty."""

    def optional(match: re.Match[str]) -> str:
        fields = _FIELD.findall(match.group(1))
        return match.group(1) if all(values.get(f) for f in fields) else ""

    text = _OPTIONAL.sub(optional, template)
    text = _FIELD.sub(lambda m: str(values.get(m.group(1)) or ""), text)
    return re.sub(r"\s{2,}", " ", text).strip()


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def at_or_in(place: str) -> str:
    return "at" if _STREET.search(place) else "in"


def entities(subject: str, objects: list[str], relation: str, lexicon: Lexicon, person: str,
             names: tuple[str | None, ...] = ()) -> list[str]:
    """Named things of a fact: a named subject, names the rule captured ("a cat named Bailey") and the names
    in its object. An object piece (split at commas) that opens with a name is kept whole up to its last
    capitalised or numbered word ("Pixel 8", "14 Harbour Street", "Acme Corp"). Objects of sensitive relations
    never become entities, so a card number is stored only in the fact's own text."""
    not_names = lexicon.word_set("not_names")
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
