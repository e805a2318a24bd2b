"""The embedded extractor: facts read from a spaCy dependency parse of the person's own sentences.

Deterministic and free: no model call, no network, the same turn always gives the same facts. For each turn
of a role in `speaker_roles` (customers, users; agents, systems and tools are skipped) it splits the text into
sentences (offsets kept, so a quote is always verbatim), drops questions (keeping a statement before one) and
conditionals, and parses the rest in batches (`nlp.pipe`). Each clause with a subject it can name (the
person, a relative, a named person, a thing the person owns) and a relation (tasks/extract/relate.py) is a
fact:

- `quote`: the sentence, verbatim; `said_at`: the clause's first date resolved against the message's date,
  else the message's date; the date's words leave the text whole;
- `text`: a template for a plain current statement, else the clause's own words in the third person;
- `temporal_status` and `kind`: read from the grammar (tasks/extract/parse.py), for whoever wants them;
- one-off requests ("I would like to book a table for two tonight") are dropped, by the rule in
  configs/extraction.toml [durability]; `dropped_one_offs` counts them.

It never logs message text: the facts it finds may hold card numbers and passwords.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from archivist.configs.relations import load_relations
from archivist.tasks.extract.answers import answer_fact, asked_slot
from archivist.tasks.extract.attributes import (
    amount_reading,
    changed_attribute,
    condition_reading,
    held_for_reading,
    holding_reading,
    placement_reading,
    product_reading,
    provider_reading,
    succession_reading,
)
from archivist.tasks.extract.chat import (
    dropped_subject,
    statements,
    unjoined,
    with_subject,
)
from archivist.tasks.extract.dates import find_dates
from archivist.tasks.extract.doses import dose_values, named_dose
from archivist.tasks.extract.errands import (
    INTENTION,
    action_words,
    for_one_occasion,
    last_argument,
    one_off,
    without_booking_details,
)
from archivist.tasks.extract.grammar import Grammar, load_grammar
from archivist.tasks.extract.holder import Holder, find_holder
from archivist.tasks.extract.named_it import named_it_reading
from archivist.tasks.extract.parse import (
    Clause,
    fragment_clauses,
    load_nlp,
    parse_texts,
    read_clauses,
)
from archivist.tasks.extract.personal import personal_readings
from archivist.tasks.extract.phrasing import entities
from archivist.tasks.extract.readable import readable
from archivist.tasks.extract.refused import refused_on_the_call
from archivist.tasks.extract.relate import (
    CONTACT_VERBS,
    Reading,
    Who,
    clause_text,
    frame_reading,
)
from archivist.tasks.extract.replacement import corrected, fold_negations, states_change
from archivist.tasks.extract.resolved import fulfilled_on_the_call, resolved_on_the_call
from archivist.tasks.extract.schedules import delivery_address, paid_amount, payment_day, schedule_reading
from archivist.tasks.extract.sentences import Span, split_sentences
from archivist.tasks.extract.slots import any_reading
from archivist.tasks.extract.spoken import unspoken
from archivist.tasks.extract.stated import closed, no_value
from archivist.tasks.extract.subjects import (
    PERSONAL_PRONOUNS,
    antecedent,
    held_for_another,
    kin_of,
    name_of,
    person_antecedent,
    thing_word,
)
from archivist.tasks.extract.types import ExtractedFact, ExtractionProblem, TurnContext
from archivist.tasks.extract.values import (
    attribute_reading,
    misparsed_state,
    owned_devices,
    service_reading,
    system_reading,
)
from archivist.tasks.extract.voices import voice_facts
from archivist.tasks.extract.writing import date_tokens, render
from archivist.tasks.extract.written_values import presupposes_value, value_facts

_NO_FOOD = re.compile(r"\b(?:i|we)\s+(?:don't|do not|dont|no longer|never|stopped|have stopped|'ve stopped|gave up)\s+"
                      r"(?:eat|eating|have|having)\s+(meat|fish|dairy|gluten|pork|beef|red meat|animal products)\b",
                      re.IGNORECASE)
KIND_OF = {"planned": "plan", "hypothetical": "plan", "past": "event"}


class LocalExtractor:
    """Facts from a dependency parse and the frames of configs/extraction.toml; no model call, no network."""

    def __init__(self, grammar: Grammar | None = None, *, config_path: str | Path | None = None,
                 read_voices: bool = True):
        self.grammar = grammar or load_grammar(config_path)
        self.read_voices = read_voices
        self.name = f"local-parse-v{self.grammar.version}"
        self.dropped_one_offs = 0
        self._nlp = None
        self._holder = Holder({}, {})

    @property
    def nlp(self) -> Any:
        if self._nlp is None:
            self._nlp = load_nlp(self.grammar.package, self.grammar.exclude)
        return self._nlp

    def take_problems(self) -> list[ExtractionProblem]:
        return []  # nothing here can fail per turn: a sentence no frame knows simply states no fact

    def person_of(self, turn: TurnContext) -> str:
        """How the scope's person is written: "customer" for support chats, the speaker's name otherwise."""
        role = (turn.role or "").lower()
        return self.grammar.person.get(role) or (turn.speaker or "").strip() or role or "user"

    def extract_turn(self, turn: TurnContext) -> list[ExtractedFact]:
        return self.extract([turn])[0]

    def extract(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]:
        self._holder = find_holder(turns, self.grammar.speaker_roles)  # "writing on behalf of my mum, Margaret ..."
        own = self._own_facts(turns)
        if self.read_voices and any((t.role or "").lower() not in self.grammar.speaker_roles for t in turns):
            # Agent and system turns (tasks/extract/voices.py): the agent's rewrites are read as customer turns.
            others = voice_facts(turns, self._own_facts)
            own = [mine + theirs for mine, theirs in zip(own, others, strict=True)]
        own, dropped = resolved_on_the_call(turns, own)  # "my internet's gone down" ... "oh it's back thanks"
        own, done = fulfilled_on_the_call(own, turns)  # "I'd like to upgrade to X" ... "you're now on X"
        own, refused = refused_on_the_call(own, turns)  # "I want to change my number" ... "it can't be completed"
        self.dropped_one_offs += dropped + done + refused
        return own

    def _own_facts(self, turns: list[TurnContext]) -> list[list[ExtractedFact]]:
        jobs: list[tuple[int, Span, str]] = []
        asked: set[int] = set()  # questions read only for the values they say the person has
        slots: dict[int, str] = {}
        for index, turn in enumerate(turns):
            if (turn.role or "").lower() not in self.grammar.speaker_roles or not turn.text:
                continue
            slot = asked_slot(turn, self.grammar)  # "Can you confirm your address?" -> "It's 3 Bay View now."
            if slot is not None:
                slots[index] = slot
            for sentence in split_sentences(turn.text):
                said = readable(sentence.text, self.grammar, answer=slot is not None)
                if said:  # only sentences that can state a fact are parsed: the parser is the cost
                    jobs += [(index, sentence, piece) for piece in statements(said)]
                elif presupposes_value(sentence.text):  # "why did my card ending 4417 get charged twice?"
                    asked.add(len(jobs))  # makers' names written as names: "my iphone 13 keeps dropping??"
                    jobs.append((index, sentence, unspoken(sentence.text)))
        found: list[dict[tuple[str, str], ExtractedFact]] = [{} for _ in turns]
        docs = parse_texts(self.nlp, [text for _, _, text in jobs], self.grammar.batch_size)
        again = [n for n, doc in enumerate(docs) if dropped_subject(doc)]  # "Swapped my Galaxy for a Pixel"
        redone = parse_texts(self.nlp, [with_subject(jobs[n][2]) for n in again], self.grammar.batch_size)
        for n, doc in zip(again, redone, strict=True):
            docs[n] = doc
        for n, ((index, sentence, _), doc) in enumerate(zip(jobs, docs, strict=True)):
            read = self._presupposed(turns[index], sentence, doc) if n in asked else \
                self._sentence_facts(turns[index], sentence, doc, slots.get(index))
            for fact in read:
                found[index].setdefault((fact.relation, fact.text.lower()), fact)
        relations = load_relations()
        found = [{key: named_dose(f, turns[i], turns) for key, f in facts.items()} for i, facts in enumerate(found)]
        folded = [fold_negations(corrected(list(facts.values()), turns[i].text or "", self.grammar), relations)
                  for i, facts in enumerate(found)]
        kept = [without_booking_details(turns[i], facts, self.grammar) for i, facts in enumerate(folded)]
        self.dropped_one_offs += sum(len(f) for f in folded) - sum(len(k) for k in kept)
        return kept

    def _presupposed(self, turn: TurnContext, sentence: Span, doc: Any) -> list[ExtractedFact]:
        """A question's own values of the person ("why did my card ending 4417 get charged twice?", "can you
        check why my Galaxy S22 won't charge?"): what it asks is not read, what it says the person has is."""
        person, g = self.person_of(turn), self.grammar
        return self._value_facts(turn, sentence, doc, person, value_facts(doc, person, g) +
                                 owned_devices(doc, person, g), stated=False)

    def _value_facts(self, turn: TurnContext, sentence: Span, doc: Any, person: str,
                     values: list[tuple[str, str, str, tuple[str | None, ...], bool | None]], *,
                     stated: bool = True) -> list[ExtractedFact]:
        """Current facts of the (relation, object, text, names, replaces) values of values.py. `stated`: each keeps
        its own `replaces`; otherwise none replaces anything (a question's or a device's mention)."""
        return [self._fact(turn, sentence, doc, person, relation, obj, text, None, "current", names,
                           replaces=replaces if stated else False)
                for relation, obj, text, names, replaces in values]

    # -- one sentence ---------------------------------------------------------------------------------

    def _sentence_facts(self, turn: TurnContext, sentence: Span, doc: Any, slot: str | None = None
                        ) -> list[ExtractedFact]:
        g, person, reference = self.grammar, self.person_of(turn), turn.said_on
        dates = date_tokens(doc, reference)
        facts: list[ExtractedFact] = []
        answered = answer_fact(slot, doc, turn.text, person, g, turn.previous[-1].text or "" if turn.previous else ""
                               ) if slot else None
        if answered is not None:
            relation, obj, text, replaces = answered
            facts.append(self._fact(turn, sentence, doc, person, relation, obj, text, None, "current", (),
                                    replaces=replaces))
        facts += self._value_facts(turn, sentence, doc, person, value_facts(doc, person, g))
        values = {id(f) for f in facts}
        delivered = delivery_address(doc, person)
        if delivered is not None:
            facts.append(self._fact(turn, sentence, doc, person, "address", delivered[0], delivered[1], None,
                                    "current", ()))
        state = misparsed_state(doc, person, g)
        if state is not None:
            facts.append(self._fact(turn, sentence, doc, person, state.relation, state.object_text, state.text, None,
                                    "current", ()))
        parsed = read_clauses(doc, g)
        clauses = [c for c in parsed if not c.conditional]
        if not any(c.subject is not None for c in parsed):  # a clause left out as conditional is no fragment
            clauses += fragment_clauses(doc, self.grammar)
        for clause in clauses:
            who = self._who(clause, person, turn, sentence, doc)
            if who is None:
                continue
            if who.kin_of is not None:
                owner, kin = who.kin_of
                relation = "partner" if kin in g.word("partner_kin") else "family"
                facts.append(self._fact(turn, sentence, doc, owner, relation, who.name,
                                        f"{owner}'s {kin} is {who.name}", None, "current", (who.name,)))
            subject = clause.subject
            asked = subject is not None and any((t.tag_ in ("WDT", "WP") or t.lower_ == "how") and t.i < subject.i
                                                for t in clause.verb.subtree)
            readings = self._readings(clause, who, dates, turn)
            method = next((r for r in readings if r.relation == "payment_method"), None)
            # "you pay £38.50 a month by direct debit on the 1st": the amount and the day beside the method
            paid = [payment_day(clause, who, method.obj) if method is not None else None, paid_amount(clause, who)]
            read = {r.relation for r in readings}
            for reading in readings + [p for p in paid if p is not None and p.relation not in read]:
                if len(reading.text.split()) <= len(who.name.split()) or asked:
                    continue  # nothing the parse could keep; "check which tariff we're on" asks, it does not say
                if who.first_person and held_for_another(clause, reading.obj, g):
                    continue  # "I've set up a Student membership for Ethan": Ethan's, not the speaker's
                if one_off(clause, reading, doc, reference, self.grammar):
                    self.dropped_one_offs += 1
                    continue
                names = self._family(clause, who, person)
                facts.append(self._fact(turn, sentence, doc, who.name, reading.relation, reading.object_text,
                                        reading.text, clause, reading.status or clause.status, names))
        if not any(f.relation == "diet" for f in facts):
            facts.extend(self._diet(turn, sentence, doc, person, clauses))
        if not any(f.relation == "device" for f in facts):  # "calls drop on my Galaxy S22": a phone they have
            facts += self._value_facts(turn, sentence, doc, person, owned_devices(doc, person, g), stated=False)
        held = {f.relation for f in facts}  # "repeat for my atorvastatin pls, 20mg at night"
        facts += self._value_facts(turn, sentence, doc, person, [d for d in dose_values(doc, person, g)
                                                                 if d[0] not in held])
        # "Could you update my email to X?": the clause says it is asked for, which the value alone cannot tell
        unsure = {(f.relation, f.object) for f in facts if f.temporal_status in ("planned", "hypothetical")}
        # "my billing contact is now X": the email a known slot holds is not an open attribute's value as well
        known = {f.object.lower() for f in facts if not f.relation.startswith("attribute_")}
        if facts and for_one_occasion(sentence.text, g):  # "the address for Friday's order only": an errand
            self.dropped_one_offs += len(facts)
            return []
        return [f for f in facts if (id(f) not in values or (f.relation, f.object) not in unsure)
                and not (f.relation.startswith("attribute_") and f.object.lower() in known)
                and not no_value(f, facts)]

    def _readings(self, clause: Clause, who: Who, dates: set[int], turn: TurnContext) -> list[Reading]:
        g = self.grammar
        if who.thing is not None:
            pronoun = who.thing.lower_ in ("it", "everything", "things", "all")
            if who.thing.lemma_.lower() in g.noun("trip"):  # "Our trip to Rome is off"
                name = render([t for t in who.thing.subtree if t.lower_ not in ("my", "our")], first_person=True)
                text = clause_text(clause, Who(f"{who.name}'s {name}", False), None, dates)
                return [Reading("travel", who.thing, name, text)]
            vague = who.thing.lower_ in ("everything", "things", "all")
            if vague and not {t.lemma_.lower() for t in clause.head.subtree} & g.noun("clear_states"):
                return []
            # "it is ok" names no slot; "It's a Samsung Galaxy S21" names the speaker's phone
            reading = named_it_reading(clause, who, g, dates) if pronoun else attribute_reading(
                clause, who, g, dates) or system_reading(clause, who, g, dates) or holding_reading(
                clause, who, g, dates) or schedule_reading(clause, who) or amount_reading(clause, who, g, dates)
            things = g.word("owned") | g.noun("device")
            owned = pronoun or who.thing.lower_ in things or who.thing.lemma_.lower() in things
            if reading is None and owned:  # "my router stopped working"; "my mind is elsewhere" is no service
                reading = service_reading(clause, who, g, dates)
            return [reading] if reading else []
        placed = placement_reading(clause, who, g, dates) or succession_reading(clause, self.person_of(turn), g, dates)
        readings = [placed] if placed is not None else any_reading(
            personal_readings(clause, who, g, dates) or frame_reading(clause, who, g, dates), clause, who, g, dates)
        if not readings:  # "I have an arranged overdraft of £500": an amount of a slot no frame knows
            amount = amount_reading(clause, who, g, dates) or condition_reading(clause, who, g, dates) or \
                changed_attribute(clause, who, g, dates) or provider_reading(clause, who, g, dates) or \
                held_for_reading(clause, who, g, dates) or product_reading(clause, who, g, dates)
            readings = [amount] if amount is not None else []
        if not readings and clause.subject is not None and clause.subject.lower_ in ("i", "we"):
            service = service_reading(clause, who, g, dates)
            if service:
                return [service]
        if not readings and clause.status == "planned" and clause.verb.pos_ == "VERB":
            action = clause.verb.lemma_.lower()
            end = last_argument(clause.verb)
            if clause.negated and end is None:
                self.dropped_one_offs += 1  # "I'm not switching, I'm just annoyed": no plan, and no value to store
            elif action in g.durable_actions and not clause.request:
                text = clause_text(clause, who, end, dates)
                head = next((c for c in end.children if c.dep_ == "pobj"), end) if end is not None else None
                readings = [Reading(INTENTION, head, action_words(clause, dates), text)]
            else:
                self.dropped_one_offs += 1
        return readings

    # -- subjects -------------------------------------------------------------------------------------

    def _who(self, clause: Clause, person: str, turn: TurnContext, sentence: Span, doc: Any) -> Who | None:
        g, subject = self.grammar, clause.subject
        if subject is None:
            head = clause.head
            fragment = head.pos_ in ("NOUN", "PROPN") and head.dep_ == "ROOT" or head.dep_ == "acl"
            # "Contact me by email from now on": an imperative about the speaker; other imperatives are requests.
            imperative = head.dep_ == "ROOT" and head.tag_ == "VB" and head.lemma_.lower() in CONTACT_VERBS
            return Who(person, True) if fragment or imperative else None
        lower = subject.lower_
        holder = self._holder
        if lower == "i" and holder.declared(turn):
            return None  # "I've moved house myself", written for mum: the writer's own, not the account holder's
        if lower in ("i", "we"):
            return Who(person, True)
        if lower == "it" and not any(c.dep_ == "dobj" for c in clause.verb.children):
            thing, nearby = antecedent(subject, turn, sentence, g)
            words = {t.lemma_.lower() for t in clause.head.subtree} | {t.lower_ for t in clause.head.subtree}
            if thing and (nearby or words & g.noun("clear_states")):
                return Who(person, True, subject, thing)
            named = Who(person, True, subject, thing or "it")  # "It's a Samsung Galaxy S21 if that matters"
            return named if named_it_reading(clause, named, g, set()) is not None else None
        if lower in PERSONAL_PRONOUNS:  # "He loves the park": the third party the speaker named last, or no fact
            if lower != "they" and holder.declared(turn):
                return Who(person, True)  # "She lives at 27 Pennine Way", written for Margaret Holloway
            named = person_antecedent(subject, turn, sentence, g, person)
            return Who(named, False) if named else None
        # "My contents sum insured": the possessive may hang on a compound of the subject
        mine = ("our",) if holder.declared(turn) else ("my", "our")  # a writer's "my email" is not the holder's
        possessed = any(c.lower_ in mine for c in subject.children) or any(
            c.lower_ in ("my", "our") for t in subject.children if t.dep_ == "compound" and t.i < subject.i
            for c in t.children) or any(  # "Margaret's address", "her post": the holder's, written for
            c.dep_ == "poss" and (holder.is_holder(turn, c.text.removesuffix("'s")) or (
                c.lower_ in ("his", "her") and holder.declared(turn))) for c in subject.children)
        if any(c.lower_ == "our" for c in subject.children) and subject.lemma_.lower() in g.word("self_groups"):
            return Who(person, True)  # "Our company switched to Enterprise": the account holder itself
        if lower in ("everything", "things", "all") and clause.head.lemma_.lower() in ("be", "work", "seem", "stay"):
            thing, _ = antecedent(subject, turn, sentence, g)
            return Who(person, True, subject, thing or "service")
        # "the address is ...", "New address is 77 Pine Hollow Dr": a slot named without a possessive
        # "billing address should be ...": a terse slot named first, with no determiner at all
        bare = subject.left_edge.i == 0 and not any(c.dep_ in ("det", "poss") for c in subject.children)
        the_slot = (bare or any(c.lower_ == "the" or (c.lower_ == "new" and c.dep_ == "amod" and subject.i <= 1)
                                for c in subject.children)) and any(
            subject.lemma_.lower() in names for names in g.attributes.values())
        kin = kin_of(subject, g)
        if kin is not None and holder.is_holder_kin(turn, kin.lower_):
            return Who(person, True)  # "mum moved into Ashgrove House", written for her
        if kin is not None and (possessed or any(c.lower_ in ("my", "our") for c in kin.children)):
            name = name_of(subject, g, exclude=kin)
            if holder.is_holder(turn, name):
                return Who(person, True)
            if name:
                return Who(name, False, kin_of=(person, kin.lower_))
            return Who(f"{person}'s {kin.lower_}", False)
        if possessed or the_slot or (subject.lemma_.lower() in g.word("owned")
                                     and any(c.lower_ == "the" for c in subject.children)):
            # The noun's own words, not those of a phrase after it ("your tax code for your main employment")
            words = [t for t in subject.subtree if (t.i <= subject.i or t.head == subject) and (
                t.dep_ in ("compound", "nummod") or t.i == subject.i
                or (t.dep_ == "amod" and t.lower_ not in ("new", "old", "current", "previous"))
                or (t.dep_ == "appos" and t.like_num))]
            return Who(person, True, subject, " ".join(thing_word(t) for t in words))
        if subject.pos_ == "PROPN" and subject.text[:1].isupper() and lower not in g.word("not_names") \
                and subject.ent_type_ in ("", "PERSON") and not any(lower in g.noun(n) for n in g.nouns):
            name = name_of(subject, g) or subject.text
            return Who(person, True) if holder.is_holder(turn, name) else Who(name, False)
        return None

    def _family(self, clause: Clause, who: Who, person: str) -> tuple[str | None, ...]:
        return (who.name,) if who.name != person and "'" not in who.name else ()

    def _diet(
        self, turn: TurnContext, sentence: Span, doc: Any, person: str, clauses: list[Clause]
    ) -> list[ExtractedFact]:
        """ "I started eating fish again, so pescatarian now": a diet word in a sentence about the speaker."""
        g = self.grammar
        if not any(c.subject is not None and c.subject.lower_ in ("i", "we") for c in clauses) and \
                next((t for t in doc if t.dep_ == "ROOT"), doc[0]).pos_ not in ("NOUN", "PROPN", "ADJ", "ADV"):
            return []
        found = []  # "I'm not vegan any more, I'm vegetarian now": one fact per diet word
        refused = _NO_FOOD.search(doc.text)  # "I don't eat meat anymore": a diet named by what is left out
        if refused is not None and not any(c.status != "current" for c in clauses if c.subject is not None):
            food = refused.group(1).lower()
            found.append(self._fact(turn, sentence, doc, person, "diet", f"no {food}",
                                    f"{person} does not eat {food}", None, "current", ()))
        for token in doc:
            if token.lower_ in g.noun("diet") and token.dep_ not in ("amod", "compound", "nmod", "poss"):
                owners = [c for c in clauses if token in c.head.subtree and c.subject is not None]
                owner = min(owners, key=lambda c: len(list(c.head.subtree)), default=None)  # the nearest clause
                if owner is not None and (owner.negated or owner.status != "current"):
                    text = clause_text(owner, Who(person, True), token, set())
                    found.append(self._fact(turn, sentence, doc, person, "diet", token.lower_, text, owner,
                                            owner.status, ()))
                elif {t.lower_ for t in doc[max(token.i - 3, 0):token.i]} & {"not", "n't", "never", "longer"}:
                    # "not vegetarian any more, ...": a denial the parse gave no clause of its own
                    found.append(self._fact(turn, sentence, doc, person, "diet", token.lower_,
                                            f"{person} is not {token.lower_} any more", None, "current", (),
                                            replaces=False))
                else:
                    found.append(self._fact(turn, sentence, doc, person, "diet", token.lower_,
                                            f"{person} is {token.lower_}", owner, "current", ()))
        return found

    # -- the fact -------------------------------------------------------------------------------------

    def _fact(self, turn: TurnContext, sentence: Span, doc: Any, subject: str, relation: str, obj: str, text: str,
              clause: Clause | None, status: str, names: tuple[str | None, ...],
              replaces: bool | None = None) -> ExtractedFact:
        reference = turn.said_on
        said_at = None
        precision = None  # as the LLM extractor: the precision of a date the statement gives, None for its day
        if reference is not None:
            said_at = reference
            if clause is not None:
                own = {t.i for t in clause.head.subtree} - {
                    t.i for c in clause.head.children if c.dep_ in ("conj", "advcl", "ccomp")
                    and any(s.dep_ in ("nsubj", "nsubjpass") for s in c.children) for t in c.subtree}
                future = status in ("planned", "hypothetical")
                for mention in find_dates(doc.text, reference, future=future):
                    if any(t.i in own for t in doc if t.idx < mention.end and t.idx + len(t.text) > mention.start):
                        said_at, precision = mention.value, mention.precision
                        break
        person = self.person_of(turn)
        obj, text = closed(unjoined(obj, self.grammar)), closed(unjoined(text, self.grammar))
        return ExtractedFact(
            subject=subject, relation=relation, object=obj, text=text, quote=sentence.text,
            said_at=said_at.isoformat() if said_at else None,
            entities=entities(subject, [obj], relation, self.grammar.word("not_names"), person, names),
            source_turn_id=turn.turn_id, temporal_status=status, kind=KIND_OF.get(status, "fact"),
            date_precision=precision,
            replaces=replaces if replaces is not None else status == "current" and states_change(
                clause, doc, self.grammar))

