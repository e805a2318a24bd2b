"""`LocalDecisionProvider`: the embedded decision model behind the DecisionProvider protocol.

It reads the request conventions of tasks/decisions/types.py (a fact and its message at the top of the
state, stored facts, plans and memory lines under `targets`, one request key per question and target) and
answers in the System One shape. A question id it does not know is left out of the reply, so the decision
client records a fallback for it instead of a made-up answer.

Two settings of the model are two model versions: `local-decider-3` and, with a sharpening or flattening
temperature, `local-decider-3@t=0.7`. The version string is what the call cache and stored decisions
record, so re-scoring can tell their answers apart.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from archivist.configs.relations import load_relations
from archivist.tasks.decisions.local import features, gate, rules, structure
from archivist.tasks.decisions.local.embedding import SentenceVectors
from archivist.tasks.decisions.local.fit import (
    Inputs,
    load_weights,
    relation_inputs,
    tense_of,
)
from archivist.tasks.decisions.local.head import (
    PROBABILITY_CEILING,
    SoftmaxHead,
    option_floor,
)
from archivist.tasks.decisions.local.relevance import ListwiseRelevance, ShortlistScorer
from archivist.tasks.decisions.local.semantic import (
    MiniLMVectors,
    Projection,
    pair_texts,
)
from archivist.tasks.decisions.local.text import focus
from archivist.tasks.decisions.types import TARGETS, ProviderReply, Question, split_key
from archivist.tasks.providers.base import DecisionProvider

_VARIANT = re.compile(r"^(?P<base>[^@]+)(?:@t=(?P<t>[0-9.]+))?$")
_Scorer = Callable[[dict, "str | None", Question], dict[str, float]]


@lru_cache(maxsize=1)
def _shared_vectors() -> tuple[SentenceVectors, MiniLMVectors]:
    """The process's text caches, shared by every provider: each partition builds its own provider, yet their
    requests repeat the same facts, frames and filler, and a text's vector depends on nothing but the text
    (tests/tasks/decisions/test_local_prefetch.py), so sharing changes no answer. Both caches are bounded."""
    return SentenceVectors(), MiniLMVectors()


def _text(entry: Any) -> str:
    if isinstance(entry, dict):
        return str(entry.get("text") or entry.get("new") or "")
    return "" if entry is None else str(entry)


def _state(state: Any) -> dict:
    """A plain-text state is a message that is also the fact."""
    if isinstance(state, dict):
        return state
    return {"message": str(state), "fact": str(state)}


def finish(probabilities: dict[str, float], options: list[str]) -> dict[str, float]:
    """Over exactly `options` (one the scorer did not know gets the floor), clipped, summing to 1."""
    floor = option_floor(len(options))  # head.option_floor says why not a clip of each option to [0.01, 0.99]
    values = {option: probabilities.get(option, floor) for option in options}
    clipped = {k: min(max(v, floor), PROBABILITY_CEILING) for k, v in values.items()}
    total = sum(clipped.values())
    return {k: v / total for k, v in clipped.items()}


def wire(question: Question, probabilities: dict[str, float]) -> dict[str, Any]:
    """The System One answer object for `question`."""
    if question.type == "noul":
        return {"type": "noul", "noul": probabilities["true"]}
    chosen = max(probabilities, key=lambda option: probabilities[option])
    answer: dict[str, Any] = {"type": question.type, question.type: chosen, "probabilities": probabilities,
                              "confidence": probabilities[chosen]}
    if question.type == "score":
        answer["score"] = sum(int(level) * p for level, p in probabilities.items())
        answer["legend"] = {level: rubric for level, rubric in question.options.items()}
    return answer


class LocalDecisionProvider(DecisionProvider):
    name = "local"
    remote = False
    cacheable = False  # in-process and deterministic: a cache row would cost more than the answer

    @classmethod
    def from_settings(cls, settings: Any) -> LocalDecisionProvider:
        # It reads the model variant from the whole settings. Built per partition, so it shares the process's
        # text caches (a provider made directly, as tests do, starts with its own).
        return cls(settings, caches=_shared_vectors())

    def __init__(self, settings: Any = None, *, temperature: float | None = None, weights_path: str | None = None,
                 document: dict | None = None, caches: tuple[SentenceVectors, MiniLMVectors] | None = None):
        document = document if document is not None else load_weights(weights_path)
        base = str(document["model"])
        configured = getattr(getattr(settings, "decisions", None), "model", None) or base
        match = _VARIANT.match(configured)
        if configured.startswith("local-decider") and (match is None or match["base"] != base):
            raise ValueError(f"settings ask for decision model {configured!r} but the local weights are {base!r}; "
                             f"use {base!r} or {base + '@t=0.7'!r}, or refit with `archivist decider fit`")
        if temperature is None:
            temperature = float(match["t"]) if match and match["t"] and configured.startswith(base) else 1.0
        if not 0.05 <= temperature <= 20:
            raise ValueError(f"temperature {temperature} is outside [0.05, 20]")
        self.temperature = temperature
        self.model = base if temperature == 1.0 else f"{base}@t={temperature:g}"
        self.endpoint = "local"
        self.heads = {name: SoftmaxHead.from_json(head) for name, head in document["heads"].items()}
        # The relation heads were fitted on the temporal head's own (untempered) answers: keep it that way.
        self._tense = tense_of(self.heads["temporal_status"])
        self.vectors, self.minilm = caches or (SentenceVectors(), MiniLMVectors())
        self.relations = load_relations()  # which relations hold one value at a time (structure.py)
        self._shortlist: ShortlistScorer | None = None  # loaded at the first shortlist (configs/relevance.json)
        self._inputs = Inputs(self.vectors, self.minilm, Projection.from_json(document["projection"]), self._tense)
        self._scorers: dict[str, _Scorer] = {
            "relation": self._relation,
            "relation_alt": self._relation_alt,
            "temporal_status": self._temporal_status,
            "worth_remembering": self._worth_remembering,
            "relevance": self._relevance,
            "kind": self._kind,
            "relation_type": self._relation_type,
            "durability": self._durability,
            "sensitivity": self._sensitivity,
            "plan_fulfilled": self._plan_fulfilled,
            "extract_gate": self._extract_gate,
        }

    def prefetch_requests(self, requests: Sequence[Any]) -> None:
        """Encode the texts of many requests (objects with `state` and `questions`) in one batch per encoder.

        The decision client calls it with a whole `decide_many`, so a partition's statements share MiniLM
        batches instead of one small batch per request. A text's vector does not depend on its batch
        (checked bit for bit in tests/tasks/decisions/test_local_prefetch.py), so no answer changes."""
        sentence: list[str] = []
        semantic: list[str] = []
        for request in requests:
            texts, pairs = self._request_texts(_state(request.state), request.questions)
            sentence += texts
            semantic += pairs
        self.vectors.prefetch(sentence)
        self.minilm.prefetch(semantic)

    def _request_texts(self, state: dict, questions: Mapping[str, Question]) -> tuple[list[str], list[str]]:
        """(texts the wordllama features read, texts the relation head's MiniLM features read)."""
        texts = self._texts(state)
        # One batch for every text of the request the relation heads may read (stored facts included).
        relation_targets = {split_key(key)[1] for key in questions if split_key(key)[0] == "relation"}
        if not relation_targets:
            return texts, []
        # Exactly what semantic.semantic_features reads of each pair: the two facts, the message, the message's
        # clauses the new fact came from, and the masked frames and values.
        semantic: list[str] = []
        targets = state.get(TARGETS) or {}
        for target in relation_targets:
            if target in targets:
                old, new, message = self._pair(state, target)
                semantic += [old, new, message, focus(message, new) if message.strip() else new]
                semantic += pair_texts(old, new)
        return texts, semantic

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        state = _state(state)
        texts, semantic = self._request_texts(state, questions)
        self.vectors.prefetch(texts)
        if semantic:
            self.minilm.prefetch(semantic)
        answers: dict[str, Any] = {}
        for key, question in questions.items():
            question_id, target = split_key(key)
            scorer = self._scorers.get(question_id)
            if scorer is None:
                continue
            if target is not None and target not in (state.get(TARGETS) or {}):
                answers[key] = {"error": f"the state has no `{TARGETS}.{target}`"}
                continue
            probabilities = finish(scorer(state, target, question), question.option_names)
            answers[key] = wire(question, probabilities)
        return ProviderReply(answers=answers, model=self.model, endpoint=self.endpoint)

    # -- inputs ----------------------------------------------------------------------------------

    @staticmethod
    def _texts(state: dict) -> list[str]:
        texts = [str(state.get(k) or "") for k in ("message", "fact", "query", "text")]
        for entry in (state.get(TARGETS) or {}).values():
            if isinstance(entry, dict):
                texts += [str(entry.get(k) or "") for k in ("text", "old", "new", "message")]
            else:
                texts.append(str(entry))
        return [t for t in texts if t.strip()]

    @staticmethod
    def _fact_and_message(state: dict, target: str | None) -> tuple[str, str]:
        if target is not None:  # a fact question asked of one stored fact
            entry = state[TARGETS][target]
            return _text(entry), str(entry.get("message", "")) if isinstance(entry, dict) else ""
        message = str(state.get("message") or "")
        return str(state.get("fact") or state.get("text") or message), message

    @staticmethod
    def _pair(state: dict, target: str | None) -> tuple[str, str, str]:
        """(stored fact, new fact, message): a stored pair carries `old` and `new` in its target."""
        entry = state[TARGETS][target]
        if isinstance(entry, dict) and "old" in entry:
            return str(entry["old"]), str(entry.get("new") or ""), str(entry.get("message") or "")
        return _text(entry), str(state.get("fact") or ""), str(state.get("message") or "")

    # -- trained heads ---------------------------------------------------------------------------

    def _head(self, name: str, values: dict[str, float]) -> dict[str, float]:
        head = self.heads[name]
        row = head.probabilities(head.vector(values), extra_temperature=self.temperature)[0]
        return dict(zip(head.classes, map(float, row), strict=True))

    def _relation(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        old, new, message = self._pair(state, target)
        answer = self._head("relation", relation_inputs(old, new, message, self._inputs))
        return self._structured(state, target, new, message, answer)

    def _relation_alt(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        old, new, message = self._pair(state, target)
        cues = features.relation_alt_features(old, new, message, self._tense(new, message))
        answer = self._head("relation_alt", cues)
        return self._structured(state, target, new, message, answer)

    def _structured(self, state: dict, target: str | None, new: str, message: str,
                    answer: dict[str, float]) -> dict[str, float]:
        """Both heads: a stated replacement, or a change of one one-valued slot, as the facts' triples state it
        (structure.py)."""
        return structure.restructure(state, target, new, answer, lambda: self._tense(new, message)["current"],
                                     self.relations)

    def _temporal_status(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        fact, message = self._fact_and_message(state, target)
        return self._head("temporal_status", features.temporal_features(fact, message))

    def _worth_remembering(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        fact, message = self._fact_and_message(state, target)
        return self._head("worth_remembering", features.worth_features(fact, message, self.vectors))

    def _relevance(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        targets = state.get(TARGETS) or {}
        if target is not None and len(targets) > 1:  # a read-path shortlist: its lines are scored together
            if self._shortlist is None:
                self._shortlist = ShortlistScorer(ListwiseRelevance.load(), self.minilm)
            query = str(state.get("query") or "")
            p_true = self._shortlist.p_true(query, {k: _text(v) for k, v in targets.items()}, target,
                                            lambda memory: self._relevance_logit(memory, query), self.temperature)
            return {"true": p_true, "false": 1.0 - p_true}
        memory = _text(state[TARGETS][target]) if target else str(state.get("fact") or "")
        return self._head("relevance", features.relevance_features(memory, str(state.get("query") or ""), self.vectors))

    def _relevance_logit(self, memory: str, query: str) -> float:
        """The single-line relevance head's log-odds, untempered (a feature of the shortlist model)."""
        head = self.heads["relevance"]
        row = head.probabilities(head.vector(features.relevance_features(memory, query, self.vectors)))[0]
        p_true = float(row[head.classes.index("true")])
        return math.log(p_true / (1.0 - p_true))

    # -- cue rules -------------------------------------------------------------------------------

    def _rule(self, scores: dict[str, float], sharpness: float = 1.0) -> dict[str, float]:
        return rules.softmax(scores, sharpness / self.temperature)

    def _kind(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        return self._rule(rules.kind_scores(*self._fact_and_message(state, target)), 1.5)

    def _relation_type(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        fact, message = self._fact_and_message(state, target)
        scores = rules.slot_scores(fact)
        for slot, value in rules.slot_scores(message).items():
            scores[slot] += 0.3 * value if slot != "other" else 0.0
        return self._rule(scores, 2.5)

    def _durability(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        return self._rule(rules.durability_scores(*self._fact_and_message(state, target)), 1.2)

    def _sensitivity(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        scores = rules.sensitivity_scores(*self._fact_and_message(state, target))
        if "health" not in question.options:  # version 1 files health details under `personal`
            scores["personal"] = max(scores["personal"], scores.pop("health"))
        return self._rule(scores, 1.2)

    def _extract_gate(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        return gate.gate_probabilities(*gate.turn_of(state, target), temperature=self.temperature)

    def _plan_fulfilled(self, state: dict, target: str | None, question: Question) -> dict[str, float]:
        plan = _text(state[TARGETS][target]) if target else ""
        evidence = f"{state.get('fact') or ''} {state.get('message') or ''}".strip()
        similarity = max(self.vectors.cosine(plan, evidence), 0.0)
        logit = rules.plan_fulfilled_logit(similarity, evidence) / self.temperature
        p_true = 1.0 / (1.0 + math.exp(-logit))
        return {"true": p_true, "false": 1.0 - p_true}
