"""Purge as erasure: the purge job, the table rewrites, the removal of old versions, and the byte scan.

A purge is a job with a recorded target set (`purge_jobs`, one row, ids and filters only, never content):

    1. job row written                      the targets, per physical table, as `plan_purge` found them
    2. each table rewritten without them    one overwrite commit per table (Store.rewrite_without): a
                                            deletion would only mark rows, and Lance's compaction keeps a data
                                            file whose deleted share is small, so the text would stay on disk
    3. plan files rewritten or deleted
    4. old versions and unused files gone   tags too (Store.drop_old_versions)
    5. proof                                every remaining version counted, and every file of the store read
                                            byte by byte for the purged turns' texts, their rare words and the
                                            purged ids (`needles`)
    6. audit row, then the job row erased   the audit row's purge_id is the job's

A re-run after a crash at any point (named crash points `purge:<table>`, `purge:plans`, `purge:versions`,
`purge:audit`) finds the job and finishes exactly its targets. The texts the scan looks for are read from the
table versions the job recorded; once step 4 has run those versions are gone, and a job resumed after it scans
for the ids and says so in the audit row's notes.
"""

from __future__ import annotations

import getpass
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pyarrow as pa

from archivist.crashpoints import crash_point
from archivist.errors import ArchivistError
from archivist.storage import sql
from archivist.storage.objects import scheme
from archivist.storage.plans import (
    PlanNotFound,
    delete_plan_files,
    read_plan,
    write_plan_file,
)
from archivist.storage.purge import PurgeResult, PurgeScope, physical_tables
from archivist.storage.schemas import TIMESTAMP
from archivist.storage.store import Store

PURGES_TABLE, PURGE_JOBS_TABLE = "purges", "purge_jobs"
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
PURGE_JOBS = pa.schema(
    [
        pa.field("purge_id", pa.string(), nullable=False),
        pa.field("started_at", TIMESTAMP),
        pa.field("purged_by", pa.string()),
        pa.field("tenant", pa.string(), nullable=False),
        pa.field("scope", pa.string()),
        pa.field("job", pa.string()),  # JSON: filters, counts, versions, plans, notes, needle ids, tables done
    ]
)
MIN_TEXT_BYTES = 8
"""Shorter texts ("ok", "thanks") and ids are not looked for: other rows' bytes would match them by chance
(archivist's own ids are 32 hex digits)."""
WORD = re.compile(r"[^\W_]{6,}")
"""Words looked for on their own (a full-text index keeps words, not texts): six letters or more."""
TEXT_COLUMNS = {"turns": ("text",), "facts": ("text", "quote")}


class PurgeIncomplete(ArchivistError, RuntimeError):
    """The proof failed: a version or a file still holds purged data."""

    hint = "run the same purge again (it finishes the recorded job); report this if it persists"


@dataclass
class PurgeJob:
    purge_id: str
    scope: PurgeScope
    purged_by: str
    started_at: datetime
    done: list[str] = field(default_factory=list)


# -- the job row --------------------------------------------------------------------------------------------


def start_job(store: Store, found: PurgeScope, purged_by: str | None) -> PurgeJob:
    from archivist.ids import content_id

    started = datetime.now(UTC)
    job = PurgeJob(content_id("purge", found.tenant, found.scope or "", started.isoformat()), found,
                   purged_by or _user(), started)
    _save(store, job)
    crash_point("purge:job")
    return job


def _save(store: Store, job: PurgeJob) -> None:
    s = job.scope
    body = {"filters": s.filters, "counts": s.counts, "versions": s.versions, "plans_deleted": s.plans_deleted,
            "plans_rewritten": s.plans_rewritten, "notes": s.notes, "needle_ids": s.needle_ids, "done": job.done}
    row = {"purge_id": job.purge_id, "started_at": job.started_at, "purged_by": job.purged_by,
           "tenant": s.tenant, "scope": s.scope, "job": json.dumps(body, sort_keys=True)}
    store.ensure_table(PURGE_JOBS_TABLE, PURGE_JOBS, btree=("purge_id",))
    store.upsert(PURGE_JOBS_TABLE, pa.Table.from_pylist([row], schema=PURGE_JOBS), "purge_id")


def unfinished_jobs(store: Store) -> list[PurgeJob]:
    if not store.has_table(PURGE_JOBS_TABLE):
        return []
    jobs = []
    for row in store.read(PURGE_JOBS_TABLE).sort("started_at").iter_rows(named=True):
        body = json.loads(row["job"])
        scope = PurgeScope(row["tenant"], row["scope"], filters=body["filters"], counts=body["counts"],
                           plans_rewritten=body["plans_rewritten"], plans_deleted=body["plans_deleted"],
                           notes=body["notes"], needle_ids=body["needle_ids"],
                           versions={k: int(v) for k, v in body["versions"].items()})
        jobs.append(PurgeJob(row["purge_id"], scope, row["purged_by"], row["started_at"], list(body["done"])))
    return jobs


# -- finishing a job ----------------------------------------------------------------------------------------


def finish_job(store: Store, job: PurgeJob) -> PurgeResult:
    """Steps 2 to 6 of the module docstring; every step is safe to repeat. The caller holds the writer lease."""
    found, notes = job.scope, list(job.scope.notes)
    texts = purged_texts(store, found)
    if found.needle_ids and not texts:
        notes.append("resumed after the old versions were removed: the texts could no longer be read anywhere in "
                     "the store, so the byte scan looked for the purged ids")
    audited = store.has_table(PURGES_TABLE) and store.count(PURGES_TABLE, f"purge_id = {sql.quote(job.purge_id)}")
    versions, tags = {}, 0
    if not audited:
        for table in sorted(found.filters):
            if table not in job.done:
                store.rewrite_without(table, " OR ".join(f"({f})" for f in found.filters[table]))
                job.done.append(table)
                _save(store, job)
            crash_point(f"purge:{table}")
        for plan_id in found.plans_rewritten:
            try:
                write_plan_file(store, read_plan(store, plan_id))
            except PlanNotFound:
                continue
        delete_plan_files(store, found.plans_deleted)
        crash_point("purge:plans")
        for table in sorted(found.filters):
            deleted, versions[table] = store.drop_old_versions(table)
            tags += deleted
        crash_point("purge:versions")
        _verify_versions(store, found)
    needles = scan_needles(store, found, texts)
    files, hits = byte_scan(store, needles, exclude=[PURGE_JOBS_TABLE])
    if files is None:
        notes.append(f"the files of this {scheme(store.files().uri)}:// store cannot be read by archivist, so no "
                     "byte scan was made: the rows and every old version are removed, but no check proved that no "
                     "byte of the purged data is left in the store's files")
    if hits:
        raise PurgeIncomplete(f"purge {job.purge_id[:12]}: {len(hits)} files of the store still hold purged data "
                              f"({', '.join(hits[:5])})")
    notes += [f"{tags} table tags were deleted so that old versions could go"] if tags else []
    if not audited:
        _audit(store, job, notes)
        crash_point("purge:audit")
    _forget_job(store, job, needles)
    return PurgeResult(job.purge_id, found, versions, tags, scanned_files=files, needles=len(needles),
                       notes=notes)


def _verify_versions(store: Store, found: PurgeScope) -> None:
    """Every remaining version of every purged table: none may still hold a purged row."""
    for table, filters in found.filters.items():
        where = " OR ".join(f"({f})" for f in filters)
        for version, left in store.version_rows(table, where).items():
            if left:
                raise PurgeIncomplete(f"purge left {left} rows in version {version} of {table}")


def _audit(store: Store, job: PurgeJob, notes: list[str]) -> None:
    found = job.scope
    row = {"purge_id": job.purge_id, "purged_at": datetime.now(UTC), "purged_by": job.purged_by,
           "tenant": found.tenant, "scope": found.scope, "counts": json.dumps(dict(sorted(found.counts.items()))),
           "notes": json.dumps(notes)}
    store.ensure_table(PURGES_TABLE, PURGES, btree=("purge_id",))
    store.insert_new(PURGES_TABLE, pa.Table.from_pylist([row], schema=PURGES), "purge_id")


def _forget_job(store: Store, job: PurgeJob, needles: Sequence[bytes]) -> None:
    """Erase the job row (it names the purged ids) like any purged row, and prove that too."""
    store.rewrite_without(PURGE_JOBS_TABLE, f"purge_id = {sql.quote(job.purge_id)}")
    store.drop_old_versions(PURGE_JOBS_TABLE)
    _, hits = byte_scan(store, needles, only=PURGE_JOBS_TABLE)
    if hits:
        raise PurgeIncomplete(f"the purge job's own rows are still in {', '.join(hits[:5])}")


# -- the proof ----------------------------------------------------------------------------------------------


def purged_texts(store: Store, found: PurgeScope) -> list[str]:
    """The purged turns' texts (and facts' texts and quotes), read at the versions the job recorded; empty once
    those versions are gone."""
    texts: list[str] = []
    for logical, columns in TEXT_COLUMNS.items():
        for physical in physical_tables(store, logical):
            version = found.versions.get(physical)
            if version is None:
                continue
            frame = store.read_version(physical, version, found.where, list(columns))
            for column in columns:
                if frame.height:
                    texts.extend(t for t in frame[column].to_list() if t)
    return sorted(set(texts))


def remaining_text(store: Store, found: PurgeScope) -> bytes:
    """Every text and quote the purge keeps, lower-cased: a needle found in it would match legitimately."""
    parts: list[str] = []
    for logical, columns in TEXT_COLUMNS.items():
        for physical in physical_tables(store, logical):
            handle = store.open_physical(physical)
            if handle is None:
                continue
            rows = store.read_version(physical, int(handle.version), f"({found.where}) IS NOT TRUE", list(columns))
            for column in columns:
                if rows.height:
                    parts.extend(t for t in rows[column].to_list() if t)
    return "\x00".join(parts).encode("utf-8").lower()


def scan_needles(store: Store, found: PurgeScope, texts: Iterable[str]) -> list[bytes]:
    """What the byte scan looks for: the purged ids, and the purged texts and their words of six letters or
    more that no kept row also says (those would match legitimately)."""
    kept = remaining_text(store, found)
    candidates = set()
    for text in texts:
        encoded = text.encode("utf-8").lower()
        if len(encoded) >= MIN_TEXT_BYTES:
            candidates.add(encoded)
        candidates.update(w.encode("utf-8").lower() for w in WORD.findall(text))
    needles = {c for c in candidates if c not in kept}
    needles.update(i.encode("utf-8").lower() for i in found.needle_ids if len(i) >= MIN_TEXT_BYTES)
    return sorted(needles)


def byte_scan(store: Store, needles: Sequence[bytes], exclude: Sequence[str] = (),
              only: str | None = None) -> tuple[int | None, list[str]]:
    """(files read, relative paths of the files holding any needle) over the store's files, on a local
    folder or an s3:// store alike; (None, []) on a store whose files archivist cannot read (gs://, az://).
    `exclude`/`only` name tables (their `<name>.lance` folders)."""
    files = store.files()
    if not files.scannable:
        return None, []
    skipped = {f"{name}.lance" for name in exclude}
    hits, read = [], 0
    for relative in files.walk():
        top = relative.split("/", 1)[0]
        if top in skipped or (only is not None and top != f"{only}.lance"):
            continue
        read += 1
        data = files.read(relative).lower()
        if any(needle in data for needle in needles):
            hits.append(relative)
    return read, hits


def cache_rows_quoting(store: Store, table: str, key: str, column: str, needles: Sequence[bytes]) -> list[str]:
    """Keys of the rows of `table` whose `column` contains any needle (cached responses that quote purged
    turns, which their request hash alone cannot attribute)."""
    if not needles or not store.has_table(table):
        return []
    frame = store.read(table, columns=[key, column])
    return [k for k, value in frame.iter_rows() if value and any(n in value.encode("utf-8").lower() for n in needles)]


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name in some containers
        return "unknown"
