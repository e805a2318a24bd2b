"""The steps of ingestion, as plain functions over files and frames.

stage:   read and validate the archive in batches, mask credentials, quarantine bad records and bad files,
         and write the valid ones as Parquet files per partition (so no step ever holds the whole archive in
         memory);
embed:   per partition, drop turns the store already holds, embed the rest, write embedded Parquet;
commit:  insert embedded turns into LanceDB (insert-if-absent by content id, one writer).
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from archivist.configs.settings import Settings
from archivist.storage.quarantine import write_quarantine
from archivist.storage.store import Store
from archivist.storage.turns import existing_turn_ids, write_turns
from archivist.tasks.ingest.embed import close_embedder, get_embedder
from archivist.tasks.ingest.partition import with_partition
from archivist.tasks.ingest.read import read_archive
from archivist.tasks.writepath.budget import partition_budget

log = logging.getLogger(__name__)

@dataclass(kw_only=True)
class ReadCounts:
    """What reading the archive found beside its records; the staging step's, carried into the run's summary."""

    files_read: int = 0
    """Files a reader took, the unreadable ones included."""
    files_skipped: list[tuple[str, str]] = field(default_factory=list)
    """(file, why) for every file no reader took."""
    files_unreadable: list[tuple[str, str]] = field(default_factory=list)
    """(file, why) for every file that broke off; each is also one quarantined row."""
    turns_masked: int = 0
    turns_dropped: int = 0
    """Turns left out for holding a credential (privacy mode `drop`)."""
    credentials: dict[str, int] = field(default_factory=dict)
    """Credential kind -> turns that held one (masked or dropped)."""

    def read_counts(self) -> dict[str, Any]:
        """These counts alone, as keyword arguments for another summary."""
        return {f.name: getattr(self, f.name) for f in fields(ReadCounts)}


@dataclass
class StageSummary(ReadCounts):
    records_read: int = 0
    valid: int = 0
    quarantined: int = 0
    quarantine_new: int = 0
    partitions: dict[int, list[str]] = field(default_factory=dict)
    """partition -> staged Parquet files."""


@dataclass
class EmbedSummary:
    partition: int
    files: list[str]
    turns: int = 0
    already_stored: int = 0
    embedded: int = 0
    scopes: list[tuple[str, str]] = field(default_factory=list)
    """Every (tenant, scope) the partition's staged turns belong to: the write path's work list."""


def stage_archive(paths: list[str], fmt: str, settings: Settings, run_id: str, staging: Path) -> StageSummary:
    """Validate and partition the archive; the only writer of `quarantine` during a run."""
    store = Store(settings.store.uri, settings.store.storage_options)
    summary = StageSummary()
    ingest = settings.ingest
    if settings.privacy.mode == "keep":
        log.warning("privacy mode is `keep`: card numbers, passwords, PINs and keys in this archive are stored in "
                    "clear; set [privacy] mode = \"mask\" unless this store is meant to hold them")
    batches = read_archive(
        paths,
        fmt,
        column_map=ingest.column_map,
        max_text_chars=ingest.max_text_chars,
        batch_rows=ingest.batch_rows,
        default_tenant=ingest.default_tenant,
        privacy=settings.privacy.mode,
    )
    for number, batch in enumerate(batches):
        summary.records_read += batch.records_read
        summary.quarantined += batch.quarantine.height
        summary.quarantine_new += write_quarantine(store, batch.quarantine, run_id)
        if batch.records.is_empty():
            continue
        summary.valid += batch.records.height
        records = with_partition(batch.records, ingest.partitions)
        for (partition,), rows in records.partition_by("partition", as_dict=True).items():
            folder = staging / f"partition={int(partition):05d}"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"batch-{number:06d}.parquet"
            rows.drop("partition").write_parquet(path)
            summary.partitions.setdefault(int(partition), []).append(str(path))
    summary.files_read = batches.files_read
    summary.files_skipped = [(str(path), why) for path, why in batches.skipped]
    summary.files_unreadable = [(str(path), why) for path, why in batches.unreadable]
    summary.turns_masked = batches.masked.turns_masked
    summary.turns_dropped = batches.masked.turns_dropped
    summary.credentials = dict(batches.masked.kinds)
    return summary


def embed_partition(partition: int, files: list[str], settings: Settings, run_id: str) -> EmbedSummary:
    """Embed a partition's new turns, one staged file at a time; writes `<file>.embedded.parquet`."""
    store = Store(settings.store.uri, settings.store.storage_options)
    partition_budget(settings, store, run_id)  # a hosted embedder's costs count in the run's spend on any runner
    embedder = get_embedder(settings, store, run_id)
    summary = EmbedSummary(partition=partition, files=[])
    scopes: set[tuple[str, str]] = set()
    for path in files:
        rows = pl.read_parquet(path).unique("turn_id", keep="first", maintain_order=True)
        summary.turns += rows.height
        scopes.update(rows.select("tenant", "scope").unique().iter_rows())
        stored = existing_turn_ids(store, rows["turn_id"].to_list())
        if stored:
            rows = rows.filter(~pl.col("turn_id").is_in(list(stored)))
        summary.already_stored += len(stored)
        if rows.is_empty():
            continue
        vectors = embedder.embed(rows["text"].to_list())
        table = rows.with_columns(pl.lit(run_id).alias("run_id")).to_arrow()
        vector_type = pa.list_(pa.float32(), embedder.dim)
        flat = pa.array(vectors.reshape(-1), type=pa.float32())
        table = table.append_column("vector", pa.FixedSizeListArray.from_arrays(flat, type=vector_type))
        out = f"{path}.embedded.parquet"
        pq.write_table(table, out)
        summary.files.append(out)
        summary.embedded += rows.height
    summary.scopes = sorted(scopes)
    close_embedder(embedder)
    return summary


def commit_embedded(store: Store, files: list[str]) -> int:
    """Insert embedded turns; returns how many rows were new. Safe to repeat after a crash."""
    inserted = 0
    for path in files:
        inserted += write_turns(store, pq.read_table(path))
    return inserted


def clear_staging(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
