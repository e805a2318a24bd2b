"""The one output convention of `--json`: every command prints exactly one JSON object on stdout.

- Top-level keys are snake_case (`turns_written`, not "turns written"); a summary's nested labels are too.
  A key written as a human label (with spaces or parentheses, such as "statement not stored") is turned
  into snake_case here, so a count added later cannot break the convention.
- Keys that are data, not labels (a question/model pair such as "relation/local-decider-3", a fact id, a
  model or tenant name), hold no space and pass through unchanged: renaming them would change what they name.
- A list of things is one key of the object, named for the things (`facts`, `plans`, `records`,
  `deployments`, `rows`), with `shown` and `total` beside it where the command shows only some of them.

Lines meant for a person (progress, warnings, "nothing removed") go to stderr, so stdout parses as one object.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from rich.console import Console

SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_LABEL = re.compile(r"[\s()]")
"""What only a human label holds; a data key (an id, a name) never has a space."""


def snake_key(key: str) -> str:
    """'turns dropped (credentials)' -> 'turns_dropped_credentials'; a key that is not a label is returned as is."""
    if not _LABEL.search(key):
        return key
    return re.sub(r"[^0-9a-z]+", "_", key.lower()).strip("_") or "_"


def normalise(value: Any) -> Any:
    """`value` with every label key of every nested object in snake_case."""
    if isinstance(value, dict):
        return {snake_key(str(key)): normalise(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalise(item) for item in value]
    return value


def json_text(obj: dict[str, Any]) -> str:
    """The line `print_json` prints; a top-level value that is not an object with snake_case keys is a bug."""
    if not isinstance(obj, dict):
        raise TypeError(f"--json prints one JSON object, not a {type(obj).__name__}")
    obj = normalise(obj)
    bad = [key for key in obj if not SNAKE.match(key)]
    if bad:
        raise ValueError(f"--json keys must be snake_case: {bad}")
    return json.dumps(obj, default=str, ensure_ascii=False)


def print_json(obj: dict[str, Any]) -> None:
    """Print `obj` as one JSON object on one line of stdout (see the module's convention)."""
    sys.stdout.write(json_text(obj) + "\n")
    sys.stdout.flush()


class PrintConsole:
    """stdout for tables and lines meant for a person: a rich Console made at each use, so its width follows the
    terminal and COLUMNS when the command prints, not whatever they were when the module was first imported (a
    table made 80 columns wide at import crops a model name in a wider terminal or a log)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(Console(), name)
