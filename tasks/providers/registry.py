"""The registry of decision providers: a name in `decisions.provider` -> the class that answers for it.

Entries are `module:Class` strings, imported only when chosen, because some providers pull in an SDK or a
model that costs seconds to import. A family (`llm:<vendor>`, `python:<module>:<function>`) is matched by the
part before its first colon. `register` adds a provider (a plugin, or a test) the way lancedb's embedding
registry does.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from archivist.tasks.providers.base import DecisionProvider
from archivist.tasks.providers.errors import ConfigurationError

if TYPE_CHECKING:
    from archivist.configs.settings import Settings

_providers: dict[str, str | type[DecisionProvider]] = {
    "local": "archivist.tasks.decisions.local:LocalDecisionProvider",
    "systemone": "archivist.tasks.providers.systemone:SystemOneProvider",
    "openai_decisions": "archivist.tasks.providers.openai_decisions:OpenAIDecisionsProvider",
    "llm": "archivist.tasks.providers.llm_decider:LLMDecisionProvider",
    "python": "archivist.tasks.providers.pycallable:PythonCallableProvider",
}
_families = {"llm", "python"}
"""Names that take a suffix after a colon (`llm:anthropic`, `python:pkg.mod:fn`)."""


def register(name: str, provider: str | type[DecisionProvider], *, family: bool = False) -> None:
    """Make `decisions.provider = name` (or `name:...` for a family) build `provider`."""
    _providers[name] = provider
    if family:
        _families.add(name)


def provider_names() -> list[str]:
    return [f"{name}:..." if name in _families else name for name in _providers]


def provider_class(name: str) -> type[DecisionProvider]:
    """The class registered for a `decisions.provider` value; ValueError naming the choices if none is."""
    family = name.partition(":")[0]
    entry = _providers.get(name) if name in _providers and name not in _families else None
    if entry is None and family in _families:
        entry = _providers[family]
    if entry is None:
        raise ValueError(f"unknown decision provider {name!r}: use local, systemone, openai_decisions, llm:openai, "
                         f"llm:anthropic or python:module:function")
    if isinstance(entry, str):
        module, _, attribute = entry.partition(":")
        entry = getattr(importlib.import_module(module), attribute)
    if not (isinstance(entry, type) and issubclass(entry, DecisionProvider)):
        raise TypeError(f"decision provider {name!r} is registered as {entry!r}, not a DecisionProvider subclass")
    return entry


def make_provider(settings: Settings) -> DecisionProvider:
    """The provider named by `settings.decisions.provider`; a `decisions.scoring` it cannot follow is refused."""
    cls = provider_class(settings.decisions.provider)
    scoring = settings.decisions.scoring
    if scoring not in cls.scorings:
        raise ConfigurationError(f"decisions.scoring = {scoring!r} is not available with decisions.provider = "
                                 f"{settings.decisions.provider!r}; set decisions.scoring = \"json\"",
                                 setting="decisions.scoring", provider=settings.decisions.provider)
    return cls.from_settings(settings)
