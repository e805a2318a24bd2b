"""Named crash points: a test kills a real process at an exact commit boundary, not by a timer.

`crash_point("facts:after-events")` ends the process at once (`os._exit(137)`, the status of a SIGKILL,
with no cleanup, no flush, no `finally`) when the environment variable ARCHIVIST_CRASH_AT names that
point. ARCHIVIST_CRASH_AT may name several points separated by commas; unset, every call is a no-op.
The names are `<what is being committed>:<where>`, e.g. "plan-apply:after-facts".
"""

from __future__ import annotations

import os
import sys

ENV_VAR = "ARCHIVIST_CRASH_AT"
CRASH_STATUS = 137  # what a shell reports for a process killed by SIGKILL


def crash_point(name: str) -> None:
    """Die here, like a kill -9, if ARCHIVIST_CRASH_AT names this point."""
    wanted = os.environ.get(ENV_VAR)
    if not wanted:
        return
    if name in {part.strip() for part in wanted.split(",")}:
        # One line on stderr so a failing crash test can tell which point fired.
        sys.stderr.write(f"archivist: crash point {name} reached, exiting {CRASH_STATUS}\n")
        sys.stderr.flush()
        os._exit(CRASH_STATUS)
