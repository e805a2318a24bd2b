"""Healing commits that were cut short, when the next writer opens the store.

Each multi-table commit leaves a marker while it runs (storage/commits.py). A marker found by a writer
belongs to a process that died mid-commit (one writer per table: no other is running), and is healed by kind:

    facts         (the write path)       the scopes' facts rows become the replay of their events
    plan-apply,   (plan apply/restore)   the same, then the apply or restore runs again to its end: it is
    plan-restore                         idempotent, writes only the events the log lacks, and sets the status
    plan-save     (consolidate/rescore)  a plan that was never saved loses the decisions of its run, so the
                                         next pass asks those pairs again and saves them with their plan

Every step is idempotent and the marker goes last, so a kill during healing is healed the same way next time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from archivist.storage.commits import (
    FACTS_COMMIT,
    PLAN_APPLY,
    PLAN_RESTORE,
    PLAN_SAVE,
    end_commit,
    heal_facts,
    open_commits,
    rollback_unsaved_plan,
)
from archivist.storage.plans import PlanNotFound
from archivist.storage.store import Store

log = logging.getLogger(__name__)


@dataclass
class HealReport:
    commits: int = 0
    facts_rows: int = 0
    plans_finished: list[str] = field(default_factory=list)
    decisions_removed: int = 0

    def __bool__(self) -> bool:
        return self.commits > 0


def heal_store(store: Store) -> HealReport:
    """Heal every commit a killed writer left open; a no-op (one small read) when there is none."""
    from archivist.tasks.plans.apply import finish_plan_change

    report = HealReport()
    for commit in open_commits(store):
        report.commits += 1
        if commit.kind in (FACTS_COMMIT, PLAN_APPLY, PLAN_RESTORE):
            report.facts_rows += heal_facts(store, commit.scopes)
        if commit.kind in (PLAN_APPLY, PLAN_RESTORE) and commit.plan_id:
            try:
                finish_plan_change(store, commit.plan_id, "apply" if commit.kind == PLAN_APPLY else "restore")
                report.plans_finished.append(commit.plan_id)
            except PlanNotFound:  # purged since: nothing left to finish
                pass
        if commit.kind == PLAN_SAVE and commit.run_id and commit.plan_id:
            report.decisions_removed += rollback_unsaved_plan(store, commit.run_id, commit.plan_id)
        end_commit(store, commit.commit_id)
    if report:
        log.warning("healed %d commit(s) cut short by an earlier run: %d facts rows rewritten from the event log, "
                    "plans finished %s, %d unsaved decisions removed", report.commits, report.facts_rows,
                    report.plans_finished or "none", report.decisions_removed)
    return report
