"""New facts for write-path tests: deterministic vectors and dates, one line per statement."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone

import numpy as np

from archivist.tasks.writepath.decide import NewFact

DIM = 8
DAY0 = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)


def vector_for(text: str, dim: int = DIM) -> np.ndarray:
    """A unit vector seeded by the text: the same text always lands in the same place."""
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
    vector = np.random.default_rng(seed).normal(size=dim).astype(np.float32)
    return vector / np.linalg.norm(vector)


def statement(text: str, *, day: float = 0, relation: str = "address", subject: str = "user", obj: str = "",
              tenant: str = "acme", scope: str = "cust-1", entities: tuple[str, ...] = (),
              message: str | None = None, turn: str | None = None) -> NewFact:
    return NewFact(
        tenant=tenant,
        scope=scope,
        subject=subject,
        relation=relation,
        object=obj,
        text=text,
        quote=text,
        source_turn_id=turn or "turn-" + hashlib.blake2b(f"{scope}|{day}|{text}".encode(), digest_size=6).hexdigest(),
        said_at=DAY0 + timedelta(days=day),
        entities=entities,
        vector=vector_for(text),
        message=message,
    )


def at_day(day: float) -> datetime:
    return DAY0 + timedelta(days=day)
