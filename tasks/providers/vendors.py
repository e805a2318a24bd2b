"""Vendor defaults in one place: base URLs, key variables, endpoints, and which vendor a setting names.

Like the Stainless SDKs' `_constants.py`: a provider module never spells a default URL or a key variable of
its own; it asks `vendor(...)`. Settings override each default (`base_url`, `api_key_env`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Vendor:
    name: str
    base_url: str
    """Where the SDK or client points unless settings say otherwise (OpenAI's includes /v1, as its SDK wants)."""
    key_env: str
    """The environment variable that holds the API key unless settings name another."""
    base_url_env: str | None = None
    """An environment variable that may override the default base URL (TypeSafe's SDK reads one)."""
    chat_endpoint: str = ""
    """The chat endpoint path, for ledger rows and call-cache keys (chat vendors only)."""

    def url(self, configured: str | None) -> str:
        """The base URL to use: the configured one, else the vendor's (or its environment override)."""
        env = os.environ.get(self.base_url_env) if self.base_url_env else None
        return (configured or env or self.base_url).rstrip("/")

    def key_variable(self, configured: str | None) -> str:
        return configured or self.key_env


OPENAI = Vendor("openai", "https://api.openai.com/v1", "OPENAI_API_KEY", chat_endpoint="/v1/chat/completions")
ANTHROPIC = Vendor("anthropic", "https://api.anthropic.com", "ANTHROPIC_API_KEY", chat_endpoint="/v1/messages")
TYPESAFE = Vendor("typesafe", "https://api.typesafe.ai", "TYPESAFE_API_KEY", base_url_env="TYPESAFE_BASE_URL")

VENDORS = {vendor.name: vendor for vendor in (OPENAI, ANTHROPIC, TYPESAFE)}
CHAT_VENDORS = ("openai", "anthropic")
"""Vendors whose chat models archivist calls (extraction, escalation, LLM decisions, answer-and-judge)."""
NO_LLM = ("none", "", "local")
"""`llm.provider` values that mean: no LLM is configured."""


def vendor(name: str) -> Vendor:
    try:
        return VENDORS[name]
    except KeyError:
        raise ValueError(f"unknown vendor {name!r}: use one of {', '.join(VENDORS)}") from None


class _Named(Protocol):
    provider: str
    model: str


def llm_configured(settings: _Named) -> bool:
    """True when `settings.provider` names a chat vendor (`openai`, `anthropic`, `llm:<vendor>`)."""
    return settings.provider.split(":")[-1].strip().lower() in CHAT_VENDORS


def vendor_of(settings: _Named) -> str:
    """The chat vendor a provider setting names: `openai`, `anthropic`, `llm:openai`, `llm:anthropic`; a bare
    `llm` (or another name) is told by the model's name. Raises ValueError when no LLM is configured or
    `llm:<vendor>` names one archivist cannot call."""
    prefix, _, named = settings.provider.strip().lower().rpartition(":")
    if named in CHAT_VENDORS:
        return named
    if prefix:
        raise ValueError(f"llm provider {settings.provider!r}: use llm:openai or llm:anthropic")
    if named in NO_LLM:
        raise ValueError("no LLM is configured: set llm.provider to 'openai' or 'anthropic' (or 'openai' with "
                         "llm.base_url for an OpenAI-compatible server), or use the local extractor")
    return "anthropic" if settings.model.startswith("claude") else "openai"
