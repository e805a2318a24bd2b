"""Opening archive files: plain or gzip-compressed, and the errors that mean "this file cannot be read"."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path
from typing import BinaryIO

# What opening or reading a file raises when the file itself is the problem (gone, unreadable, truncated,
# not really gzip): the file is recorded as unreadable and the run goes on with the next one.
FILE_ERRORS: tuple[type[BaseException], ...] = (OSError, EOFError, zlib.error)


def is_gzip(path: Path) -> bool:
    return path.name.lower().endswith(".gz")


def open_binary(path: Path) -> BinaryIO:
    """The file's bytes, decompressed when its name ends in .gz."""
    if is_gzip(path):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")
