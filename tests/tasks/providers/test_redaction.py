"""Secrets never leave the process: keys are scrubbed from every error chain, log record, table and pickle.

The fake servers quote the key they were sent in every error body (`echo_key_in_errors`), the way the issue
saw a real one do; each of the six key-holding provider paths is driven into a 401 and into exhausted
retries, and then everything the process could leak through is searched for the key.
"""

from __future__ import annotations

import logging
import pickle
import sys
import traceback

import httpx
import pytest

from archivist.storage.store import Store
from archivist.tasks.providers.errors import ArchivistModelError, AuthenticationError, ServerError
from archivist.tasks.providers.redaction import (
    MASK,
    RedactingFilter,
    install_log_redaction,
    redact,
    scrub,
    watch,
)
from tests.fakes.fixtures import fake_server  # noqa: F401
from tests.tasks.providers.redaction_paths import PATHS, files_holding

KEY = "sk-proj-Echo9f8e7d6c5b4a3210ZZ"


# -- the layer itself ------------------------------------------------------------------------------------


def test_redact_masks_given_secrets_watched_keys_and_bearer_tokens(monkeypatch):
    monkeypatch.setenv("ARCHIVIST_TEST_WATCHED_KEY", "watched-secret-0123")
    watch("ARCHIVIST_TEST_WATCHED_KEY")
    text = redact("a=given-secret-99 b=watched-secret-0123 c=Bearer tok_abcdef123 d=plain", ["given-secret-99"])
    assert text == f"a={MASK} b={MASK} c=Bearer {MASK} d=plain"
    assert redact("Bearer ***") == "Bearer ***" and redact("no secrets here") == "no secrets here"


def test_scrub_walks_the_whole_chain_and_every_attribute():
    request = httpx.Request("POST", "http://127.0.0.1/v1/x", headers={"Authorization": f"Bearer {KEY}"})

    class SDKError(Exception):
        def __init__(self, message: str):
            super().__init__(message)
            self.body = {"error": {"message": f"bad key {KEY}"}}
            self.request = request

    try:
        try:
            try:
                raise ValueError(f"context quoting {KEY}")
            except ValueError:
                raise SDKError(f"Invalid key: Bearer {KEY}")  # noqa: B904  (the context is the point)
        except SDKError as cause:
            raise ExceptionGroup("group", [RuntimeError(KEY)]) from cause
    except ExceptionGroup as raised:
        error = raised
    scrub(error, [KEY])
    assert KEY not in "".join(traceback.format_exception(error))
    assert KEY not in str(error.__cause__.__context__)
    assert KEY not in repr(error.__cause__.body) and request.headers["authorization"] == MASK
    assert KEY not in str(error.exceptions[0])


def test_every_log_record_is_scrubbed_when_it_is_created(monkeypatch, caplog):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    install_log_redaction()
    caplog.set_level(logging.DEBUG)
    try:
        raise RuntimeError(f"server said Bearer {KEY}")
    except RuntimeError:
        logging.getLogger("prefect.task_runs").exception("task failed: %s", f"key {KEY}")
    assert caplog.records and KEY not in caplog.text
    record = caplog.records[-1]
    assert KEY not in record.getMessage() and KEY not in str(record.exc_info[1])


def test_the_filter_is_the_same_scrubbing_for_foreign_handlers(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "key %s", (KEY,), None)
    assert RedactingFilter().filter(record) is True
    assert KEY not in record.getMessage()


def test_the_fake_really_echoes_the_key_in_every_error(fake_server):  # noqa: F811
    fake_server.knobs.echo_key_in_errors = True
    fake_server.knobs.fail_next = 1
    reply = httpx.post(fake_server.url + "/v1/chat/completions", json={}, headers={"Authorization": f"Bearer {KEY}"})
    assert reply.status_code == 500 and KEY in reply.text


# -- the six provider paths --------------------------------------------------------------------------------


def pickles_holding_the_key(error: BaseException) -> bool:
    """Whether the pickle of the error, or of any attribute of any exception it chains, holds the key (an SDK
    exception may not pickle whole, but its response does, and process workers pickle what they can)."""
    pending, seen, found = [error], set(), KEY.encode() in pickle.dumps(error)
    while pending and not found:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        for value in [*current.args, *vars(current).values()]:
            try:
                found = found or KEY.encode() in pickle.dumps(value)
            except Exception:  # noqa: BLE001 - a socket or lock inside: nothing of it would travel either
                continue
        pending.extend((current.__cause__, current.__context__))
    return found


def _leaks(error: BaseException, caplog, capfd, store_dir) -> dict[str, object]:
    """Where the key turned up: the error chain, a pickle, log records, stderr/stdout, files of the store."""
    # What Prefect does with a failed task: log it with its traceback (the whole chain) to every handler.
    logging.getLogger("prefect.task_runs").error("Task run failed", exc_info=error)
    print("".join(traceback.format_exception(error)), file=sys.stderr)
    out, err = capfd.readouterr()
    return {
        "chain": KEY in "".join(traceback.format_exception(error)),
        "pickle": pickles_holding_the_key(error),
        "log records": KEY in caplog.text,
        "stderr": KEY in err or KEY in out,
        "store files": files_holding(store_dir, KEY),
    }


CLEAN = {"chain": False, "pickle": False, "log records": False, "stderr": False, "store files": []}


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_a_rejected_key_echoed_by_the_server_is_nowhere(path, fake_server, monkeypatch, caplog, capfd, tmp_path):  # noqa: F811
    monkeypatch.setenv(path.key_env, KEY)
    caplog.set_level(logging.DEBUG)  # the SDKs' and httpx's own debug lines too
    fake_server.knobs.required_key = "the-right-key-0000"
    fake_server.knobs.echo_key_in_errors = True
    store_dir = tmp_path / "store"
    with pytest.raises(AuthenticationError) as raised:
        path.call(fake_server.url, Store(str(store_dir)))
    assert fake_server.count(status=401) == 1 and any(KEY in str(r.headers) for r in fake_server.requests)
    assert raised.value.__cause__ is not None or path.name == "systemone"  # SDK paths chain the SDK error
    assert _leaks(raised.value, caplog, capfd, store_dir) == CLEAN


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_a_server_failing_with_the_key_in_its_body_leaks_it_nowhere(path, fake_server, monkeypatch, caplog, capfd,  # noqa: F811
                                                                    tmp_path):
    monkeypatch.setenv(path.key_env, KEY)
    caplog.set_level(logging.DEBUG)
    fake_server.knobs.fail_next = 100
    fake_server.knobs.echo_key_in_errors = True
    store_dir = tmp_path / "store"
    store = Store(str(store_dir))
    try:
        result = path.call(fake_server.url, store)
    except ServerError as error:  # extraction and embeddings raise once the retries are spent ...
        failure: BaseException = error
    else:  # ... decisions become recorded fallbacks that quote the error
        errors = [answer.error for answer in result.answers.values()]
        assert all(errors) and all("500" in e for e in errors)
        assert not any(KEY in e for e in errors)
        failure = ArchivistModelError(" | ".join(errors))
    assert fake_server.count(status=500) == 2  # both attempts were made and answered with the key quoted
    assert store.count("ledger") >= 1 and all(store.read("ledger")["error"].to_list())
    assert _leaks(failure, caplog, capfd, store_dir) == CLEAN
