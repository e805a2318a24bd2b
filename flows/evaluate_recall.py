"""The recall evaluation as a Prefect flow: one task does the measuring, the flow publishes the report.

One task, not one per question or conversation: a Prefect task costs about 12 ms of orchestration here and
the whole evaluation of two conversations takes about a minute. The report becomes a markdown artifact.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from archivist.configs.settings import Settings
from archivist.tasks.recall.evaluation.locomo import run_locomo_evaluation

log = logging.getLogger(__name__)


def publish_report_artifact(markdown: str, key: str = "recall-evaluation") -> str | None:
    """The report as a Prefect markdown artifact when inside a flow or task run; None (and no error) outside."""
    try:
        from prefect.artifacts import create_markdown_artifact
        from prefect.context import get_run_context

        get_run_context()  # raises outside a flow or task run
    except Exception:
        return None
    try:
        return str(create_markdown_artifact(markdown=markdown, key=key, description="Recall evaluation on LoCoMo"))
    except Exception as error:  # the report files are written either way
        log.warning("could not create the Prefect artifact: %s", error)
        return None


# The run is written to its folder; Prefect need not keep another copy of it as a result.
evaluate_task = task(run_locomo_evaluation, name="evaluate-locomo", cache_policy=NO_CACHE, persist_result=False)


@flow(name="evaluate-locomo", validate_parameters=False, persist_result=False)
def evaluate_locomo_flow(paths: list[str], settings: Settings, out_dir: str, store_uri: str | None = None) -> dict[str, Any]:
    run, folder = evaluate_task(paths, settings, out_dir=out_dir, store_uri=store_uri)
    publish_report_artifact((Path(folder) / "report.md").read_text(encoding="utf-8"))
    return run
