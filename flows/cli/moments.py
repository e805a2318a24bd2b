"""The one reading of a date or time typed on the command line (`--as-of`, `--since`): `archivist.clock`.

A bare date D is the start of day D in UTC in every command; see `archivist.clock.parse_moment` for why.
"""

from __future__ import annotations

from datetime import datetime

import typer

from archivist.clock import MomentError, parse_moment

MOMENT_HELP = "an ISO date (its start, 00:00 UTC) or date-time; a time without a zone is UTC"


def moment_option(text: str | None, option: str) -> datetime | None:
    """The moment `text` given to `option`, None when the option was not given; a usage error when unreadable."""
    if not text:
        return None
    try:
        return parse_moment(text)
    except MomentError as err:
        raise typer.BadParameter(str(err), param_hint=option) from err
