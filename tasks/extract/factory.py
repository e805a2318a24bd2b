"""Choosing the extractor for a run (`--extract local|llm|batch`), and recording its problems.

`auto` (the default) is the LLM extractor when `llm.provider` names one (openai, anthropic), else the embedded
local extractor, so a machine with no key runs end to end. `batch` needs an LLM provider and a store.
"""

from __future__ import annotations

from typing import Literal

import polars as pl

from archivist.configs.settings import Settings
from archivist.ids import content_id
from archivist.storage.store import Store
from archivist.tasks.extract.batch import BatchExtractor
from archivist.tasks.extract.llm import LLMExtractor
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import ExtractionProblem, Extractor
from archivist.tasks.providers import vendors

ExtractMode = Literal["auto", "local", "llm", "batch"]
EXTRACT_MODES = ("auto", "local", "llm", "batch")
QUARANTINE_SOURCE = "extraction"


def llm_configured(settings: Settings) -> bool:
    return vendors.llm_configured(settings.llm)


def build_extractor(
    settings: Settings,
    mode: ExtractMode = "auto",
    *,
    store: Store | None = None,
    run_id: str | None = None,
    poll_interval_s: float | None = None,
) -> Extractor:
    """The extractor `mode` asks for; an error that says what to configure when it cannot be built."""
    if mode not in EXTRACT_MODES:
        raise ValueError(f"unknown extraction mode {mode!r}; use one of {', '.join(EXTRACT_MODES)}")
    if mode == "local" or (mode == "auto" and not llm_configured(settings)):
        return LocalExtractor()
    if not llm_configured(settings):
        raise ValueError(f"--extract {mode} needs an LLM: set llm.provider to openai or anthropic (and llm.model, "
                         "llm.api_key_env, or llm.base_url for an OpenAI-compatible server), or use --extract local")
    llm = LLMExtractor(settings.llm, store=store, run_id=run_id, replay=settings.replay)
    if mode == "batch":
        if store is None:
            raise ValueError("--extract batch needs the store: batch ids and results are kept there for resuming")
        return BatchExtractor(llm, store, poll_interval_s=poll_interval_s, run_id=run_id)
    return llm


def problem_rows(problems: list[ExtractionProblem]) -> pl.DataFrame:
    """Extraction problems as quarantine rows (the columns `storage.quarantine.write_quarantine` takes).

    `source_file` is "extraction:<turn_id>", so a quarantined reply can be traced to its turn; the id is a
    content hash, so recording the same problem twice keeps one row."""
    return pl.DataFrame(
        {
            "quarantine_id": [content_id(QUARANTINE_SOURCE, p.turn_id, p.reason) for p in problems],
            "source_file": [f"{QUARANTINE_SOURCE}:{p.turn_id}" for p in problems],
            "source_line": pl.Series([None] * len(problems), dtype=pl.Int64),
            "raw": [p.raw for p in problems],
            "reason": [p.reason for p in problems],
        },
        schema={"quarantine_id": pl.String, "source_file": pl.String, "source_line": pl.Int64, "raw": pl.String,
                "reason": pl.String},
    )
