"""Surface cues of short English texts: tokens, stems, tense and hedge cues, numbers, names, slots.

Everything here is a plain function of a string, so each feature the local decision model uses can be
read and tested on its own. The lexicons are small on purpose: they only have to cover the phrasing of
support chats and personal chats well enough for a trained head to weigh them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
# Every function of a string below is pure and returns an immutable value; the decision model asks them of the
# same few texts (a message, its fact, the candidates) once per question and candidate, so each is cached.
_TEXT_CACHE = 65536


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


@lru_cache(maxsize=_TEXT_CACHE)
def content_stems(text: str) -> frozenset[str]:
    return frozenset(stem(t) for t in tokens(text) if t not in STOPWORDS and t.split("'")[0] not in STOPWORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def containment(part: frozenset[str], whole: frozenset[str]) -> float:
    """Share of `part` found in `whole` (1.0 for an empty part)."""
    return len(part & whole) / len(part) if part else 1.0


def normalised(text: str) -> str:
    return " ".join(tokens(text))


@lru_cache(maxsize=_TEXT_CACHE)
def numbers(text: str) -> frozenset[str]:
    return frozenset(_NUMBER.findall(text))


_NUMBER_WORDS = {word: str(value) for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())} | {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
                                                     "seventy": "70", "eighty": "80", "ninety": "90"}


@lru_cache(maxsize=_TEXT_CACHE)
def quantities(text: str) -> frozenset[str]:
    """numbers(), with counts spelled out read as digits: "two kids" and "2 kids" state the same count, and
    "three kids" after "two kids" changes it. ("one" is left out: it is a pronoun as often as a count.)"""
    spelled = {_NUMBER_WORDS[w] for w in tokens(text) if w in _NUMBER_WORDS and w != "one"}
    return numbers(text) | frozenset(spelled)


_NOT_NAMES = frozenset(
    """I I'm I've I'd I'll User Customer The A An My We Our It It's He She They Yes No Ok Okay Just Still Got
    Please Thanks Thank Sorry Hi Hey Hello Also Mostly Every Since Being Going Took Saw Sold Went Moved Drop
    Make Send Remember Wait Actually Currently Back When In On At If Is Are Was Do Does Did What Where Who How
    Which Why Can Could Would Has Have Had Not Never Maybe Some Someday Imagine Signed Running Got Both""".split()
)


@lru_cache(maxsize=_TEXT_CACHE)
def names(text: str) -> frozenset[str]:
    """Capitalised words that look like names of people, places, brands or products (lowercased)."""
    found = set()
    for word in _WORD.findall(text):
        base = word.split("'")[0]
        if base[:1].isupper() and base not in _NOT_NAMES and len(base) > 1:
            found.add(base.lower())
    return frozenset(found)


def phrase_pattern(phrases: Sequence[str]) -> re.Pattern[str]:
    """Whole-word matches of any phrase; a contraction ("n't", "'ll") matches inside its word."""
    alternatives = []
    for phrase in sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True):
        glued = phrase.startswith("'") or phrase.startswith("n'")
        alternatives.append(("" if glued else r"(?<![a-z0-9])") + re.escape(phrase))
    return re.compile("(?:" + "|".join(alternatives) + r")(?![a-z0-9])")


@lru_cache(maxsize=262144)
def count(pattern: re.Pattern[str], text: str) -> int:
    # The same few texts (a message, its facts, the candidates) are scored against each cue once per question
    # and candidate: caching makes each (cue, text) pair one scan.
    return len(pattern.findall(text.lower().replace("\u2019", "'")))


# -- cue lexicons ---------------------------------------------------------------------------------

ENDING = phrase_pattern(
    """no longer|not anymore|anymore|any more|cancelled|canceled|cancel|stopped|stop|quit|gave up|got rid of|
    sold|removed|remove|dropped|drop|disabled|turned off|broke up|split up|passed away|divorced|closed|withdrew|
    withdrawn|left|is over|ended|never mind|off the|not in|not living|ceased|disconnected|terminated|
    discontinued|expired|lapsed|retired|scrapped|ditched|returned|taken off|took off|switched off|moved out|
    is gone|are gone|no more""".replace("\n", "").split("|")
)
NEGATION = phrase_pattern(["not", "n't", "never", "no", "nothing", "none", "nobody", "without"])
CHANGE = phrase_pattern(
    """moved|move|switched|switch|changed|change|upgraded|upgrade|downgraded|downgrade|now|new|replaced|
    promoted|became|turned|from now on|these days|since|finally|went fully|got the|passed|arrived|
    proposed|moved in|on days|instead of|instead|rather than|increased|decreased|raised|lowered|reduced|
    went up|gone up|went down to|gone down to|doubled|halved|extended|renewed|took over|taken over|
    went through|gone through|transferred|ported|amended|updated|swapped|traded|converted|migrated|
    relocated|married|renamed|rebooked|rescheduled|as of|from this|added|is set to|are set to|set you to|
    put you on|put me on|registered""".replace("\n", "").split("|")
)
CORRECTION = phrase_pattern(
    """actually|sorry|typo|mistake|wrong|mixing|misread|i meant|not true|always been|always|never had|
    never worked|never lived|never got|never been|by the way|honestly|no,|misspoke|misheard|mistyped|
    got it wrong|got that wrong|meant to say|correction|incorrect|not right|should have said|should say|
    should read|nope|autocorrect|my bad|mixed up|confused""".replace("\n", "").split("|")
)
PAST = phrase_pattern(
    """used to|was|were|had|back when|back in|ago|previously|before|when i was|as a kid|as a child|years ago|
    last week|last month|last year|last summer|last time|last weekend|last night|yesterday|when i was little|
    growing up|in college|ages ago|did|went|saw|took|ran|broke|lived|worked|played|studied|visited|attended|
    old""".replace("\n", "").split("|")
)
# Not the bare noun "plan": in support chats it is a subscription ("I'm on the Basic plan"), not an intention.
PLANNED = phrase_pattern(
    """will|'ll|going to|gonna|planning|plan to|plans to|plan on|plan is to|plans are to|next week|next month|
    next year|next monday|
    next tuesday|next wednesday|next thursday|next friday|next saturday|next sunday|next summer|next spring|
    next autumn|next winter|next time|in a few days|in a week|later this|upcoming|
    next weekend|tomorrow|soon|scheduled|booked|book|signed up|intend|intends|about to|this saturday|
    this year|in two weeks|on friday|on thursday|on tuesday|for christmas|opens|start|retiring|getting
    married|picking up""".replace("\n", "").split("|")
)
HYPOTHETICAL = phrase_pattern(
    """if|might|maybe|perhaps|would|could|'d|thinking about|thinking|considering|wondering|wonder|wish|
    hope|dream|someday|one day|imagine|not sure|may|talked about|worth it|could be|in the cards"""
    .replace("\n", "").split("|")
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
# A thing that has stopped working is a fault, not the end of having it ("my Pixel stopped charging" does not
# say the Pixel is gone): these phrases are taken out before ENDING is counted, and read as a status instead.
FAULT = phrase_pattern(
    """stopped working|stopped charging|stopped connecting|stopped ringing|stopped syncing|stopped loading|
    not working|isn't working|is not working|wasn't working|doesn't work|does not work|won't work|
    won't connect|will not connect|won't charge|won't turn on|keeps dropping|keeps dropping out|keeps crashing|
    keeps disconnecting|keeps cutting out|cutting out|went down|is down|was down|has been down|broke down|
    broken|crashed|is dead|offline|outage|no signal|no internet|not charging|really slow|very slow|
    is slow|has been slow|playing up|faulty|not connecting""".replace("\n", "").split("|")
)
FIXED = phrase_pattern(
    """works again|working again|works fine|working fine|works now|working now|works perfectly|is fixed|
    was fixed|been fixed|got fixed|fixed it|is sorted|sorted now|resolved|back up|back online|back on|
    back to normal|is fine now|is ok now|is okay now|up and running|started working again|
    fine now""".replace("\n", "").split("|")
)
# The plan or change stated earlier is off: the person keeps what they had ("I decided to keep my landline").
KEEP = phrase_pattern(
    """decided to keep|decided to stay|decided not to|decided against|changed my mind|after all|stay on|
    staying on|stayed on|stay with|staying with|stayed with|stick with|sticking with|stuck with|keep my|
    keeping my|kept my|keep the|keeping the|kept the|not going to|no longer going to|won't be|will not be|
    called off|calling off|not moving|not switching|not cancelling|not canceling|holding off|
    on hold""".replace("\n", "").split("|")
)
# Words that say what happened to a thing, not which thing: "router stopped working" and "voicemail stopped
# working" share them and are still about different things.
_PREDICATE_STEMS = frozenset(stem(w) for w in """stopped stop working works work worked charging charge fine again
    new now replaced replace switched switch changed change moved move upgraded upgrade downgraded downgrade
    arrived got get has have having use uses using keep kept decided stay stayed instead fixed broken broke down
    back dropped drop slow cancelled cancel keeps really like likes liked love loves enjoy enjoys prefer prefers
    live lives lived""".split())


@lru_cache(maxsize=_TEXT_CACHE)
def topic_stems(text: str) -> frozenset[str]:
    """Content stems that name the thing a fact is about (what is left after the predicate words)."""
    return content_stems(text) - _PREDICATE_STEMS


# Breaks after punctuation keep it with its clause, so a clause that asks something still ends in "?".
# "and" before a new subject ("... ending 9032 and the old one has been removed") starts a clause about
# something else; "and" inside a phrase ("Pizza and Pasta") does not.
_CLAUSE_BREAK = re.compile(r"(?<=[.!?;:,])\s+|\s+(?:but|and then|so)\s+|\s+\u2014\s+"
                           r"|\s+and\s+(?=(?:the|my|our|your|his|her|their|i|we|they|he|she|it)\s)")


@lru_cache(maxsize=_TEXT_CACHE)
def without(pattern: re.Pattern[str], text: str) -> str:
    """`text` lowered, with every match of `pattern` blanked out (so another lexicon cannot count it)."""
    return pattern.sub(" ", text.lower().replace("\u2019", "'"))


# "from the Basic plan to the Pro plan": "plan to" before a determiner or a name is the noun, not an intention.
_PLAN_NOUN = re.compile(r"\bplans? to (?=(?:the|a|an|my|our|your|their|this|that|[a-z]+ plan)\b)")


@lru_cache(maxsize=_TEXT_CACHE)
def planned(text: str) -> int:
    """PLANNED cues, without the noun "plan" followed by "to the ..." (a switch between two plans)."""
    return count(PLANNED, without(_PLAN_NOUN, text))


# Constructions that name the value being replaced: "from X to Y", "instead of X", "replaced X with Y".
_REPLACED = (
    re.compile(r"\bfrom (?P<x>[^,.;!?]{2,60}?) (?:to|onto|for)\b"),
    re.compile(r"\binstead of (?P<x>[^,.;!?]{2,40})"),
    re.compile(r"\b(?:replaced|replace|swapped|swap|traded in|traded|exchanged|substituted) (?P<x>[^,.;!?]{2,40}?) "
               r"(?:with|for)\b"),
)


@lru_cache(maxsize=_TEXT_CACHE)
def replaced_values(text: str) -> frozenset[str]:
    """Content stems of the values `text` says were replaced ("switched from the Basic plan to Pro": basic)."""
    lowered = text.lower().replace("\u2019", "'")
    found: set[str] = set()
    for pattern in _REPLACED:
        for match in pattern.finditer(lowered):
            found |= content_stems(match.group("x"))
    return frozenset(found)


# "in May" is a month, not a hedge.
_MAY_MONTH = re.compile(
    r"\b(?:in|of|since|until|till|by|early|late|mid|next|last|this) may\b|\bmay \d|\d(?:st|nd|rd|th)? may\b")


# "I was thinking about going up to Premier", "we were wondering if": the past of politeness, said of a thought
# the speaker has now; no past event.
HEDGED_PAST = re.compile(r"\b(?:was|were)(?: just| really| actually)? (?:thinking|wondering|considering|hoping|"
                         r"toying|debating|weighing)\b", re.IGNORECASE)


@lru_cache(maxsize=_TEXT_CACHE)
def hypothetical(text: str) -> int:
    """HYPOTHETICAL cues, without the month May."""
    return count(HYPOTHETICAL, without(_MAY_MONTH, text))


# "a new book club" is one more of something; "my new address", "the new SIM" replace what was there.
_ANOTHER = re.compile(r"\b(?:a|an|another) (?:brand )?new\b")


@lru_cache(maxsize=_TEXT_CACHE)
def changes(text: str) -> int:
    """CHANGE cues, without "a new ..." (another one of a thing, not a replacement)."""
    return count(CHANGE, without(_ANOTHER, text))


@lru_cache(maxsize=_TEXT_CACHE)
def endings(text: str) -> int:
    """ENDING cues that are not faults: "cancelled", "sold", "no longer", but not "stopped working"."""
    return count(ENDING, without(FAULT, text))


@lru_cache(maxsize=_TEXT_CACHE)
def focus(message: str, fact: str) -> str:
    """The clauses of `message` the fact was taken from: those sharing the most content with it.

    A turn often says several things ("I work from home, and the connection dropped yesterday"); tense and
    change cues of the other clauses say nothing about this fact. With no shared content, the whole message.
    """
    wanted = content_stems(fact)
    clauses = [c for c in _CLAUSE_BREAK.split(message) if c and c.strip()]
    if len(clauses) < 2 or not wanted:
        return message
    shared = [len(content_stems(c) & wanted) for c in clauses]
    best = max(shared)
    if best == 0:
        return message
    return " ".join(c.strip() for c, n in zip(clauses, shared, strict=True) if n == best)


_IRREGULAR_PAST = frozenset(
    """went was were had did saw took ran broke got sold left lost made came gave grew met paid bought began
    told said thought felt found spent won wrote drove flew became""".split()
)


@lru_cache(maxsize=_TEXT_CACHE)
def past_verbs(text: str) -> int:
    return sum(1 for t in tokens(text) if t in _IRREGULAR_PAST or (t.endswith("ed") and len(t) > 4))


KIN = frozenset(
    """wife husband partner son daughter daughters sons kid kids child children mom mum mother dad father sister
    brother grandma grandmother grandpa grandfather parents boyfriend girlfriend fiance fiancee baby roommate
    roommates manager boss friend colleague""".split()
)


@lru_cache(maxsize=_TEXT_CACHE)
def kin(text: str) -> frozenset[str]:
    return frozenset(t.split("'")[0] for t in tokens(text) if t.split("'")[0] in KIN)


_POSITIVE = phrase_pattern(["like", "likes", "love", "loves", "enjoy", "enjoys", "adore", "favourite",
                            "favorite", "fan", "passion"])
_NEGATIVE = phrase_pattern(["hate", "hates", "dislike", "dislikes", "can't stand", "doesn't like",
                            "don't like", "not a fan"])


@lru_cache(maxsize=_TEXT_CACHE)
def polarity(text: str) -> int:
    """+1 for a stated liking, -1 for a stated dislike, 0 for neither (or both)."""
    positive, negative = count(_POSITIVE, text), count(_NEGATIVE, text)
    return (positive > 0) - (negative > 0)


_SELF = frozenset({"user", "customer", "i", "we", "they"})
_OPENING = re.compile(r"^\s*(?:[Tt]he\s+)?([A-Za-z][\w\-]*(?:'s)?)(?:\s+([a-z][\w\-]*))?")


@lru_cache(maxsize=_TEXT_CACHE)
def subject(text: str) -> str:
    """Who a fact is about: its first word, with the noun after a possessive ("User's sister" -> "self's
    sister", "Melanie's son" -> "melanie's son"). The person themselves ("User", "customer", "I") is "self".
    Facts are written subject first, so the opening names the holder of the attribute."""
    match = _OPENING.match(text.replace("\u2019", "'"))
    if match is None:
        return ""
    head, after = match[1].lower(), (match[2] or "").lower()
    owner = head[:-2] if head.endswith("'s") else head
    owner = "self" if owner in _SELF else owner
    if head.endswith("'s") and after and after not in STOPWORDS:
        return f"{owner}'s {after}"
    return owner


# Attribute words that hold one value at a time whatever the slot lexicon says: a favourite, a name, an age,
# a relationship status, a school year, what someone drives or is called. Another value replaces the stored one.
ONE_VALUED = phrase_pattern(
    """favourite|favorite|best friend|is called|called|is named|named|name is|years old|year old|is single|
    single|in a relationship|is married|married to|is dating|dating|engaged to|drives|grade|year at|
    major|majoring|lives in|lives at|lives with|works at|works as|works for|is a|is an|commutes|
    goes to|attends|is on the|supports|plays for""".replace("\n", "").split("|")
)


@lru_cache(maxsize=_TEXT_CACHE)
def one_valued(text: str) -> bool:
    return count(ONE_VALUED, text) > 0
