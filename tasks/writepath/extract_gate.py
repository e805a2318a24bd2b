"""The extraction gate: before any LLM extraction call, the decision model screens the turns.

Turns are asked about many per request (`extract_gate:<target>` keys over the state's `targets`, as every
multi-target question is asked, so the decision client's batching, cache and token-limit splitting apply);
p(worth keeping) is 1 - p(`nothing`). A turn below `[gate] threshold` gets no extraction call, is recorded
in `extract_skips` (storage/extract_skips.py says why it is not marked extracted, and how a re-run finds it)
and is left for a later run with another threshold or gate model.

A gate answer that is a fallback (the call failed after every retry, or the answer was malformed) extracts
the turn: the gate fails open, because a skip must be a decision, and a failed call decided nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from archivist.configs.settings import Settings
from archivist.storage.extract_skips import recorded_verdicts
from archivist.storage.store import Store
from archivist.tasks.decisions.questions import QuestionSet, load_questions
from archivist.tasks.decisions.types import (
    TARGETS,
    Decider,
    DecisionRequest,
    DecisionResult,
    Question,
    about,
    request_key,
)
from archivist.tasks.extract.types import TurnContext

QUESTION_ID = "extract_gate"
NOTHING = "nothing"
SKIP_COLUMNS = {"turn_id": pl.String, "tenant": pl.String, "scope": pl.String, "probability": pl.Float64,
                "kind": pl.String, "provider": pl.String, "model": pl.String, "question_id": pl.String,
                "question_version": pl.Int64, "threshold": pl.Float64, "extractor": pl.String, "run_id": pl.String}


@dataclass
class GateOutcome:
    kept: list[TurnContext]
    skips: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=SKIP_COLUMNS))
    """Rows for `extract_skips`: the turns kept from the extractor this run."""
    asked: int = 0
    """Turns asked about in this run's gate requests."""
    reused: int = 0
    """Turns whose verdict was read from `extract_skips` instead of asked again."""
    fallbacks: int = 0
    """Turns extracted because their gate answer was a fallback."""
    requests: int = 0
    results: list[DecisionResult] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        return self.skips.height


def gate_applies(settings: Settings, extractor_name: str) -> bool:
    """The gate runs before the LLM (and batch) extractor by default, before the embedded one when asked."""
    return settings.gate.local if extractor_name.startswith("local") else settings.gate.llm


def gate_question(questions: QuestionSet | None = None) -> Question:
    return (questions or load_questions()).latest(QUESTION_ID)


def gate_requests(turns: Sequence[TurnContext], question: Question, per_request: int) -> list[DecisionRequest]:
    """One request per `per_request` turns; each turn is a target keyed by its place in the request, so the
    same turns asked again make the same request (and hit the call cache)."""
    requests = []
    for start in range(0, len(turns), per_request):
        chunk = turns[start:start + per_request]
        targets = {f"t{i}": {"text": turn.text, "speaker": turn.speaker or "", "role": turn.role}
                   for i, turn in enumerate(chunk)}
        questions = {request_key(QUESTION_ID, key): about(question, key) for key in targets}
        requests.append(DecisionRequest(state={TARGETS: targets}, questions=questions))
    return requests


def gate_identity(decider: Any) -> tuple[str, str]:
    """(provider, model) of the decider as configured: what a skip row records and a re-run looks up."""
    provider = getattr(decider, "provider", None)
    return str(getattr(provider, "name", "") or type(decider).__name__), str(getattr(provider, "model", "") or "")


def screen(turns: list[TurnContext], decider: Decider, settings: Settings, *, extractor: str, run_id: str,
           store: Store | None = None, questions: QuestionSet | None = None) -> GateOutcome:
    """Which of `turns` go to the extractor; the others become skip rows."""
    if not turns:
        return GateOutcome(kept=[])
    question = gate_question(questions)
    provider, model = gate_identity(decider)
    threshold = settings.gate.threshold
    recorded = recorded_verdicts(store, [t.turn_id for t in turns], provider, model, question.id,
                                 question.version) if store is not None else {}
    ask = [turn for turn in turns if turn.turn_id not in recorded]
    requests = gate_requests(ask, question, settings.gate.turns_per_request)
    results = decider.decide_many(requests) if requests else []
    verdicts: dict[str, tuple[float, str]] = {tid: (p, NOTHING) for tid, p in recorded.items()}
    fallbacks: set[str] = set()
    per_request = settings.gate.turns_per_request
    for number, (request, result) in enumerate(zip(requests, results, strict=True)):
        for place, key in enumerate(request.questions):
            turn_id = ask[number * per_request + place].turn_id
            answer = result.answers[key]
            if answer.fallback:
                fallbacks.add(turn_id)
                continue
            verdicts[turn_id] = (1.0 - answer.p(NOTHING), answer.chosen)
    kept, rows = [], []
    for turn in turns:
        verdict = verdicts.get(turn.turn_id)
        if verdict is None or verdict[0] >= threshold:
            kept.append(turn)
            continue
        rows.append({"turn_id": turn.turn_id, "tenant": turn.tenant, "scope": turn.scope, "probability": verdict[0],
                     "kind": verdict[1], "provider": provider, "model": model, "question_id": question.id,
                     "question_version": question.version, "threshold": threshold, "extractor": extractor,
                     "run_id": run_id})
    return GateOutcome(kept=kept, skips=pl.DataFrame(rows, schema=SKIP_COLUMNS), asked=len(ask),
                       reused=len(recorded), fallbacks=len(fallbacks), requests=len(requests), results=results)



def screen_partition(turns: list[TurnContext], settings: Settings, extractor: str, store: Store,
                     run_id: str) -> GateOutcome:
    """The write path's hook: `turns` unchanged when the gate does not apply to `extractor`, else screened with
    the configured decision client (its calls cached and costed in `store` under `run_id`)."""
    if not turns or not gate_applies(settings, extractor):
        return GateOutcome(kept=list(turns))
    from archivist.tasks.decisions.client import build_decider

    with build_decider(settings, store, run_id) as decider:
        return screen(turns, decider, settings, extractor=extractor, run_id=run_id, store=store)
