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


# -- batches that fit ------------------------------------------------------------------------------------

BATCH_PATHS = {"openai": "/v1/batches/", "anthropic": "/v1/messages/batches/"}


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_partition_over_the_request_limit_is_split_and_every_batch_submitted_before_polling(
        server, turns, vendor, tmp_path):  # noqa: F811
    state = batch_state(server)
    state.max_requests = 2  # the fake vendor rejects a batch of more, as the real ones do past their limits
    store = Store(str(tmp_path / "batch"))
    facts = batch_extractor(server, vendor, store, max_requests=2).extract(turns)
    assert [f.text for f in facts[0]] == ["customer lives at 14 Harbour Street, Leeds"]
    assert [f.text for f in facts[2]] == ["customer likes hiking"]
    assert server.count(CREATE[vendor]) == 2 and server.count(CREATE[vendor], status=400) == 0
    log = [(r.method, r.path) for r in server.requests]
    creations = [i for i, (method, path) in enumerate(log) if method == "POST" and path == CREATE[vendor]]
    polls = [i for i, (method, path) in enumerate(log) if method == "GET" and path.startswith(BATCH_PATHS[vendor])]
    assert max(creations) < min(polls)  # both batches were submitted before either was polled
    assert sorted(r.request_count for r in _records(store)) == [1, 2]


@pytest.mark.parametrize("vendor", VENDORS)
def test_the_request_limit_defaults_to_the_vendors_documented_one(server, vendor, tmp_path):  # noqa: F811
    extractor = batch_extractor(server, vendor, Store(str(tmp_path / "batch")))
    assert extractor.max_requests == {"openai": 50_000, "anthropic": 100_000}[vendor]
    assert extractor.max_bytes < {"openai": 200_000_000, "anthropic": 256_000_000}[vendor]


def test_a_partition_over_the_byte_limit_is_split(server, turns, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "batch"))
    extractor = batch_extractor(server, "openai", store)
    sizes = [extractor.api.request_size("x" * 64, extractor.llm.request_body(t)) for t in turns]
    extractor.max_bytes = max(sizes) + 1  # one request per batch
    extractor.extract(turns)
    assert server.count(CREATE["openai"]) == len(turns)


def test_a_resumed_split_run_collects_every_batch_it_submitted_and_submits_nothing(server, turns, tmp_path):  # noqa: F811
    state = batch_state(server)
    state.hold = True
    store = Store(str(tmp_path / "batch"))
    with pytest.raises(BatchPending):
        batch_extractor(server, "anthropic", store, max_requests=2, max_wait_s=10.0).extract(turns)
    assert len(BatchLedger(store).pending()) == 2  # both submitted before the wait ran out
    state.hold = False
    facts = batch_extractor(server, "anthropic", store, max_requests=2).extract(turns)
    assert [f.relation for f in facts[0]] == ["address"]
    assert server.count(CREATE["anthropic"]) == 2 and BatchLedger(store).pending() == []


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_reply_cut_off_inside_a_batch_is_asked_again_synchronously_at_a_larger_budget(
        server, vendor, tmp_path):  # noqa: F811
    server.knobs.enforce_max_tokens = True
    store = Store(str(tmp_path / "batch"))
    clock = Clock()
    llm = LLMExtractor(settings_for(server, vendor, max_output_tokens=20, max_output_tokens_ceiling=80),
                       store=store, limiter=None, sleep=clock.sleep)
    extractor = BatchExtractor(llm, store, poll_interval_s=5.0, sleep=clock.sleep, clock=clock)
    [facts] = extractor.extract([make_turn("t-move", "Hi. I moved to 14 Harbour Street, Leeds last Friday.")])
    assert [f.relation for f in facts] == ["address"]
    ledger = store.read("ledger")
    [cut] = ledger.filter(ledger["endpoint"].str.starts_with("batch:"))["error"].to_list()
    assert cut.startswith("Truncated")
    assert ledger.filter(ledger["endpoint"].str.starts_with("batch:"))["cost_usd"].to_list()[0] > 0
    assert server.count(ENDPOINTS[vendor]) >= 1  # the synchronous retry at a larger budget


def test_poll_interval_and_longest_wait_come_from_the_settings(server, tmp_path):  # noqa: F811
    llm = LLMExtractor(settings_for(server, "openai", batch_poll_interval_s=7.0, batch_max_wait_s=70.0),
                       store=Store(str(tmp_path / "batch")), limiter=None)
    extractor = BatchExtractor(llm, Store(str(tmp_path / "batch")))
    assert (extractor.poll_interval_s, extractor.max_wait_s) == (7.0, 70.0)


def test_system_and_tool_turns_are_not_submitted(server, turns, tmp_path):  # noqa: F811
    store = Store(str(tmp_path / "batch"))
    tool = make_turn("t-tool", '{"plan": "Pro"}', speaker="crm", role="tool")
    facts = batch_extractor(server, "openai", store).extract([tool, *turns])
    assert facts[0] == [] and [f.relation for f in facts[1]] == ["address"]
    [record] = _records(store)
    assert record.request_count == len(turns)


ENDPOINTS = {"openai": "/v1/chat/completions", "anthropic": "/v1/messages"}


def _records(store):
    frame = store.read("llm_batches")
    return [BatchLedger(store).get(key) for key in frame["batch_key"].to_list()]
