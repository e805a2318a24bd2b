"""Pinned model versions: the model a hosted service says answered, compared with the one configured.

A decision model's probabilities are on its own scale, and the thresholds are set per model
(configs/thresholds.toml), so an answer from another version than the pin is not one the policies may read.
A mismatch is an error, not a recorded fallback: it is systemic (every call of the run answers from the same
model), so turning each answer into a uniform fallback would store a night of empty decisions instead of
stopping with one line that says what to change. The check runs on cached replies too, so a cache filled
by one version never mixes with another's answers.

The pin matches a reported id that is the pin itself, a dated snapshot of it (`gpt-4o-mini-2024-07-18` for
`gpt-4o-mini`, `claude-haiku-4-5-20251001` for `claude-haiku-4-5`: vendors answer an undated name with
its snapshot), or one listed in the provider's `accept_models`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from archivist.errors import TerminalError
from archivist.tasks.providers.prices import PriceTable

_SNAPSHOT = r"-(?:\d{4}-\d{2}-\d{2}|\d{8})"


class ModelMismatch(TerminalError, RuntimeError):
    """The service answered with another model than the pinned one."""

    hint = ("Pin the version that answered (`model`), or list the reported id in `accept_models` when it is "
            "a gateway's name for the pinned version")


class UnknownPrice(TerminalError, ValueError):
    """A hosted model with no entry in configs/prices.toml."""

    hint = ("Add the model's price to configs/prices.toml, or set `allow_unpriced = true` for this provider to "
            "cost its calls at $0 knowingly")


def model_matches(pin: str, reported: str, accepted: Iterable[str] = ()) -> bool:
    """Whether `reported` (the service's answering model id) is the pinned version `pin`."""
    if not reported:
        return False
    if reported == pin or reported in set(accepted):
        return True
    return re.fullmatch(re.escape(pin) + _SNAPSHOT, reported) is not None


def check_answering_model(provider: str, setting: str, pin: str, reported: str,
                          accepted: Iterable[str] = ()) -> None:
    """Raise `ModelMismatch` unless `reported` is the pinned `pin`; `setting` names the config section."""
    if model_matches(pin, reported, accepted):
        return
    said = f"answered as {reported!r}" if reported else "did not say which model answered"
    raise ModelMismatch(
        f"{provider}: the service {said}, but {setting}.model pins {pin!r}",
        hint=(f"set {setting}.model to the exact version you want (or {setting}.accept_models = [{reported!r}] "
              f"when it names the pinned version)") if reported else
        f"use a server that reports the answering model, or a provider other than {provider}",
    )


def require_price(prices: PriceTable, provider: str, setting: str, model: str, allow_unpriced: bool) -> None:
    """Raise `UnknownPrice` for a hosted model the price table does not know, unless explicitly allowed."""
    if allow_unpriced or provider in prices.free_providers or prices.price(model) is not None:
        return
    raise UnknownPrice(
        f"{provider}: no price for model {model!r} in configs/prices.toml, so its calls could not be costed",
        hint=f"add [models.{model!r}] to configs/prices.toml, or set {setting}.allow_unpriced = true",
    )
