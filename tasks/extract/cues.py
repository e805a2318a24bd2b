"""Cue words: what makes a statement past, negated, planned or decided, taken off so that a rule can match.

"I'm also planning to travel to Spain" has the predicate "am also planning to travel to Spain": the rules
only know "travel to <place>", so the adverb "also" and the plan cue "am planning to" are deleted before
matching. The deletions are remembered (`Core.origin`), so the fact's text can be written from the words
actually said, up to the object: "customer is also planning to travel to Spain".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from archivist.tasks.extract.lexicon import Lexicon

_AUXILIARY = re.compile(r"^(?:am|are|is|was|were|have|has|had|will|would|do|does|did|can|could|should)\s+", re.I)
_NOT = re.compile(r"^not\s+", re.IGNORECASE)
_PROGRESSIVE_AUXILIARY = re.compile(r"^(?:am|are|is)\s+\w+ing\b", re.IGNORECASE)
MAX_PASSES = 8


@dataclass
class Core:
    """A predicate with cue words deleted, and for each remaining character its position in the original."""

    source: str
    text: str = ""
    origin: list[int] = field(default_factory=list)
    cues: set[str] = field(default_factory=set)
    trailing: str = ""
    """A negation after the object ("... anymore"), cut off for matching and put back into the text."""

    def __post_init__(self) -> None:
        if not self.text and not self.origin:
            self.text, self.origin = self.source, list(range(len(self.source)))

    def delete(self, start: int, end: int) -> None:
        self.text = self.text[:start] + self.text[end:]
        del self.origin[start:end]

    def said_before(self, index: int) -> str:
        """The original words before the character now at `index` of `text` (deleted cue words included)."""
        return self.source[: self.origin[index]] if index < len(self.origin) else self.source


def strip_cues(predicate: str, lexicon: Lexicon) -> Core:
    """Delete leading adverbs and cue words (every list of the lexicon's [cues]) from `predicate`."""
    core = Core(predicate)
    tail = lexicon.negation_trailing.search(core.text)
    if tail:
        core.trailing = tail.group(0)
        core.cues.add("negation")
        core.delete(tail.start(), len(core.text))
    for _ in range(MAX_PASSES):
        before = core.text
        found = lexicon.adverbs.match(core.text)
        if found:
            core.delete(0, found.end())
        for name, pattern in lexicon.cues.items():
            found = pattern.match(core.text)
            if found:
                core.cues.add(name)
                core.delete(0, found.end())
        auxiliary = _AUXILIARY.match(core.text)
        if auxiliary:  # "am also planning", "am not on": the word after the auxiliary goes, the auxiliary stays
            rest = core.text[auxiliary.end() :]
            found = _NOT.match(rest) or lexicon.adverbs.match(rest)
            if found:
                if _NOT.match(rest):
                    core.cues.add("negation")
                core.delete(auxiliary.end(), auxiliary.end() + found.end())
            elif _PROGRESSIVE_AUXILIARY.match(core.text):
                # "am moving to ...": rules know "moving to"; the text keeps "is moving", which is not "lives".
                core.cues.add("progressive")
                core.delete(0, auxiliary.end())
        if core.text == before:
            break
    return core
