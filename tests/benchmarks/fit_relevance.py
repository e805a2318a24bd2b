"""Fit the local model's shortlist relevance weights (configs/relevance.json) on LoCoMo, and report both directions.

    python tests/benchmarks/fit_relevance.py [--fit conv-26] [--store DIR] [--out configs/relevance.json]

For each conversation of ../shared/data/locomo/ (conv-26 and conv-30), the turns are ingested and the write path
extracts facts, as `archivist evaluate locomo` does; then for every category 1-4 question and for turns and facts,
the read path's shortlist (fused search, no rerank) is taken as the rerank request would carry it, and each line
is labeled 1 when it is (or, for a fact, was extracted from) an evidence turn. Features are those of
tasks/decisions/local/relevance.py. The weights are fitted pairwise (RankNet-style logistic regression on the
feature differences of an evidence line and each of the first 15 other lines of its request, L2 = 10; Newton's
method), because the read path orders lines and @3 reads the order; a scale and a bias are then fitted by a
one-feature logistic regression of the labels on that score, so the answers are probabilities calibrated to
LoCoMo shortlists. This is fitted on one conversation and tested on the other, then the other way round:
the script prints, per direction and over, the AUC of the fitted score against the shortlist order alone, and
any@3 / all@3 when the lines are ordered as `select()` orders them against the shortlist order (fused search).
The weights written are the ones fitted on `--fit` (default conv-26), so conv-30 stays held out for
`archivist evaluate locomo`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from archivist.configs.settings import load_settings
from archivist.storage.store import Store
from archivist.tasks.decisions.local.provider import LocalDecisionProvider
from archivist.tasks.decisions.local.relevance import FEATURES, request_features
from archivist.tasks.decisions.local.semantic import MiniLMVectors
from archivist.tasks.recall.evaluation.locomo import (
    TENANT,
    extract_locomo_facts,
    fact_sources,
    ingest_locomo,
    load_locomo_questions,
)
from archivist.tasks.recall.read import recall
from archivist.tasks.recall.rerank import select

DATA = Path(__file__).resolve().parents[3] / "shared/data/locomo"
CONVERSATIONS = ("conv-26", "conv-30")
ROOT = Path(__file__).resolve().parents[2]


def collect(store: Store, settings, conversation: str, provider: LocalDecisionProvider, vectors) -> list[dict]:
    """One entry per (question, over): the request's lines in shortlist order, their features and labels."""
    questions, _ = load_locomo_questions(DATA / f"{conversation}.json")
    sources = fact_sources(store, TENANT, conversation)
    entries = []
    for q in questions:
        for over in ("turns", "facts"):
            result = recall(q.question, store=store, settings=settings, tenant=TENANT, scope=q.conversation,
                            over=over, k=None, rerank=False)
            lines = [line for line in result.lines if line.source != "superseded"]  # what the request carries
            if len(lines) < 2:
                continue
            turns = [line.item_id if over == "turns" else sources.get(line.item_id) for line in lines]
            rows = request_features(q.question, [line.rendered for line in lines], vectors,
                                    lambda memory, query=q.question: provider._relevance_logit(memory, query))
            entries.append({"question": q.question, "over": over, "evidence": q.evidence, "turns": turns,
                            "ids": [line.item_id for line in lines], "belief": [line.belief for line in lines],
                            "n_shortlist": len(result.shortlist_ids),
                            "x": [[row[name] for name in FEATURES] for row in rows],
                            "y": [int(turn in q.evidence) for turn in turns]})
    return entries


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float, iterations: int = 60) -> tuple[np.ndarray, float]:
    """Weights and bias minimising log-loss + l2/2 |w|^2 over standardised x (Newton's method)."""
    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    penalty = np.full(d + 1, l2)
    penalty[-1] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(xb @ w)))
        gradient = xb.T @ (p - y) + penalty * w
        hessian = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w[:-1], float(w[-1])


def auc(scores: np.ndarray, y: np.ndarray) -> float:
    """Probability that a random evidence line outscores a random other line (ties count half)."""
    order = scores.argsort(kind="stable")
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    for value in np.unique(scores):  # average ranks of ties
        tied = scores == value
        ranks[tied] = ranks[tied].mean()
    positives = int(y.sum())
    negatives = len(y) - positives
    if positives == 0 or negatives == 0:
        return float("nan")
    return float((ranks[y == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives))


def stack(entries: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    return (np.array([row for e in entries for row in e["x"]], dtype=np.float64),
            np.array([label for e in entries for label in e["y"]], dtype=np.float64))


def at3(entries: list[dict], scorer) -> dict[str, float]:
    """any@3 / all@3: lines ordered by select() (relevance above 0.5 plus the first ten, by relevance x belief)."""
    hits_any = hits_all = 0
    for e in entries:
        p = scorer(np.array(e["x"], dtype=np.float64))
        shortlist = e["ids"][: e["n_shortlist"]]
        extra = e["ids"][e["n_shortlist"]:]
        chosen = select(shortlist, dict(zip(e["ids"], p.tolist(), strict=True)),
                        dict(zip(e["ids"], e["belief"], strict=True)), threshold=0.5, floor=10, extra=extra).ids[:3]
        found = {e["turns"][e["ids"].index(item)] for item in chosen}
        hits_any += any(turn in found for turn in e["evidence"])
        hits_all += all(turn in found for turn in e["evidence"])
    return {"any": round(hits_any / len(entries), 4), "all": round(hits_all / len(entries), 4), "n": len(entries)}


def fused3(entries: list[dict]) -> dict[str, float]:
    """The same measure in shortlist order (fused search, no rerank)."""
    n = max(len(e["ids"]) for e in entries)
    return at3(entries, lambda x: np.linspace(0.49, 0.01, n)[: len(x)])


def fit(entries: list[dict], l2: float = 10.0, negatives: int = 15) -> dict:
    """Pairwise weights (evidence line minus other line of the same request), then a calibrating scale and bias."""
    x, y = stack(entries)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    differences = []
    for e in entries:
        z = (np.array(e["x"], dtype=np.float64) - mean) / scale
        labels = np.array(e["y"])
        for positive in z[labels == 1]:
            differences += [positive - negative for negative in z[labels == 0][:negatives]]
    d = np.array(differences)
    w, _ = fit_logistic(np.vstack([d, -d]), np.r_[np.ones(len(d)), np.zeros(len(d))], l2)
    score = ((x - mean) / scale) @ w
    a, b = fit_logistic(score[:, None], y, 0.0)
    return {"features": list(FEATURES), "mean": mean.round(6).tolist(), "scale": scale.round(6).tolist(),
            "weights": (w * a[0]).round(6).tolist(), "bias": round(b, 6), "l2": l2, "pairs": len(d),
            "lines": len(y), "evidence_lines": int(y.sum())}


def scorer_of(model: dict):
    mean, scale, w = (np.array(model[k]) for k in ("mean", "scale", "weights"))
    return lambda x: 1.0 / (1.0 + np.exp(-(((x - mean) / scale) @ w + model["bias"])))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fit", default="conv-26", choices=CONVERSATIONS, help="Conversation the shipped weights fit.")
    parser.add_argument("--store", default=None, help="Scratch store to reuse (default: a temporary one).")
    parser.add_argument("--out", default=str(ROOT / "configs" / "relevance.json"))
    parser.add_argument("--dump", default=None, help="Write the collected lines, features and labels (JSON).")
    parser.add_argument("--other-out", default=None, help="Also write the weights fitted on the other conversation.")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    settings = load_settings()
    provider = LocalDecisionProvider(settings)
    vectors = MiniLMVectors()
    with tempfile.TemporaryDirectory(prefix="archivist-fit-relevance-") as scratch:
        store = Store(args.store or scratch)
        paths = [DATA / f"{c}.json" for c in CONVERSATIONS]
        ingest_locomo(store, settings, paths)
        if store.table("facts") is None or store.count("facts") == 0:
            print("extracting facts with the write path ...", file=sys.stderr)
            extract_locomo_facts(store, settings, list(CONVERSATIONS))
        data = {c: collect(store, settings, c, provider, vectors) for c in CONVERSATIONS}
    if args.dump:
        Path(args.dump).write_text(json.dumps(data), encoding="utf-8")
    report: dict = {}
    models = {}
    for train, test in (CONVERSATIONS, CONVERSATIONS[::-1]):
        model = fit(data[train])
        models[train] = model
        score = scorer_of(model)
        direction = {}
        for over in ("turns", "facts"):
            held = [e for e in data[test] if e["over"] == over]
            if not held:
                direction[over] = "not measured: the store holds no facts (did the write path run?)"
                continue
            x, y = stack(held)
            direction[over] = {
                "auc_fitted": round(auc(score(x), y), 4),
                "auc_shortlist_order": round(auc(-x[:, FEATURES.index("position")], y), 4),
                "auc_minilm_cos": round(auc(x[:, FEATURES.index("minilm_cos")], y), 4),
                "auc_single_line_head": round(auc(x[:, FEATURES.index("head_logit")], y), 4),
                "at3_reranked": at3(held, score), "at3_fused": fused3(held),
            }
        report[f"fit {train} -> test {test}"] = direction
    shipped = {"model": "relevance-listwise-1", **models[args.fit],
               "fitted_on": {"conversations": [args.fit], "source": "LoCoMo (../shared/data/locomo)",
                             "script": "tests/benchmarks/fit_relevance.py", "labels": "evidence turns of category "
                             "1-4 questions; a fact counts when extracted from one"},
               "report": report}
    Path(args.out).write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
    if args.other_out:
        other = next(c for c in CONVERSATIONS if c != args.fit)
        Path(args.other_out).write_text(json.dumps({"model": "relevance-listwise-1", **models[other],
                                                    "fitted_on": {"conversations": [other]}}, indent=1) + "\n")
    print(json.dumps(report, indent=1))
    print(f"weights fitted on {args.fit} -> {args.out}; weights: "
          + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, models[args.fit]["weights"], strict=True))
          + f"; {time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
