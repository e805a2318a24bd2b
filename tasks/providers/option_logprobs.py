"""Option probabilities from log-probabilities: a question asked alone, answered with one option letter.

The prompt labels a question's options A, B, C, ... and asks for the letter only; the request asks for
`logprobs: true, top_logprobs: N` and one output token. The reply's first position
(`choices[0].logprobs.content[0].top_logprobs`, OpenAI's wire format) lists the N likeliest first tokens with
their log-probabilities. Each listed token that is an option's letter (surrounding whitespace ignored: "A" and
" A" are the same answer, their probabilities summed) gives that option its probability `l_i`.

The rule, and why it is safe:
- `mass` = the sum of the options' `l_i`. The rest of the first token's probability went to tokens that are not
  options (prose, a refusal, a letter that labels no option) or to tokens the list leaves out.
- If `mass >= min_option_mass`, each option gets `l_i / mass`: its probability given that the answer is an
  option. Its true probability lies in [l_i, l_i + (1 - mass)] (at most all of the rest is that option's), and
  so does `l_i / mass`: the value used is off by no more than `1 - mass`. An option missing from the list gets 0;
  it can hold no more than the unlisted rest, `1 - sum(all listed)`, recorded with the answer as
  `unlisted_mass_max` beside `option_mass` and the `unlisted_options`.
- If `mass < min_option_mass`, the question is a recorded fallback (`error` names the mass and the top tokens):
  the model meant something other than an option, and dividing that away would overstate its confidence.

Options are labelled A-Z, then a-z (the relation-type question has 29 options); letters are matched with their
case. A question with more options than there are letters (52) is not scored this way (an error answer, so a
fallback).
"""

from __future__ import annotations

import json
import math
from typing import Any

from archivist.tasks.decisions.types import Question

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""One letter per option, capitals first: each a single token in every tokenizer the hosted models use."""

SYSTEM_PROMPT = (
    "You answer one typed question about a state. Its options are labelled with letters, and case matters. "
    "Reply with the letter of the option that is most likely true, and nothing else: no words, no punctuation."
)


def labels_for(question: Question) -> dict[str, str]:
    """Letter -> option name, in the question's option order."""
    return dict(zip(LABELS, question.options, strict=False))


def user_prompt(state: Any, question: Question) -> str:
    state_text = state if isinstance(state, str) else json.dumps(state, ensure_ascii=False, indent=1)
    lines = []
    for letter, option in labels_for(question).items():
        meaning = question.options[option]
        lines.append(f"{letter}. {option}" + (f": {meaning}" if meaning else ""))
    return (f"STATE:\n```json\n{state_text}\n```\n\nQUESTION ({question.type}): {question.instructions}\n\n"
            "OPTIONS:\n" + "\n".join(lines) + "\n\nAnswer with one letter.")


def first_token_logprobs(choice_logprobs: Any) -> list[dict[str, Any]] | None:
    """[{"token", "logprob"}] of the first output position of a chat choice's `logprobs`, or None when the
    reply carries none (a server that ignored the parameter). The sampled token is kept too, should the top
    list leave it out."""
    if not isinstance(choice_logprobs, dict):
        return None
    content = choice_logprobs.get("content")
    if not isinstance(content, list) or not content or not isinstance(content[0], dict):
        return None
    first = content[0]
    listed = [{"token": str(t.get("token", "")), "logprob": float(t.get("logprob", -math.inf))}
              for t in first.get("top_logprobs") or [] if isinstance(t, dict)]
    if "token" in first and all(t["token"] != first["token"] for t in listed):
        listed.append({"token": str(first["token"]), "logprob": float(first.get("logprob", -math.inf))})
    return listed


def score_options(question: Question, top: list[dict[str, Any]], min_option_mass: float) -> dict[str, Any]:
    """The System One answer for `question` from the first token's top log-probabilities (the rule above)."""
    letters = labels_for(question)
    if len(question.options) > len(LABELS):
        return {"type": question.type, "error": f"{len(question.options)} options: more than the {len(LABELS)} "
                                                "letters log-probability scoring labels them with"}
    listed: dict[str, float] = {}
    for entry in top:
        probability = math.exp(entry["logprob"]) if math.isfinite(entry["logprob"]) else 0.0
        listed[entry["token"]] = listed.get(entry["token"], 0.0) + probability
    found = {option: 0.0 for option in question.options}
    for token, probability in listed.items():
        option = letters.get(token.strip())
        if option is not None:
            found[option] += probability
    mass = sum(found.values())
    unlisted = max(0.0, 1.0 - sum(listed.values()))
    missing = [option for option, letter in zip(question.options, letters, strict=False)
               if not any(token.strip() == letter for token in listed)]
    record = {"option_mass": round(mass, 6), "unlisted_mass_max": round(unlisted, 6), "unlisted_options": missing}
    if mass < min_option_mass:
        shown = ", ".join(f"{t!r}: {p:.3f}" for t, p in sorted(listed.items(), key=lambda kv: -kv[1])[:4])
        return {"type": question.type, **record,
                "error": f"the option letters hold {mass:.3f} of the first token's probability, under "
                         f"min_option_mass {min_option_mass}: not scored (top tokens {shown})"}
    return {"type": question.type, "probabilities": {option: p / mass for option, p in found.items()}, **record}
