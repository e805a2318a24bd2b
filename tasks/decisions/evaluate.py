"""Decision quality on labeled items: accuracy, calibration (ECE), Brier score and NLL per question.

LABELS.jsonl holds one labeled item a line, whatever provider is evaluated:
  {"question": "relation", "old": ..., "new": ..., "message": ..., "label": "update", "accept": ["update"]}
  {"question": "temporal_status", "fact": ..., "message": ..., "label": "past"}
  {"question": "worth_remembering", "fact": ..., "message": ..., "label": true}
  {"question": "relevance", "memory": ..., "query": ..., "label": false}
  {"question": "plan_fulfilled", "plan": ..., "fact": ..., "message": ..., "label": true}
  any other question id: {"question": id, "fact": ..., "message": ..., "label": option}
`accept` (optional) lists every answer counted as right; `split` ("train"/"test") selects a subset; other
fields are ignored. A relation item is asked as `relation` and as its second phrasing `relation_alt`, in one
request, and both are scored against the same label.

Scoring with `accept`: an answer is correct when the chosen option is accepted. Brier and NLL are taken
against the *reference* answer, the accepted option the model gave the most probability (the label itself
when there is no `accept`): the model is not penalised for splitting mass between two right answers, and
without `accept` both reduce to the textbook definitions.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from archivist.errors import TerminalError
from archivist.tasks.decisions.types import (
    TARGETS,
    Answer,
    DecisionRequest,
    DecisionResult,
    Question,
    about,
    request_key,
)
from archivist.tasks.providers.base import DecisionProvider

ECE_BINS = 10
# Questions asked of one target, and the key of that target in requests built from labeled items.
_TARGET_KEYS = {"relation": "c", "relation_alt": "c", "relevance": "m", "plan_fulfilled": "p"}


class LabelFileError(TerminalError, ValueError):
    """A labeled item cannot be used; the message names the line and what to fix."""


@dataclass(frozen=True)
class LabeledItem:
    question: str
    label: str
    accept: tuple[str, ...]
    fields: dict[str, Any]
    split: str | None = None
    line: int = 0


def _option(value: Any) -> str:
    """Labels as option names: JSON true/false become the noul options "true"/"false", 2 becomes "2"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def load_labels(path: str | Path, split: str = "all") -> list[LabeledItem]:
    items = []
    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
            question, label = str(data["question"]), _option(data["label"])
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            raise LabelFileError(
                f"{path}:{number}: needs a JSON object with `question` and `label` ({error})") from None
        accept = tuple(_option(a) for a in data.get("accept") or [label])
        if label not in accept:
            accept = (label, *accept)
        item = LabeledItem(question, label, accept, data, data.get("split"), number)
        if split == "all" or item.split == split:
            items.append(item)
    return items


def build_request(item: LabeledItem, questions: Any) -> tuple[DecisionRequest, dict[str, str]]:
    """The request that asks `item`'s question (latest version), and {request key: question id} to score."""
    f = item.fields
    message, fact = str(f.get("message", "")), str(f.get("fact", f.get("new", "")))
    asked = ["relation", "relation_alt"] if item.question == "relation" else [item.question]
    if item.question in ("relation", "relation_alt"):
        state = {"message": message, "fact": str(f["new"]), TARGETS: {"c": {"text": str(f["old"])}}}
    elif item.question == "relevance":
        state = {"query": str(f["query"]), TARGETS: {"m": {"text": str(f["memory"])}}}
    elif item.question == "plan_fulfilled":
        state = {"message": message, "fact": fact, TARGETS: {"p": {"text": str(f["plan"])}}}
    else:
        state = {"message": message, "fact": fact}
    keyed: dict[str, Question] = {}
    scored: dict[str, str] = {}
    for question_id in asked:
        question = questions.latest(question_id)
        target = _TARGET_KEYS.get(question_id)
        key = request_key(question_id, target)
        keyed[key] = about(question, target) if target else question
        scored[key] = question_id
        unknown = [o for o in item.accept if o not in question.options]
        if unknown:
            raise LabelFileError(
                f"line {item.line}: {unknown} are not options of {question.key} {question.option_names}")
    return DecisionRequest(state, keyed), scored


# -- metrics -------------------------------------------------------------------------------------


def expected_calibration_error(confidences: Sequence[float], correct: Sequence[bool], bins: int = ECE_BINS) -> float:
    """sum_m |B_m|/n * |accuracy(B_m) - mean confidence(B_m)| over equal-width bins of [0, 1]."""
    n = len(confidences)
    if n == 0:
        return 0.0
    totals = [[0, 0.0, 0.0] for _ in range(bins)]  # count, confidence sum, correct sum
    for confidence, is_correct in zip(confidences, correct, strict=True):
        index = min(int(float(confidence) * bins), bins - 1)
        totals[index][0] += 1
        totals[index][1] += float(confidence)
        totals[index][2] += float(bool(is_correct))
    return sum(abs(c - k) / n for count, c, k in totals if count)


def reference_option(probabilities: dict[str, float], label: str, accept: Sequence[str]) -> str:
    """The accepted option the model gave the most probability; the label wins ties."""
    return max(accept, key=lambda option: (probabilities.get(option, 0.0), option == label))


def brier(probabilities: dict[str, float], reference: str) -> float:
    return sum((p - (option == reference)) ** 2 for option, p in probabilities.items())


def nll(probabilities: dict[str, float], reference: str) -> float:
    return -math.log(max(probabilities.get(reference, 0.0), 1e-12))


@dataclass
class QuestionScore:
    n: int = 0
    correct: int = 0
    brier_sum: float = 0.0
    nll_sum: float = 0.0
    fallbacks: int = 0
    confidences: list[float] = field(default_factory=list)
    hits: list[bool] = field(default_factory=list)

    def add(self, answer: Answer, item: LabeledItem) -> None:
        reference = reference_option(answer.probabilities, item.label, item.accept)
        hit = answer.chosen in item.accept
        self.n += 1
        self.correct += hit
        self.brier_sum += brier(answer.probabilities, reference)
        self.nll_sum += nll(answer.probabilities, reference)
        self.fallbacks += answer.fallback
        self.confidences.append(answer.confidence)
        self.hits.append(hit)

    def summary(self) -> dict[str, float | int]:
        n = max(self.n, 1)
        return {
            "n": self.n,
            "accuracy": round(self.correct / n, 4),
            "ece": round(expected_calibration_error(self.confidences, self.hits), 4),
            "brier": round(self.brier_sum / n, 4),
            "nll": round(self.nll_sum / n, 4),
            "fallbacks": self.fallbacks,
        }


def score(
    items: Sequence[LabeledItem], results: Sequence[DecisionResult], scored: Sequence[dict[str, str]]
) -> dict[str, Any]:
    """{question id: {n, accuracy, ece, brier, nll, fallbacks}, "relation_confusion": {label: {chosen: count}}}."""
    per_question: dict[str, QuestionScore] = {}
    confusion: dict[str, dict[str, int]] = {}
    for item, result, keys in zip(items, results, scored, strict=True):
        for key, question_id in keys.items():
            answer = result.answers[key]
            per_question.setdefault(question_id, QuestionScore()).add(answer, item)
            if question_id == "relation":
                row = confusion.setdefault(item.label, {})
                row[answer.chosen] = row.get(answer.chosen, 0) + 1
    report: dict[str, Any] = {qid: per_question[qid].summary() for qid in sorted(per_question)}
    if confusion:
        report["relation_confusion"] = {label: dict(sorted(row.items())) for label, row in sorted(confusion.items())}
    return report


def evaluate(items: Sequence[LabeledItem], decider: Any, questions: Any) -> dict[str, Any]:
    """Ask `decider` every item's question (one request per item) and score the answers."""
    built = [build_request(item, questions) for item in items]
    requests = [request for request, _ in built]
    results = (decider.decide_many(requests) if hasattr(decider, "decide_many")
               else [decider.decide(r) for r in requests])
    return score(items, results, [keys for _, keys in built])


# -- asking a provider directly --------------------------------------------------------------------


def answer_from_wire(question: Question, raw: Any) -> Answer:
    """A System One answer as an `Answer`; anything malformed becomes a recorded uniform fallback."""
    try:
        if question.type == "noul":
            p_true = float(raw["noul"])
            probabilities = {"true": p_true, "false": 1.0 - p_true}
        else:
            probabilities = {str(k): float(v) for k, v in raw["probabilities"].items()}
        if set(probabilities) != set(question.options):
            raise ValueError(f"options {sorted(probabilities)} differ from {sorted(question.options)}")
        if any(not 0.0 <= p <= 1.0 for p in probabilities.values()) or abs(sum(probabilities.values()) - 1) > 1e-3:
            raise ValueError(f"not a distribution: {probabilities}")
        return Answer.from_probabilities(probabilities)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return Answer.uniform_fallback(question, f"malformed answer: {error}")


class ProviderDecider:
    """The smallest `Decider` over one provider: no cache, no ledger. The decision client replaces it."""

    def __init__(self, provider: DecisionProvider):
        self.provider = provider

    def decide(self, request: DecisionRequest) -> DecisionResult:
        reply = self.provider.send(request.state, request.questions)
        answers = {}
        for key, question in request.questions.items():
            raw = reply.answers.get(key)
            answers[key] = (answer_from_wire(question, raw) if raw is not None
                            else Answer.uniform_fallback(question, "no answer"))
        return DecisionResult(answers=answers, model=reply.model)

    def decide_many(self, requests: list[DecisionRequest]) -> list[DecisionResult]:
        return [self.decide(request) for request in requests]


def make_decider(settings: Any, run_id: str) -> Any:
    """The decision client (cache, ledger, retries) when it is installed, else the local model directly."""
    try:
        from archivist.tasks.decisions.client import build_decider
    except ModuleNotFoundError as error:
        if error.name != "archivist.tasks.decisions.client":
            raise
        build_decider = None
    if build_decider is not None:
        from archivist.storage.store import Store

        store = Store(settings.store.uri, settings.store.storage_options)
        return build_decider(settings, store, run_id)
    if settings.decisions.provider != "local":
        raise ValueError(f"provider {settings.decisions.provider!r} needs the decision client "
                         "(tasks/decisions/client.py); only `local` can be asked without it")
    from archivist.tasks.decisions.local import LocalDecisionProvider

    return ProviderDecider(LocalDecisionProvider(settings))
