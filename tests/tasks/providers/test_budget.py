"""The run's spend budget: shared by every thread of a run, checked by the gate before a call is sent."""

from __future__ import annotations

import pickle
import threading

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.errors import TerminalError, TransientError
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.budget import (
    BudgetExhausted,
    RunBudget,
    close_budget,
    ensure_budget,
    open_budget,
    run_budget,
)
from archivist.tasks.providers.gate import build_gate
from archivist.tasks.providers.systemone import SystemOneProvider
from tests.fakes import samples
from tests.fakes.fixtures import fake_systemone  # noqa: F401


def test_the_budget_refuses_once_the_spend_reaches_the_limit():
    budget = RunBudget(0.01)
    budget.check()
    budget.add(0.006)
    budget.check()  # under the limit: the call starts
    budget.add(0.006)
    with pytest.raises(BudgetExhausted) as caught:
        budget.check("questions x")
    assert budget.exhausted and budget.refused == 1 and "questions x" in str(caught.value)
    # Neither marker: a retry would not help, but the turn is not broken either (its work is deferred).
    assert not isinstance(caught.value, (TransientError, TerminalError)) and caught.value.hint
    assert type(pickle.loads(pickle.dumps(caught.value))) is BudgetExhausted


def test_no_limit_only_counts():
    budget = RunBudget(None)
    budget.add(1e6)
    budget.check()
    assert not budget.exhausted and budget.spent_usd == 1e6


def test_every_thread_of_a_run_adds_to_one_spend():
    open_budget("run-threads", 1.0)
    try:
        def spend():
            for _ in range(1000):
                run_budget("run-threads").add(0.0001)  # type: ignore[union-attr]

        threads = [threading.Thread(target=spend) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert run_budget("run-threads").spent_usd == pytest.approx(0.8)  # type: ignore[union-attr]
    finally:
        close_budget("run-threads")
    assert run_budget("run-threads") is None


def test_a_process_without_the_runs_budget_starts_from_the_recorded_spend():
    calls = []
    budget = ensure_budget("run-worker", 0.5, lambda: calls.append(1) or 0.5)
    try:
        assert budget.exhausted and calls == [1]
        assert ensure_budget("run-worker", 0.5, lambda: 99.0) is budget  # one per run and process
    finally:
        close_budget("run-worker")


def test_gates_of_a_run_draw_on_its_budget_and_others_do_not():
    settings = ProviderSettings()
    budget = open_budget("run-gates", 0.0)
    try:
        def gate(run_id: str):
            return build_gate(provider="p", model="m", endpoint="/e", settings=settings, run_id=run_id)

        assert gate("run-gates").budget is budget and gate("other").budget is None
    finally:
        close_budget("run-gates")


@pytest.fixture
def client(fake_systemone, monkeypatch, tmp_path):  # noqa: F811
    monkeypatch.setenv("TYPESAFE_API_KEY", "sk-test-budget-0000")
    settings = ProviderSettings(provider="systemone", base_url=fake_systemone.url, model="jev-1.13.0",
                                concurrency=1)
    budget = open_budget("run-client", 1e-9)  # the first answer's cost reaches it
    calls = CallLog(Store(str(tmp_path / "store")))
    yield DecisionClient(SystemOneProvider(settings), settings, calls=calls, run_id="run-client", limiter=None), budget
    close_budget("run-client")


def test_a_refused_decision_is_never_sent_and_comes_back_as_a_transient_fallback(client, fake_systemone):  # noqa: F811
    decider, budget = client
    first, second, third = decider.decide_many([samples.request(i) for i in range(3)])
    assert not first.any_fallback and budget.spent_usd > 0
    for refused in (second, third):
        assert refused.any_transient and all(a.fallback for a in refused.answers.values())
        assert "budget" in (next(iter(refused.answers.values())).error or "")
    assert fake_systemone.count(path="/v1/systemone") == 1 and budget.refused == 2
    again = decider.decide(samples.request(0))  # a cached answer is no new call: the budget lets it through
    assert not again.any_fallback and fake_systemone.count(path="/v1/systemone") == 1


def test_embeddings_count_against_the_budget_but_are_never_refused(fake_systemone, monkeypatch):  # noqa: F811
    from archivist.configs.settings import EmbedderSettings
    from archivist.tasks.providers.openai_embeddings import OpenAIEmbedder

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-embeddings-0000")
    config = EmbedderSettings(provider="openai", model="text-embedding-3-small", dim=16,
                              base_url=fake_systemone.url + "/v1")
    budget = open_budget("run-embed", 0.0)  # spent before anything is asked
    try:
        embedder = OpenAIEmbedder(config, run_id="run-embed", limiter=None, sleep=lambda s: None)
        vectors = embedder.embed(["turn one", "turn two"])
        embedder.close()
    finally:
        close_budget("run-embed")
    assert vectors.shape == (2, 16) and budget.refused == 0 and budget.spent_usd > 0
