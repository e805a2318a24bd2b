"""`archivist ingest`, `archivist stats` and `archivist quarantine`.

`ingest` exits with a code a scheduler can act on (archivist/exits.py): 0 success, 3 partial, 4 no input
recognised, 5 nothing stored, 2 a mistake in the command. The read commands refuse a --store that holds no
archivist store (exit 2) instead of reading it as an empty one.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from archivist.configs import load_settings
from archivist.exits import ExitCode, ingest_outcome
from archivist.flows.cli.moments import MOMENT_HELP, moment_option
from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()
LABELS = {"turns_dropped": "turns dropped (credentials)"}
"""Summary keys whose label in the table says more than the key with its underscores as spaces."""


def register(app: typer.Typer) -> None:
    app.command()(ingest)
    app.command()(stats)
    app.command()(quarantine)


def ingest(
    paths: list[Path] = typer.Argument(..., help="Archive files or folders (read recursively)."),
    store: str = typer.Option(None, "--store", help="Store URI: a folder or any LanceDB URI."),
    fmt: str = typer.Option("auto", "--format", help="auto|jsonl|parquet|csv|locomo|abcd"),
    runner: str = typer.Option(None, "--runner", help="threads|dask (default from settings)."),
    dask_address: str = typer.Option(None, "--dask-address", help="A running Dask scheduler."),
    partitions: int = typer.Option(None, "--partitions", help="Partitions of scopes."),
    stage: str = typer.Option("all", "--stage", help="all|turns: stop after storing turns."),
    extract: str = typer.Option("auto", "--extract",
                                help="auto|local|llm|batch: auto is the LLM when llm.provider is set, else local."),
    replay: bool = typer.Option(False, "--replay",
                                help="Answer every model call from the call cache; fail on a miss instead of calling."),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    dry_run: bool = typer.Option(False, "--dry-run",
                                 help="Read, validate, partition and gate as a run would, then print the turns to "
                                      "embed and extract, the requests, tokens and cost per provider and model; "
                                      "no model call, nothing written."),
    max_quarantine_share: float = typer.Option(
        None, "--max-quarantine-share", min=0.0, max=1.0,
        help="Exit 3 (partial) when more of the records read than this are quarantined, extraction failures "
             "included (default: [ingest] max_quarantine_share, 0.05)."),
    max_fallback_share: float = typer.Option(
        1.0, "--max-fallback-share", min=0.0, max=1.0,
        help="Exit 3 (partial) when more of the decisions than this are fallbacks (default 1.0: never)."),
    force: bool = typer.Option(False, "--force",
                               help="Run the flow even when every file is recorded as fully ingested already."),
    max_cost_usd: float = typer.Option(
        None, "--max-cost-usd", min=0.0,
        help="Stop starting model calls once this run's calls cost this many US dollars (configs/prices.toml); "
             "what is finished is kept, the run exits 3 and the next run does the rest (default: [budget] "
             "max_cost_usd, unlimited)."),
) -> None:
    """Read archives, quarantine bad records, store every turn embedded in LanceDB.

    Exit codes: 0 success, 3 partial (see --max-quarantine-share, --max-fallback-share; or a file that could not
    be read to its end), 4 no archive file recognised, 5 no record passed validation, 2 a mistake in the command.
    """
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise typer.BadParameter(f"no such file or folder: {', '.join(missing)}")
    settings = load_settings(store__uri=store, ingest__partitions=partitions or None, replay=replay or None,
                             budget__max_cost_usd=max_cost_usd)
    if stage not in ("all", "turns"):
        raise typer.BadParameter("--stage is all or turns")
    if dry_run:  # a plan, answered without Prefect (flows/cli/dry_run.py)
        from archivist.flows.cli.dry_run import dry_run as print_dry_run

        return print_dry_run([str(p) for p in paths], settings, fmt=fmt, stage=stage, extract=extract,
                             json_out=json_out)
    from archivist.flows.cli.preflight import preflight

    # Before Prefect and LanceDB are imported: a night already ingested is answered in a fraction of a second.
    check = preflight([str(p) for p in paths], settings, force=force, fmt=fmt, stage=stage, extract=extract)
    if check.done:
        if json_out:
            print_json(check.rows())
        else:
            console.print(f"nothing new: the {len(check.manifest)} file(s) are already fully ingested into "
                          f"{settings.store.uri} (--force runs the flow anyway)", markup=False, highlight=False)
        return
    from archivist.flows.cli.progress import rich_progress
    from archivist.flows.ingest import run_ingest

    with rich_progress(enabled=not json_out and console.is_terminal):
        summary = run_ingest([str(p) for p in paths], settings, fmt=fmt, stage=stage, runner=runner,
                             dask_address=dask_address, extract=extract)
    deferred = sum(summary.deferred_decisions.values())
    outcome = ingest_outcome(
        files_read=summary.files_read, records_read=summary.records_read,
        valid=summary.turns_written + summary.duplicates_skipped, quarantined=summary.quarantined,
        files_unreadable=len(summary.files_unreadable),
        max_quarantine_share=(settings.ingest.max_quarantine_share if max_quarantine_share is None
                              else max_quarantine_share),
        # A deferred decision was asked and got no answer: it counts as a fallback of this run (not stored).
        decisions=summary.decisions + deferred,
        fallback_decisions=summary.fallback_decisions + deferred,
        max_fallback_share=max_fallback_share,
        deferred_turns=summary.deferred_turns,
        budget_stopped=summary.budget_stopped,
    )
    check.record(summary, succeeded=outcome.code == ExitCode.SUCCESS)
    rows = {
        "run": summary.run_id,
        "files_read": summary.files_read,
        "files_skipped": len(summary.files_skipped),
        "files_unreadable": len(summary.files_unreadable),
        "records_read": summary.records_read,
        "turns_written": summary.turns_written,
        "duplicates_skipped": summary.duplicates_skipped,
        "quarantined": summary.quarantined,
        "records_quarantined": summary.records_quarantined,
        "extraction_failures": summary.extraction_failures,
        "turns_masked": summary.turns_masked,
        "turns_dropped": summary.turns_dropped,
        "partitions": summary.partitions,
        "facts_extracted": summary.facts_extracted,
        "decision_requests": summary.decision_requests,
        "decisions": summary.decisions,
        "events": summary.events,
        "seconds": round(summary.seconds, 2),
        "turns_per_second": round(summary.turns_per_second, 1),
        "fallback_decisions": summary.fallback_decisions,
        "fallbacks": summary.fallbacks,
        "deferred_turns": summary.deferred_turns,
        "gate_skipped": summary.gate_skipped,
        "deferred_statements": summary.deferred_statements,
        "deferred_decisions": summary.deferred_decisions,
        "turns_not_extracted": summary.turns_not_extracted,
        "budget_usd": summary.budget_usd,
        "spent_usd": round(summary.spent_usd, 6),
        "budget_stopped": summary.budget_stopped,
        "exit_code": int(outcome.code),
        "outcome": outcome.code.name.lower(),
        "why": list(outcome.reasons),
        "skipped": [f"{path}: {why}" for path, why in summary.files_skipped],
        "unreadable": [f"{path}: {why}" for path, why in summary.files_unreadable],
    }
    if json_out:
        print_json(rows)
    else:
        _print_summary(rows, summary, settings.store.uri)
    if outcome.code != ExitCode.SUCCESS:
        raise typer.Exit(int(outcome.code))


def _print_summary(rows: dict, summary, store_uri: str) -> None:
    table = Table(title=f"ingest into {store_uri}")
    table.add_column("")
    table.add_column("", justify="right")
    for key, value in rows.items():
        label = LABELS.get(key, key.replace("_", " "))
        if isinstance(value, dict):
            for name, n in value.items():
                table.add_row(f"{label}: {name}", str(n))
        elif not isinstance(value, list):
            table.add_row(label, str(value))
    console.print(table)
    for line in rows["skipped"][:20] + rows["unreadable"][:20]:
        console.print(f"  {line}", markup=False, highlight=False)
    if summary.quarantined:
        console.print(f"[yellow]{summary.quarantined} records quarantined[/] "
                      "(see them with: archivist quarantine --store ...)")
    if summary.budget_stopped:
        console.print(f"[yellow]budget reached[/]: ${summary.spent_usd:.4f} of ${summary.budget_usd:.4f} spent; left "
                      f"undone: {summary.deferred_turns} turns ({summary.turns_not_extracted} not extracted), "
                      f"{summary.deferred_statements} statements not decided; run the same `archivist ingest` "
                      "again (with a higher --max-cost-usd, or none) to finish them")
    elif summary.deferred_turns:
        console.print(f"[yellow]{summary.deferred_turns} turns deferred[/]: a decision call failed after every "
                      "retry (rate limit, 5xx, timeout); run the same `archivist ingest` again to ask them")
    for reason in rows["why"]:
        console.print(f"[yellow]{rows['outcome']}:[/] {reason}")


def stats(
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Row counts of every table (tables that do not exist yet count 0); a path with no store is refused."""
    from archivist.storage.store import Store
    from archivist.storage.turns import table_counts

    settings = load_settings()
    # A path without a store raises StoreNotFound, which main() prints as one line (exit 2).
    counts = table_counts(Store.open_existing(store or settings.store.uri, settings.store.storage_options))
    if json_out:
        print_json(counts)
        return
    table = Table(title="archivist store")
    table.add_column("table")
    table.add_column("rows", justify="right")
    for name, value in counts.items():
        if isinstance(value, dict):
            for status, n in value.items():
                table.add_row(f"{name} ({status})", str(n))
        else:
            table.add_row(name, str(value))
    console.print(table)


def quarantine(
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    run: str = typer.Option(None, "--run", help="Only records quarantined by this run id (see `archivist ingest`)."),
    since: str = typer.Option(None, "--since", help="Only records quarantined at or after this moment: "
                              + MOMENT_HELP + "."),
    limit: int = typer.Option(50, "--limit", min=1, help="Rows to show."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object: records, shown, total."),
) -> None:
    """Rejected records: source file and line, reason, and the start of the raw record."""
    import polars as pl

    from archivist.storage.store import Store

    moment = moment_option(since, "--since")
    settings = load_settings()
    rows = Store.open_existing(store or settings.store.uri, settings.store.storage_options).read("quarantine")
    # The table is small (rejected records only), so the filters run here rather than as a Lance filter string.
    if not rows.is_empty() and run:
        rows = rows.filter(pl.col("run_id") == run)
    if not rows.is_empty() and moment:
        rows = rows.filter(pl.col("quarantined_at") >= moment)
    total = rows.height
    shown = rows.sort(["source_file", "source_line"]).head(limit) if total else rows
    if json_out:
        records = list(shown.drop("quarantined_at").iter_rows(named=True)) if total else []
        print_json({"records": records, "shown": len(records), "total": total})
        return
    if not total:
        console.print("nothing quarantined" + (f" by run {run}" if run else "") + (f" since {since}" if since else ""))
        return
    table = Table(title=f"quarantine: showing {shown.height} of {total}")
    for column in ("source", "reason", "raw"):
        table.add_column(column, overflow="fold")
    for row in shown.iter_rows(named=True):
        table.add_row(f"{row['source_file']}:{row['source_line']}", row["reason"], (row["raw"] or "")[:80])
    console.print(table)
    if shown.height < total:
        console.print(f"showing {shown.height} of {total}; see more with --limit {total}", markup=False,
                      highlight=False)
