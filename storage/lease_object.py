"""The writer lease on an S3 store: one lock object taken with a conditional write, renewed while held.

An object store has no `flock`, and no process death releases anything. So the lease is an object,
`<store>/_writer.lock`, created with `If-None-Match: *` (S3 refuses the write when the object exists: exactly
one writer wins, whatever the number of machines), holding who took it and until when. The holder renews it
(a conditional write on the ETag it last wrote) every third of its time to live; a holder that dies stops
renewing, and after `ttl_s` the next writer may take the lease over, again with a conditional write on the
ETag it read, so two writers cannot both take over one expired lease. Release deletes the object only if it
is still ours.

What it cannot do: a holder stalled for longer than the time to live (a paused VM) may find its lease taken
over; renewal then fails and is logged as an error, and the command ends with `LeaseLost` instead of reporting
success. Lance's own commits are atomic per table on S3
(conditional writes too), so a table cannot be corrupted either way; the lease protects archivist's cross-table
invariants (event numbering, "already stored?" look-ups).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from archivist.errors import ArchivistError
from archivist.storage.objects import ObjectStoreUnsupported, s3_settings

log = logging.getLogger(__name__)

TTL_S = 60.0
"""Long enough that a busy holder always renews in time (every 20 s), short enough that a crashed night's
lease does not hold the next command back for long."""
POLL_S = 0.5


class LeaseLost(ArchivistError, RuntimeError):
    """The lease on an object store was taken over while this process held it (it stopped renewing)."""

    hint = "another writer took the store over; check it is done, then run this command again"


def _client(uri: str, options: dict[str, str]) -> tuple[Any, str, str]:
    try:
        import boto3
    except ImportError as err:
        raise ObjectStoreUnsupported("the writer lease on an s3:// store needs boto3",
                                     hint='install the extra: pip install "archivist[s3]"') from err
    scheme, _, rest = uri.partition("://")
    if scheme not in {"s3", "s3a"}:
        raise ObjectStoreUnsupported(f"no writer lease for a {scheme}:// store")
    bucket, _, prefix = rest.partition("/")
    conf = s3_settings(options)
    client = boto3.client("s3", endpoint_url=conf["endpoint"], region_name=conf["region"] or "us-east-1",
                          aws_access_key_id=conf["access_key"], aws_secret_access_key=conf["secret_key"],
                          aws_session_token=conf["session_token"])
    key = f"{prefix.rstrip('/')}/_writer.lock" if prefix.strip("/") else "_writer.lock"
    return client, bucket, key


def _precondition_failed(err: Exception) -> bool:
    response = getattr(err, "response", None) or {}
    code = str(response.get("Error", {}).get("Code", ""))
    status = response.get("ResponseMetadata", {}).get("HTTPStatusCode")
    return code in {"PreconditionFailed", "ConditionalRequestConflict"} or status in {409, 412}


@dataclass
class ObjectLease:
    uri: str
    options: dict[str, str]
    command: str
    ttl_s: float = TTL_S
    etag: str | None = None
    lost: bool = False
    clock: Callable[[], float] = time.time
    """Wall-clock seconds that expiries are written and read in; machines sharing a store share this clock."""
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def _record(self) -> bytes:
        now = self.clock()
        return json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "command": self.command,
                           "since": datetime.now(UTC).isoformat(timespec="seconds"),
                           "expires": now + self.ttl_s}).encode("utf-8")

    def acquire(self, wait_s: float, busy: type[Exception], message: Any) -> None:
        client, bucket, key = _client(self.uri, self.options)
        deadline = time.monotonic() + max(0.0, wait_s)
        while True:
            try:
                self.etag = client.put_object(Bucket=bucket, Key=key, Body=self._record(), IfNoneMatch="*")["ETag"]
                break
            except Exception as err:  # noqa: BLE001 - botocore's ClientError; anything else propagates below
                if not _precondition_failed(err):
                    raise
            held = holder_of(client, bucket, key)
            if held is not None and held[0].get("expires", 0) < self.clock():
                try:  # the holder stopped renewing: take over, unless another writer just did
                    self.etag = client.put_object(Bucket=bucket, Key=key, Body=self._record(),
                                                  IfMatch=held[1])["ETag"]
                    log.warning("took over the expired writer lease of %s (held by %s)", self.uri, held[0])
                    break
                except Exception as err:  # noqa: BLE001
                    if not _precondition_failed(err):
                        raise
            if time.monotonic() >= deadline:
                raise busy(message(held[0] if held else None))
            time.sleep(POLL_S)
        self._thread = threading.Thread(target=self._renew, name="archivist-lease", daemon=True)
        self._thread.start()

    def _renew(self) -> None:
        client, bucket, key = _client(self.uri, self.options)
        while not self._stop.wait(self.ttl_s / 3):
            try:
                self.etag = client.put_object(Bucket=bucket, Key=key, Body=self._record(), IfMatch=self.etag)["ETag"]
            except Exception as err:  # noqa: BLE001 - a lost lease is reported, never raised in a thread
                self.lost = self.lost or _precondition_failed(err)
                log.error("could not renew the writer lease of %s: %s", self.uri, type(err).__name__)

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        client, bucket, key = _client(self.uri, self.options)
        try:
            client.delete_object(Bucket=bucket, Key=key, IfMatch=self.etag)
        except Exception as err:  # noqa: BLE001
            if not (_precondition_failed(err) or _missing(err)):
                raise
            self.lost = True  # someone else's lock object now, or none at all: ours was taken over
        if self.lost:
            raise LeaseLost(f"the writer lease of {self.uri} was taken over while {self.command} held it")


def _missing(err: Exception) -> bool:
    response = getattr(err, "response", None) or {}
    return (response.get("Error", {}).get("Code") in {"NoSuchKey", "404"}
            or response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 404)


def holder_of(client: Any, bucket: str, key: str) -> tuple[dict, str] | None:
    try:
        reply = client.get_object(Bucket=bucket, Key=key)
    except Exception as err:  # noqa: BLE001
        if _missing(err):
            return None
        raise
    try:
        return json.loads(reply["Body"].read()), reply["ETag"]
    except ValueError:
        return {}, reply["ETag"]


def object_holder(uri: str, options: dict[str, str]) -> dict | None:
    client, bucket, key = _client(uri, options)
    held = holder_of(client, bucket, key)
    return held[0] if held else None
