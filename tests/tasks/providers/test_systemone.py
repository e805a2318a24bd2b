"""The System One provider over real httpx, against the fake server: answers, retries, failures."""

from __future__ import annotations

import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.errors import AuthenticationError, BadRequest, ServerError
from archivist.tasks.providers.pins import ModelMismatch
from archivist.tasks.providers.systemone import SystemOneProvider
from tests.fakes import samples
from tests.fakes.fixtures import fake_systemone  # noqa: F401

KEY = "sk-test-systemone-0123456789"


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    return KEY


def make_client(server, sleeps=None, on_failure="fallback", **overrides):
    settings = ProviderSettings(provider="systemone", base_url=server.url, timeout_s=overrides.pop("timeout_s", 2.0),
                                max_attempts=overrides.pop("max_attempts", 4), **overrides)
    return DecisionClient(SystemOneProvider(settings), settings, on_failure=on_failure,
                          sleep=(sleeps.append if sleeps is not None else (lambda s: None)))


def test_answers_of_every_type_are_normalised(fake_systemone, key):
    result = make_client(fake_systemone).decide(samples.request())
    worth, kind, durability = (result.answers[k] for k in samples.QUESTIONS)
    assert set(worth.probabilities) == {"true", "false"}
    assert worth.p("true") + worth.p("false") == pytest.approx(1.0)
    assert set(kind.probabilities) == set(samples.KIND.options)
    assert set(durability.probabilities) == {"0", "1", "2"}
    for answer in result.answers.values():
        assert not answer.fallback
        # two-decimal drift from the server is rescaled to an exact distribution
        assert sum(answer.probabilities.values()) == pytest.approx(1.0, abs=1e-9)
        assert answer.chosen == max(answer.probabilities, key=answer.probabilities.get)
    assert result.model == "jev-1.13.0"  # the versioned id that answered, not the alias
    body = fake_systemone.requests[0].body
    assert set(body) == {"model", "state", "questions"} and body["model"] == "jev-1.13.0"  # pinned, not the alias
    assert body["questions"]["durability"]["criteria"] == ["hours", "weeks", "years"]
    assert fake_systemone.requests[0].headers["authorization"] == f"Bearer {KEY}"


def test_429_with_retry_after_is_waited_out(fake_systemone, key):
    fake_systemone.knobs.rate_limit_next = 1
    fake_systemone.knobs.retry_after = "1"
    sleeps: list[float] = []
    result = make_client(fake_systemone, sleeps).decide(samples.request())
    assert not result.any_fallback
    assert fake_systemone.statuses() == {429: 1, 200: 1}
    assert sleeps and sleeps[0] == pytest.approx(1.0)  # the header's value, not our backoff's 0.5 s


def test_429_from_the_sliding_window_uses_retry_after_ms(fake_systemone, key):
    fake_systemone.knobs.rpm_limit = 1
    fake_systemone.knobs.window_s = 0.3
    sleeps: list[float] = []
    client = make_client(fake_systemone, sleeps=None)
    client.gate.sleep = lambda s: (sleeps.append(s), __import__("time").sleep(s))[0]
    results = [client.decide(samples.request(i)) for i in range(2)]
    assert not any(r.any_fallback for r in results)
    assert fake_systemone.count(status=429) >= 1 and fake_systemone.count(status=200) == 2
    assert sleeps and all(0.0 < s <= 0.35 for s in sleeps)  # millisecond hint, not a rounded-up whole second


def test_a_5xx_burst_is_retried(fake_systemone, key):
    fake_systemone.knobs.fail_next = 3
    fake_systemone.knobs.fail_status = 503
    sleeps: list[float] = []
    result = make_client(fake_systemone, sleeps).decide(samples.request())
    assert not result.any_fallback
    assert fake_systemone.statuses() == {503: 3, 200: 1}
    assert len(sleeps) == 3 and sleeps[0] < sleeps[1] < sleeps[2]  # exponential backoff


def test_529_overloaded_is_retried(fake_systemone, key):
    fake_systemone.knobs.fail_next = 1
    fake_systemone.knobs.fail_status = 529
    result = make_client(fake_systemone).decide(samples.request())
    assert not result.any_fallback and fake_systemone.statuses() == {529: 1, 200: 1}


def test_a_timeout_is_retried(fake_systemone, key):
    fake_systemone.knobs.slow_next = 1
    fake_systemone.knobs.slow_s = 1.0
    result = make_client(fake_systemone, timeout_s=0.2).decide(samples.request())
    assert not result.any_fallback
    assert fake_systemone.count(path="/v1/systemone") == 2


def test_a_malformed_body_is_retried(fake_systemone, key):
    fake_systemone.knobs.malformed_next = 1
    result = make_client(fake_systemone).decide(samples.request())
    assert not result.any_fallback and fake_systemone.count() == 2


def test_401_fails_fast_naming_the_variable(fake_systemone, monkeypatch):
    fake_systemone.knobs.required_key = "the-right-key-000"
    fake_systemone.knobs.echo_credentials = True  # a server that quotes what it was sent
    monkeypatch.setenv("TYPESAFE_API_KEY", KEY)
    sleeps: list[float] = []
    with pytest.raises(AuthenticationError) as raised:
        make_client(fake_systemone, sleeps).decide(samples.request())
    message = str(raised.value)
    assert "TYPESAFE_API_KEY" in message and "401" in message
    assert KEY not in message  # redacted even though the server echoed it
    assert fake_systemone.count() == 1 and sleeps == []


def test_a_missing_key_fails_before_any_request(fake_systemone):
    with pytest.raises(AuthenticationError, match="set the environment variable TYPESAFE_API_KEY"):
        make_client(fake_systemone).decide(samples.request())
    assert fake_systemone.count() == 0


def test_a_custom_key_variable_is_named(fake_systemone, monkeypatch):
    monkeypatch.setenv("OPENROUTER_API_KEY", KEY)
    fake_systemone.knobs.required_key = "something-else"
    with pytest.raises(AuthenticationError, match="OPENROUTER_API_KEY"):
        make_client(fake_systemone, api_key_env="OPENROUTER_API_KEY").decide(samples.request())


def test_400_fails_fast_with_the_server_message(fake_systemone, key):
    with pytest.raises(BadRequest, match="Unknown model: nope") as raised:
        make_client(fake_systemone, model="nope", allow_unpriced=True).decide(samples.request())
    assert "Fix:" in str(raised.value) and fake_systemone.count() == 1


def test_retries_exhausted_become_recorded_fallbacks(fake_systemone, key):
    fake_systemone.knobs.fail_next = 100
    result = make_client(fake_systemone, max_attempts=3).decide(samples.request())
    assert fake_systemone.count() == 3
    for question in samples.QUESTIONS.values():
        answer = result.answers[question.id]
        assert answer.fallback and "after 3 attempts" in answer.error and "500" in answer.error
        assert all(p == pytest.approx(1 / len(question.options)) for p in answer.probabilities.values())


def test_retries_exhausted_raise_when_asked_to(fake_systemone, key):
    fake_systemone.knobs.fail_next = 100
    with pytest.raises(ServerError):
        make_client(fake_systemone, max_attempts=2, on_failure="raise").decide(samples.request())


def test_an_answering_version_other_than_the_pin_stops_the_run_even_from_the_cache(fake_systemone, key, tmp_path):
    from archivist.storage.calls import CallLog
    from archivist.storage.store import Store

    calls = CallLog(Store(str(tmp_path / "store")))
    settings = ProviderSettings(provider="systemone", base_url=fake_systemone.url, timeout_s=2.0)
    fake_systemone.knobs.reported_model = "jev-1.14.0"
    with pytest.raises(ModelMismatch, match="answered as 'jev-1.14.0'.*pins 'jev-1.13.0'") as raised:
        DecisionClient(SystemOneProvider(settings), settings, calls=calls).decide(samples.request())
    assert "accept_models" in raised.value.one_line()
    fake_systemone.knobs.reported_model = None
    # The 1.14.0 reply was cached under its request; a re-run must not read it as a 1.13.0 answer.
    client = DecisionClient(SystemOneProvider(settings), settings, calls=calls)
    with pytest.raises(ModelMismatch):
        client.decide(samples.request())
    accepting = settings.model_copy(update={"accept_models": ("jev-1.14.0",)})
    result = DecisionClient(SystemOneProvider(accepting), accepting, calls=calls).decide(samples.request())
    assert result.model == "jev-1.14.0" and result.calls[0].cached


def test_a_reply_that_names_no_model_is_not_taken_for_the_pin(fake_systemone, key):
    fake_systemone.knobs.reported_model = ""
    with pytest.raises(ModelMismatch, match="did not say which model answered"):
        make_client(fake_systemone).decide(samples.request())
