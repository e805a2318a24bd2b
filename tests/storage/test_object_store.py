"""The store on an object store, for real: an S3-compatible server on loopback (moto's server mode), LanceDB
talking to it through `storage_options`, and the operations that matter run against it: ingest and its re-run,
recall, a plan applied and restored, re-embedding, a purge with its byte scan over the bucket's objects, and the
writer lease taken with conditional writes."""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import boto3
import polars as pl
import pytest
from moto import server as moto_server
from typer.testing import CliRunner

from archivist.flows.cli import app
from archivist.storage.lease import StoreBusy, writer_lease
from archivist.storage.lease_object import TTL_S, ObjectLease
from archivist.storage.store import Store
from tests.archives import write_archive
from tests.fakes.environment import isolate
from tests.fakes.fact_stores import QUESTIONS, R, T, facts_hash, write_night
from tests.fakes.scripted_decider import ScriptedDecider
from tests.fakes.statements import DIM, statement

SECRET = "s3cr3t-Qv7Zr2Lw9Xk4"  # moto takes any key; this one is spelled so that a byte scan can find it
KEYS = {"aws_access_key_id": "testing", "aws_secret_access_key": SECRET, "aws_region": "us-east-1"}


@pytest.fixture(scope="module")
def s3():
    """(endpoint, storage_options) of an S3-compatible server on loopback, with the bucket `memory`."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one log line per request otherwise
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    client(endpoint).create_bucket(Bucket="memory")
    yield endpoint, KEYS | {"aws_endpoint": endpoint, "allow_http": "true"}
    server.stop()


def client(endpoint: str):
    return boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="testing", aws_secret_access_key=SECRET,
                        region_name="us-east-1")


def objects(endpoint: str, prefix: str) -> dict[str, bytes]:
    s3 = client(endpoint)
    keys = [o["Key"] for page in s3.get_paginator("list_objects_v2").paginate(Bucket="memory", Prefix=prefix)
            for o in page.get("Contents", [])]
    return {key: s3.get_object(Bucket="memory", Key=key)["Body"].read() for key in keys}


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


@pytest.mark.slow
def test_ingest_rerun_recall_purge_on_s3(s3, prefect_api, tmp_path, monkeypatch):
    endpoint, options = s3
    isolate(monkeypatch, tmp_path)
    uri = "s3://memory/nightly"
    monkeypatch.setenv("ARCHIVIST_STORE__URI", uri)
    monkeypatch.setenv("ARCHIVIST_STORE__STORAGE_OPTIONS", json.dumps(options))
    archive = tmp_path / "night.jsonl"
    valid = write_archive(archive, tenants=("acme",), scopes=2, conversations=1, turns=6)
    purged = [f"My postcode is ZQ{i} and I live in Zanzibarquux street number {i}." for i in range(3)]
    with archive.open("a", encoding="utf-8") as out:  # texts no kept row says, so the byte scan can look for them
        for i, text in enumerate(purged):
            out.write(json.dumps({"tenant": "globex", "scope": "cust-0001", "conversation_id": "g-1",
                                  "turn_index": i, "speaker": "customer", "role": "customer", "text": text,
                                  "said_at": f"2026-10-01T10:0{i}:00+00:00"}) + "\n")
    valid += len(purged)

    first = json.loads(invoke("ingest", str(archive), "--json"))
    assert first["turns_written"] == valid and first["quarantined"] == 0
    again = json.loads(invoke("ingest", str(archive), "--json"))
    assert (again["turns_written"], again["duplicates_skipped"]) == (0, valid)
    store = Store(uri, options)
    assert store.count("turns") == valid
    assert not any(key.startswith("nightly/_writer.lock") for key in objects(endpoint, "nightly/"))

    lines = json.loads(invoke("recall", "where does the customer live", "--tenant", "acme", "--scope", "cust-0001",
                              "--json"))
    assert any("Harbour Street" in str(line) for line in lines["lines"])

    reembedded = json.loads(invoke("reembed", "--embedder", "local:l2_supercat:128", "--json"))
    assert reembedded["switched"] and reembedded["dim"] == 128
    assert Store(uri, options).count("turns") == valid
    monkeypatch.setenv("ARCHIVIST_EMBEDDER__DIM", "128")

    purged_texts = store.read("turns", where="tenant = 'globex' AND scope = 'cust-0001'")["text"].to_list()
    assert sorted(purged_texts) == sorted(purged)
    assert any(b"zanzibarquux" in data.lower() for data in objects(endpoint, "nightly/").values())
    report = json.loads(invoke("purge", "--tenant", "globex", "--scope", "cust-0001", "--yes", "--json"))
    assert report["files_scanned"] > 0
    left = objects(endpoint, "nightly/")
    for text in purged_texts:
        needle = text.encode("utf-8").lower()
        assert not [key for key, data in left.items() if needle in data.lower()], text
    assert Store(uri, options).count("turns", "tenant = 'globex' AND scope = 'cust-0001'") == 0
    assert Store(uri, options).count("turns", "tenant = 'acme'") > 0
    # The store's credentials reach LanceDB, never Prefect's database (flow parameters, logs, artifacts).
    prefect_home = Path(os.environ["PREFECT_HOME"])
    holding = [p for p in prefect_home.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert holding == []


def test_plan_apply_and_restore_on_s3(s3):
    _, options = s3
    store = Store("s3://memory/plans", options)
    leeds, berlin = statement("I live in Leeds", day=0), statement("I moved to Berlin", day=10)
    write_night(store, [leeds, berlin])
    decider = ScriptedDecider(model="pairs-1")
    decider.script("relation:*", {"update": 0.95}, fact="moved to Berlin", target="live in Leeds")
    from archivist.tasks.consolidate.run import consolidate_store
    from archivist.tasks.plans.apply import apply_plan, restore_plan

    plan = consolidate_store(store, decider, QUESTIONS.latest("relation"), T, R, run_id="c-1", dim=DIM,
                             scopes=[("acme", "cust-1")])
    before = facts_hash(store)
    apply_plan(store, plan.plan_id)
    facts = store.read("facts").drop("vector")
    leeds_row = facts.filter(pl.col("text") == "I live in Leeds").row(0, named=True)
    assert (leeds_row["status"], leeds_row["superseded_by"]) == ("closed", berlin.fact_id)
    restore_plan(store, plan.plan_id)
    assert facts_hash(store) == before


def test_the_writer_lease_holds_on_s3(s3):
    endpoint, options = s3
    uri = "s3://memory/leased"
    with writer_lease(uri, "ingest", storage_options=options):
        held = json.loads(objects(endpoint, "leased/")["leased/_writer.lock"])
        assert held["command"] == "ingest"
        with pytest.raises(StoreBusy, match="`ingest`"):
            ObjectLease(uri, options, "purge").acquire(0.0, StoreBusy, lambda who: f"busy: `{who['command']}`")
        with writer_lease(uri, "append events", storage_options=options):  # re-entrant in one process
            pass
    assert "leased/_writer.lock" not in objects(endpoint, "leased/")
    with writer_lease(uri, "purge", storage_options=options):
        pass


def test_an_expired_lease_is_taken_over_and_its_holder_learns_it(s3):
    endpoint, options = s3
    uri = "s3://memory/stale"
    dead = ObjectLease(uri, options, "ingest", ttl_s=30.0)
    dead.acquire(0.0, StoreBusy, str)
    dead._stop.set()  # the holder stops renewing, as a killed process would
    with pytest.raises(StoreBusy):
        ObjectLease(uri, options, "purge").acquire(0.0, StoreBusy, str)
    # A clock 31 s ahead sees the lease expired without the test waiting for it (no timing to race on a busy CI).
    taker = ObjectLease(uri, options, "purge", clock=lambda: time.time() + 31.0)
    taker.acquire(0.0, StoreBusy, str)  # takes over with If-Match on the ETag it read
    assert json.loads(objects(endpoint, "stale/")["stale/_writer.lock"])["command"] == "purge"
    taker.release()
    from archivist.storage.lease_object import LeaseLost

    with pytest.raises(LeaseLost):
        dead.release()
    assert TTL_S >= 30
