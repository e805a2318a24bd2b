"""tasks/ingest"""
