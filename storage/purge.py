"""Purge: remove a tenant's (or one scope's) rows from every table, then every old table version that held them.

The only deletion archivist does (DESIGN.md, "Nothing irreversible ... Deletion exists only as an explicit,
audited purge"). What goes, table by table:

    turns, facts (and their re-embedded copies), decisions, events, plan_items   tenant [and scope] columns
    plans            made for the whole tenant, or for exactly the purged scope (a tenant-wide plan only loses
                     the purged scope's items); their Parquet files beside the store go or are rewritten
    call_cache, ledger   rows whose request_hash a purged decision recorded (see `PurgeScope.notes`)
    extracted        rows of purged turns
    quarantine       rows attributable to the tenant/scope: extraction problems of purged turns, and records
                     whose raw JSON names the tenant (and scope); a malformed line names nobody and stays

Then every touched table is compacted and its old versions are deleted (`optimize(cleanup_older_than=0,
delete_unverified=True)`, after deleting the tags that would pin them), and each remaining version is checked
out and searched for the purged rows. This ends time travel on those tables for every tenant: the event log,
not table versions, is archivist's history. An audit row in `purges` records who, when, tenant, scope and the
count per table, never content.
"""

from __future__ import annotations

import getpass
import json
import logging
import uuid
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

import pyarrow as pa

from archivist.storage.calls import CALL_CACHE, LEDGER
from archivist.storage.plans import (
    PLAN_ITEMS_TABLE,
    PLANS_TABLE,
    delete_plan_files,
    plan_where,
    plans_to_purge,
    read_plan,
    write_plan_file,
)
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store, sql_in, sql_quote
from archivist.storage.vector_space import all_physical_tables

log = logging.getLogger(__name__)

PURGES_TABLE = "purges"
PURGES = pa.schema(
    [
        pa.field("purge_id", pa.string(), nullable=False),
        pa.field("purged_at", TIMESTAMP),
        pa.field("purged_by", pa.string()),
        pa.field("tenant", pa.string(), nullable=False),
        pa.field("scope", pa.string()),
        pa.field("counts", pa.string()),
        pa.field("notes", pa.string()),
    ]
)
SCOPED_TABLES = ("decisions", "events", PLAN_ITEMS_TABLE)
VECTOR_TABLES = ("turns", "facts")
_ID_CHUNK = 1_000


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

    @property
    def total(self) -> int:
        return sum(self.counts.values())


@dataclass
class PurgeResult:
    purge_id: str
    scope: PurgeScope
    versions_left: dict[str, int]
    tags_deleted: int


def plan_purge(store: Store, tenant: str, scope: str | None = None, *, clear_cache: bool = False,
               column_map: Mapping[str, str] | None = None) -> PurgeScope:
    """Find everything a purge would remove; writes nothing."""
    if not tenant:
        raise ValueError("a purge needs a tenant (and optionally a scope)")
    found = PurgeScope(tenant, scope)
    where = f"tenant = {sql_quote(tenant)}" + (f" AND scope = {sql_quote(scope)}" if scope else "")
    for logical in VECTOR_TABLES:
        for table in all_physical_tables(store, logical):
            _add(store, found, table, [where])
    whole, touched = plans_to_purge(store, tenant, scope)
    found.plans_deleted, found.plans_rewritten = whole, touched
    for name in SCOPED_TABLES:
        # A deleted plan's items go too, whichever scope they are of.
        extra = f" OR {plan_where(whole)}" if name == PLAN_ITEMS_TABLE and whole else ""
        _add(store, found, name, [f"({where}){extra}"])
    _add(store, found, PLANS_TABLE, [plan_where(whole)] if whole else [])

    turn_ids = _column(store, "turns", "turn_id", where)
    hashes = sorted(h for h in _column(store, "decisions", "request_hash", where) if h)
    _add(store, found, "extracted", _chunks("turn_id", turn_ids))
    if clear_cache:
        _add(store, found, CALL_CACHE, ["true"])
        found.notes.append("the whole call cache was cleared (--clear-cache): entries of every tenant go, and "
                           "later runs pay for their calls again")
    else:
        _add(store, found, CALL_CACHE, _chunks("request_hash", hashes))
        others = store.count(CALL_CACHE) - found.counts.get(CALL_CACHE, 0) if store.has_table(CALL_CACHE) else 0
        if others:
            found.notes.append(
                f"{others} call-cache entries are not attributable to a tenant (the cache is keyed by request "
                "hash only; extraction and recall responses are not recorded against a scope) and were kept; "
                "purge with --clear-cache to drop the whole cache")
    _add(store, found, LEDGER, _chunks("request_hash", hashes))
    quarantined = _attributable_quarantine(store, tenant, scope, set(turn_ids), column_map or {})
    _add(store, found, "quarantine", _chunks("quarantine_id", quarantined))
    return found


def _add(store: Store, found: PurgeScope, table: str, filters: list[str]) -> None:
    if not filters or not store.has_table(table):
        return
    found.filters[table] = filters
    found.counts[table] = _count(store, table, filters)


def _count(store: Store, table: str, filters: Sequence[str]) -> int:
    return sum(store.count(table, f) for f in filters)


def _chunks(column: str, values: Sequence[str]) -> list[str]:
    values = sorted(set(values))
    return [sql_in(column, values[i : i + _ID_CHUNK]) for i in range(0, len(values), _ID_CHUNK)]


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
    """Delete what `plan_purge` found, compact away every old version, check, and record the audit row."""
    for table, filters in found.filters.items():
        for where in filters:
            store.delete(table, where)
    for plan_id in found.plans_rewritten:
        write_plan_file(store, read_plan(store, plan_id))
    delete_plan_files(store, found.plans_deleted)
    versions, tags = {}, 0
    for table in sorted(found.filters):
        deleted, versions[table] = _forget_old_versions(store, table)
        tags += deleted
    _verify(store, found)
    purge_id = uuid.uuid4().hex
    store.ensure_table(PURGES_TABLE, PURGES, btree=("purge_id",))
    counts = {table: n for table, n in sorted(found.counts.items())}
    notes = found.notes + ([f"{tags} table tags were deleted so that old versions could go"] if tags else [])
    row = {"purge_id": purge_id, "purged_at": _now(), "purged_by": purged_by or _user(), "tenant": found.tenant,
           "scope": found.scope, "counts": json.dumps(counts), "notes": json.dumps(notes)}
    store.append(PURGES_TABLE, pa.Table.from_pylist([row], schema=PURGES))
    return PurgeResult(purge_id, found, versions, tags)


def _forget_old_versions(store: Store, table: str) -> tuple[int, int]:
    """Compact `table`, delete its tags and every version but the latest; (tags deleted, versions left)."""
    handle = store.table(table)
    if handle is None:
        return 0, 0
    tags = list(handle.tags.list())
    for tag in tags:  # a tagged version is never cleaned up, and would still hold the purged rows
        handle.tags.delete(tag)
    with store.writer_lock(table), warnings.catch_warnings():
        # Lance warns that concurrent readers of old versions will fail: that is the point here.
        warnings.simplefilter("ignore", UserWarning)
        # On a table with indexes, optimize commits an index update after its own cleanup ran, so one call
        # leaves two versions (both already without the purged rows); the second call leaves one.
        for _ in range(3):
            handle.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
            if len(handle.list_versions()) == 1:
                break
    return len(tags), len(handle.list_versions())


def _verify(store: Store, found: PurgeScope) -> None:
    """Check out every remaining version of every purged table: none may still hold a purged row."""
    for table, filters in found.filters.items():
        handle = store.table(table)
        if handle is None:
            continue
        for version in [v["version"] for v in handle.list_versions()]:
            handle.checkout(version)
            left = sum(int(handle.count_rows(f)) for f in filters)
            handle.checkout_latest()
            if left:
                raise RuntimeError(f"purge left {left} rows in version {version} of {table}; the purge is not "
                                   "complete. Run it again (it is idempotent) and report this if it persists")


def purge_history(store: Store) -> list[dict[str, Any]]:
    if not store.has_table(PURGES_TABLE):
        return []
    return store.read(PURGES_TABLE).sort("purged_at").to_dicts()


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name in some containers
        return "unknown"
