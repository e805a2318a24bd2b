"""Whole-document JSON archives: LoCoMo conversations and ABCD support dialogues.

A document is one JSON value, so it is loaded whole, one file at a time; its turns are then staged in chunks.

LoCoMo (`conv-26.json`: speaker_a, speaker_b, session_N_date_time, session_N = [{speaker, dia_id, text}]; or a
list of {sample_id, conversation: {...}}): tenant = the default tenant, scope = the file stem (or sample_id),
conversation_id = "<scope>:session_<N>", turn_index = the turn's position in its session from 0 (so dia_id
"D3:5" is turn_index 4 of "<scope>:session_3"), role "user", speaker = the speaker's name, said_at = the
session's date ("1:56 pm on 8 May, 2023", read as UTC; null when the session has no date). A shared image's
caption is appended to the text as " [shared an image: <caption>]". `locomo_turn_ids` maps dia_ids to turn_ids.

ABCD (a list of dialogues, or {split: [dialogues]}, each with convo_id, scenario, original = [[role, text]]):
tenant = the default tenant, scope = scenario.personal.username (else customer_name, else "abcd-<convo_id>"),
conversation_id = str(convo_id), turn_index = position in `original`, role customer/agent, and "action" (the
system's own steps) becomes role "system"; speaker keeps ABCD's label. ABCD has no times: said_at is null.

source_line is the turn's 1-based position in the file, counting across sessions and dialogues.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import polars as pl

from archivist.errors import TerminalError
from archivist.ids import content_id
from archivist.tasks.ingest.privacy import load_privacy
from archivist.tasks.ingest.read.files import open_binary
from archivist.tasks.ingest.read.validate import ARCHIVE_FIELDS, STAGED_SCHEMA

_SESSION_KEY = re.compile(r"session_(\d+)")
_LOCOMO_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})", re.IGNORECASE)
_MONTHS = {name: number for number, name in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_ABCD_ROLES = {"action": "system"}
_RAW_DOCUMENT_CHARS = 2000


class UnrecognisedDocument(TerminalError, ValueError):
    """A .json file that is neither LoCoMo nor ABCD."""


def sniff_document(document: Any) -> str:
    """'locomo' or 'abcd' for a loaded JSON document; UnrecognisedDocument otherwise."""
    if isinstance(document, dict) and ("speaker_a" in document or "conversation" in document
                                       or any(_SESSION_KEY.fullmatch(k) for k in document)):
        return "locomo"
    items = document if isinstance(document, list) else []
    if isinstance(document, dict) and all(isinstance(v, list) for v in document.values()):
        items = [item for split in document.values() for item in split]
    first = items[0] if items else None
    if isinstance(first, dict) and "conversation" in first:
        return "locomo"
    if isinstance(first, dict) and "original" in first:
        return "abcd"
    raise UnrecognisedDocument(
        "neither LoCoMo (speaker_a, session_N) nor ABCD (dialogues with 'original' turns)"
    )


def load_document(path: Path) -> Any:
    """The file's JSON value (.json.gz decompressed); RecursionError for one nested too deep to load."""
    with open_binary(path) as handle:
        return json.load(handle)


def unreadable_document_row(path: Path, source_file: str, err: Exception) -> pl.DataFrame:
    """One quarantine-bound row for a document that does not parse at all: its opening, and why."""
    with open_binary(path) as handle:
        raw = handle.read(_RAW_DOCUMENT_CHARS).decode("utf-8", "backslashreplace")
    if isinstance(err, UnicodeDecodeError):
        problem = f"invalid UTF-8 at byte {err.start}"
    elif isinstance(err, RecursionError):
        problem = "unparseable JSON: nested too deeply to read (arrays or objects inside each other thousands deep)"
    else:
        problem = f"unparseable JSON: {err}"
    row = (None,) * len(ARCHIVE_FIELDS) + (source_file, None, raw, problem)
    return pl.DataFrame([row], schema=STAGED_SCHEMA, orient="row")


def stage_document(document: Any, fmt: str, *, path: Path, source_file: str, default_tenant: str,
                   batch_rows: int) -> Iterator[pl.DataFrame]:
    turns = _locomo_turns(document, path, default_tenant) if fmt == "locomo" else _abcd_turns(document, default_tenant)
    rows: list[tuple] = []
    try:
        for line_number, (values, raw, problem) in enumerate(turns, start=1):
            rows.append(values + (source_file, line_number, raw, problem))
            if len(rows) >= batch_rows:
                yield pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row")
                rows = []
    except (KeyError, AttributeError, TypeError, IndexError):
        # The turns read before the break are kept; the reader records the break itself.
        if rows:
            yield pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row")
        raise
    if rows:
        yield pl.DataFrame(rows, schema=STAGED_SCHEMA, orient="row")


# -- LoCoMo ---------------------------------------------------------------------------------------------


def _locomo_conversations(document: Any, path: Path) -> Iterator[tuple[str, dict]]:
    """(scope, conversation) pairs: one per file, or one per sample of a locomo10-style list."""
    if isinstance(document, dict) and "conversation" not in document:
        yield path.stem, document
        return
    samples = document if isinstance(document, list) else [document]
    for number, sample in enumerate(samples):
        yield str(sample.get("sample_id") or f"{path.stem}-{number}"), sample["conversation"]


def _locomo_turns(document: Any, path: Path, tenant: str) -> Iterator[tuple[tuple, str, str | None]]:
    for scope, conversation in _locomo_conversations(document, path):
        sessions = sorted(
            (int(match.group(1)), key) for key in conversation if (match := _SESSION_KEY.fullmatch(key))
        )
        for number, key in sessions:
            turns = conversation[key]
            if not isinstance(turns, list):
                continue
            said_at = _locomo_said_at(conversation.get(f"{key}_date_time"))
            for index, turn in enumerate(turns):
                turn = turn if isinstance(turn, dict) else {"turn": turn}
                text, speaker = turn.get("text"), turn.get("speaker")
                problem = _wrong_type("text", text) or _wrong_type("speaker", speaker)
                if problem is None and text is not None and turn.get("blip_caption"):
                    text = f"{text} [shared an image: {turn['blip_caption']}]"
                values = (tenant, scope, f"{scope}:session_{number}", str(index),
                          speaker if problem is None else None, "user", text if problem is None else None, said_at)
                yield values, json.dumps(turn, ensure_ascii=False), problem


def _wrong_type(field: str, value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return None
    return f"wrong type: {field} is {json.dumps(value, ensure_ascii=False)[:60]}, expected a string"


def _locomo_said_at(value: Any) -> str | None:
    """ISO 8601 (UTC) for "1:56 pm on 8 May, 2023"; an unreadable date is passed on to be quarantined."""
    if not isinstance(value, str) or not value.strip():
        return None
    match = _LOCOMO_DATE.search(value)
    month = _MONTHS.get(match.group(5).lower()) if match else None
    if not match or not month:
        return value
    hour, minute, half, day, _, year = match.groups()
    hour_24 = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    try:
        moment = datetime(int(year), month, int(day), hour_24, int(minute), tzinfo=timezone.utc)
    except ValueError:
        return value
    return moment.isoformat()


def locomo_turn_ids(
    path: str | Path, default_tenant: str = "default", *, sample_id: str | None = None, privacy: str = "mask"
) -> dict[str, str]:
    """dia_id ("D3:5") -> the turn_id its turn gets when the file is read with the same default tenant.

    The recall evaluator uses this to turn LoCoMo evidence into turn ids. A locomo10-style file holds several
    conversations whose dia_ids repeat; pass `sample_id` to choose one. `privacy` is the mode the file is read
    with: a masked turn's id is that of its masked text, and a dropped turn has none.
    """
    path = Path(path)
    document = load_document(path)
    conversations = list(_locomo_conversations(document, path))
    if sample_id is not None:
        conversations = [(scope, c) for scope, c in conversations if scope == sample_id]
    if len(conversations) != 1:
        found = ", ".join(scope for scope, _ in conversations) or "none"
        raise ValueError(f"{path} holds {len(conversations)} matching LoCoMo conversations ({found}); "
                         "pass sample_id= to choose one")
    scope, conversation = conversations[0]
    policy = None if privacy == "keep" else load_privacy()
    ids: dict[str, str] = {}
    for values, raw, problem in _locomo_turns({"conversation": conversation, "sample_id": scope}, path, default_tenant):
        tenant, scope_, conversation_id, turn_index, _, _, text, _ = values
        dia_id = json.loads(raw).get("dia_id")
        if dia_id and text is not None and problem is None:
            if policy is not None:
                masked, kinds = policy.mask(text)
                if kinds and privacy == "drop":
                    continue
                text = masked
            ids[dia_id] = content_id(tenant, scope_, conversation_id, int(turn_index), text)
    return ids


# -- ABCD -----------------------------------------------------------------------------------------------


def _abcd_dialogues(document: Any) -> Iterator[dict]:
    if isinstance(document, dict):
        for split in document.values():
            yield from split
    else:
        yield from document


def _abcd_scope(dialogue: dict, conversation_id: str) -> str:
    scenario = found if isinstance(found := dialogue.get("scenario"), dict) else {}
    personal = found if isinstance(found := scenario.get("personal"), dict) else {}
    return str(personal.get("username") or personal.get("customer_name") or f"abcd-{conversation_id}")


def _abcd_turns(document: Any, tenant: str) -> Iterator[tuple[tuple, str, str | None]]:
    for dialogue in _abcd_dialogues(document):
        if not isinstance(dialogue, dict) or not isinstance(dialogue.get("original") or [], list):
            # One malformed dialogue is one quarantined row; the dialogues around it are still read.
            raw = json.dumps(dialogue, ensure_ascii=False, default=str)[:_RAW_DOCUMENT_CHARS]
            problem = "malformed ABCD dialogue: expected an object with an 'original' list of [role, text] pairs"
            yield (None,) * len(ARCHIVE_FIELDS), raw, problem
            continue
        conversation_id = str(dialogue.get("convo_id"))
        scope = _abcd_scope(dialogue, conversation_id)
        for index, turn in enumerate(dialogue.get("original") or []):
            raw = json.dumps({"convo_id": dialogue.get("convo_id"), "turn": turn}, ensure_ascii=False)
            label, text = turn if isinstance(turn, list) and len(turn) == 2 else (None, None)
            problem = None
            if not (isinstance(turn, list) and len(turn) == 2):
                problem = "malformed ABCD turn: expected a [role, text] pair"
            else:
                problem = _wrong_type("role", label) or _wrong_type("text", text)
            if problem is not None:
                label = text = None
            role = None if label is None else _ABCD_ROLES.get(label, label)
            yield (tenant, scope, conversation_id, str(index), label, role, text, None), raw, problem
