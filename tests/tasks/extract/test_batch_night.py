"""A batch night through the ingest flow: every partition's batches are queued before any is polled."""

from __future__ import annotations

import pytest

from archivist.configs import load_settings
from archivist.flows.ingest import run_ingest
from archivist.storage.batches import BatchLedger
from archivist.storage.store import Store
from tests.archives import write_archive
from tests.fakes.llm_batches import BatchFakeServer, batch_state, extraction_replies

pytestmark = pytest.mark.slow


@pytest.fixture
def fake():
    with BatchFakeServer() as server:
        server.knobs.chat_reply = extraction_replies({})
        yield server


def test_every_partitions_batches_are_submitted_before_any_is_polled(tmp_path, fake):
    archive = tmp_path / "archive.jsonl"
    write_archive(archive, scopes=6, conversations=1, turns=2)
    # One partition at a time: without the first pass each partition would wait on its batch before the
    # next one was even submitted.
    settings = load_settings(store__uri=str(tmp_path / "store"), ingest__partitions=3, ingest__workers=1,
                             llm__provider="openai", llm__model="gpt-4o-mini", llm__base_url=fake.url + "/v1",
                             llm__batch_poll_interval_s=0.01, llm__max_attempts=2, gate__llm=False)
    run_ingest([str(archive)], settings, extract="batch")
    log = [(r.method, r.path) for r in fake.requests]
    creations = [i for i, (method, path) in enumerate(log) if (method, path) == ("POST", "/v1/batches")]
    polls = [i for i, (method, path) in enumerate(log) if method == "GET" and path.startswith("/v1/batches/")]
    assert len(creations) == len(batch_state(fake).created) >= 2
    assert max(creations) < min(polls)
    assert BatchLedger(Store(settings.store.uri)).pending() == []  # every batch collected by the second pass
