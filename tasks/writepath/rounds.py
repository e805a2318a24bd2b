"""How a partition's statements are asked: which of a scope's facts go together, and the two rounds of a group.

A round takes the next group of every scope (`next_group`) and asks it in two `decide_many` calls: first every
statement's own request (its fact questions and the first reading of each candidate), then the second readings
that the first answers leave worth asking (tasks/policy/readings.py says which, and why the others cannot change
the store). A statement whose first call failed transiently, or that follows one in its scope, is deferred with
the rest of its scope (tasks/writepath/decide.py), so its second reading is not sent at all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Decider, DecisionResult
from archivist.tasks.policy import ScopeIndex, select_candidates
from archivist.tasks.policy.gates import is_plan
from archivist.tasks.policy.requests import StatementRequest


def next_group(index: ScopeIndex, queue: deque[Any], t: Thresholds,
               relations: Relations) -> list[tuple[Any, list[int]]]:
    """The scope's next facts that can be asked together: none is (or could displace) a candidate of a later one,
    and no two may ask about the same stored plan (an earlier one could close it)."""
    group: list[tuple[Any, list[int]]] = []
    pending: list[tuple[dict[str, Any], np.ndarray]] = []
    pending_plans: set[int] = set()
    stored = len(index.rows)
    while queue:
        fact = queue[0]
        vector = np.asarray(fact.vector, dtype=np.float32)
        args: dict[str, Any] = dict(cosine_k=t.cosine_candidates, graph_k=t.graph_candidates,
                                    rare_max=t.rare_entity_max_facts, min_cosine=t.candidate_min_cosine)
        alone = select_candidates(index, vector, fact.subject, fact.relation, fact.entities, **args)
        plans = {p for p in alone if is_plan(index.rows[p])}
        if group:
            # A pending fact whose relation the answers may still set could turn out to be a sibling: assume so.
            stubs = [({**row, "relation": row["relation"] if relations.known(row["relation"]) else fact.relation}, v)
                     for row, v in pending]
            together = select_candidates(index, vector, fact.subject, fact.relation, fact.entities,
                                         extra=stubs, **args)
            if together != alone or any(p >= stored for p in together) or plans & pending_plans:
                break
        queue.popleft()
        group.append((fact, alone))
        pending.append(({"subject": fact.subject, "relation": fact.relation, "entities": list(fact.entities)}, vector))
        pending_plans |= plans
    return group


def ask_in_rounds(decider: Decider, asked: Sequence[StatementRequest], scopes: Sequence[Any],
                  prune: Callable[[int, StatementRequest, DecisionResult], StatementRequest],
                  deferred: Callable[[Any], bool]) -> list[tuple[StatementRequest, list[DecisionResult]]]:
    """Each statement's request as finally asked and its results, in order (first request, then the second
    reading when one was asked). `scopes[i]` is statement i's scope; `deferred(scope)` says whether the scope
    already waits for the next run; `prune(i, request, first)` leaves out the second readings that cannot count."""
    firsts = decider.decide_many([a.request for a in asked])
    final: list[StatementRequest] = []
    failing: set[int] = set()
    for i, (request, first) in enumerate(zip(asked, firsts, strict=True)):
        scope = id(scopes[i])
        if first.any_transient or scope in failing or deferred(scopes[i]):
            failing.add(scope)  # deferred when it is judged: a second reading would be paid for nothing
            final.append(request.without_second_readings(dict.fromkeys(request.target_keys.values(), "deferred")))
            continue
        final.append(prune(i, request, first))
    seconds = iter(decider.decide_many([a.second for a in final if a.second is not None])
                   if any(a.second is not None for a in final) else [])
    return [(a, [first] + ([next(seconds)] if a.second is not None else [])) for a, first in zip(final, firsts,
                                                                                                strict=True)]


def merged(parts: Sequence[DecisionResult]) -> DecisionResult:
    """One statement's results as one: every answer and call (the first request's model and provider)."""
    first = parts[0]
    answers = {key: answer for part in parts for key, answer in part.answers.items()}
    return DecisionResult(answers, [call for part in parts for call in part.calls], first.model, first.provider)
