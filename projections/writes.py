"""A batch's writes as statements PostgreSQL runs one after another inside a single statement
(`starledger_write`, migration 0127), so a batch costs its worker one round trip however many
read models and tables it touches. Each statement reads its data as `$1` (JSON): rows travel
as a JSON array of objects, read back typed by `json_to_recordset`."""

from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

_encoder = msgspec.json.Encoder()
_JSON_TYPES = ("json", "jsonb")


class Write(msgspec.Struct, frozen=True):
    sql: str  # reads its data as $1, of type json
    data: Any  # encoded as JSON; a str or bytes already JSON goes as msgspec.Raw


async def run(conn: asyncpg.Connection, writes: Sequence[Write]) -> None:
    """Run `writes` in order, in one statement: all of them take effect or none."""
    if writes:
        await conn.execute(
            "SELECT starledger_write($1::text[], $2::json[])",
            [w.sql for w in writes],
            [_encoder.encode(w.data).decode() for w in writes],
        )


def insert(table: str, columns: dict[str, str], rows: list[tuple[Any, ...]]) -> list[Write]:
    """Insert `rows` (values in the order of `columns`, which maps names to SQL types)."""
    if not rows:
        return []
    sql = f"INSERT INTO {table} ({', '.join(columns)}) {_select(columns)}"
    return [Write(sql, _objects(columns, rows))]


def upsert(
    table: str, key: tuple[str, ...], columns: dict[str, str], rows: list[tuple[Any, ...]]
) -> list[Write]:
    """Insert `rows` (as in `insert`) into `table`, replacing the other columns of rows whose
    `key` is there already. Each key appears at most once in `rows`."""
    if not rows:
        return []
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c not in key)
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)}) {_select(columns)}"
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )
    return [Write(sql, _objects(columns, rows))]


def update(
    table: str, key: tuple[str, ...], columns: dict[str, str], rows: list[tuple[Any, ...]]
) -> list[Write]:
    """Set the other columns of the rows of `table` found by `key`; `rows` as in `insert`.
    Each key appears at most once in `rows`."""
    if not rows:
        return []
    sets = ", ".join(f"{c} = u.{c}" for c in columns if c not in key)
    matches = " AND ".join(f"t.{c} = u.{c}" for c in key)
    sql = f"UPDATE {table} AS t SET {sets} FROM ({_select(columns)}) AS u WHERE {matches}"
    return [Write(sql, _objects(columns, rows))]


def _select(columns: dict[str, str]) -> str:
    """The rows of $1 as typed columns; bytea travels as base64, as msgspec encodes bytes."""
    shown = ", ".join(
        f"decode(u.{c}, 'base64') AS {c}" if kind == "bytea" else f"u.{c}"
        for c, kind in columns.items()
    )
    typed = ", ".join(f"{c} {'text' if kind == 'bytea' else kind}" for c, kind in columns.items())
    return f"SELECT {shown} FROM json_to_recordset($1) AS u({typed})"


def _objects(columns: dict[str, str], rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Rows as JSON objects; a JSON column's value, JSON text already, goes in as it is."""
    raw = [kind in _JSON_TYPES for kind in columns.values()]
    return [
        {
            c: msgspec.Raw(v) if j and v is not None else v
            for c, j, v in zip(columns, raw, row, strict=True)
        }
        for row in rows
    ]
