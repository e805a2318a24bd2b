"""Typed settings: code defaults, then `configs/archivist.toml`, then a user file, then `ARCHIVIST_*`.

A user file is `$ARCHIVIST_CONFIG` or `./archivist.toml` when it exists. Nested fields are set from the
environment with a double underscore: `ARCHIVIST_STORE__URI=s3://bucket/memory`,
`ARCHIVIST_DECISIONS__PROVIDER=systemone`.

Settings are frozen once loaded: a command's flags are overrides given to `load_settings`, spelt like the
variables (`load_settings(store__uri=..., decisions__model=...)`), and a variant of loaded settings is a new
object (`with_overrides(settings, replay=True)`), so no caller changes the settings another one holds.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from archivist.configs.files import CONFIG_DIR

REDACTED = "<redacted>"
CREDENTIAL_OPTION = re.compile(r"secret|token|password|key|credential|sas|signature", re.IGNORECASE)
"""Object-store option names that hold credentials (aws_secret_access_key, azure_storage_account_key, ...)."""


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True)


class StoreSettings(_Section):
    uri: str = "./archivist-store"
    """Where the LanceDB store lives: a local folder, or any LanceDB URI (s3://, gs://, az://)."""
    storage_options: dict[str, str] = Field(default_factory=dict)
    """Passed to LanceDB for object stores (region, endpoint, allow_http, ...)."""

    @field_serializer("storage_options", when_used="json")
    def _without_credentials(self, options: dict[str, str]) -> dict[str, str]:
        # Settings travel as flow parameters, and Prefect keeps those as JSON in its database: credentials must
        # not go with them. In-process copies (and pickles for Dask workers) keep the real values.
        return {name: REDACTED if CREDENTIAL_OPTION.search(name) else value for name, value in options.items()}


class IngestSettings(_Section):
    partitions: int = 8
    """Scopes are hashed into this many partitions; one Prefect task per partition."""
    batch_rows: int = 50_000
    """Records read, validated and staged per batch: bounds memory on large archives."""
    max_text_chars: int = 20_000
    """Longer texts are quarantined rather than stored."""
    runner: Literal["threads", "dask"] = "threads"
    """Prefect task runner: a thread pool in this process, or Dask (local cluster or an address)."""
    workers: int = 2
    """Threads (or local Dask workers) that process partitions at once."""
    dask_address: str | None = None
    """A running Dask scheduler (tcp://host:8786); None starts a local cluster."""
    staging_dir: str | None = None
    """A folder every Dask worker can read and write (a shared mount) for the run's staged partitions; None
    stages under `<store>/_staging/` (a local store), or in a local temporary folder (an object store)."""
    column_map: dict[str, str] = Field(default_factory=dict)
    """Archive column name -> archivist column name, for archives whose columns are named differently."""
    default_tenant: str = "default"
    """Tenant given to records of formats that carry none (LoCoMo, ABCD)."""
    max_quarantine_share: float = Field(default=0.05, ge=0.0, le=1.0)
    """`archivist ingest` exits 3 (partial) when more of the records read than this are quarantined."""


class PrivacySettings(_Section):
    mode: Literal["mask", "drop", "keep"] = "mask"
    """Credentials in turns (configs/privacy.toml): `mask` them, `drop` their turns, or `keep` them (warned)."""


class EmbedderSettings(_Section):
    provider: Literal["local", "minilm", "openai"] = "local"
    """`local` is wordllama, shipped inside its PyPI package; `minilm` is all-MiniLM-L6-v2 (int8 ONNX, 384-d, also
    offline; `model` and `dim` do not apply to it); `openai` calls the embeddings endpoint."""
    model: str = "l2_supercat"
    dim: int = 256
    batch_size: int = 2048
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"


class ProviderSettings(_Section):
    """One model endpoint: which provider, where, its limits and the retry budget."""

    provider: str = "local"
    model: str = "local-decider-3"
    base_url: str | None = None
    api_key_env: str | None = None
    """Name of the environment variable holding the key; the key itself is never stored."""
    requests_per_minute: float = 1200
    tokens_per_minute: float = 15_000_000
    timeout_s: float = 30.0
    max_attempts: int = 6
    backoff_initial_s: float = 0.5
    backoff_max_s: float = 30.0
    concurrency: int = 16
    """Requests in flight at once from this process."""
    accept_models: tuple[str, ...] = ()
    """Reported model ids accepted for the pinned `model` besides itself and its dated snapshots (a gateway's
    name for the same version, e.g. `typesafe/jev-1.13-20260917` through OpenRouter). Any other answering
    model stops the run: its probabilities are on another scale than the thresholds were set for."""
    allow_unpriced: bool = False
    """Accept a model with no price in configs/prices.toml (its calls are costed at $0); otherwise an error."""
    scoring: Literal["json", "logprobs"] = "json"
    """How an LLM decider (`llm:openai`; `llm.scoring` for escalation) scores options: `json` asks for a
    probability per option; `logprobs` asks each question alone for one option letter and reads the
    probabilities from the reply's top log-probabilities (tasks/providers/llm_decider.py). OpenAI-compatible
    chat models only: Anthropic and the other providers refuse `logprobs`."""
    top_logprobs: int = Field(default=20, ge=1, le=20)
    """`scoring = "logprobs"`: most likely first tokens asked for (OpenAI allows 0-20)."""
    min_option_mass: float = Field(default=0.95, gt=0.0, le=1.0)
    """`scoring = "logprobs"`: a question whose options' listed probabilities sum to less is a recorded fallback."""


class LLMSettings(ProviderSettings):
    provider: str = "none"
    model: str = "gpt-4o-mini"
    requests_per_minute: float = 500
    tokens_per_minute: float = 2_000_000
    max_output_tokens: int = Field(default=1200, ge=16)
    """The first output budget of an extraction request; a reply cut off there is asked again with twice it."""
    max_output_tokens_ceiling: int = Field(default=4800, ge=16)
    """The largest budget a truncated extraction is retried with; past it the turn is a recorded problem."""
    max_tokens_parameter: Literal["max_completion_tokens", "max_tokens"] = "max_completion_tokens"
    """The OpenAI parameter the budget is sent as: current OpenAI models take max_completion_tokens (reasoning
    models reject max_tokens); some OpenAI-compatible servers know only max_tokens."""
    structured_output: bool = True
    """Ask for the extraction JSON schema (OpenAI strict json_schema, Anthropic structured outputs); false for
    a server without it (the prompt still asks for the JSON)."""
    batch_poll_interval_s: float = Field(default=60.0, gt=0)
    """Seconds between status polls of a submitted extraction batch."""
    batch_max_wait_s: float = Field(default=26 * 3600.0, gt=0)
    """How long one run waits on its batches before exiting TRANSIENT (75); the next run resumes the wait.
    Longer than the vendors' 24-hour completion window, so a batch is finished or expired by then."""
    batch_submit_only: bool = False
    """Submit the night's extraction batches and stop (exit 75) without waiting; the next run collects them.
    The ingest flow sets it for its first pass over a batch night, so every partition's batches are queued
    before any is polled."""


class GateSettings(_Section):
    """The extraction gate (tasks/writepath/extract_gate.py): the decision model screens turns before extraction."""

    threshold: float = Field(default=0.5, ge=0.0, le=1.0)
    """A turn whose probability of holding something worth keeping is below this gets no extraction call."""
    llm: bool = True
    """Gate the LLM extractor (and batch mode): each skipped turn saves a paid call."""
    local: bool = False
    """Gate the embedded extractor: it costs nothing per turn, so the gate would only risk losing facts."""
    turns_per_request: int = Field(default=20, ge=1)
    """Turns asked about in one decision request."""


class BudgetSettings(_Section):
    max_cost_usd: float | None = Field(default=None, ge=0.0)
    """A run's spend limit in US dollars (configs/prices.toml); once its model calls cost this much no new call
    starts, the run commits what is finished and exits 3. None: unlimited."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="ARCHIVIST_",
        env_nested_delimiter="__",
        extra="ignore",
        frozen=True,
    )

    store: StoreSettings = Field(default_factory=StoreSettings)
    ingest: IngestSettings = Field(default_factory=IngestSettings)
    embedder: EmbedderSettings = Field(default_factory=EmbedderSettings)
    decisions: ProviderSettings = Field(default_factory=ProviderSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    privacy: PrivacySettings = Field(default_factory=PrivacySettings)
    budget: BudgetSettings = Field(default_factory=BudgetSettings)
    gate: GateSettings = Field(default_factory=GateSettings)
    replay: bool = False
    """Fail on a call-cache miss instead of calling a model (reproducing a run from its cache)."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        files = [CONFIG_DIR / "archivist.toml"]
        user_file = os.environ.get("ARCHIVIST_CONFIG") or "archivist.toml"
        if Path(user_file).is_file():
            files.append(Path(user_file))
        # Later TOML files override earlier ones; the environment overrides both.
        return (
            init_settings,
            env_settings,
            TomlConfigSettingsSource(settings_cls, toml_file=files, deep_merge=True),
        )


OVERRIDE_DELIMITER = "__"


def load_settings(**overrides: Any) -> Settings:
    """Settings from files and environment, with explicit overrides (CLI flags) on top.

    A key names a field as its variable does without the prefix: `store__uri="..."` is ARCHIVIST_STORE__URI;
    a None value is no override (an option the user did not give).
    """
    return Settings(**nested_overrides(overrides))


def with_overrides(settings: Settings, **overrides: Any) -> Settings:
    """A copy of `settings` with the overrides applied and validated; `settings` itself is unchanged."""
    merged = _deep_merge(settings.model_dump(), nested_overrides(overrides))
    return type(settings).model_validate(merged)


def nested_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """`{"store__uri": "x", "replay": True}` as `{"store": {"uri": "x"}, "replay": True}`, None values left out."""
    nested: dict[str, Any] = {}
    for key, value in overrides.items():
        if value is None:
            continue
        *sections, name = key.split(OVERRIDE_DELIMITER)
        target = nested
        for section in sections:
            target = target.setdefault(section, {})
        target[name] = value.model_dump() if isinstance(value, BaseModel) else value
    return nested


def _deep_merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        merged[key] = _deep_merge(merged[key], value) if isinstance(value, dict) and isinstance(
            merged.get(key), dict) else value
    return merged
