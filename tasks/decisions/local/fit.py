"""`archivist decider fit`: train the local model's heads from LABELS.jsonl and write their weights.

Only the training split is used by default, so `archivist evaluate decisions --split test` stays a
held-out measurement. The output is small JSON (a few kilobytes) that ships in `configs/`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from archivist.configs.settings import CONFIG_DIR
from archivist.tasks.decisions.evaluate import LabeledItem, load_labels
from archivist.tasks.decisions.local import features
from archivist.tasks.decisions.local.embedding import EMBEDDING_MODEL, SentenceVectors
from archivist.tasks.decisions.local.head import SoftmaxHead, fit_head
from archivist.tasks.decisions.questions import RELATION_OPTIONS

MODEL_BASE = "local-decider-1"
WEIGHTS_FILE = CONFIG_DIR / "local_decider.json"
WEIGHTS_FORMAT = 1
DEFAULT_SEED = 20260501

_TEXT_FIELDS = ("old", "new", "message", "fact", "memory", "query", "plan")
Tense = Callable[[str, str], dict[str, float]]
_Featurizer = Callable[[LabeledItem, SentenceVectors, Tense], dict[str, float]]


def _relation(item: LabeledItem, vectors: SentenceVectors, tense: Tense) -> dict[str, float]:
    old, new, message = str(item.fields["old"]), str(item.fields["new"]), str(item.fields.get("message", ""))
    return features.relation_features(old, new, message, vectors, tense(new, message))


def _relation_alt(item: LabeledItem, vectors: SentenceVectors, tense: Tense) -> dict[str, float]:
    old, new, message = str(item.fields["old"]), str(item.fields["new"]), str(item.fields.get("message", ""))
    return features.relation_alt_features(old, new, message, tense(new, message))


def _temporal(item: LabeledItem, vectors: SentenceVectors, tense: Tense) -> dict[str, float]:
    return features.temporal_features(str(item.fields["fact"]), str(item.fields.get("message", "")))


def _worth(item: LabeledItem, vectors: SentenceVectors, tense: Tense) -> dict[str, float]:
    return features.worth_features(str(item.fields["fact"]), str(item.fields.get("message", "")), vectors)


def _relevance(item: LabeledItem, vectors: SentenceVectors, tense: Tense) -> dict[str, float]:
    return features.relevance_features(str(item.fields["memory"]), str(item.fields["query"]), vectors)


# head name -> (labeled question it learns from, its classes in option order, features of one item).
# temporal_status comes first: the relation heads read its answer about the new fact.
HEADS: dict[str, tuple[str, list[str], _Featurizer]] = {
    "temporal_status": ("temporal_status", ["current", "planned", "past", "hypothetical"], _temporal),
    "relation": ("relation", list(RELATION_OPTIONS), _relation),
    "relation_alt": ("relation", list(RELATION_OPTIONS), _relation_alt),
    "worth_remembering": ("worth_remembering", ["true", "false"], _worth),
    "relevance": ("relevance", ["true", "false"], _relevance),
}


def tense_of(head: SoftmaxHead) -> Tense:
    """The temporal head as a function of (fact, message), at its calibrated temperature."""

    def tense(fact: str, message: str) -> dict[str, float]:
        row = head.probabilities(head.vector(features.temporal_features(fact, message)))[0]
        return dict(zip(head.classes, map(float, row)))

    return tense


def fit_decider(labels: str | Path, split: str = "train", seed: int = DEFAULT_SEED,
                model: str = MODEL_BASE) -> dict[str, Any]:
    """The weights document: every head fitted on the `split` items of `labels` (train, test or all)."""
    items = load_labels(labels, split)
    vectors = SentenceVectors()
    vectors.prefetch([str(item.fields[k]) for item in items for k in _TEXT_FIELDS if k in item.fields])
    heads: dict[str, SoftmaxHead] = {}
    for name, (question, classes, featurize) in HEADS.items():
        chosen = [item for item in items if item.question == question]
        if not chosen:
            raise ValueError(f"{labels} has no {split!r} items for question {question!r}; head {name} needs some")
        tense = tense_of(heads["temporal_status"]) if "temporal_status" in heads else _no_tense
        rows = [featurize(item, vectors, tense) for item in chosen]
        heads[name] = fit_head(rows, [item.label for item in chosen], classes, seed=seed)
    return {
        "model": model,
        "format": WEIGHTS_FORMAT,
        "embedding": EMBEDDING_MODEL,
        "seed": seed,
        "fitted_on": {
            "labels": Path(labels).name,
            "sha256": hashlib.sha256(Path(labels).read_bytes()).hexdigest(),
            "split": split,
            "items": len(items),
        },
        "heads": {name: head.to_json() for name, head in heads.items()},
    }


def _no_tense(fact: str, message: str) -> dict[str, float]:
    raise AssertionError("the temporal head is fitted before any head that reads it")


def write_weights(document: dict[str, Any], path: str | Path = WEIGHTS_FILE) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return path


def load_weights(path: str | Path | None = None) -> dict[str, Any]:
    path = Path(path) if path else WEIGHTS_FILE
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing; run `archivist decider fit` to create it")
    document = json.loads(path.read_text(encoding="utf-8"))
    if document.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"{path} has weights format {document.get('format')}; this archivist reads {WEIGHTS_FORMAT}")
    return document
