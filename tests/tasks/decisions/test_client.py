"""The decision client against the fake System One server: fallbacks, cache, replay, secrets, splitting."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from archivist.configs.settings import ProviderSettings, Settings
from archivist.storage.calls import CALL_CACHE, LEDGER
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient, build_decider
from archivist.tasks.decisions.types import DecisionRequest, Question
from archivist.tasks.providers.errors import AuthenticationError, CacheMiss
from archivist.tasks.providers.limits import JEV_1_13, TokenLimits, split_questions
from archivist.tasks.providers.systemone import SystemOneProvider
from archivist.tasks.providers.tokens import count_tokens
from tests.fakes import samples
from tests.fakes.fixtures import fake_systemone  # noqa: F401

KEY = "sk-test-client-9f8e7d6c5b4a"


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    return KEY


def settings_for(server, **overrides) -> Settings:
    decisions = ProviderSettings(provider="systemone", base_url=server.url, timeout_s=2.0, max_attempts=3,
                                 **overrides.pop("decisions", {}))
    return Settings(decisions=decisions, **overrides)


def decider(server, store=None, run_id="run-1", **overrides) -> DecisionClient:
    return build_decider(settings_for(server, **overrides), store, run_id, sleep=lambda s: None)


def test_a_malformed_answer_falls_back_alone_and_is_recorded(fake_systemone, key, tmp_path):
    fake_systemone.knobs.malformed_keys = {"kind"}
    with decider(fake_systemone, Store(str(tmp_path / "s"))) as client:
        result = client.decide(samples.request())
    kind = result.answers["kind"]
    assert kind.fallback and "options do not match the question" in kind.error
    assert kind.probabilities == pytest.approx({o: 1 / 3 for o in samples.KIND.options})
    for other in ("worth_remembering", "durability"):
        assert not result.answers[other].fallback and result.answers[other].error is None
    assert result.any_fallback and list(result.answers) == list(samples.QUESTIONS)


def test_a_scripted_distribution_that_does_not_sum_to_one_falls_back(fake_systemone, key):
    def answer(key_, question, options, state):
        if key_ == "durability":
            return {"0": 0.5, "1": 0.5, "2": 0.5}
        if key_ == "kind":
            return {"preference": 0.33, "plan": 0.33, "fact": 0.33}  # rounding drift: rescaled, kept
        return {"true": 0.6, "false": 0.4}

    fake_systemone.knobs.answer = answer
    result = decider(fake_systemone).decide(samples.request())
    assert result.answers["durability"].fallback and "sum to 1.5000" in result.answers["durability"].error
    assert not result.answers["kind"].fallback
    assert result.answers["kind"].p("plan") == pytest.approx(1 / 3)


def test_a_repeated_run_is_served_from_the_cache_with_zero_requests(fake_systemone, key, tmp_path):
    store = Store(str(tmp_path / "store"))
    requests = [samples.request(i) for i in range(12)]
    with decider(fake_systemone, store, "run-1") as client:
        first = client.decide_many(requests)
    sent = fake_systemone.count()
    assert sent == 12

    with decider(fake_systemone, Store(str(tmp_path / "store")), "run-2") as client:
        second = client.decide_many(requests)
        single = client.decide(requests[3])
    assert fake_systemone.count() == sent  # zero requests reached the server
    assert [r.answers["kind"].probabilities for r in second] == [r.answers["kind"].probabilities for r in first]
    assert single.answers["durability"].probabilities == first[3].answers["durability"].probabilities
    assert all(call.cached and call.cost_usd == 0 for r in second for call in r.calls)
    ledger = store.read(LEDGER)
    assert ledger.filter(ledger["run_id"] == "run-2")["cached"].to_list() == [True] * 13
    assert ledger.filter(ledger["run_id"] == "run-1")["cached"].to_list() == [False] * 12
    assert store.count(CALL_CACHE) == 12


def test_decide_many_keeps_order_and_mixes_hits_and_misses(fake_systemone, key, tmp_path):
    store = Store(str(tmp_path / "store"))
    with decider(fake_systemone, store) as client:
        client.decide_many([samples.request(i) for i in range(0, 20, 2)])
        results = client.decide_many([samples.request(i) for i in range(20)])
    assert fake_systemone.count() == 20  # 10 earlier, 10 new
    for i, result in enumerate(results):
        assert result.calls[0].cached is (i % 2 == 0)
        body = next(r.body for r in fake_systemone.requests if r.body["state"] == samples.request(i).state)
        assert body["state"]["fact"].endswith(f"({i})")


def test_replay_fails_clearly_on_a_miss_and_never_calls_out(fake_systemone, key, tmp_path):
    store = Store(str(tmp_path / "store"))
    with decider(fake_systemone, store, replay=True) as client:
        with pytest.raises(CacheMiss, match="replay mode: no cached response for systemone") as raised:
            client.decide_many([samples.request(1)])
    assert "run without --replay" in str(raised.value)
    assert fake_systemone.count() == 0

    with decider(fake_systemone, store) as client:
        recorded = client.decide(samples.request(1))
    with decider(fake_systemone, store, replay=True) as client:
        replayed = client.decide(samples.request(1))
    assert fake_systemone.count() == 1
    assert replayed.answers["kind"].probabilities == recorded.answers["kind"].probabilities


def test_no_api_key_in_the_store_logs_or_errors(fake_systemone, key, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)  # every logger, SDK and httpx included
    store_dir = tmp_path / "store"
    store = Store(str(store_dir))
    fake_systemone.knobs.echo_credentials = True
    errors: list[str] = []
    with decider(fake_systemone, store) as client:
        client.decide_many([samples.request(i) for i in range(3)])
        fake_systemone.knobs.fail_next = 3  # exhausts the retries: a recorded fallback with its error
        failed = client.decide(samples.request(99))
        errors.extend(a.error for a in failed.answers.values())
        fake_systemone.knobs.required_key = "not-the-key"  # the server echoes the presented key
        with pytest.raises(AuthenticationError) as raised:
            client.decide(samples.request(100))
        errors.append(str(raised.value))
    assert all(errors) and fake_systemone.count(status=401) == 1
    assert any(KEY in str(r.headers) for r in fake_systemone.requests)  # the key really was sent ...
    for name in (CALL_CACHE, LEDGER):  # ... and is nowhere in any table
        frame = store.read(name)
        assert frame.height > 0
        assert not any(KEY in str(value) for row in frame.iter_rows() for value in row)
    raw = b"".join(p.read_bytes() for p in Path(store_dir).rglob("*") if p.is_file())
    assert KEY.encode() not in raw
    assert not any(KEY in e for e in errors)
    assert KEY not in caplog.text and not any(KEY in str(r.args) for r in caplog.records)


def long_question(i: int, words: int) -> Question:
    return Question(f"q{i}", 1, "noul", f"Question {i}: " + "is this relevant " * words,
                    {"true": "yes", "false": "no"})


def test_questions_over_the_token_limits_are_split_into_several_requests(fake_systemone, key):
    questions = {f"q{i}": long_question(i, 40) for i in range(6)}  # about 125 tokens each
    limits = TokenLimits(total_tokens=400, per_question_tokens=300, margin=1.0)
    settings = settings_for(fake_systemone).decisions
    client = DecisionClient(SystemOneProvider(settings), settings, token_limits=limits, sleep=lambda s: None)
    request = DecisionRequest(state={"message": "short state"}, questions=dict(questions))
    result = client.decide(request)
    assert list(result.answers) == list(questions) and not result.any_fallback
    bodies = [r.body for r in fake_systemone.requests]
    assert len(bodies) == len(result.calls) >= 3
    assert sorted(k for b in bodies for k in b["questions"]) == sorted(questions)  # each asked exactly once
    for body in bodies:
        state_and_questions = count_tokens(str(body["state"])) + sum(
            count_tokens(str({k: q})) for k, q in body["questions"].items())
        assert state_and_questions <= 400 + 10 * len(body["questions"])


def test_a_question_too_large_even_alone_falls_back_unsent(fake_systemone, key):
    questions = {"small": long_question(0, 5), "huge": long_question(1, 400)}
    limits = TokenLimits(total_tokens=2000, per_question_tokens=600, margin=1.0)
    settings = settings_for(fake_systemone).decisions
    client = DecisionClient(SystemOneProvider(settings), settings, token_limits=limits, sleep=lambda s: None)
    result = client.decide(DecisionRequest(state="a state", questions=questions))
    assert result.answers["huge"].fallback and "shorten the state" in result.answers["huge"].error
    assert not result.answers["small"].fallback
    assert [list(r.body["questions"]) for r in fake_systemone.requests] == [["small"]]


def test_jev_limits_split_a_long_state_only_when_needed():
    state = "word " * 20_000  # about 20k tokens
    questions = {f"q{i}": long_question(i, 2_300) for i in range(6)}  # about 7k tokens each
    plan = split_questions(state, questions, JEV_1_13)
    # 64k for state plus all questions (90% of it, for tokenizer differences): five fit, the sixth goes alone
    assert [list(c) for c in plan.chunks] == [["q0", "q1", "q2", "q3", "q4"], ["q5"]] and not plan.too_large
    assert len(split_questions(state, dict(list(questions.items())[:2]), JEV_1_13).chunks) == 1
    # 32k for state plus the longest question: a 30k-token question cannot be sent with this state
    plan = split_questions(state, {"big": long_question(9, 10_000)}, JEV_1_13)
    assert plan.chunks == [] and "big" in plan.too_large


def test_a_failed_call_leaves_a_ledger_row_with_its_error(fake_systemone, key, tmp_path):
    store = Store(str(tmp_path / "store"))
    fake_systemone.knobs.fail_next = 10
    with decider(fake_systemone, store) as client:
        result = client.decide(samples.request())
    assert all(a.fallback for a in result.answers.values())
    row = store.read(LEDGER).row(0, named=True)
    assert row["attempts"] == 3 and "ServerError" in row["error"] and row["cost_usd"] == 0.0
    assert store.count(CALL_CACHE) == 0  # failures are never cached


def test_build_decider_names_the_providers_it_knows(fake_systemone):
    with pytest.raises(ValueError, match="unknown decision provider 'jev'"):
        build_decider(Settings(decisions=ProviderSettings(provider="jev")))
    client = build_decider(settings_for(fake_systemone, decisions={"model": "jev-1.13.0"}))
    assert isinstance(client.provider, SystemOneProvider) and client.provider.model == "jev-1.13.0"
    assert client.provider.base_url == fake_systemone.url
