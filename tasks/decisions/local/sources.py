"""Relation labels derived at run time from corpora nobody on the team wrote (never stored in `data/`).

- **SGD** (Schema-Guided Dialogue, CC BY-SA 4.0): each user turn's frame carries the cumulative dialogue
  state `slot_values`. Per slot from one user turn to the next: a value swapped for another (no spelling in
  common) is an *update*; a slot that appears is *new* information next to the slots already known; a value
  the user says again is a *duplicate*. Every SGD slot holds one value at a time (a state lists spellings of
  one value, "Andes Cafe" / "Andes Cafe San Mateo", never two values), which is what makes a swap an update.
  Boolean slots are left out (their value is never said in words). Facts are short third-person statements
  built from the slot's description in `schema.json` and its value; the message is the user's utterance,
  and only turns whose utterance says the value are used, so the evidence is in the message.
- **LoCoMo** (research data): the per-session event summaries of one speaker. Two events of the same person
  from different sessions both stay true: *new* (another happening, never a replacement), with `refinement`
  also accepted where the later event continues the earlier one. The message is the speaker's turn of the
  later session that shares the most words with its event.

Each item carries `source` so that evaluation can leave one source out. Sampling is seeded and capped per
label so a big corpus does not drown the team's labels.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from archivist.tasks.decisions.evaluate import LabeledItem, LabelFileError, load_labels
from archivist.tasks.decisions.local import text as t

# Labels derived by rule from research corpora: scored by leave-one-source-out, never fitted (crossval.py).
DERIVED_SOURCES = frozenset({"sgd", "locomo"})
SGD_CAP_PER_LABEL = 160
LOCOMO_CAP = 120
_TEMPLATES = (
    "The user's {slot} is {value}.",
    "User wants the {slot} to be {value}.",
    "{Slot} for the user: {value}.",
    "The customer asked for {value} as the {slot}.",
)


def _rank(*parts: str) -> str:
    """A stable pseudo-random sort key (a seeded shuffle that does not depend on iteration order)."""
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def _slot_phrase(description: str) -> str:
    phrase = re.sub(r"^(?:the user's|tentative)\s+", "", description.strip().rstrip("."), flags=re.IGNORECASE)
    return phrase[:1].lower() + phrase[1:]


def _render(slot: str, value: str, style: int) -> str:
    template = _TEMPLATES[style % len(_TEMPLATES)]
    return template.format(slot=slot, Slot=slot[:1].upper() + slot[1:], value=value)


def _said(value: str, utterance: str) -> bool:
    return re.search(r"(?<![a-z0-9])" + re.escape(value.lower()) + r"(?![a-z0-9])", utterance.lower()) is not None


def _item(old: str, new: str, message: str, label: str, accept: list[str], source: str) -> LabeledItem:
    fields = {"question": "relation", "old": old, "new": new, "message": message, "label": label,
              "accept": accept, "source": source}
    return LabeledItem("relation", label, tuple(accept), fields, None, 0)


def sgd_items(folder: str | Path, cap: int = SGD_CAP_PER_LABEL) -> list[LabeledItem]:
    folder = Path(folder)
    schema_path = folder / "schema.json"
    files = sorted(folder.glob("dialogues_*.json"))
    if not schema_path.is_file() or not files:
        raise LabelFileError(f"{folder} needs schema.json and dialogues_*.json (the SGD layout)")
    slots: dict[tuple[str, str], str] = {}
    for service in json.loads(schema_path.read_text(encoding="utf-8")):
        for slot in service["slots"]:
            if set(slot.get("possible_values") or []) != {"True", "False"}:
                slots[(service["service_name"], slot["name"])] = _slot_phrase(slot["description"])
    by_label: dict[str, list[tuple[str, LabeledItem]]] = {"update": [], "new": [], "duplicate": []}
    for path in files:
        for dialogue in json.loads(path.read_text(encoding="utf-8")):
            _sgd_dialogue(dialogue, slots, by_label)
    items: list[LabeledItem] = []
    for label in by_label:
        items += [item for _, item in sorted(by_label[label], key=lambda pair: pair[0])[:cap]]
    return items


def _sgd_dialogue(dialogue: dict, slots: dict[tuple[str, str], str],
                  out: dict[str, list[tuple[str, LabeledItem]]]) -> None:
    previous: dict[str, dict[str, list[str]]] = {}
    dialogue_id = str(dialogue.get("dialogue_id", ""))
    for number, turn in enumerate(dialogue["turns"]):
        if turn["speaker"] != "USER":
            continue
        utterance = turn["utterance"]
        for frame in turn["frames"]:
            service = frame["service"]
            state = {k: v for k, v in frame["state"]["slot_values"].items() if (service, k) in slots}
            before = previous.get(service, {})
            for slot, values in state.items():
                phrase, key = slots[(service, slot)], _rank(dialogue_id, str(number), service, slot)
                style = int(key[:4], 16)
                said = [v for v in values if _said(v, utterance)]
                if slot in before and not set(before[slot]) & set(values) and said:
                    item = _item(_render(phrase, before[slot][0], style), _render(phrase, said[0], style + 1),
                                 utterance, "update", ["update", "contradiction"], "sgd")
                    out["update"].append((key, item))
                elif slot in before and set(before[slot]) & set(values) and said:
                    item = _item(_render(phrase, before[slot][0], style), _render(phrase, said[0], style + 1),
                                 utterance, "duplicate", ["duplicate"], "sgd")
                    out["duplicate"].append((key, item))
                elif slot not in before and said and before:
                    # Compare the new slot with one slot already known: another thing, nothing replaced.
                    other = min(before, key=lambda s: _rank(key, s))
                    old = _render(slots[(service, other)], before[other][0], style)
                    item = _item(old, _render(phrase, said[0], style + 1), utterance, "new", ["new"], "sgd")
                    out["new"].append((key, item))
            previous[service] = state


def locomo_items(folder: str | Path, cap: int = LOCOMO_CAP) -> list[LabeledItem]:
    files = sorted(Path(folder).glob("conv-*.json"))
    if not files:
        raise LabelFileError(f"{folder} has no conv-*.json files (the LoCoMo layout)")
    pairs: list[tuple[str, LabeledItem]] = []
    for path in files:
        conversation = json.loads(path.read_text(encoding="utf-8"))
        events: dict[str, list[tuple[int, str]]] = {}
        for key, value in conversation.items():
            match = re.fullmatch(r"events_session_(\d+)", key)
            if not match or not isinstance(value, dict):
                continue
            for speaker, happenings in value.items():
                if speaker != "date":
                    events.setdefault(speaker, []).extend((int(match[1]), e) for e in happenings)
        for speaker, happened in events.items():
            happened.sort()
            for i, (session_a, old) in enumerate(happened):
                for session_b, new in happened[i + 1:]:
                    if session_b == session_a:
                        continue
                    message = _best_turn(conversation.get(f"session_{session_b}") or [], speaker, new)
                    key = _rank(path.name, speaker, old, new)
                    pairs.append((key, _item(old, new, message, "new", ["new", "refinement"], "locomo")))
    return [item for _, item in sorted(pairs, key=lambda pair: pair[0])[:cap]]


def _best_turn(turns: list[dict], speaker: str, event: str) -> str:
    """The speaker's turn sharing the most content words with the event ("" when none shares any)."""
    wanted = t.content_stems(event)
    best, best_shared = "", 0
    for turn in turns:
        if turn.get("speaker") == speaker:
            shared = len(t.content_stems(str(turn.get("text", ""))) & wanted)
            if shared > best_shared:
                best, best_shared = str(turn["text"]), shared
    return best


def load_sources(labels: str | Path, research: str | Path | None, split: str = "all",
                 more: Sequence[str | Path] = ()) -> dict[str, list[LabeledItem]]:
    """{source name: items}: the team's LABELS file as `team`, every item of the `more` files under the source
    they name (the file's stem when none), and under `research` (the shared data folder, holding sgd/ and
    locomo/) the derived `sgd` and `locomo` items. Only the team file has splits."""
    sources = {"team": [_with_source(item, "team") for item in load_labels(labels, split)]}
    for path in more:
        for item in load_labels(path):
            item = _with_source(item, Path(path).stem)
            sources.setdefault(str(item.fields["source"]), []).append(item)
    if research is not None:
        root = Path(research)
        if not root.is_dir():
            raise LabelFileError(f"{root} is not a folder; give the folder that holds sgd/ and locomo/")
        if (root / "sgd").is_dir():
            sources["sgd"] = sgd_items(root / "sgd")
        if (root / "locomo").is_dir():
            sources["locomo"] = locomo_items(root / "locomo")
        if len(sources) == 1:
            raise LabelFileError(f"{root} holds neither sgd/ nor locomo/")
    return sources


def _with_source(item: LabeledItem, source: str) -> LabeledItem:
    fields: dict[str, Any] = {**item.fields, "source": item.fields.get("source", source)}
    return LabeledItem(item.question, item.label, item.accept, fields, item.split, item.line)
