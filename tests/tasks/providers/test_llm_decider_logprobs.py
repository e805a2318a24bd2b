"""Log-probability scoring of options (`scoring = "logprobs"`): OpenAI SDK against the fake's real wire format."""

from __future__ import annotations

import math

import pytest

from archivist.configs.settings import ProviderSettings, load_settings
from archivist.storage.calls import CallLog
from archivist.storage.store import Store
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.providers.errors import ConfigurationError
from archivist.tasks.providers.llm_decider import LLMDecisionProvider
from archivist.tasks.providers.option_logprobs import labels_for
from archivist.tasks.providers.registry import make_provider
from tests.fakes import samples
from tests.fakes.environment import isolate
from tests.fakes.fixtures import fake_openai  # noqa: F401

KIND = samples.KIND  # options preference (A), plan (B), fact (C)


@pytest.fixture(autouse=True)
def key(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-logprobs-0000")


def settings_for(server, scoring="logprobs", **options):
    return ProviderSettings(provider="llm:openai", model="gpt-4o-mini", base_url=server.url + "/v1", timeout_s=2.0,
                            max_attempts=2, scoring=scoring, **options)


def client_for(server, scoring="logprobs", calls=None, **options):
    settings = settings_for(server, scoring, **options)
    return DecisionClient(LLMDecisionProvider(settings), settings, calls=calls, sleep=lambda s: None)


def kind_only(prompt):
    """Plan (B) likeliest, some mass on a space-led B and on a word that is no option."""
    return {"B": 0.70, " B": 0.05, "A": 0.20, "C": 0.03, "Well": 0.02}


def test_each_question_is_asked_alone_and_scored_from_the_first_tokens_log_probabilities(fake_openai):
    fake_openai.knobs.first_tokens = kind_only
    result = client_for(fake_openai).decide(samples.request())
    assert not result.any_fallback
    kind = result.answers["kind"]
    mass = 0.70 + 0.05 + 0.20 + 0.03
    assert kind.chosen == "plan"
    assert kind.probabilities == pytest.approx({"preference": 0.20 / mass, "plan": 0.75 / mass, "fact": 0.03 / mass})
    # One request per question, each asking for one letter with its log-probabilities, at temperature 0.
    bodies = [r.body for r in fake_openai.requests]
    assert len(bodies) == len(samples.QUESTIONS) == len(result.calls)
    for body in bodies:
        assert body["logprobs"] is True and body["top_logprobs"] == 20 and body["temperature"] == 0
        assert body["max_tokens"] == 1 and "response_format" not in body
    assert sum("D. " in b["messages"][1]["content"] for b in bodies) == 0  # three options: A to C only


def test_what_the_top_list_leaves_out_is_bounded_and_recorded(fake_openai):
    fake_openai.knobs.first_tokens = lambda prompt: {"A": 0.96, "B": 0.03, "C": 0.005, "D": 0.004, "E": 0.001}
    provider = LLMDecisionProvider(settings_for(fake_openai, top_logprobs=2))
    answer = provider.send(samples.request().state, {"kind": KIND}).answers["kind"]
    assert answer["unlisted_options"] == ["fact"]  # C is not among the top 2
    assert answer["option_mass"] == pytest.approx(0.99)
    assert answer["unlisted_mass_max"] == pytest.approx(0.01)
    assert answer["probabilities"]["fact"] == 0.0
    assert answer["probabilities"]["preference"] == pytest.approx(0.96 / 0.99)


def test_a_low_option_mass_is_a_recorded_fallback_never_renormalised(fake_openai):
    fake_openai.knobs.first_tokens = lambda prompt: {"I": 0.55, "A": 0.30, "B": 0.10, "C": 0.05}
    result = client_for(fake_openai).decide(samples.request(questions={"kind": KIND}))
    answer = result.answers["kind"]
    assert answer.fallback and not answer.transient
    assert "0.450" in answer.error and "min_option_mass 0.95" in answer.error and "'I'" in answer.error
    assert answer.confidence < 0.85  # the uniform fallback, not A at 0.30 / 0.45 = 0.67 or higher
    # The same reply passes under a threshold it clears: the rule, not the reply, made the fallback.
    relaxed = client_for(fake_openai, min_option_mass=0.4).decide(samples.request(questions={"kind": KIND}))
    assert relaxed.answers["kind"].probabilities["preference"] == pytest.approx(0.30 / 0.45)


def test_the_two_scoring_modes_never_share_a_cached_answer(fake_openai, tmp_path):
    calls = CallLog(Store(str(tmp_path / "store")))
    request = samples.request(questions={"kind": KIND})
    as_json = client_for(fake_openai, "json", calls=calls).decide(request)
    again = client_for(fake_openai, "json", calls=calls).decide(request)
    assert again.calls[0].cached and fake_openai.count("/v1/chat/completions") == 1

    fake_openai.knobs.first_tokens = kind_only
    scored = client_for(fake_openai, calls=calls).decide(request)
    assert not scored.calls[0].cached and fake_openai.count("/v1/chat/completions") == 2
    assert scored.calls[0].request_hash != as_json.calls[0].request_hash
    assert scored.answers["kind"].probabilities != as_json.answers["kind"].probabilities
    assert fake_openai.requests[0].body.get("logprobs") is None and fake_openai.requests[1].body["logprobs"] is True
    # A logprobs answer is cached in its turn, under its own key, for the logprobs request only.
    replayed = client_for(fake_openai, calls=calls).decide(request)
    assert replayed.calls[0].cached and replayed.answers["kind"].probabilities == scored.answers["kind"].probabilities


def test_anthropic_and_providers_without_log_probabilities_refuse_the_setting(fake_openai):
    anthropic = ProviderSettings(provider="llm:anthropic", model="claude-haiku-4-5", scoring="logprobs")
    with pytest.raises(ConfigurationError, match="Anthropic's API returns no log-probabilities") as raised:
        LLMDecisionProvider(anthropic)
    assert raised.value.setting == "decisions.scoring" and "\n" not in raised.value.one_line()
    with pytest.raises(ConfigurationError, match="llm.scoring"):
        LLMDecisionProvider(anthropic, section="llm")
    systemone = load_settings(decisions__provider="systemone", decisions__scoring="logprobs")
    with pytest.raises(ConfigurationError, match="not available with decisions.provider = 'systemone'"):
        make_provider(systemone)
    assert fake_openai.requests == []


def test_a_server_that_returns_no_log_probabilities_stops_the_run_naming_the_setting(fake_openai, tmp_path):
    fake_openai.knobs.drop_logprobs = True
    store = Store(str(tmp_path / "store"))
    calls = CallLog(store)
    with pytest.raises(ConfigurationError, match=r"without log-probabilities.*decisions.scoring = \"json\""):
        client_for(fake_openai, calls=calls).decide(samples.request())
    calls.flush()
    [row] = store.read("ledger").to_dicts()  # stopped at the first answer, which was billed: ledgered with its cost
    assert "ConfigurationError" in row["error"] and row["input_tokens"] > 0 and row["cost_usd"] > 0
    assert fake_openai.count("/v1/chat/completions") == 1
    fake_openai.knobs.drop_logprobs = False
    fake_openai.knobs.reject_params = {"logprobs"}  # a reasoning model: 400 Unsupported parameter
    with pytest.raises(ConfigurationError, match="decisions.scoring"):
        client_for(fake_openai).decide(samples.request())


def test_labels_are_single_letters_in_option_order():
    labels = labels_for(KIND)
    assert labels == {"A": "preference", "B": "plan", "C": "fact"}
    assert all(len(letter) == 1 for letter in labels) and math.isclose(len(labels), len(KIND.options))


def test_the_relation_type_question_gets_a_label_for_each_of_its_options():
    # relation_type has more options than there are capital letters: small letters follow, matched with case.
    from archivist.tasks.decisions.questions import load_questions

    question = load_questions().latest("relation_type")
    labels = labels_for(question)
    assert len(question.options) > 26 and list(labels.values()) == list(question.options)
    assert labels["a"] == list(question.options)[26] and "A" in labels
