"""The relation table of `configs/relations.toml`: canonical names, aliases and cardinality."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from archivist.configs.files import CONFIG_DIR, ShippedModel

RELATIONS_FILE = CONFIG_DIR / "relations.toml"

Cardinality = Literal["one", "many"]


@lru_cache(maxsize=65_536)
def normalize_relation(name: str) -> str:
    """'Lives in' and 'lives-in' are the same predicate as 'lives_in'."""
    return re.sub(r"[\s\-]+", "_", str(name).strip().lower())


class RelationEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cardinality: Cardinality
    aliases: tuple[str, ...] = ()


class Relations(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    default_cardinality: Cardinality = "many"
    relation: dict[str, RelationEntry] = Field(default_factory=dict)
    _index: dict[str, str] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _build_index(self) -> Relations:
        # One alias naming two relations would make canonical() depend on file order.
        index: dict[str, str] = {}
        for name, entry in self.relation.items():
            for alias in (name, *entry.aliases):
                key = normalize_relation(alias)
                if index.setdefault(key, name) != name:
                    raise ValueError(f"{alias!r} names both {index[key]!r} and {name!r}")
        self._index = index
        return self

    def known(self, name: str | None) -> bool:
        return name is not None and normalize_relation(name) in self._index

    def canonical(self, name: str) -> str:
        """The relation's canonical name, or the normalised name itself when the table does not know it."""
        key = normalize_relation(name)
        return self._index.get(key, key)

    def cardinality(self, name: str) -> Cardinality:
        entry = self.relation.get(self.canonical(name))
        return entry.cardinality if entry else self.default_cardinality


_loader = ShippedModel(Relations, RELATIONS_FILE)


def load_relations(path: str | Path | None = None) -> Relations:
    """The relation table in `path` (default: the shipped configs/relations.toml, read once)."""
    return _loader(path)
