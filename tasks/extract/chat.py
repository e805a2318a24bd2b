"""Chat as people type it: lower case, "im", "atm", "u", and a dropped "I" ("just upgraded to premium").

The parser was trained on edited text, so a sentence is given to it with the chat spellings of
configs/extraction.toml [chat] written out ("im" -> "I'm", "atm" -> "at the moment") and, when it opens with a
verb in the past tense that has no subject, with the "I" the writer left out. The quote stays the sentence as
written: only the parser's input changes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from archivist.tasks.extract.grammar import Grammar

_OPENS_WITH_PAST = re.compile(r"^\s*(?:(?:just|finally|recently|already|also|actually|so|and|then|ok|okay|yeah)"
                              r"[\s,]+)?(?:[a-z]{3,}ed|got|went|bought|left|took|sold|made|swapped|gave|put|set)\b",
                              re.IGNORECASE)
"""A sentence that may open with a past-tense verb ("Swapped my Galaxy for a Pixel", "just upgraded to ...")."""
_LEADING_ADVERBS = frozenset({"just", "finally", "recently", "already", "also", "actually", "so", "and", "then",
                              "ok", "okay", "yeah"})


@lru_cache(maxsize=8)
def _spelling(pairs: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    table = {chat.lower(): written for chat, written in pairs}
    words = sorted(table, key=len, reverse=True)
    return re.compile(r"(?<![\w'@.])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w'@]|\.\w)",
                      re.IGNORECASE), table


def written_out(text: str, g: Grammar) -> str:
    """`text` with the chat spellings of [chat] written out; the lone lower-case "i" becomes "I"."""
    if not g.chat:
        return text
    pattern, table = _spelling(tuple(sorted(g.chat.items())))

    def spelled(m: re.Match[str]) -> str:
        # "Ricoh IM C4510": a word in capitals amid ordinary text is a name or a code, not "im" typed for "I'm"
        word = m.group(0)
        if len(word) > 1 and word.isupper() and not _shouted(text):
            return word
        return table[word.lower()]

    return pattern.sub(spelled, text)


def _shouted(text: str) -> bool:
    """A message typed in capitals ("IM MOVING TO LEEDS"): its capitals say nothing of names."""
    letters = [ch for ch in text if ch.isalpha()]
    return sum(ch.isupper() for ch in letters) > 0.6 * len(letters)


def may_drop_subject(text: str) -> bool:
    return bool(_OPENS_WITH_PAST.match(text))


def dropped_subject(doc: Any) -> bool:
    """The sentence opens with a verb in the past tense (after an adverb or two) that has no subject: the writer
    left out "I" ("Swapped my Galaxy S21 for a Pixel 8 last week")."""
    for token in doc:
        if token.lower_ in _LEADING_ADVERBS or token.is_punct:
            continue
        return token.tag_ in ("VBD", "VBN") and token.pos_ == "VERB" and not any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children)
    return False


def with_subject(text: str) -> str:
    """ "Swapped my Galaxy" -> "I swapped my Galaxy"; "just upgraded" -> "I just upgraded"."""
    stripped = text.lstrip()
    first = stripped.split(" ", 1)[0]
    lowered = first.lower() if not first.isupper() else first
    return "I " + lowered + stripped[len(first):]


def all_lower_case(doc: Any) -> bool:
    """Typed without capitals (the pronoun "I" aside): capitals then say nothing about names."""
    return not any(ch.isupper() for token in doc if token.text != "I" for ch in token.text)


@lru_cache(maxsize=8)
def _expressions(words: frozenset[str]) -> tuple[re.Pattern[str], ...]:
    found = []
    for phrase in sorted(words, key=len, reverse=True):
        parts = re.split(r"[\s\-]+", phrase.strip())
        found.append(re.compile(r"(?<![\w])" + r"[\s\-]+".join(re.escape(p) for p in parts) + r"(?![\w])",
                                re.IGNORECASE))
    return tuple(found)


def _glued(match: re.Match[str]) -> str:
    return re.sub(r"[\s\-]+", "_", match.group(0))


def joined(text: str, g: Grammar) -> str:
    """`text` with each fixed expression of [words] `fixed_expressions` written as one word for the parser
    ("pay as you go" -> "pay_as_you_go"): the parser would read "you go" as a clause of its own."""
    for pattern in _expressions(g.word("fixed_expressions")):
        text = pattern.sub(_glued, text)
    return text


def unjoined(text: str, g: Grammar) -> str:
    """A fact's words with the fixed expressions `joined` made one word written with spaces again."""
    if "_" not in text:
        return text
    for phrase in g.word("fixed_expressions"):
        glued = re.sub(r"[\s\-]+", "_", phrase.strip())
        text = re.sub(rf"(?<![\w]){re.escape(glued)}(?![\w])", lambda m: m.group(0).replace("_", " "), text,
                      flags=re.IGNORECASE)
    return text


def as_statement(text: str, g: Grammar) -> str:
    """A request the agent is asked to act on, read as what it states: "Could you note that my pharmacy is now X?"
    -> "my pharmacy is now X." ([words] record_openers); "Could you change my meal preference to vegan?" -> "I want
    to change my meal preference to vegan." (`change_request_openers` with a [durability] durable_requests verb),
    the request it is. Any other text is returned as it is."""
    lower = text.lower()
    for opener in sorted(g.word("record_openers"), key=len, reverse=True):
        if lower.startswith(opener) and (len(text) == len(opener) or not text[len(opener)].isalnum()):
            rest = text[len(opener):].lstrip(" ,:-")
            if rest:
                return re.sub(r"\s*\?+\s*$", ".", rest)
    for opener in sorted(g.word("change_request_openers"), key=len, reverse=True):
        asked = re.match(rf"{re.escape(opener)},?\s+(?P<verb>\w+)\s+(?P<rest>(?:my|our)\b.+?)[\s?.!]*$", text,
                         re.IGNORECASE)
        if asked and asked.group("verb").lower() in g.durable_requests:
            return f"I want to {asked.group('verb').lower()} {asked.group('rest')}."
    return text


_LABELLED_VALUE = re.compile(r"\b(my|our)((?:\s+[\w'-]+){1,3}?)\s*:\s+(?=\S)", re.IGNORECASE)
"""Support chat writes a value after a label: "my new address: 22 Ash Grove", "our account number: 1234"."""


_FORM_FIELD = re.compile(r"^\s*(?:[-*\u2022]\s*)?((?:new|updated|current|changed)\s+)?([a-z][a-z' -]{0,30}?)"
                         r"\s*:\s+(?=\S)", re.IGNORECASE)
"""A form filled in a message, a field a line: "New bank: Nedbank", "- new address: Flat 3, 9 Wren Close"."""


def labelled_values(text: str, g: Grammar | None = None) -> str:
    """ "my new address: 22 Ash Grove" -> "my new address is 22 Ash Grove": the parser reads the label's value as
    the copula's complement, as it would in the sentence the writer shortened. A form's field ("New card:
    Mastercard ending 9083") is read so when its label names a slot of [attributes]: the writer's own value."""
    text = _LABELLED_VALUE.sub(lambda m: f"{m.group(1)}{m.group(2)} is ", text)
    field = _FORM_FIELD.match(text) if g is not None else None
    label = field.group(2).lower().split() if field else []
    # "Insured address: 7 Mill Lane": a label of two or three words is read by the slot its last word names
    if field and g and any(" ".join(label) in names or (1 < len(label) <= 3 and label[-1] in names
                                                         and label[-1] != "number") for names in g.attributes.values()):
        new = (field.group(1) or "").lower()
        now = " now" if new and new.strip() != "current" else ""  # "New bank: Nedbank": the value is a new one
        return f"My {new}{field.group(2).lower()} is {text[field.end():].rstrip(' .')}{now}."
    return text


_ON_A_PLAN = re.compile(r"^\s*(?:(?:still|currently|now|just)\s+)?on\s+(?:the|a|an|my|our)\s+(?=[\w£$-]*\w)",
                        re.IGNORECASE)
"""Ticket-terse "on the 15GB sim only plan. how do i ...": the speaker's own state, with "I'm" left out."""


_AT_AN_ADDRESS = re.compile(r"^\s*(?:now|currently|still)\s+(?:living\s+|based\s+)?(?:at|in)\s+(?=\d)", re.IGNORECASE)
"""'Moved house! Now at 9 Bay View, Whitby': where the speaker is, with "I'm" left out."""
_SLOT_CHANGED = re.compile(r"\b(my|our) ((?:[\w'-]+ ){0,2}[\w'-]+) (?:has )?changed\s*[,;:.-]+\s*(?:it's|it is|its)\s+"
                           r"(?:now\s+)?", re.IGNORECASE)
"""'My address changed, it's now Flat 3, ...': "it" is the slot just named."""
_USE_MY_NEW = re.compile(r"^\s*(?:please |pls |can you |could you )?(?:use|take|put down|note) (my|our) new "
                         r"((?:[a-z'-]+ ){0,2}[a-z'-]+) (?=\+|\d|[\w.+-]+@)", re.IGNORECASE)
"""'Please use my new number 07911 123456 from now on': the new value of the slot, asked to be used."""


_ANSWER_OPENERS = "yes|yeah|yep|yup|ok|okay|sure|correct|right|no|nope|actually"
_VALUE_IS_MY = re.compile(rf"^\s*((?:{_ANSWER_OPENERS})[,!.]*\s+)?"
                          rf"(?!(?:this|that|it|which|what|who|there|here|he|she|they|{_ANSWER_OPENERS})\b)"
                          r"((?:the |a |an )?[\w][\w' .@+-]{0,40}?) (?:is|'s) (now |also )?(my|our) "
                          r"((?:new |current |main |usual |regular )?[a-z-]+"
                          r"(?: [a-z-]+)?)(?=$|[,.;!?]| now\b| and\b| too\b)", re.IGNORECASE)
"""'the Pixel 9 is my new phone', 'yes, 2214 is my extension': the value named first, then the slot it fills."""
_NEW_VALUE = re.compile(r"^\s*new ((?:[a-z'-]+ ){0,2}[a-z'-]+) (?=is |are |= )", re.IGNORECASE)
"""'new desk is 4.12 after the team move': the writer's own new value, with "my" left out."""


def with_dropped_copula(text: str) -> str:
    """ "on the 15GB sim only plan." -> "I'm on the 15GB sim only plan.": the parser reads a verbless opener as a
    preposition of nothing; written out, it is the statement the writer shortened. So are "now at 9 Bay View",
    "my address changed, it's now ...", "please use my new number 07911 ..." and "new desk is 4.12" (the slot's new
    value)."""
    text = _SLOT_CHANGED.sub(lambda m: f"{m.group(1)} {m.group(2)} is now ", text)
    text = _USE_MY_NEW.sub(lambda m: f"{m.group(1).capitalize()} {m.group(2)} is now ", text)
    text = _NEW_VALUE.sub(lambda m: f"My new {m.group(1)} ", text)
    text = _VALUE_IS_MY.sub(lambda m: f"{m.group(1) or ''}{m.group(4)} {m.group(5)} is {m.group(3) or ''}{m.group(2)}",
                            text)
    return f"I'm {text.lstrip()}" if _ON_A_PLAN.match(text) or _AT_AN_ADDRESS.match(text) else text


_GREETING = re.compile(r"^\s*(?:hi|hiya|hey|heya|hello|hullo|morning|evening|afternoon|good (?:morning|afternoon|"
                       r"evening|day)|"
                       # greetings of customers' own languages: "Kia ora" is no Kia, "Oi" no subject
                       r"kia ora|hola|bonjour|bonsoir|salut|ciao|buongiorno|buonasera|hallo|guten (?:tag|morgen)|"
                       r"servus|moin|ol[aá]|oi|namaste|namaskar|vanakkam|salam|salaam|as?salamu? (?:alaikum|aleikum)|"
                       r"marhaba|merhaba|shalom|habari(?: yako)?|jambo|privet|zdravstvuyte|dzie[nń] dobry|"
                       r"ni ?hao|xin ch[aà]o|konnichiwa|annyeong(?:haseyo)?|sawasdee|mabuhay|kumusta|g'day|howdy|"
                       r"yo|sup)\b[\s,!.]*(?=\w)(?!(?:there|all|again|team)\b)", re.IGNORECASE)
_PLEASE_MY = re.compile(r"^\s*please,?\s+(?=(?:my|our)\s)", re.IGNORECASE)
"""'Please our company name for invoice is ...': a courtesy before a statement, read as a verb."""
DECLARATIVE_STARTS = frozenset({"i", "i'm", "im", "we", "we're", "my", "our"})
_ASKS = re.compile(r"\b(?:can|could|would|will|do|does|did|is|are|am|should|shall|have|has)\s+(?:i|you|we|it|u|they|"
                   r"he|she|this|that)\b|\b(?:why|what|how|when|where|whether)\b"
                   r"|\b\w+n'?t\s+(?:i|we|it|you|they|he|she)\s*\?|,?\s+(?:right|correct|yeah|yes|no)\s*\?+\s*$",
                   re.IGNORECASE)
"""A sentence that opens with its speaker as subject is a statement, whatever its punctuation: "my bill shows
roaming charges but i'm on Unlimited Plus which includes EU roaming??" complains; it asks nothing. A tag question
("I'm on the monthly plan now aren't I?", "we're on Gold, right?") checks what the record holds: it claims nothing."""


def without_greeting(text: str) -> str:
    """ "hiya moved house at the weekend" -> "moved house at the weekend": the parser reads a greeting as a subject."""
    return _PLEASE_MY.sub("", _GREETING.sub("", text))


def declared(text: str) -> str:
    """A statement typed with question marks ("my bill shows roaming charges but i'm on Unlimited Plus??") as the
    statement it is; a sentence that asks something ("My question: can I move ...?") is left as it is."""
    first = re.split(r"[\s,]+", text.lower(), maxsplit=1)
    if text.rstrip(" \"')").endswith("?") and first and first[0] in DECLARATIVE_STARTS and not _ASKS.search(text):
        return text.rstrip(" \"')?!") + "."
    return text


_NOUN_SUBJECT = (r"(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,3}(?:is|are|was|were|has|have|had|keeps?|kept|won't|"
                 r"wont|can't|cant|doesn't|doesnt|isn't|isnt|stopped|broke|died|never|still|just|arrived|came)\b")
_NEXT_STATEMENT = re.compile(rf"\s*[,;]\s*(?:and\s+|but\s+|so\s+)?(?={_NOUN_SUBJECT})|\s+(?:and|but|so)\s+"
                             rf"(?={_NOUN_SUBJECT}|(?:i|i'm|im|i've|ive|we|we're|we've)\s+\w)"
                             # "i never use 50 so drop me to the 20GB plan": a request after "so" is its own
                             r"|\s+so\s+(?=(?:please\s+|pls\s+)?(?:drop|move|switch|put|change|cancel|upgrade|"
                             r"downgrade|add|remove|update|set|take)\s+(?:me|us|my|our)\b)"
                             # "please contact me on WhatsApp, I do not pick up unknown calls": a comma splice
                             r"|\s*,\s*(?=(?:i|we)\s+(?:do|don't|dont|did|didn't|never|always|usually|can't|cannot|"
                             r"won't|will)\s+\w)", re.IGNORECASE)


_OWN_STATEMENT = re.compile(r"^(?:my|our|i|i'm|im|i've|ive|we|we're|we've|(?:please|pls|kindly)\s+\w+\s+(?:me|us)"
                            r")\b", re.IGNORECASE)


def statements(text: str) -> list[str]:
    """The statements of a chat sentence that runs two together ("my laptop is a ThinkPad T14 and the keyboard is
    sticking", "i work at the Glasgow office, the printer on 2 wont see my account"): the small parser hangs the
    second's subject on the first's value, so each is parsed on its own. A piece of fewer than three words is no
    statement ("my sister and I moved": the subject is shared), and is read with the rest. A piece that opens with
    "it" is not split off: "it" is the thing the first piece named ("replaced the router and it works again"). Only
    a sentence that opens with the speaker's own statement is split: what a later "the address is ..." belongs to
    is otherwise the first piece's business (a ride's, a parcel's)."""
    pieces = [piece.strip() for piece in _NEXT_STATEMENT.split(text) if piece and piece.strip()]
    if len(pieces) < 2 or any(len(piece.split()) < 3 for piece in pieces):
        return [text]
    if not _OWN_STATEMENT.match(pieces[0]):
        return [text]  # "The ride is for two people and the address is 421 Cypress Avenue": the ride's address
    return pieces
