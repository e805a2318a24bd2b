"""The account holder when someone else writes for them: a carer, an attorney, a spouse, an assistant, an adviser.

"I'm writing on behalf of my mum, Margaret Holloway ... She lives at 27 Pennine Way", "Priya from Bluegum Home
Care, I'm Mr Desmond Kovac's support worker", "Jess Moreno, EA to Richard Vaughn", "Tom Aldridge again for Sarah
Whitcombe": the scope's person is the one written for, so what the writer says of them ("She lives at ...",
"Desmond is on ...", "my mum moved into Ashgrove House") is the customer's fact, not a third party's. The
declaration is read from the customer's turns of the conversation (and the messages before it); the names it
gives, each word of them, and the kin word it uses ("my mum") then stand for the customer. A conversation with no
declaration is read as before: a named third party stays a third party.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from archivist.tasks.extract.types import TurnContext

_NAME = r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2}"
_ROLES = (r"(?:EA|PA|executive assistant|personal assistant|assistant|carer|caregiver|care worker|support worker|"
          r"attorney|power of attorney|adviser|advisor|financial adviser|accountant|solicitor|representative|guardian|"
          r"nurse|daughter|son|wife|husband|partner|mother|father|mum|mom|dad|niece|nephew|granddaughter|grandson)")
_DECLARATIONS = [
    # "on behalf of my mum, Margaret Holloway", "writing for my husband Doug", "again for Sarah Whitcombe"
    re.compile(r"\b(?:on behalf of|writing for|calling for|messaging for|chatting for|acting for|act for|"
               r"speaking for|again,? for|here for)\s+(?:my\s+(?P<kin>[a-z]+),?\s+)?(?P<name>" + _NAME + ")"),
    # "Jess Moreno for Richard Vaughn again": the writer's full name, then whom for
    re.compile(r"\b[A-Z][a-z'-]+\s+[A-Z][a-z'-]+,?\s+(?:(?:here\s+)?again,?\s+)?for\s+(?P<name>" + _NAME + ")"),
    # "EA to Richard Vaughn", "support worker for Mr Kovac"
    re.compile(r"\b" + _ROLES + r"\s+(?:to|for|of)\s+(?P<name>" + _NAME + ")"),
    # "I'm Mr Desmond Kovac's support worker", ", Margaret Holloway's daughter"
    re.compile(r"(?:\b[Ii]'m|\b[Ii] am|,)\s+(?P<name>" + _NAME + r")'s\s+(?:[a-z]+\s+)?" + _ROLES + r"\b"),
]
_NEAR_KIN = "mum|mom|mother|dad|father|husband|wife|partner|son|daughter|gran|grandma|grandmother|grandad|grandfather"
_KIN = rf"(?:{_NEAR_KIN}|nan|aunt|uncle|brother|sister)"
_HOLDS = re.compile(r"\bmy\s+(?P<kin>" + _KIN + r"),?\s+(?:(?P<name>" + _NAME + r"),?\s+)?(?:is|'s)\s+the\s+"
                    r"(?:main\s+)?(?:policy ?holder|account ?holder|bill ?payer|named customer|customer|patient|"
                    r"member)\b"
                    r"|\b(?:I\s+(?:help|look after|care for|support)|I'm\s+helping)\s+my\s+(?P<kin2>" + _KIN + r")"
                    r"(?:,?\s+(?P<name2>" + _NAME + r"))?")
"""'my husband Mike is the policyholder', 'I help my mum with her account', 'I look after my dad, Gwilym Evans'."""
_KIN_FOR = re.compile(r"\b(?:on behalf of|(?:writing|calling|ringing|phoning|messaging|emailing|chatting|asking|"
                      r"acting|speaking) (?:in )?for|(?:I'm|I am) (?:here |contacting you |getting in touch )?for)"
                      rf"\s+my\s+(?P<kin>{_NEAR_KIN})\b", re.IGNORECASE)
"""'I'm writing for my husband': the kin word stands for the holder even where no name follows. Not any "for my
wife" ("the lounge thing for my wife when we go"): a thing for kin says nothing of who writes."""
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr"})
_TITLES_CASED = frozenset(t.title() for t in _TITLES)


def _name_words(name: str) -> list[str]:
    """ "Mr Desmond Kovac" -> ["Desmond", "Kovac"]: the words that stand for the holder, titles left out."""
    return [w for w in name.replace(".", " ").split() if w.lower() not in _TITLES]


class Holder:
    """The names and kin words that stand for the account holder, per conversation."""

    def __init__(self, names: dict[str | None, frozenset[str]], kin: dict[str | None, frozenset[str]]):
        self._names, self._kin = names, kin

    def is_holder(self, turn: TurnContext, name: str | None) -> bool:
        words = set(re.sub(r"[^\w\s'-]", " ", name or "").split())
        return bool(words) and words <= self._names.get(turn.conversation_id, frozenset()) | _TITLES_CASED

    def is_holder_kin(self, turn: TurnContext, kin: str | None) -> bool:
        return (kin or "").lower() in self._kin.get(turn.conversation_id, frozenset())

    def declared(self, turn: TurnContext) -> bool:
        return bool(self._names.get(turn.conversation_id) or self._kin.get(turn.conversation_id))


def find_holder(turns: Sequence[TurnContext], speaker_roles: frozenset[str] | set[str]) -> Holder:
    names: dict[str | None, set[str]] = {}
    kin: dict[str | None, set[str]] = {}
    for turn in turns:
        if turn.conversation_id is None:
            continue  # no conversation known: a declaration in one chat must not carry to every other
        texts = [turn.text or ""] if (turn.role or "").lower() in speaker_roles else []
        texts += [m.text or "" for m in turn.previous if (m.role or "").lower() in speaker_roles]
        for text in texts:
            for pattern in _DECLARATIONS:
                for match in pattern.finditer(text):
                    names.setdefault(turn.conversation_id, set()).update(_name_words(match.group("name")))
                    if match.groupdict().get("kin"):
                        kin.setdefault(turn.conversation_id, set()).add(match.group("kin").lower())
            for match in _KIN_FOR.finditer(text):
                kin.setdefault(turn.conversation_id, set()).add(match.group("kin").lower())
            for match in _HOLDS.finditer(text):
                word, name = match.group("kin") or match.group("kin2"), match.group("name") or match.group("name2")
                kin.setdefault(turn.conversation_id, set()).add(word.lower())
                if name:
                    names.setdefault(turn.conversation_id, set()).update(_name_words(name))
    return Holder({c: frozenset(n) for c, n in names.items()}, {c: frozenset(k) for c, k in kin.items()})
