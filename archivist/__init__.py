"""archivist: archived conversations in, a curated and auditable memory store out.

The code lives in the top-level folders the design card fixes (flows/, tasks/, storage/, configs/),
installed as subpackages of this namespace. Importing it changes nothing in the process: Prefect's settings
for a run are applied where a run starts (flows/runtime.py).
"""

__version__ = "0.1.0"
