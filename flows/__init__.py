"""Prefect flows (ingest, consolidate, rescore, evaluate), the CLI, deployments and schedules."""
