"""Arrow tables as Polars frames, typed."""

from __future__ import annotations

import polars as pl
import pyarrow as pa


def arrow_frame(table: pa.Table) -> pl.DataFrame:
    """`pl.from_arrow` of a Table; its stubs say `DataFrame | Series` because an Array would give a Series."""
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame
