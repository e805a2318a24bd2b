"""Which candidates get the second reading (`relation_alt`): only those whose first reading could still act.

The second phrasing enters the policy at one place, `evidence` (tasks/policy/belief.py), and only once the first
reading (`relation`) has passed every other test there: a superseding label (update, contradiction, negates), a
probability above `evidence_min_probability`, the temporal gate g_T and the cardinality gate g_C
(tasks/policy/gates.py). Past that point the second reading is either required (g_A, before a first piece of
evidence against a fact) or counted as a second piece of evidence. Before it, nothing reads it: a `new`,
`duplicate` or `refinement` answer, a fallback, a weak answer, or one that g_T or g_C stops gives the same events
whatever the second reading would have said. And u*, when the statement falls in the escalation zone
(tasks/policy/zones.py), is settled by the LLM's verdict, which replaces both readings, or is withheld when no
verdict comes (tasks/policy/apply.py): its second reading is not read either.

So the write path asks the first request, applies this rule to its answers, and asks a second reading only for
the candidates it keeps. The rule runs `evidence` itself, with the second reading left out, and keeps a candidate
exactly when that stops at the agreement stage, so it cannot drift from the policy it mirrors.

Every input of the rule is fixed once the first request is answered: the statement's own answers (the relation
answer, its temporal status, the relation_type answer that can set its relation) and the stored fact's subject
and relation, which no event changes. It reads nothing that an earlier statement of the same round can change
(belief, status, evidence_against, closed_reason), so at worst it asks a second reading that is then not read (a
plan closed as fulfilled meanwhile), never leaves out one that would be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.belief import evidence
from archivist.tasks.policy.gates import cardinality_gate, siblings, temporal_gate
from archivist.tasks.policy.types import CandidateJudgement
from archivist.tasks.policy.zones import choose_zone

NOT_ASKED = "second reading not asked"
"""How a decision row's note starts when its candidate's second reading was left out (tasks/writepath/decide.py)."""


def unread_reason(stored: Mapping[str, Any], relation: Answer | None, temporal: Answer | None,
                  new_row: Mapping[str, Any], t: Thresholds, relations: Relations) -> str | None:
    """Why no second reading of (`new_row`, `stored`) can change an outcome, given the first reading `relation`;
    None when it can (tasks/policy/apply.py `_candidate_events` reads the same answers through the same gates)."""
    label = relation.chosen if relation is not None and not relation.fallback else "new"
    stored_relation = stored.get("relation") or ""
    found = evidence(
        relation,
        None,
        temporal_ok=temporal_gate(temporal, label, t),
        cardinality_ok=cardinality_gate(label, stored_relation, siblings(new_row, stored, relations), relations),
        needs_agreement=False,
        agreement_ok=False,
        t=t,
    )
    p = f"{found.p:.2f}" if found.p is not None else "-"
    reasons = {
        "against": None,  # it passed g_T and g_C: the second reading decides (g_A) or adds evidence
        "fallback": "the first reading fell back",
        "new": f"the first reading is {label} (p={p}), which moves no belief",
        "support": f"the first reading is {label} (p={p}): support needs no second reading",
        "weak": f"the first reading ({label}, p={p}) is too weak to count",
        "temporal_gate": f"the temporal gate holds ({label} from a plan, a hypothetical or history)",
        "cardinality_gate": f"the cardinality gate holds ({label} of {stored_relation!r})",
    }
    # A reason this table does not know (a new stage of `evidence`) asks: leaving one out must be proven safe.
    why = reasons.get(found.reason)
    return None if why is None else f"{NOT_ASKED}: {why}"


def unread_second_readings(candidates: Sequence[CandidateJudgement], temporal: Answer | None,
                           new_row: Mapping[str, Any], t: Thresholds, relations: Relations) -> dict[int, str]:
    """Position among `candidates` (judged on their first reading only) -> why its second reading is not asked."""
    choice = choose_zone(candidates, t)
    unread: dict[int, str] = {}
    for index, candidate in enumerate(candidates):
        if choice.zone == "escalate" and index == choice.index:
            unread[index] = f"{NOT_ASKED}: u* is in the escalation zone, where the LLM's verdict replaces both readings"
            continue
        answer = candidate.relation.answer if candidate.relation is not None else None
        why = unread_reason(candidate.fact, answer, temporal, new_row, t, relations)
        if why is not None:
            unread[index] = why
    return unread
