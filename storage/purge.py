"""Purge: erase a tenant's (or one scope's) rows from every table, every old version and every file.

The only deletion archivist does (DESIGN.md, "Nothing irreversible ... Deletion exists only as an explicit,
audited purge"). What goes, table by table:

    turns, facts (and their re-embedded copies), decisions, events, plan_items, extract_skips
                                                                                 tenant [and scope] columns
    plans            made for the whole tenant, or for exactly the purged scope (a tenant-wide plan only loses
                     the purged scope's items); their Parquet files beside the store go or are rewritten
    call_cache, ledger   rows whose request_hash only purged decisions recorded: a hash another scope's
                     decision shares is kept, since that scope's cached answer and its cost are its own
    extracted        rows of purged turns
    quarantine       rows attributable to the tenant/scope: extraction problems of purged turns, and records
                     whose raw JSON names the tenant (and scope); a malformed line names nobody and stays

`plan_purge` finds all that and writes nothing. `purge` first records the target set as a purge job
(storage/erasure.py), then erases it table by table, so a purge killed at any point is finished by running
it again: the re-run completes exactly the recorded set, old versions included, and writes one audit row.
The audit row in `purges` records who, when, tenant, scope and the count per table, never content.
Under its writer lease, before anything is planned, the staging folders that killed ingest runs left under
the store go (storage/staging.py): the paid calls they spilled are written to their tables first, so those
of the purged scope are erased with the rest and those of other scopes are kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from archivist.errors import ArchivistError
from archivist.storage import sql
from archivist.storage.calls import CALL_CACHE, LEDGER
from archivist.storage.extract_skips import SKIPS_TABLE
from archivist.storage.plans import (
    PLAN_ITEMS_TABLE,
    PLANS_TABLE,
    plan_where,
    plans_to_purge,
)
from archivist.storage.staging import clear_dead_runs
from archivist.storage.store import Store

SCOPED_TABLES = ("decisions", "events", PLAN_ITEMS_TABLE, SKIPS_TABLE)
VECTOR_TABLES = ("turns", "facts")


class PurgeRefused(ArchivistError, ValueError):
    """A purge asked for something that must not be guessed (an empty tenant or scope)."""


@dataclass
class PurgeScope:
    """What a purge of `tenant`[/`scope`] removes: SQL filters per physical table and the row counts."""

    tenant: str
    scope: str | None
    filters: dict[str, list[str]] = field(default_factory=dict)
    """physical table -> filters whose rows go (ids are split into chunks)."""
    counts: dict[str, int] = field(default_factory=dict)
    plans_rewritten: list[str] = field(default_factory=list)
    plans_deleted: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    needle_ids: list[str] = field(default_factory=list)
    """Ids of the purged turns and facts: what the closing byte scan looks for (ids, never content)."""
    versions: dict[str, int] = field(default_factory=dict)
    """physical table -> its version when the purge was planned (the scan reads the purged texts there)."""
    clear_cache: bool = False
    column_map: dict[str, str] = field(default_factory=dict)
    """What the plan was asked with (`plan_purge`), to plan it again when `purge` finds rows it did not see."""

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def where(self) -> str:
        return sql.scope_filter([(self.tenant, self.scope)])


@dataclass
class PurgeResult:
    purge_id: str
    scope: PurgeScope
    versions_left: dict[str, int]
    tags_deleted: int
    scanned_files: int | None = 0
    """Files the byte scan read; None when the store's files cannot be read (no scan was made)."""
    needles: int = 0
    notes: list[str] = field(default_factory=list)


def check_target(tenant: str | None, scope: str | None) -> None:
    """Refuse an empty tenant, and an empty scope: "" is not "every scope" (that is leaving --scope out)."""
    if tenant is None or not tenant.strip():
        raise PurgeRefused("a purge needs a tenant; --tenant is empty",
                           hint="pass the tenant whose data goes: --tenant T")
    if scope is not None and not scope.strip():
        raise PurgeRefused(f"--scope is empty, which would be read as every scope of tenant {tenant}",
                           hint="pass the scope (--scope S), or leave --scope out to purge the whole tenant")


def plan_purge(store: Store, tenant: str, scope: str | None = None, *, clear_cache: bool = False,
               column_map: Mapping[str, str] | None = None) -> PurgeScope:
    """Find everything a purge would remove; writes nothing."""
    check_target(tenant, scope)
    found = PurgeScope(tenant, scope, clear_cache=clear_cache, column_map=dict(column_map or {}))
    where = found.where
    for logical in VECTOR_TABLES:
        for table in physical_tables(store, logical):
            _add(store, found, table, [where])
    whole, touched = plans_to_purge(store, tenant, scope)
    found.plans_deleted, found.plans_rewritten = whole, touched
    for name in SCOPED_TABLES:
        # A deleted plan's items go too, whichever scope they are of.
        extra = f" OR {plan_where(whole)}" if name == PLAN_ITEMS_TABLE and whole else ""
        _add(store, found, name, [f"({where}){extra}"])
    _add(store, found, PLANS_TABLE, [plan_where(whole)] if whole else [])

    turn_ids = _column(store, "turns", "turn_id", where)
    fact_ids = _column(store, "facts", "fact_id", where)
    found.needle_ids = sorted(set(turn_ids) | set(fact_ids))
    found.versions = {t: v for t in found.filters if (v := _version(store, t)) is not None}
    _add(store, found, "extracted", sql.in_chunks("turn_id", turn_ids))
    hashes = _unshared_hashes(store, where)
    if not clear_cache:
        from archivist.storage.erasure import (
            cache_rows_quoting,
            purged_texts,
            scan_needles,
        )

        needles = scan_needles(store, found, purged_texts(store, found))
        hashes = sorted(set(hashes) | set(cache_rows_quoting(store, CALL_CACHE, "request_hash", "response",
                                                                 needles)))
    if clear_cache:
        _add(store, found, CALL_CACHE, ["true"])
        found.notes.append("the whole call cache was cleared (--clear-cache): entries of every tenant go, and "
                           "later runs pay for their calls again")
    else:
        _add(store, found, CALL_CACHE, sql.in_chunks("request_hash", hashes))
        others = store.count(CALL_CACHE) - found.counts.get(CALL_CACHE, 0) if store.has_table(CALL_CACHE) else 0
        if others:
            found.notes.append(
                f"{others} call-cache entries are not attributable to this tenant/scope alone (the cache is keyed "
                "by request hash only; extraction and recall responses are not recorded against a scope, and a "
                "request another scope also made is its answer too) and were kept; purge with --clear-cache to "
                "drop the whole cache")
    _add(store, found, LEDGER, sql.in_chunks("request_hash", hashes))
    quarantined = _attributable_quarantine(store, tenant, scope, set(turn_ids), column_map or {})
    _add(store, found, "quarantine", sql.in_chunks("quarantine_id", quarantined))
    return found


def physical_tables(store: Store, logical: str) -> list[str]:
    """Every physical table that holds (or held) rows of `logical`: itself and its re-embedded copies."""
    return [n for n in store.list_tables() if n == logical or n.startswith(f"{logical}__")]


def _unshared_hashes(store: Store, where: str) -> list[str]:
    """Request hashes of the purged decisions that no decision outside the purge recorded too."""
    purged = set(_column(store, "decisions", "request_hash", where)) - {None, ""}
    if not purged:
        return []
    shared = store.read_ids("decisions", "request_hash", purged, columns=["request_hash"],
                            where=f"({where}) IS NOT TRUE")
    return sorted(purged - (set(shared["request_hash"].to_list()) if shared.height else set()))


def _add(store: Store, found: PurgeScope, table: str, filters: list[str]) -> None:
    if not filters or table not in store.list_tables():
        return
    found.filters[table] = filters
    found.counts[table] = sum(_count(store, table, f) for f in filters)


def _count(store: Store, physical: str, where: str) -> int:
    handle = store.open_physical(physical)
    return 0 if handle is None else int(handle.count_rows(where))


def _version(store: Store, physical: str) -> int | None:
    handle = store.open_physical(physical)
    return None if handle is None else int(handle.version)


def _column(store: Store, table: str, column: str, where: str) -> list[str]:
    if not store.has_table(table):
        return []
    frame = store.read(table, where=where, columns=[column])
    return frame[column].to_list() if frame.height else []


def _attributable_quarantine(store: Store, tenant: str, scope: str | None, turn_ids: set[str],
                             column_map: Mapping[str, str]) -> list[str]:
    if not store.has_table("quarantine"):
        return []
    names = {"tenant": [k for k, v in column_map.items() if v == "tenant"] + ["tenant"],
             "scope": [k for k, v in column_map.items() if v == "scope"] + ["scope"]}
    found = []
    for quarantine_id, source_file, raw in store.read("quarantine", columns=["quarantine_id", "source_file",
                                                                             "raw"]).iter_rows():
        if source_file and source_file.startswith("extraction:") and source_file.split(":", 1)[1] in turn_ids:
            found.append(quarantine_id)
            continue
        try:
            record = json.loads(raw or "")
        except ValueError:
            continue
        if not isinstance(record, dict):
            continue
        if any(str(record.get(n)) == tenant for n in names["tenant"]) and (
                scope is None or any(str(record.get(n)) == scope for n in names["scope"])):
            found.append(quarantine_id)
    return found


def purge(store: Store, found: PurgeScope, *, purged_by: str | None = None) -> PurgeResult:
    """Record `found` as a purge job, erase it, prove it with a byte scan, and write the audit row.

    First the staging folders of killed ingest runs go (storage/staging.py): their spilled paid calls are written
    to the tables, then planned and erased like any others. `resume_purges` does that before the command plans;
    calls recovered only here were not in the tables when `found` was planned, so it is planned again."""
    from archivist.storage import erasure

    with store.writer("purge"):
        if clear_dead_runs(store, "purge").calls:
            found = plan_purge(store, found.tenant, found.scope, clear_cache=found.clear_cache,
                               column_map=found.column_map)
        job = erasure.start_job(store, found, purged_by)
        return erasure.finish_job(store, job)


def resume_purges(store: Store) -> list[PurgeResult]:
    """Finish every purge job a crash left unfinished (exactly its recorded targets), oldest first; killed ingest
    runs' staging folders go first (see `purge`), so that a plan made after this sees their recovered calls."""
    from archivist.storage import erasure

    with store.writer("purge"):
        clear_dead_runs(store, "purge")
        return [erasure.finish_job(store, job) for job in erasure.unfinished_jobs(store)]


def unfinished_purges(store: Store) -> list[dict[str, Any]]:
    """tenant, scope and start of each purge job not finished yet (for the command's message)."""
    from archivist.storage import erasure

    return [{"purge_id": j.purge_id, "tenant": j.scope.tenant, "scope": j.scope.scope, "started_at": j.started_at}
            for j in erasure.unfinished_jobs(store)]


def purge_history(store: Store) -> list[dict[str, Any]]:
    from archivist.storage.erasure import PURGES_TABLE

    if not store.has_table(PURGES_TABLE):
        return []
    return store.read(PURGES_TABLE).sort("purged_at").to_dicts()

