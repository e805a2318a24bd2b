"""Question set v2's request state: the statement's voice and each stored fact's status and quote.

A v1 request keeps its exact bytes (so its hash, cached answers and decision ids), and a re-score rebuilds the
v2 state the write path sent, with each stored fact as it stood before the statement changed it.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.ids import request_hash
from archivist.storage.facts import commit_partition, load_partition_state
from archivist.storage.store import Store
from archivist.tasks.decisions.types import Question
from archivist.tasks.policy.requests import statement_request
from archivist.tasks.rescore.requests import rebuild_requests, stored_decisions
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM, statement

SAID = datetime(2024, 3, 1, tzinfo=UTC)
STORED = {"fact_id": "f-leeds", "text": "customer lives in Leeds", "said_at": SAID, "subject": "customer",
          "relation": "address", "object": "Leeds", "status": "tentative", "quote": "I live in Leeds", "kind": "fact"}


def _request(version: int, role: str | None):
    return statement_request("I moved to Berlin", "customer lives in Berlin", SAID, [STORED],
                             ScriptedQuestions(version), {"subject": "customer", "relation": "address",
                                                          "object": "Berlin"}, role)


def test_a_v1_request_keeps_its_exact_state_and_hash_whatever_the_role():
    v1_state = {"message": "I moved to Berlin", "said_at": SAID.isoformat(), "fact": "customer lives in Berlin",
                "targets": {"c1": {"text": "customer lives in Leeds", "said_at": SAID.isoformat(),
                                   "slot": {"subject": "customer", "relation": "address", "object": "Leeds"}}},
                "slot": {"subject": "customer", "relation": "address", "object": "Berlin"}}
    for role in (None, "agent"):
        asked = _request(1, role)
        assert json.dumps(asked.request.state, sort_keys=True) == json.dumps(v1_state, sort_keys=True)
        assert request_hash(asked.request.state) == request_hash(v1_state)
        assert asked.second is not None and "role" not in asked.second.state
        assert "status" not in asked.second.state["targets"]["c1"]


def test_a_v2_request_carries_the_voice_and_the_stored_facts_status_and_quote():
    asked = _request(2, "agent")
    for state in (asked.request.state, asked.second.state):  # type: ignore[union-attr]
        assert state["role"] == "agent"
        assert (state["targets"]["c1"]["status"], state["targets"]["c1"]["quote"]) == ("tentative", "I live in Leeds")
    assert _request(2, None).request.state["role"] == "customer"  # no role reads as a customer's
    assert request_hash(asked.request.state) != request_hash(_request(1, "agent").request.state)


class V2:
    def __init__(self):
        self.book = ScriptedQuestions(2)

    def get(self, question_id: str, version: int) -> Question:
        assert version == 2
        return self.book.latest(question_id)


def test_a_rescore_rebuilds_the_v2_state_the_write_path_sent(tmp_path):
    store = Store(str(tmp_path / "store"))
    decider = ScriptedDecider(model="m-1")
    decider.script("relation:*", {"update": 0.97}, fact="moved to Berlin", target="live in Leeds")
    decider.script("relation_alt:*", {"update": 0.97}, fact="moved to Berlin", target="live in Leeds")
    leeds = dataclasses.replace(statement("I live in Leeds", day=0, obj="Leeds"), role="customer")
    berlin = dataclasses.replace(statement("I moved to Berlin", day=5, obj="Berlin"), role="customer")
    for night, fact in enumerate([leeds, berlin]):
        state = load_partition_state(store, [("acme", "cust-1")], DIM)
        changes = process_new_facts([fact], state, decider, ScriptedQuestions(2), load_thresholds(),
                                    load_relations(), run_id=f"night-{night}")
        commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    sent = {json.dumps(r.state, sort_keys=True, default=str) for r in decider.requests if r.state.get("targets")}
    assert sent and all('"status": "active"' in s for s in sent)  # Leeds was active when Berlin was asked

    from archivist.storage.events import replay_facts, scope_events

    now = {r["text"]: r["status"] for r in replay_facts(scope_events(store, [("acme", "cust-1")])).to_dicts()}
    assert now["I live in Leeds"] == "closed"
    work = rebuild_requests(store, stored_decisions(store, new_model="m-2"), V2())
    rebuilt = {json.dumps(r.request.state, sort_keys=True, default=str) for r in work.requests
               if r.request.state.get("targets")}
    assert rebuilt == sent  # Leeds is closed now, yet the re-asked state shows it as it stood then
