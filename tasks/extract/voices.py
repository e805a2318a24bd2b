"""Facts about the customer read from agent and system turns (configs/contracts.toml [agent], [[system]]).

An agent's sentence about "you" / "your account" that is not a question or a courtesy is rewritten into the
customer's first person ("I can see the Fibre 500 plan on your account now" -> "I am on the Fibre 500 plan now")
and read by the customer-turn extractor, so a confirmation has the same subject, relation and text as the
customer's own statement and lands on the same stored fact. The quote stays the agent's sentence, verbatim (the
piece of it that says the statement, where the sentence says two things); the fact's `read_in` is the first-person
reading, the words the decision model weighs it in. A sentence of several statements ("I've removed Wexford Street
and set 9 Linnet Way as your delivery address") is read a statement at a time, and an upshot after ", so" is read
only where a rewrite says what it states of the account ("so confirmations now go to jo@example.com").
A system turn (ABCD's `action` turns) states a fact only when it matches one of the configured actions, with
the action's value. Which voice a fact came from is not decided here: the write path reads it from the turn's
role (tasks/writepath/decide.py), so an agent's fact is agent evidence whatever this module makes of it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from archivist.tasks.extract.confirmed import confirmed_requests
from archivist.tasks.extract.mentioned import named_holdings
from archivist.tasks.extract.named_subject import (
    for_another,
    named_as_you,
    named_record_as_yours,
    someone_else_mentioned,
    third_parties,
)
from archivist.tasks.extract.readback import confirmed_readbacks
from archivist.tasks.extract.record import answered_value, labelled_values, record_values
from archivist.tasks.extract.sentences import split_sentences
from archivist.tasks.extract.spoken import spoken_pieces, transcribed, unspoken
from archivist.tasks.extract.summaries import before_and_after
from archivist.tasks.extract.types import ExtractedFact, TurnContext
from archivist.tasks.policy.contracts import AgentReading, Contracts, load_contracts

_SECOND_PERSON = [(r"\b(with|for|and|to|from) you\b", r"\1 me"),
                  (r"\byou're\b", "I'm"), (r"\byou are\b", "I am"), (r"\byou've\b", "I've"), (r"\byour\b", "my"),
                  (r"\byours\b", "mine"), (r"\byou\b", "I")]
_ABOUT_YOU = re.compile(r"^(?:your|you're|you are|you've|you have|you)\b", re.IGNORECASE)
"""An agent sentence read without a rewrite must be about the customer from its first word."""
# A clause that gives the purpose or the upshot of the sentence before it (", so you can ...", ", which means
# ...", ", meaning ...") says what follows from the statement, not the statement: it is cut off before reading.
_TRAILING = re.compile(r",?\s+(?:so(?: that)?|which means|which will|and (?:will|it will|it'll|this will|that will)|"
                       r"meaning|so now|as (?:you )?(?:agreed|requested|"
                       r"discussed|arranged|promised|asked)|effective|starting|beginning|with (?:immediate )?effect)"
                       r"\b\s*(?=\w)", re.IGNORECASE)
_OUR_APPOSITIVE = re.compile(r",\s+our\b[^,]*", re.IGNORECASE)
"""You're on Fixed Green 12, our twelve-month fixed tariff, ...": the company's description of the value."""
_YOUR_VALUE = re.compile(r"^your (?:[\w'-]+ ){0,3}[\w'-]+ (?:is|are) (?:now )?(?=\S)", re.IGNORECASE)
"""An upshot read without a rewrite must state a value of the account ("so from this month your premium is R189")."""
_CHECKED = re.compile(r",?\s+(?:is that (?:right|correct|still (?:right|correct))|is that still the case)\s*\??$",
                      re.IGNORECASE)
"""A read-back ('so I've got you at 27 Hollybank Road, is that right'): what the record holds, checked aloud."""
_TAG = re.compile(r",?\s+(?:is that|that's|is this|is it) (?:still )?(?:right|correct|the case|best|the best one|"
                  r"ok|okay|valid|current|up to date|good|the right one)\s*\??\s*$"
                  r"|,?\s+(?:right|correct|yeah|yes)\s*\?\s*$|(?<=\w)\s+(?:right|yeah)\s*$"
                  # "I'm calling the number on file, 087 412 5563 - is that you, Mr Byrne?"
                  r"|\s+[\u2014\u2013-]{1,2}\s+(?:is that|is this|am i (?:speaking|talking) (?:to|with))"
                  r" [^?]{0,40}\?\s*$",
                  re.IGNORECASE)
"""A tag after a statement ("so your box comes Tuesdays, right?", a transcript's "... on water street right"): the
agent reading the record back for the customer to confirm; the statement is read."""
_CONFIRM_READ = re.compile(r"^.*?\b(?:can i|could i|let me|i'll|i will|i just need to|i need to|just to|"
                           r"i'll just)(?: just)? (?:confirm|check) (?:the|your) ((?:[\w-]+ ){0,2}?(?:address|postcode|"
                           r"number|email|email address|date of birth))(?: first| quickly| with you)?,?:? "
                           r"(?=\d|flat |unit |apartment )",
                           re.IGNORECASE)
"""'can I just confirm the address first 22 quarry lane barnsley': the value the record holds, read back."""
_TRANSCRIBED_VALUE = re.compile(r"^(my (?:[\w'-]+ ){0,3}?[\w'-]+ (?:is|are)(?: now)?(?: for the| the)? |"
                                r"my (?:[\w'-]+ ){0,3}?[\w'-]+ now is )"
                                r"(?!(?:the|a|an|my|on|in|at|set|still|not|now|no|all|being|going)\b)"
                                r"([a-z][a-z'-]+(?: [a-z][a-z'-]+)?)"
                                r"(?=$| now\b| from\b| on\b| in\b| at\b| \S*\d| reg(?:istration)?\b| ending\b)",
                                re.IGNORECASE)
"""The one- or two-word name a transcribed read-back gives a slot ("my home airport is now calgary", "my policy is
now for the skoda octavia SK22 BDZ")."""
_WHEN_TAIL = re.compile(r",?\s+(?:with (?:immediate )?effect|effective)\b[^,;]*$", re.IGNORECASE)
_OUR_NAMED = re.compile(r"\bour\s+(?=[A-Z0-9])")
"""'our Leeds office', 'our Fixed Saver 12 tariff': a named site or product of the company's, which the customer
has; 'our' before a common noun ('our team will call') stays the agent's own."""
_REFERENCE = re.compile(r"\b(?:under|on|for|with) (?:your |the )?(?:agreement|policy|contract|account|ticket|reference|"
                        r"ref|case|customer id|member(?:ship)? (?:no|number)) #?(?=[\w-]*\d)[A-Z0-9][\w-]{3,}\b,?\s*",
                        re.IGNORECASE)
_CODE = re.compile(r"\b(agreement|policy|contract|ticket) #?(?=[\w-]*\d)[A-Z0-9][\w-]{3,}\b", re.IGNORECASE)
"""'Your current lease vehicle under agreement LSE-30921 is ...', 'Your policy MTR-55810 currently carries ...':
a reference code says which record, not what it holds; the parser takes it for the subject, so it is left out."""
_OUR_SIDE = re.compile(r"\s+(?:from|on|at|in) our (?:end|side|records|system)\b", re.IGNORECASE)
"""'... is showing as healthy from our end': where the agent looked, not something the agent did."""
# "I've removed Wexford Street from your account and set 9 Linnet Way as your delivery address": two things the
# agent did, each its own statement. A piece that opens with a past verb takes the sentence's "I've" back. ", and"
# before a new subject and its verb ("..., Columbus, Ohio, and UPS will come between 9 and 5") starts one too, and
# so does what follows a colon ("I've updated your policy: your insured device is now the iPhone 15").
_AND = re.compile(r"(?<!\bapproved)(?<!\bverified)(?<!\bconfirmed)(?<!\bchecked),?\s+and\s+"
                  r"(?=(?:i|we|the|your|you|it|this|that)\b|\w+ed\b|(?:set|put|made|sent|left|"
                  r"added)\b|[\w.+-]+@)|,\s+(?=(?:and\s+)?(?:the|your)\s+\w+(?:\s+\w+)?\s+(?:is|are|has|have|was|were|will)\b)"
                  r"|,?\s+and\s+(?=\w+(?:\s+\w+){0,2}\s+(?:will|would|is|are|was|were|has|have|can|could|should|may)\b)"
                  r"|,?\s+and\s+(?=(?:can|could|will|would|should|may|might|must)\s+(?:be|also|now|still)\b)"
                  r"|:\s+(?=(?:the|your)\s)|\s*;\s+|\s+[\u2014\u2013-]{1,2}\s+(?=[a-z])",
                  re.IGNORECASE)
_AGENT_GREETING = re.compile(r"^(?:hi|hello|hey|hiya|(?:good )?(?:morning|afternoon|evening))"
                             r"(?: there|(?: (?:mr|mrs|ms|dr)\.?)? [^\W\d_]+)?"
                             r"[,!.]\s+(?=\S)", re.IGNORECASE)
"""A greeting before the statement ("Hi there, you're on Essentials 30", "Hello Mrs Adeyemi, ..."): left out, so
the statement is read; a sentence that is only a greeting is boilerplate."""
_COURTESY = re.compile(r"^(?:thanks|thank you|many thanks|cheers|sorry|apologies|no problem|no worries|of course|"
                       r"certainly|sure|great|perfect|lovely|brilliant|wonderful|excellent|all done|done|all set|"
                       r"yes|yeah|yep|sorted|updated|okay|ok|right|alright|let me (?:just )?(?:see|check|look|"
                       r"have a look))"
                       r"(?: so much| again| (?:for|about)(?: [\w'-]+){1,5}?)?"
                       r"(?: (?:(?:mr|mrs|ms|miss|dr)\.? )?(?-i:[A-Z])[\w'-]+)?[,!.]\s+(?=\S)", re.IGNORECASE)
"""A courtesy before the statement ("Thanks for waiting, I've recorded your new surname as Patel", "Thanks Ms
Okafor, e-billing will now go to ...", "All done Gareth. From your next reading you'll be on ..."): left out like
a greeting; a sentence that is only a courtesy is boilerplate."""
_DONE = re.compile(r"^(?:i|we)(?:'ve| have)\s", re.IGNORECASE)
# A start date, not a source: "from next payday", "effective immediately", "as of the 4th"; never "from your
# account" or "from the app" (where the agent looked).
_STARTS = re.compile(r"\b(?:from|as of|starting(?: from)?|effective(?: from)?|with effect from)\s+(?:(?:this|next|"
                     r"your next|the next)\s+\w+|today|tomorrow|now|immediately|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?|"
                     r"january|february|march|april|may|june|july|august|september|october|november|december)\b",
                     re.IGNORECASE)
_DONE_ADVERBS = re.compile(r"^((?:i|we)(?:'ve| have)) (?:(?:also|just|now|already|quickly|gone ahead and|"
                           r"successfully|manually)\s+)+", re.IGNORECASE)
"""'I've also saved 38 as your shoe size', 'we've just set ...': the adverb says nothing of the value, so the
reading goes on as 'I've saved ...' (the rewrites name only the verbs)."""
_CONDITION = re.compile(r"^\W*(?:if|unless|when|once|whether|in case|should)\b", re.IGNORECASE)
_CUSTOMERS_OWN = re.compile(r"^(?:(?:i am|i'm|you're|you are)(?: now| still)? on(?: our)?|my|"
                            r"i (?:now )?have (?:an?|the))\b",
                            re.IGNORECASE)
"""How a rewrite opens the customer's own statement ("I am now on ...", "my ...", "I now have a ..."): not the
agent speaking of themselves."""
_STARTING_ON = re.compile(r"^(?:from|as of|starting(?: from)?|with effect from)\b[^,]{0,60}?,? "
                          r"you(?:'ll| will) be on\b")
_AGENT_SELF = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|me|we|we're|we've|us|our)\b", re.IGNORECASE)


def agent_sentences(text: str, contracts: Contracts | None = None, *, signed: Sequence[str] = (),
                    others: frozenset[str] = frozenset(), someone_else: bool = False,
                    asked: str = "") -> list[tuple[str, str]]:
    """(quote, the customer's first-person reading) for each statement of an agent turn about the customer. The
    quote is the sentence, or the piece of it that makes the statement where the agent said two things ("I've
    changed your meal preference to vegan, and your flight next month shows the vegan meal"). `signed`: names the
    customer signed with, which stand for "you"; `others`: names given as third parties (named_subject.py);
    `someone_else`: the conversation spoke of another person ("my son"), so what is set up for a name is theirs;
    `asked`: the customer's message before, where it asked what their record holds (record.py)."""
    c = (contracts or load_contracts()).agent
    text, found = before_and_after(text)  # "I've updated your delivery address:\n- Old: ...\n- New: ..."
    for spoken, said in ((transcribed(sentence.text), piece) for sentence in split_sentences(text)
                         for piece in spoken_pieces(sentence.text)):
        original = _AGENT_GREETING.sub("", said.strip())  # "Hi there, you're on Essentials 30 ..."
        stated_text = named_record_as_yours(named_as_you(_as_you(_COURTESY.sub("", _AGENT_GREETING.sub(
            "", _COURTESY.sub("", unspoken(original)))), signed), others), others, someone_else)
        # "- Account email: priya@example.com (verified)": a summary's line is the value of the slot it labels
        # (a summary states what is now so, unless it says the line did not change)
        stated_text = _BULLET.sub(_bullet_line, stated_text)
        # "your home club is Riverside, right?": a read-back, not a question
        stated_text = _CONFIRM_READ.sub("your \\1 is ", _TAG.sub("", stated_text))
        lower = stated_text.lower().replace("\u2019", "'")
        if not original or lower.rstrip(" \"')").endswith("?") or any(lower.startswith(b) for b in c.boilerplate):
            continue
        # "I found an account on Full Fibre 150 at 7 Mill Close": a look-up's values, read one by one
        found += [(original, value) for value in record_values(stated_text) + labelled_values(stated_text)
                  + (answered_value(stated_text, asked) if asked else [])]
        # A sentence that is not about "you" ("I've set Tom Okafor as the primary contact", "All invoices will go to
        # ap@example.io") is read only where a rewrite says what it states of the account (_reading).
        # "I've switched you to Anytime, so you can come in whenever you like": the advice is the trailing
        # clause's; what the agent did is the statement before it.
        stated, *upshot = _TRAILING.split(stated_text.replace("\u2019", "'"), maxsplit=1)
        pieces = [p.strip() for p in _AND.split(stated) if p.strip()]
        done = _DONE.match(pieces[0]) if pieces else None
        read = []
        for piece in pieces:
            quote = piece.rstrip(" .!,")
            if for_another(piece, others, someone_else):
                continue  # "I've set up a separate Student membership for Ethan": the son's, not the holder's
            if done and re.match(r"^\w+ed\b|^(?:set|put|made|sent|left|added)\b", piece, re.IGNORECASE):
                piece = done.group(0) + piece
            reading = _reading(piece, c, spoken=spoken)
            if reading is not None:
                read.append((quote, reading))
            if not _CONDITION.match(piece):  # "the payout went to your mBank account ending 4419"
                read += [(quote, held) for held in named_holdings(piece)]
        # "I've updated your profile, so confirmations now go to jo@example.com": an upshot that a rewrite reads as
        # an account value states it; any other upshot (advice, what the customer can now do) is not read.
        for piece in (p.strip() for p in _AND.split(upshot[-1] if upshot else "") if p.strip()):
            reading = _reading(piece, c, rewritten_only=True, spoken=spoken)
            if reading is not None:
                read.append((piece.rstrip(" .!,"), reading))
        # Each statement of a sentence that says several quotes the piece it rests on (verbatim); one says the
        # sentence's own.
        found += [(quote if len(read) > 1 and quote in original else original, reading) for quote, reading in read]
    return found


def _reading(stated: str, c: AgentReading, *, rewritten_only: bool = False, spoken: bool = False) -> str | None:
    """The customer's first-person reading of one statement of an agent sentence, or None. `rewritten_only`: only
    a statement a rewrite reads; `spoken`: the sentence is a transcript's (names in lower case)."""
    # "From your next reading you'll be on Simple Single Rate": a plan that starts on a date is no offer
    checked = _STARTING_ON.sub("", stated.lower())
    if any(re.search(rf"\b{re.escape(a)}\b", checked) for a in c.advice):
        return None  # advice or an offer: what the customer could do, not what holds of them
    # "... to 65 with immediate effect", "..., effective from the second semester": when, not what
    said = _CHECKED.sub("", _WHEN_TAIL.sub("", stated.rstrip(" .!,")))
    reading = _CODE.sub(r"\1", _REFERENCE.sub("", said))
    for opener in c.evidence_openers:
        reading = re.sub(f"^{opener}", "", reading, flags=re.IGNORECASE)
    reading = _DONE_ADVERBS.sub(r"\1 ", reading)
    # "From next payday your salary goes to ...": the opener says when a new value starts, which the reading
    # keeps as the customer's own "from now on" would say it.
    starts = _STARTS.search(said[: len(said) - len(reading)]) is not None
    rewritten = reading
    for rule in c.rewrites:
        rewritten = re.sub(rule.from_, rule.to, rewritten, flags=re.IGNORECASE)
    if rewritten == reading and (not _ABOUT_YOU.match(reading) or rewritten_only and not _YOUR_VALUE.match(reading)):
        # "you" somewhere inside a longer sentence: too easy to misread as the customer's own fact. An upshot is
        # read only where it states a value of the account ("so from this month your premium is R189").
        return None
    reading = _OUR_NAMED.sub("the ", _OUR_SIDE.sub("", _OUR_APPOSITIVE.sub("", rewritten)))
    if _AGENT_SELF.search(_CUSTOMERS_OWN.sub("", reading)):
        return None  # still the agent's own doing ("we will send you a label"): not a fact about the customer
    for pattern, replacement in _SECOND_PERSON:
        reading = re.sub(pattern, replacement, reading, flags=re.IGNORECASE)
    if spoken:  # a transcript writes names in lower case: "is now calgary"
        reading = _TRANSCRIBED_VALUE.sub(lambda m: m.group(1) + m.group(2).title(), reading)
    if starts and not re.search(r"\b(?:now|from now on)\b", reading, re.IGNORECASE):
        reading += " from now on"
    return reading[:1].upper() + reading[1:] + "."


def system_facts(turn: TurnContext, contracts: Contracts | None = None) -> list[ExtractedFact]:
    """The facts a system turn records: one per configured action its sentences match, with the value."""
    c = contracts or load_contracts()
    facts = []
    for sentence in split_sentences(turn.text or ""):
        original = sentence.text.strip()
        for action in c.system:
            match = re.match(action.pattern, original, re.IGNORECASE)
            if match is None:
                continue
            value = (match.groupdict().get("value") or "").strip()
            text = action.text.format(value=_title(value, action.relation))
            facts.append(ExtractedFact(
                subject="customer", relation=action.relation, object=_title(value, action.relation) or action.action,
                text=text, quote=original, said_at=turn.said_on.isoformat() if turn.said_on else None,
                entities=[], source_turn_id=turn.turn_id, temporal_status="current", kind="fact"))
            break
    return facts


def voice_facts(turns: Sequence[TurnContext], read_customer: Callable[[list[TurnContext]], list[list[ExtractedFact]]],
                contracts: Contracts | None = None) -> list[list[ExtractedFact]]:
    """Facts of each agent and system turn of `turns` (an empty list for every other turn); `read_customer` is
    the customer-turn extractor the agent's rewritten sentences are read with."""
    c = contracts or load_contracts()
    found: list[list[ExtractedFact]] = [[] for _ in turns]
    rewritten: list[tuple[int, str, TurnContext]] = []
    for index, turn in enumerate(turns):
        voice = c.voice(turn.role)
        if voice == "system":
            found[index] = system_facts(turn, c)
        elif voice == "agent":
            signed, others, someone_else = _signed(turn), third_parties(turn), someone_else_mentioned(turn)
            for original, reading in agent_sentences(turn.text or "", c, signed=signed, others=others,
                                                     someone_else=someone_else, asked=_asked_record(turn)):
                # Read on its own: what the account holds is no detail of a booking the customer asked for
                # before ("can i book the 6am class" -> "your home club is Richmond on file").
                rewritten.append((index, original, dataclasses.replace(turn, role="customer", text=reading,
                                                                       previous=())))
            # "Are you still on the Basic plan?" -> "yes": the record read back and confirmed
            reply = _reply(turns, index, c) if "?" in (turn.text or "") else None
            for question, statement in confirmed_readbacks(turn.text or "", reply) if reply else ():
                for _, reading in agent_sentences(statement, c, signed=signed, others=others,
                                                  someone_else=someone_else):
                    rewritten.append((index, question, dataclasses.replace(turn, role="customer", text=reading,
                                                                           previous=())))
            # "Can you change my plan to Fibre 500?" -> "Sure, that's done": the change the agent made.
            for original, reading in confirmed_requests(turn, c):
                rewritten.append((index, original, dataclasses.replace(turn, role="customer", text=reading,
                                                                       previous=())))
    if rewritten:
        for (index, original, read), facts in zip(rewritten, read_customer([t for _, _, t in rewritten]),
                                                  strict=True):
            seen = {(f.relation, f.text.lower()) for f in found[index]}
            for fact in facts:
                if (fact.relation, fact.text.lower()) not in seen:
                    found[index].append(dataclasses.replace(fact, quote=original, read_in=read.text,
                                                            source_turn_id=turns[index].turn_id))
    return found


def _reply(turns: Sequence[TurnContext], index: int, c: Contracts) -> str | None:
    """The customer's next turn after `index` in its conversation, past any agent or bot turns between (a bot's
    "Is that you? Yes / No" may be followed by its own queue message before the customer types "yes")."""
    for turn in turns[index + 1:]:
        if turn.conversation_id != turns[index].conversation_id:
            return None
        if c.voice(turn.role) == "customer":
            return turn.text or ""
    return None


_ASKED_RECORD = re.compile(
    r"(?=.*(?:\?|\b(?:confirm|check|checking|tell me|make sure|which|what|where)\b))(?=.*\b(?:my|our|me|i)\b)"
    r".*\b(?:address|email|e-mail|number|card|details|account|record|file|profile)\b", re.IGNORECASE | re.DOTALL)


def _asked_record(turn: TurnContext) -> str:
    """The customer's message just before, where it asks what their record holds ("Can you confirm the supply
    address on my account?", "just checking you have my address right"); "" otherwise."""
    last = turn.previous[-1] if turn.previous else None
    asks = last is not None and (last.role or "").lower() in ("customer", "user") and \
        _ASKED_RECORD.search(last.text or "") is not None
    return (last.text or "") if asks and last is not None else ""


def _signed(turn: TurnContext) -> list[str]:
    """Names the customer signs earlier messages of the conversation with ("Ops Lead, Fernwood Labs": the last
    short lines of an email-style message whose words are all capitalised) or gives their organisation by
    (`_INTRODUCED`)."""
    names: set[str] = set()
    for message in turn.previous:
        if (message.role or "").lower() not in ("customer", "user"):
            continue
        lines = [line.strip() for line in (message.text or "").splitlines() if line.strip()]
        for line in lines[1:][-2:]:
            for part in (p.strip(" .") for p in line.split(",")):
                words = part.split()
                if 2 <= len(words) <= 4 and all(w[:1].isupper() for w in words):
                    names.add(part)
        names.update(next(g for g in m.groups() if g).strip(" .,'\"") for m in _INTRODUCED.finditer(message.text or ""))
    return sorted(names, key=len, reverse=True)


_ORG = r"((?:[A-Z][\w&'.-]*|[a-z0-9]+(?:-[a-z0-9]+)+)(?: (?:[A-Z][\w&'.-]*|&|and|of)){0,4})"
_INTRODUCED = re.compile(
    rf"\b(?:(?i:account|workspace|company|business|organi[sz]ation|org|team)(?: name)?(?: is|:)\s+'?{_ORG}"
    rf"|(?:for|on behalf of|of|on) (?:the |our )?{_ORG} (?:account|workspace|team|subscription|organi[sz]ation)\b"
    rf"|(?i:we are|we're) {_ORG}[.,!]?$)", re.MULTILINE)
"""Names the customer gives their organisation by ("Account is Bramble & Co.", "for the Nordvale Robotics
workspace", "Workspace: kestrel-engineering"): in a business's support chat the organisation is the customer."""


def _as_you(text: str, names: Sequence[str]) -> str:
    """ "Karoo Freight currently has 40 licensed seats", "Invoices for the Larkspur Analytics workspace": the
    organisation the customer signs with is the customer, as "you" and "your" would say it; so is the record a
    bot names by its number ("Student ID 21904477 is enrolled in ...")."""
    # "Your account (Ferris & Daughter Joinery) is on the Starter plan": the account's name in brackets is no part
    # of the statement
    text = re.sub(r"^(your (?:account|workspace|organi[sz]ation|company|team|business|profile))\s*\([^)]*\)", r"\1",
                  text, flags=re.IGNORECASE)
    text = _RECORD_ID.sub(lambda m: ("" if (m.group("lead") or "").lower().endswith("see ") else m.group("lead") or "")
                          + ("You are" if m.group(2).lower() == "is" else "You have"), text)
    for name in names:
        quoted = re.escape(name)
        if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", name):  # "org is northwind-labs": "Northwind Labs is on ..."
            quoted = "(?i:" + r"[- ]".join(map(re.escape, name.split("-"))) + ")"
        # "Tallyroo workspace 'coastline-physio' has 12 seats": the name and what it names, with its own id
        text = re.sub(rf"^(?:the )?{quoted}(?: (?:account|workspace|team|organi[sz]ation|company|subscription))?"
                      rf"(?: '[^']+')? (currently |now |still )?(is|has)\b(?! (?:hosted|located|based|stored)\b)",
                      lambda m: f"You {m.group(1) or ''}{'are' if m.group(2) == 'is' else 'have'}", text)
        text = re.sub(rf"\bthe {quoted} (?=[a-z])", "your ", text)
    return text


_BULLET = re.compile(r"^\s*[-*\u2022]\s*([A-Za-z][A-Za-z' ]{2,30}?)\s*:\s+(.+?)"
                     r"(?:\s*\((?:verified|confirmed|new|updated|(unchanged|same|as before))\))?\s*$")
_ARROW = re.compile(r"^(?:from )?(?P<old>.+?)\s*(?:->|\u2192|=>|>)\s*(?:to )?(?P<new>.+)$")
_CHANGED_LABEL = re.compile(r"\s+(?:changed|updated|amended|switched|moved)$", re.IGNORECASE)


def _bullet_line(m: re.Match[str]) -> str:
    """ "- Account email: priya@example.com (verified)" -> "your account email is now priya@example.com"; "- Plan
    changed: Duo -> Family" -> "your plan is now Family" (the value after the arrow is the new one)."""
    label, value = _CHANGED_LABEL.sub("", m.group(1).strip()).lower(), m.group(2)
    arrow = _ARROW.match(value)
    if arrow is not None:
        return f"your {label} is now {arrow.group('new')}"
    return f"your {label} is {'' if m.group(3) else 'now '}{value}"


_RECORD_ID = re.compile(r"^(?P<lead>(?:from|as of|starting(?: from)?) [^,]{1,25}?,? |(?:i can |we can )?see )?"
                        r"(?:student|member|customer|patient|employee|account|membership|policy|card)(?: (?:id|no\.?|"
                        r"number|#))? ?#?(?=[\w-]*\d)[\w-]{4,} (is|has)\b", re.IGNORECASE)
"""A record a bot or agent names by its number ("Student ID 21904477 is enrolled in ...", "I can see policy
BC-2210487 is on HomeCare Essentials", "From 1 November policy BC-2210487 is on HomeCare Complete")."""


def _title(value: str, relation: str) -> str:
    """A name is written as a name ("crystal minh" -> "Crystal Minh"); other values keep their spelling."""
    return value.title() if relation == "name" else value
