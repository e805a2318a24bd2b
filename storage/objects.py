"""The files under a store's root, on a local disk or an object store, for the code that must see bytes.

LanceDB reads and writes a store through its own object-store layer; two things in archivist need the files
themselves: the purge's byte scan (no byte of a purged scope may remain in any file) and the writer lease on an
object store (`storage/lease.py`). Both go through `StoreFiles`, so the same code runs on a folder and on
`s3://`. The S3 file system is pyarrow's, configured from the same `storage_options` LanceDB takes (the Lance /
object_store key names), so one set of settings reaches both.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from archivist.errors import ArchivistError


class ObjectStoreUnsupported(ArchivistError, ValueError):
    """A store URI whose scheme archivist cannot list files on."""

    hint = "use a local folder or an s3:// URI (S3 or an S3-compatible server) for the store"


SCANNABLE_SCHEMES = frozenset({"s3", "s3a"})
"""Object-store schemes whose files archivist can list and read (pyarrow's S3 file system); gs:// and az://
stores work through LanceDB, but their files are not read by archivist (no purge byte scan, no lease)."""


def is_local(uri: str) -> bool:
    return "://" not in uri or uri.startswith("file://")


def scheme(uri: str) -> str:
    return uri.partition("://")[0] if "://" in uri else "file"


def _option(options: Mapping[str, str], *names: str) -> str | None:
    lowered = {k.lower(): v for k, v in options.items()}
    for name in names:
        if lowered.get(name):
            return lowered[name]
    return None


def s3_settings(options: Mapping[str, str]) -> dict[str, Any]:
    """Lance/object_store S3 option names -> the connection settings (endpoint, region, keys, http)."""
    endpoint = _option(options, "aws_endpoint", "endpoint", "aws_endpoint_url", "endpoint_url")
    allow_http = (_option(options, "allow_http", "aws_allow_http") or "").lower() in {"1", "true", "yes"}
    return {
        "access_key": _option(options, "aws_access_key_id", "access_key_id"),
        "secret_key": _option(options, "aws_secret_access_key", "secret_access_key"),
        "session_token": _option(options, "aws_session_token", "session_token", "token"),
        "region": _option(options, "aws_region", "region", "aws_default_region"),
        "endpoint": endpoint,
        "allow_http": allow_http or bool(endpoint and endpoint.startswith("http://")),
    }


@dataclass(frozen=True)
class StoreFiles:
    """Read, list and delete the files under one store root (relative paths, '/'-separated)."""

    uri: str
    storage_options: Mapping[str, str]

    @property
    def scannable(self) -> bool:
        """Whether archivist can list and read these files (a folder or an s3:// store)."""
        return is_local(self.uri) or scheme(self.uri) in SCANNABLE_SCHEMES

    @property
    def local_root(self) -> Path | None:
        return Path(self.uri.removeprefix("file://")) if is_local(self.uri) else None

    def _s3(self) -> tuple[Any, str]:
        import pyarrow.fs as pafs

        kind, _, rest = self.uri.partition("://")
        if kind not in SCANNABLE_SCHEMES:
            raise ObjectStoreUnsupported(f"cannot list the files of a {kind}:// store")
        conf = s3_settings(self.storage_options)
        endpoint = conf["endpoint"]
        override = endpoint.split("://", 1)[-1] if endpoint else None
        fs = pafs.S3FileSystem(access_key=conf["access_key"], secret_key=conf["secret_key"],
                               session_token=conf["session_token"], region=conf["region"] or "us-east-1",
                               endpoint_override=override, scheme="http" if conf["allow_http"] else "https")
        return fs, rest.rstrip("/")

    def walk(self) -> Iterator[str]:
        """Every file's path relative to the root, sorted."""
        root = self.local_root
        if root is not None:
            if root.is_dir():
                yield from sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
            return
        import pyarrow.fs as pafs

        fs, base = self._s3()
        infos = fs.get_file_info(pafs.FileSelector(base, recursive=True, allow_not_found=True))
        yield from sorted(i.path[len(base) + 1:] for i in infos if i.type == pafs.FileType.File)

    def read(self, relative: str) -> bytes:
        root = self.local_root
        if root is not None:
            return (root / relative).read_bytes()
        fs, base = self._s3()
        with fs.open_input_stream(f"{base}/{relative}") as stream:
            return stream.read()
