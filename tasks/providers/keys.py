"""API keys come from the environment at call time, by the variable named in settings; they are never stored."""

from __future__ import annotations

import os

from archivist.tasks.providers.errors import AuthenticationError


def read_api_key(env_name: str, provider: str) -> str:
    """The key in `$env_name`, or an `AuthenticationError` that says which variable to set."""
    key = os.environ.get(env_name, "").strip()
    if not key:
        raise AuthenticationError(
            f"{provider} needs an API key: set the environment variable {env_name} "
            f"(or name another variable in settings: api_key_env).",
            provider=provider,
        )
    return key


def env_secret(env_name: str | None) -> str | None:
    """The current value of `$env_name`, only so that it can be redacted from messages."""
    return os.environ.get(env_name) if env_name else None
