"""Run summaries as Prefect artifacts: a table (counts, costs, plan id) on every flow run, Markdown when given.

    publish_summary("ingest-summary", "nightly ingestion", asdict(summary))

Outside a flow run it does nothing (so plain-function callers and tests never start a Prefect server), and a
failure to publish is logged, never raised: a report must not fail the run it reports on.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)


def summary_rows(summary: Mapping[str, Any], prefix: str = "") -> list[dict[str, Any]]:
    """A nested summary as (metric, value) rows: {"items": {"reopen": 1}} -> items.reopen = 1."""
    rows = []
    for key, value in summary.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            rows += summary_rows(value, prefix=f"{name}.")
        else:
            rows.append({"metric": name, "value": value if isinstance(value, (int, float, str, bool)) or value is None
                         else str(value)})
    return rows


def publish_summary(key: str, description: str, summary: Mapping[str, Any], markdown: str | None = None) -> bool:
    """Publish `summary` as the table artifact `key` (lowercase letters, digits and dashes) of the current flow
    run; True when published."""
    from prefect.context import FlowRunContext

    if FlowRunContext.get() is None:
        return False
    try:
        from prefect.artifacts import create_markdown_artifact, create_table_artifact

        create_table_artifact(table=summary_rows(summary), key=key, description=description)
        if markdown:
            create_markdown_artifact(markdown=markdown, key=f"{key}-report", description=description)
    except Exception as error:  # noqa: BLE001 - see the module docstring
        log.warning("could not publish the %s artifact: %s: %s", key, type(error).__name__, error)
        return False
    return True


def publish_markdown(key: str, description: str, markdown: str) -> bool:
    """Publish `markdown` as the artifact `key` of the current flow run; True when published."""
    from prefect.context import FlowRunContext

    if FlowRunContext.get() is None:
        return False
    try:
        from prefect.artifacts import create_markdown_artifact

        create_markdown_artifact(markdown=markdown, key=key, description=description)
    except Exception as error:  # noqa: BLE001 - see the module docstring
        log.warning("could not publish the %s artifact: %s: %s", key, type(error).__name__, error)
        return False
    return True
