"""The official OpenAI or Anthropic SDK client for one endpoint, shared by every SDK-based provider.

This is the only place that builds an SDK client and the only place an SDK call is made from (`call`), so
every SDK error is translated into ours here, with the key scrubbed from our message and from the SDK
exception it chains. SDK retries are off (`max_retries=0`): the one retry layer (tasks/providers/retry.py)
owns retries. The key is read from the environment at call time, so a rotated key takes effect without a
restart.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from archivist.tasks.providers.errors import AuthenticationError
from archivist.tasks.providers.keys import env_secret, read_api_key
from archivist.tasks.providers.redaction import install_log_redaction, watch
from archivist.tasks.providers.sdk_errors import sdk_errors, translate_sdk_error

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}
NO_KEY = "no-key-needed"
"""What a local OpenAI-compatible server is sent: they accept any key."""


class ChatSDK:
    def __init__(self, vendor: str, base_url: str, key_env: str, name: str, timeout_s: float, *,
                 keyless_local: bool = True, section: str = ""):
        self.vendor = vendor
        self.section = section
        """The caller's settings section ("llm"): a configuration error names `section.setting` to fix."""
        self.keyless_local = keyless_local
        """A loopback base URL may go without a key (local chat servers); hosted-only APIs say False."""
        self.base_url = base_url
        self.key_env = key_env
        self.name = name
        self.timeout_s = timeout_s
        self._client: Any = None
        self._client_key: str | None = None
        self._lock = threading.Lock()
        watch(key_env)
        install_log_redaction()

    def secrets(self) -> list[str | None]:
        return [env_secret(self.key_env)]

    def api_key(self) -> str:
        try:
            return read_api_key(self.key_env, self.name)
        except AuthenticationError:
            if self.keyless_local and urlparse(self.base_url).hostname in LOCAL_HOSTS:
                return NO_KEY
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
        """`fn(client)` with SDK errors translated into ours (keys scrubbed, Retry-After kept)."""
        key = self.api_key()
        try:
            return fn(self.client(key))
        except sdk_errors() as error:
            raise translate_sdk_error(error, provider=self.name, key_env=self.key_env, key=key,
                                      section=self.section) from error

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
