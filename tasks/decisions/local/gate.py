"""The local decision model's answer to the extraction gate (`extract_gate`, asked of one turn under `targets`).

A logistic rule over cues of the turn's own words (configs/gate.toml says each and why): content words,
first person, names, numbers and relation cues raise p(worth keeping); filler, bare questions, talk about
the conversation itself and a speaker who is not the person lower it. `nothing` gets 1 - p; p is shared
among the kinds by the cue rules that answer `kind` (rules.kind_scores), so the answer also says what an
extraction would find.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from archivist.configs.files import CONFIG_DIR, read_toml
from archivist.tasks.decisions.local import rules
from archivist.tasks.decisions.local import text as t
from archivist.tasks.decisions.types import TARGETS

KINDS = ("fact", "preference", "event", "plan")
NOTHING = "nothing"
KIND_SHARPNESS = 1.5
"""The sharpness `kind` itself is answered with (provider._kind), so both questions split kinds alike."""
FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "i'll", "my", "mine", "we", "we're", "our"})


class GateWeights(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    bias: float
    content_words: float
    content_cap: int
    first_person: float
    names: float
    numbers: float
    slot_cues: float
    filler_share: float
    bare_question: float
    about_the_conversation: float
    other_role: float
    person_roles: list[str]


@lru_cache(maxsize=1)
def load_weights() -> GateWeights:
    return GateWeights.model_validate(read_toml(CONFIG_DIR / "gate.toml"))


def turn_of(state: dict, target: str | None) -> tuple[str, str]:
    """(text, role) of the turn asked about."""
    entry: Any = (state.get(TARGETS) or {}).get(target) if target else state
    if isinstance(entry, dict):
        return str(entry.get("text") or entry.get("message") or ""), str(entry.get("role") or "")
    return ("" if entry is None else str(entry)), ""


def keep_logit(text: str, role: str, w: GateWeights) -> float:
    tokens = t.tokens(text)
    if not tokens:
        return -20.0
    first = sum(1 for token in tokens if token in FIRST_PERSON)
    slots = rules.slot_scores(text)
    cues = {
        "content_words": min(len(t.content_stems(text)), w.content_cap),
        "first_person": min(first, 3),
        "names": min(len(t.names(text)), 2),
        "numbers": min(len(t.numbers(text)), 2),
        "slot_cues": min(max((v for k, v in slots.items() if k != "other"), default=0.0), 3),
        "filler_share": min(t.count(t.FILLER, text) / len(tokens), 1.0),
        "bare_question": float("?" in text and first == 0),
        "about_the_conversation": min(t.count(t.META, text), 2),
        "other_role": float(role.lower() not in w.person_roles),
    }
    return w.bias + sum(getattr(w, name) * value for name, value in cues.items())


def gate_probabilities(text: str, role: str = "", temperature: float = 1.0,
                       weights: GateWeights | None = None) -> dict[str, float]:
    """`nothing` and the kinds for one turn."""
    logit = keep_logit(text, role, weights or load_weights()) / temperature
    keep = 1.0 / (1.0 + math.exp(-logit))
    kinds = rules.softmax(rules.kind_scores(text, text), KIND_SHARPNESS / temperature)
    return {NOTHING: 1.0 - keep} | {kind: keep * kinds[kind] for kind in KINDS}
