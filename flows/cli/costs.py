"""`archivist costs`: what model calls cost, from the ledger, by run, provider and model."""

from __future__ import annotations

import typer
from rich.table import Table

from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()

TOTAL_FIELDS = ["calls", "cached_calls", "failed_calls", "input_tokens", "cached_input_tokens", "cache_write_tokens",
                "output_tokens", "cost_usd"]


def register(app: typer.Typer) -> None:
    app.command()(costs)


def costs(
    store: str = typer.Option(None, "--store", help="Store URI (default from settings)."),
    run: str = typer.Option(None, "--run", help="Only this run id."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Calls, cached calls, tokens in (and of them prompt-cache reads and writes) and out, cost and median latency
    by run, provider and model."""
    from archivist.configs import load_settings
    from archivist.storage.calls import ledger_summary
    from archivist.storage.store import Store

    settings = load_settings()
    # A path without a store is refused (StoreNotFound: one line, exit 2), not read as an empty ledger.
    rows = ledger_summary(Store.open_existing(store or settings.store.uri, settings.store.storage_options),
                          run_id=run)
    total = {name: sum(row[name] or 0 for row in rows) for name in TOTAL_FIELDS}
    if json_out:
        print_json({"rows": rows, "total": total})
        return
    if not rows:
        console.print("no model calls in the ledger" + (f" for run {run}" if run else ""))
        return
    table = Table(title="model calls by run, provider and model")
    for name, justify in [("run", "left"), ("provider", "left"), ("model", "left"), ("calls", "right"),
                          ("cached", "right"), ("failed", "right"), ("tokens in", "right"),
                          ("of them cache read", "right"), ("cache write", "right"), ("tokens out", "right"),
                          ("cost $", "right"), ("p50 s", "right")]:
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for row in rows + [{"run_id": "total", "provider": "", "model": "", "p50_latency_s": None, **total}]:
        p50 = row["p50_latency_s"]
        table.add_row(str(row["run_id"] or "-"), row["provider"] or "", row["model"] or "", str(row["calls"]),
                      str(row["cached_calls"]), str(row["failed_calls"]), f"{row['input_tokens']:,}",
                      f"{row['cached_input_tokens']:,}", f"{row['cache_write_tokens']:,}", f"{row['output_tokens']:,}",
                      f"{row['cost_usd']:.6f}", "-" if p50 is None else f"{p50:.3f}")
    console.print(table)
