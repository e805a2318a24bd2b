"""The product's questions, loaded from `configs/questions.toml`, every version of each.

A stored decision records the question id and version it was asked with, so an old version must stay
loadable after its wording changes: `QuestionSet.get(id, version)` finds any version, `latest(id)` the one
new requests ask.

An entry may say what it is asked of (`asked_of = "pairs"`: consolidation's stored pairs, whose target holds an
`old` and a `new` fact); `latest(id)` is the latest entry for the write path's statements, `latest(id,
asked_of="pairs")` the latest for pairs (an entry without `asked_of` serves both). So a wording fix for one use
never changes the request of the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from archivist.configs.files import CONFIG_DIR, ConfigFileError, read_toml
from archivist.tasks.decisions.types import Question

QUESTIONS_FILE = CONFIG_DIR / "questions.toml"

# The write path asks these about every extracted fact, in one request with its relation questions.
FACT_QUESTIONS = ("worth_remembering", "kind", "temporal_status", "relation_type", "durability", "sensitivity")
# These are asked of one entry of the state's `targets` and carry `{target}` in their instructions.
TARGET_QUESTIONS = ("relation", "relation_alt", "plan_fulfilled", "relevance", "extract_gate")
RELATION_OPTIONS = ("new", "duplicate", "refinement", "update", "contradiction", "negates")
SUPERSEDING = frozenset({"update", "contradiction", "negates"})

_TYPES = ("choice", "noul", "score")
ASKED_OF = ("statements", "pairs")
"""What a question can be asked of; an entry without `asked_of` serves both."""
_MAX_SCORE_LEVELS = 10  # the System One API rejects more


class QuestionFileError(ConfigFileError):
    """The question file is malformed; the message names the entry and what to fix.

    A file that is missing, unreadable or not TOML is configs/files.py's ConfigFileError, like every config."""


@dataclass(frozen=True)
class QuestionSet:
    questions: dict[tuple[str, int], Question]
    asked_of: dict[tuple[str, int], str] = field(default_factory=dict)
    """(id, version) -> "statements" or "pairs" for an entry that serves only one use."""

    def get(self, question_id: str, version: int) -> Question:
        try:
            return self.questions[(question_id, int(version))]
        except KeyError:
            known = sorted(v for (qid, v) in self.questions if qid == question_id)
            raise KeyError(f"no question {question_id!r} version {version}; known versions: {known}") from None

    def latest(self, question_id: str, asked_of: str = "statements") -> Question:
        """The version new requests ask: the highest one that serves `asked_of` ("statements" or "pairs")."""
        versions = [v for (qid, v) in self.questions if qid == question_id
                    and self.asked_of.get((qid, v), asked_of) == asked_of]
        if not versions:
            raise KeyError(f"no question {question_id!r} asked of {asked_of}; known: {self.ids()}")
        return self.questions[(question_id, max(versions))]

    def ids(self) -> list[str]:
        return sorted({qid for qid, _ in self.questions})

    def versions(self, question_id: str) -> list[int]:
        return sorted(v for (qid, v) in self.questions if qid == question_id)

    def all(self, *, latest_only: bool = False) -> list[Question]:
        """Every version of every question (or only the latest of each), ordered by id then version."""
        if latest_only:
            return [self.latest(qid) for qid in self.ids()]
        return [self.questions[key] for key in sorted(self.questions)]


def load_questions(path: str | Path | None = None) -> QuestionSet:
    """The question set in `path` (default: the shipped `configs/questions.toml`), validated."""
    if path is None:
        return _load_default()
    return _parse(Path(path))


@lru_cache(maxsize=1)
def _load_default() -> QuestionSet:
    return _parse(QUESTIONS_FILE)


def _parse(path: Path) -> QuestionSet:
    data = read_toml(path)
    questions: dict[tuple[str, int], Question] = {}
    asked_of: dict[tuple[str, int], str] = {}
    for index, entry in enumerate(data.get("question", [])):
        where = f"{path} question #{index + 1}"
        question = _question(entry, where=where)
        if (question.id, question.version) in questions:
            raise QuestionFileError(f"{path}: {question.key} is defined twice; give the new wording a new version")
        questions[(question.id, question.version)] = question
        if "asked_of" in entry:
            if entry["asked_of"] not in ASKED_OF:
                raise QuestionFileError(f"{where}: asked_of {entry['asked_of']!r} is not one of {ASKED_OF}")
            asked_of[(question.id, question.version)] = str(entry["asked_of"])
    return QuestionSet(questions, asked_of)


def _question(entry: dict, where: str) -> Question:
    unknown = sorted(set(entry) - {"id", "version", "type", "instructions", "options", "asked_of"})
    if unknown:
        raise QuestionFileError(f"{where}: unknown keys {unknown}")
    missing = [k for k in ("id", "version", "type", "instructions", "options") if k not in entry]
    if missing:
        raise QuestionFileError(f"{where}: missing {', '.join(missing)}")
    qid, qtype = str(entry["id"]), str(entry["type"])
    where = f"{where} ({qid} v{entry['version']})"
    if qtype not in _TYPES:
        raise QuestionFileError(f"{where}: type {qtype!r} is not one of {_TYPES}")
    options = {str(k): (None if v in ("", None) else str(v)) for k, v in entry["options"].items()}
    if len(options) < 2:
        raise QuestionFileError(f"{where}: needs at least two options")
    if qtype == "noul" and set(options) != {"true", "false"}:
        raise QuestionFileError(f"{where}: a noul question has exactly the options `true` and `false`")
    if qtype == "score":
        levels = [str(i) for i in range(len(options))]
        if sorted(options, key=lambda k: int(k) if k.isdigit() else -1) != levels:
            raise QuestionFileError(f"{where}: score levels must be \"0\"..\"{len(options) - 1}\"")
        if len(options) > _MAX_SCORE_LEVELS:
            raise QuestionFileError(f"{where}: at most {_MAX_SCORE_LEVELS} score levels")
        options = {level: options[level] for level in levels}
    if qid in TARGET_QUESTIONS and "{target}" not in entry["instructions"]:
        raise QuestionFileError(f"{where}: a question about a target must name it as {{target}}")
    return Question(qid, int(entry["version"]), qtype, str(entry["instructions"]).strip(), options)  # type: ignore[arg-type]
