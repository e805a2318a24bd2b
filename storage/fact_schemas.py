"""Arrow schemas of the `facts`, `decisions` and `events` tables (the write path's tables)."""

from __future__ import annotations

import polars as pl
import pyarrow as pa

from archivist.storage.frames import arrow_frame
from archivist.storage.schemas import TIMESTAMP

# Column order is the table's column order. `status` is active | tentative | closed; `closed_reason` is
# belief | fulfilled (only a fact closed by belief reopens by belief); `evidence_against` counts the
# superseding answers applied to the fact (the first one must be confirmed by the second phrasing).
_FACT_FIELDS = [
    pa.field("fact_id", pa.string(), nullable=False),
    pa.field("tenant", pa.string(), nullable=False),
    pa.field("scope", pa.string(), nullable=False),
    pa.field("subject", pa.string()),
    pa.field("relation", pa.string()),
    pa.field("object", pa.string()),
    pa.field("text", pa.string(), nullable=False),
    pa.field("quote", pa.string()),
    pa.field("source_turn_id", pa.string()),
    pa.field("said_at", TIMESTAMP),
    pa.field("valid_from", TIMESTAMP),
    pa.field("valid_until", TIMESTAMP),
    pa.field("belief", pa.float64()),
    pa.field("status", pa.string()),
    pa.field("kind", pa.string()),
    pa.field("temporal_status", pa.string()),
    pa.field("durability", pa.string()),
    pa.field("sensitivity", pa.string()),
    pa.field("superseded_by", pa.string()),
    pa.field("same_as", pa.list_(pa.string())),
    pa.field("entities", pa.list_(pa.string())),
    pa.field("evidence_against", pa.int64()),
    pa.field("closed_reason", pa.string()),
    pa.field("run_id", pa.string()),
]

# Who said it (configs/contracts.toml). `source` is the voice (customer, agent, system, tool) of the statement
# the fact was stored from; `sources` lists "voice:role:speaker:turn_id" of every statement that stated it (the
# first one, then each repeat linked to it); `contract` is the contract kind its transitions follow; `conflicts`
# holds one JSON object per open conflict ({"fact_id", "source", "object", "text"}: the other side). They come
# after the vector in the table, because a store written before they existed gets them appended (storage/facts.py
# `ensure_fact_tables` adds them, null, to an older table).
_SOURCE_FIELDS = [
    pa.field("source", pa.string()),
    pa.field("sources", pa.list_(pa.string())),
    pa.field("contract", pa.string()),
    pa.field("conflicts", pa.list_(pa.string())),
]

# How much of `valid_from` the statement gave: day, week, month or year ("back in 2019" is 2019-01-01 at year
# precision, shown as "2019"); null when the fact is dated by its message. Last, so an older table gets it appended.
_DATE_FIELDS = [pa.field("date_precision", pa.string())]

# Whether the statement said the slot's value changed ("I switched to an iPhone 15"; the extractor's `replaces`):
# the write path sent it in the request's slot, so re-scoring must send it too. Null in a store written before it
# was kept (those requests cannot be rebuilt with the mark). Last, so an older table gets it appended.
_CHANGE_FIELDS = [pa.field("replaces", pa.bool_())]

FACT_ROW_SCHEMA = pa.schema([*_FACT_FIELDS, *_SOURCE_FIELDS, *_DATE_FIELDS, *_CHANGE_FIELDS])
"""A fact without its vector: what a `fact_added` event carries and what replay rebuilds."""
FACT_COLUMNS = FACT_ROW_SCHEMA.names
FACT_TIMESTAMPS = ("said_at", "valid_from", "valid_until")


def facts_schema(dim: int) -> pa.Schema:
    """The `facts` table: a fact row plus its vector in the store's embedding space."""
    return pa.schema([*_FACT_FIELDS, pa.field("vector", pa.list_(pa.float32(), dim)), *_SOURCE_FIELDS, *_DATE_FIELDS,
                      *_CHANGE_FIELDS])


def fact_row_polars_schema() -> pl.Schema:
    return pl.Schema(arrow_frame(FACT_ROW_SCHEMA.empty_table()).schema)


DECISIONS = pa.schema(
    [
        pa.field("decision_id", pa.string(), nullable=False),
        pa.field("run_id", pa.string()),
        pa.field("tenant", pa.string()),
        pa.field("scope", pa.string()),
        pa.field("subject_fact_id", pa.string()),
        pa.field("target_fact_id", pa.string()),
        pa.field("question_id", pa.string(), nullable=False),
        pa.field("question_version", pa.int64()),
        pa.field("options", pa.list_(pa.string())),
        pa.field("probabilities", pa.string()),
        pa.field("chosen", pa.string()),
        pa.field("confidence", pa.float64()),
        pa.field("zone", pa.string()),
        pa.field("provider", pa.string()),
        pa.field("model_version", pa.string()),
        pa.field("request_hash", pa.string()),
        pa.field("input_tokens", pa.int64()),
        pa.field("cost_usd", pa.float64()),
        pa.field("latency_s", pa.float64()),
        pa.field("fallback", pa.bool_()),
        pa.field("error", pa.string()),
        pa.field("said_at", TIMESTAMP),
        # The voice of the statement asked about ("customer", "agent", ...), appended like the facts' source columns.
        pa.field("source", pa.string()),
    ]
)

# `before`, `after` and `detail` are JSON objects. `after` holds only `facts` columns (a `fact_added` event the
# whole row without its vector), so replay is "create the row, then update it". `seq` orders the log; it is
# given at commit time, to events the store does not hold yet, so a re-committed event keeps its first seq.
EVENTS = pa.schema(
    [
        pa.field("event_id", pa.string(), nullable=False),
        pa.field("seq", pa.int64(), nullable=False),
        pa.field("tenant", pa.string(), nullable=False),
        pa.field("scope", pa.string(), nullable=False),
        pa.field("fact_id", pa.string(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("cause_id", pa.string()),
        pa.field("before", pa.string()),
        pa.field("after", pa.string()),
        pa.field("detail", pa.string()),
        pa.field("decision_id", pa.string()),
        pa.field("run_id", pa.string()),
        pa.field("plan_id", pa.string()),
        pa.field("at", TIMESTAMP),
    ]
)
