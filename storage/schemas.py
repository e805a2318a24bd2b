"""Arrow schemas of the tables this package owns. Other packages' tables declare theirs beside their helpers."""

from __future__ import annotations

import pyarrow as pa

TIMESTAMP = pa.timestamp("us", tz="UTC")


def turns_schema(dim: int) -> pa.Schema:
    return pa.schema(
        [
            pa.field("turn_id", pa.string(), nullable=False),
            pa.field("tenant", pa.string(), nullable=False),
            pa.field("scope", pa.string(), nullable=False),
            pa.field("conversation_id", pa.string(), nullable=False),
            pa.field("turn_index", pa.int64(), nullable=False),
            pa.field("speaker", pa.string()),
            pa.field("role", pa.string(), nullable=False),
            pa.field("text", pa.string(), nullable=False),
            pa.field("said_at", TIMESTAMP),
            pa.field("source_file", pa.string()),
            pa.field("source_line", pa.int64()),
            pa.field("run_id", pa.string()),
            pa.field("vector", pa.list_(pa.float32(), dim)),
        ]
    )


# A turn before it is embedded: what readers and validation produce.
RECORD_COLUMNS = [
    "turn_id",
    "tenant",
    "scope",
    "conversation_id",
    "turn_index",
    "speaker",
    "role",
    "text",
    "said_at",
    "source_file",
    "source_line",
]

QUARANTINE = pa.schema(
    [
        pa.field("quarantine_id", pa.string(), nullable=False),
        pa.field("source_file", pa.string()),
        pa.field("source_line", pa.int64()),
        pa.field("raw", pa.string()),
        pa.field("reason", pa.string(), nullable=False),
        pa.field("run_id", pa.string()),
        pa.field("quarantined_at", TIMESTAMP),
    ]
)

RUNS = pa.schema(
    [
        pa.field("run_id", pa.string(), nullable=False),
        pa.field("flow", pa.string(), nullable=False),
        pa.field("parameters", pa.string()),
        pa.field("started_at", TIMESTAMP),
        pa.field("finished_at", TIMESTAMP),
        pa.field("status", pa.string()),
        pa.field("counts", pa.string()),
    ]
)

META = pa.schema(
    [
        pa.field("key", pa.string(), nullable=False),
        pa.field("value", pa.string()),
    ]
)

# Which turns the write path has extracted facts from (and with which extractor), so that a turn that
# states no fact is not read again every night.
EXTRACTED = pa.schema(
    [
        pa.field("turn_id", pa.string(), nullable=False),
        pa.field("extractor", pa.string()),
        pa.field("facts", pa.int64()),
        pa.field("run_id", pa.string()),
    ]
)
