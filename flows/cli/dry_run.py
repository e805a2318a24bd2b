"""`archivist ingest --dry-run`: the estimate of tasks/ingest/estimate.py, as a table or one JSON object."""

from __future__ import annotations

from rich.table import Table

from archivist.configs.settings import Settings
from archivist.flows.cli.output import PrintConsole, print_json

console = PrintConsole()


def dry_run(paths: list[str], settings: Settings, *, fmt: str, stage: str, extract: str, json_out: bool) -> None:
    from archivist.tasks.ingest.estimate import estimate_ingest

    try:
        estimate = estimate_ingest(paths, settings, fmt=fmt, stage=stage, extract=extract)
    except ValueError as err:  # an extraction mode that cannot be built: the same message a real run gives
        import typer

        raise typer.BadParameter(str(err)) from err
    if json_out:
        print_json(estimate.as_dict())
        return
    summary = Table(title=f"dry run: ingest into {settings.store.uri} (nothing sent, nothing written)")
    summary.add_column("")
    summary.add_column("", justify="right")
    for key in ("files_read", "records_read", "valid", "quarantined", "partitions", "turns_to_embed",
                "turns_already_stored", "turns_gated_out", "turns_to_extract"):
        summary.add_row(key.replace("_", " "), str(getattr(estimate, key)))
    summary.add_row("extractor", estimate.extractor or "-")
    gate = estimate.gate
    if gate:
        summary.add_row("gate", f"{gate['provider']}/{gate['model']} at {gate['threshold']}"
                        + ("" if gate["applies"] else " (off for this extractor)"))
    console.print(summary)
    calls = Table(title="model calls")
    for column in ("purpose", "provider", "model", "requests", "input tokens", "output tokens", "cost (USD)"):
        calls.add_column(column, justify="right" if column[0] in "rioc" and column != "purpose" else "left")
    for call in estimate.calls:
        calls.add_row(call.purpose, call.provider, call.model + (" (batch)" if call.batch else ""),
                      str(call.requests), f"{call.input_tokens:,}", f"{call.output_tokens:,}", f"{call.cost_usd:.4f}")
    calls.add_row("total", "", "", "", "", "", f"{estimate.total_cost_usd:.4f}")
    console.print(calls)
    for call in estimate.calls:
        for what in call.estimated:
            console.print(f"  {call.purpose}: estimated {what}", markup=False, highlight=False)
    for note in estimate.notes:
        console.print(f"  note: {note}", markup=False, highlight=False)
