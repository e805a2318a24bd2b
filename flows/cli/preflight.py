"""`archivist ingest`'s pre-flight: a night already fully ingested is answered "nothing new" without the flow.

It runs before Prefect or LanceDB is imported (together about 5 s here, against about 1 s of work for a no-op
run), from the record in storage/ingested.py, which says when it may skip and why that stays correct.
`--force` runs the flow anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from archivist.configs.settings import Settings
from archivist.storage import ingested

IRRELEVANT = {
    "store": None,  # the record lives in the store: another store has its own
    "budget": None,  # only a complete run is recorded, whatever its budget was
    "replay": None,
    "ingest": ("workers", "runner", "dask_address", "partitions", "max_quarantine_share"),
}
"""Settings that change how a run goes (or its exit code), never which rows it stores; everything else counts."""


def settings_hash(settings: Settings, **options: Any) -> str:
    values = settings.model_dump(mode="json")
    for section, fields in IRRELEVANT.items():
        if fields is None:
            values.pop(section, None)
        else:
            for name in fields:
                values.get(section, {}).pop(name, None)
    return ingested.fingerprint({"settings": values, "options": options, "version": _version()})


def _version() -> str:
    # A new release may read more files or rows than the one that wrote the record.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("archivist")
    except PackageNotFoundError:
        return "source"


@dataclass
class Preflight:
    uri: str
    manifest: ingested.Manifest = field(default_factory=dict)
    settings: str = ""
    done: bool = False
    """Every file is recorded as fully ingested into this store as it is now: nothing to do."""

    def record(self, summary: Any, succeeded: bool) -> bool:
        """Mark the files done after a run that exited 0 and left nothing undone; True when recorded.

        Only a success: a partial run (exit 3) is one to look at, and its re-run must show the same reasons."""
        complete = (succeeded and summary.files_read > 0 and not summary.files_unreadable
                    and not summary.deferred_turns and not summary.budget_stopped)
        if complete and self.manifest:
            ingested.record_ingested(self.uri, self.manifest, self.settings, before=summary.store_token_before,
                                     after=summary.store_token_after)
        return complete

    def rows(self) -> dict[str, Any]:
        """The summary of a run that found nothing new: no file read, nothing written, nothing asked."""
        zero = dict.fromkeys(("files_read", "files_skipped", "files_unreadable", "records_read", "turns_written",
                              "duplicates_skipped", "quarantined", "facts_extracted", "decision_requests",
                              "decisions", "events", "deferred_turns", "deferred_statements"), 0)
        return {"run": None, "nothing_new": True, "files_recorded": len(self.manifest), **zero, "seconds": 0.0,
                "budget_stopped": False, "exit_code": 0, "outcome": "success", "why": []}


def preflight(paths: Sequence[str], settings: Settings, *, force: bool, **options: Any) -> Preflight:
    """What the record says about `paths` (`done` is never set with `force`, or for a store not in a local folder)."""
    uri = settings.store.uri
    if ingested.local_root(uri) is None:
        return Preflight(uri)
    check = Preflight(uri, ingested.file_manifest(paths), settings_hash(settings, **options))
    check.done = not force and ingested.already_ingested(uri, check.manifest, check.settings)
    return check
