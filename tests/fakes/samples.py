"""Questions and requests for tests of the decision layer (one of each question type)."""

from __future__ import annotations

from archivist.tasks.decisions.types import DecisionRequest, Question

WORTH = Question("worth_remembering", 1, "noul", "Is the new fact worth remembering?",
                 {"true": "a durable fact about the user", "false": "small talk or a one-off"})
KIND = Question("kind", 1, "choice", "What kind of statement is the fact?",
                {"preference": "a like or dislike", "plan": "something the user intends to do", "fact": None})
DURABILITY = Question("durability", 1, "score", "How long will the fact stay true?",
                      {"0": "hours", "1": "weeks", "2": "years"})
QUESTIONS = {"worth_remembering": WORTH, "kind": KIND, "durability": DURABILITY}


def request(i: int = 0, questions: dict[str, Question] | None = None) -> DecisionRequest:
    state = {"message": f"I moved to Berlin last month ({i}).", "fact": f"User lives in Berlin ({i})"}
    return DecisionRequest(state=state, questions=dict(questions or QUESTIONS))
