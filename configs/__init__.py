"""Typed settings and the TOML files they are read from."""

from archivist.configs.settings import Settings, load_settings

__all__ = ["Settings", "load_settings"]
