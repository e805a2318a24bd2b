"""The LLM extractor: the official OpenAI and Anthropic SDKs against loopback fakes, and lenient parsing."""

from __future__ import annotations

import json

import pytest

from archivist.exits import ExitCode
from archivist.flows.cli import exit_code
from archivist.storage.store import Store
from archivist.tasks.extract import LLMExtractor
from archivist.tasks.extract.prompt import EXTRACTION_SCHEMA, parse_reply
from archivist.tasks.providers.errors import AuthenticationError, ConfigurationError
from tests.fakes.llm_batches import extraction_replies
from tests.tasks.extract.extract_fakes import MODELS, Sleeps, make_turn, server, settings_for, turns  # noqa: F401

VENDORS = ["openai", "anthropic"]
ENDPOINT = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages"}


@pytest.mark.parametrize("vendor", VENDORS)
def test_facts_are_parsed_from_the_reply_of_either_sdk(server, turns, vendor, tmp_path):  # noqa: F811
    extractor = LLMExtractor(settings_for(server, vendor), store=Store(str(tmp_path / "store")), limiter=None)
    move, thanks, like = extractor.extract(turns)
    assert thanks == []
    [fact] = move
    assert (fact.subject, fact.relation, fact.object) == ("customer", "address", "14 Harbour Street, Leeds")
    assert fact.text == "customer lives at 14 Harbour Street, Leeds"
    # The model's quote differed in case and spacing: the message's own words are kept.
    assert fact.quote == "I moved to 14 Harbour Street, Leeds"
    assert fact.said_at == "2026-10-09"  # "last Friday", resolved against the message's date
    assert fact.entities == ["14 Harbour Street", "Leeds"]
    assert fact.source_turn_id == "t-move"
    assert [(f.relation, f.said_at) for f in like] == [("preference", "2026-10-15")]
    assert extractor.take_problems() == []
    assert server.count(ENDPOINT[vendor]) == 3


@pytest.mark.parametrize("vendor", VENDORS)
def test_the_prompt_holds_the_message_its_date_the_last_messages_and_similar_facts(server, turns, vendor):  # noqa: F811
    LLMExtractor(settings_for(server, vendor), limiter=None).extract(turns[:1])
    [request] = [r for r in server.requests if r.path == ENDPOINT[vendor]]
    body = request.body
    system = body["system"] if vendor == "anthropic" else body["messages"][0]["content"]
    user = body["messages"][-1]["content"]
    assert '{"facts": [ ... ]}' in system and '"address"' in system
    assert "Hello, I need to change my details." in user and "Sam (agent): Of course" in user
    assert "- customer lives at 8 Elm Road, York" in user
    assert "NEW MESSAGE (date 2026-10-15; speaker Maria, role customer):\nHi. I moved to 14 Harbour Street" in user
    if vendor == "openai":
        # Strict structured outputs, and the budget under the parameter current OpenAI models take.
        assert body["response_format"]["type"] == "json_schema"
        assert body["response_format"]["json_schema"]["strict"] is True
        assert body["response_format"]["json_schema"]["schema"] == EXTRACTION_SCHEMA
        assert body["max_completion_tokens"] == 1200 and "max_tokens" not in body
    else:
        assert body["output_config"] == {"format": {"type": "json_schema", "schema": EXTRACTION_SCHEMA}}
        assert body["max_tokens"] == 1200
    assert request.headers.get("x-stainless-retry-count", "0") == "0"


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_malformed_reply_is_recorded_and_gives_no_facts_for_its_turn_only(server, vendor):  # noqa: F811
    extractor = LLMExtractor(settings_for(server, vendor), limiter=None)
    garbled, like = extractor.extract([make_turn("t-bad", "garbled"), make_turn("t-like", "I love hiking.")])
    assert garbled == []
    assert [f.text for f in like] == ["customer likes hiking"]
    [problem] = extractor.take_problems()
    assert problem.turn_id == "t-bad"
    assert "malformed extraction reply" in problem.reason and "no JSON" in problem.reason
    assert problem.raw.startswith("Sorry, I can't produce JSON")
    assert extractor.take_problems() == []  # handed out once


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_malformed_http_body_is_retried_then_recorded_without_failing_the_batch(server, vendor):  # noqa: F811
    server.knobs.malformed_next = 2  # both attempts get a 200 whose body is not JSON
    sleeps = Sleeps()
    extractor = LLMExtractor(settings_for(server, vendor, max_attempts=2, concurrency=1), limiter=None,
                             sleep=sleeps)
    bad, good = extractor.extract([make_turn("t-1", "garbled"), make_turn("t-like", "I love hiking.")])
    problems = extractor.take_problems()
    # Which turn met the two malformed bodies depends on scheduling; exactly one turn lost its facts.
    assert len(problems) == 1 and "MalformedResponse" in problems[0].reason
    assert len(sleeps) == 1  # one retry, through the shared retry layer
    assert server.count(ENDPOINT[vendor]) == 3  # two malformed answers for one turn, one good for the other


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_429_with_retry_after_is_retried_after_the_wait_the_server_asked_for(server, vendor, tmp_path):  # noqa: F811
    server.knobs.rate_limit_next = 1
    server.knobs.retry_after = "3"
    sleeps = Sleeps()
    store = Store(str(tmp_path / "store"))
    extractor = LLMExtractor(settings_for(server, vendor), store=store, limiter=None, sleep=sleeps)
    [facts] = extractor.extract([make_turn("t-like", "I love hiking.")])
    assert [f.text for f in facts] == ["customer likes hiking"]
    assert sleeps == [3.0]
    assert server.statuses() == {429: 1, 200: 1}
    ledger = store.read("ledger")
    assert ledger["attempts"].to_list() == [2] and ledger["cached"].to_list() == [False]


def test_a_repeated_request_is_answered_from_the_call_cache(server, turns, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "store"))
    first = LLMExtractor(settings_for(server, "openai"), store=store, limiter=None).extract(turns)
    calls = server.count("/v1/chat/completions")
    again = LLMExtractor(settings_for(server, "openai"), store=store, limiter=None).extract(turns)
    assert again == first
    assert server.count("/v1/chat/completions") == calls
    assert store.read("ledger")["cached"].to_list().count(True) == len(turns)


def test_a_rejected_key_stops_the_batch_and_names_the_variable_not_the_key(server, turns, monkeypatch):  # noqa: F811
    server.knobs.required_key = "the-right-key"
    monkeypatch.setenv("ARCHIVIST_TEST_LLM_KEY", "sk-wrong-key-123")
    extractor = LLMExtractor(settings_for(server, "openai"), limiter=None)
    with pytest.raises(AuthenticationError) as raised:
        extractor.extract(turns)
    assert "ARCHIVIST_TEST_LLM_KEY" in str(raised.value)
    assert "sk-wrong-key-123" not in str(raised.value)


# -- lenient parsing -----------------------------------------------------------------------------------


def test_parsing_tolerates_fences_prose_lists_and_other_field_names():
    turn = make_turn("t", "Morning. I switched to the Pro plan yesterday!")
    reply = ('Here you go:\n```json\n[{"entity": "customer", "predicate": "subscription", "value": "Pro plan", '
             '"fact": "customer is on the Pro plan", "evidence": "switched to the PRO plan", '
             '"when": "yesterday", "names": "Pro"}]\n```')
    [fact] = parse_reply(reply, turn).facts
    assert (fact.subject, fact.relation, fact.object) == ("customer", "plan", "Pro plan")
    assert fact.quote == "switched to the Pro plan"
    assert (fact.said_at, fact.entities) == ("2026-10-14", ["Pro"])


def test_a_quote_that_is_not_in_the_message_falls_back_to_the_best_sentence():
    turn = make_turn("t", "Hello there. My router stopped working on Saturday. Thanks.")
    reply = json.dumps({"facts": [{"relation": "service_status", "object": "router down",
                                   "text": "customer's router stopped working", "quote": "router is broken"}]})
    [fact] = parse_reply(reply, turn).facts
    assert fact.quote == "My router stopped working on Saturday."
    assert fact.said_at == "2026-10-15"  # no date given: the message's date


def test_unusable_facts_are_dropped_one_by_one_and_the_drop_is_recorded():
    turn = make_turn("t", "I love hiking.")
    reply = json.dumps({"facts": [{"relation": "likes", "object": "hiking"}, "not an object", {"quote": "x"}]})
    parsed = parse_reply(reply, turn)
    assert [f.text for f in parsed.facts] == ["customer likes hiking"]
    assert parsed.problem is not None and "2 of 3" in parsed.problem


@pytest.mark.parametrize("reply", ["no json here", '"just a string"', "42", '{"answer": "none"}'])
def test_a_reply_of_another_shape_is_malformed(reply):
    parsed = parse_reply(reply, make_turn("t", "I love hiking."))
    assert parsed.facts == [] and parsed.problem.startswith("malformed extraction reply")


def test_an_empty_fact_list_is_a_valid_answer():
    parsed = parse_reply('{"facts": []}', make_turn("t", "Thanks!"))
    assert parsed.facts == [] and parsed.problem is None


# -- strict replies: truncation and configuration errors ------------------------------------------------

TWO_FACTS = [
    {"subject": "customer", "relation": "address", "object": "14 Harbour Street, Leeds",
     "text": "customer lives at 14 Harbour Street, Leeds", "quote": "I moved to 14 Harbour Street, Leeds",
     "date": None, "entities": ["14 Harbour Street", "Leeds"]},
    {"subject": "customer", "relation": "pet", "object": "a dog named Biscuit",
     "text": "customer has a dog named Biscuit", "quote": "we got a dog named Biscuit", "date": None,
     "entities": ["Biscuit"]},
]
MOVE_AND_DOG = "I moved to 14 Harbour Street, Leeds and we got a dog named Biscuit."


def _two_fact_server(server):  # noqa: F811
    server.knobs.enforce_max_tokens = True  # replies longer than their budget are cut there, as real services do
    server.knobs.chat_reply = extraction_replies({"we got a dog": TWO_FACTS})
    return server


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_reply_cut_off_mid_array_is_asked_again_at_a_larger_budget_never_cached(server, vendor, tmp_path):  # noqa: F811
    _two_fact_server(server)
    store = Store(str(tmp_path / "store"))
    # Two facts are about 100 output tokens: 40 and 80 cut the reply inside the fact list, 160 does not.
    settings = settings_for(server, vendor, max_output_tokens=40, max_output_tokens_ceiling=160)
    [facts] = LLMExtractor(settings, store=store, limiter=None).extract([make_turn("t-2", MOVE_AND_DOG)])
    assert [f.relation for f in facts] == ["address", "pet"]  # both facts, not the first one of a cut reply
    assert server.count(ENDPOINT[vendor]) == 3
    ledger = store.read("ledger")
    failed = ledger.filter(ledger["error"].is_not_null())
    assert failed.height == 2 and all("Truncated" in e for e in failed["error"].to_list())
    assert (failed["cost_usd"] > 0).all() and (failed["output_tokens"] > 0).all()  # billed, so costed
    cached = [json.loads(r)["text"] for r in store.read("call_cache")["response"].to_list()]
    assert all(len(json.loads(text)["facts"]) == 2 for text in cached)  # no cut-off reply was cached
    again = LLMExtractor(settings, store=store, limiter=None).extract([make_turn("t-2", MOVE_AND_DOG)])
    assert again == [facts] and server.count(ENDPOINT[vendor]) == 3  # the re-run pays for nothing


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_reply_cut_off_at_the_ceiling_gives_no_facts_and_a_recorded_problem(server, vendor, tmp_path):  # noqa: F811
    _two_fact_server(server)
    store = Store(str(tmp_path / "store"))
    settings = settings_for(server, vendor, max_output_tokens=40, max_output_tokens_ceiling=40)
    extractor = LLMExtractor(settings, store=store, limiter=None)
    assert extractor.extract([make_turn("t-2", MOVE_AND_DOG)]) == [[]]
    [problem] = extractor.take_problems()
    assert "cut off at 40 output tokens" in problem.reason and "max_output_tokens_ceiling" in problem.reason
    assert store.count("call_cache") == 0


def test_a_json_value_nested_in_a_cut_off_reply_is_not_taken_for_the_answer():
    whole = json.dumps({"facts": TWO_FACTS})
    cut = whole[: whole.index('"pet"') + 3]  # inside the second fact
    parsed = parse_reply(cut, make_turn("t", MOVE_AND_DOG))
    assert parsed.facts == [] and parsed.problem.startswith("malformed extraction reply")
    # Prose around a complete reply is still fine.
    assert len(parse_reply(f"Here [see below]: {whole} done", make_turn("t", MOVE_AND_DOG)).facts) == 2


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_wrong_model_name_stops_the_run_with_one_line_naming_the_setting(server, turns, vendor):  # noqa: F811
    server.knobs.chat_models = {MODELS[vendor]}
    extractor = LLMExtractor(settings_for(server, vendor, model="gpt-4o-mini-typo", concurrency=1), limiter=None)
    with pytest.raises(ConfigurationError) as raised:
        extractor.extract(turns)
    assert raised.value.setting == "llm.model"
    assert "llm.model" in raised.value.one_line() and "\n" not in raised.value.one_line()
    assert exit_code(raised.value) == ExitCode.ERROR
    assert server.count(ENDPOINT[vendor]) == 1  # stopped at the first answer, not one 404 per turn
    assert extractor.take_problems() == []  # not quarantined turn by turn


def test_a_budget_parameter_the_model_does_not_take_names_the_parameter_setting(server, turns):  # noqa: F811
    server.knobs.reject_params = {"max_tokens"}
    old_style = settings_for(server, "openai", max_tokens_parameter="max_tokens", concurrency=1)
    with pytest.raises(ConfigurationError) as raised:
        LLMExtractor(old_style, limiter=None).extract(turns)
    assert raised.value.setting.startswith("llm.max_tokens_parameter")
    # The default parameter is the one current models take.
    move, _, _ = LLMExtractor(settings_for(server, "openai"), limiter=None).extract(turns)
    assert [f.relation for f in move] == ["address"]
