"""Reading conversation archives: JSON Lines, Parquet, CSV, LoCoMo and ABCD, validated, bad records quarantined.

    for batch in read_archive(["data/sample"]):
        batch.records      # valid turns, storage.schemas.RECORD_COLUMNS
        batch.quarantine   # rejected records with their reason
"""

from archivist.tasks.ingest.read.archive import (
    EXTENSIONS,
    FORMATS,
    ArchiveFiles,
    ArchiveReadError,
    Batch,
    discover_files,
    read_archive,
)
from archivist.tasks.ingest.read.documents import locomo_turn_ids
from archivist.tasks.ingest.read.validate import QUARANTINE_SCHEMA, RECORD_SCHEMA, ROLES

__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "QUARANTINE_SCHEMA",
    "RECORD_SCHEMA",
    "ROLES",
    "ArchiveFiles",
    "ArchiveReadError",
    "Batch",
    "discover_files",
    "locomo_turn_ids",
    "read_archive",
]
