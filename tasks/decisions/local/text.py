"""Surface cues of short English texts: tokens, stems, tense and hedge cues, numbers, names, slots.

Everything here is a plain function of a string, so each feature the local decision model uses can be
read and tested on its own. The lexicons are small on purpose: they only have to cover the phrasing of
support chats and personal chats well enough for a trained head to weigh them.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*|\d+")
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)?")

# Words that carry no content for overlap: function words and the subjects every fact starts with.
STOPWORDS = frozenset(
    """a an the and or but of to in on at for with from by as is are was were be been being am i i'm im me my
    we we're our us you your he she it it's its they their them this that these those there here do does did
    doing have has had having not no so than then too very just also really still now about into over after
    before up down out off again any some all both each more most other such only own same can will would
    could should might may must shall user user's customer customer's s 's who what when where which why how
    please yes okay ok oh well""".split()
)
SUBJECTS = frozenset({"user", "customer", "the", "i", "we", "my"})
_SUFFIXES = ("ing", "ed", "es", "s")


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """A crude stem so that "hikes", "hiking" and "hiked" meet; never shorter than three letters."""
    token = token.split("'")[0]
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def content_stems(text: str) -> frozenset[str]:
    return frozenset(stem(t) for t in tokens(text) if t not in STOPWORDS and t.split("'")[0] not in STOPWORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def containment(part: frozenset[str], whole: frozenset[str]) -> float:
    """Share of `part` found in `whole` (1.0 for an empty part)."""
    return len(part & whole) / len(part) if part else 1.0


def normalised(text: str) -> str:
    return " ".join(tokens(text))


def numbers(text: str) -> frozenset[str]:
    return frozenset(_NUMBER.findall(text))


_NOT_NAMES = frozenset(
    """I I'm I've I'd I'll User Customer The A An My We Our It It's He She They Yes No Ok Okay Just Still Got
    Please Thanks Thank Sorry Hi Hey Hello Also Mostly Every Since Being Going Took Saw Sold Went Moved Drop
    Make Send Remember Wait Actually Currently Back When In On At If Is Are Was Do Does Did What Where Who How
    Which Why Can Could Would Has Have Had Not Never Maybe Some Someday Imagine Signed Running Got Both""".split()
)


def names(text: str) -> frozenset[str]:
    """Capitalised words that look like names of people, places, brands or products (lowercased)."""
    found = set()
    for word in _WORD.findall(text):
        base = word.split("'")[0]
        if base[:1].isupper() and base not in _NOT_NAMES and len(base) > 1:
            found.add(base.lower())
    return frozenset(found)


def phrase_pattern(phrases: list[str]) -> re.Pattern[str]:
    """Whole-word matches of any phrase; a contraction ("n't", "'ll") matches inside its word."""
    alternatives = []
    for phrase in sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True):
        glued = phrase.startswith("'") or phrase.startswith("n'")
        alternatives.append(("" if glued else r"(?<![a-z0-9])") + re.escape(phrase))
    return re.compile("(?:" + "|".join(alternatives) + r")(?![a-z0-9])")


def count(pattern: re.Pattern[str], text: str) -> int:
    return len(pattern.findall(text.lower().replace("\u2019", "'")))


# -- cue lexicons ---------------------------------------------------------------------------------

ENDING = phrase_pattern(
    """no longer|not anymore|anymore|any more|cancelled|canceled|cancel|stopped|stop|quit|gave up|got rid of|
    sold|removed|remove|dropped|drop|disabled|turned off|broke up|split up|passed away|divorced|closed|withdrew|
    withdrawn|left|is over|ended|never mind|off the|not in|not living""".replace("\n", "").split("|")
)
NEGATION = phrase_pattern(["not", "n't", "never", "no", "nothing", "none", "nobody", "without"])
CHANGE = phrase_pattern(
    """moved|move|switched|switch|changed|change|upgraded|upgrade|downgraded|downgrade|now|new|replaced|
    promoted|became|turned|from now on|these days|since|finally|went fully|got the|passed|arrived|
    proposed|moved in|on days""".replace("\n", "").split("|")
)
CORRECTION = phrase_pattern(
    """actually|sorry|typo|mistake|wrong|mixing|misread|i meant|not true|always been|always|never had|
    never worked|never lived|never got|never been|by the way|honestly|no,""".replace("\n", "").split("|")
)
PAST = phrase_pattern(
    """used to|was|were|had|back when|back in|ago|previously|before|when i was|as a kid|as a child|years ago|
    last week|last month|last year|last summer|last time|last weekend|last night|yesterday|when i was little|
    growing up|in college|ages ago|did|went|saw|took|ran|broke|lived|worked|played|studied|visited|attended|
    old""".replace("\n", "").split("|")
)
PLANNED = phrase_pattern(
    """will|'ll|going to|gonna|planning|plan to|plans to|plan|next week|next month|next year|next monday|
    next tuesday|next wednesday|next thursday|next friday|next saturday|next sunday|next summer|next spring|
    next autumn|next winter|next time|in a few days|in a week|later this|upcoming|
    next weekend|tomorrow|soon|scheduled|booked|book|signed up|intend|intends|about to|this saturday|
    this year|in two weeks|on friday|on thursday|on tuesday|for christmas|opens|start|retiring|getting
    married|picking up""".replace("\n", "").split("|")
)
HYPOTHETICAL = phrase_pattern(
    """if|might|maybe|perhaps|would|could|'d|thinking about|thinking|considering|wondering|wonder|wish|
    hope|dream|someday|one day|imagine|not sure|may|talked about|worth it|could be|in the cards""".replace("\n", "").split("|")
)
CURRENT = phrase_pattern(
    """now|currently|these days|right now|at the moment|still|am|is|are|'m|'re|every|always|today|this week|
    this semester|keeps|says""".replace("\n", "").split("|")
)
FILLER = phrase_pattern(
    """hi|hello|hey|thanks|thank you|thank|bye|goodbye|ok|okay|lol|haha|cool|great|wow|yes|yeah|sure|nice|
    sounds good|got it|no worries|good morning|see you|brb|one sec|hold on|hmm|talk soon|you too|
    fine|understand|makes sense|sorry""".replace("\n", "").split("|")
)
META = phrase_pattern(
    """said|says|asked|asks|thanked|greeted|agreed|laughed|confirmed|apologised|apologized|found the joke|
    is reading|will check|will be right back|will think|is typing|is waiting|sent a|enjoyed the chat|
    is in a hurry|is tired|is having""".replace("\n", "").split("|")
)
TRANSIENT = phrase_pattern(
    """right now|at the moment|today|this morning|tonight|this afternoon|on hold|waiting|tired|hungry|
    in a hurry|in a rush|breaking up|one sec|long day|while we chat|is down|outage""".replace("\n", "").split("|")
)
COMPLETION = phrase_pattern(
    """did|done|went|finally|completed|finished|arrived|got back|happened|switched|upgraded|moved|started|
    opened|was|had|took|ran|visited|bought|picked up|came back|just got|went through""".replace("\n", "").split("|")
)
CALLED_OFF = phrase_pattern(
    """cancelled|canceled|postponed|didn't|did not|not going|called off|delayed|pushed back|still planning|
    haven't|have not|fell through""".replace("\n", "").split("|")
)
_IRREGULAR_PAST = frozenset(
    """went was were had did saw took ran broke got sold left lost made came gave grew met paid bought began
    told said thought felt found spent won wrote drove flew became""".split()
)


def past_verbs(text: str) -> int:
    return sum(1 for t in tokens(text) if t in _IRREGULAR_PAST or (t.endswith("ed") and len(t) > 4))


KIN = frozenset(
    """wife husband partner son daughter daughters sons kid kids child children mom mum mother dad father sister
    brother grandma grandmother grandpa grandfather parents boyfriend girlfriend fiance fiancee baby roommate
    roommates manager boss friend colleague""".split()
)


def kin(text: str) -> frozenset[str]:
    return frozenset(t.split("'")[0] for t in tokens(text) if t.split("'")[0] in KIN)


_POSITIVE = phrase_pattern(["like", "likes", "love", "loves", "enjoy", "enjoys", "adore", "favourite",
                            "favorite", "fan", "passion"])
_NEGATIVE = phrase_pattern(["hate", "hates", "dislike", "dislikes", "can't stand", "doesn't like",
                            "don't like", "not a fan"])


def polarity(text: str) -> int:
    """+1 for a stated liking, -1 for a stated dislike, 0 for neither (or both)."""
    positive, negative = count(_POSITIVE, text), count(_NEGATIVE, text)
    return (positive > 0) - (negative > 0)
