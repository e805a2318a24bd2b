"""`archivist export`: store tables as Parquet, partitioned by tenant and date, for analytics tools."""

from __future__ import annotations

from pathlib import Path

import typer

from archivist.flows.cli.output import print_json

TABLE_NAMES = ("turns", "facts", "decisions", "events", "plans", "ledger", "quarantine")


def register(app: typer.Typer) -> None:
    app.command("export")(export_command)


def export_command(
    tables: list[str] = typer.Argument(..., help=f"Tables to export: {', '.join(TABLE_NAMES)}, or all."),
    out: Path = typer.Option(..., "--out", help="Folder to write <table>/tenant=T/date=D/part-N.parquet into."),
    tenant: str = typer.Option(None, "--tenant", help="Only this tenant's rows."),
    since: str = typer.Option(None, "--since", help="Only rows dated at or after this ISO date or time (UTC)."),
    with_vectors: bool = typer.Option(False, "--with-vectors", help="Keep the embedding column."),
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Write tables as zstd Parquet datasets (hive partitions tenant= and date=); re-running replaces them."""
    from archivist.clock import MomentError, parse_moment
    from archivist.configs import load_settings
    from archivist.storage.store import Store
    from archivist.tasks.export.parquet import export_tables

    names = list(TABLE_NAMES) if tables == ["all"] else tables
    unknown = [name for name in names if name not in TABLE_NAMES]
    if unknown:
        raise typer.BadParameter(f"unknown table {unknown[0]!r}; choose from {', '.join(TABLE_NAMES)} or all")
    if tenant is not None and not tenant.strip():
        raise typer.BadParameter("--tenant is empty; name a tenant or leave the option out")
    try:
        moment = parse_moment(since) if since else None
    except MomentError as err:
        raise typer.BadParameter(str(err)) from err
    settings = load_settings()
    db = Store.open_existing(store or settings.store.uri, settings.store.storage_options)
    result = export_tables(db, names, out, tenant=tenant, since=moment, with_vectors=with_vectors)
    if json_out:
        print_json({"out": result.out, "rows": result.tables, "skipped": result.skipped})
        return
    for name, rows in result.tables.items():
        print(f"{name}: {rows:,} rows -> {out / name}")
    for name, reason in result.skipped.items():
        print(f"{name}: skipped ({reason})")
