"""Benchmark: what the redaction layer costs, measured side by side in one run.

    .venv/bin/python tests/benchmarks/bench_redaction.py [--records 50000] [--errors 2000]

1. Log records: the same records emitted with the plain log-record factory and with the redacting one
   (`install_log_redaction`), to a handler that formats each record (as Prefect's handlers do), with three
   watched key variables set. Prints microseconds per record for both and their ratio.
2. Error chains: building and raising our typed error from an SDK-like error whose body and request
   headers quote the key, with and without `scrub`; prints microseconds per error and the ratio.
Both are per-call overheads next to a model call that takes 100-1,000 ms.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

from archivist.tasks.providers import redaction  # noqa: E402
from archivist.tasks.providers.errors import error_for_status  # noqa: E402

KEY = "sk-bench-not-a-real-key-0123456789"


class Formatting(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
        self.chars = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.chars += len(self.format(record))


def time_records(logger: logging.Logger, n: int) -> float:
    started = time.perf_counter()
    for i in range(n):
        logger.warning("decision %s fell back to uniform: %s", i, "call failed after 6 attempts: HTTP 500")
    return (time.perf_counter() - started) / n * 1e6


class SDKError(Exception):
    def __init__(self) -> None:
        super().__init__(f"Error code: 401 - {{'error': {{'message': 'Invalid key Bearer {KEY}'}}}}")
        self.body = {"error": {"message": f"Invalid key Bearer {KEY}"}}
        self.request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions",
                                     headers={"Authorization": f"Bearer {KEY}"})


def time_errors(n: int, scrubbing: bool) -> float:
    started = time.perf_counter()
    for _ in range(n):
        cause = SDKError()
        if scrubbing:
            redaction.scrub(cause, [KEY])
        try:
            raise error_for_status(401, str(cause.body), provider="openai", key_env="OPENAI_API_KEY",
                                   secrets=[KEY]) from cause
        except Exception:  # noqa: BLE001, S110 - only the raise is timed
            pass
    return (time.perf_counter() - started) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=50_000)
    parser.add_argument("--errors", type=int, default=2_000)
    args = parser.parse_args()
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "TYPESAFE_API_KEY"):
        os.environ[name] = KEY + name
    logger = logging.getLogger("bench.redaction")
    logger.propagate = False
    logger.addHandler(Formatting())
    logger.setLevel(logging.INFO)

    time_records(logger, 2_000)  # warm up
    plain = time_records(logger, args.records)
    redaction.install_log_redaction()
    redacting = time_records(logger, args.records)
    print(f"log records: plain {plain:.2f} us, redacting {redacting:.2f} us per record "
          f"(x{redacting / plain:.2f}, +{redacting - plain:.2f} us)")

    time_errors(200, True)
    bare = time_errors(args.errors, scrubbing=False)
    scrubbed = time_errors(args.errors, scrubbing=True)
    print(f"error chains: unscrubbed {bare:.1f} us, scrubbed {scrubbed:.1f} us per raised error "
          f"(x{scrubbed / bare:.2f}, +{scrubbed - bare:.1f} us)")


if __name__ == "__main__":
    main()
