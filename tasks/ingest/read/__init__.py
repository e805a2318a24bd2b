"""Reading conversation archives: JSON Lines, Parquet, CSV, LoCoMo and ABCD (plain or .gz), validated,
credentials masked, bad records and bad files quarantined.

    reading = read_archive(["data/sample"])
    for batch in reading:
        batch.records      # valid turns, storage.schemas.RECORD_COLUMNS, credentials masked
        batch.quarantine   # rejected records with their reason
    reading.skipped, reading.unreadable, reading.files_read   # what became of each file
"""

from archivist.tasks.ingest.read.archive import (
    EXTENSIONS,
    FORMATS,
    ArchiveFiles,
    ArchiveReadError,
    ArchiveReading,
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
    "ArchiveReading",
    "Batch",
    "discover_files",
    "locomo_turn_ids",
    "read_archive",
]
