"""Small stores of facts written through the real write path, for consolidation, plan and re-score tests."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import polars as pl

from archivist.configs.relations import load_relations
from archivist.configs.thresholds import load_thresholds
from archivist.storage.events import read_events, replay_facts
from archivist.storage.facts import commit_partition, load_partition_state
from archivist.storage.store import Store
from archivist.tasks.decisions.types import Question
from archivist.tasks.writepath.decide import NewFact, PartitionChanges, process_new_facts
from tests.fakes.scripted_decider import ScriptedDecider, ScriptedQuestions
from tests.fakes.statements import DIM

T = load_thresholds()
# The statements' vectors are random (tests/fakes/statements.py), not an embedding: the candidate floor would drop
# a random share of the cosine candidates, so a fake night asks every one (tests/tasks/policy tests the floor).
ASK_ALL = T.model_copy(update={"candidate_min_cosine": 0.0})
R = load_relations()


class VersionedQuestions(ScriptedQuestions):
    """The scripted questions, also looked up by (id, version) as a re-score does."""

    def get(self, question_id: str, version: int) -> Question:
        question = self.latest(question_id)
        if question.version != version:
            raise KeyError(f"no question {question_id!r} version {version}")
        return question


QUESTIONS = VersionedQuestions()


def write_night(store: Store, statements: Sequence[NewFact], decider: ScriptedDecider | None = None,
                run_id: str = "night-1") -> PartitionChanges:
    """Process `statements` against what their scopes hold and commit them (one partition)."""
    scopes = sorted({(s.tenant, s.scope) for s in statements})
    state = load_partition_state(store, scopes, DIM)
    changes = process_new_facts(list(statements), state, decider or ScriptedDecider(), QUESTIONS, ASK_ALL, R,
                                run_id=run_id)
    commit_partition(store, changes.decisions, changes.facts, changes.events, DIM)
    return changes


def facts_table(store: Store) -> pl.DataFrame:
    """The facts table as stored (vectors included), in fact_id order."""
    return store.read("facts").sort("fact_id")


def content_hash(frame: pl.DataFrame) -> str:
    """A hash of a frame's rows, independent of row order and of how Lance fragments hold them."""
    rows = sorted(json.dumps(row, sort_keys=True, default=str) for row in frame.to_dicts())
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


def facts_hash(store: Store) -> str:
    return content_hash(facts_table(store))


def replayed(store: Store) -> pl.DataFrame:
    return replay_facts(read_events(store)).sort("fact_id")


def projection_matches_log(store: Store) -> bool:
    """The facts table (without vectors) equals the replay of the event log."""
    return facts_table(store).drop("vector").equals(replayed(store))


def by_text(frame: pl.DataFrame) -> dict[str, dict]:
    return {row["text"]: row for row in frame.iter_rows(named=True)}
