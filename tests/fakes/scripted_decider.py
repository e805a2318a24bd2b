"""A scripted decision model: exact probabilities in, so a test can assert exact store changes out.

    decider = ScriptedDecider()
    decider.script("temporal_status", {"current": 0.6, "past": 0.35}, fact="moved to Berlin")
    decider.script("relation:*", {"update": 0.92}, fact="moved to Berlin", target="live in Leeds")

A rule matches a request key by glob (`relation:*`), and optionally the request's `fact` and the target's text
by substring (for a stored pair, `{"old": ..., "new": ...}`, the pair's new and old texts). The latest matching
rule wins. Options a rule leaves out share the remaining probability equally, so `{"update": 0.92}` over six
options gives 0.016 to each of the other five. Keys no rule matches get a confident, harmless default (a current,
new fact worth remembering). Every request is recorded.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field

from archivist.ids import request_hash
from archivist.tasks.decisions.types import (
    TARGETS,
    Answer,
    CallRecord,
    DecisionRequest,
    DecisionResult,
    Question,
    split_key,
)

DEFAULTS: dict[str, tuple[str, float]] = {
    "worth_remembering": ("true", 0.95),
    "kind": ("fact", 0.9),
    "temporal_status": ("current", 0.95),
    "relation_type": ("other", 0.9),
    "durability": ("2", 0.9),
    "sensitivity": ("none", 0.95),
    "relation": ("new", 0.95),
    "relation_alt": ("new", 0.95),
    "plan_fulfilled": ("false", 0.95),
    "relevance": ("false", 0.9),
}


@dataclass
class Rule:
    pattern: str
    probabilities: dict[str, float]
    fact: str | None = None
    target: str | None = None
    fallback: bool = False
    transient: bool = False


@dataclass
class ScriptedDecider:
    model: str = "scripted-1"
    rules: list[Rule] = field(default_factory=list)
    requests: list[DecisionRequest] = field(default_factory=list)
    batches: list[int] = field(default_factory=list)
    """Size of every decide_many call (a decide call counts as a batch of one)."""

    def script(self, pattern: str, probabilities: dict[str, float], *, fact: str | None = None,
               target: str | None = None) -> ScriptedDecider:
        self.rules.append(Rule(pattern, dict(probabilities), fact, target))
        return self

    def fail(self, pattern: str, *, fact: str | None = None, target: str | None = None,
             transient: bool = False) -> ScriptedDecider:
        """Answer matching keys with the recorded fallback, as the client does for a malformed answer; with
        `transient`, as it does for a call that failed after every retry (a 429/5xx/timeout storm)."""
        self.rules.append(Rule(pattern, {}, fact, target, fallback=True, transient=transient))
        return self

    # -- the Decider protocol -------------------------------------------------------------------------

    def decide(self, request: DecisionRequest) -> DecisionResult:
        self.batches.append(1)
        return self._answer(request)

    def decide_many(self, requests: list[DecisionRequest]) -> list[DecisionResult]:
        self.batches.append(len(requests))
        return [self._answer(request) for request in requests]

    # -- answering ------------------------------------------------------------------------------------

    def _answer(self, request: DecisionRequest) -> DecisionResult:
        self.requests.append(request)
        answers = {key: self._one(request, key, question) for key, question in request.questions.items()}
        wire = {"state": request.state, "questions": {k: q.wire() for k, q in request.questions.items()}}
        call = CallRecord(provider="scripted", model=self.model, request_hash=request_hash(wire),
                          input_tokens=10 * len(request.questions), cost_usd=0.0, latency_s=0.0)
        return DecisionResult(answers, [call], self.model)

    def _one(self, request: DecisionRequest, key: str, question: Question) -> Answer:
        state = request.state if isinstance(request.state, dict) else {}
        _, target = split_key(key)
        entry = state.get(TARGETS, {}).get(target, {}) if target else {}
        # A stored pair ({"old": ..., "new": ...}) is matched like a fact (its new side) and a target (its old side).
        target_text = str(entry.get("text", entry.get("old", ""))) if target else ""
        fact_text = str(state.get("fact", "")) or str(entry.get("new", ""))
        for rule in reversed(self.rules):
            if not fnmatch.fnmatchcase(key, rule.pattern):
                continue
            if rule.fact is not None and rule.fact not in fact_text:
                continue
            if rule.target is not None and rule.target not in target_text:
                continue
            if rule.fallback:
                if rule.transient:
                    answer = Answer.uniform_fallback(question, "call failed after 2 attempts: scripted storm")
                    answer.transient = True
                    return answer
                return Answer.uniform_fallback(question, "scripted failure")
            return Answer.from_probabilities(spread(rule.probabilities, question.option_names))
        option, p = DEFAULTS.get(question.id, (question.option_names[0], 0.9))
        return Answer.from_probabilities(spread({option: p}, question.option_names))


def spread(given: dict[str, float], options: list[str]) -> dict[str, float]:
    """`given` over `options`, the remaining mass shared equally by the options it leaves out."""
    unknown = set(given) - set(options)
    if unknown:
        raise ValueError(f"options {sorted(unknown)} are not among {options}")
    rest = [o for o in options if o not in given]
    left = 1.0 - sum(given.values())
    if left < -1e-9 or (not rest and abs(left) > 1e-9):
        raise ValueError(f"probabilities {given} do not sum to 1 over {options}")
    share = left / len(rest) if rest else 0.0
    return {o: given.get(o, share) for o in options}


# -- questions built directly, so tests do not depend on the wording in configs/questions.toml -------------

_OPTIONS: dict[str, tuple[str, list[str]]] = {
    "worth_remembering": ("noul", ["true", "false"]),
    "kind": ("choice", ["preference", "fact", "event", "plan"]),
    "temporal_status": ("choice", ["current", "planned", "past", "hypothetical"]),
    "relation_type": ("choice", ["address", "plan", "device", "payment_method", "employer", "pet", "preference",
                                 "other"]),
    "durability": ("score", ["0", "1", "2"]),
    "sensitivity": ("choice", ["none", "personal", "financial", "credential"]),
    "relation": ("choice", ["new", "duplicate", "refinement", "update", "contradiction", "negates"]),
    "relation_alt": ("choice", ["new", "duplicate", "refinement", "update", "contradiction", "negates"]),
    "plan_fulfilled": ("noul", ["true", "false"]),
    "relevance": ("noul", ["true", "false"]),
}


class ScriptedQuestions:
    """A question book with one version of each write-path question (`latest` is all the write path asks)."""

    def __init__(self, version: int = 1):
        about_target = ("relation", "relation_alt", "plan_fulfilled", "relevance")
        self.questions = {
            qid: Question(qid, version, qtype, (f"{{target}}: {qid}?" if qid in about_target else f"`fact`: {qid}?"),
                          {option: None for option in options})  # type: ignore[arg-type]
            for qid, (qtype, options) in _OPTIONS.items()
        }

    def latest(self, question_id: str) -> Question:
        return self.questions[question_id]
