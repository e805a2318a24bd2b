"""Small archives generated for tests: valid support-chat turns plus chosen bad lines."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

PHRASES = [
    "My router stopped working this morning.",
    "I moved to 14 Harbour Street, Leeds.",
    "Can you check why my bill went up?",
    "I switched to the Pro plan last week.",
    "Thanks, that fixed it.",
    "My new phone is a Pixel 8.",
]


def write_archive(path: Path, *, tenants=("acme",), scopes=4, conversations=2, turns=6,
                  bad_lines=(), start=datetime(2026, 10, 1, tzinfo=timezone.utc)) -> int:
    """Write a JSON Lines archive; returns the number of valid records written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    valid = 0
    with path.open("w", encoding="utf-8") as out:
        for tenant in tenants:
            for s in range(scopes):
                for c in range(conversations):
                    for t in range(turns):
                        role = "customer" if t % 2 == 0 else "agent"
                        record = {
                            "tenant": tenant, "scope": f"cust-{s:04d}", "conversation_id": f"conv-{c}",
                            "turn_index": t, "speaker": role, "role": role,
                            "text": f"{PHRASES[(s + c + t) % len(PHRASES)]} (ref {s}-{c}-{t})",
                            "said_at": (start + timedelta(days=c, minutes=t)).isoformat(),
                        }
                        out.write(json.dumps(record) + "\n")
                        valid += 1
        for line in bad_lines:
            out.write(line + "\n")
    return valid


BAD_LINES = [
    '{"tenant": "acme", "scope": "cust-0001", "conversation_id": "x", "turn_index": 1, "role": "customer"',
    json.dumps({"tenant": "acme", "scope": "cust-0001", "conversation_id": "x", "turn_index": 2,
                "role": "customer", "text": "   ", "said_at": "2026-10-01T10:00:00Z"}),
    json.dumps({"tenant": "acme", "scope": "cust-0001", "conversation_id": "x", "turn_index": 3,
                "role": "customer", "text": "hello", "said_at": "not a date"}),
]


def write_nights(folder: Path, rows: list[dict]) -> None:
    """Append each record to `folder/date=<its said_at date>/chats.jsonl`: an archive laid out by night."""
    for row in rows:
        night = folder / f"date={str(row['said_at'])[:10]}"
        night.mkdir(parents=True, exist_ok=True)
        with (night / "chats.jsonl").open("a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
