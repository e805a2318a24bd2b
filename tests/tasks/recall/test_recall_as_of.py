"""Recall as of a past moment reads the store as it stood then: beliefs, statuses, links and ranking replayed.

The facts go through the real write path (events and all), so the replay has something to replay: Ana lived
in Lisbon, then moved to Porto, which closed the Lisbon address and took its belief down.
"""

from __future__ import annotations

import dataclasses

import pytest

from archivist.configs.settings import load_settings
from archivist.storage.facts import commit_partition, load_partition_state
from archivist.storage.meta import record_embedder
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.recall.read import recall
from archivist.tasks.writepath.decide import process_new_facts
from tests.fakes.fact_stores import QUESTIONS, R, T, by_text, replayed
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import at_day, statement

LISBON = "Ana lives at Rua Augusta 12, Lisbon"
PORTO = "Ana moved to Rua das Flores 7, Porto"
OTHERS = ["Ana's router drops the connection in the evening", "Ana prefers email to phone calls",
          "Ana pays by direct debit", "Ana has a fibre plan"]


@pytest.fixture(scope="module")
def moved(tmp_path_factory):
    settings = load_settings()
    embedder = get_embedder(settings)
    store = Store(str(tmp_path_factory.mktemp("as-of-store")))
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    said = [statement(LISBON, day=0, scope="ana"),
            *[statement(text, day=1 + i, relation="preference", scope="ana") for i, text in enumerate(OTHERS)],
            statement(PORTO, day=400, scope="ana")]
    vectors = embedder.embed([s.text for s in said])
    said = [dataclasses.replace(s, vector=v) for s, v in zip(said, vectors, strict=True)]
    decider = ScriptedDecider(model="old-1")
    decider.script("relation:*", {"update": 0.97}, fact="Porto", target="Lisbon")
    decider.script("relation_alt:*", {"update": 0.97}, fact="Porto", target="Lisbon")
    state = load_partition_state(store, [("acme", "ana")], embedder.dim)
    changes = process_new_facts(said, state, decider, QUESTIONS, T, R, run_id="night-1")
    commit_partition(store, changes.decisions, changes.facts, changes.events, embedder.dim)
    now = by_text(replayed(store))
    assert now[LISBON]["status"] == "closed" and now[LISBON]["belief"] < 0.5  # what today's table says
    return store, settings


def relevance(**scores: float) -> ScriptedDecider:
    decider = ScriptedDecider()
    for word, p in scores.items():
        decider.script("relevance:*", {"true": p}, target=word)
    return decider


def test_a_fact_current_at_the_moment_is_shown_current_and_ranked_by_its_belief_then(moved):
    store, settings = moved
    decider = relevance(Lisbon=0.9, router=0.7, email=0.7, debit=0.7, fibre=0.7)
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    over="facts", as_of=at_day(200), decider=decider)
    texts = [line.text for line in result.lines]
    assert texts[0] == LISBON, texts
    first = result.lines[0]
    assert not first.superseded and "superseded" not in first.rendered
    assert first.belief > 0.5  # the belief it had at day 200, not today's
    assert PORTO not in texts  # not said yet


def test_now_the_same_question_shows_the_move_and_the_old_address_as_superseded(moved):
    store, settings = moved
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    over="facts", decider=relevance(Lisbon=0.9, Porto=0.9))
    texts = [line.text for line in result.lines]
    assert texts[:2] == [PORTO, LISBON]
    assert result.lines[1].superseded and "(superseded until" in result.lines[1].rendered


def test_as_of_after_the_move_reads_the_links_as_they_stood(moved):
    store, settings = moved
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    over="facts", as_of=at_day(401), decider=relevance(Lisbon=0.9, Porto=0.9))
    texts = [line.text for line in result.lines]
    assert texts[:2] == [PORTO, LISBON] and result.lines[1].superseded
