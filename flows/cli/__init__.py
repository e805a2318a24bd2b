"""The `archivist` command: one module per command group, registered on one Typer app."""

from __future__ import annotations

import typer

from archivist.flows.cli import costs, decisions, evaluate_recall, facts, ingest, maintenance, plans, recall

app = typer.Typer(
    name="archivist",
    help="Archived conversations in, a curated and auditable memory store out.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Archived conversations in, a curated and auditable memory store out."""


for _group in (ingest, costs, facts, decisions, recall, evaluate_recall, maintenance, plans):
    _group.register(app)


def main() -> None:
    app()
