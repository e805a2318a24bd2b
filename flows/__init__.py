"""Prefect flows (ingest, consolidate, rescore, evaluate), the CLI, deployments and schedules."""

import archivist  # noqa: F401  (sets Prefect's environment defaults before prefect is imported)
