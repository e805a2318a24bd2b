"""Recall over a small conversation written for the purpose: Ana moves from Lisbon to Porto.

The store holds Ana's turns and facts (the Lisbon address closed and superseded by Porto), another scope of
the same tenant and another tenant with a scope of the same name, so that leaks would show. Relevance comes
from a scripted decider, never from a model.
"""

from __future__ import annotations

from datetime import datetime, timezone

import polars as pl
import pyarrow as pa
import pytest

from archivist.configs.settings import load_settings
from archivist.ids import content_id
from archivist.storage import schemas
from archivist.storage.fact_schemas import facts_schema
from archivist.storage.facts import ensure_fact_tables, write_facts
from archivist.storage.meta import record_embedder
from archivist.storage.store import Store
from archivist.storage.turns import ensure_ingest_tables, write_turns
from archivist.tasks.ingest.embed import get_embedder
from archivist.tasks.providers.tokens import count_tokens
from archivist.tasks.recall.read import ReadPathLimits, recall
from archivist.tasks.recall.rerank import select
from archivist.tasks.recall.shortlist import (
    lexical_query,
    named_speakers,
    ordered,
    reciprocal_rank_fusion,
    spread_to_neighbours,
)
from tests.fakes.scripted_decider import ScriptedDecider


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


ANA_TURNS = [
    ("2023-01-10", "Ana", "Hi! I just moved into a flat in Lisbon, near the river."),
    ("2023-01-10", "agent", "Welcome! What's your new address?"),
    ("2023-01-10", "Ana", "It's Rua Augusta 12, Lisbon."),
    ("2023-06-02", "Ana", "My router keeps dropping the connection in the evening."),
    ("2023-06-02", "agent", "Let's restart it remotely and watch it for a week."),
    ("2024-03-05", "Ana", "Big news, I moved to Porto last week."),
    ("2024-03-05", "Ana", "My new address is Rua das Flores 7, Porto."),
    ("2024-03-05", "agent", "Thanks, I've updated your delivery address."),
]
OTHERS = [  # (tenant, scope, text): the same words, somebody else's memory
    ("acme", "ben", "I live in Lisbon too, at Rua Augusta 3."),
    ("acme", "ben", "My router is fine, thanks."),
    ("globex", "ana", "I live in Madrid, Calle Mayor 1."),
    ("globex", "ana", "I moved to Porto? No, Madrid."),
]


def turn_rows(embedder) -> pa.Table:
    records = []
    for index, (said, speaker, text) in enumerate(ANA_TURNS):
        records.append(("acme", "ana", "ana-chat", index, speaker, text, day(said)))
    for index, (tenant, scope, text) in enumerate(OTHERS):
        records.append((tenant, scope, f"{scope}-chat", index, scope, text, day("2023-02-01")))
    vectors = embedder.embed([r[5] for r in records])
    rows = [
        {"turn_id": content_id(t, s, c, i, x), "tenant": t, "scope": s, "conversation_id": c, "turn_index": i,
         "speaker": sp, "role": "user", "text": x, "said_at": at, "source_file": "test", "source_line": n,
         "run_id": "test", "vector": vectors[n].tolist()}
        for n, (t, s, c, i, sp, x, at) in enumerate(records)
    ]
    return pa.Table.from_pylist(rows, schema=schemas.turns_schema(embedder.dim))


def fact(fact_id, text, *, tenant="acme", scope="ana", relation="address", quote=None, said="2023-01-10",
         valid_until=None, status="active", superseded_by=None, belief=0.9, source_turn_id=None):
    return {
        "fact_id": fact_id, "tenant": tenant, "scope": scope, "subject": scope, "relation": relation,
        "object": None, "text": text, "quote": quote, "source_turn_id": source_turn_id, "said_at": day(said),
        "valid_from": day(said), "valid_until": day(valid_until) if valid_until else None, "belief": belief,
        "status": status, "kind": "fact", "temporal_status": "current", "durability": "2", "sensitivity": "personal",
        "superseded_by": superseded_by, "same_as": [], "entities": [], "evidence_against": 0, "closed_reason": None,
        "run_id": "test",
    }


FACTS = [
    fact("f-lisbon", "Ana lives at Rua Augusta 12, Lisbon", quote="It's Rua Augusta 12, Lisbon.",
         valid_until="2024-03-05", status="closed", superseded_by="f-porto", belief=0.1),
    fact("f-porto", "Ana lives at Rua das Flores 7, Porto", quote="My new address is Rua das Flores 7, Porto.",
         said="2024-03-05"),
    fact("f-router", "Ana's router drops the connection in the evening", relation="device", said="2023-06-02"),
    fact("f-ben", "Ben lives at Rua Augusta 3, Lisbon", scope="ben"),
    fact("f-globex", "Ana lives at Calle Mayor 1, Madrid", tenant="globex"),
    # A scope where many facts share the question's words and the address fact shares none.
    *[fact(f"f-carol-{i}", f"Carol loved the live jazz concert number {i}", scope="carol", relation="preference")
      for i in range(40)],
    fact("f-carol-home", "Carol's home is 5 Elm Road", scope="carol"),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory):
    settings = load_settings()
    embedder = get_embedder(settings)
    store = Store(str(tmp_path_factory.mktemp("recall-store")))
    ensure_ingest_tables(store, embedder.dim)
    record_embedder(store, embedder.name, embedder.dim)
    write_turns(store, turn_rows(embedder))
    ensure_fact_tables(store, embedder.dim)
    row_schema = pl.from_arrow(facts_schema(embedder.dim).empty_table()).schema
    frame = pl.DataFrame(FACTS, schema={name: dtype for name, dtype in row_schema.items() if name != "vector"})
    vectors = embedder.embed(frame["text"].to_list())
    frame = frame.with_columns(pl.Series("vector", vectors.tolist(), dtype=pl.Array(pl.Float32, embedder.dim)))
    write_facts(store, frame, embedder.dim)
    return store, settings


def relevant_to(*words: str) -> ScriptedDecider:
    decider = ScriptedDecider()
    for word in words:
        decider.script("relevance:*", {"true": 0.9}, target=word)
    return decider


def test_a_changed_fact_comes_back_current_first_with_the_old_value_marked_superseded(memory):
    store, settings = memory
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    over="facts", decider=relevant_to("Rua"))
    ids = [line.item_id for line in result.lines]
    assert ids[:2] == ["f-porto", "f-lisbon"]
    current, old = result.lines[0], result.lines[1]
    assert not current.superseded and old.superseded and old.source == "superseded"
    assert old.rendered.startswith("[2023-01-10] (superseded until 2024-03-05) Ana lives at Rua Augusta 12")
    assert current.rendered == ('[2024-03-05] Ana lives at Rua das Flores 7, Porto — '
                                '"My new address is Rua das Flores 7, Porto."')
    assert "address" in result.relations


def test_a_closed_fact_never_appears_as_current_even_when_asked_for_by_its_words(memory):
    store, settings = memory
    result = recall("Does Ana live at Rua Augusta 12 in Lisbon?", store=store, settings=settings, tenant="acme",
                    scope="ana", over="facts", decider=relevant_to("Lisbon", "Porto"))
    lisbon = [line for line in result.lines if line.item_id == "f-lisbon"]
    assert lisbon and all(line.superseded for line in lisbon)
    assert "f-lisbon" not in result.shortlist_ids


def test_as_of_a_moment_before_the_move_gives_what_was_valid_then(memory):
    store, settings = memory
    as_of = day("2023-08-01")
    facts = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                   over="facts", as_of=as_of, decider=relevant_to("Rua"))
    assert "f-porto" not in [line.item_id for line in facts.lines]
    assert [line.superseded for line in facts.lines if line.item_id == "f-lisbon"] == [True]
    turns = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                   as_of=as_of, decider=relevant_to("Lisbon", "Porto"))
    assert turns.lines and all(line.said_at <= as_of for line in turns.lines)
    assert not any("Porto" in line.text for line in turns.lines)


def test_a_question_naming_a_relation_pulls_in_current_facts_of_that_relation(memory):
    store, settings = memory
    result = recall("Where does Carol live?", store=store, settings=settings, tenant="acme", scope="carol",
                    over="facts", decider=relevant_to("home"), limits=ReadPathLimits(shortlist=5, floor=2))
    assert "f-carol-home" not in result.shortlist_ids
    assert result.lines[0].item_id == "f-carol-home" and result.lines[0].source == "relation"


@pytest.mark.parametrize("budget", [8, 20, 33, 60, 150, 1000])
def test_the_token_budget_is_never_exceeded(memory, budget):
    store, settings = memory
    result = recall("What happened with Ana's address and her router?", store=store, settings=settings,
                    tenant="acme", scope="ana", k=None, budget_tokens=budget, decider=relevant_to("a"))
    assert count_tokens(result.text) <= budget
    assert result.tokens == count_tokens(result.text)
    if budget >= 1000:
        assert len(result.lines) == len(ANA_TURNS) and result.cut is None
    elif result.lines:
        assert result.cut == "budget"


def test_the_budget_cut_is_exact_at_line_boundaries(memory):
    store, settings = memory
    ask = dict(store=store, settings=settings, tenant="acme", scope="ana", k=None, decider=relevant_to("a"))
    question = "Where does Ana live and what about her router?"
    full = recall(question, **ask)
    for n in (1, 2, 3):
        exact = count_tokens("\n".join(line.rendered for line in full.lines[:n]))
        assert len(recall(question, budget_tokens=exact, **ask).lines) == n
        assert len(recall(question, budget_tokens=exact - 1, **ask).lines) == n - 1


def test_k_cuts_the_lines(memory):
    store, settings = memory
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana", k=2,
                    decider=relevant_to("a"))
    assert len(result.lines) == 2 and result.cut == "k"


def test_turn_lines_are_rendered_with_date_and_speaker(memory):
    store, settings = memory
    result = recall("What is Ana's new address in Porto?", store=store, settings=settings, tenant="acme",
                    scope="ana", rerank=False)
    assert "[2024-03-05] Ana: My new address is Rua das Flores 7, Porto." in [line.rendered for line in result.lines]
    assert result.named_speakers == ["Ana"]


@pytest.mark.parametrize("over", ["turns", "facts"])
@pytest.mark.parametrize(("tenant", "scope"), [("acme", "ana"), ("acme", "ben"), ("globex", "ana")])
def test_a_scope_never_sees_another_scopes_or_tenants_memories(memory, over, tenant, scope):
    store, settings = memory
    table = store.read(over, columns=["turn_id" if over == "turns" else "fact_id", "tenant", "scope"])
    own = {row[0] for row in table.iter_rows() if row[1] == tenant and row[2] == scope}
    result = recall("Where does Ana live, Lisbon, Porto or Madrid? Rua Augusta?", store=store, settings=settings,
                    tenant=tenant, scope=scope, over=over, k=None, decider=relevant_to("a"))
    assert result.lines
    assert {line.item_id for line in result.lines} <= own
    assert set(result.shortlist_ids) <= own


def test_an_empty_store_answers_with_no_lines_and_no_error(tmp_path, memory):
    _, settings = memory
    result = recall("Where does Ana live?", store=Store(str(tmp_path / "empty")), settings=settings,
                    tenant="acme", scope="ana", over="turns")
    assert result.lines == [] and result.error is None and result.text == ""
    facts = recall("Where does Ana live?", store=Store(str(tmp_path / "empty")), settings=settings,
                   tenant="acme", scope="ana", over="facts")
    assert facts.lines == [] and facts.error is None


def test_an_unknown_scope_answers_with_no_lines(memory):
    store, settings = memory
    decider = relevant_to("a")
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="nobody",
                    decider=decider)
    assert result.lines == [] and result.shortlist_ids == [] and decider.requests == []


def test_one_relevance_request_scores_the_whole_shortlist(memory):
    store, settings = memory
    decider = relevant_to("Porto")
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    decider=decider)
    assert len(decider.requests) == 1
    request = decider.requests[0]
    assert len(request.questions) == len(result.shortlist_ids)
    assert request.state["query"] == "Where does Ana live?"
    assert all(key.startswith("relevance:") for key in request.questions)
    assert result.reranked and result.lines[0].relevance == pytest.approx(0.9)


def test_a_failing_rerank_still_answers_in_shortlist_order_and_says_why(memory):
    class Broken:
        def decide(self, request):
            raise RuntimeError("provider down")

    store, settings = memory
    result = recall("Where does Ana live?", store=store, settings=settings, tenant="acme", scope="ana",
                    decider=Broken())
    assert "provider down" in result.error and not result.reranked
    assert [line.item_id for line in result.lines] == result.shortlist_ids[: len(result.lines)]


# -- the pure parts ---------------------------------------------------------------------------------------


def test_reciprocal_rank_fusion_on_a_tiny_example():
    scores = reciprocal_rank_fusion([["a", "b", "c"], ["c", "a"]], k=60)
    assert scores["a"] == pytest.approx(1 / 61 + 1 / 62)
    assert scores["b"] == pytest.approx(1 / 62)
    assert scores["c"] == pytest.approx(1 / 63 + 1 / 61)
    assert ordered(scores) == ["a", "c", "b"]
    weighted = reciprocal_rank_fusion([["a", "b"], ["b", "a"]], k=0, weights=[3, 1])
    assert weighted == {"a": pytest.approx(3 / 1 + 1 / 2), "b": pytest.approx(3 / 2 + 1 / 1)}


def test_bm25_hits_lend_their_score_to_neighbouring_turns():
    spread = spread_to_neighbours([(("c", 5), 2.0), (("c", 6), 1.0)], {0: 1.0, 1: 0.5, -1: 0.5})
    assert spread == {("c", 5): 2.0 + 0.5, ("c", 6): 1.0 + 1.0, ("c", 4): 1.0, ("c", 7): 0.5}
    assert spread_to_neighbours([(("c", 0), 1.0)], {-1: 0.5, 0: 1.0}) == {("c", 0): 1.0}


def test_named_speakers_leave_the_lexical_query_but_are_recognised():
    speakers = {"Caroline", "Melanie", "agent"}
    assert named_speakers("When did Caroline's friend visit Mel?", speakers) == {"Caroline"}
    assert lexical_query("When did Caroline's friend visit?", {"Caroline"}) == "When did friend visit?"
    assert lexical_query("Caroline?", {"Caroline"}) == "Caroline?"


def test_selection_keeps_relevant_items_and_the_floor_ordered_by_relevance_times_belief():
    shortlist = ["a", "b", "c", "d", "e"]
    relevance = {"a": 0.2, "b": 0.9, "c": 0.3, "d": 0.8, "e": 0.6, "x": 0.95}
    belief = {"d": 0.5, "x": 1.0}
    chosen = select(shortlist, relevance, belief, threshold=0.5, floor=2, extra=["x"])
    assert chosen.ids[:5] == ["x", "b", "e", "d", "a"]
    assert chosen.floor == {"a"}
    # Judged irrelevant and past the floor: after the reranked head, not dropped.
    assert chosen.ids[5:] == ["c"] and chosen.tail == ["c"]


def test_selection_never_holds_less_of_the_shortlist_than_fused_order_at_any_depth():
    shortlist = [f"s{i}" for i in range(12)]
    relevance = {item: 0.1 for item in shortlist} | {"s9": 0.9, "s11": 0.7, "x": 0.2}
    chosen = select(shortlist, relevance, {}, threshold=0.5, floor=3, extra=["x"])
    assert chosen.ids[:2] == ["s9", "s11"]
    assert sorted(chosen.ids) == sorted(shortlist)  # an irrelevant extra item is left out, no line is lost
    for k in range(1, len(shortlist) + 1):
        # What the rerank lifts comes first; everything else keeps fused order, so fused search's first k
        # are all within the first k + (lifted lines) of the selection.
        lifted = {"s9", "s11"} - set(shortlist[:k])
        assert set(shortlist[:k]) <= set(chosen.ids[:k + len(lifted)])


def test_questions_name_relations_by_their_usual_words():
    from archivist.tasks.recall.relations import relations_named

    # configs/relations.toml may add relations that share these words; the built-in cues must still be there.
    assert "address" in relations_named("Where does she live now?")
    assert "employer" in relations_named("Who does Ana work for?")
    assert relations_named("How long has Caroline had her group of friends?") == []
