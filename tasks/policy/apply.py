"""One statement through the write-path policy: zone, link or add, plans, evidence, close and reopen.

`judge_statement` is pure: it reads the statement's answers and its candidates' rows as they stand, and returns
the events that describe every change. Applying the events (storage.events.apply_event) is the only way the
store changes, so replaying them rebuilds exactly what the write path wrote.

Rules beyond the paper's equations, each a choice the paper leaves open:
- worth_remembering below `worth_drop_below` drops the statement (a `fact_dropped` event records it), and below
  `worth_tentative_below` stores it as tentative.
- Evidence is computed for every candidate whatever the zone (the gates, not the zone, protect stored facts),
  except the one answer an unavailable escalation should have settled: that answer is withheld.
- A duplicate in the act zone becomes a `same_as` link on the stored fact and is not stored again, unless the
  stored fact is closed: restating a closed value is a new assertion and is stored as a fact of its own. The
  duplicate need not be u*: a statement that repeats one fact and supersedes another ("I decided to keep my
  landline": the landline, and the end of a plan to cancel it) links to the fact it repeats, when that answer
  is itself at act strength, and its superseding answers still count against the other facts. Storing it
  would put a second active text of the same fact in the store.
- A one-off (kind plan or event, durability "0", both at act strength) is dropped with a `fact_dropped` event,
  and a statement sure to be hypothetical is stored as tentative (thresholds.toml says why).
- plan_fulfilled at act strength closes a stored plan directly (a plan that happened was not wrong), but only
  when the statement itself is about now or the past (g_T): a plan does not fulfil a plan.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from archivist.configs.relations import Relations
from archivist.configs.thresholds import Thresholds
from archivist.tasks.decisions.types import Answer
from archivist.tasks.policy.belief import Evidence, evidence, settle, shift
from archivist.tasks.policy.gates import (
    agreement_gate,
    cardinality_gate,
    holds_now_or_before,
    is_open_plan,
    needs_agreement,
    siblings,
    temporal_gate,
)
from archivist.tasks.policy.types import (
    ACTIVE,
    BELIEF_CHANGED,
    CLOSED,
    CLOSED_AS_FULFILLED,
    CLOSED_BY_BELIEF,
    FACT_ADDED,
    FACT_CLOSED,
    FACT_DROPPED,
    FACT_PROMOTED,
    FACT_REOPENED,
    LINK_MADE,
    PLAN_CLOSED,
    TENTATIVE,
    CandidateJudgement,
    Event,
    Judged,
    Outcome,
    StatementJudgement,
)
from archivist.tasks.policy.zones import choose_zone

_CLOSING_COLUMNS = ("status", "valid_until", "superseded_by", "closed_reason")


def judge_statement(
    statement: StatementJudgement,
    t: Thresholds,
    relations: Relations,
    *,
    escalation: Judged | None = None,
) -> Outcome:
    """The events one statement causes. `escalation` is the LLM's verdict on u* when the zone asked for one."""
    row = dict(statement.row)
    statement_id = row["fact_id"]
    worth = statement.answers.get("worth_remembering")
    temporal = _answer(statement.answers.get("temporal_status"))
    p_worth = None if worth is None or worth.answer.fallback else worth.answer.p("true")
    if p_worth is not None and p_worth < t.worth_drop_below:
        detail = {"reason": "not worth remembering", "p_worth": p_worth, "source_turn_id": row.get("source_turn_id")}
        dropped = Event(FACT_DROPPED, statement_id, None, {}, statement_id, worth.decision_id, detail)  # type: ignore[union-attr]
        return Outcome(statement_id, "dropped", "act", None, [dropped], [f"not worth remembering (p={p_worth:.2f})"])
    one_off = _one_off(statement, t)
    if one_off is not None:
        kind, durability = one_off
        detail = {"reason": "one-off", "kind": kind.answer.chosen, "p_kind": kind.answer.confidence,
                  "p_hours_or_days": durability.answer.confidence, "source_turn_id": row.get("source_turn_id")}
        dropped = Event(FACT_DROPPED, statement_id, None, {}, statement_id, durability.decision_id, detail)
        return Outcome(statement_id, "dropped", "act", None, [dropped], ["a one-off: a plan or event of hours or days"])

    choice = choose_zone(statement.candidates, t)
    zone, r_star, reasons = choice.zone, choice.relation, []
    target = statement.candidates[choice.index] if choice.index is not None else None
    escalated = False
    withheld: int | None = None
    if zone == "escalate":
        if escalation is not None and not escalation.answer.fallback:
            zone, r_star, escalated = "act", escalation.answer.chosen, True
            if escalation.answer.confidence < t.act:
                zone = "tentative"  # the LLM is unsure too: its answer counts, the statement is not acted on
                reasons.append(f"escalated answer uncertain ({r_star} at {escalation.answer.confidence:.2f})")
        else:
            zone, withheld = "tentative", choice.index
            reasons.append(f"escalation zone ({r_star} at {choice.confidence:.2f}) and no LLM to settle it")
    elif zone == "tentative":
        reasons.append(f"relation uncertain ({r_star} at {choice.confidence:.2f})")
    if t.hypothetical_tentative and _sure(temporal, ("hypothetical",), t):
        reasons.append("hypothetical: nothing decided")
    if p_worth is None:
        reasons.append("worth_remembering unanswered")
    elif p_worth < t.worth_tentative_below:
        reasons.append(f"worth remembering uncertain (p={p_worth:.2f})")

    target_decision = None
    if escalated:
        target_decision = escalation.decision_id  # type: ignore[union-attr]
    elif target is not None and target.relation is not None:
        target_decision = target.relation.decision_id
    cause_detail = {
        "zone": zone,
        "relation": r_star,
        "confidence": choice.confidence,
        "target": target.fact["fact_id"] if target else None,
        "escalated": escalated,
        "reasons": reasons,
    }

    events: list[Event] = []
    restated = _restated_fact(statement.candidates, row, relations)
    # A restated fact answered `duplicate` is reinforced as any duplicate is; any other answer about it is a
    # misreading of its own words and counts neither way.
    misread = restated if restated is not None and _answered(statement.candidates[restated]) != "duplicate" else None
    twin_index = restated if restated is not None else _repeated_fact(statement.candidates, choice.index, zone,
                                                                       r_star, t)
    linked = twin_index is not None
    if linked:
        twin = statement.candidates[twin_index]  # type: ignore[index]
        holder = twin.fact["fact_id"]
        same_as = list(twin.fact.get("same_as") or [])
        is_u_star = twin_index == choice.index
        twin_answer = twin.relation  # a duplicate answer at act strength: never None here
        link_decision = target_decision if is_u_star else twin_answer.decision_id  # type: ignore[union-attr]
        link = {**cause_detail, "statement_id": statement_id, "source_turn_id": row.get("source_turn_id"),
                "said_at": row.get("said_at"), "duplicate_of": holder,
                "duplicate_p": choice.confidence if is_u_star else twin_answer.answer.confidence}  # type: ignore[union-attr]
        if restated is not None:
            link.update(restated=True, duplicate_p=None)
        events.append(Event(LINK_MADE, holder, {"same_as": same_as},
                            {"same_as": same_as + ([statement_id] if statement_id not in same_as else [])},
                            statement_id, link_decision, link))
        status = None
    else:
        holder = statement_id
        status = TENTATIVE if (zone != "act" or reasons) else ACTIVE
        row.update(
            belief=t.tentative_belief if status == TENTATIVE else t.initial_belief,
            status=status,
            evidence_against=0,
            closed_reason=None,
            valid_until=None,
            superseded_by=None,
            same_as=list(row.get("same_as") or []),
        )
        worth_decision = worth.decision_id if worth is not None else None
        events.append(Event(FACT_ADDED, statement_id, None, row, statement_id, target_decision or worth_decision,
                            cause_detail))

    mirror, took_over, mirror_decision = 0.0, [], None
    for index, candidate in enumerate(statement.candidates):
        if index in (withheld, misread):
            continue
        is_escalated = escalated and index == choice.index
        judged = escalation if is_escalated else candidate.relation
        changes, delta = _candidate_events(candidate, judged, is_escalated, row, holder, temporal, t, relations)
        events.extend(changes)
        if delta < 0:
            mirror -= delta
            took_over.append(candidate.fact["fact_id"])
            mirror_decision = mirror_decision or (judged.decision_id if judged else None)

    if mirror > 0 and not linked:
        # The new fact gains what the facts it replaced lost: logit b_f <- logit b_f - Σ min(e, 0).
        before = row["belief"]
        after = shift(before, mirror, t)
        if after != before:
            events.append(Event(BELIEF_CHANGED, statement_id, {"belief": before}, {"belief": after}, statement_id,
                                mirror_decision, {"evidence": mirror, "took_over": took_over}))
        if settle(status or ACTIVE, None, after, t) == "promoted":
            events.append(Event(FACT_PROMOTED, statement_id, {"status": TENTATIVE}, {"status": ACTIVE},
                                statement_id, mirror_decision, {"belief": after}))
            status = ACTIVE

    return Outcome(
        statement_id,
        "linked" if linked else "added",
        zone,
        status,
        events,
        reasons,
        target_id=target.fact["fact_id"] if target else None,
        escalated=escalated,
        withheld_target=statement.candidates[withheld].fact["fact_id"] if withheld is not None else None,
    )


def _candidate_events(
    candidate: CandidateJudgement,
    judged: Judged | None,
    is_escalated: bool,
    new_row: Mapping[str, Any],
    holder: str,
    temporal: Answer | None,
    t: Thresholds,
    relations: Relations,
) -> tuple[list[Event], float]:
    """Events on one stored candidate, and the evidence e(f, u) that was applied to it."""
    stored = candidate.fact
    fact_id, statement_id, said_at = stored["fact_id"], new_row["fact_id"], new_row.get("said_at")
    fulfilled = candidate.plan_fulfilled
    if fulfilled is not None and is_open_plan(stored) and holds_now_or_before(temporal, t):
        answer = fulfilled.answer
        if not answer.fallback and answer.p("true") >= t.act:
            after = {"status": CLOSED, "valid_until": said_at, "superseded_by": holder,
                     "closed_reason": CLOSED_AS_FULFILLED}
            detail = {"p_fulfilled": answer.p("true")}
            return [Event(PLAN_CLOSED, fact_id, _closing_state(stored), after, statement_id, fulfilled.decision_id,
                          detail)], 0.0
    if stored.get("closed_reason") == CLOSED_AS_FULFILLED:
        return [], 0.0  # a plan that happened is history: evidence about it is not doubt

    answer = judged.answer if judged is not None else None
    alt = None if is_escalated or candidate.relation_alt is None else candidate.relation_alt.answer
    label = answer.chosen if answer is not None and not answer.fallback else "new"
    sibling = siblings(new_row, stored, relations)
    found: Evidence = evidence(
        answer,
        alt,
        temporal_ok=temporal_gate(temporal, label, t),
        cardinality_ok=cardinality_gate(label, stored.get("relation") or "", sibling, relations),
        # An escalated verdict is itself the second opinion, so the agreement gate does not apply to it.
        needs_agreement=not is_escalated and needs_agreement(label, stored, relations),
        agreement_ok=not is_escalated and agreement_gate(alt, t),
        t=t,
        # An escalated answer is read at the LLM's own (validated) probability, as any answer is.
    )
    if found.delta == 0.0:
        return [], 0.0

    decision_id = judged.decision_id if judged is not None else None
    before_belief = float(stored["belief"])
    after_belief = shift(before_belief, found.delta, t)
    against = int(stored.get("evidence_against") or 0)
    before = {"belief": before_belief, "evidence_against": against}
    after = {"belief": after_belief, "evidence_against": against + found.pieces}
    if before == after:
        return [], found.delta  # clamped at the ceiling or floor: nothing in the store changes
    detail = {"relation": label, "p": found.p, "p_alt": found.p_alt, "evidence": found.delta,
              "reason": found.reason, "escalated": is_escalated}
    events = [Event(BELIEF_CHANGED, fact_id, before, after, statement_id, decision_id, detail)]

    status = stored.get("status") or ACTIVE
    change = settle(status, stored.get("closed_reason"), after_belief, t)
    if change == "closed":
        closed = {"status": CLOSED, "valid_until": said_at, "superseded_by": holder,
                  "closed_reason": CLOSED_BY_BELIEF}
        events.append(Event(FACT_CLOSED, fact_id, _closing_state(stored), closed, statement_id, decision_id,
                            {"belief": after_belief}))
    elif change == "reopened":
        reopened = {"status": ACTIVE, "valid_until": None, "superseded_by": None, "closed_reason": None}
        events.append(Event(FACT_REOPENED, fact_id, _closing_state(stored), reopened, statement_id, decision_id,
                            {"belief": after_belief}))
    elif change == "promoted":
        events.append(Event(FACT_PROMOTED, fact_id, {"status": TENTATIVE}, {"status": ACTIVE}, statement_id,
                            decision_id, {"belief": after_belief}))
    return events, found.delta


def _restated_fact(candidates: Sequence[CandidateJudgement], row: Mapping[str, Any],
                   relations: Relations) -> int | None:
    """The open candidate the statement says word for word (same subject, relation, tense and text), whatever
    its answers: a fact cannot supersede its own text, so a model that reads the turn's other clauses into it
    ("... ending 9032, and the old one has been removed") has misread it. The statement is linked to it."""
    for index, candidate in enumerate(candidates):
        stored = candidate.fact
        if stored.get("status") != CLOSED and siblings(row, stored, relations) and \
                stored.get("temporal_status") == row.get("temporal_status") and (
                    _normalised(stored.get("text")) == _normalised(row.get("text")) or _same_value(stored, row)):
            return index
    return None


_DENIED = re.compile(r"\b(?:not|no|never|longer|cancel+ed|ended|stopped|n't|without)\b")


def _same_value(stored: Mapping[str, Any], row: Mapping[str, Any]) -> bool:
    """The same value of the same slot, both plainly stated ("customer has registered with Parkview Surgery",
    then the agent's "customer's practice is Parkview Surgery"): the second restates the first, so it cannot
    supersede it whatever the model reads into the wording."""
    value, held = _normalised(row.get("object")), _normalised(stored.get("object"))
    texts = (_normalised(row.get("text")), _normalised(stored.get("text")))
    # "22 Quarry Lane" read back as "22 Quarry Lane, Barnsley": an address with its town or postcode left off;
    # "Pixel 9" as "Google Pixel 9": a name of two words or more with its maker's before it
    address = str(row.get("relation") or "").endswith("address")
    if address:
        value, held = _bare(value), _bare(held)
        texts = (_bare(texts[0]), _bare(texts[1]))
    shorter, longer = sorted((_undetermined(value), _undetermined(held)), key=len)
    # "Visa" said of "the Visa ending 4471": the card named without its ending
    fuller = bool(shorter) and (address and re.match(rf"{re.escape(shorter)}[ ,]", longer) is not None
                                or len(shorter.split()) >= 2 and longer.endswith(f" {shorter}")
                                or longer.startswith(f"{shorter} ending "))
    # the object is the value only where both texts state it ("the certificate is valid" is a claim about "cert")
    return bool(value) and row.get("relation") == stored.get("relation") and (shorter == longer or fuller) and \
        row.get("temporal_status") == "current" and \
        all(re.search(rf"(?<!\w){re.escape(shorter)}(?!\w)", text) and not _DENIED.search(text) for text in texts)


def _answered(candidate: CandidateJudgement) -> str | None:
    judged = candidate.relation
    return None if judged is None or judged.answer.fallback else judged.answer.chosen


def _undetermined(value: str) -> str:
    return re.sub(r"^(?:the|their|my|your|our|a|an) ", "", value)


def _bare(address: str) -> str:
    """An address without its commas and an "in" before the town: "14 ashgrove terrace in halifax hx3"."""
    return " ".join(w for w in address.replace(",", " ").split() if w != "in")


def _normalised(text: str | None) -> str:
    return " ".join((text or "").casefold().rstrip(" .!").split())


def _repeated_fact(candidates: Sequence[CandidateJudgement], u_star: int | None, zone: str, r_star: str,
                   t: Thresholds) -> int | None:
    """The open candidate the statement repeats, if it is to be linked rather than stored: u* when its relation
    is a duplicate, else the candidate answered `duplicate` with the highest confidence at act strength (the
    first on ties). Only in the act zone: an uncertain statement is stored as tentative, never linked."""
    if zone != "act":
        return None
    if u_star is not None and r_star == "duplicate":
        return u_star if candidates[u_star].fact.get("status") != CLOSED else None
    best: int | None = None
    best_p = 0.0
    for index, candidate in enumerate(candidates):
        judged = candidate.relation
        if judged is None or judged.answer.fallback or judged.answer.chosen != "duplicate":
            continue
        p = judged.answer.confidence
        if p >= t.act and p > best_p and candidate.fact.get("status") != CLOSED:
            best, best_p = index, p
    return best


def _sure(answer: Answer | None, options: tuple[str, ...], t: Thresholds) -> bool:
    return answer is not None and not answer.fallback and answer.chosen in options and answer.confidence >= t.act


def _one_off(statement: StatementJudgement, t: Thresholds) -> tuple[Judged, Judged] | None:
    """The kind and durability answers that make the statement a one-off (thresholds.toml `one_off_drop`)."""
    kind, durability = statement.answers.get("kind"), statement.answers.get("durability")
    if not t.one_off_drop or kind is None or durability is None:
        return None
    if _sure(kind.answer, ("plan", "event"), t) and _sure(durability.answer, ("0",), t):
        return kind, durability
    return None


def _closing_state(stored: Mapping[str, Any]) -> dict[str, Any]:
    return {column: stored.get(column) for column in _CLOSING_COLUMNS}


def _answer(judged: Judged | None) -> Answer | None:
    return None if judged is None else judged.answer
