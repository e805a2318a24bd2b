"""`archivist history FACT_ID` and `archivist facts --scope S`: the event log, read back.

Both rebuild what they show from the `events` table (never from the facts projection), so they show what an
audit would: every change, its before and after, and the decision that caused it.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import polars as pl
import typer

from archivist.configs import load_settings
from archivist.flows.cli.moments import MOMENT_HELP, moment_option
from archivist.flows.cli.output import print_json

STATUSES = ("active", "tentative", "closed", "all")


def register(app: typer.Typer) -> None:
    app.command()(history)
    app.command()(facts)


def _open_store(uri: str | None) -> Any:
    from archivist.storage.store import Store

    settings = load_settings()
    return Store.open_existing(uri or settings.store.uri, settings.store.storage_options)


def _full_fact_id(db, given: str) -> str:
    """`archivist facts` prints short ids: a unique prefix names its fact."""
    from archivist.storage.events import AmbiguousId, resolve_fact_id

    try:
        return resolve_fact_id(db, given)
    except AmbiguousId as error:
        typer.echo(error.one_line(), err=True)
        raise typer.Exit(2) from None


def history(
    fact_id: str = typer.Argument(..., help="A fact id (or the id of a statement that was linked or dropped)."),
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """A fact's events in order, and the decisions behind them (probabilities, chosen, zone, model)."""
    from archivist.storage.events import fact_history, replay_facts
    from archivist.storage.facts import read_decisions

    db = _open_store(store)
    fact_id = _full_fact_id(db, fact_id)
    events = fact_history(db, fact_id)
    if events.is_empty():
        typer.echo(f"no events for {fact_id} in {db.uri}", err=True)
        raise typer.Exit(1)
    own = events.filter(pl.col("fact_id") == fact_id)
    rebuilt = replay_facts(own)
    fact = _jsonable(rebuilt.row(0, named=True)) if rebuilt.height else None
    decision_ids = sorted({d for d in events["decision_id"].to_list() if d})
    decisions = {row["decision_id"]: _decision(row) for row in read_decisions(db, decision_ids).iter_rows(named=True)}
    listed = [_event(row) for row in events.iter_rows(named=True)]
    if json_out:
        print_json({"fact_id": fact_id, "fact": fact, "events": listed, "decisions": decisions})
        return
    if fact is not None:
        typer.echo(f"{fact_id}  {fact['text']!r}")
        own_date = _dated(rebuilt.row(0, named=True))
        typer.echo(f"  now: {fact['status']}, belief {fact['belief']:.3f}, said {fact['said_at']}, "
                   f"{f'dated {own_date}, ' if own_date else ''}{fact['subject']} / {fact['relation']}")
    else:
        typer.echo(f"{fact_id}  (not stored as a fact of its own)")
    for event in listed:
        about = "" if event["fact_id"] == fact_id else f" on {event['fact_id'][:12]}"
        typer.echo(f"#{event['seq']:<5} {event['at'] or '-':<26} {event['kind']}{about}  "
                   f"{_short(event['before'])} -> {_short(event['after'])}")
        said_by, contract = (event["detail"] or {}).get("source"), (event["detail"] or {}).get("contract")
        if said_by or contract:  # who said it, and the contract rule that made this change
            who = f"{said_by.get('voice')} ({said_by.get('role')}, {said_by.get('speaker') or '-'})" if said_by else "-"
            rule = f"; contract {contract.get('kind')}: {contract.get('rule')}" if contract else ""
            verdict = f" ({contract['verdict']})" if contract and contract.get("verdict") else ""
            typer.echo(f"        source {who}{rule}{verdict}")
        decision = decisions.get(event["decision_id"]) if event["decision_id"] else None
        if decision:
            typer.echo(f"        because {decision['question_id']} v{decision['question_version']} chose "
                       f"{decision['chosen']} at {decision['confidence']:.3f} (zone {decision['zone']}, "
                       f"{decision['model_version'] or decision['provider']}); {decision['probabilities']}")
            if decision["error"]:
                typer.echo(f"        note: {decision['error']}")


def facts(
    scope: str = typer.Option(..., "--scope", help="The memory owner: a customer, a user."),
    tenant: str = typer.Option(None, "--tenant", help="Tenant (default: ingest.default_tenant)."),
    as_of: str = typer.Option(None, "--as-of", help="The store as it stood at this moment: " + MOMENT_HELP + "."),
    status: str = typer.Option("active", "--status", help="active|tentative|closed|all"),
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object: the facts and what was asked."),
) -> None:
    """A scope's facts now, or as they stood at a past moment, rebuilt from the event log."""
    from archivist.storage.events import replay_facts, scope_events

    if status not in STATUSES:
        raise typer.BadParameter(f"--status must be one of {', '.join(STATUSES)}")
    moment = moment_option(as_of, "--as-of")
    tenant = tenant or load_settings().ingest.default_tenant
    db = _open_store(store)
    rebuilt = replay_facts(scope_events(db, [(tenant, scope)]), as_of=moment)
    shown = rebuilt if status == "all" else rebuilt.filter(pl.col("status") == status)
    shown = shown.sort(["said_at", "fact_id"], nulls_last=True)
    if json_out:
        print_json({"tenant": tenant, "scope": scope, "as_of": moment.isoformat() if moment else None, "status": status,
                    "facts": [_jsonable(row) for row in shown.iter_rows(named=True)], "total": shown.height})
        return
    when = f" as of {moment.isoformat()}" if moment else ""
    typer.echo(f"{tenant}/{scope}{when}: {shown.height} {status if status != 'all' else ''} facts".replace("  ", " "))
    for row in shown.iter_rows(named=True):
        said = row["said_at"].date().isoformat() if row["said_at"] else "-"
        until = f" until {row['valid_until'].date().isoformat()}" if row["valid_until"] else ""
        own_date = _dated(row)
        until = f" dated {own_date}{until}" if own_date else until
        typer.echo(f"  {row['status']:<9} {row['belief']:.2f}  {said}{until}  [{row['relation']}] {row['text']}"
                   f"  ({row['fact_id'][:12]})")
    hidden = rebuilt.height - shown.height
    if hidden:
        typer.echo(f"  ({hidden} more with other statuses: --status all)")


def _dated(row: dict[str, Any]) -> str:
    """The fact's own date at its stated precision ("2019"), or "" (tasks/recall/render.py `dated`)."""
    from archivist.tasks.recall.render import dated

    return dated(row.get("valid_from"), row.get("date_precision"), row.get("said_at"))


def _event(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": row["seq"], "kind": row["kind"], "fact_id": row["fact_id"], "cause_id": row["cause_id"],
        "at": row["at"].isoformat() if row["at"] else None,
        "before": json.loads(row["before"]) if row["before"] else None,
        "after": json.loads(row["after"]) if row["after"] else None,
        "detail": json.loads(row["detail"]) if row["detail"] else None,
        "decision_id": row["decision_id"], "run_id": row["run_id"], "plan_id": row["plan_id"],
    }


def _decision(row: dict[str, Any]) -> dict[str, Any]:
    keep = ("decision_id", "question_id", "question_version", "subject_fact_id", "target_fact_id", "chosen",
            "confidence", "zone", "provider", "model_version", "fallback", "error", "run_id", "request_hash")
    return {**{k: row[k] for k in keep}, "probabilities": json.loads(row["probabilities"] or "{}")}


def _short(values: dict[str, Any] | None) -> str:
    if not values:
        return "{}"
    if "text" in values:  # a whole row (fact_added): the interesting part is what it starts as
        values = {k: values.get(k) for k in ("status", "belief")}
    return json.dumps({k: (round(v, 4) if isinstance(v, float) else v) for k, v in values.items()}, default=str)


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in row.items()}
