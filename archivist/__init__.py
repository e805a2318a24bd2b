"""archivist: archived conversations in, a curated and auditable memory store out.

The code lives in the top-level folders the design card fixes (flows/, tasks/, storage/, configs/),
installed as subpackages of this namespace.
"""

import os

__version__ = "0.1.0"

# Prefect's temporary API server migrates its database on first use, which takes longer than the
# default 20 s startup timeout on a small machine; without this the very first run on a fresh
# machine fails. Telemetry would try DNS and log an error on an offline machine.
os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "180")
os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
