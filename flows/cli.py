"""The `archivist` command. Each command group lives in its own `commands_*.py` module."""

from __future__ import annotations

import typer

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


def _register() -> None:
    from archivist.flows import commands_ingest

    commands_ingest.register(app)
    from archivist.flows import commands_costs

    commands_costs.register(app)
    from archivist.flows import commands_facts

    commands_facts.register(app)
    from archivist.flows import commands_decisions

    commands_decisions.register(app)
    from archivist.flows import commands_recall

    commands_recall.register(app)
    from archivist.flows import commands_evaluate_recall

    commands_evaluate_recall.register(app)
    from archivist.flows import commands_maintenance, commands_plans

    commands_maintenance.register(app)
    commands_plans.register(app)


_register()


def main() -> None:
    app()
