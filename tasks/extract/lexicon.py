"""The embedded extractor's lexicon (`configs/extraction.toml`), loaded and compiled once.

The file documents its own format; this module only turns it into compiled patterns and word lists, and
fails early, naming the rule, when a pattern does not compile.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from archivist.configs.settings import CONFIG_DIR

EXTRACTION_FILE = CONFIG_DIR / "extraction.toml"


class LexiconError(ValueError):
    """The extraction lexicon cannot be used; the message names the file, the rule and the fix."""


@dataclass(frozen=True)
class Rule:
    name: str
    relation: str
    match: Literal["predicate", "anywhere"]
    patterns: tuple[re.Pattern[str], ...]
    text: str
    """A template, or "verbatim" for the clause itself in the third person."""
    split_and: bool = False
    cut_at: tuple[str, ...] = ()
    """Words an object stops before, for this rule, on top of the lexicon's `object_stops`."""
    ensure_suffix: str | None = None
    default_art: str = ""
    check: str | None = None
    require_object: re.Pattern[str] | None = None
    reject_object: re.Pattern[str] | None = None

    @property
    def verbatim(self) -> bool:
        return self.text == "verbatim"


@dataclass(frozen=True)
class Lexicon:
    version: int
    speaker_roles: frozenset[str]
    person: dict[str, str]
    words: dict[str, tuple[str, ...]]
    rules: tuple[Rule, ...]
    cues: dict[str, re.Pattern[str]]
    """Cue name (plan, past, negation, decision ...) -> the pattern of its words at a predicate's start."""
    negation_trailing: re.Pattern[str]
    adverbs: re.Pattern[str]
    discourse: re.Pattern[str]
    question_start: re.Pattern[str]
    conditional_start: re.Pattern[str]
    object_stop: re.Pattern[str]
    trailing: re.Pattern[str]
    stop_object: re.Pattern[str]
    plan_action: re.Pattern[str]
    relative_subject: re.Pattern[str]
    """ "my (little) sister (Anna) ...": a relative, named or not, opens the clause."""
    owned_subject: re.Pattern[str]
    """ "the internet ...": a thing the person owns opens the clause."""
    source: str = ""
    sets: dict[str, frozenset[str]] = field(default_factory=dict)

    def word_set(self, name: str) -> frozenset[str]:
        return self.sets.get(name, frozenset())


def alternation(words: tuple[str, ...] | list[str]) -> str:
    """A regex alternation of literal phrases, longest first so that "no longer" wins over "no"."""
    ordered = sorted({w.strip().lower() for w in words if w.strip()}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered) or r"(?!x)x"


def _prefix(words, *, follow: str = r"\s+") -> re.Pattern[str]:
    return re.compile(rf"^(?:{alternation(words)})(?:{follow})", re.IGNORECASE)


def load_lexicon(path: str | Path | None = None) -> Lexicon:
    """The lexicon in `path` (default: the shipped configs/extraction.toml)."""
    return _load(str(path or EXTRACTION_FILE))


@lru_cache(maxsize=8)
def _load(path: str) -> Lexicon:
    try:
        with open(path, "rb") as handle:
            raw = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise LexiconError(f"cannot read the extraction lexicon {path}: {error}; fix the file or point "
                           "LocalExtractor(lexicon_path=...) at a valid one") from error
    words = {name: tuple(values) for name, values in (raw.get("words") or {}).items()}
    cues = raw.get("cues") or {}
    rules = tuple(_rule(entry, path) for entry in raw.get("rule") or [])
    return Lexicon(
        version=int(raw.get("version", 1)),
        speaker_roles=frozenset(r.lower() for r in raw.get("speaker_roles") or ["customer", "user"]),
        person={k.lower(): v for k, v in (raw.get("person") or {}).items()},
        words=words,
        rules=rules,
        cues={name: _prefix(words_) for name, words_ in cues.items() if name != "negation_trailing"},
        negation_trailing=re.compile(rf"\s+(?:{alternation(cues.get('negation_trailing', []))})\s*$", re.I),
        adverbs=_prefix(words.get("adverbs", ())),
        discourse=_prefix(words.get("discourse", ()), follow=r"[\s,!.:;\-]+"),
        question_start=re.compile(rf"^(?:{alternation(words.get('question_starts', ()))})\b(?!')", re.I),
        conditional_start=re.compile(rf"^(?:{alternation(words.get('conditional_starts', ()))})\b", re.I),
        object_stop=re.compile(rf"[\s,;]+(?:{alternation(words.get('object_stops', ()))})\b.*$", re.I | re.S),
        trailing=re.compile(rf"[\s,]+(?:{alternation(words.get('trailing', ()))})\s*$", re.I),
        stop_object=re.compile(rf"^(?:{alternation(words.get('stop_objects', ()))})\b", re.I),
        plan_action=re.compile(rf"^(?:{alternation(words.get('plan_actions', ()))})\b", re.I),
        relative_subject=re.compile(
            r"^(?:my|our)\s+(?:(?:little|older|younger|big|baby|eldest|youngest|oldest|twin|step)\s+)?"
            rf"(?P<kin>{alternation(words.get('kin', ()))})(?:,?\s+(?P<name>(?-i:[A-Z][a-z]+)),?)?\s+(?P<rest>.+)$",
            re.IGNORECASE),
        owned_subject=re.compile(rf"^the\s+(?P<rest>(?:{alternation(words.get('owned', ()))})\b.+)$", re.I),
        source=path,
        sets={name: frozenset(w.lower() for w in values) for name, values in words.items()},
    )


def _rule(entry: dict, path: str) -> Rule:
    name = str(entry.get("name") or "?")
    try:
        patterns = tuple(re.compile(p, re.IGNORECASE) for p in entry["patterns"])
        require, reject = entry.get("require_object"), entry.get("reject_object")
        cut_at = entry.get("cut_at")
        return Rule(
            name=name,
            relation=str(entry["relation"]),
            match=entry.get("match", "predicate"),
            patterns=patterns,
            text=str(entry["text"]),
            split_and=bool(entry.get("split_and", False)),
            cut_at=tuple(cut_at or ()),
            ensure_suffix=entry.get("ensure_suffix"),
            default_art=str(entry.get("default_art", "")),
            check=entry.get("check"),
            require_object=re.compile(require) if require else None,
            reject_object=re.compile(reject, re.IGNORECASE) if reject else None,
        )
    except (KeyError, re.error, TypeError) as error:
        raise LexiconError(f"rule {name!r} in {path} is invalid ({type(error).__name__}: {error}); every rule "
                           "needs relation, patterns (valid Python regexes) and text") from error
