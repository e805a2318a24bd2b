"""One writer per store: the lease every command that writes takes first (`with store.writer("ingest"):`).

Lance's per-table commits are atomic, but two processes writing one store interleave at the level that matters
to archivist: both read the event log's last `seq`, both number their events after it, both find the same turns
"not stored yet". So every writing command holds one store-wide lease for its whole run.

A local folder is leased with an OS lock (`fcntl.flock`) on `<store>/_writer.lock`: the kernel releases it the
moment the holder dies, however it dies, so a lease of a killed process is never stale and the next writer
simply takes it. The file also says who holds it (pid, host, command, since) for the message the second
writer prints; the lock, not that text, is the truth. Within one process the lease is re-entrant: the flow
takes it and the helpers it calls (event numbering) find it held.

An s3:// store (S3 or an S3-compatible server) is leased with a lock object taken by a conditional write and
renewed while held (`storage/lease_object.py`, which says what that can and cannot guarantee). Other object
stores (gs://, az://) are not leased; a warning says so once (run one writer per store by hand, e.g. one
scheduled deployment).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from archivist.errors import ArchivistError
from archivist.storage.lease_object import ObjectLease
from archivist.storage.objects import is_local

log = logging.getLogger(__name__)

LOCK_FILE = "_writer.lock"
POLL_S = 0.2
UNLEASED_WARNING = (
    "no writer lease for %s: archivist leases local folders and s3:// stores only, so nothing stops a second "
    "writer here; two at once could number events twice and store the same turns twice. Run one writer at a "
    "time (one scheduled deployment)")


class StoreBusy(ArchivistError, RuntimeError):
    """Another process holds the store's writer lease."""

    hint = "wait for it to finish (or stop it), then run this command again"


_held: dict[str, tuple[Any, int]] = {}
"""lock path (a folder's lease: its open file descriptor) or s3:// URI (its ObjectLease) -> (the lease, holders
in this process)."""
_held_guard = threading.Lock()
_warned: set[str] = set()


def is_s3(uri: str) -> bool:
    return uri.split("://", 1)[0] in {"s3", "s3a"} and "://" in uri


def lock_path(uri: str) -> Path:
    return Path(uri.removeprefix("file://")) / LOCK_FILE


def holder(uri: str) -> dict | None:
    """Who the lock file says holds (or last held) the lease; None when nobody ever took it."""
    path = lock_path(uri)
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(text) if text.strip() else None
    except (OSError, ValueError):
        return None


def held_here(uri: str) -> bool:
    """Whether this process holds the lease of the store at `uri`."""
    if not is_local(uri):
        with _held_guard:
            return uri in _held
    with _held_guard:
        return str(lock_path(uri).resolve()) in _held


@contextmanager
def writer_lease(uri: str, command: str, wait_s: float = 0.0,
                 storage_options: dict[str, str] | None = None) -> Iterator[None]:
    """Hold the store's writer lease for the block; wait up to `wait_s` seconds for another holder, then
    raise `StoreBusy` naming it."""
    if is_s3(uri):
        with _object_lease(uri, command, wait_s, dict(storage_options or {})):
            yield
        return
    if not is_local(uri):
        if uri not in _warned:
            _warned.add(uri)
            log.warning(UNLEASED_WARNING, uri)
        yield
        return
    path = lock_path(uri)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _reentrant(str(path.resolve()), lambda: _acquire(path, uri, command, wait_s), _release):
        yield


@contextmanager
def _object_lease(uri: str, command: str, wait_s: float, options: dict[str, str]) -> Iterator[None]:
    def take() -> ObjectLease:
        lease = ObjectLease(uri, options, command)
        lease.acquire(wait_s, StoreBusy, lambda who: _busy_text(uri, command, who))
        return lease

    with _reentrant(uri, take, lambda lease: lease.release()):
        yield


@contextmanager
def _reentrant(key: str, acquire: Callable[[], Any], release: Callable[[Any], None]) -> Iterator[None]:
    """Hold the lease named `key` for the block: taken by the first holder in this process, released by the last."""
    with _held_guard:
        lease, count = _held.get(key, (None, 0))
        if lease is not None:
            _held[key] = (lease, count + 1)
    if lease is None:
        lease = acquire()
        with _held_guard:
            _held[key] = (lease, 1)
    try:
        yield
    finally:
        with _held_guard:  # released under the guard: another thread of this process waits for it, not fails
            lease, count = _held[key]
            if count > 1:
                _held[key] = (lease, count - 1)
            else:
                del _held[key]
                release(lease)


def _acquire(path: Path, uri: str, command: str, wait_s: float) -> int:
    import fcntl  # POSIX only; imported here so that importing storage on another platform does not fail

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + max(0.0, wait_s)
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StoreBusy(_busy_message(uri, command)) from None
            time.sleep(POLL_S)
    # Only the holder writes the file, so its content always names the current (or the last) holder.
    record = {"pid": os.getpid(), "host": socket.gethostname(), "command": command,
              "since": datetime.now(UTC).isoformat(timespec="seconds")}
    os.ftruncate(fd, 0)
    os.pwrite(fd, json.dumps(record).encode("utf-8"), 0)
    return fd


def _release(fd: int) -> None:
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _busy_message(uri: str, command: str) -> str:
    return _busy_text(uri, command, holder(uri))


def _busy_text(uri: str, command: str, who: dict | None) -> str:
    who = who or {}
    by = (f"`{who.get('command', '?')}` (pid {who.get('pid', '?')} on {who.get('host', '?')}, since "
          f"{who.get('since', '?')})") if who else "another archivist process"
    return f"cannot {command}: {by} is writing to the store {uri}"
