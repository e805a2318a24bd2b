"""The write path's side of the run's spend budget (tasks/providers/budget.py).

A turn whose extraction the budget refused has no facts yet. Facts of a scope are decided in the order they
were said, so deciding the scope's later turns now and the refused one next run would decide them in another
order than an unbudgeted run does. The whole scope is held instead: none of its turns is marked extracted
this run, and the next run extracts them again (the answered calls from the call cache, at no cost) and
decides them in order. Decisions the budget refuses come back as transient fallbacks, which decide.py
already defers with the rest of their scope.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar, cast

from archivist.configs.settings import Settings
from archivist.storage.calls import run_spend
from archivist.storage.store import Store
from archivist.tasks.providers.budget import RunBudget, ensure_budget

T = TypeVar("T")


def partition_budget(settings: Settings, store: Store, run_id: str) -> RunBudget:
    """The run's budget in this process: the flow's (threads), or on a Dask worker the cluster's, whose total the
    scheduler holds (tasks/providers/cluster_limits.py `ClusterBudget`)."""
    return ensure_budget(run_id, settings.budget.max_cost_usd, lambda: run_spend(store, run_id))


def refused_turns(extractor: Any) -> set[str]:
    """Turn ids the budget kept the extractor from asking about (extractors that make no paid call have none)."""
    take = getattr(extractor, "take_deferred", None)
    if not callable(take):
        return set()
    return set(cast(Iterable[str], take()))


def hold_scopes(contexts: Sequence[Any], facts_per_turn: Sequence[T],
                refused: set[str]) -> tuple[list[Any], list[T], int]:
    """`contexts` and their facts without every turn of a scope that has a refused turn; and how many were held."""
    if not refused:
        return list(contexts), list(facts_per_turn), 0
    held = {(c.tenant, c.scope) for c in contexts if c.turn_id in refused}
    kept = [(c, f) for c, f in zip(contexts, facts_per_turn, strict=True) if (c.tenant, c.scope) not in held]
    return [c for c, _ in kept], [f for _, f in kept], len(contexts) - len(kept)
