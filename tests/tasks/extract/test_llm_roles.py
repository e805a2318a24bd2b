"""Roles, subjects and partial dates of LLM extraction, through the real SDKs against the loopback fakes."""

from __future__ import annotations

import json

import pytest

from archivist.tasks.extract import ContextMessage, LLMExtractor
from archivist.tasks.extract.prompt import parse_reply, person_of
from tests.fakes.llm_batches import extraction_replies
from tests.tasks.extract.extract_fakes import SAID_AT, make_turn, server, settings_for  # noqa: F401

VENDORS = ["openai", "anthropic"]
ENDPOINT = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages"}
CONFIRMED = {"relation": "address", "object": "14 Harbour Street, Leeds",
             "text": "customer's address is now 14 Harbour Street, Leeds",
             "quote": "updated your address to 14 Harbour Street, Leeds", "date": None, "entities": ["Leeds"]}


def agent_turn(text: str = "Done: I've updated your address to 14 Harbour Street, Leeds."):
    asked = ContextMessage("Maria", "customer", "Please change my address to 14 Harbour Street, Leeds.", SAID_AT)
    return make_turn("t-agent", text, speaker="Sam", role="agent", previous=(asked,))


def _system(request, vendor: str) -> str:
    return request.body["system"] if vendor == "anthropic" else request.body["messages"][0]["content"]


@pytest.mark.parametrize("vendor", VENDORS)
@pytest.mark.parametrize("subject", [None, "Sam"])  # a model leaving the subject out, or naming the agent
def test_an_agent_confirmed_change_is_a_fact_about_the_customer(server, vendor, subject):  # noqa: F811
    fact = dict(CONFIRMED, **({"subject": subject} if subject else {}))
    server.knobs.chat_reply = extraction_replies({"updated your address": [fact]})
    [[extracted]] = LLMExtractor(settings_for(server, vendor), limiter=None).extract([agent_turn()])
    # The subject match decides whether the confirmed address fills the customer's address slot.
    assert (extracted.subject, extracted.relation) == ("customer", "address")
    [request] = [r for r in server.requests if r.path == ENDPOINT[vendor]]
    system = _system(request, vendor)
    assert "about one person, customer," in system
    assert "written by Sam (agent), who serves customer; it is NOT about Sam (agent)" in system


@pytest.mark.parametrize("vendor", VENDORS)
def test_system_and_tool_turns_are_context_only(server, vendor):  # noqa: F811
    turns = [make_turn("t-sys", "Session started; account verified.", speaker=None, role="system"),
             make_turn("t-tool", '{"plan": "Pro"}', speaker="crm", role="tool"),
             make_turn("t-like", "I love hiking.")]
    server.knobs.chat_reply = extraction_replies({"I love hiking": [{"relation": "likes", "object": "hiking",
                                                                     "text": "customer likes hiking"}]})
    system, tool, like = LLMExtractor(settings_for(server, vendor), limiter=None).extract(turns)
    assert (system, tool) == ([], [])
    assert [f.subject for f in like] == ["customer"]
    assert server.count(ENDPOINT[vendor]) == 1  # neither system nor tool turn was sent


def test_the_person_of_an_assistant_turn_is_the_user_it_serves():
    said = ContextMessage("Caroline", "user", "I started pottery classes.", SAID_AT)
    assert person_of(make_turn("t", "Nice!", speaker="Mel", role="assistant", previous=(said,))) == "Caroline"
    assert person_of(make_turn("t", "Hello!", speaker="Sam", role="agent")) == "customer"
    assert person_of(make_turn("t", "I moved.", speaker="Maria", role="customer")) == "customer"


@pytest.mark.parametrize(("said", "subject"), [
    ("my sister", "customer's sister"), ("My landlord", "customer's landlord"), ("I", "customer"),
    ("speaker", "customer"), ("Anna", "Anna"), ("customer's sister", "customer's sister"),
])
def test_subjects_are_the_person_someone_described_through_them_or_a_name(said, subject):
    reply = json.dumps({"facts": [{"subject": said, "relation": "job", "object": "nurse",
                                   "text": f"{subject} is a nurse", "quote": "is a nurse"}]})
    [fact] = parse_reply(reply, make_turn("t", "My sister is a nurse.")).facts
    assert fact.subject == subject


@pytest.mark.parametrize(("date", "said_at", "precision"), [
    ("2019", "2019-01-01", "year"), ("2019-03", "2019-03-01", "month"), ("back in 2019", "2019-01-01", "year"),
    ("2024-03-05", "2024-03-05", "day"), ("last month", "2026-09-01", "month"), (None, "2026-10-15", None),
])
def test_partial_dates_keep_their_precision(date, said_at, precision):
    reply = json.dumps({"facts": [{"subject": "customer", "relation": "address", "object": "York",
                                   "text": "customer lived in York", "quote": "lived in York", "date": date}]})
    [fact] = parse_reply(reply, make_turn("t", "Back in 2019 I lived in York.")).facts
    assert (fact.said_at, fact.date_precision) == (said_at, precision)
