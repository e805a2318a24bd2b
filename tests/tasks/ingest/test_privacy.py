"""Credentials are masked (or their turns dropped) right after validation; an order number is not a card."""

from __future__ import annotations

import json
import logging
import tomllib

import polars as pl
import pytest

from archivist.ids import content_id
from archivist.tasks.ingest.privacy import (
    PRIVACY_FILE,
    PrivacyConfigError,
    load_privacy,
    luhn_valid,
    mask_batch,
)
from archivist.tasks.ingest.read import read_archive
from archivist.tasks.ingest.read.validate import empty_quarantine, turn_ids

CARD = "4242 4242 4242 4242"
ORDER = "1234 5678 9012 3456"  # 16 digits that fail the Luhn check

# (kind, text, the secret that must not survive, the tag or words that must)
SECRETS = [
    ("card", f"My card is {CARD}, please charge it.", CARD, "[card ending 4242]"),
    ("card", "card no. 5555555555554444 for the refund", "5555555555554444", "[card ending 4444]"),
    # a call transcript reads the number out: masked as it is, so no reading of it turns it into digits
    ("card", "my card number is four one one one one one one one one one one one one one one one",
     "four one one one one one one one one one one one one one one one", "[card ending 1111]"),
    ("expiry", f"Card {CARD} expires 12/27.", "12/27", "[card expiry]"),
    ("expiry", f"it is {CARD} 09/30", "09/30", "[card expiry]"),
    ("cvv", "the CVV is 737", "737", "CVV is [cvv]"),
    ("password", "My password is Hunter2!xyz and it fails.", "Hunter2!xyz", "password is [password]"),
    ("pin", "My PIN is 4821 but it doesn't work.", "4821", "PIN is [pin]"),
    ("otp", "The one-time code is 590114.", "590114", "[one-time code]"),
    ("api_key", "use sk-proj-Xa81bQk29LmZ0pP7rT3v for the API", "sk-proj-Xa81bQk29LmZ0pP7rT3v", "[api key]"),
]


@pytest.mark.parametrize(("kind", "text", "secret", "kept"), SECRETS, ids=[s[0] for s in SECRETS])
def test_each_kind_of_credential_is_masked_keeping_a_useful_tag(kind, text, secret, kept):
    masked, kinds = load_privacy().mask(text)
    assert kind in kinds
    assert secret not in masked and kept in masked


@pytest.mark.parametrize("text", [
    f"Order {ORDER} has not arrived.",
    "order number 4242424242424241 please",   # a card's digits with the last one changed fails Luhn
    "I forgot my password, can you reset it?",
    "my password is not working",
    "Call me on 415 555 0134 after 5.",
    "the zip code is 94105",
    "Flight UA 1234 leaves at 10:45 from gate 12.",
    "it's oh four one two five five eight nine oh three so 0412 558 903",  # a phone number read out
])
def test_ordinary_text_is_left_alone(text):
    assert load_privacy().mask(text) == (text, set())


def test_luhn():
    assert luhn_valid("4242424242424242") and luhn_valid("4111 1111 1111 1111")
    assert not luhn_valid(ORDER.replace(" ", "")) and not luhn_valid("4242")


def test_every_example_of_the_rules_file_is_masked_and_passes_the_prefilter():
    rules = tomllib.loads(PRIVACY_FILE.read_text())["rules"]
    policy = load_privacy()
    for rule in rules:
        for example in rule["examples"]:
            assert policy.candidates(pl.Series([example]))[0], (rule["kind"], example)
            assert rule["kind"] in policy.mask(example)[1], (rule["kind"], example)


def test_a_rule_that_cannot_work_is_refused_naming_it(tmp_path):
    broken = tmp_path / "privacy.toml"
    broken.write_text('prefilter = "x"\n[[rules]]\nkind = "pin"\ntag = "[pin]"\npattern = "pin (\\\\d+)"\n')
    with pytest.raises(PrivacyConfigError, match=r"rule 1 \(pin\).*secret"):
        load_privacy(broken)


def records_of(texts: list[str]) -> pl.DataFrame:
    n = len(texts)
    rows = pl.DataFrame({"turn_id": [""] * n, "tenant": ["acme"] * n, "scope": ["cust-1"] * n,
                         "conversation_id": ["c"] * n, "turn_index": list(range(n)), "text": texts})
    return rows.with_columns(turn_ids(rows))


def test_a_masked_turn_is_keyed_by_the_hash_of_its_masked_text_and_stays_stable():
    clear = records_of(["My PIN is 4821.", "Nothing secret here."])
    masked, _, counts = mask_batch(clear, empty_quarantine(), "mask")
    again, _, _ = mask_batch(clear, empty_quarantine(), "mask")

    assert counts.turns_masked == 1 and dict(counts.kinds) == {"pin": 1}
    assert masked["text"].to_list() == ["My PIN is [pin].", "Nothing secret here."]
    assert masked["turn_id"][0] == content_id("acme", "cust-1", "c", 0, "My PIN is [pin].") != clear["turn_id"][0]
    assert masked["turn_id"][1] == clear["turn_id"][1]  # untouched turns keep their id
    assert masked.equals(again)


def test_drop_leaves_out_the_turns_that_hold_a_credential_and_keep_changes_nothing():
    clear = records_of([f"card {CARD}", "hello"])
    dropped, _, counts = mask_batch(clear, empty_quarantine(), "drop")
    assert dropped["text"].to_list() == ["hello"] and counts.turns_dropped == 1
    kept, _, counts = mask_batch(clear, empty_quarantine(), "keep")
    assert kept.equals(clear) and counts.turns_masked == counts.turns_dropped == 0


def test_quarantined_lines_are_masked_too(tmp_path):
    bad = json.dumps({"tenant": "acme", "scope": "s", "conversation_id": "c", "turn_index": 0,
                      "role": "customer", "text": f"my card {CARD}", "said_at": "not a date"})
    path = tmp_path / "night.jsonl"
    path.write_text(bad + "\n")
    [batch] = list(read_archive([path]))
    assert batch.records.is_empty() and batch.quarantine.height == 1
    row = batch.quarantine.row(0, named=True)
    assert CARD not in row["raw"] and "[card ending 4242]" in row["raw"]
    assert row["quarantine_id"] == content_id(row["source_file"], row["source_line"], row["raw"])


def test_the_reader_masks_by_default_and_keep_is_explicit(tmp_path):
    line = json.dumps({"tenant": "acme", "scope": "s", "conversation_id": "c", "turn_index": 0,
                       "role": "customer", "text": f"My card is {CARD}", "said_at": "2026-11-28T10:00:00Z"})
    path = tmp_path / "night.jsonl"
    path.write_text(line + "\n")
    reading = read_archive([path])
    [batch] = list(reading)
    assert batch.records["text"].to_list() == ["My card is [card ending 4242]"]
    assert reading.masked.turns_masked == 1
    [clear] = list(read_archive([path], privacy="keep"))
    assert clear.records["text"].to_list() == [f"My card is {CARD}"]


def test_keep_mode_is_warned_once_per_run(tmp_path, caplog):
    from archivist.configs.settings import load_settings
    from archivist.tasks.ingest.steps import stage_archive

    for day in range(3):
        (tmp_path / "archive").mkdir(exist_ok=True)
        (tmp_path / "archive" / f"day-{day}.jsonl").write_text(json.dumps(
            {"tenant": "acme", "scope": "s", "conversation_id": f"c{day}", "turn_index": 0, "role": "customer",
             "text": "My PIN is 4821", "said_at": "2026-11-28T10:00:00Z"}) + "\n")
    settings = load_settings(store__uri=str(tmp_path / "store"), privacy__mode="keep", ingest__batch_rows=1)
    with caplog.at_level(logging.WARNING):
        summary = stage_archive([str(tmp_path / "archive")], "auto", settings, "run-1", tmp_path / "staging")
    assert summary.valid == 3
    assert sum("privacy mode is `keep`" in r.getMessage() for r in caplog.records) == 1
