"""Leave-one-source-out evaluation of the local relation heads: fit without a source, score on it.

A model that does well only on labels written beside it has learnt their phrasing. Each source (the team's
labels, SGD, LoCoMo, ...) is held out in turn: the relation heads are fitted on the relation items of every
other source (the temporal head they read is always fitted on the team's temporal labels, the only ones
there are), then asked every relation item of the held-out source. A `holdout` set is never fitted on: it
is scored by the model fitted on all sources.

A source named in `scored_only` is never fitted on either: it is scored by the heads fitted on every other
fitted source, which is how the shipped weights treat the labels derived from SGD and LoCoMo (fitting them
costs the held-out support pairs; README "Leave one source out"). Its row then says how the shipped recipe
does on a corpus nobody on the team wrote, and the other rows are not moved by it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from archivist.tasks.decisions.evaluate import LabeledItem, ProviderDecider, evaluate
from archivist.tasks.decisions.local.embedding import SentenceVectors
from archivist.tasks.decisions.local.fit import (
    DEFAULT_SEED,
    EMBEDDING_MODEL,
    MODEL_BASE,
    Inputs,
    fit_heads,
)
from archivist.tasks.decisions.local.provider import LocalDecisionProvider
from archivist.tasks.decisions.local.semantic import MiniLMVectors

RELATION_HEADS = ("relation", "relation_alt")


def _provider(items: Sequence[LabeledItem], seed: int, inputs: Inputs) -> LocalDecisionProvider:
    heads, projection = fit_heads(items, seed=seed, only=RELATION_HEADS, inputs=inputs)
    document = {"model": MODEL_BASE, "embedding": EMBEDDING_MODEL, "projection": projection.to_json(),
                "heads": {name: head.to_json() for name, head in heads.items()}}
    provider = LocalDecisionProvider(document=document)
    # Share the run's vector caches: every text is encoded once across all the folds.
    provider.vectors, provider.minilm = inputs.vectors, inputs.minilm
    provider._inputs.vectors, provider._inputs.minilm = inputs.vectors, inputs.minilm
    return provider


def _scores(items: Sequence[LabeledItem], provider: LocalDecisionProvider, questions: Any) -> dict[str, Any]:
    report = evaluate([i for i in items if i.question == "relation"], ProviderDecider(provider), questions)
    return {name: report[name] for name in RELATION_HEADS if name in report}


def leave_one_source_out(sources: dict[str, list[LabeledItem]], questions: Any, seed: int = DEFAULT_SEED,
                         holdout: Sequence[LabeledItem] = (),
                         scored_only: Collection[str] = ()) -> dict[str, dict[str, Any]]:
    """{source: {"relation": {n, accuracy, ece, nll, ...}, "relation_alt": {...}}}; `holdout` as "holdout"."""
    if len(sources) < 2:
        raise ValueError("leave-one-source-out needs at least two sources (give --sources FOLDER)")
    fitted = [name for name in sources if name not in scored_only]
    if not fitted:
        raise ValueError("every source is scored only: nothing to fit the relation heads on")
    temporal = [i for i in sources.get("team", []) if i.question == "temporal_status"]
    if not temporal:
        raise ValueError("the team labels have no temporal_status items; the relation heads read that head")
    inputs = Inputs(SentenceVectors(), MiniLMVectors())
    everything = [i for name in fitted for i in sources[name] if i.question == "relation"]
    on_all: LocalDecisionProvider | None = None
    results: dict[str, dict[str, Any]] = {}
    for held, held_items in sources.items():
        if held in scored_only:
            on_all = on_all or _provider([*temporal, *everything], seed, inputs)
            results[held] = {**_scores(held_items, on_all, questions), "scored_only": True}
        elif len(fitted) > 1:  # a lone fitted source has nothing to be fitted on without it
            train = [i for name in fitted if name != held for i in sources[name] if i.question == "relation"]
            results[held] = _scores(held_items, _provider([*temporal, *train], seed, inputs), questions)
    if holdout:
        on_all = on_all or _provider([*temporal, *everything], seed, inputs)
        results["holdout"] = _scores(holdout, on_all, questions)
    return results
