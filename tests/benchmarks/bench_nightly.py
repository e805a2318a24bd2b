"""Fixed costs of the nightly commands, measured side by side in one run on the bundled sample.

    .venv/bin/python tests/benchmarks/bench_nightly.py [--repeat 3] [--archive data/sample]
    .venv/bin/python tests/benchmarks/bench_nightly.py --reads-only      # only the read commands (one ingest)
    .venv/bin/python tests/benchmarks/bench_nightly.py --store PATH      # only the read commands, on that store

Prints (this machine is shared and noisy, so medians of --repeat runs, and ratios, are what mean something):
  - a no-op ingest (the archive already stored: every record a duplicate) as a whole `archivist ingest`
    process against its work, the flow's own `seconds` in the summary of the same no-op run with `--force`:
    the plain re-run is answered by the pre-flight (flows/cli/preflight.py: the files are recorded as fully
    ingested, so neither Prefect nor LanceDB is imported); the `--force` one runs the flow as before, with a
    long-lived Prefect server running (PREFECT_API_URL set) and, once, with the temporary server Prefect
    starts when none is set. Goal: under twice its work with a server running.
  - the start-to-answer time of every read command (`stats`, `facts`, `history`, `recall`, `quarantine`,
    `costs`, `plan list`, `plan show`; a consolidation run first makes the plan to show) on the sample store,
    each a fresh process, beside the interpreter's start, `import lancedb` alone and the store module (lancedb
    with its REST client's `__init__` deferred, as every command imports it), and recall once more without the
    thread that loads its models beside the imports (tasks/recall/warm.py). Goal: under 1.5 s; and no
    read command imports Prefect, Dask or spaCy (checked here too: the modules each one imported are printed).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHIVIST = [sys.executable, "-c", "from archivist.flows.cli import main; main()"]
PROBE = """
import sys
from archivist.flows.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as done:
    code = done.code
heavy = sorted({m.split(".")[0] for m in sys.modules} & {"prefect", "dask", "distributed", "spacy"})
print("heavy imports:", ",".join(heavy) or "none", file=sys.stderr)
sys.exit(code)
"""
NO_WARM = """
from archivist.tasks.recall import warm
warm.start = lambda *args, **kwargs: None  # recall loads its models in its own thread, as it did before
""" + PROBE


def timed(command: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=ROOT)
    return time.perf_counter() - started, done


def start_server(home: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PREFECT_HOME=str(home), PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_API_URL="",
               PREFECT_UI_ENABLED="false")
    server = subprocess.Popen([sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1",
                               "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/api"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=2):
                return server, url
        except OSError:
            time.sleep(0.5)
    server.kill()
    raise SystemExit("the Prefect server did not start in 240 s")


def ingest(archive: str, store: str, env: dict[str, str], *extra: str) -> tuple[float, dict]:
    wall, done = timed([*ARCHIVIST, "ingest", archive, "--store", store, "--json", *extra], env)
    if done.returncode not in (0, 3):
        raise SystemExit(f"ingest failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--archive", default="data/sample")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reads-only", action="store_true", help="skip the no-op ingest timings")
    parser.add_argument("--store", help="time the read commands on this existing store, nothing else")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-nightly-"))
    base = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    base.update(PREFECT_HOME=str(work / "prefect-home"), PREFECT_SERVER_ANALYTICS_ENABLED="false")
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    store = args.store or str(work / "store")
    if not args.store:
        server, url = start_server(work / "server-home")
        try:
            with_server = dict(base, PREFECT_API_URL=url)
            first_wall, first = ingest(args.archive, store, with_server)
            print(f"first ingest of {args.archive}: {first['turns_written']} turns, {first_wall:.2f} s wall, "
                  f"{first['seconds']:.2f} s in the flow")
            # A consolidation makes the plan that `plan show` reads.
            _, done = timed([*ARCHIVIST, "consolidate", "--store", store, "--json"], with_server)
            if done.returncode:
                raise SystemExit(f"consolidate failed ({done.returncode}): {done.stderr[-2000:]}")
            if not args.reads_only:
                no_op_ingests(args.archive, store, base, with_server, args.repeat)
        finally:
            server.terminate()
            server.wait(timeout=30)
    read_commands(store, base, args.repeat)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    shutil.rmtree(work, ignore_errors=True)


def no_op_ingests(archive: str, store: str, base: dict[str, str], with_server: dict[str, str], repeat: int) -> None:
    runs = [ingest(archive, store, with_server, "--force") for _ in range(repeat)]
    assert all(summary["turns_written"] == 0 for _, summary in runs), "a re-run should store nothing"
    wall = statistics.median(w for w, _ in runs)
    flow = statistics.median(s["seconds"] for _, s in runs)
    skips = [ingest(archive, store, with_server) for _ in range(repeat)]
    assert all(summary.get("nothing_new") for _, summary in skips), "the pre-flight should answer a re-run"
    skip = statistics.median(w for w, _ in skips)
    print(f"\n== no-op ingest (median of {repeat}), Prefect server running; its work: the flow's "
          f"{flow:.2f} s of a --force no-op")
    print(f"  re-run (pre-flight: nothing new)  whole process {skip:.2f} s; process/work = {skip / flow:.2f} "
          "(goal < 2)")
    print(f"  re-run with --force (the flow)    whole process {wall:.2f} s, fixed cost {wall - flow:.2f} s; "
          f"process/work = {wall / flow:.2f}")
    temporary_wall, temporary = ingest(archive, store, base, "--force")
    print("== no-op ingest with --force, temporary server (no PREFECT_API_URL), once")
    print(f"  whole process {temporary_wall:.2f} s, its work {temporary['seconds']:.2f} s; process/work = "
          f"{temporary_wall / temporary['seconds']:.2f}; {temporary_wall / wall:.1f}x the run with a server")


def read_commands(store: str, env: dict[str, str], repeat: int) -> None:
    """Every read command, each a fresh process, `repeat` times; the median, the range and its heavy imports."""
    tenant, scope, fact, plan = _subjects(store, env)
    # CPU seconds (user + system, all threads) are printed beside the wall time: on a shared machine they are
    # steadier, and on an idle one a single-threaded start costs about its CPU time.
    print(f"\n== start-to-answer, fresh process each (median of {repeat}; min-max), store {store}")
    probe = [sys.executable, "-c", PROBE]
    where = ["--tenant", tenant, "--scope", scope]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import lancedb'": [sys.executable, "-c", "import lancedb"],
        # What a read pays for lancedb: its REST client's __init__ deferred (storage/deferred.py).
        "import archivist.storage.store": [sys.executable, "-c", "import archivist.storage.store"],
        "archivist stats": [*probe, "stats"],
        "archivist facts": [*probe, "facts", *where],
        "archivist history": [*probe, "history", fact] if fact else None,
        "archivist recall": [*probe, "recall", "where do I live", *where],
        # Side by side: the same recall without the thread that loads its models beside the imports.
        "archivist recall, no warm thread": [sys.executable, "-c", NO_WARM, "recall", "where do I live", *where],
        "archivist quarantine": [*probe, "quarantine"],
        "archivist costs": [*probe, "costs"],
        "archivist plan list": [*probe, "plan", "list"],
        "archivist plan show": [*probe, "plan", "show", plan] if plan else None,
    }
    medians: dict[str, float] = {}
    for name, command in commands.items():
        if command is None:
            print(f"  {name:<33} (nothing to show in this store)")
            continue
        if name.startswith("archivist"):
            command = [*command, "--store", store, "--json"]
        times, cpu, heavy = [], [], set()
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds, done = timed(command, env)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode:
                raise SystemExit(f"{name} failed: {done.stderr[-1000:]}")
            times.append(seconds)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            heavy |= {line for line in done.stderr.splitlines() if line.startswith("heavy imports")}
        goal = " (goal < 1.5 s)" if name.startswith("archivist") else ""
        medians[name] = statistics.median(times)
        print(f"  {name:<33} {statistics.median(times):5.2f} s ({min(times):.2f}-{max(times):.2f}){goal:<15} "
              f"cpu {statistics.median(cpu):.2f} s  {' '.join(sorted(heavy))}")
    ratio = medians["archivist recall"] / medians["archivist recall, no warm thread"]
    print(f"  recall with / without the warm thread: {ratio:.2f} (wall; it can only go below 1 with a free core)")


def _subjects(store: str, env: dict[str, str]) -> tuple[str, str, str | None, str | None]:
    """(tenant, scope, fact id, plan id) to read: the scope of the first stored fact (else of the first turn)
    and that fact, so recall, facts and history read things that exist; the first plan."""
    probe = (
        "import json, sys\n"
        "from archivist.storage.store import Store\n"
        "from archivist.storage.plans import list_plans\n"
        "store = Store.open_existing(sys.argv[1])\n"
        "facts = store.read('facts', columns=['tenant', 'scope', 'fact_id'])\n"
        "row = facts.row(0) if facts.height else (*store.read('turns', columns=['tenant', 'scope']).row(0), None)\n"
        "plans = list_plans(store)\n"
        "print(json.dumps([*row, plans['plan_id'][0] if plans.height else None]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, store], env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise SystemExit(f"could not read the store {store}: {done.stderr[-1000:]}")
    tenant, scope, fact, plan = json.loads(done.stdout)
    return tenant, scope, fact, plan


if __name__ == "__main__":
    main()
