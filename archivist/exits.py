"""The exit codes of `archivist` commands, in one place, for schedulers to act on.

| code | name           | meaning                                                                             |
|------|----------------|-------------------------------------------------------------------------------------|
| 0    | SUCCESS        | the run did what was asked (a re-run that adds nothing new is a success)            |
| 1    | ERROR          | the command failed: one line on stderr says what to do (a bug shows a traceback)    |
| 2    | USER_ERROR     | the command line is wrong: a bad option, a missing path, a --store holding no store |
| 3    | PARTIAL        | it ran, but: the quarantine share is above --max-quarantine-share, a file could not |
|      |                | be read to its end, turns were deferred (a decision call failed after every retry:  |
|      |                | work left undone, whatever --max-fallback-share says), fallbacks (deferred decisions |
|      |                | included) are above --max-fallback-share, or a budget stopped it                    |
| 4    | NO_INPUT       | no file under the given paths was recognised as an archive                          |
| 5    | NOTHING_STORED | files were read but no record passed validation (all quarantined, dropped, empty)   |
| 75   | TRANSIENT      | EX_TEMPFAIL: the same command may succeed later (rate limit, a batch still running) |
| 130  | INTERRUPTED    | stopped by Ctrl-C; run the same command again to resume                             |

When several apply, the first of NO_INPUT, NOTHING_STORED, PARTIAL wins. This module imports nothing of the
project, so any layer may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class ExitCode(IntEnum):
    SUCCESS = 0
    ERROR = 1
    USER_ERROR = 2
    PARTIAL = 3
    NO_INPUT = 4
    NOTHING_STORED = 5
    TRANSIENT = 75
    INTERRUPTED = 130


@dataclass(frozen=True)
class RunOutcome:
    """What an ingest run's counts mean for a scheduler: the code and, unless SUCCESS, why."""

    code: ExitCode
    reasons: tuple[str, ...] = ()


def ingest_outcome(*, files_read: int, records_read: int, valid: int, quarantined: int, files_unreadable: int,
                   max_quarantine_share: float, decisions: int = 0, fallback_decisions: int = 0,
                   max_fallback_share: float = 1.0, deferred_turns: int = 0,
                   budget_stopped: bool = False) -> RunOutcome:
    """The exit code of an ingest run from its summary counts (quarantined includes extraction failures).

    Deferred turns always make a run PARTIAL: they are not stored as extracted, so the run left work undone
    that the same command run again will do; a scheduler must not read that as success."""
    if files_read == 0:
        return RunOutcome(ExitCode.NO_INPUT, ("no archive file was recognised under the given paths",))
    if valid == 0:
        return RunOutcome(ExitCode.NOTHING_STORED,
                          (f"no record passed validation ({records_read} read, {quarantined} quarantined)",))
    reasons = []
    share = quarantined / records_read if records_read else 0.0
    if share > max_quarantine_share:
        reasons.append(f"{share:.1%} of the records read were quarantined (over --max-quarantine-share "
                       f"{max_quarantine_share:.1%})")
    if files_unreadable:
        reasons.append(f"{files_unreadable} file(s) could not be read to the end")
    if deferred_turns and not budget_stopped:
        reasons.append(f"{deferred_turns} turn(s) were deferred: a decision call failed after every retry; run "
                       "the same ingest again to finish them")
    fallback_share = fallback_decisions / decisions if decisions else 0.0
    if fallback_share > max_fallback_share:
        reasons.append(f"{fallback_share:.1%} of the decisions were fallbacks or deferred (over --max-fallback-share "
                       f"{max_fallback_share:.1%})")
    if budget_stopped:
        reasons.append(f"the spend budget (--max-cost-usd) was reached: {deferred_turns} turn(s) left undone; run "
                       "the same ingest again to finish them")
    return RunOutcome(ExitCode.PARTIAL if reasons else ExitCode.SUCCESS, tuple(reasons))
