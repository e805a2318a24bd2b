"""The three gates on evidence against a stored fact (section 3.2, "Three gates on closing").

    g_T(f)    = 1[P(current | f) + P(past | f) >= θ_act]             plans and hypotheticals close nothing
    g_C(f, u) = r = negates
                or r = update and (card(rel(u)) = one or sib(f, u))
                or r = contradiction and card(rel(u)) = one and sib(f, u)
    g_A(f, u) = 1[r'(f, u) ∈ S and π'(f, u) >= θ_act]                the second phrasing agrees

`sib` means same subject and relation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.types import CLOSED, CLOSED_AS_FULFILLED, SUPERSEDING


def holds_now_or_before(temporal: Answer | None, t: Thresholds) -> bool:
    """The paper's g_T: the statement is about now or the past, not a plan or a hypothetical.

    It sums current and past because a decision model often splits a completed change between the two.
    """
    if temporal is None or temporal.fallback:
        return False  # an unanswered temporal question must not let anything close
    return temporal.p("current") + temporal.p("past") >= t.act


def temporal_gate(temporal: Answer | None, relation: str, t: Thresholds) -> bool:
    """g_T for one relation. With `past_tense_only_negates`, a statement the model is sure is only history
    ("I used to live in Leeds") may end the fact it names (negates) but cannot install a replacement value."""
    if not holds_now_or_before(temporal, t):
        return False
    if t.past_tense_only_negates and relation != "negates" and temporal is not None and temporal.p("past") >= t.act:
        return False
    return True


def same_subject(a: str | None, b: str | None) -> bool:
    return (a or "").strip().casefold() == (b or "").strip().casefold()


def siblings(new: Mapping[str, Any], stored: Mapping[str, Any], relations: Relations) -> bool:
    """sib(f, u): same subject and the same (canonical) relation."""
    return same_subject(new.get("subject"), stored.get("subject")) and relations.canonical(
        new.get("relation") or ""
    ) == relations.canonical(stored.get("relation") or "")


def cardinality_gate(relation: str, stored_relation: str, sibling: bool, relations: Relations) -> bool:
    """g_C: a new value replaces an old one only where the relation holds one value at a time."""
    single = relations.cardinality(stored_relation or "") == "one"
    if relation == "negates":
        return True
    if relation == "update":
        return single or sibling
    if relation == "contradiction":
        return single and sibling
    return False


def needs_agreement(relation: str, stored: Mapping[str, Any], relations: Relations) -> bool:
    """Whether g_A applies: to the first piece of evidence against a fact, and (as in the paper's reference
    code) to every update between siblings of a many-valued relation, the weakest case the cardinality gate
    lets through."""
    if int(stored.get("evidence_against") or 0) == 0:
        return True
    return relation == "update" and relations.cardinality(stored.get("relation") or "") == "many"


def agreement_gate(alt: Answer | None, t: Thresholds) -> bool:
    """g_A: the second phrasing also chose a superseding relation, at act strength."""
    return alt is not None and not alt.fallback and alt.chosen in SUPERSEDING and alt.confidence >= t.act


def escalation_blocked(temporal: Answer | None, relation: str, new: Mapping[str, Any], stored: Mapping[str, Any],
                       t: Thresholds, relations: Relations) -> str | None:
    """Why an LLM verdict on u*'s uncertain superseding answer `relation` could change nothing (g_T or g_C
    fails for it), or None when escalating could close or move the stored fact. The write path asks before it
    pays for an escalation: a plan or a hypothetical, or a second value of a many-valued slot, closes nothing
    whatever the LLM says about it."""
    if not temporal_gate(temporal, relation, t):
        return f"not escalated: the temporal gate holds ({relation} from a plan, a hypothetical or history)"
    if not cardinality_gate(relation, stored.get("relation") or "", siblings(new, stored, relations), relations):
        return f"not escalated: the cardinality gate holds ({relation} of {stored.get('relation')!r})"
    return None


def is_open_plan(stored: Mapping[str, Any]) -> bool:
    """A stored plan the plan_fulfilled question may close."""
    return is_plan(stored) and stored.get("status") != CLOSED


def is_plan(stored: Mapping[str, Any]) -> bool:
    """A stored plan that has not been closed as fulfilled (a plan closed by belief may still be asked about,
    so that which questions a request carries never depends on another statement's outcome)."""
    planned = stored.get("temporal_status") == "planned" or stored.get("kind") == "plan"
    return planned and stored.get("closed_reason") != CLOSED_AS_FULFILLED
