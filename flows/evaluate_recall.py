"""The recall evaluation as a Prefect flow: one task does the measuring, the flow publishes the report.

One task, not one per question or conversation: a Prefect task costs about 12 ms of orchestration here and
the whole evaluation of two conversations takes about a minute. The report becomes a markdown artifact.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from archivist.configs.settings import Settings
from archivist.flows.artifacts import publish_markdown
from archivist.tasks.recall.evaluation.locomo import run_locomo_evaluation

REPORT_ARTIFACT = "recall-evaluation"

# The run is written to its folder; Prefect need not keep another copy of it as a result.
evaluate_task = task(name="evaluate-locomo", cache_policy=NO_CACHE, persist_result=False)(run_locomo_evaluation)


@flow(name="evaluate-locomo", validate_parameters=False, persist_result=False)
def evaluate_locomo_flow(paths: list[str], settings: Settings, out_dir: str,
                         store_uri: str | None = None) -> dict[str, Any]:
    run, folder = evaluate_task(paths, settings, out_dir=out_dir, store_uri=store_uri)
    publish_markdown(REPORT_ARTIFACT, "Recall evaluation on LoCoMo",
                     (Path(folder) / "report.md").read_text(encoding="utf-8"))
    return run
