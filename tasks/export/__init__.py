"""Exporting store tables for analytics tools: Parquet partitioned by tenant and date."""
