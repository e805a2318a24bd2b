"""Paired comparison of two evaluation runs on the same questions.

For one outcome (say `turns.reranked.3.any`: is any evidence turn in the first three lines?) each question
is scored 0/1 in run A and in run B. Reported: the mean difference B - A with a 95% interval (normal
approximation over the paired differences), the exact two-sided McNemar test on the discordant questions
(the binomial test of b against c with p = 1/2, computed here because scipy is not a dependency), and a
percentile bootstrap of the difference that resamples whole conversations, since questions of one
conversation share their evidence and are not independent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

Z_95 = 1.959963984540054


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p: 2 x P(X <= min(b, c)) for X ~ Binomial(b + c, 1/2), capped at 1."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    low = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(low + 1)) / 2**n
    return min(1.0, 2.0 * tail)


def paired_difference(a: Sequence[bool], b: Sequence[bool]) -> dict[str, float]:
    """Mean of b - a over paired questions, with a 95% normal-approximation interval."""
    if len(a) != len(b):
        raise ValueError("paired outcomes must have the same length")
    n = len(a)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    differences = [float(y) - float(x) for x, y in zip(a, b, strict=True)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1) if n > 1 else 0.0
    half = Z_95 * math.sqrt(variance / n)
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def bootstrap_by_conversation(
    pairs: Mapping[str, Sequence[tuple[bool, bool]]], *, reps: int = 2000, seed: int = 0
) -> dict[str, float]:
    """Percentile 95% interval of the mean difference when whole conversations are resampled."""
    groups = [list(v) for v in pairs.values() if v]
    if not groups:
        return {"low": 0.0, "high": 0.0, "reps": 0}
    rng = random.Random(seed)
    means = []
    for _ in range(reps):
        sample = [groups[rng.randrange(len(groups))] for _ in groups]
        total = sum(float(b) - float(a) for group in sample for a, b in group)
        means.append(total / sum(len(group) for group in sample))
    means.sort()
    return {"low": means[int(0.025 * (reps - 1))], "high": means[int(0.975 * (reps - 1))], "reps": reps,
            "conversations": len(groups)}


def outcome(entry: Mapping[str, Any], metric: str) -> bool | None:
    """The 0/1 outcome of one per-question entry (None when not measured).

    `over.mode.cut.all|any` is an evidence outcome (turns.reranked.3.any); `answers.mode` is the judge's
    verdict on the answer from that mode's lines.
    """
    parts = metric.split(".")
    try:
        if parts[0] == "answers" and len(parts) == 2:
            return bool(entry["answers"][parts[1]]["correct"])
        over, mode, cut, which = parts
        return bool(entry["outcomes"][over][mode][cut][which])
    except (KeyError, ValueError, TypeError):
        return None


def _check(metric: str) -> None:
    parts = metric.split(".")
    if not (len(parts) == 4 or (len(parts) == 2 and parts[0] == "answers")):
        raise ValueError("metric is over.mode.cut.all|any (turns.reranked.3.any) or answers.mode (answers.reranked)")


def compare_runs(run_a: Mapping[str, Any], run_b: Mapping[str, Any], metric: str, *, metric_b: str | None = None,
                 reps: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Per-question differences, their mean with a 95% interval, exact McNemar, conversation bootstrap.

    `metric_b` (default `metric`) reads B's outcome under another name, so two modes of one run compare too:
    the same run as A and B, turns.similarity.3.any against turns.reranked.3.any.
    """
    metric_b = metric_b or metric
    _check(metric)
    _check(metric_b)
    by_key_b = {(q["conversation"], q["index"]): q for q in run_b.get("per_question", [])}
    rows, grouped = [], {}
    for question in run_a.get("per_question", []):
        key = (question["conversation"], question["index"])
        other = by_key_b.get(key)
        if other is None:
            continue
        a, b = outcome(question, metric), outcome(other, metric_b)
        if a is None or b is None:
            continue
        rows.append({"conversation": key[0], "index": key[1], "question": question["question"],
                     "category": question.get("category"), "a": a, "b": b, "difference": int(b) - int(a)})
        grouped.setdefault(key[0], []).append((a, b))
    if not rows:
        raise ValueError("the runs share no question with measured outcomes; were they run on the same files?")
    only_a = sum(1 for r in rows if r["a"] and not r["b"])
    only_b = sum(1 for r in rows if r["b"] and not r["a"])
    return {
        "metric": metric,
        "metric_b": metric_b,
        "questions": len(rows),
        "a": sum(r["a"] for r in rows) / len(rows),
        "b": sum(r["b"] for r in rows) / len(rows),
        "difference": paired_difference([r["a"] for r in rows], [r["b"] for r in rows]),
        "only_a": only_a,
        "only_b": only_b,
        "mcnemar_p": mcnemar_exact(only_a, only_b),
        "bootstrap": bootstrap_by_conversation(grouped, reps=reps, seed=seed),
        "per_question": rows,
    }
