"""Answer-and-judge protocols for the LoCoMo evaluation: which prompts, which judge, how many lines.

`archivist` is this project's own protocol (its prompts, the first k = 10 lines, the answer model judging its
own answers): quick to read, but not comparable with published numbers. `mem0` reproduces the answer and
judge steps of mem0's LoCoMo evaluation, which the seed studies report against:

- the answer prompt is mem0's `ANSWER_PROMPT`, verbatim, from mem0ai/mem0 `evaluation/prompts.py` (commit
  393a4fd5a6cfeb754857a2229726f567a9fadf36), filled in as mem0's search step fills it: each speaker's memories
  as a JSON list of "timestamp: memory" strings (`json.dumps(..., indent=4)`), sent as the system message at
  temperature 0;
- the judge prompt is mem0's `ACCURACY_PROMPT`, verbatim, from mem0ai/mem0 `evaluation/metrics/llm_judge.py`
  (commit 2352a44193bd0e36cd544fc5664cbee14e020bc2), sent as the user message with a JSON reply format at
  temperature 0 to a fixed judge model, gpt-4o-mini (mem0's), never the answer model; a reply labels the
  answer "CORRECT" or "WRONG";
- k is matched in tokens, not lines: the recalled lines are taken in recall's order while their tokens
  (o200k_base) fit `context_tokens`, so two read paths are compared on the same context size.

Only the prompts come from mem0; no benchmark answers or results of any seed's repository are read here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from archivist.tasks.providers.tokens import count_tokens

# -- mem0, verbatim (see the module doc for the source files and commits) ----------------------------------

MEM0_ANSWER_PROMPT = """
    You are an intelligent memory assistant tasked with retrieving accurate information from conversation memories.

    # CONTEXT:
    You have access to memories from two speakers in a conversation. These memories contain 
    timestamped information that may be relevant to answering the question.

    # INSTRUCTIONS:
    1. Carefully analyze all provided memories from both speakers
    2. Pay special attention to the timestamps to determine the answer
    3. If the question asks about a specific event or fact, look for direct evidence in the memories
    4. If the memories contain contradictory information, prioritize the most recent memory
    5. If there is a question about time references (like "last year", "two months ago", etc.), 
       calculate the actual date based on the memory timestamp. For example, if a memory from 
       4 May 2022 mentions "went to India last year," then the trip occurred in 2021.
    6. Always convert relative time references to specific dates, months, or years. For example, 
       convert "last year" to "2022" or "two months ago" to "March 2023" based on the memory 
       timestamp. Ignore the reference while answering the question.
    7. Focus only on the content of the memories from both speakers. Do not confuse character 
       names mentioned in memories with the actual users who created those memories.
    8. The answer should be less than 5-6 words.

    # APPROACH (Think step by step):
    1. First, examine all memories that contain information related to the question
    2. Examine the timestamps and content of these memories carefully
    3. Look for explicit mentions of dates, times, locations, or events that answer the question
    4. If the answer requires calculation (e.g., converting relative time references), show your work
    5. Formulate a precise, concise answer based solely on the evidence in the memories
    6. Double-check that your answer directly addresses the question asked
    7. Ensure your final answer is specific and avoids vague time references

    Memories for user {{speaker_1_user_id}}:

    {{speaker_1_memories}}

    Memories for user {{speaker_2_user_id}}:

    {{speaker_2_memories}}

    Question: {{question}}

    Answer:
    """  # noqa: W291 - mem0's prompt keeps its trailing spaces

MEM0_ACCURACY_PROMPT = """
Your task is to label an answer to a question as ’CORRECT’ or ’WRONG’. You will be given the following data:
    (1) a question (posed by one user to another user), 
    (2) a ’gold’ (ground truth) answer, 
    (3) a generated answer
which you will score as CORRECT/WRONG.

The point of the question is to ask about something one user should know about the other user based on their prior conversations.
The gold answer will usually be a concise and short answer that includes the referenced topic, for example:
Question: Do you remember what I got the last time I went to Hawaii?
Gold answer: A shell necklace
The generated answer might be much longer, but you should be generous with your grading - as long as it touches on the same topic as the gold answer, it should be counted as CORRECT. 

For time related questions, the gold answer will be a specific date, month, year, etc. The generated answer might be much longer or use relative time references (like "last Tuesday" or "next month"), but you should be generous with your grading - as long as it refers to the same date or time period as the gold answer, it should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider it CORRECT if it's the same date.

Now it's time for the real question:
Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

First, provide a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG. 
Do NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.

Just return the label CORRECT or WRONG in a json format with the key as "label".
"""  # noqa: E501, W291 - verbatim

MEM0_JUDGE_MODEL = "gpt-4o-mini"
"""mem0's judge (evaluation/metrics/llm_judge.py), on OpenAI."""
MEM0_ANSWER_MAX_TOKENS = 512
"""The prompt asks to think step by step; the answer is cut here (mem0's later answer scripts use 512 too)."""
DEFAULT_CONTEXT_TOKENS = 512
"""(ours) The token budget of the matched context when none is given: about what the seed's Turns + Jev read
at k = 20 (496 tokens). Give the budget of the system compared with, with --context-tokens."""

# -- this project's own prompts ------------------------------------------------------------------------------

ARCHIVIST_ANSWER_SYSTEM = (
    "You answer questions about a long conversation between two people. You see only some memory lines from "
    "it, each as [date said] speaker: what they said. Use only these lines. When a line says 'yesterday' or "
    "'last week', count from the date of that line."
)
ARCHIVIST_ANSWER_PROMPT = (
    "Memory lines:\n{context}\n\nQuestion: {question}\n\n"
    "Answer in at most one short sentence. If the lines do not contain the answer, reply: not mentioned."
)
ARCHIVIST_JUDGE_SYSTEM = "You grade a short answer against the gold answer of a reading-comprehension question."
ARCHIVIST_JUDGE_PROMPT = (
    "Question: {question}\nGold answer: {gold}\nAnswer to grade: {answer}\n\n"
    "The answer is correct when it states what the gold answer states: paraphrase, another date format, or "
    "extra detail that does not contradict it are fine; a date is correct when it names the same day, week, "
    "month or year the gold answer names. 'not mentioned' is wrong unless the gold answer says the same.\n"
    'Reply with one JSON object and nothing else: {{"correct": true}} or {{"correct": false}}.'
)
ARCHIVIST_K = 10
"""Lines given to the answer model (the seed study's range runs from 3 to 20)."""
ARCHIVIST_ANSWER_MAX_TOKENS = 200

LINE = re.compile(r"^\[(?P<date>[^\]]*)\]\s*(?:(?P<speaker>[^:\n]{1,80}):\s)?(?P<text>.*)$", re.DOTALL)


@dataclass(frozen=True)
class Prompt:
    system: str
    user: str


@dataclass(frozen=True)
class Protocol:
    name: str
    answer_max_tokens: int
    judge_json: bool
    """The judge is asked for a JSON reply (OpenAI's JSON mode where the vendor has one)."""
    fixed_judge: str | None
    """The judge model on OpenAI, separate from the answer model; None: the answer model judges itself."""
    answer: Callable[[str, Sequence[str], Sequence[str]], Prompt]
    """(question, lines, the conversation's two speakers) -> the answer prompt."""
    judge: Callable[[str, str, str], Prompt]
    """(question, gold answer, generated answer) -> the judge prompt."""
    verdict: Callable[[str], bool]
    """The judge's reply -> correct; a reply with no readable verdict is wrong, never a guess."""
    comparable: str
    """What the numbers may be compared with."""


def archivist_answer(question: str, lines: Sequence[str], speakers: Sequence[str]) -> Prompt:
    context = "\n".join(lines) or "(no lines)"
    return Prompt(ARCHIVIST_ANSWER_SYSTEM, ARCHIVIST_ANSWER_PROMPT.format(context=context, question=question))


def archivist_judge(question: str, gold: str, answer: str) -> Prompt:
    return Prompt(ARCHIVIST_JUDGE_SYSTEM, ARCHIVIST_JUDGE_PROMPT.format(question=question, gold=gold, answer=answer))


def archivist_verdict(reply: str) -> bool:
    verdict = _json_object(reply)
    return isinstance(verdict, dict) and verdict.get("correct") is True


def mem0_memories(lines: Sequence[str], speaker: str) -> list[str]:
    """One speaker's lines as mem0 formats memories: "timestamp: memory"."""
    out = []
    for line in lines:
        match = LINE.match(line)
        if match and (match.group("speaker") or "").strip() == speaker:
            out.append(f"{match.group('date')}: {match.group('text')}")
    return out


def mem0_answer(question: str, lines: Sequence[str], speakers: Sequence[str]) -> Prompt:
    first, second = (list(speakers) + ["", ""])[:2]
    values = {
        "speaker_1_user_id": first,
        "speaker_2_user_id": second,
        "speaker_1_memories": json.dumps(mem0_memories(lines, first), indent=4, ensure_ascii=False),
        "speaker_2_memories": json.dumps(mem0_memories(lines, second), indent=4, ensure_ascii=False),
        "question": question,
    }
    text = MEM0_ANSWER_PROMPT
    for name, value in values.items():  # what Jinja's render does for these plain variables
        text = text.replace("{{" + name + "}}", value)
    return Prompt(text, "")


def mem0_judge(question: str, gold: str, answer: str) -> Prompt:
    return Prompt("", MEM0_ACCURACY_PROMPT.format(question=question, gold_answer=gold, generated_answer=answer))


def mem0_verdict(reply: str) -> bool:
    verdict = _json_object(reply)
    return isinstance(verdict, dict) and verdict.get("label") == "CORRECT"


PROTOCOLS: dict[str, Protocol] = {
    "archivist": Protocol("archivist", ARCHIVIST_ANSWER_MAX_TOKENS, True, None, archivist_answer, archivist_judge,
                          archivist_verdict, "other runs of this protocol only: the answer model judges itself"),
    "mem0": Protocol("mem0", MEM0_ANSWER_MAX_TOKENS, True, MEM0_JUDGE_MODEL, mem0_answer, mem0_judge, mem0_verdict,
                     "mem0-protocol LoCoMo numbers with the same answer model and context tokens"),
}


def protocol(name: str) -> Protocol:
    if name not in PROTOCOLS:
        raise ValueError(f"no answer protocol {name!r}: use one of {', '.join(PROTOCOLS)}")
    return PROTOCOLS[name]


def token_matched(lines: Sequence[str], budget: int, count: Callable[[str], int] = count_tokens) -> list[str]:
    """The leading lines whose tokens fit `budget` (at least none, never a line cut in half)."""
    kept, used = [], 0
    for line in lines:
        tokens = count(line)
        if used + tokens > budget:
            break
        kept.append(line)
        used += tokens
    return kept


def conversation_speakers(lines: Sequence[str]) -> list[str]:
    """The speakers of rendered lines, in order of first appearance."""
    seen: list[str] = []
    for line in lines:
        match = LINE.match(line)
        speaker = (match.group("speaker") or "").strip() if match else ""
        if speaker and speaker not in seen:
            seen.append(speaker)
    return seen


def _json_object(reply: str) -> object:
    match = re.search(r"\{.*?\}", reply, re.DOTALL)
    if not match:
        return None
    try:
        return json.loads(match.group(0))
    except json.JSONDecodeError:
        return None
