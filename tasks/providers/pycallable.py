"""A user's own model as a decision provider: `python:package.module:function` in settings.

The function is called as `function(state, questions)` where `questions` maps request keys to System
One question objects (`{"type", "instructions", "criteria"}`), and returns a mapping from the same keys
to answers: either System One answers (`{"type": "noul", "noul": 0.8}`, `{"type": "choice",
"probabilities": {...}}`) or a plain `{option: probability}` mapping (yes/no options are "true" and
"false"; score levels "0".."N-1"). Answers are validated like any provider's. It runs in-process, so it
is neither rate limited nor cached; its ledger rows cost $0.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.types import ProviderReply, Question
from archivist.tasks.providers.base import DecisionProvider

PREFIX = "python:"


def load_callable(spec: str) -> Callable[[Any, dict[str, Any]], Any]:
    """The function named by `python:module:function` (or `module:function`)."""
    target = spec[len(PREFIX):] if spec.startswith(PREFIX) else spec
    module_name, _, function_name = target.partition(":")
    if not module_name or not function_name:
        raise ValueError(f"decision provider {spec!r}: write it as python:package.module:function")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise ValueError(f"decision provider {spec!r}: cannot import module {module_name!r} ({err})") from err
    function = getattr(module, function_name, None)
    if not callable(function):
        raise ValueError(f"decision provider {spec!r}: {module_name} has no function {function_name!r}")
    return function


def as_system_one(question: Question, answer: Any) -> Any:
    """A plain `{option: p}` mapping wrapped as a System One answer; anything else passes through to validation."""
    if isinstance(answer, dict) and "type" not in answer and "error" not in answer:
        if question.type == "noul" and set(answer) <= {"true", "false"} and "true" in answer:
            return {"type": "noul", "noul": answer["true"]}
        return {"type": question.type, "probabilities": answer}
    return answer


class PythonCallableProvider(DecisionProvider):
    name = "python"
    endpoint = "call"
    remote = False
    cacheable = False  # in-process; a user's function may not be deterministic either

    def __init__(self, settings: ProviderSettings | str):
        spec = settings if isinstance(settings, str) else settings.provider
        self.function = load_callable(spec)
        target = spec[len(PREFIX):] if spec.startswith(PREFIX) else spec
        version = getattr(self.function, "__version__", None) or getattr(
            importlib.import_module(target.partition(":")[0]), "__version__", None
        )
        self.model = target + (f"@{version}" if version else "")

    def send(self, state: Any, questions: dict[str, Question]) -> ProviderReply:
        wire = {key: q.wire() for key, q in questions.items()}
        answers = self.function(state, wire)
        if not isinstance(answers, dict):
            answers = {}
        return ProviderReply(
            answers={key: as_system_one(q, answers.get(key)) for key, q in questions.items()},
            model=self.model,
            endpoint=self.endpoint,
        )

