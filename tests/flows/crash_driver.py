"""One step of a store's life in its own process, so a crash test can kill it at a named commit boundary.

    python -m tests.flows.crash_driver STEP STORE [ARG]

Steps: night-1 (Leeds, two dogs, Berlin: all active), night-2 (Porto: closes Berlin), consolidate (prints the
plan id), apply PLAN, restore PLAN, rescore (prints the plan id). Every step first heals what an earlier,
killed step left open (tasks/plans/heal.py), as every writing command does. ARCHIVIST_CRASH_AT picks the kill.
"""

from __future__ import annotations

import sys

from archivist.storage.facts import load_partition_state
from archivist.storage.store import Store
from archivist.tasks.consolidate.run import consolidate_store
from archivist.tasks.extract import problem_rows
from archivist.tasks.plans.apply import apply_plan, restore_plan
from archivist.tasks.plans.heal import heal_store
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import rescore_store
from archivist.tasks.writepath.decide import process_new_facts
from archivist.tasks.writepath.partition import FactsResult, commit_facts
from tests.fakes.fact_stores import QUESTIONS, R, T
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

SCOPE = ("acme", "cust-1")
NIGHTS = {
    "night-1": [statement("I live in Leeds", day=0), statement("I have a dog named Rex", day=1, relation="pet"),
                statement("My dog is called Rex", day=5, relation="pet"), statement("I moved to Berlin", day=10)],
    "night-2": [statement("I moved to Porto", day=20)],
}


def night_decider() -> ScriptedDecider:
    decider = ScriptedDecider(model="night-1")
    decider.script("relation:*", {"update": 0.97}, fact="moved to Porto", target="moved to Berlin")
    decider.script("relation_alt:*", {"update": 0.97}, fact="moved to Porto", target="moved to Berlin")
    return decider


def pair_decider() -> ScriptedDecider:
    decider = ScriptedDecider(model="pairs-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation:*", {"duplicate": 0.93}, fact="dog is called Rex", target="dog named Rex")
    return decider


def rescore_decider() -> ScriptedDecider:
    decider = ScriptedDecider(model="new-2")
    decider.script("relation:*", {"new": 0.9}, fact="moved to Porto")
    decider.script("relation_alt:*", {"new": 0.9}, fact="moved to Porto")
    return decider


def night(store: Store, name: str) -> None:
    said = NIGHTS[name]
    state = load_partition_state(store, [SCOPE], DIM)
    changes = process_new_facts(said, state, night_decider(), QUESTIONS, T, R, run_id=name)
    result = FactsResult(0, changes, _no_turns(), problem_rows([]))
    commit_facts(store, result, DIM, name)


def _no_turns():
    from archivist.tasks.writepath.partition import _extracted_rows

    return _extracted_rows([], "scripted", "")


def main(step: str, uri: str, arg: str | None = None) -> None:
    store = Store(uri)
    heal_store(store)
    if step.startswith("night-"):
        night(store, step)
    elif step == "consolidate":
        plan = consolidate_store(store, pair_decider(), QUESTIONS.latest("relation"), T, R, run_id="consolidate-1",
                                 dim=DIM, scopes=[SCOPE])
        print(plan.plan_id)
    elif step == "apply":
        apply_plan(store, arg or "")
    elif step == "restore":
        restore_plan(store, arg or "")
    elif step == "rescore":
        work = rebuild_requests(store, stored_decisions(store, new_model="new-2"), QUESTIONS)
        outcome = rescore_store(store, work, rescore_decider(), run_id="rescore-1", model="new-2", t=T, relations=R)
        print(outcome.plan.plan_id if outcome.plan else "")
    elif step != "heal":
        raise SystemExit(f"unknown step {step!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
