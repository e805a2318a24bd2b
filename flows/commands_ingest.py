"""`archivist ingest` and `archivist stats`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def stats(store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
              json_out: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
        """Row counts of every table."""
        raise typer.Exit(1)
