"""The checks every support-case archive test makes, written once (tests/archives.py `CaseArchive` writes them).

A test module holding CASES and ONE_OFFS takes them with `globals().update(case_checks(...))`: the `stored`
fixture (the archive ingested through the real flow with the embedded defaults) and three tests, each
parametrized by case id. Every change closes the old fact and keeps the new one active as its successor; no trap
closes anything; a one-off request leaves no active fact. A case named in `fails` is marked
`xfail(strict=True)` with the reason: a fix turns it into an unexpected pass, which fails the run and says to
remove it from `fails`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import polars as pl
import pytest

from archivist.storage.events import read_events
from tests.archives import CaseArchive
from tests.fakes.environment import ingest_embedded


def case_checks(archive: CaseArchive, cases: list[tuple], one_offs: list[tuple], *,
                fails: Mapping[str, str] | None = None, any_case: bool = False,
                counts: tuple[int, int, int] | None = None) -> dict[str, Callable[..., Any]]:
    """{name: fixture or test} for a module's namespace. `any_case` matches the value's words whatever their case
    (a fact's wording is the extractor's, the value is the customer's). `counts` (changes, traps, one-offs) adds a
    test that the archive holds that many cases, each scope once."""
    fails = fails or {}

    def params(chosen: list[tuple]) -> list[Any]:
        return [pytest.param(c, id=c[0], marks=[pytest.mark.xfail(strict=True, reason=fails[c[0]])]
                             if c[0] in fails else []) for c in chosen]

    def fact(facts: pl.DataFrame, scope: str, words: str, *, later: bool) -> dict:
        return archive.fact(facts, scope, words, later=later, any_case=any_case)

    @pytest.fixture(scope="module")
    def stored(prefect_api, tmp_path_factory):
        root = tmp_path_factory.mktemp(f"support-{archive.tenant}")
        archive.write(root / "archive", cases, one_offs)
        store = ingest_embedded(root, [str(root / "archive")])
        return store.read("facts").drop("vector"), read_events(store)

    @pytest.mark.parametrize("case", params([c for c in cases if c[1] == "change"]))
    def test_a_change_closes_the_old_fact_and_keeps_the_new_one_active(stored, case):
        facts, _ = stored
        scope, *_, old_words, new_words = case
        old = fact(facts, scope, old_words, later=False)
        new = fact(facts, scope, new_words, later=True)
        # the old value's successor: any later fact that holds the new value (a turn may state it twice, as the
        # bank and as the account a debit is paid from)
        successors = {row["fact_id"]: row for row in archive.facts_with(facts, scope, new_words, later=True,
                                                                          any_case=any_case)}
        new = successors.get(old["superseded_by"], new)
        assert (old["status"], new["status"]) == ("closed", "active"), (old["text"], new["text"])
        assert old["superseded_by"] == new["fact_id"]

    @pytest.mark.parametrize("case", params([c for c in cases if c[1] == "trap"]))
    def test_a_trap_closes_nothing(stored, case):
        facts, events = stored
        scope, *_, old_words, _ = case
        assert fact(facts, scope, old_words, later=False)["status"] == "active"
        closing = events.filter((pl.col("scope") == scope) & pl.col("kind").is_in(["fact_closed", "plan_closed"]))
        assert closing.is_empty(), closing.to_dicts()

    @pytest.mark.parametrize("case", params(one_offs))
    def test_a_one_off_request_leaves_no_active_fact(stored, case):
        facts, _ = stored
        active = facts.filter((pl.col("scope") == case[0]) & (pl.col("status") == "active"))
        assert active.is_empty(), active["text"].to_list()

    def test_the_archive_holds_the_cases_it_was_written_with():
        kinds = [c[1] for c in cases]
        assert (kinds.count("change"), kinds.count("trap"), len(one_offs)) == counts
        assert len({c[0] for c in cases} | {c[0] for c in one_offs}) == len(cases) + len(one_offs)

    checks: dict[str, Callable[..., Any]] = {"stored": stored,
            "test_a_change_closes_the_old_fact_and_keeps_the_new_one_active":
                test_a_change_closes_the_old_fact_and_keeps_the_new_one_active,
            "test_a_trap_closes_nothing": test_a_trap_closes_nothing,
            "test_a_one_off_request_leaves_no_active_fact": test_a_one_off_request_leaves_no_active_fact}
    if counts is not None:
        checks["test_the_archive_holds_the_cases_it_was_written_with"] = \
            test_the_archive_holds_the_cases_it_was_written_with
    return checks
