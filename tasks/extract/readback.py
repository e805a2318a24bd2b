"""A record read back as a question and confirmed: "Is your address still 14 Oak Lane?" / "yes".

An agent or a bot often checks what the record holds by asking it ("Are you still on the Basic plan?", "Is the
email on file jo@example.com? Yes / No"). A question states nothing on its own, so voices.py skips questions; but
the customer's "yes" in the next turn makes it a statement both sides agree on. The question is turned back into
the agent's statement ("Your address is still 14 Oak Lane.") and read like any other agent sentence. A reply that
is not a plain yes ("no, it's 9 Bay View now", "not any more") confirms nothing: its own words are read instead.
"""

from __future__ import annotations

import re

from archivist.tasks.extract.sentences import split_sentences

_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|yea|ya|correct|that's right|that is right|that's correct|thats right|"
                  r"thats correct|right|exactly|confirmed|affirmative|sure is|it is|i am|we are|that's me|thats me|"
                  r"that's it|y)\b(?!\s*(?:but|except|although|though|no)\b)", re.IGNORECASE)
_NOT = re.compile(r"\b(?:no|not|nope|wrong|incorrect|changed|anymore|any more|used to|old)\b", re.IGNORECASE)
# "Is your address still 14 Oak Lane?" -> "Your address is still 14 Oak Lane."
_LEAD = r"^(?:(?:and|so|just to confirm|to confirm|can i check|could you confirm),?\s+)?"
_IS_YOUR = re.compile(_LEAD + r"(?P<verb>is|are)\s+(?P<subject>your\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+"
                      r"(?P<rest>(?:still\s+|currently\s+|now\s+)?(?:on file as\s+|listed as\s+|registered as\s+|"
                      r"set to\s+|with\s+|at\s+)?\S.*?)\s*\??$", re.IGNORECASE)
# "Are you still on the Basic plan?" -> "You are still on the Basic plan."
_ARE_YOU = re.compile(_LEAD + r"are\s+you\s+(?P<rest>(?:still\s+|currently\s+|now\s+)?"
                      r"(?:on|with|at|using|banking with|a|an)\s+.+?)\s*\??$", re.IGNORECASE)
# "Do you still have the Pixel 7?" -> "You still have the Pixel 7."
_DO_YOU = re.compile(_LEAD + r"do\s+you\s+(?P<rest>(?:still\s+|currently\s+)?"
                     r"(?:have|use|drive|bank with|pay with|pay by|live at|live in)\s+.+?)\s*\??$", re.IGNORECASE)
_RECORDED = re.compile(r"\b(?:still|currently)\b|\b[A-Z][\w-]*\b|\d")
"""A question about "you" reads the record back only with "still"/"currently" or a named value ("Are you on the
Basic plan?"); "Do you have a favorite restaurant?" asks, it reads nothing back."""
_CHOICES = re.compile(r"\s*\(?\b(?:yes\s*/\s*no|y\s*/\s*n)\b\)?\.?\s*$", re.IGNORECASE)


def confirmed_readbacks(asked: str, reply: str) -> list[tuple[str, str]]:
    """(question, the agent's statement of it) for each question of `asked` that `reply` (the customer's next turn)
    confirms; the question is verbatim, a quote of `asked`."""
    if not _YES.match(reply.strip()) or _NOT.search(reply):
        return []
    statements = []
    for sentence in split_sentences(_CHOICES.sub("", asked)):
        said = _CHOICES.sub("", sentence.text.strip()).rstrip()
        if not said.endswith("?"):
            continue
        said = said.rstrip("? ")
        if (match := _IS_YOUR.match(said)) is not None:
            subject = match.group("subject")
            said = f"{subject[:1].upper()}{subject[1:]} {match.group('verb').lower()} {match.group('rest')}."
            statements.append((sentence.text.strip(), said))
        elif (match := _ARE_YOU.match(said)) is not None and _RECORDED.search(match.group("rest")):
            statements.append((sentence.text.strip(), f"You are {match.group('rest')}."))
        elif (match := _DO_YOU.match(said)) is not None and _RECORDED.search(match.group("rest")):
            statements.append((sentence.text.strip(), f"You {match.group('rest')}."))
    return statements
