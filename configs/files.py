"""The one way a TOML config file is read, validated and cached.

`ShippedModel` is a loader for a pydantic model kept in a TOML file under configs/ (thresholds, relations):
`loader()` reads the shipped file once per process, `loader(path)` reads a copy (an experiment, a tenant that
needs other numbers) every time. A missing or unreadable file is a `ConfigFileError` naming the file; a file
that does not validate raises pydantic's `ValidationError` titled with the file's path, so the message says
which file and which field.
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from archivist.errors import TerminalError

CONFIG_DIR = Path(__file__).parent
"""The shipped config files (installed as package data beside this module)."""

M = TypeVar("M", bound=BaseModel)


class ConfigFileError(TerminalError, ValueError):
    """A config file that cannot be read or parsed; the message names the file."""

    hint = "Fix the file, or point the setting at another one."


def read_toml(path: str | Path) -> dict[str, Any]:
    """The parsed TOML document at `path`."""
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as err:
        raise ConfigFileError(f"config file {path} does not exist") from err
    except OSError as err:
        raise ConfigFileError(f"config file {path} cannot be read ({err.strerror})") from err
    except tomllib.TOMLDecodeError as err:
        raise ConfigFileError(f"config file {path} is not valid TOML ({err})") from err


def validate_file(model: type[M], path: str | Path) -> M:
    """`model` validated from the TOML file at `path`; a ValidationError's title is the file's path."""
    data = read_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ValidationError.from_exception_data(str(path), err.errors()) from err  # type: ignore[arg-type]


class ShippedModel(Generic[M]):
    """A loader for `model` kept in `shipped`: the shipped file is read once, other paths every time."""

    def __init__(self, model: type[M], shipped: Path):
        self.model, self.shipped = model, shipped

    @cached_property
    def default(self) -> M:
        return validate_file(self.model, self.shipped)

    def __call__(self, path: str | Path | None = None) -> M:
        return self.default if path is None else validate_file(self.model, path)
