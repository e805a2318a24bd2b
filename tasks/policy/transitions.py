"""The contracts of configs/contracts.toml applied to one statement's events (after `judge_statement`).

`judge_statement` says what the decision model's answers would do; this says what the stored fact's contract
lets them do. Pure, like the rest of the policy: the statement's events and the stored rows in, events out.

- Every event is stamped with the contract that produced it (kind, rule, the statement's source), so replay
  rebuilds the store and `history` explains each change.
- supersede + authority: a weaker voice cannot lower or close a fact a stronger voice set. Its evidence is not
  applied; the statement is stored tentative, and both sides are flagged (`conflict_flagged`, the `conflicts`
  column). A later statement of an equal or stronger voice about the held fact settles the conflict: the side
  it agrees with stays (a tentative side it repeats is promoted), the other closes as `settled`.
- resolve: evidence against a reported issue counts only from a statement about the same thing.
- reinforce: many values, so the write path's cardinality gate (relations.toml) already keeps a different value
  from counting against a stored one; the contract adds the repeat's source to the fact it repeats.
- flag: evidence between claims is never applied; both stay and both are flagged.
- A repeat linked to a stored fact adds its source to that fact's `sources`: one fact, one more source.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from archivist.configs.thresholds import Thresholds
from archivist.tasks.policy.belief import settle, shift
from archivist.tasks.policy.contracts import CUSTOMER, Contracts, conflict_entry, parse_source
from archivist.tasks.policy.types import (
    ACTIVE,
    BELIEF_CHANGED,
    CLOSED,
    FACT_ADDED,
    FACT_CLOSED,
    FACT_PROMOTED,
    LINK_MADE,
    SUPERSEDING,
    TENTATIVE,
    CandidateJudgement,
    Event,
    Outcome,
    StatementJudgement,
)
from archivist.vocab import (
    CLOSED_AS_LAPSED,
    CLOSED_AS_SETTLED,
    CLOSED_AS_SUPERSEDED,
    CONFLICT_FLAGGED,
    CONFLICT_SETTLED,
)

_THING_STOP = frozenset({"customer", "customer's", "my", "the", "a", "an", "is", "works", "working", "fine", "now",
                         "again", "stopped", "not", "keeps", "it", "its", "has", "been"})


def enforce_contracts(outcome: Outcome, statement: StatementJudgement, contracts: Contracts, t: Thresholds,
                      stored: Mapping[str, Mapping[str, Any]]) -> Outcome:
    """`outcome`'s events as the contracts allow them; `stored` holds the scope's rows by fact id (the sides of
    conflicts that are not candidates)."""
    row = statement.row
    statement_id = outcome.statement_id
    voice = row.get("source") or CUSTOMER
    entry = (row.get("sources") or [""])[0]
    candidates = {c.fact["fact_id"]: c.fact for c in statement.candidates}
    judged = {c.fact["fact_id"]: c for c in statement.candidates}
    said_at = row.get("said_at")

    own = [e for e in outcome.events if e.fact_id == statement_id and e.kind in (BELIEF_CHANGED, FACT_PROMOTED)]
    head = [e for e in outcome.events if e.kind in (FACT_ADDED, LINK_MADE) or e.fact_id not in candidates
            and e not in own]
    per_fact: dict[str, list[Event]] = {}
    for event in outcome.events:
        if event.fact_id in candidates and event.kind != LINK_MADE and event not in own:
            per_fact.setdefault(event.fact_id, []).append(event)
    linked_to = next((e.fact_id for e in outcome.events if e.kind == LINK_MADE), None)

    kept: list[Event] = []
    extra: list[Event] = []
    mirror, took_over, mirror_decision = 0.0, [], None
    vetoed = intervened = False
    new_conflicts: list[str] = []
    for fact_id, fact in candidates.items():
        events = per_fact.get(fact_id, [])
        name = contract_name(fact, contracts)
        contract = contracts.get(name)
        lowers = any(_lowers(e) for e in events)
        verdict = contract_verdict(row, fact, contracts, lowers=lowers,
                                   disagrees=_disagrees(judged.get(fact_id), t), linked_to=linked_to)
        if verdict == "applied" and _refused(fact, row, linked_to, contract, contracts) and \
                not any(e.kind == FACT_CLOSED for e in events):
            closing = {"status": CLOSED, "valid_until": said_at, "superseded_by": statement_id,
                       "closed_reason": CLOSED_AS_SETTLED}
            events = [*events, Event(FACT_CLOSED, fact_id, {k: fact.get(k) for k in closing}, closing, statement_id,
                                     events[0].decision_id if events else None,
                                     {"reason": "the customer refused it at once"})]
        if not events and verdict == "applied":
            continue
        stamp = {"kind": name, "rule": contract.rule, "verdict": verdict, "sources": [entry]}
        intervened = intervened or verdict != "applied"
        if verdict == "applied" and lowers and contract.stronger_supersedes and \
                contracts.rank(voice) > contracts.fact_rank(fact) and fact.get("status") != CLOSED and \
                not any(e.kind == FACT_CLOSED for e in events) and not linked_to:
            closing = {"status": CLOSED, "valid_until": said_at, "superseded_by": statement_id,
                       "closed_reason": CLOSED_AS_SUPERSEDED}
            before = {k: fact.get(k) for k in closing}
            events = [*events, Event(FACT_CLOSED, fact_id, before, closing, statement_id, events[0].decision_id,
                                     {"reason": "a stronger source stated the change"})]
        if verdict == "applied":
            kept.extend(_stamped(e, stamp, entry) for e in events)
            for e in events:
                if e.kind == BELIEF_CHANGED and float(e.detail.get("evidence") or 0.0) < 0:
                    mirror -= float(e.detail["evidence"])
                    took_over.append(fact_id)
                    mirror_decision = mirror_decision or e.decision_id
            extra.extend(_settlements(fact, events, row, linked_to, contracts, stored, stamp, entry))
            continue
        if verdict in ("vetoed", "flagged"):
            vetoed = vetoed or verdict == "vetoed"
            side = _side_row(row, linked_to, stored)
            before = list(fact.get("conflicts") or [])
            item = conflict_entry(side)
            if item not in before:
                detail = {"contract": stamp, "source": parse_source(entry), "against": side["fact_id"],
                          "answers": [e.detail for e in events if e.kind == BELIEF_CHANGED]}
                extra.append(Event(CONFLICT_FLAGGED, fact_id, {"conflicts": before}, {"conflicts": [*before, item]},
                                   statement_id, events[0].decision_id if events else None, detail))
            new_conflicts.append(conflict_entry(fact))

    if linked_to in candidates and linked_to not in per_fact:
        twin = candidates[linked_to]  # a repeat with no belief change still confirms the fact it repeats
        stamp = {"kind": contract_name(twin, contracts), "rule": "reinforce", "verdict": "applied", "sources": [entry]}
        extra.extend(_settlements(twin, [], row, linked_to, contracts, stored, stamp, entry))
    head = [_head_event(e, row, entry, linked_to, vetoed, new_conflicts, stored, t, contracts) for e in head]
    holder_added = any(e.kind == FACT_ADDED for e in head)
    own_stamp = {"kind": row.get("contract") or "default", "rule": "mirror", "sources": [entry]}
    if not intervened:
        # Nothing was held back: the new fact gains exactly what judge_statement computed.
        kept.extend(_stamped(e, own_stamp, entry) for e in own)
    elif holder_added and mirror > 0 and not vetoed:
        start = next(e.after["belief"] for e in head if e.kind == FACT_ADDED)
        after = shift(start, mirror, t)
        stamp = own_stamp
        if after != start:
            kept.append(Event(BELIEF_CHANGED, statement_id, {"belief": start}, {"belief": after}, statement_id,
                              mirror_decision, {"evidence": mirror, "took_over": took_over, "contract": stamp}))
        status = next(e.after["status"] for e in head if e.kind == FACT_ADDED)
        if settle(status or ACTIVE, None, after, t) == "promoted":
            kept.append(Event(FACT_PROMOTED, statement_id, {"status": TENTATIVE}, {"status": ACTIVE}, statement_id,
                              mirror_decision, {"belief": after, "contract": stamp}))
            status = ACTIVE
        outcome = dataclasses.replace(outcome, status=status)
    if vetoed:
        outcome = dataclasses.replace(outcome, status=TENTATIVE if holder_added else outcome.status,
                                      reasons=[*outcome.reasons, "a weaker source than the stored fact's: flagged"])
    lapsed = lapsed_plans(row, stored, contracts, {e.fact_id for e in [*kept, *extra]}, entry)
    return dataclasses.replace(outcome, events=[*head, *kept, *extra, *lapsed])


def lapsed_plans(row: Mapping[str, Any], stored: Mapping[str, Mapping[str, Any]], contracts: Contracts,
                 touched: set[str], entry: str) -> list[Event]:
    """Open dated plans of the scope whose date passed `lapse_after_days` before this statement was said."""
    contract = contracts.get("plan")
    said_at = row.get("said_at")
    if contract.lapse_after_days is None or said_at is None:
        return []
    found = []
    for fact_id in sorted(stored):
        plan = stored[fact_id]
        due, told = plan.get("valid_from"), plan.get("said_at")
        if fact_id in touched or contract_name(plan, contracts) != "plan" or plan.get("status") == CLOSED:
            continue
        if due is None or told is None or due <= told or (said_at - due).days < contract.lapse_after_days:
            continue  # undated (dated by the message itself), or not overdue yet
        closing = {"status": CLOSED, "valid_until": due, "superseded_by": None, "closed_reason": CLOSED_AS_LAPSED}
        stamp = {"kind": "plan", "rule": "fulfil", "verdict": "lapsed", "sources": [entry]}
        found.append(Event(FACT_CLOSED, fact_id, {k: plan.get(k) for k in closing}, closing, row["fact_id"], None,
                           {"reason": "its date passed and nothing fulfilled it", "due": due, "contract": stamp}))
    return found


def contract_verdict(row: Mapping[str, Any], fact: Mapping[str, Any], contracts: Contracts, *, lowers: bool,
                     disagrees: bool = False, linked_to: str | None = None) -> str:
    """What the stored `fact`'s contract lets statement `row` do to it: "applied", "vetoed" (a weaker voice),
    "flagged" (claims keep both) or "unrelated" (a fix of another thing). Shared by the write path and re-scoring,
    so a re-score never applies evidence the contracts held back."""
    contract = contracts.get(contract_name(fact, contracts))
    if lowers:
        if contract.rule == "supersede" and contract.authority and contracts.outranked(row, fact):
            return "vetoed"
        if contract.rule == "flag":
            return "flagged"
        if contract.rule == "resolve" and not same_thing(row, fact):
            return "unrelated"
        return "applied"
    if contract.rule == "flag" and disagrees:
        return "flagged"  # the gates kept the answer from counting; the disagreement is still information
    if _holds_the_slot(fact, row, linked_to, contract, contracts):
        return "vetoed"  # one value at a time: a weaker voice's other value is a conflict, not a second value
    return "applied"


def _disagrees(candidate: CandidateJudgement | None, t: Thresholds) -> bool:
    answer = candidate.relation.answer if candidate is not None and candidate.relation is not None else None
    return answer is not None and not answer.fallback and answer.chosen in SUPERSEDING and answer.confidence >= t.act


def _holds_the_slot(fact: Mapping[str, Any], row: Mapping[str, Any], linked_to: str | None, contract: Any,
                    contracts: Contracts) -> bool:
    """A stored active value of the same one-valued slot, set by a stronger voice, that the statement does not
    repeat: whatever the decision model made of the pair, the weaker voice's value cannot stand beside it."""
    if contract.rule != "supersede" or not contract.authority or fact.get("status") != ACTIVE:
        return False
    if linked_to == fact["fact_id"] or not contracts.outranked(row, fact):
        return False
    same_slot = (fact.get("relation") == row.get("relation")
                 and str(fact.get("subject") or "").lower() == str(row.get("subject") or "").lower())
    return same_slot and str(fact.get("object") or "").lower() != str(row.get("object") or "").lower()


def _refused(fact: Mapping[str, Any], row: Mapping[str, Any], linked_to: str | None, contract: Any,
             contracts: Contracts) -> bool:
    """Another value of the slot a stronger voice set moments ago, stated by the customer (Contracts.contests):
    the customer refusing the change ("No, I didn't ask for that, I'm still on Basic"), which closes it."""
    if contract.rule != "supersede" or not contract.authority or fact.get("status") != ACTIVE:
        return False
    if linked_to == fact["fact_id"] or contracts.rank(row.get("source")) >= contracts.fact_rank(fact):
        return False
    same_slot = (fact.get("relation") == row.get("relation")
                 and str(fact.get("object") or "").lower() != str(row.get("object") or "").lower())
    return same_slot and contracts.contests(row, fact)


def contract_name(fact: Mapping[str, Any], contracts: Contracts) -> str:
    return fact.get("contract") or contracts.kind_of(fact.get("relation"), fact.get("kind"))


def same_thing(new: Mapping[str, Any], issue: Mapping[str, Any]) -> bool:
    """Whether a fix is about the issue's thing: an entity or a content word of the object in common."""
    if set(new.get("entities") or ()) & set(issue.get("entities") or ()) - {"customer"}:
        return True
    return bool(_things(new) & _things(issue))


def _things(row: Mapping[str, Any]) -> set[str]:
    words = str(row.get("object") or row.get("text") or "").lower().replace("'s", " ").split()
    return {w.strip(".,!") for w in words} - _THING_STOP - {""}


def _lowers(event: Event) -> bool:
    if event.kind == FACT_CLOSED:
        return True
    return event.kind == BELIEF_CHANGED and float(event.after.get("belief", 1.0)) < float(
        (event.before or {}).get("belief", 0.0))


def _stamped(event: Event, stamp: Mapping[str, Any], entry: str) -> Event:
    return dataclasses.replace(event, detail={**event.detail, "contract": dict(stamp), "source": parse_source(entry)})


def _side_row(row: Mapping[str, Any], linked_to: str | None, stored: Mapping[str, Mapping[str, Any]]
              ) -> Mapping[str, Any]:
    """The statement's side of a conflict: the fact it was linked to, else itself."""
    return stored.get(linked_to, row) if linked_to else row


def _head_event(event: Event, row: Mapping[str, Any], entry: str, linked_to: str | None, vetoed: bool,
                conflicts: list[str], stored: Mapping[str, Mapping[str, Any]], t: Thresholds,
                contracts: Contracts) -> Event:
    stamp = {"kind": row.get("contract") or "default", "rule": "add", "sources": [entry]}
    if event.kind == FACT_ADDED:
        after = dict(event.after)
        if vetoed:
            after.update(status=TENTATIVE, belief=t.tentative_belief)
        if conflicts:
            after["conflicts"] = [*(after.get("conflicts") or []), *conflicts]
        return dataclasses.replace(event, after=after, detail={**event.detail, "contract": stamp,
                                                               "source": parse_source(entry)})
    if event.kind == LINK_MADE and linked_to:
        target = stored.get(linked_to, {})
        sources = list(target.get("sources") or [])
        stamp = {"kind": contract_name(target, contracts) if target else "default", "rule": "reinforce",
                 "sources": [entry]}
        before = {**(event.before or {}), "sources": sources}
        after = {**event.after, "sources": sources + ([entry] if entry and entry not in sources else [])}
        if conflicts:
            after["conflicts"] = [*(target.get("conflicts") or []), *[c for c in conflicts
                                                                      if c not in (target.get("conflicts") or [])]]
        return dataclasses.replace(event, before=before, after=after,
                                   detail={**event.detail, "contract": stamp, "source": parse_source(entry)})
    return _stamped(event, stamp, entry)


def _settlements(fact: Mapping[str, Any], events: list[Event], row: Mapping[str, Any], linked_to: str | None,
                 contracts: Contracts, stored: Mapping[str, Mapping[str, Any]], stamp: Mapping[str, Any],
                 entry: str) -> list[Event]:
    """A statement of an equal or stronger voice about a fact with open conflicts settles them."""
    sides = [json.loads(c) for c in (fact.get("conflicts") or [])]
    voice = row.get("source") or CUSTOMER
    if not sides or contracts.get(contract_name(fact, contracts)).rule != "supersede" or \
            not contracts.settles(voice, fact):
        return []
    fact_id, statement_id = fact["fact_id"], row["fact_id"]
    holder = linked_to or statement_id
    closes_fact = any(e.kind == FACT_CLOSED for e in events)
    detail = {"contract": {**stamp, "rule": "settle"}, "source": parse_source(entry)}
    settled = [Event(CONFLICT_SETTLED, fact_id, {"conflicts": list(fact.get("conflicts") or [])}, {"conflicts": []},
                     statement_id, None, {**detail, "sides": [s.get("fact_id") for s in sides]})]
    for side in sides:
        other = stored.get(side.get("fact_id") or "")
        if other is None:
            continue
        left = [c for c in (other.get("conflicts") or []) if json.loads(c).get("fact_id") != fact_id]
        before = {"conflicts": list(other.get("conflicts") or []), "status": other.get("status"),
                  "valid_until": other.get("valid_until"), "superseded_by": other.get("superseded_by"),
                  "closed_reason": other.get("closed_reason")}
        if closes_fact and holder == other["fact_id"]:
            after = {"conflicts": left, "status": ACTIVE}  # the statement agrees with the side that lost
        elif other.get("status") != CLOSED:
            after = {"conflicts": left, "status": CLOSED, "valid_until": row.get("said_at"),
                     "superseded_by": fact_id if not closes_fact else holder, "closed_reason": CLOSED_AS_SETTLED}
        else:
            after = {"conflicts": left}
        settled.append(Event(CONFLICT_SETTLED, other["fact_id"], before, after, statement_id, None,
                             {**detail, "settled_with": fact_id}))
    return settled
