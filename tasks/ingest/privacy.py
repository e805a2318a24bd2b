"""Credentials masked at ingestion, right after validation: before any table, cache, export or model request.

    policy = load_privacy()                      # the rules of configs/privacy.toml
    policy.mask("card 4242 4242 4242 4242")      # -> ("card [card ending 4242]", {"card"})
    records, quarantine, counts = mask_batch(records, quarantine, "mask", policy)

Modes (`[privacy] mode`): `mask` replaces each secret by a tag that keeps the sentence useful ("card ending
4242"); `drop` leaves out every turn that holds one (counted, never stored); `keep` stores text verbatim and
is logged as a warning once per run. Quarantined raw lines and reasons are masked in every mode but `keep`,
since a rejected line can hold a card number as well as an accepted one.

A masked turn's id is the content hash of its *masked* text. A hash of the clear text would be stable too, but
it is not safe to keep: the rest of the turn is stored, and a 4-digit PIN or the six unknown digits of a card
whose ending is shown are found from the id by trying every value. Masking is deterministic, so re-running
the same archive gives the same ids and adds nothing; a purge by turn id finds the stored row.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import polars as pl

from archivist.configs.settings import CONFIG_DIR
from archivist.errors import ArchivistError
from archivist.ids import content_id
from archivist.tasks.extract.spoken import written_digits

PRIVACY_FILE = CONFIG_DIR / "privacy.toml"
MODES = ("mask", "drop", "keep")
Mode = Literal["mask", "drop", "keep"]


class PrivacyConfigError(ArchivistError, ValueError):
    """configs/privacy.toml (or a copy) holds a rule that cannot work."""

    hint = "fix the rule it names in the privacy rules file"


@dataclass(frozen=True)
class Rule:
    kind: str
    tag: str
    pattern: re.Pattern[str]
    check: str | None = None
    after: str | None = None
    """A rule matched only where a secret of this kind ended (an expiry right after a card number)."""


@dataclass(frozen=True)
class MaskCounts:
    turns_masked: int = 0
    turns_dropped: int = 0
    quarantine_masked: int = 0
    kinds: tuple[tuple[str, int], ...] = ()
    """(kind, turns holding it), for the run summary."""


class PrivacyPolicy:
    """The rules of one privacy file, compiled; `mask` finds and replaces every secret in a text."""

    def __init__(self, rules: list[Rule], prefilter: str):
        self.rules = [r for r in rules if r.after is None]
        self.followers = [r for r in rules if r.after is not None]
        self.prefilter = prefilter

    def mask(self, text: str) -> tuple[str, set[str]]:
        """The text with every secret replaced by its rule's tag, and the kinds found."""
        spans: list[tuple[int, int, str, str]] = []  # start, end, kind, tag
        for rule in self.rules:
            for match in rule.pattern.finditer(text):
                start, end = match.span("secret")
                secret = match.group("secret")
                if rule.check == "luhn" and not luhn_valid(secret):
                    continue
                spans.append((start, end, rule.kind, _tag(rule.tag, secret)))
                for follower in self.followers:
                    if follower.after != rule.kind:
                        continue
                    after = follower.pattern.match(text, end)
                    if after is not None:
                        spans.append((*after.span("secret"), follower.kind, _tag(follower.tag, after["secret"])))
        if not spans:
            return text, set()
        # Overlapping finds (a PIN inside a card number) keep the one that starts first, then the longest.
        spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
        kept: list[tuple[int, int, str, str]] = []
        for span in spans:
            if kept and span[0] < kept[-1][1]:
                continue
            kept.append(span)
        pieces, position = [], 0
        for start, end, _, tag in kept:
            pieces += [text[position:start], tag]
            position = end
        pieces.append(text[position:])
        return "".join(pieces), {kind for _, _, kind, _ in kept}

    def candidates(self, texts: pl.Series) -> pl.Series:
        """True where a text may hold a secret (a cheap vectorised pass; the rules decide)."""
        return texts.fill_null("").str.contains(self.prefilter)


def luhn_valid(number: str) -> bool:
    """`number` (in digits, or read out digit by digit as a call transcript writes it) passes the Luhn check."""
    digits = [int(c) for c in written_digits(number) if c.isdigit()]
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for position, digit in enumerate(reversed(digits)):
        if position % 2:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def _tag(template: str, secret: str) -> str:
    digits = "".join(c for c in written_digits(secret) if c.isdigit())
    return template.replace("{last4}", digits[-4:])


@lru_cache(maxsize=4)
def load_privacy(path: str | Path = PRIVACY_FILE) -> PrivacyPolicy:
    """The privacy rules of `path` (the shipped configs/privacy.toml by default), checked and compiled."""
    path = Path(path)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise PrivacyConfigError(f"cannot read privacy rules {path}: {err}") from err
    prefilter = document.get("prefilter")
    if not isinstance(prefilter, str) or not prefilter:
        raise PrivacyConfigError(f"{path} has no `prefilter` pattern")
    rules = []
    for number, entry in enumerate(document.get("rules", []), start=1):
        name = f"rule {number} ({entry.get('kind', '?')}) of {path}"
        try:
            pattern = re.compile(entry["pattern"], re.IGNORECASE)
        except (KeyError, re.error) as err:
            raise PrivacyConfigError(f"{name}: pattern does not compile: {err}") from err
        if "secret" not in pattern.groupindex:
            raise PrivacyConfigError(f"{name}: pattern has no named group (?P<secret>...)")
        if entry.get("check") not in (None, "luhn"):
            raise PrivacyConfigError(f"{name}: unknown check {entry['check']!r}; use \"luhn\" or leave it out")
        rules.append(Rule(kind=str(entry["kind"]), tag=str(entry["tag"]), pattern=pattern,
                          check=entry.get("check"), after=entry.get("after")))
    if not rules:
        raise PrivacyConfigError(f"{path} holds no [[rules]]")
    return PrivacyPolicy(rules, prefilter)


def mask_batch(records: pl.DataFrame, quarantine: pl.DataFrame, mode: Mode,
               policy: PrivacyPolicy | None = None) -> tuple[pl.DataFrame, pl.DataFrame, MaskCounts]:
    """Validated records and quarantine rows with every credential masked (or its turn dropped) per `mode`."""
    if mode not in MODES:
        raise PrivacyConfigError(f"unknown privacy mode {mode!r}",
                                 hint=f"set [privacy] mode to one of {', '.join(MODES)}")
    if mode == "keep":
        return records, quarantine, MaskCounts()
    policy = policy or load_privacy()
    records, masked, dropped, kinds = _mask_records(records, mode, policy)
    quarantine, quarantine_masked = _mask_quarantine(quarantine, policy)
    return records, quarantine, MaskCounts(masked, dropped, quarantine_masked, tuple(sorted(kinds.items())))


def _mask_records(records: pl.DataFrame, mode: Mode,
                  policy: PrivacyPolicy) -> tuple[pl.DataFrame, int, int, dict[str, int]]:
    if records.is_empty():
        return records, 0, 0, {}
    from archivist.tasks.ingest.read.validate import turn_ids

    texts = records["text"].to_list()
    candidates = policy.candidates(records["text"]).to_list()
    found: dict[str, int] = {}
    changed = [False] * len(texts)
    for row, is_candidate in enumerate(candidates):
        if not is_candidate:
            continue
        masked, kinds = policy.mask(texts[row])
        if kinds:
            texts[row], changed[row] = masked, True
            for kind in kinds:
                found[kind] = found.get(kind, 0) + 1
    hits = sum(changed)
    if not hits:
        return records, 0, 0, {}
    flags = pl.Series(changed, dtype=pl.Boolean)
    if mode == "drop":
        return records.filter(~flags), 0, hits, found
    masked_rows = records.with_columns(pl.Series("text", texts, dtype=pl.Utf8))
    # The id is the hash of the stored (masked) text: see the module docstring.
    ids = turn_ids(masked_rows.filter(flags))
    new_ids = records["turn_id"].scatter(flags.arg_true(), ids)
    return masked_rows.with_columns(new_ids.alias("turn_id")), hits, 0, found


def _mask_quarantine(quarantine: pl.DataFrame, policy: PrivacyPolicy) -> tuple[pl.DataFrame, int]:
    if quarantine.is_empty():
        return quarantine, 0
    rows = quarantine.to_dicts()
    changed = 0
    for row in rows:
        hit = False
        for column in ("raw", "reason"):
            if row[column]:
                row[column], kinds = policy.mask(row[column])
                hit = hit or bool(kinds)
        if hit:
            # The id hashes what is stored, for the same reason as a turn's.
            row["quarantine_id"] = content_id(row["source_file"], row["source_line"], row["raw"])
            changed += 1
    if not changed:
        return quarantine, 0
    return pl.DataFrame(rows, schema=quarantine.schema), changed
