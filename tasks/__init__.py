"""The steps of the pipeline: plain functions, with thin Prefect @task wrappers where flows need them."""
