"""API keys come from the environment at call time, by the variable named in settings; they are never stored.

Every variable read here is watched by the redaction layer, so its value is masked in errors and logs.
"""

from __future__ import annotations

import os

from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.redaction import watch


def read_api_key(env_name: str, provider: str) -> str:
    """The key in `$env_name`, or an `AuthenticationError` that says which variable to set."""
    watch(env_name)
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
    watch(env_name)
    return os.environ.get(env_name) if env_name else None
