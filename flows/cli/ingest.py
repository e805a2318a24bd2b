"""`archivist ingest` and `archivist stats`."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from archivist.configs import load_settings

console = Console()


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
) -> None:
    """Read archives, quarantine bad records, store every turn embedded in LanceDB."""
    from archivist.flows.ingest import run_ingest

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise typer.BadParameter(f"no such file or folder: {', '.join(missing)}")
    settings = load_settings()
    if store:
        settings.store.uri = store
    if partitions:
        settings.ingest.partitions = partitions
    if replay:
        settings.replay = True
    if stage not in ("all", "turns"):
        raise typer.BadParameter("--stage is all or turns")
    from archivist.flows.cli.progress import rich_progress

    with rich_progress(enabled=not json_out and console.is_terminal):
        summary = run_ingest([str(p) for p in paths], settings, fmt=fmt, stage=stage, runner=runner,
                             dask_address=dask_address, extract=extract)
    rows = {
        "run": summary.run_id,
        "records read": summary.records_read,
        "turns written": summary.turns_written,
        "duplicates skipped": summary.duplicates_skipped,
        "quarantined": summary.quarantined,
        "partitions": summary.partitions,
        "facts extracted": summary.facts_extracted,
        "decision requests": summary.decision_requests,
        "decisions": summary.decisions,
        "events": summary.events,
        "seconds": round(summary.seconds, 2),
        "turns per second": round(summary.turns_per_second, 1),
    }
    if json_out:
        print(json.dumps(rows))
        return
    table = Table(title=f"ingest into {settings.store.uri}")
    table.add_column("")
    table.add_column("", justify="right")
    for key, value in rows.items():
        table.add_row(key, str(value))
    console.print(table)
    if summary.quarantined:
        console.print(f"[yellow]{summary.quarantined} records quarantined[/] "
                      "(see them with: archivist quarantine --store ...)")


def stats(
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Row counts of every table (tables that do not exist yet count 0)."""
    from archivist.storage.store import Store
    from archivist.storage.turns import table_counts

    settings = load_settings()
    counts = table_counts(Store(store or settings.store.uri, settings.store.storage_options))
    if json_out:
        print(json.dumps(counts))
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
    limit: int = typer.Option(50, "--limit", help="Rows to show."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON lines."),
) -> None:
    """Rejected records: source file and line, reason, and the start of the raw record."""
    from archivist.storage.store import Store

    settings = load_settings()
    rows = Store(store or settings.store.uri, settings.store.storage_options).read("quarantine")
    if rows.is_empty():
        console.print("nothing quarantined")
        return
    rows = rows.sort(["source_file", "source_line"]).head(limit)
    if json_out:
        for row in rows.drop("quarantined_at").iter_rows(named=True):
            print(json.dumps(row))
        return
    table = Table(title="quarantine")
    for column in ("source", "reason", "raw"):
        table.add_column(column, overflow="fold")
    for row in rows.iter_rows(named=True):
        table.add_row(f"{row['source_file']}:{row['source_line']}", row["reason"], (row["raw"] or "")[:80])
    console.print(table)
