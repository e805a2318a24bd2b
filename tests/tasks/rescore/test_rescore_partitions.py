"""Re-scoring is asked one task per partition of scopes: every request once, a scope's requests together."""

from __future__ import annotations

import polars as pl

from archivist.tasks.ingest.partition import partition_of
from archivist.tasks.rescore.requests import RebuiltRequest, RescoreWork
from archivist.tasks.rescore.run import partition_requests


def test_requests_are_grouped_by_their_scopes_partition_each_once():
    scopes = [("acme", f"customer-{n}") for n in range(12)] + [("globex", "customer-0")]
    requests = [RebuiltRequest(request=None, old={"relation:c1": {"tenant": t, "scope": s}})  # type: ignore[arg-type]
                for t, s in scopes for _ in range(2)]
    groups = partition_requests(RescoreWork(pl.DataFrame(), requests), 4)
    assert sorted(i for group in groups for i in group) == list(range(len(requests)))
    seen = [{partition_of(*scopes[i // 2], 4) for i in group} for group in groups]
    assert all(len(p) == 1 for p in seen) and len(groups) == len({p for s in seen for p in s}) > 1
    assert [next(iter(p)) for p in seen] == sorted(next(iter(p)) for p in seen)  # partition order
