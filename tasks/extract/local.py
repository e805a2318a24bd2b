"""The embedded extractor: declarative sentences of the person's own turns, a subject, a relation lexicon.

Deterministic and free: no model call, no randomness, the same turn always gives the same facts.
For each turn of a role in the lexicon's `speaker_roles` (customers, users; agents, systems and tools are
skipped) it reads every sentence that is not a question or a conditional, splits it into clauses, resolves
each clause's subject (see `sentences.resolve_subject`) and matches the lexicon's rules
(`configs/extraction.toml`, which documents them). Each match is a fact:

- `quote`: the sentence, verbatim; `said_at`: the first date phrase of the clause resolved against the
  message's date, else the message's date;
- `text`: the rule's template for a plain statement ("customer lives at 14 Harbour Street, Leeds"), or the
  clause itself in the third person when a cue word or a future date makes it past, negated or planned
  ("customer used to live in York", "customer is going to move to Paris"), so the decision model sees it;
- `entities`: the names in the object and a named subject (never the object of a sensitive relation).

It never logs message text: the facts it finds may hold card numbers and passwords.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from archivist.tasks.extract.cues import Core, strip_cues
from archivist.tasks.extract.dates import DateMention, find_dates, speaks_of_future
from archivist.tasks.extract.lexicon import Lexicon, Rule, load_lexicon
from archivist.tasks.extract.phrasing import (
    article,
    at_or_in,
    clean_object,
    entities,
    fill_template,
    remove_dates,
    split_objects,
    third_person_clause,
)
from archivist.tasks.extract.sentences import (
    Span,
    declarative_lead,
    Subject,
    expand_contractions,
    is_conditional,
    is_question,
    normalise,
    resolve_subject,
    split_clauses,
    split_sentences,
    strip_discourse,
    strip_trailing_punctuation,
)
from archivist.tasks.extract.types import ExtractedFact, ExtractionProblem, TurnContext

INTENTION = "intention"
"""Relation of a plan whose action no rule knows ("I'm going to learn Spanish")."""
_INTENTION_RULE = Rule(name="intention", relation=INTENTION, match="predicate", patterns=(), text="verbatim")
_PROGRESSIVE = re.compile(r"^(?:am|are|is)\s+\w+ing\b", re.IGNORECASE)
_CARD_CONTEXT = re.compile(r"\b(?:card|visa|mastercard|amex|debit|credit|payment|pay|paid|billing)\b", re.I)


@dataclass
class _Clause:
    text: str
    """Normalised, contractions expanded, trailing punctuation off."""
    dates: list[DateMention]


class LocalExtractor:
    """Facts from a relation lexicon; no model, no network."""

    def __init__(self, lexicon: Lexicon | None = None, *, lexicon_path: str | Path | None = None):
        self.lexicon = lexicon or load_lexicon(lexicon_path)
        self.name = f"local-lexicon-v{self.lexicon.version}"
        self._predicate_rules = [r for r in self.lexicon.rules if r.match == "predicate"]
        self._anywhere_rules = [r for r in self.lexicon.rules if r.match == "anywhere"]

    def extract(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]:
        return [self.extract_turn(turn) for turn in turns]

    def take_problems(self) -> list[ExtractionProblem]:
        return []  # nothing here can fail per turn: a sentence no rule knows simply states no fact

    def person_of(self, turn: TurnContext) -> str:
        """How the scope's person is written: "customer" for support chats, the speaker's name otherwise."""
        role = (turn.role or "").lower()
        return self.lexicon.person.get(role) or (turn.speaker or "").strip() or role or "user"

    def extract_turn(self, turn: TurnContext) -> list[ExtractedFact]:
        if (turn.role or "").lower() not in self.lexicon.speaker_roles or not turn.text:
            return []
        person = self.person_of(turn)
        reference = turn.said_on
        facts: dict[tuple[str, str], ExtractedFact] = {}
        for sentence in split_sentences(turn.text):
            normal = normalise(sentence.text)
            if is_question(normal, self.lexicon):
                # "I pay by direct debit, is that set up too?": the statement before the question still counts.
                normal = declarative_lead(normal, self.lexicon)
            if not normal or is_conditional(normal, self.lexicon):
                continue
            future = speaks_of_future(normal)
            for clause_text in split_clauses(normal):
                text = expand_contractions(strip_trailing_punctuation(clause_text))
                clause = _Clause(text, find_dates(text, reference, future=future) if reference else [])
                for fact in self._clause_facts(clause, sentence, person, turn):
                    facts.setdefault((fact.relation, fact.text.lower()), fact)
        return list(facts.values())

    # -- one clause ---------------------------------------------------------------------------------

    def _clause_facts(self, clause: _Clause, sentence: Span, person: str, turn: TurnContext) -> list[ExtractedFact]:
        said_at = self._said_at(clause, turn.said_on)
        body = strip_discourse(clause.text, self.lexicon)
        found: list[ExtractedFact] = []
        for rule in self._anywhere_rules:
            for pattern in rule.patterns:
                for match in pattern.finditer(body):
                    found.extend(self._template_facts(rule, match, person, person, sentence, said_at, turn, body))
        subject = resolve_subject(body, person, self.lexicon)
        if subject is not None:
            found.extend(self._predicate_facts(subject, clause, sentence, said_at, person, turn))
        return found

    @staticmethod
    def _said_at(clause: _Clause, reference: date | None) -> str | None:
        """The clause's first date phrase resolved, else the message's date. Only the clause's own: in
        "Yesterday I went to a concert and I love music" the liking is not dated yesterday."""
        if reference is None:
            return None
        return (clause.dates[0].value if clause.dates else reference).isoformat()

    def _predicate_facts(self, subject: Subject, clause: _Clause, sentence: Span, said_at: str | None,
                         person: str, turn: TurnContext) -> list[ExtractedFact]:
        predicate = self._strip_adverbs(subject.predicate)
        # First as it stands: a rule may spell out its own negation ("cannot log in", "do not like").
        core = Core(predicate)
        rule, match = self._first_rule(predicate)
        if rule is None:
            core = strip_cues(predicate, self.lexicon)
            rule, match = self._first_rule(core.text)
        if rule is None or match is None:
            return self._intention(subject, core, sentence, said_at, person, turn)
        future = any(m.value > (turn.said_on or m.value) for m in clause.dates)
        if not core.cues and not future and not _PROGRESSIVE.match(predicate) and not rule.verbatim:
            return self._template_facts(rule, match, subject.name, person, sentence, said_at, turn, core.text)
        return self._verbatim_facts(rule, match, subject, core, sentence, said_at, person, turn)

    def _intention(self, subject: Subject, core: Core, sentence: Span, said_at: str | None, person: str,
                   turn: TurnContext) -> list[ExtractedFact]:
        """A plan whose action no rule knows: "I'm going to apply for a mortgage" (if the verb is a plan verb)."""
        action = clean_object(core.text, _INTENTION_RULE, self.lexicon) if core.text else None
        if "plan" not in core.cues or not action or not self.lexicon.plan_action.match(action):
            return []
        text = third_person_clause(subject.name, remove_dates(core.said_before(0) + action), subject.first_person,
                                   self.lexicon)
        return [self._fact(subject.name, INTENTION, action, text, sentence, said_at, turn,
                           entities(subject.name, [], INTENTION, self.lexicon, person), person)]

    def _verbatim_facts(self, rule: Rule, match: re.Match[str], subject: Subject, core: Core, sentence: Span,
                        said_at: str | None, person: str, turn: TurnContext) -> list[ExtractedFact]:
        """Facts whose text is the clause itself, cue words and all, up to the (cleaned) object."""
        raw = match.group("object") if "object" in match.re.groupindex else None
        if raw is None:
            return []
        said_before = core.said_before(match.start("object"))
        names = (match.groupdict().get("name"), match.groupdict().get("to"))
        facts = []
        for obj in self._objects(rule, raw):
            said = remove_dates(said_before + obj + core.trailing)
            text = third_person_clause(subject.name, said, subject.first_person, self.lexicon)
            facts.append(self._fact(subject.name, rule.relation, obj, text, sentence, said_at, turn,
                                    entities(subject.name, [obj], rule.relation, self.lexicon, person, names),
                                    person))
        return facts

    def _template_facts(self, rule: Rule, match: re.Match[str], subject: str, person: str, sentence: Span,
                        said_at: str | None, turn: TurnContext, context: str) -> list[ExtractedFact]:
        groups = {k: (v.strip() if v else v) for k, v in match.groupdict().items()}
        raw = groups.get("object")
        if raw and match.start("object") == 0 and raw[1:2].islower():
            raw = raw[0].lower() + raw[1:]  # capitalised only because it opens the sentence
        if raw is None or rule.verbatim or not self._check(rule, raw, context):
            return []
        objects = self._objects(rule, raw)
        if not objects:
            return []
        obj = objects[0]
        values = {**groups, "subject": subject, "object": obj, "a": article(obj), "at_in": at_or_in(obj)}
        if groups.get("art") is None and rule.default_art:
            values["art"] = rule.default_art
        elif groups.get("art"):
            values["art"] = groups["art"] + " "
        texts = []
        for each in objects:
            texts.append((each, fill_template(rule.text, {**values, "object": each, "a": article(each)})))
        names = (groups.get("name"), groups.get("to"))
        return [self._fact(subject, rule.relation, each, text, sentence, said_at, turn,
                           entities(subject, [each], rule.relation, self.lexicon, person, names), person)
                for each, text in texts]

    # -- helpers ------------------------------------------------------------------------------------

    def _objects(self, rule: Rule, raw: str) -> list[str]:
        cleaned = clean_object(raw, rule, self.lexicon)
        if cleaned is None:
            return []
        if not rule.split_and:
            return [cleaned]
        parts = [clean_object(part, rule, self.lexicon) for part in split_objects(cleaned)]
        return [p for p in parts if p]

    def _check(self, rule: Rule, raw: str, context: str) -> bool:
        if rule.check == "card_number":
            digits = re.sub(r"\D", "", raw)
            return 13 <= len(digits) <= 19 and (_luhn(digits) or bool(_CARD_CONTEXT.search(context)))
        return True

    def _first_rule(self, predicate: str) -> tuple[Rule | None, re.Match[str] | None]:
        for rule in self._predicate_rules:
            for pattern in rule.patterns:
                match = pattern.match(predicate)
                if match:
                    return rule, match
        return None, None

    def _strip_adverbs(self, text: str) -> str:
        for _ in range(4):
            found = self.lexicon.adverbs.match(text)
            if not found:
                break
            text = text[found.end() :]
        return text

    def _fact(self, subject: str, relation: str, obj: str, text: str, sentence: Span, said_at: str | None,
              turn: TurnContext, names: list[str], person: str) -> ExtractedFact:
        return ExtractedFact(subject=subject, relation=relation, object=obj, text=text, quote=sentence.text,
                             said_at=said_at, entities=names, source_turn_id=turn.turn_id)


def _luhn(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2 == 1:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0
