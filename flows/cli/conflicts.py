"""`archivist conflicts [--tenant T] [--scope S] [--json]`: disagreements the contracts kept instead of applying."""

from __future__ import annotations

import typer

from archivist.configs import load_settings
from archivist.flows.cli.output import print_json


def register(app: typer.Typer) -> None:
    app.command()(conflicts)


def conflicts(
    tenant: str = typer.Option(None, "--tenant", help="Only this tenant."),
    scope: str = typer.Option(None, "--scope", help="Only this memory owner (a customer, a user)."),
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Open conflicts: a weaker source's value held back by a stronger one, or two claims that disagree."""
    from archivist.storage.conflicts import open_conflicts
    from archivist.storage.store import Store

    settings = load_settings()
    db = Store.open_existing(store or settings.store.uri, settings.store.storage_options)
    found = open_conflicts(db, tenant, scope)
    if json_out:
        print_json({"tenant": tenant, "scope": scope, "conflicts": found, "total": len(found)})
        return
    if not found:
        typer.echo("no open conflicts")
        return
    for row in found:
        typer.echo(f"{row['tenant']}/{row['scope']}  [{row['contract']}] {row['source']}: {row['text']} "
                   f"({row['status']}, {row['fact_id'][:12]})  conflicting: {row['other_source']} says "
                   f"{row['other_object'] or row['other_text']} ({(row['other_fact_id'] or '')[:12]})")
    typer.echo(f"{len(found)} open conflicts; a later statement from an equal or stronger source settles one")
