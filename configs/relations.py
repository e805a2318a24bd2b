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
Replace = Literal["never", "same_kind", "any"]


@lru_cache(maxsize=65_536)
def normalize_relation(name: str) -> str:
    """'Lives in' and 'lives-in' are the same predicate as 'lives_in'."""
    return re.sub(r"[\s\-]+", "_", str(name).strip().lower())


class RelationEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    cardinality: Cardinality
    aliases: tuple[str, ...] = ()
    replace: Replace = "never"
    """What a stated change of a many-valued relation ("I switched to an iPhone 15") replaces: `same_kind`
    the stored value of the same kind (`kinds`), `any` any stored value, `never` nothing. One-valued
    relations are always replaced."""
    kinds: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """kind -> words of a value of that kind (lower case; a phrase matches as a whole)."""

    def kind_of(self, value: str) -> str | None:
        """The kind of a value by its words ("iPhone 15" -> phone), None when no kind names it."""
        text = f" {re.sub(r'[^a-z0-9+]+', ' ', value.lower())} "
        for kind, words in self.kinds.items():
            if any(f" {word} " in text for word in words):
                return kind
        return None


class Relations(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    default_cardinality: Cardinality = "many"
    stated_replacement_trust: float = Field(default=0.9, ge=0.0, le=1.0)
    distinct_relation_trust: float = Field(default=0.9, ge=0.0, le=1.0)
    open_attribute_prefix: str = "attribute_"
    open_attribute_cardinality: Cardinality = "one"
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
        return name is not None and (normalize_relation(name) in self._index or self.open_attribute(name))

    def open_attribute(self, name: str | None) -> bool:
        """An attribute the embedded extractor read from a noun no relation lists ("my dentist is ...")."""
        key = normalize_relation(name or "")
        return bool(self.open_attribute_prefix) and key.startswith(self.open_attribute_prefix) and \
            len(key) > len(self.open_attribute_prefix)

    def canonical(self, name: str) -> str:
        """The relation's canonical name, or the normalised name itself when the table does not know it."""
        key = normalize_relation(name)
        return self._index.get(key, key)

    def cardinality(self, name: str) -> Cardinality:
        entry = self.relation.get(self.canonical(name))
        if entry is None and self.open_attribute(name):
            return self.open_attribute_cardinality
        return entry.cardinality if entry else self.default_cardinality

    def entry(self, name: str) -> RelationEntry | None:
        return self.relation.get(self.canonical(name))

    def replaces(self, name: str, old: str, new: str) -> bool:
        """Whether a stated change to the value `new` replaces the stored value `old` of relation `name`: always for a
        one-valued relation; for a many-valued one as its `replace` says (`same_kind`: a phone for a phone)."""
        if self.cardinality(name) == "one":
            return True
        entry = self.entry(name)
        if entry is None or entry.replace == "never":
            return False
        if entry.replace == "any":
            return True
        kind = entry.kind_of(new)
        return kind is not None and kind == entry.kind_of(old)


_loader = ShippedModel(Relations, RELATIONS_FILE)


def load_relations(path: str | Path | None = None) -> Relations:
    """The relation table in `path` (default: the shipped configs/relations.toml, read once)."""
    return _loader(path)
