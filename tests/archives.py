"""Small archives generated for tests: valid support-chat turns plus chosen bad lines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

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


@dataclass(frozen=True)
class CaseArchive:
    """Support cases for the archive tests: each case is one scope's first conversation and a later one (a
    change, a trap), and each one-off is a scope with a single conversation. Turns are (role, text) pairs."""

    tenant: str
    start: datetime
    later_by: timedelta
    """The later conversation of a case, this long after the first."""
    turn_gap_s: int
    one_offs_on_day: int
    conversations: tuple[str, str] = ("a", "b")

    def rows(self, scope: str, conversation: str, turns: list[tuple[str, str]], said: datetime) -> list[dict]:
        return [{"tenant": self.tenant, "scope": scope, "conversation_id": conversation, "turn_index": i,
                 "speaker": "Agent" if role == "agent" else "Customer", "role": role, "text": text,
                 "said_at": (said + timedelta(seconds=self.turn_gap_s * i)).isoformat()}
                for i, (role, text) in enumerate(turns)]

    def write(self, folder: Path, cases: list[tuple], one_offs: list[tuple]) -> None:
        first, later = self.conversations
        rows: list[dict] = []
        for n, (scope, _, opening, follow_up, *_words) in enumerate(cases):
            rows += self.rows(scope, f"{scope}-{first}", opening, self.start + timedelta(minutes=n))
            rows += self.rows(scope, f"{scope}-{later}", follow_up, self.start + self.later_by + timedelta(minutes=n))
        for n, (scope, turns) in enumerate(one_offs):
            rows += self.rows(scope, f"{scope}-{first}", turns,
                              self.start + timedelta(days=self.one_offs_on_day, minutes=n))
        write_nights(folder, rows)

    def fact(self, facts: Any, scope: str, words: str, *, later: bool, any_case: bool = False) -> dict:
        """The first stored fact of `scope` whose text holds `words`, from the later conversation or the first."""
        import polars as pl

        rows = self.facts_with(facts, scope, words, later=later, any_case=any_case)
        stored = facts.filter(pl.col("scope") == scope).select("text", "status").rows()
        assert rows, f"{scope}: no stored fact mentions {words!r}: {stored}"
        return rows[0]

    def facts_with(self, facts: Any, scope: str, words: str, *, later: bool, any_case: bool = False) -> list[dict]:
        """The stored facts of `scope` whose text holds `words`, from the later conversation or the first."""
        import polars as pl

        when = pl.col("said_at") >= self.start + self.later_by - timedelta(days=1)
        text = pl.col("text").str.to_lowercase() if any_case else pl.col("text")
        return facts.filter((pl.col("scope") == scope) & (when if later else ~when)
                            & text.str.contains(words.lower() if any_case else words, literal=True)).to_dicts()


def write_chats(path: Path, chats: dict[str, list[tuple[int, str, str]]]) -> Path:
    """One JSON Lines file of short chats: scope -> turns (day of March 2026, role, text), a conversation per day."""
    rows = []
    for scope, turns in chats.items():
        for index, (day, role, text) in enumerate(turns):
            rows.append({"tenant": "acme", "scope": scope, "conversation_id": f"{scope}-{day}", "turn_index": index,
                         "speaker": "Sam (support)" if role == "agent" else "Alex", "role": role, "text": text,
                         "said_at": f"2026-03-{day:02d}T10:{index:02d}:00Z"})
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path
