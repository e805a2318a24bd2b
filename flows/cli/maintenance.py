"""`archivist consolidate`, `rescore`, `reembed`, `purge` and `serve`: the jobs that go back over the store."""

from __future__ import annotations

import json
import sys
from typing import Any

import typer
from rich.table import Table

from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()
STORE_HELP = "Store URI (default from settings)."


def register(app: typer.Typer) -> None:
    app.command("consolidate")(consolidate_command)
    app.command("rescore")(rescore_command)
    app.command("reembed")(reembed_command)
    app.command("purge")(purge_command)
    app.command("serve")(serve_command)


def _table(title: str, rows: dict[str, Any]) -> Table:
    table = Table(title=title)
    table.add_column("")
    table.add_column("", justify="right")
    for key, value in rows.items():
        table.add_row(key, json.dumps(value, default=str) if isinstance(value, (dict, list)) else str(value))
    return table


def _refuse_a_missing_store(store: str | None) -> None:
    """Only `ingest` creates a store: a --store that holds none is refused (StoreNotFound, one line, exit 2)
    before Prefect starts, so a typo never leaves an empty store behind."""
    from archivist.configs.settings import load_settings
    from archivist.storage.store import Store

    settings = load_settings()
    Store.open_existing(store or settings.store.uri, settings.store.storage_options)


def consolidate_command(
    scope: str = typer.Option(None, "--scope", help="Only this scope (default: every scope)."),
    tenant: str = typer.Option(None, "--tenant", help="Only this tenant (default: every tenant)."),
    max_pairs: int = typer.Option(None, "--max-pairs", min=1, help="Pairs per scope and pass (default from "
                                  "configs/thresholds.toml: consolidation_max_pairs)."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Re-examine pairs of stored facts and write a draft plan; nothing in the store changes until it is applied."""
    from archivist.flows.consolidate import consolidate_flow
    from archivist.flows.runtime import prefect_defaults

    _refuse_a_missing_store(store)
    with prefect_defaults():
        summary = consolidate_flow(tenant=tenant, scope=scope, store=store, max_pairs=max_pairs)
    if json_out:
        print_json(summary)
        return
    console.print(_table("consolidation", summary))
    if summary.get("plan_id"):
        console.print(f"review with: archivist plan show {summary['plan_id']}")


def rescore_command(
    model: str = typer.Option(..., "--model", help="The new model version, e.g. local-decider-3@t=0.7."),
    provider: str = typer.Option(None, "--provider", help="Decision provider (default from settings)."),
    question: str = typer.Option(None, "--question", help="Only decisions on this question (e.g. relation)."),
    since: str = typer.Option(None, "--since", help="Only decisions about statements said at or after this moment: "
                             "an ISO date (its start, 00:00 UTC) or date-time; a time without a zone is UTC."),
    tenant: str = typer.Option(None, "--tenant", help="Only this tenant."),
    scope: str = typer.Option(None, "--scope", help="Only this scope."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Count decisions, requests and cost; make no call."),
    latest_questions: bool = typer.Option(False, "--latest-questions", help="Re-ask every decision at its "
                                          "question's latest version (configs/questions.toml): moves a store to new "
                                          "wording, with this model or the one it was asked with."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Re-ask stored decisions with a new model version: drift report and a plan of the changes that follow."""
    from archivist.flows.cli.moments import moment_option

    moment = moment_option(since, "--since")
    if dry_run:
        from archivist.flows.rescore import prepare_rescore
        from archivist.tasks.rescore.run import estimate

        prepared = prepare_rescore(model, provider, question, moment, store, tenant, scope,
                                   latest_questions=latest_questions)
        found = estimate(prepared.work, prepared.settings.decisions.provider, model)
        report = {"dry_run": True, "provider": found.provider, "model": found.model, "decisions": found.decisions,
                  "requests": found.requests, "input_tokens": found.input_tokens,
                  "cost_usd": round(found.cost_usd, 6), "not_rebuildable": found.skipped}
        if json_out:
            print_json(report)
        else:
            console.print(_table(f"re-score with {model}: dry run, no call made", report))
        return
    from archivist.flows.rescore import rescore_flow
    from archivist.flows.runtime import prefect_defaults
    from archivist.tasks.rescore.run import drift_markdown

    _refuse_a_missing_store(store)
    with prefect_defaults():
        summary = rescore_flow(model=model, provider=provider, question=question,
                               since=moment.isoformat() if moment else None, store=store, tenant=tenant,
                               scope=scope, latest_questions=latest_questions)
    if json_out:
        print_json(summary)
        return
    from rich.markdown import Markdown

    console.print(Markdown(drift_markdown(summary)))
    console.print(f"review the plan with: archivist plan show {summary['plan_id']}")


def reembed_command(
    embedder: str = typer.Option(..., "--embedder", help="PROVIDER[:MODEL[:DIM]], e.g. local:l2_supercat:128 or "
                                 "openai:text-embedding-3-small:1536."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Re-embed every stored turn and fact with another embedder, then switch the store to it at once."""
    from archivist.configs.settings import load_settings
    from archivist.storage.store import Store
    from archivist.tasks.ingest.embed import get_embedder
    from archivist.tasks.ingest.reembed import ReembedIncomplete, reembed_store

    provider, _, rest = embedder.partition(":")
    model, _, dim = rest.partition(":")
    if dim and not dim.isdigit():
        raise typer.BadParameter(f"the dimension {dim!r} is not a whole number", param_hint="--embedder")
    settings = load_settings(embedder__provider=provider, embedder__model=model or None,
                             embedder__dim=int(dim) if dim else None)
    try:
        db = Store.open_existing(store or settings.store.uri, settings.store.storage_options)
        with db.writer("reembed"):
            report = reembed_store(db, get_embedder(settings))
    except (ReembedIncomplete, ValueError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    rows = {"embedder": report.embedder, "dim": report.dim, "previous": report.previous,
            "switched": report.switched, "tables": report.tables}
    if json_out:
        print_json(rows)
    elif not report.switched:
        typer.echo(f"the store's vectors already are {report.embedder}'s; nothing to do")
    else:
        console.print(_table("re-embedded and switched", rows))
        typer.echo("set this embedder in your settings ([embedder] in archivist.toml) before the next ingestion")


def purge_command(
    tenant: str = typer.Option(..., "--tenant", help="The tenant whose data goes."),
    scope: str = typer.Option(None, "--scope", help="Only this scope of the tenant."),
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
    clear_cache: bool = typer.Option(False, "--clear-cache", help="Also clear the whole call cache (its "
                                     "entries are not all attributable to a tenant)."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Erase a tenant's (or a scope's) rows from every table, old version and file of the store; audited.

    A purge that was interrupted is finished first, exactly as it was recorded, whatever this call asks."""
    from archivist.configs.settings import load_settings
    from archivist.storage.purge import check_target, plan_purge, purge, resume_purges, unfinished_purges
    from archivist.storage.store import Store

    check_target(tenant, scope)
    settings = load_settings()
    db = Store.open_existing(store or settings.store.uri, settings.store.storage_options)
    for job in unfinished_purges(db):
        typer.echo(f"finishing the interrupted purge of {job['tenant']}/{job['scope'] or '*'} started "
                   f"{job['started_at']}", err=json_out)
    resumed = resume_purges(db)
    found = plan_purge(db, tenant, scope, clear_cache=clear_cache, column_map=settings.ingest.column_map)
    who = f"{tenant}/{scope}" if scope is not None else f"tenant {tenant}"
    if found.total == 0:
        if resumed and json_out:
            print_json({"resumed": [r.purge_id for r in resumed], "removed": {}})
        typer.echo(f"nothing stored for {who}; nothing removed" + (" now" if resumed else ""), err=json_out)
        return
    if not json_out:
        console.print(_table(f"purge of {who} would remove", {**found.counts, "total rows": found.total}))
        for note in found.notes:
            typer.echo(f"note: {note}")
    if not yes and not typer.confirm(f"Remove these {found.total} rows and every old version of these tables?"):
        typer.echo("nothing removed")
        raise typer.Exit(1)
    result = purge(db, found)
    found = result.scope  # planned again if the purge found calls of a killed run that this plan did not see
    report = {"purge_id": result.purge_id, "tenant": tenant, "scope": scope, "removed": found.counts,
              "versions_left": result.versions_left, "tags_deleted": result.tags_deleted,
              "files_scanned": result.scanned_files, "notes": result.notes,
              "resumed": [r.purge_id for r in resumed]}
    if json_out:
        print_json(report | {"byte_scan": result.scanned_files is not None})
    else:
        typer.echo(purge_line(who, found.total, result))


def purge_line(who: str, total: int, result: Any) -> str:
    """The purge's closing line: a clean byte scan, or (a store whose files cannot be read) that none was made."""
    if result.scanned_files is None:
        return (f"purged {total} rows of {who}; old versions removed; NOT scanned: this store's files cannot be "
                f"read by archivist, so no byte scan proved the erasure; audit record {result.purge_id}")
    return (f"purged {total} rows of {who}; old versions removed; {result.scanned_files} files scanned clean; "
            f"audit record {result.purge_id}")


def serve_command(
    list_only: bool = typer.Option(False, "--list", "--dry-run", help="Print what would be registered; do not serve."),
    schedules: str = typer.Option(None, "--schedules", help="A schedules file (default configs/schedules.toml)."),
    store: str = typer.Option(None, "--store", help="Store URI every deployment uses (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="With --list: print one JSON object (deployments)."),
) -> None:
    """Register the nightly ingestion, weekly consolidation and on-demand re-score as Prefect deployments and
    run them on their schedules (until interrupted)."""
    from archivist.flows.deployments import (
        ScheduleFileError,
        build_deployments,
        describe,
        load_schedules,
        serve_deployments,
    )

    try:
        specs = load_schedules(schedules)
        if list_only:
            build_deployments(specs, store)  # builds each deployment as serve would (checks flows and schedules)
    except (ScheduleFileError, FileNotFoundError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    rows = describe(specs, store)
    if list_only:
        if json_out:
            print_json({"deployments": rows})
            return
        table = Table(title="deployments (not served: --list)")
        for column in ("deployment", "schedule", "parameters"):
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(row["deployment"], row["schedule"], json.dumps(row["parameters"]))
        console.print(table)
        return
    print(f"serving {len(rows)} deployments: " + ", ".join(r["deployment"] for r in rows), file=sys.stderr)
    serve_deployments(specs, store)
