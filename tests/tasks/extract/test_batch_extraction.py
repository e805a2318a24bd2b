"""Batch mode: OpenAI Batch API and Anthropic Message Batches against the fakes; submit, poll, results, resume."""

from __future__ import annotations

import pytest

from archivist.storage.batches import COLLECTED, BatchLedger, BatchRecord
from archivist.storage.store import Store
from archivist.tasks.extract import BatchExtractor, BatchPending, LLMExtractor
from archivist.tasks.providers.prices import default_prices
from tests.fakes.llm_batches import batch_state
from tests.tasks.extract.extract_fakes import Sleeps, make_turn, server, settings_for, turns  # noqa: F401

VENDORS = ["openai", "anthropic"]
CREATE = {"openai": "/v1/batches", "anthropic": "/v1/messages/batches"}


class Clock:
    """A fake monotonic clock that the injected sleep advances: waiting takes no real time."""

    def __init__(self):
        self.now = 0.0
        self.sleeps = Sleeps()

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def batch_extractor(server, vendor, store, clock=None, **kwargs):  # noqa: F811
    clock = clock or Clock()
    llm = LLMExtractor(settings_for(server, vendor), store=store, limiter=None, sleep=clock.sleep)
    return BatchExtractor(llm, store, poll_interval_s=5.0, sleep=clock.sleep, clock=clock, **kwargs)


@pytest.mark.parametrize("vendor", VENDORS)
def test_submit_poll_and_collect_give_the_same_facts_as_one_by_one_calls(server, turns, vendor, tmp_path):  # noqa: F811
    batch_state(server).polls_before_done = 2
    clock = Clock()
    store = Store(str(tmp_path / "batch"))
    extractor = batch_extractor(server, vendor, store, clock)
    facts = extractor.extract(turns)
    synchronous = LLMExtractor(settings_for(server, vendor), limiter=None).extract(turns)
    assert facts == synchronous
    assert [f.text for f in facts[0]] == ["customer lives at 14 Harbour Street, Leeds"]
    assert clock.sleeps == [5.0, 5.0]  # two polls said "in progress", each followed by the injected interval
    assert server.count(CREATE[vendor]) == 1
    assert server.count("/v1/files") == (1 if vendor == "openai" else 0)
    assert BatchLedger(store).pending() == []  # collected, so no longer pending


@pytest.mark.parametrize("vendor", VENDORS)
def test_batch_results_are_cached_and_billed_at_half_price(server, turns, vendor, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "batch"))
    batch_extractor(server, vendor, store).extract(turns)
    ledger = store.read("ledger")
    assert ledger.height == len(turns)
    assert set(ledger["endpoint"]) == {f"batch:{'/v1/chat/completions' if vendor == 'openai' else '/v1/messages'}"}
    prices = default_prices()
    for row in ledger.iter_rows(named=True):
        full = prices.cost(vendor, row["model"], row["input_tokens"], row["output_tokens"])
        assert row["cost_usd"] == pytest.approx(full / 2) and full > 0
    creations = server.count(CREATE[vendor])
    again = batch_extractor(server, vendor, store).extract(turns)  # a re-run of the night: all cached
    assert [[f.text for f in fs] for fs in again][0] == ["customer lives at 14 Harbour Street, Leeds"]
    assert server.count(CREATE[vendor]) == creations
    assert store.read("ledger")["cached"].to_list().count(True) == len(turns)


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_restart_resumes_waiting_on_the_same_batch_and_submits_nothing(server, turns, vendor, tmp_path):  # noqa: F811
    state = batch_state(server)
    state.hold = True
    store = Store(str(tmp_path / "batch"))
    with pytest.raises(BatchPending) as pending:
        batch_extractor(server, vendor, store, max_wait_s=30.0).extract(turns)
    assert "run the same command again" in str(pending.value)
    [record] = BatchLedger(store).pending()
    assert record.batch_id == pending.value.batch_id == state.created[0]
    assert record.request_count == len(turns)

    state.hold = False  # the provider finishes while nobody is waiting
    restarted = batch_extractor(server, vendor, store)  # a new process: new objects, the same store
    facts = restarted.extract(turns)
    assert [f.text for f in facts[2]] == ["customer likes hiking"]
    assert server.count(CREATE[vendor]) == 1  # exactly one batch creation across both runs
    assert state.created == [record.batch_id]
    assert BatchLedger(store).get(record.batch_key).status == COLLECTED


def test_a_request_the_batch_could_not_answer_is_recorded_for_its_turn(server, turns, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "batch"))
    extractor = batch_extractor(server, "openai", store)
    failing = extractor.llm.gate.hash(extractor.llm.request_body(turns[2]))
    batch_state(server).fail_ids = {failing}
    move, thanks, like = extractor.extract(turns)
    assert [f.relation for f in move] == ["address"] and like == []
    [problem] = extractor.take_problems()
    assert problem.turn_id == "t-like" and "HTTP 400" in problem.reason
    errors = store.read("ledger").filter(store.read("ledger")["error"].is_not_null())
    assert errors["request_hash"].to_list() == [failing]


def test_a_malformed_reply_inside_a_batch_is_recorded_not_fatal(server, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "batch"))
    extractor = batch_extractor(server, "anthropic", store)
    garbled, like = extractor.extract([make_turn("t-bad", "garbled"), make_turn("t-like", "I love hiking.")])
    assert garbled == [] and [f.text for f in like] == ["customer likes hiking"]
    assert [p.turn_id for p in extractor.take_problems()] == ["t-bad"]


def test_the_batch_table_round_trips_and_lists_only_pending_batches(tmp_path):
    ledger = BatchLedger(Store(str(tmp_path / "store")))
    record = ledger.save(BatchRecord(batch_key="k1", provider="openai", model="gpt-4o-mini",
                                     endpoint="/v1/chat/completions", batch_id="batch_1", request_count=3))
    assert ledger.get("k1") == record and ledger.get("k2") is None
    assert [r.batch_id for r in ledger.pending()] == ["batch_1"]
    ledger.mark(record, COLLECTED)
    assert ledger.pending() == [] and ledger.get("k1").status == COLLECTED


def test_batch_mode_needs_the_call_log(server):  # noqa: F811
    with pytest.raises(ValueError, match="store"):
        BatchExtractor(LLMExtractor(settings_for(server, "openai"), limiter=None), store=None)  # type: ignore[arg-type]
