"""The official OpenAI or Anthropic SDK client for one chat endpoint, shared by every LLM caller.

SDK retries are off (`max_retries=0`): the one retry layer (tasks/providers/retry.py) owns retries. The key is
read from the environment at call time, so a rotated key takes effect without a restart.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.keys import env_secret, read_api_key
from archivist.tasks.providers.sdk_errors import sdk_errors, translate_sdk_error

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}


class ChatSDK:
    def __init__(self, vendor: str, base_url: str, key_env: str, name: str, timeout_s: float):
        self.vendor = vendor
        self.base_url = base_url
        self.key_env = key_env
        self.name = name
        self.timeout_s = timeout_s
        self._client: Any = None
        self._client_key: str | None = None
        self._lock = threading.Lock()

    def secrets(self) -> list[str | None]:
        return [env_secret(self.key_env)]

    def api_key(self) -> str:
        try:
            return read_api_key(self.key_env, self.name)
        except AuthenticationError:
            if urlparse(self.base_url).hostname in LOCAL_HOSTS:
                return "no-key-needed"  # local OpenAI-compatible servers accept any key
            raise

    def client(self, key: str) -> Any:
        """The SDK client, rebuilt when the key changes."""
        with self._lock:
            if self._client is None or self._client_key != key:
                if self.vendor == "anthropic":
                    import anthropic

                    self._client = anthropic.Anthropic(api_key=key, base_url=self.base_url, max_retries=0,
                                                       timeout=self.timeout_s)
                else:
                    import openai

                    self._client = openai.OpenAI(api_key=key, base_url=self.base_url, max_retries=0,
                                                 timeout=self.timeout_s)
                self._client_key = key
            return self._client

    def call(self, fn: Callable[[Any], Any]) -> Any:
        """`fn(client)` with SDK errors translated into ours (keys redacted, Retry-After kept)."""
        key = self.api_key()
        try:
            return fn(self.client(key))
        except sdk_errors() as error:
            raise translate_sdk_error(error, provider=self.name, key_env=self.key_env, key=key) from error

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
