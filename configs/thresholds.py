"""The policy thresholds of `configs/thresholds.toml`, typed and checked.

`load_thresholds()` reads the shipped file; a path reads a copy (for an experiment or a tenant that needs
other numbers). Unknown keys are errors, so a misspelt threshold cannot silently fall back to a default.

Probabilities are on each model's own scale, so the zone thresholds can be set per model: a
`[models."<model id>"]` section overrides the probability thresholds for that model, and
`load_thresholds(model=...)` (or `Thresholds.for_model`) returns the thresholds a decision from it is read
with. A model with no section is read with the top-level values, and `measured_for` says so.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from archivist.configs.files import CONFIG_DIR, ShippedModel

THRESHOLDS_FILE = CONFIG_DIR / "thresholds.toml"
log = logging.getLogger(__name__)

PER_MODEL = ("act", "escalate", "relevance", "evidence_min_probability", "worth_drop_below", "worth_tentative_below")
"""The thresholds that read a model's probabilities, so the ones a `[models."<id>"]` section may set."""


class ModelThresholds(BaseModel):
    """One model's section: the probability thresholds measured for it (unset ones keep the top-level value)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    act: float | None = Field(default=None, ge=0.0, le=1.0)
    escalate: float | None = Field(default=None, ge=0.0, le=1.0)
    relevance: float | None = Field(default=None, ge=0.0, le=1.0)
    evidence_min_probability: float | None = Field(default=None, ge=0.0, le=1.0)
    worth_drop_below: float | None = Field(default=None, ge=0.0, le=1.0)
    worth_tentative_below: float | None = Field(default=None, ge=0.0, le=1.0)
    source: str = ""
    """Where the numbers come from (a seed paper, an `evaluate decisions` run on named data)."""


class Thresholds(BaseModel):
    """Field docs are in thresholds.toml, beside the values."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    act: float = Field(ge=0.0, le=1.0)
    escalate: float = Field(ge=0.0, le=1.0)
    relevance: float = Field(ge=0.0, le=1.0)
    close: float = Field(ge=0.0, le=1.0)
    reopen: float = Field(ge=0.0, le=1.0)
    belief_min: float = Field(gt=0.0, lt=1.0)
    belief_max: float = Field(gt=0.0, lt=1.0)
    evidence_min_probability: float = Field(ge=0.0, le=1.0)
    initial_belief: float = Field(gt=0.0, lt=1.0)
    tentative_belief: float = Field(gt=0.0, lt=1.0)
    escalation_probability: float = Field(gt=0.0, le=1.0)
    worth_drop_below: float = Field(ge=0.0, le=1.0)
    worth_tentative_below: float = Field(ge=0.0, le=1.0)
    past_tense_only_negates: bool
    one_off_drop: bool = True
    hypothetical_tentative: bool = True
    cosine_candidates: int = Field(ge=0)
    graph_candidates: int = Field(ge=0)
    candidate_min_cosine: float = Field(default=0.0, ge=0.0, le=1.0)
    """A cosine candidate below this similarity is not asked (graph candidates always are); 0 disables it."""
    rare_entity_max_facts: int = Field(ge=1)
    shortlist: int = Field(ge=1)
    cosine_floor: int = Field(ge=0)
    consolidation_neighbours: int = Field(ge=1)
    consolidation_min_cosine: float = Field(ge=-1.0, le=1.0)
    consolidation_max_pairs: int = Field(ge=1)
    models: dict[str, ModelThresholds] = Field(default_factory=dict)
    """Per-model probability thresholds, by model id (`[models."jev-1.13.0"]`)."""

    def section_for(self, model: str) -> ModelThresholds | None:
        """The model's section: an exact id, else the longest listed id of which `model` is a dated snapshot."""
        if model in self.models:
            return self.models[model]
        prefixes = [name for name in self.models if model.startswith(name + "-")]
        return self.models[max(prefixes, key=len)] if prefixes else None

    def measured_for(self, model: str) -> bool:
        return self.section_for(model) is not None

    def for_model(self, model: str | None) -> Thresholds:
        """The thresholds a decision from `model` is read with: its section over the top-level values."""
        section = self.section_for(model) if model else None
        if section is None:
            return self
        overrides = {name: getattr(section, name) for name in PER_MODEL if getattr(section, name) is not None}
        return type(self).model_validate({**self.model_dump(), **overrides})

    @model_validator(mode="after")
    def _consistent(self) -> Thresholds:
        # Each rule below is one the policies rely on; a file that breaks one would make them misbehave quietly.
        if not self.belief_min < self.belief_max:
            raise ValueError("belief_min must be below belief_max")
        if not self.belief_min <= self.close < self.reopen <= self.belief_max:
            raise ValueError("need belief_min <= close < reopen <= belief_max: the gap between close and reopen "
                             "is what keeps a fact from flickering")
        if not self.escalate <= self.act:
            raise ValueError("escalate must not exceed act")
        if not self.worth_drop_below <= self.worth_tentative_below:
            raise ValueError("worth_drop_below must not exceed worth_tentative_below")
        for name in ("initial_belief", "tentative_belief"):
            if not self.belief_min <= getattr(self, name) <= self.belief_max:
                raise ValueError(f"{name} must lie within [belief_min, belief_max]")
        if self.cosine_floor > self.shortlist:
            raise ValueError("cosine_floor cannot exceed shortlist")
        return self


_loader = ShippedModel(Thresholds, THRESHOLDS_FILE)


def load_thresholds(path: str | Path | None = None, *, model: str | None = None) -> Thresholds:
    """The thresholds in `path` (default: the shipped configs/thresholds.toml, read once); with `model`, the
    ones for that decision model (its `[models."<id>"]` section over the top-level values)."""
    thresholds = _loader(path)
    if model is None:
        return thresholds
    if not thresholds.measured_for(model):
        log.warning("no thresholds measured for decision model %r in %s: its answers are read with the top-level "
                    "values; `archivist evaluate decisions --provider ...` suggests some", model,
                    path or THRESHOLDS_FILE)
    return thresholds.for_model(model)
