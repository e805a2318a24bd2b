"""`archivist recall "QUESTION"`: the best memory lines of one scope, under a token budget."""

from __future__ import annotations

import sys

import typer

from archivist.flows.cli.moments import MOMENT_HELP, moment_option
from archivist.flows.cli.output import print_json


def register(app: typer.Typer) -> None:
    app.command("recall")(recall_command)


def recall_command(
    question: str = typer.Argument(..., help="The question, in plain words."),
    tenant: str = typer.Option(None, "--tenant", help="Tenant (default: settings ingest.default_tenant)."),
    scope: str = typer.Option(..., "--scope", help="Whose memory: the scope (a customer, a user)."),
    over: str = typer.Option("turns", "--over", help="Recall over stored turns or extracted facts."),
    k: int = typer.Option(10, "--k", min=1, help="At most this many lines."),
    budget_tokens: int = typer.Option(None, "--budget-tokens", min=1, help="At most this many tokens (o200k_base)."),
    as_of: str = typer.Option(None, "--as-of",
                              help="Only what was said (and valid) at this moment: " + MOMENT_HELP + "."),
    rerank: bool = typer.Option(True, "--rerank/--no-rerank", help="Score the shortlist with one relevance request."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
) -> None:
    """The k best memory lines for QUESTION, with dates and source quotes, within a token budget."""
    if over not in ("turns", "facts"):
        raise typer.BadParameter("--over must be turns or facts")
    moment = moment_option(as_of, "--as-of")
    from archivist.configs.settings import load_settings

    settings = load_settings()
    from archivist.tasks.recall import warm

    warm.start(settings, rerank=rerank)  # the models load in a thread while this one imports the store
    from archivist.storage.store import Store
    from archivist.tasks.recall.read import recall

    uri = store or settings.store.uri
    tenant = tenant or settings.ingest.default_tenant
    # A path that holds no store is refused (a mistyped --store), and a read never creates one.
    result = recall(question, store=Store.open_existing(uri, settings.store.storage_options), settings=settings,
                    tenant=tenant, scope=scope, over=over, k=k, budget_tokens=budget_tokens, as_of=moment,
                    rerank=rerank)
    if json_out:
        print_json(result.to_dict())
        return
    for line in result.lines:
        print(line.rendered)
    summary = f"{len(result.lines)} lines, {result.tokens} tokens"
    if result.cut:
        summary += f", cut at the {'token budget' if result.cut == 'budget' else 'k'}"
    if result.error:
        summary += f"; {result.error}"
    empty = f"no memory lines for {tenant}/{scope}" + (f"; {result.error}" if result.error else "")
    print(summary if result.lines else empty, file=sys.stderr)
