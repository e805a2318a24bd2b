"""Re-scoring a tenant or the whole store: requests are rebuilt within one scope, and no decision is lost."""

from __future__ import annotations

from archivist.storage.store import Store
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.rescore.run import rescore_store
from tests.fakes.fact_stores import QUESTIONS, R, T, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import statement

SCOPES = ("cust-1", "cust-2", "cust-3", "cust-4")


def same_words_in_every_scope(db: Store) -> None:
    """Four customers say the same things on the same days: their requests are byte-identical, so the stored
    decisions of different scopes share request hashes."""
    night = [s for scope in SCOPES for s in (statement("I live in Leeds", day=0, scope=scope),
                                             statement("I have a dog", day=3, relation="pet", scope=scope))]
    # The dog's first reading could end Leeds, so its second reading is asked too (tasks/policy/readings.py).
    write_night(db, night, ScriptedDecider(model="old-1").script("relation:*", {"update": 0.95}, fact="dog"))


def test_a_store_wide_rescore_rebuilds_each_request_within_one_scope_and_loses_no_decision(tmp_path):
    db = Store(str(tmp_path / "store"))
    same_words_in_every_scope(db)
    decisions = stored_decisions(db, new_model="new-2")
    assert decisions["request_hash"].n_unique() < decisions.height  # the collision the old grouping fell into
    work = rebuild_requests(db, decisions, QUESTIONS)

    for rebuilt in work.requests:
        scopes = {(row["tenant"], row["scope"]) for row in rebuilt.old.values()}
        assert len(scopes) == 1, f"one request mixed the targets of {sorted(scopes)}"
        assert len({row["subject_fact_id"] for row in rebuilt.old.values()}) == 1
    asked = [row["decision_id"] for rebuilt in work.requests for row in rebuilt.old.values()]
    assert len(asked) == len(set(asked))
    # Every stored decision is either re-asked or listed as skipped with its reason.
    assert sorted(asked + list(work.skipped_ids)) == sorted(decisions["decision_id"].to_list())
    assert work.decisions_asked == decisions.height == db.count("decisions")
    assert len(work.requests) == 3 * len(SCOPES)  # Leeds alone; the dog with Leeds, and its second reading

    decider = ScriptedDecider(model="new-2")
    outcome = rescore_store(db, work, decider, run_id="rescore-1", model="new-2", t=T, relations=R)
    assert len(outcome.rescored) == decisions.height
    assert db.count("decisions", "run_id = 'rescore-1'") == decisions.height
    for request in decider.requests:
        assert "targets" not in request.state or len(request.state["targets"]) <= 1  # a scope's own dog, at most


def test_a_decision_that_cannot_be_rebuilt_is_listed_with_its_reason(tmp_path):
    db = Store(str(tmp_path / "store"))
    decider = ScriptedDecider(model="old-1")
    decider.script("relation:*", {"duplicate": 0.95}, fact="home is Leeds")
    write_night(db, [statement("I live in Leeds", day=0), statement("My home is Leeds", day=1)], decider)
    decisions = stored_decisions(db, new_model="new-2")
    work = rebuild_requests(db, decisions, QUESTIONS)
    reasons = set(work.skipped_ids.values())
    assert reasons == {"statement not stored (linked as a duplicate or dropped)"}
    assert sum(work.skipped.values()) == len(work.skipped_ids) == 7  # a duplicate has no second reading
    asked = [row["decision_id"] for rebuilt in work.requests for row in rebuilt.old.values()]
    assert sorted(asked + list(work.skipped_ids)) == sorted(decisions["decision_id"].to_list())
