"""A re-score's two rounds: the rebuilt requests, then the second readings the re-asked first readings now require.

The write path asks a candidate's second reading (`relation_alt`) only when its first reading could still act
(tasks/policy/readings.py); the others have no row, so nothing re-asks them. Once a new model's first readings are
answered, the same rule runs over every candidate with no stored second reading (`SecondReadings`, built by
tasks/rescore/requests.py), and the readings it now requires are asked in one more `decide_many`, over the state
the write path built: the request a fresh night with the new model would send. The rest stay unasked.

Both rounds run inside one partition's function (`ask_rounds`), so the thread runner and the cluster do the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer, Decider, DecisionRequest, DecisionResult, about
from archivist.tasks.policy import Judged
from archivist.tasks.policy.readings import unread_second_readings
from archivist.tasks.policy.requests import RELATION, RELATION_ALT, second_reading_state
from archivist.tasks.policy.types import CandidateJudgement
from archivist.tasks.rescore.requests import SecondReadings


@dataclass
class Answered:
    """One rebuilt request's answer, and the second readings asked after it (None when none was required)."""

    first: DecisionResult
    second: DecisionRequest | None = None
    second_result: DecisionResult | None = None


def ask_rounds(decider: Decider, asked: Sequence[tuple[DecisionRequest, SecondReadings | None]], t: Thresholds,
               relations: Relations) -> list[Answered]:
    """Every request in one `decide_many`, then every second reading the rule now requires in one more."""
    if not asked:
        return []
    firsts = decider.decide_many([request for request, _ in asked])
    seconds = [required(request, spec, first, t, relations)
               for (request, spec), first in zip(asked, firsts, strict=True)]
    wanted = [s for s in seconds if s is not None]
    answers = iter(decider.decide_many(wanted) if wanted else [])
    return [Answered(first, second, next(answers) if second is not None else None)
            for first, second in zip(firsts, seconds, strict=True)]


def required(request: DecisionRequest, spec: SecondReadings | None, first: DecisionResult, t: Thresholds,
             relations: Relations) -> DecisionRequest | None:
    """The request of the missing second readings that `first`'s answers leave worth asking, or None."""
    if spec is None or first.any_transient:  # a failed first call is recorded as failed: nothing follows from it
        return None

    def answer(key: str) -> Answer:  # as the write path reads it, a missing answer included
        return first.answers.get(key) or Answer.uniform_fallback(request.questions[key], f"no answer for {key}")

    keys = list(spec.candidates)
    candidates = [CandidateJudgement(spec.candidates[key], Judged(answer(f"{RELATION}:{key}"))) for key in keys]
    temporal = answer(spec.temporal_key) if spec.temporal_key else spec.temporal
    unread = unread_second_readings(candidates, temporal, spec.statement, t, relations)
    kept = [key for i, key in enumerate(keys) if i not in unread and key in spec.missing]
    if not kept:
        return None
    state = spec.state if spec.state is not None else second_reading_state(request.state)
    return DecisionRequest(state, {f"{RELATION_ALT}:{key}": about(spec.question, key) for key in kept})


def as_answered(results: Sequence[DecisionResult | Answered]) -> list[Answered]:
    """Answers given as bare results (a first round only) read as `Answered`."""
    return [r if isinstance(r, Answered) else Answered(r) for r in results]
