"""Run a fake server in its own process (the benchmark does, so that server and client do not share a GIL).

    python -m tests.fakes.serve --rpm 12000 --window 6 --latency 0.03
prints `URL http://127.0.0.1:PORT` on its first line and serves until killed.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.fakes.server import FakeServer, Knobs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--rpm", type=int, default=None, help="requests accepted per window")
    parser.add_argument("--window", type=float, default=60.0, help="sliding window in seconds")
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--key", default=None, help="required API key")
    args = parser.parse_args()
    server = FakeServer(Knobs(latency_s=args.latency, rpm_limit=args.rpm, window_s=args.window,
                              required_key=args.key), port=args.port)
    server.start()
    print(f"URL {server.url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
