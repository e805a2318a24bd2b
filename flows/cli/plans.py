"""`archivist plan list|show|apply|restore`: review a plan, execute it as events, undo it exactly."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import typer
from rich.table import Table

from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()
plan_app = typer.Typer(no_args_is_help=True, help="Consolidation and re-scoring plans: list, show, apply, restore.")

STORE_HELP = "Store URI (default from settings)."


@plan_app.callback()
def _plan() -> None:
    """Consolidation and re-scoring plans: list, show, apply, restore."""


def register(app: typer.Typer) -> None:
    app.add_typer(plan_app, name="plan")


def _store(uri: str | None) -> Any:
    from archivist.configs.settings import load_settings
    from archivist.storage.store import Store

    settings = load_settings()
    return Store.open_existing(uri or settings.store.uri, settings.store.storage_options)


def _fail(error: Exception, code: int) -> typer.Exit:
    typer.echo(f"error: {error}", err=True)
    return typer.Exit(code)


@plan_app.command("list")
def list_command(
    tenant: str = typer.Option(None, "--tenant", help="Only this tenant's plans."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object: the plans, newest first."),
) -> None:
    """Every plan, newest first: kind, status, scope, items."""
    from archivist.storage.plans import list_plans

    plans = list_plans(_store(store), tenant)
    rows = [_plan_row(p) for p in plans.iter_rows(named=True)]
    if json_out:
        print_json({"plans": rows, "total": len(rows)})
        return
    if not rows:
        typer.echo("no plans (make one with `archivist consolidate` or `archivist rescore`)")
        return
    table = Table(title="plans")
    table.add_column("plan", no_wrap=True, min_width=12)  # an id to copy: never cut
    for column in ("kind", "status", "tenant/scope", "created", "model", "items"):
        table.add_column(column, justify="right" if column == "items" else "left", overflow="fold")
    for row in rows:
        table.add_row(row["plan_id"], row["kind"], row["status"], f"{row['tenant'] or '*'}/{row['scope'] or '*'}",
                      str(row["created_at"])[:16].replace("T", " "), row["model"] or "", str(row["items"]))
    console.print(table)


@plan_app.command("show")
def show_command(
    plan_id: str = typer.Argument(..., help="The plan id (see `archivist plan list`)."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """A plan's summary and its items, with the facts' texts and the decision behind each."""
    from archivist.storage.plans import PlanNotFound, read_plan
    from archivist.storage.scopes import read_fact_rows

    db = _store(store)
    try:
        stored = read_plan(db, plan_id)
    except PlanNotFound as error:
        raise _fail(error, 2) from None
    ids = [i for i in stored.items["fact_id"].to_list() + stored.items["other_fact_id"].to_list() if i]
    facts = read_fact_rows(db, ids)
    texts = dict(zip(facts["fact_id"].to_list(), facts["text"].to_list(), strict=True)) if facts.height else {}
    items = [_item_row(item, texts) for item in stored.items.iter_rows(named=True)]
    if json_out:
        print_json({"plan": _plan_row(stored.plan), "items": items})
        return
    plan = _plan_row(stored.plan)
    typer.echo(f"plan {plan['plan_id']} ({plan['kind']}, {plan['status']}) for {plan['tenant'] or '*'}/"
               f"{plan['scope'] or '*'}, made {str(plan['created_at'])[:19]} with {plan['model']}"
               + (f", {plan['question_id']} v{plan['question_version']}" if plan["question_id"] else ""))
    typer.echo("summary: " + json.dumps(plan["summary"], default=str))
    if not items:
        typer.echo("no items: applying this plan changes nothing")
        return
    typer.echo(f"{len(items)} items:")
    for item in items:
        answer = f"{item['chosen']} at {item['confidence']:.2f}" if item["confidence"] is not None else "no answer"
        other = f"{item['other_fact_text']!r} ({(item['other_fact_id'] or '-')[:8]})" if item["other_fact_id"] else "-"
        typer.echo(f"  {item['action']:<16} {item['fact_text']!r} ({item['fact_id'][:8]})  by  {other}  "
                   f"[{answer}]  {item['outcome']}" + (f": {item['note']}" if item["note"] else ""))
    if plan["status"] == "draft":
        typer.echo(f"apply with: archivist plan apply {plan['plan_id']}")


@plan_app.command("apply")
def apply_command(
    plan_id: str = typer.Argument(..., help="The plan id."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Execute a plan's items as events; items whose facts changed since the plan was made are refused."""
    from archivist.tasks.plans.apply import apply_plan

    _change(apply_plan, plan_id, store, json_out)


@plan_app.command("restore")
def restore_command(
    plan_id: str = typer.Argument(..., help="The plan id."),
    store: str = typer.Option(None, "--store", help=STORE_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Undo exactly an applied plan's changes, by compensating events."""
    from archivist.tasks.plans.apply import restore_plan

    _change(restore_plan, plan_id, store, json_out)


def _change(operation: Any, plan_id: str, store: str | None, json_out: bool) -> None:
    from archivist.storage.plans import PlanNotFound
    from archivist.tasks.plans.apply import PlanRefused

    try:
        db = _store(store)
        with db.writer("plan " + operation.__name__.removesuffix("_plan")):
            change = operation(db, plan_id)
    except PlanNotFound as error:
        raise _fail(error, 2) from None
    except PlanRefused as error:
        raise _fail(error, 1) from None
    report = {"plan_id": change.plan_id, "operation": change.operation, "status": change.status,
              "nothing_to_do": change.nothing_to_do, "items_done": len(change.done), "events": change.events,
              "refused": change.refused}
    if json_out:
        print_json(report)
        return
    verb = "applied" if change.operation == "apply" else "restored"
    if change.nothing_to_do:
        typer.echo(f"plan {plan_id} was already {verb}; nothing changed")
        return
    typer.echo(f"plan {plan_id} {verb}: {len(change.done)} items, {change.events} events")
    for item_id, why in change.refused.items():
        typer.echo(f"  item {item_id[:12]} {why}", err=True)


def _plan_row(plan: dict[str, Any]) -> dict[str, Any]:
    row = {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in plan.items()}
    row["summary"] = json.loads(plan["summary"]) if plan.get("summary") else {}
    return row


def _item_row(item: dict[str, Any], texts: dict[str, str]) -> dict[str, Any]:
    return {**{k: item[k] for k in ("item_id", "action", "fact_id", "other_fact_id", "decision_id", "chosen",
                                     "confidence", "outcome", "note", "tenant", "scope")},
            "fact_text": texts.get(item["fact_id"]), "other_fact_text": texts.get(item["other_fact_id"] or ""),
            "probabilities": json.loads(item["probabilities"]) if item["probabilities"] else None,
            "expected_before": json.loads(item["expected_before"]) if item["expected_before"] else None,
            "changes": json.loads(item["changes"]) if item["changes"] else None}
