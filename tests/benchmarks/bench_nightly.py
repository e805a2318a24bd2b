"""Fixed costs of the nightly commands, measured side by side in one run on the bundled sample.

    .venv/bin/python tests/benchmarks/bench_nightly.py [--repeat 3] [--archive data/sample]

Prints (this machine is shared and noisy, so medians of --repeat runs, and ratios, are what mean something):
  - a no-op ingest (the archive already stored: every record a duplicate) as a whole `archivist ingest`
    process against its work, the flow's own `seconds` in the summary of the same no-op run with `--force`:
    the plain re-run is answered by the pre-flight (flows/cli/preflight.py: the files are recorded as fully
    ingested, so neither Prefect nor LanceDB is imported); the `--force` one runs the flow as before, with a
    long-lived Prefect server running (PREFECT_API_URL set) and, once, with the temporary server Prefect
    starts when none is set. Goal: under twice its work with a server running.
  - the start-to-answer time of `archivist stats` and `archivist recall` on the sample store, each a fresh
    process, beside the interpreter's start and `import lancedb` alone (what any read of the store must pay).
    Goal: under 1.5 s; and no read command imports Prefect (checked here too).
"""

from __future__ import annotations

import argparse
import json
import os
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
print("prefect imported:", any(m.split(".")[0] == "prefect" for m in sys.modules), file=sys.stderr)
sys.exit(code)
"""


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
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-nightly-"))
    store = str(work / "store")
    base = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    base.update(PREFECT_HOME=str(work / "prefect-home"), PREFECT_SERVER_ANALYTICS_ENABLED="false")
    server, url = start_server(work / "server-home")
    try:
        with_server = dict(base, PREFECT_API_URL=url)
        first_wall, first = ingest(args.archive, store, with_server)
        print(f"first ingest of {args.archive}: {first['turns_written']} turns, {first_wall:.2f} s wall, "
              f"{first['seconds']:.2f} s in the flow")
        runs = [ingest(args.archive, store, with_server, "--force") for _ in range(args.repeat)]
        assert all(summary["turns_written"] == 0 for _, summary in runs), "a re-run should store nothing"
        wall = statistics.median(w for w, _ in runs)
        flow = statistics.median(s["seconds"] for _, s in runs)
        skips = [ingest(args.archive, store, with_server) for _ in range(args.repeat)]
        assert all(summary.get("nothing_new") for _, summary in skips), "the pre-flight should answer a re-run"
        skip = statistics.median(w for w, _ in skips)
        print(f"\n== no-op ingest (median of {args.repeat}), Prefect server running; its work: the flow's "
              f"{flow:.2f} s of a --force no-op")
        print(f"  re-run (pre-flight: nothing new)  whole process {skip:.2f} s; process/work = {skip / flow:.2f} "
              "(goal < 2)")
        print(f"  re-run with --force (the flow)    whole process {wall:.2f} s, fixed cost {wall - flow:.2f} s; "
              f"process/work = {wall / flow:.2f}")
        temporary_wall, temporary = ingest(args.archive, store, base, "--force")
        print("== no-op ingest with --force, temporary server (no PREFECT_API_URL), once")
        print(f"  whole process {temporary_wall:.2f} s, its work {temporary['seconds']:.2f} s; process/work = "
              f"{temporary_wall / temporary['seconds']:.2f}; {temporary_wall / wall:.1f}x the run with a server")
    finally:
        server.terminate()
        server.wait(timeout=30)

    print(f"\n== start-to-answer, fresh process each (median of {args.repeat}), store of {first['turns_written']} "
          "turns")
    scope = _a_scope(store, base)
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import lancedb'": [sys.executable, "-c", "import lancedb"],
        "archivist stats": [sys.executable, "-c", PROBE, "stats", "--store", store, "--json"],
        "archivist recall": [sys.executable, "-c", PROBE, "recall", "where do I live", *scope, "--store", store,
                             "--json"],
        "archivist facts": [sys.executable, "-c", PROBE, "facts", *scope, "--store", store, "--json"],
    }
    for name, command in commands.items():
        times, prefect = [], set()
        for _ in range(args.repeat):
            seconds, done = timed(command, base)
            if done.returncode:
                raise SystemExit(f"{name} failed: {done.stderr[-1000:]}")
            times.append(seconds)
            prefect |= {line for line in done.stderr.splitlines() if line.startswith("prefect imported")}
        goal = " (goal < 1.5 s)" if name.startswith("archivist") else ""
        print(f"  {name:<28} {statistics.median(times):.2f} s{goal}  {' '.join(sorted(prefect))}")
    shutil.rmtree(work, ignore_errors=True)


def _a_scope(store: str, env: dict[str, str]) -> list[str]:
    """--tenant/--scope of the first stored turn, so recall reads a scope that exists."""
    probe = ("import sys; from archivist.storage.store import Store; t = Store.open_existing(sys.argv[1])"
             ".read('turns', columns=['tenant', 'scope']).row(0); print(t[0], t[1])")
    done = subprocess.run([sys.executable, "-c", probe, store], env=env, capture_output=True, text=True, check=True)
    tenant, scope = done.stdout.split()
    return ["--tenant", tenant, "--scope", scope]


if __name__ == "__main__":
    main()
