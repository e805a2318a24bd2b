"""Which fact relations a question names: "where does she live" names `address`.

Stored facts carry a canonical relation (configs/relations.toml). A question rarely uses the relation's
name, so two sources of cue words are used: the relation names and aliases of configs/relations.toml
(split into words: `lives_in` gives "lives"), and a small built-in lexicon of how questions ask for a
relation ("where ... live", "who ... work for"). Words are compared after a crude stemming so that "live",
"lives" and "living" meet.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache

log = logging.getLogger(__name__)

QUESTION_CUES: dict[str, tuple[str, ...]] = {
    "address": ("live", "living", "address", "move", "moved", "home", "reside", "located", "city"),
    "employer": ("work", "job", "employer", "employ", "company", "occupation", "profession", "career"),
    "plan": ("plan", "subscription", "tier", "contract"),
    "payment_method": ("pay", "payment", "card", "billing"),
    "contact": ("email", "phone", "contact", "reach"),
    "partner": ("partner", "married", "spouse", "wife", "husband", "boyfriend", "girlfriend", "dating"),
    "pet": ("pet", "dog", "cat"),
    "birthday": ("birthday", "born"),
    "age": ("age", "old"),
    "device": ("device", "phone", "laptop", "router"),
}
"""Built-in cues: how a question asks for each relation."""

_IGNORED = frozenset({
    "other", "in", "to", "at", "of", "is", "as", "for", "on", "with", "by", "has", "have", "own", "owns", "uses",
    "use", "full", "status", "number", "date", "type", "method", "title", "named",
})
"""Alias fragments too common to name a relation: "works_at" must not turn every "at" into employer, nor
"has_pet" every "has" into pet, nor "ticket_status" a relationship status into service_status."""


def stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


@lru_cache(maxsize=1)
def cue_index() -> dict[str, frozenset[str]]:
    """stemmed cue word -> relations it names."""
    cues: dict[str, set[str]] = {}
    for relation, words in QUESTION_CUES.items():
        for word in words:
            cues.setdefault(stem(word), set()).add(relation)
    # A broken relation table is an error here as everywhere, never a silent fall back to the built-in cues.
    from archivist.configs.relations import load_relations

    for name, entry in load_relations().relation.items():
        if name == "other":
            continue
        for alias in (name, *entry.aliases):
            for word in re.split(r"[_\s\-]+", alias.lower()):
                if word and word not in _IGNORED and len(word) > 2:
                    cues.setdefault(stem(word), set()).add(name)
    return {word: frozenset(names) for word, names in cues.items()}


def relations_named(question: str) -> list[str]:
    """The relations a question names, in a stable order."""
    index = cue_index()
    found: set[str] = set()
    for word in re.findall(r"[A-Za-z]+", question):
        found |= index.get(stem(word), frozenset())
    return sorted(found)
