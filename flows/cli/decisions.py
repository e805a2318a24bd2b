"""`archivist evaluate decisions` and `archivist decider fit`.

`evaluate` is a command group so that other modules can add their own evaluations to `evaluate_app`
(`archivist evaluate locomo`, ...).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()

evaluate_app = typer.Typer(no_args_is_help=True, help="Measure the pipeline's parts on labeled data.")
decider_app = typer.Typer(no_args_is_help=True, help="The embedded local decision model.")


@evaluate_app.callback()
def _evaluate() -> None:
    """Measure the pipeline's parts on labeled data."""


@decider_app.callback()
def _decider() -> None:
    """The embedded local decision model."""


def register(app: typer.Typer) -> None:
    app.add_typer(evaluate_app, name="evaluate")
    app.add_typer(decider_app, name="decider")


@evaluate_app.command("decisions")
def evaluate_decisions(
    labels: Path = typer.Argument(..., exists=True, dir_okay=False, help="LABELS.jsonl, one labeled item a line."),
    provider: str = typer.Option(None, "--provider", help="Decision provider (default from settings): local, "
                                 "systemone, openai_decisions, llm:openai, llm:anthropic, python:module:function."),
    model: str = typer.Option(None, "--model",
                              help="Model version, e.g. local-decider-3@t=0.7 (default from settings)."),
    split: str = typer.Option("all", "--split", help="Which items: test, train or all (items without a split "
                              "count only under all)."),
    store: str = typer.Option(None, "--store", help="Store URI for the call cache and ledger (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    sources: Path = typer.Option(None, "--sources", exists=True, file_okay=False, help="Folder holding sgd/ and "
                                 "locomo/ (e.g. ../shared/data): derive relation labels from them at run time and "
                                 "add the leave-one-source-out table of the local model (LABELS is the team source)."),
    holdout: Path = typer.Option(None, "--holdout", exists=True, dir_okay=False, help="With --sources: a relation "
                                 "LABELS.jsonl never fitted on, scored by the model fitted on every source."),
) -> None:
    """Accuracy, ECE (10 bins), Brier score and NLL per question, and the relation question's confusion.

    With --provider, also the thresholds these answers support for the model that gave them, as a
    `[models."<id>"]` section for configs/thresholds.toml (tasks/decisions/calibrate.py says by which rules).

    With --sources, also the leave-one-source-out table: the local relation heads fitted without each source
    and scored on it (accuracy, ECE, NLL per source)."""
    from archivist.configs.settings import load_settings, with_overrides
    from archivist.ids import content_id
    from archivist.tasks.decisions.calibrate import Scored, suggest_thresholds
    from archivist.tasks.decisions.evaluate import (
        LabelFileError,
        build_request,
        load_labels,
        make_decider,
        score,
    )
    from archivist.tasks.decisions.questions import load_questions

    _check_split(split)
    settings = load_settings(decisions__provider=provider, decisions__model=model, store__uri=store)
    if provider == "local" and not model and not settings.decisions.model.startswith("local-decider"):
        settings = with_overrides(settings, decisions__model="local-decider-3")
    try:
        items = load_labels(labels, split)
        if not items:
            raise LabelFileError(f"{labels} has no items with split {split!r}")
        digest = hashlib.sha256(labels.read_bytes()).hexdigest()
        run_id = "evaluate-" + content_id("evaluate decisions", digest, split, settings.decisions.provider,
                                          settings.decisions.model)[:16]
        decider = make_decider(settings, run_id)
        try:
            built = [build_request(item, load_questions()) for item in items]
            results = decider.decide_many([request for request, _ in built])
            report = score(items, results, [keys for _, keys in built])
            if provider is not None:
                answered = next((r.model for r in results if r.model), "") or settings.decisions.model
                scored = [Scored(qid, result.answers[key], item.label, item.accept)
                          for item, result, (_, keys) in zip(items, results, built, strict=True)
                          for key, qid in keys.items()]
                report["suggested_thresholds"] = suggest_thresholds(answered, scored).as_dict()
        finally:
            close = getattr(decider, "close", None)
            if close is not None:
                close()
        if sources is not None:
            report["leave_one_source_out"] = _leave_one_source_out(labels, sources, holdout)
        elif holdout is not None:
            raise ValueError("--holdout is scored in the leave-one-source-out run: give --sources too")
    except (LabelFileError, ValueError, FileNotFoundError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if json_out:
        print_json(report)
        return
    answered_by = getattr(getattr(decider, "provider", None), "model", settings.decisions.model)
    _print_report(report, f"{labels.name} ({split}), model {answered_by}")
    if "suggested_thresholds" in report:
        _print_suggestion(report["suggested_thresholds"], f"archivist evaluate decisions on {labels.name} ({split})")
    if sources is not None:
        _print_sources(report["leave_one_source_out"])


def _print_suggestion(found: dict[str, Any], source: str) -> None:
    from archivist.tasks.decisions.calibrate import Suggestion

    suggestion = Suggestion(found["model"], found["values"], found["support"], found["notes"])
    console.print("suggested thresholds for this model (paste into configs/thresholds.toml after review):")
    console.print(suggestion.toml(source), markup=False, highlight=False)
    for name, why in suggestion.notes.items():
        console.print(f"  no {name}: {why}", markup=False, highlight=False)


def _leave_one_source_out(labels: Path, folder: Path, holdout: Path | None) -> dict[str, Any]:
    from archivist.tasks.decisions.evaluate import load_labels
    from archivist.tasks.decisions.local.crossval import leave_one_source_out
    from archivist.tasks.decisions.local.fit import MORE_LABELS
    from archivist.tasks.decisions.local.sources import DERIVED_SOURCES, load_sources
    from archivist.tasks.decisions.questions import load_questions

    held = load_labels(holdout) if holdout is not None else []
    more = [path for path in MORE_LABELS if path.is_file() and path.resolve() != labels.resolve()]
    sources = load_sources(labels, folder, more=more)
    # The derived corpora are scored, never fitted, as in the shipped weights (crossval.py says why).
    return leave_one_source_out(sources, load_questions(), holdout=held, scored_only=DERIVED_SOURCES)


def _print_sources(results: dict[str, Any]) -> None:
    table = Table(title="local relation heads, leave one source out (fitted without the source, scored on it)")
    for name in ("source", "n", "acc", "ECE", "NLL", "alt acc", "alt ECE", "alt NLL"):
        table.add_column(name, justify="left" if name == "source" else "right")
    for source, row in results.items():
        cells = []
        for question in ("relation", "relation_alt"):
            r = row[question]
            cells += [f"{r['accuracy']:.3f}", f"{r['ece']:.3f}", f"{r['nll']:.3f}"]
        label = "holdout*" if source == "holdout" else f"{source}*" if row.get("scored_only") else source
        table.add_row(label, str(row["relation"]["n"]), *cells)
    console.print(table)
    if any(source == "holdout" or row.get("scored_only") for source, row in results.items()):
        console.print("* never fitted on: scored by the heads fitted on every other source; alt = relation_alt")


_SHORT = {"duplicate": "dup", "refinement": "refine", "contradiction": "contra"}


def _print_report(report: dict[str, Any], title: str) -> None:
    from archivist.tasks.decisions.questions import RELATION_OPTIONS

    table = Table(title=f"decisions: {title}")
    for name in ("question", "n", "accuracy", "ECE", "Brier", "NLL", "fallbacks"):
        table.add_column(name, justify="left" if name == "question" else "right")
    for question, row in report.items():
        if question in ("relation_confusion", "leave_one_source_out", "suggested_thresholds"):
            continue
        table.add_row(question, str(row["n"]), f"{row['accuracy']:.3f}", f"{row['ece']:.3f}", f"{row['brier']:.3f}",
                      f"{row['nll']:.3f}", str(row["fallbacks"]))
    console.print(table)
    confusion = report.get("relation_confusion")
    if not confusion:
        return
    matrix = Table(title="relation: label (rows) by chosen option (columns)")
    matrix.add_column("label")
    for option in RELATION_OPTIONS:
        matrix.add_column(_SHORT.get(option, option), justify="right")  # six columns fit 80 characters
    for label in RELATION_OPTIONS:
        if label in confusion:
            matrix.add_row(label, *[str(confusion[label].get(option, "")) for option in RELATION_OPTIONS])
    console.print(matrix)


@decider_app.command("fit")
def fit(
    labels: Path = typer.Option(Path("data/labels/decisions.jsonl"), "--labels", exists=True, dir_okay=False,
                                help="LABELS.jsonl to learn from."),
    out: Path = typer.Option(None, "--out", help="Where to write the weights (default: the shipped "
                             "configs/local_decider.json)."),
    split: str = typer.Option("train", "--split", help="Which items to fit on: train (default, keeps the test "
                              "split held out), test or all."),
    seed: int = typer.Option(None, "--seed", help="Seed of the cross-validation folds."),
    model: str = typer.Option(None, "--model", help="Version name the weights answer as (default local-decider-3); "
                              "give refitted weights a new name so stored decisions keep telling them apart."),
    more: list[Path] = typer.Option(None, "--more-labels", dir_okay=False, help="Another LABELS.jsonl "
                                    "fitted whole, each item under its `source` (repeatable; default: "
                                    "data/labels/relations_styles.jsonl and relations_domains.jsonl; "
                                    "`--more-labels none` for none)."),
) -> None:
    """Fit the local decision model's heads (deterministic) and write their weights as JSON."""
    from archivist.tasks.decisions.local.fit import (
        DEFAULT_SEED,
        MODEL_BASE,
        MORE_LABELS,
        WEIGHTS_FILE,
        fit_decider,
        write_weights,
    )

    _check_split(split)
    more_labels = list(MORE_LABELS) if not more else [path for path in more if str(path) != "none"]
    missing = [str(path) for path in more_labels if not path.is_file()]
    if missing:
        typer.echo(f"error: {', '.join(missing)} not found; give an existing LABELS.jsonl to --more-labels", err=True)
        raise typer.Exit(2)
    try:
        if model is not None and ("@" in model or not model.strip()):
            raise ValueError(f"model name {model!r} may not contain '@' (that marks a temperature variant)")
        document = fit_decider(labels, split=split, seed=DEFAULT_SEED if seed is None else seed,
                               model=model or MODEL_BASE, more=more_labels)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    path = write_weights(document, out or WEIGHTS_FILE)
    fitted = " + ".join([f"{labels.name} ({split})", *(path.name for path in more_labels)])
    table = Table(title=f"{document['model']} fitted on {fitted}: out-of-fold quality")
    for name in ("head", "n", "accuracy", "ECE", "NLL", "temperature", "L2"):
        table.add_column(name, justify="left" if name == "head" else "right")
    for name, head in document["heads"].items():
        r = head["report"]
        table.add_row(name, str(r["n"]), f"{r['accuracy']:.3f}", f"{r['ece']:.3f}", f"{r['nll']:.3f}",
                      f"{head['temperature']:.3f}", f"{head['l2']:g}")
    console.print(table)
    console.print(f"wrote {path}")


def _check_split(split: str) -> None:
    if split not in ("test", "train", "all"):
        raise typer.BadParameter("use test, train or all", param_hint="--split")
