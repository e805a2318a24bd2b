"""An agent's before-and-after summary of a change: "I've updated your delivery address:\n- Old: 14 Aldwych Close
\n- New: Flat 3, 88 Penrose Street", "I've updated the billing contact for HJ-20417:\n\nOld -> New: a@x.com ->
b@x.com".

The header names the slot the agent changed; the lines after it give the old value and the new one, as "Old:" and
"New:" lines (bulleted or not, in either order) or one line with an arrow. The statement is the new value of that
slot, read as the customer's own "My delivery address is now Flat 3, 88 Penrose Street"; the quote is the block as
the agent wrote it. Without a header that names what changed, an "Old/New" list is left to the other readers.
"""

from __future__ import annotations

import re

_HEADER = re.compile(
    r"(?:(?:i|we)(?:'ve| have)(?: just| now| also)? (?:updated|changed|amended|corrected|switched|moved|replaced) "
    r"(?:your|the) (?P<slot>[\w' -]{2,40}?)(?: (?:for|on) [^:\n]{1,40}?)?|(?P<label>[\w' -]{2,40}?) "
    r"(?:updated|changed|amended))\s*:[ \t]*\n", re.IGNORECASE)
_LINE = r"[ \t]*(?:[-*\u2022][ \t]*)?"
_OLD_NEW = re.compile(
    rf"\s*(?:{_LINE}(?:old|was|before|previous)[ \t]*:[ \t]*(?P<old>[^\n]+?)[ \t]*\n{_LINE}(?:new|now|after)[ \t]*:"
    rf"[ \t]*(?P<new>[^\n]+?)|{_LINE}(?:new|now)[ \t]*:[ \t]*(?P<new2>[^\n]+?)[ \t]*\n{_LINE}(?:old|was|previous)"
    rf"[ \t]*:[ \t]*[^\n]+?|{_LINE}(?:old[ \t]*(?:->|\u2192|=>)[ \t]*new[ \t]*:[ \t]*)?(?P<old3>[^\n]+?)[ \t]*"
    rf"(?:->|\u2192|=>)[ \t]*(?P<new3>[^\n]+?))[ \t]*(?:\n|\Z)", re.IGNORECASE)


def before_and_after(text: str) -> tuple[str, list[tuple[str, str]]]:
    """(`text` without its before-and-after blocks, [(the block as written, "My <slot> is now <new value>.")])."""
    found: list[tuple[str, str]] = []
    kept, start = [], 0
    for header in _HEADER.finditer(text):
        if header.start() < start:
            continue
        lines = _OLD_NEW.match(text, header.end())
        if lines is None:
            continue
        new = (lines.group("new") or lines.group("new2") or lines.group("new3") or "").strip().rstrip(".")
        slot = (header.group("slot") or header.group("label") or "").strip().lower()
        if not new or not slot:
            continue
        found.append((text[header.start():lines.end()].strip(), f"My {slot} is now {new}."))
        kept.append(text[start:header.start()])
        start = lines.end()
    kept.append(text[start:])
    return "".join(kept), found
