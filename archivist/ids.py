"""Content-hash ids: the same content always gets the same id, so re-running adds nothing."""

from __future__ import annotations

import hashlib
import json
from typing import Any

ID_BYTES = 16  # 128 bits: collisions are not a practical concern at archive scale


def content_id(*parts: Any) -> str:
    """A hex id from the parts, separated so that ("ab", "c") and ("a", "bc") differ."""
    digest = hashlib.blake2b(digest_size=ID_BYTES)
    for part in parts:
        digest.update(str(part).encode("utf-8", "surrogatepass"))
        digest.update(b"\x1f")
    return digest.hexdigest()


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: the form request hashes are taken of."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def request_hash(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
