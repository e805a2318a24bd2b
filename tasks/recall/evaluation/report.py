"""The readable side of a recall evaluation: a markdown report with PNG plots, in the run folder.

Plots use matplotlib's Agg backend (no display), so the report is written the same on a server.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

CUTS = ("3", "5", "10", "20", "30")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _measured(run: Mapping[str, Any], over: str) -> bool:
    modes = run.get(over) or {}
    return any(cell.get("all") is not None for mode in modes.values() for cell in mode.values())


def plot_recall_at_k(run: Mapping[str, Any], over: str, path: Path) -> Path:
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(6.4, 4.0))
    for mode, cells in run[over].items():
        ks = [int(c) for c in CUTS if c in cells]
        line = axis.plot(ks, [cells[str(k)]["all"] for k in ks], marker="o", label=f"{mode}: all evidence")[0]
        axis.plot(ks, [cells[str(k)]["any"] for k in ks], marker=".", linestyle="--", color=line.get_color(),
                  label=f"{mode}: any evidence")
    axis.set(xlabel="lines kept (30 = the shortlist)", ylabel="share of questions", ylim=(0, 1),
             title=f"Evidence recall over {over}, categories 1-4 (n={run['questions']})")
    axis.set_xticks([int(c) for c in CUTS])
    axis.grid(alpha=0.3)
    axis.legend(fontsize=7, loc="center right")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def plot_budgets(run: Mapping[str, Any], over: str, path: Path) -> Path:
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(6.4, 4.0))
    for mode, cells in run["budgets"][over].items():
        budgets = sorted(int(b) for b in cells)
        axis.plot(budgets, [cells[str(b)]["all"] for b in budgets], marker="o", label=f"{mode}: all")
    axis.set(xscale="log", xlabel="token budget (o200k_base)", ylabel="all evidence in the lines", ylim=(0, 1),
             title=f"Evidence recall under a token budget, over {over}")
    axis.set_xticks(budgets, [str(b) for b in budgets])
    axis.grid(alpha=0.3)
    axis.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def plot_categories(run: Mapping[str, Any], over: str, path: Path, cut: str = "30") -> Path:
    from archivist.tasks.recall.evaluation.locomo import CATEGORY_NAMES

    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(6.4, 4.0))
    modes = list(run["categories"][over])
    width = 0.8 / max(1, len(modes))
    for offset, mode in enumerate(modes):
        cells = run["categories"][over][mode]
        values = [cells[str(c)][cut]["all"] or 0.0 for c in CATEGORY_NAMES]
        axis.bar([c + offset * width for c in range(len(CATEGORY_NAMES))], values, width, label=mode)
    axis.set_xticks([c + width * (len(modes) - 1) / 2 for c in range(len(CATEGORY_NAMES))],
                    list(CATEGORY_NAMES.values()))
    axis.set(ylabel=f"all evidence in the first {cut}", ylim=(0, 1), title=f"By category, over {over}")
    axis.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def _table(cells_by_mode: Mapping[str, Mapping[str, Any]], columns: list[str], label: str) -> list[str]:
    out = [f"| {label} | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    for mode, cells in cells_by_mode.items():
        row = []
        for column in columns:
            cell = cells.get(column, {})
            row.append("–" if cell.get("all") is None else f"{cell['all']:.3f} / {cell['any']:.3f}")
        out.append(f"| {mode} | " + " | ".join(row) + " |")
    return out


def markdown_report(run: Mapping[str, Any], plots: Mapping[str, str]) -> str:
    meta = run.get("meta", {})
    lines = [
        "# Recall evaluation on LoCoMo",
        "",
        f"{run['questions']} category 1-4 questions from {', '.join(meta.get('conversations', []))} "
        f"({meta.get('questions_without_evidence', 0)} left out: their evidence names no turn). "
        f"Embedder `{meta.get('embedder')}` (turn vectors embed the {meta.get('embed_as')}); relevance by "
        f"`{meta.get('decision_provider')}`. Cells are *all evidence / any evidence* shares.",
        "",
    ]
    for over in ("turns", "facts"):
        lines += [f"## Over {over}", ""]
        if not _measured(run, over):
            lines += [f"Not measured: {meta.get('facts', 'no rows')}." if over == "facts" else "Not measured.", ""]
            continue
        if over == "facts":
            lines += ["A fact covers the turn it was extracted from. \"30\" is the shortlist of current facts; "
                      "the lines also carry the superseded facts each kept fact brings, so a short cut can "
                      "cover evidence the shortlist does not.", ""]
        lines += _table(run[over], list(CUTS), "mode \\ lines kept")
        lines += ["", "Under a token budget (lines cut when the next would not fit):", ""]
        budgets = sorted(next(iter(run["budgets"][over].values())), key=int)
        lines += _table(run["budgets"][over], budgets, "mode \\ tokens")
        lines += [""]
        for name in ("recall", "budgets", "categories"):
            if f"{over}:{name}" in plots:
                lines += [f"![{over} {name}]({plots[f'{over}:{name}']})", ""]
    answers = run.get("answers")
    if answers:
        lines += ["## Answers", ""]
        if answers.get("skipped"):
            lines += [f"Skipped: {answers['skipped']}.", ""]
        else:
            lines += ["| mode | judged correct |", "|---|---|"]
            lines += [f"| {mode} | {share:.3f} |" for mode, share in answers.get("accuracy", {}).items()]
            lines += [""]
    costs = run.get("costs")
    if costs:
        lines += ["## Cost", "", f"Read path: {costs.get('relevance_requests', 0)} relevance requests, "
                  f"${costs.get('read_cost_usd', 0.0):.6f} in all, ${costs.get('read_cost_per_query_usd', 0.0):.6f} "
                  f"per query. Write path: ${costs.get('write_cost_per_1000_turns_usd', 0.0):.6f} per 1,000 turns "
                  f"({costs.get('write_note', '')}).", ""]
    lines += [f"Ran in {meta.get('seconds', '?')} s.", ""]
    return "\n".join(lines)


def write_report(run: Mapping[str, Any], folder: Path) -> Path:
    """report.md and its PNG plots in `folder`; returns the report's path."""
    folder.mkdir(parents=True, exist_ok=True)
    plots: dict[str, str] = {}
    for over in ("turns", "facts"):
        if not _measured(run, over):
            continue
        for name, draw in (("recall", plot_recall_at_k), ("budgets", plot_budgets), ("categories", plot_categories)):
            try:
                path = draw(run, over, folder / f"{over}-{name}.png")
                plots[f"{over}:{name}"] = path.name
            except Exception as error:  # a plot that fails must not lose the numbers
                log.warning("could not draw %s %s: %s", over, name, error)
    report = folder / "report.md"
    report.write_text(markdown_report(run, plots), encoding="utf-8")
    return report
