"""`archivist export`: store tables as Parquet datasets for the analytics tools users already have.

Each table is written to `<out>/<table>/tenant=<t>/date=<YYYY-MM-DD>/part-<n>.parquet` (hive partitioning,
so Polars, DuckDB, Spark and `pyarrow.dataset` read the partition columns back), zstd-compressed, with row
groups of up to `ROW_GROUP_ROWS` rows: large enough for column scans, small enough to skip by statistics.

The schema of an exported table is the store table's schema, minus `vector` unless `--with-vectors`, plus the
two partition columns: `tenant` (the table's own tenant column; tables with none, `ledger` and `quarantine`,
are exported with a null tenant and left out of a `--tenant` export, since their rows cannot be attributed)
and `date` (the UTC day of the table's time column, `TABLES` below). Re-running an export replaces the
partitions it writes and leaves others alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds

from archivist.storage.export import export_filter, scan, table_schema
from archivist.storage.store import Store

ROW_GROUP_ROWS = 500_000
VECTOR_COLUMN = "vector"
DATE_FORMAT = "%Y-%m-%d"


@dataclass(frozen=True)
class TableSpec:
    time_column: str
    """The column that dates a row: its UTC day is the `date` partition and `--since` filters on it."""
    tenant_column: str | None = "tenant"


TABLES: dict[str, TableSpec] = {
    "turns": TableSpec("said_at"),
    "facts": TableSpec("said_at"),
    "decisions": TableSpec("said_at"),
    "events": TableSpec("at"),
    "plans": TableSpec("created_at"),
    "ledger": TableSpec("created_at", tenant_column=None),
    "quarantine": TableSpec("quarantined_at", tenant_column=None),
}


@dataclass
class ExportResult:
    tables: dict[str, int] = field(default_factory=dict)
    """Rows written per table."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Tables not written, with the reason."""
    out: str = ""


def export_tables(store: Store, names: Sequence[str], out: Path, *, tenant: str | None = None,
                  since: datetime | None = None, with_vectors: bool = False) -> ExportResult:
    """Write each table in `names` under `out`; a table the store does not hold is skipped with a reason."""
    result = ExportResult(out=str(out))
    for name in names:
        spec = TABLES[name]
        schema = table_schema(store, name)
        if schema is None:
            result.skipped[name] = "not in this store"
            continue
        if tenant is not None and spec.tenant_column is None:
            result.skipped[name] = "has no tenant column, so its rows cannot be limited to one tenant"
            continue
        columns = [f.name for f in schema if with_vectors or f.name != VECTOR_COLUMN]
        where = export_filter(tenant=tenant, tenant_column=spec.tenant_column, since=since,
                              time_column=spec.time_column)
        result.tables[name] = _write(name, spec, scan(store, name, where, columns), out)
    return result


def export_schema(store: Store, name: str, *, with_vectors: bool = False) -> pa.Schema | None:
    """The schema a table is exported with (what `_with_partitions` makes of the store's schema)."""
    schema = table_schema(store, name)
    if schema is None:
        return None
    kept = [f for f in schema if (with_vectors or f.name != VECTOR_COLUMN) and f.name not in ("tenant", "date")]
    return pa.schema([*kept, pa.field("tenant", pa.string()), pa.field("date", pa.string())])


def _write(name: str, spec: TableSpec, batches: Iterator[pa.RecordBatch], out: Path) -> int:
    written = 0

    def partitioned() -> Iterator[pa.RecordBatch]:
        nonlocal written
        for batch in batches:
            written += batch.num_rows
            yield _with_partitions(batch, spec)

    stream = partitioned()
    head = next(stream, None)
    if head is None:
        return 0

    def chained() -> Iterator[pa.RecordBatch]:
        yield head
        yield from stream

    ds.write_dataset(
        chained(),
        out / name,
        schema=head.schema,
        format="parquet",
        partitioning=ds.partitioning(pa.schema([("tenant", pa.string()), ("date", pa.string())]), flavor="hive"),
        file_options=ds.ParquetFileFormat().make_write_options(compression="zstd"),
        basename_template="part-{i}.parquet",
        max_rows_per_group=ROW_GROUP_ROWS,
        min_rows_per_group=min(ROW_GROUP_ROWS, 65_536),
        existing_data_behavior="delete_matching",
    )
    return written


def _with_partitions(batch: pa.RecordBatch, spec: TableSpec) -> pa.RecordBatch:
    """The batch with `tenant` last (null where the table has none) and `date` from its time column."""
    moment = batch.column(spec.time_column)
    date = pc.strftime(moment, format=DATE_FORMAT)  # pyright: ignore[reportAttributeAccessIssue] (pyarrow.compute makes its kernels at import) if batch.num_rows else pa.array([], pa.string())
    tenant = (batch.column(spec.tenant_column) if spec.tenant_column
              else pa.nulls(batch.num_rows, pa.string()))
    keep = [i for i, f in enumerate(batch.schema) if f.name not in ("tenant", "date")]
    arrays = [batch.column(i) for i in keep] + [tenant, date]
    names = [batch.schema.field(i).name for i in keep] + ["tenant", "date"]
    return pa.RecordBatch.from_arrays(arrays, names=names)
