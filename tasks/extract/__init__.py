"""Fact extraction (section 3.2 of the seed paper): the embedded parse-based extractor, an LLM extractor, batch mode.

    extractor = build_extractor(settings, "auto", store=store, run_id=run_id)
    facts_per_turn = extractor.extract(turn_contexts(turns, similar_facts))
    write_quarantine(store, problem_rows(extractor.take_problems()), run_id)
"""

from archivist.tasks.extract.batch import BatchExtractor, BatchFailed, BatchPending
from archivist.tasks.extract.context import turn_contexts
from archivist.tasks.extract.factory import EXTRACT_MODES, build_extractor, problem_rows
from archivist.tasks.extract.llm import LLMExtractor
from archivist.tasks.extract.local import LocalExtractor
from archivist.tasks.extract.types import (
    CONTEXT_MESSAGES,
    SIMILAR_FACTS,
    ContextMessage,
    ExtractedFact,
    ExtractionProblem,
    Extractor,
    TurnContext,
    fact_time,
)

__all__ = [
    "CONTEXT_MESSAGES",
    "EXTRACT_MODES",
    "SIMILAR_FACTS",
    "BatchExtractor",
    "BatchFailed",
    "BatchPending",
    "ContextMessage",
    "ExtractedFact",
    "ExtractionProblem",
    "Extractor",
    "LLMExtractor",
    "LocalExtractor",
    "TurnContext",
    "build_extractor",
    "fact_time",
    "problem_rows",
    "turn_contexts",
]
