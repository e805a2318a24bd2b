"""Settings are frozen once loaded; overrides make new settings; config files fail loudly and name themselves."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from archivist.configs.files import (
    ConfigFileError,
    ShippedModel,
    read_toml,
    validate_file,
)
from archivist.configs.settings import load_settings, nested_overrides, with_overrides
from archivist.configs.thresholds import THRESHOLDS_FILE, Thresholds, load_thresholds


def test_loaded_settings_cannot_be_changed_in_place():
    settings = load_settings()
    with pytest.raises(ValidationError, match="frozen"):
        settings.store.uri = "/elsewhere"
    with pytest.raises(ValidationError, match="frozen"):
        settings.replay = True


def test_overrides_are_spelt_like_the_environment_variables(monkeypatch):
    monkeypatch.setenv("ARCHIVIST_STORE__STORAGE_OPTIONS", '{"region": "eu-west-1"}')
    settings = load_settings(store__uri="/data/memory", ingest__partitions=3, replay=True, decisions__model=None)
    assert (settings.store.uri, settings.ingest.partitions, settings.replay) == ("/data/memory", 3, True)
    assert settings.store.storage_options == {"region": "eu-west-1"}  # merged with the environment, not replaced
    assert settings.decisions.model == "local-decider-3"  # None is "not given", not a value
    assert nested_overrides({"a__b__c": 1, "d": None, "e": 2}) == {"a": {"b": {"c": 1}}, "e": 2}


def test_an_override_is_validated_like_any_setting():
    with pytest.raises(ValidationError, match="embedder.provider"):
        load_settings(embedder__provider="somewhere")


def test_a_variant_is_a_new_object_and_the_original_is_unchanged(monkeypatch):
    original = load_settings(store__uri="/a")
    monkeypatch.setenv("ARCHIVIST_INGEST__PARTITIONS", "5")  # a variant does not re-read the environment
    variant = with_overrides(original, decisions__model="local-decider-3@t=0.7", replay=True)
    assert (variant.decisions.model, variant.replay, variant.store.uri) == ("local-decider-3@t=0.7", True, "/a")
    assert (original.decisions.model, original.replay) == ("local-decider-3", False)
    assert variant.ingest.partitions == original.ingest.partitions == 8


def test_a_missing_or_broken_config_file_is_an_error_that_names_it(tmp_path):
    with pytest.raises(ConfigFileError, match="does not exist") as missing:
        load_thresholds(tmp_path / "thresholds.toml")
    assert str(tmp_path / "thresholds.toml") in str(missing.value) and missing.value.hint
    broken = tmp_path / "broken.toml"
    broken.write_text("act = = 0.9\n")
    with pytest.raises(ConfigFileError, match="not valid TOML"):
        read_toml(broken)


def test_a_file_that_does_not_validate_is_titled_with_its_path(tmp_path):
    path = tmp_path / "thresholds.toml"
    path.write_text(THRESHOLDS_FILE.read_text() + "\nacts = 0.9\n")
    with pytest.raises(ValidationError) as error:
        validate_file(Thresholds, path)
    assert error.value.title == str(path) and "acts" in str(error.value)


def test_the_shipped_file_is_read_once_and_other_paths_every_time(tmp_path):
    loader = ShippedModel(Thresholds, THRESHOLDS_FILE)
    assert loader() is loader()
    copy = tmp_path / "thresholds.toml"
    copy.write_text(THRESHOLDS_FILE.read_text())
    assert loader(copy) is not loader(copy) and loader(copy) == loader()
