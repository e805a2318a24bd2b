"""Speech as a transcriber writes it: "it's the uh sorry the visa ending 4417", "I've um I've sold the focus",
"so I've got you at 27 hollybank road sheffield".

Call transcripts carry fillers, false starts and repeated words, and a speech-to-text engine writes names in
lower case. The parser reads a filler as a word of the sentence and a lower-case street as common nouns, so a
sentence is given to it with the fillers and the abandoned words left out, and with the names a transcript's
shape gives away (a numbered street, "dr okafor") capitalised. The quote stays the sentence as transcribed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from archivist.tasks.extract.grammar import load_grammar

_FILLER = r"(?:um+|uh+|erm+|er|uhm|hmm+|mm+)"
_CORRECTED = re.compile(rf"\b[\w'-]+,? {_FILLER},? sorry,? (?:i mean,? )?", re.IGNORECASE)
"""'it's SK21 uh sorry SK22 BDZ': the word before 'uh sorry' is the one taken back."""
_RESTARTED = re.compile(r"\b((?=[^\d]*[a-z])(?:[\w']+ ){2,4})(?=\1)", re.IGNORECASE)
"""'it's the visa it's the visa debit ending 4417': a phrase begun again is said once, as it is finished."""
_FILLERS = re.compile(rf"(?:,\s*)?\b{_FILLER}\b,?\s*", re.IGNORECASE)
_REPEATED = re.compile(r"\b((?![\d']+\b)[\w']+)(?:\s+\1\b)+", re.IGNORECASE)
"""'the the faster one', "I've I've sold": a word said twice in a row is said once; a number said twice ("4111
1111") is two groups of digits."""
_STREET = re.compile(r"\b(\d+[a-z]?\s+)((?:[a-z][a-z'-]+\s+){1,2}?)(road|street|lane|avenue|drive|close|way|crescent|"
                     r"place|terrace|court|grove|gardens|mews|row|square|parade|park|walk)\b")
_CONFIRMED = re.compile(r"^(?:(?:aye|yeah|yep|yes|yup|right|okay|ok)\b[,.!]?\s*)+"
                        r"(?:that's (?:right|it|me|correct|the one)[,.!]?\s*)?(?=\d)", re.IGNORECASE)
"""'aye 41 kelvin drive', "yeah that's right 22 quarry lane": the value confirmed, without the yes."""
_DOCTOR = re.compile(r"\b(?:dr|doctor)\.?\s+([a-z][a-z'-]+)\b")
_DIGITS = {"zero": "0", "oh": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
           "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_DIGIT = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_SAID_DIGIT = rf"(?:(?:double |triple ){_DIGIT}|{_DIGIT})"
_SPELT = re.compile(rf"\b{_SAID_DIGIT}(?:[ ,-]+{_SAID_DIGIT}){{2,}}\b", re.IGNORECASE)
"""'oh four one two five five eight', 'six six one oh', 'double seven': a number read out digit by digit (three
digits or more, so 'one or two' stays words)."""
_SAID_TWICE = re.compile(r"\b(\d[\d ]*\d),? (?:so|that's|that is|i\.e\.) (\d[\d ]*\d)\b", re.IGNORECASE)
"""'0412558903 so 0412 558 903': the number spelt out, then written; said once."""
_DAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|april|june|july|"
                  r"august|september|october|november|december)(s?)\b")
"""A day or a month a transcriber wrote in lower case ('your box comes tuesdays'); not 'may' or 'march'."""
_ROLE = re.compile(r"\b(your (?:[a-z'-]+ ){0,2}?(?:manager|approver|supervisor|doctor|gp|dentist|vet|pharmacy|"
                   r"pharmacist|consultant|adviser|advisor|solicitor|landlord|broker|named driver|keyworker|"
                   r"caseworker)),? "
                   r"((?:(?!(?:the|a|an|and|for|to|is|was|has|will|who|which|at|on|in|about|that|it|so|now|"
                   r"has|had|they|he|she|right|yeah)\b)[a-z][a-z'-]+ ?){1,3})")
"""'it's gone to your line manager fiona gallagher for approval': the words naming the person after their role."""
_ON_DAYS = re.compile(r"\b((?:comes?|arrives?|turns? up|goes out|(?:is|are|gets?) (?:delivered|collected|sent))) "
                      r"((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?)\b")
"""'your box comes Tuesdays': the day of a regular delivery, said without its 'on'."""
_PRODUCT = re.compile(r"\b((?:on|to|onto|with|for) (?:the |our |your |a )?)([a-z][a-z-]+)( \d{2,4})\b(?! ?(?:pounds|"
                      r"dollars|euros|pence|p|cents|quid|bucks|a month|per|minutes|mins|hours|days|weeks|months|years|"
                      r"points|gb|mb|mbps|%|percent)\b)")
"""'you're on our essentials 100 package', 'switch me to the superfast 500': a product named by a word and its number,
which a transcriber writes in lower case."""
_UNITS = frozenset({"page", "floor", "level", "number", "room", "route", "bus", "flight", "gate", "platform", "about",
                    "around", "over", "under", "nearly", "almost", "just", "only", "least", "up", "hold", "top", "day",
                    "year", "week", "month"})
_UNIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS_WORDS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_NUMBER_WORD = rf"(?:{'|'.join(_UNIT_WORDS + _TENS_WORDS)}|hundred|thousand)"
_NUMBER_RUN = re.compile(rf"\b(?:a (?=hundred|thousand))?{_NUMBER_WORD}(?:(?: and)? {_NUMBER_WORD})*\b"
                         r"(?! (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b)")
"""'fourteen ashgrove terrace', 'a hundred and five a year', 'a white twenty eighteen mazda': a number a transcriber
wrote in words."""
_POSTCODE = re.compile(r"\b(Road|Street|Lane|Avenue|Drive|Close|Way|Crescent|Place|Terrace|Court|Grove|Gardens|Mews|"
                       r"Row|Square|Parade|Park|Walk)((?: in)? [A-Za-z][a-z]+) ([a-z](?= [a-z] )|[begilmnsw])"
                       r"(?: ([a-z]))? (\d{1,2})\b")
"""'17 Moss Lane sale m 33', '14 Ashgrove Terrace in halifax h x 3': the town's postcode district, said letter by
letter."""
_EMAIL_SAID = re.compile(r"\b([a-z0-9][\w.-]*(?: dot [a-z0-9][\w-]*)*(?: \d+)?) at "
                         r"([a-z0-9][\w-]*(?: dot [a-z0-9][\w-]*)*) dot (com|net|org|co dot uk|org dot uk|ie|in|"
                         r"co dot za|com dot au|co dot nz|ca|co|io|edu)\b",
                         re.IGNORECASE)
"""'jdorsey70 at gmail dot com', 'jen dot walsh88 at gmail dot com': an email address read out."""
_I = re.compile(r"\bi(?=\b|'[a-z]{1,2}\b)")
_NOT_NAMES = frozenset({"the", "a", "an", "my", "your", "our", "and", "or", "is", "was", "at", "on", "in", "to", "of"})


def unspoken(text: str) -> str:
    """The sentence without fillers, taken-back words and repeats, and with a lower-case street or doctor's name
    capitalised. Text with no filler and no lower-case name is returned as it is."""
    spoken = transcribed(text)
    text = written_digits(text)  # "your account ending four one seven", even where sentences are capitalised
    if spoken:  # speech-to-text writes "i" and numbers in words: "i've got fourteen ashgrove terrace"
        text = _NUMBER_RUN.sub(_number, _I.sub("I", text))
    text = _CORRECTED.sub("", text)
    text = _RESTARTED.sub("", text)
    text = _SAID_TWICE.sub(lambda m: m.group(2) if m.group(1).replace(" ", "") == m.group(2).replace(" ", "")
                           else m.group(0), text)
    text = _DAY.sub(lambda m: m.group(1).title() + m.group(2), text)
    text = _ON_DAYS.sub(r"\1 on \2", text)
    text = re.sub(r"\s{2,}", " ", _FILLERS.sub(" ", text))
    # "jdorsey70 at gmail dot com", "your capitec account": what a transcriber writes in words or in lower case
    text = _names().sub(lambda m: _CASED.get(m.group(0).lower(), m.group(0).title()), _EMAIL_SAID.sub(_email, text))
    text = _CONFIRMED.sub("", _REPEATED.sub(r"\1", text).strip())
    text = _STREET.sub(_street, text)
    text = _POSTCODE.sub(lambda m: f"{m.group(1)}{m.group(2)} {(m.group(3) + (m.group(4) or '')).upper()}{m.group(5)}",
                         text)
    text = _PRODUCT.sub(lambda m: m.group(0) if m.group(2) in _NOT_NAMES | _UNITS
                        else m.group(1) + m.group(2).title() + m.group(3), text)
    text = _ROLE.sub(lambda m: f"{m.group(1)} {m.group(2).strip().title()}{' ' if m.group(2).endswith(' ') else ''}",
                     text)
    text = _DOCTOR.sub(lambda m: m.group(0) if m.group(1) in _NOT_NAMES else f"Dr {m.group(1).title()}", text)
    return re.sub(r"\s{2,}", " ", text).strip()


_CASED = {"iphone": "iPhone", "ipad": "iPad", "macbook": "MacBook", "bmw": "BMW", "hsbc": "HSBC", "tsb": "TSB",
          "oneplus": "OnePlus", "paypal": "PayPal", "natwest": "NatWest"}
"""Names a title case would misspell ("Iphone"): the small parser reads "my Iphone 13" as nothing of mine."""


@lru_cache(maxsize=1)
def _names() -> re.Pattern[str]:
    names = sorted(load_grammar().word("transcript_names"), key=len, reverse=True)
    return re.compile(rf"\b(?:{'|'.join(re.escape(n) for n in names)})\b" if names else r"(?!)")


def _number(match: re.Match[str]) -> str:
    """The digits of a number said in words; 'one' alone stays a word ('the new one'), and numbers said one after
    the other ('seven ninety nine') are written one after the other, a year as a year ('twenty eighteen')."""
    words = [w for w in match.group(0).split() if w not in ("a", "and")]
    if words == ["one"]:
        return match.group(0)
    numbers: list[int] = []
    last = ""  # the kind of the word before: unit, teen, ten or hundred
    for word in words:
        if word in ("hundred", "thousand"):
            numbers[-1:] = [(numbers[-1] if numbers else 1) * (100 if word == "hundred" else 1000)]
            last = "hundred"
            continue
        value = _UNIT_WORDS.index(word) if word in _UNIT_WORDS else 10 * (_TENS_WORDS.index(word) + 2)
        kind = "unit" if value < 10 else "teen" if value < 20 else "ten"
        if last == "hundred" or (last == "ten" and kind == "unit"):
            numbers[-1] += value  # "a hundred and five", "twenty four", "eight hundred ninety nine"
        else:
            numbers.append(value)
        last = "ten" if last == "hundred" and kind == "ten" else kind
    if len(numbers) == 2 and numbers[0] in (19, 20) and numbers[1] <= 99:
        return f"{numbers[0]}{numbers[1]:02d}"  # a year: "twenty eighteen", "twenty twenty two"
    return " ".join(str(n) for n in numbers)


def written_digits(text: str) -> str:
    """`text` with each number read out digit by digit written in digits ("four two four two ..." -> "4242...")."""
    return _SPELT.sub(_digits, text)


def _email(match: re.Match[str]) -> str:
    local, domain = (part.replace(" dot ", ".").replace(" ", "") for part in (match.group(1), match.group(2)))
    return f"{local}@{domain}.{match.group(3).replace(' dot ', '.')}"


def _digits(match: re.Match[str]) -> str:
    digits = []
    for word in re.split(r"[ ,-]+", match.group(0).lower()):
        if word in ("double", "triple"):
            digits.append(word)
        else:
            times = {"double": 2, "triple": 3}.get(digits.pop() if digits and digits[-1] in ("double", "triple")
                                                  else "", 1)
            digits.append(_DIGITS[word] * times)
    return "".join(digits)


def _street(match: re.Match[str]) -> str:
    words = match.group(2).split()
    if any(w in _NOT_NAMES for w in words):
        return match.group(0)  # "4 of the road": not a street's name
    return f"{match.group(1)}{' '.join(w.title() for w in words)} {match.group(3).title()}"


_MARKER = (r"(?:so|yes|yeah|yep|okay|ok|alright|all right|right|sure|sure thing|lovely|great|perfect|brilliant|"
           r"no worries|no problem|done|thanks|cheers|and)")
_PIECE = re.compile(rf"\s+(?={_MARKER}\s+(?:i've|i have|i'm|i|we've|we|your|you're|you|that's|it's|it'll|the|let)\b)"
                    r"|\s+(?=let me\b|i can see\b|i see (?:that|you|your)\b|it shows\b|it says\b|it looks like\b|"
                    r"(?:i|we)(?:'ve| have) (?:got (?=you|that|it)|put|set|updated|changed|added|moved|closed|booked|"
                    r"sent|captured|transferred|removed|switched|noted)\b)"
                    r"|(?:(?<=\ball updated)|(?<=\ball done)|(?<=\ball sorted)|(?<=\ball changed)|"
                    r"(?<=that's updated)|(?<=that's done)|(?<=that's sorted)|(?<=that's changed)|(?<=\bnow updated)|"
                    r"(?<=\bupdated it)|(?<=\bchanged it)|(?<=\bsorted it)|(?<=\bdone it)|(?<=\bdone that))"
                    r"\s+(?!(?:to|from|on|for|with|as|now)\b)"
                    r"|\s+(?=(?:your|you're) (?:[\w'-]+ ){0,3}?(?:is|are|has|have|comes|come|goes|go|will|stays)\b)"
                    r"|\s+(?=and (?:you'll|you will|we'll|we will|i'll|i will)\b)"
                    r"|(?:(?<=\bis that right)|(?<=\bis that correct)|(?<=\bis that still correct))\s+", re.IGNORECASE)


def spoken_pieces(text: str) -> list[str]:
    """A transcribed turn without full stops ("alright your home club is now downtown your fob will work there
    from tonight") in the statements it runs together, each a verbatim piece of the text; written text is one
    piece."""
    if not transcribed(text):
        return [text]
    pieces = [piece for piece in _PIECE.split(text) if piece and piece.strip()]
    if len(pieces) < 2:
        return [text]
    # each piece starts at its own statement: "okay | and you're registered with dr okafor" -> "you're ..."
    pieces = [re.sub(rf"^(?:{_MARKER}(?:\s+|$))+", "", piece, flags=re.IGNORECASE) for piece in pieces]
    return [piece for piece in pieces if piece.strip()]


def transcribed(text: str) -> bool:
    """Speech-to-text output: opened in lower case, no sentence mark inside, no capitalised name (written text has
    at least one of these)."""
    inner = text.strip().rstrip(" .!?")
    # A long run of words with no sentence mark is a transcript even where the service capitalised a name
    return inner[:1].islower() and not re.search(r"[.!?;]", inner) and (
        not re.search(r"\b(?!I\b)[A-Z][a-z]", inner) or len(inner.split()) >= 25)
