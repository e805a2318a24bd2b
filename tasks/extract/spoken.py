"""Speech as a transcriber writes it: "it's the uh sorry the visa ending 4417", "I've um I've sold the focus",
"so I've got you at 27 hollybank road sheffield".

Call transcripts carry fillers, false starts and repeated words, and a speech-to-text engine writes names in
lower case. The parser reads a filler as a word of the sentence and a lower-case street as common nouns, so a
sentence is given to it with the fillers and the abandoned words left out, and with the names a transcript's
shape gives away (a numbered street, "dr okafor") capitalised. The quote stays the sentence as transcribed.
"""

from __future__ import annotations

import re

_FILLER = r"(?:um+|uh+|erm+|er|uhm|hmm+|mm+)"
_CORRECTED = re.compile(rf"\b[\w'-]+,? {_FILLER},? sorry,? (?:i mean,? )?", re.IGNORECASE)
"""'it's SK21 uh sorry SK22 BDZ': the word before 'uh sorry' is the one taken back."""
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
_NOT_NAMES = frozenset({"the", "a", "an", "my", "your", "our", "and", "or", "is", "was", "at", "on", "in", "to", "of"})


def unspoken(text: str) -> str:
    """The sentence without fillers, taken-back words and repeats, and with a lower-case street or doctor's name
    capitalised. Text with no filler and no lower-case name is returned as it is."""
    text = _CORRECTED.sub("", text)
    text = _FILLERS.sub(" ", text)
    text = _CONFIRMED.sub("", _REPEATED.sub(r"\1", text).strip())
    text = _STREET.sub(_street, text)
    text = _DOCTOR.sub(lambda m: m.group(0) if m.group(1) in _NOT_NAMES else f"Dr {m.group(1).title()}", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def _street(match: re.Match[str]) -> str:
    words = match.group(2).split()
    if any(w in _NOT_NAMES for w in words):
        return match.group(0)  # "4 of the road": not a street's name
    return f"{match.group(1)}{' '.join(w.title() for w in words)} {match.group(3).title()}"


_MARKER = (r"(?:so|okay|ok|alright|all right|right|sure|sure thing|lovely|great|perfect|brilliant|no worries|"
           r"no problem|done|thanks|cheers|and)")
_PIECE = re.compile(rf"\s+(?={_MARKER}\s+(?:i've|i have|i'm|i|we've|we|your|you're|you|that's|it's|it'll|the)\b)"
                    r"|(?:(?<=\bupdated)|(?<=\bdone)|(?<=\bsorted)|(?<=\bchanged))\s+(?!(?:to|from|on|for|with|as|"
                    r"now)\b)"
                    r"|\s+(?=(?:your|you're) (?:[\w'-]+ ){0,3}?(?:is|are|has|have|comes|come|goes|go|will|stays)\b)"
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
    return inner[:1].islower() and not re.search(r"[.!?;]", inner) and not re.search(r"\b(?!I\b)[A-Z][a-z]", inner)
