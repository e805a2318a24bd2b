"""Escalation: an uncertain superseding answer (below 0.60) is settled by the configured LLM.

The LLM is asked the same typed relation question, through the same client as every decision (call cache,
ledger, rate limiter, retries, the pin and price checks), and its answer, validated like every provider's
(every option, a total of 1 within rounding), is the verdict the write path records: the LLM's own
probabilities, not a fixed number. The write path asks only where the answer could change the store: after
the temporal and cardinality gates (tasks/policy/gates.py `escalation_blocked`), so a plan or a
hypothetical, or a second value of a many-valued slot, never pays for an LLM call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from archivist.configs.settings import Settings
from archivist.errors import ArchivistError
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import DecisionRequest, about
from archivist.tasks.providers.llm_decider import LLMDecisionProvider
from archivist.tasks.providers.vendors import llm_configured, vendor_of
from archivist.tasks.writepath.decide import EscalationVerdict, NewFact


class EscalationFailed(ArchivistError, RuntimeError):
    """The LLM's answer to an escalated relation was unusable; the write path records it and stores tentative."""


class LLMEscalation:
    """A callable for `process_new_facts(escalate=...)`; close it to write its cache and ledger rows."""

    def __init__(self, settings: Settings, store: Store | None, run_id: str | None):
        config = settings.llm.model_copy(update={"provider": f"llm:{vendor_of(settings.llm)}"})
        self.client = DecisionClient(LLMDecisionProvider(config, section="llm"), config,
                                     calls=CallLog(store) if store is not None else None, run_id=run_id,
                                     replay=settings.replay, on_failure="raise", setting="llm")
        self.question = load_questions().latest("relation")

    def __call__(self, fact: NewFact, target: Mapping[str, Any]) -> EscalationVerdict:
        state = {
            "message": fact.message or fact.quote,
            "said_at": fact.said_at.isoformat() if fact.said_at else None,
            "fact": fact.text,
            "targets": {"c": {"text": target["text"], "said_at": _iso(target.get("said_at"))}},
        }
        result = self.client.decide(DecisionRequest(state, {"relation:c": about(self.question, "c")}))
        answer = result.answers["relation:c"]
        if answer.fallback:
            raise EscalationFailed(f"the LLM gave no usable relation: {answer.error}")
        calls = result.calls
        return EscalationVerdict(
            relation=answer.chosen,
            probabilities=dict(answer.probabilities),
            provider=calls[0].provider if calls else "llm",
            model=result.model,
            input_tokens=sum(c.input_tokens for c in calls),
            cost_usd=sum(c.cost_usd for c in calls),
            latency_s=sum(c.latency_s for c in calls),
        )

    def close(self) -> None:
        self.client.close()


def build_escalation(settings: Settings, store: Store | None = None, run_id: str | None = None) -> LLMEscalation | None:
    """The escalation callable when an LLM is configured (`llm.provider` openai or anthropic), else None."""
    if not llm_configured(settings.llm):
        return None
    return LLMEscalation(settings, store, run_id)


def _iso(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value
