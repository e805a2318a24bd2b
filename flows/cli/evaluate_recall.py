"""`archivist evaluate locomo` and `archivist evaluate compare`, added to the `evaluate` command group."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

import typer

from archivist.flows.cli.output import print_json

DEFAULT_METRIC = "turns.reranked.3.any"


def _evaluate_app(app: typer.Typer) -> typer.Typer:
    try:
        from archivist.flows.cli.decisions import evaluate_app
    except ImportError:  # the decision commands are not installed: the group is created here
        evaluate_app = typer.Typer(no_args_is_help=True, help="Measure the pipeline's parts on labeled data.")
        app.add_typer(evaluate_app, name="evaluate")
    return evaluate_app


def register(app: typer.Typer) -> None:
    group = _evaluate_app(app)
    names = {command.name for command in group.registered_commands}
    if "locomo" not in names:
        group.command("locomo")(evaluate_locomo_command)
    if "compare" not in names:
        group.command("compare")(compare_command)


def _progress(done: int, total: int) -> None:
    if done == total or done % 25 == 0:
        print(f"  {done}/{total} questions", file=sys.stderr, flush=True)


def evaluate_locomo_command(
    paths: list[Path] = typer.Argument(..., exists=True, help="LoCoMo conversation files (JSON)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object (the summary)."),
    out: Path = typer.Option(None, "--out", help="Run folder (default ./runs/<timestamp>/)."),
    store: str = typer.Option(None, "--store", help="Scratch store to ingest into (default: a temporary one)."),
    embed_as: str = typer.Option("text", "--embed-as", help="Turn vectors embed the turn's `text` or its `line`."),
    as_flow: bool = typer.Option(False, "--flow", help="Run as a Prefect flow (adds a markdown artifact)."),
    protocol: str = typer.Option("archivist", "--protocol", help="Answer-and-judge protocol (with an LLM "
                                 "configured): `mem0` (mem0's LoCoMo prompts verbatim, a fixed judge separate from the "
                                 "answer model, k matched in tokens) or `archivist` (this project's prompts, k = 10)."),
    context_tokens: int = typer.Option(None, "--context-tokens", min=1, help="With --protocol mem0: the lines "
                                       "given to the answer model fit this many tokens (default 512)."),
    judge_model: str = typer.Option(None, "--judge-model", help="With --protocol mem0: another judge than mem0's "
                                    "gpt-4o-mini (on OpenAI); never the answer model."),
) -> None:
    """Evidence recall on LoCoMo: shortlist and first k lines, similarity vs fused vs reranked.

    With an LLM configured, each question is also answered from the recalled lines and judged, under the
    named --protocol; every answer and verdict is cached and ledgered in the scratch store."""
    from archivist.configs.settings import load_settings
    from archivist.tasks.recall.evaluation.locomo import EMBED_AS, EvaluationSetup, public_json, run_locomo_evaluation
    from archivist.tasks.recall.evaluation.protocols import PROTOCOLS

    if embed_as not in EMBED_AS:
        raise typer.BadParameter(f"--embed-as must be one of {', '.join(EMBED_AS)}")
    if protocol not in PROTOCOLS:
        raise typer.BadParameter(f"--protocol must be one of {', '.join(PROTOCOLS)}")
    if as_flow and protocol != "archivist":
        raise typer.BadParameter("--flow answers under the archivist protocol only: run --protocol mem0 without it")
    if protocol != "mem0" and (context_tokens is not None or judge_model is not None):
        raise typer.BadParameter("--context-tokens and --judge-model belong to --protocol mem0")
    settings = load_settings()
    folder = out or Path("runs") / datetime.now().strftime("%Y%m%d-%H%M%S")
    files = [str(p) for p in paths]
    if as_flow:
        from archivist.flows.evaluate_recall import evaluate_locomo_flow
        from archivist.flows.runtime import prefect_defaults

        with prefect_defaults():
            run = evaluate_locomo_flow(files, settings, str(folder), store)
    else:
        run, folder = run_locomo_evaluation(files, settings, out_dir=folder, store_uri=store,
                                            setup=EvaluationSetup(embed_as=embed_as), progress=_progress,
                                            protocol=protocol, judge_model_name=judge_model,
                                            context_tokens=context_tokens)
    if json_out:
        print_json(public_json(run))
        return
    print(f"{run['questions']} questions; all / any evidence share")
    for over in ("turns", "facts"):
        for mode, cells in run[over].items():
            shown = "  ".join(
                f"@{cut} " + ("–" if cell["all"] is None else f"{cell['all']:.3f}/{cell['any']:.3f}")
                for cut, cell in cells.items()
            )
            print(f"{over:6s} {mode:10s} {shown}")
    print(f"report: {Path(folder) / 'report.md'}", file=sys.stderr)


def _load_run(path: Path) -> dict:
    file = path / "results.json" if path.is_dir() else path
    return json.loads(file.read_text(encoding="utf-8"))


def compare_command(
    run_a: Path = typer.Argument(..., exists=True, help="results.json of run A (or its run folder)."),
    run_b: Path = typer.Argument(..., exists=True, help="results.json of run B (or its run folder)."),
    metric: str = typer.Option(DEFAULT_METRIC, "--metric", help="over.mode.cut.all|any, or answers.<mode>."),
    metric_b: str = typer.Option(None, "--metric-b", help="Read run B under another metric (two modes of one run)."),
    reps: int = typer.Option(2000, "--reps", min=100, help="Bootstrap resamples."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Paired comparison of two runs: difference with 95% interval, exact McNemar, conversation bootstrap."""
    from archivist.tasks.recall.evaluation.compare import compare_runs

    try:
        result = compare_runs(_load_run(run_a), _load_run(run_b), metric, metric_b=metric_b, reps=reps)
    except ValueError as error:
        print(f"cannot compare: {error}", file=sys.stderr)
        raise typer.Exit(2) from error
    if json_out:
        print_json(result)
        return
    difference, boot = result["difference"], result["bootstrap"]
    names = metric if result["metric_b"] == metric else f"A {metric} vs B {result['metric_b']}"
    print(f"{names} on {result['questions']} paired questions: A {result['a']:.3f}, B {result['b']:.3f}")
    print(f"B - A = {difference['mean']:+.3f} (95% interval {difference['low']:+.3f} to {difference['high']:+.3f}); "
          f"bootstrap over {boot.get('conversations', 0)} conversations {boot['low']:+.3f} to {boot['high']:+.3f}")
    print(f"only A: {result['only_a']}, only B: {result['only_b']}, exact McNemar p = {result['mcnemar_p']:.4g}")
    for row in result["per_question"]:
        if row["difference"]:
            print(f"  {row['difference']:+d}  {row['conversation']} #{row['index']}: {row['question']}")
