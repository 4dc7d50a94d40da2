"""Writing a batch's rows by key in one statement, whatever the batch's size: the rows travel
as one array per column and are unnested, so a batch costs one round trip and one plan."""

from typing import Any

import asyncpg


async def upsert(
    conn: asyncpg.Connection,
    table: str,
    key: tuple[str, ...],
    columns: dict[str, str],
    rows: list[tuple[Any, ...]],
) -> None:
    """Insert `rows` (values in the order of `columns`, which maps names to SQL types) into
    `table`, replacing the other columns of rows whose `key` is there already."""
    if not rows:
        return
    names = ", ".join(columns)
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c not in key)
    await conn.execute(
        f"INSERT INTO {table} ({names}) SELECT * FROM {_unnest(columns)}"
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}",
        *_by_column(rows),
    )


async def update(
    conn: asyncpg.Connection,
    table: str,
    key: tuple[str, ...],
    columns: dict[str, str],
    rows: list[tuple[Any, ...]],
) -> None:
    """Set the other columns of the rows of `table` found by `key`; `rows` as in `upsert`.
    Each key appears at most once in `rows`."""
    if not rows:
        return
    sets = ", ".join(f"{c} = u.{c}" for c in columns if c not in key)
    matches = " AND ".join(f"t.{c} = u.{c}" for c in key)
    await conn.execute(
        f"UPDATE {table} AS t SET {sets} FROM {_unnest(columns)} AS u({', '.join(columns)})"
        f" WHERE {matches}",
        *_by_column(rows),
    )


def _unnest(columns: dict[str, str]) -> str:
    """`unnest` of one array parameter per column, in order."""
    arrays = ", ".join(f"${i}::{kind}[]" for i, kind in enumerate(columns.values(), 1))
    return f"unnest({arrays})"


def _by_column(rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    return [list(values) for values in zip(*rows, strict=True)]
