"""A batch's writes as statements PostgreSQL runs one after another inside a single statement
(`starledger_write`, migration 0127), so a batch costs its worker one round trip however many
read models and tables it touches. Each statement reads its data as `$1` (JSON): rows travel
as a JSON array of objects, read back typed by `json_to_recordset`. A helper's statement
with more than BULK_FROM rows (a backlog's) sends them instead in PostgreSQL's binary form: an
insert's copied straight into its table, the others' as a typed array per column read back by
`unnest`. No JSON to write or parse, one round trip more each."""

from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

_encoder = msgspec.json.Encoder()
_JSON_TYPES = ("json", "jsonb")
BULK_FROM = 100  # rows in one helper's statement


class Rows(msgspec.Struct, frozen=True):
    """A helper's rows as given, until `run` chooses how they travel."""

    columns: dict[str, str]  # name -> SQL type
    values: list[tuple[Any, ...]]
    into: str | None = None  # an insert's table: a bulk of them is copied straight into it


class Write(msgspec.Struct, frozen=True):
    sql: str  # reads its data as $1, of type json
    data: Any  # encoded as JSON; a str or bytes already JSON goes as msgspec.Raw; or Rows
    bulk: str | None = None  # for Rows not copied: the statement reading an array per column


async def run(conn: asyncpg.Connection, writes: Sequence[Write]) -> None:
    """Run `writes` in order: all of them take effect or none. In one statement, unless some
    go in bulk: then in a transaction, the others still together between them."""
    if not any(_in_bulk(w) for w in writes):
        await _together(conn, writes)
        return
    async with conn.transaction():
        together: list[Write] = []
        for write in writes:
            if not _in_bulk(write):
                together.append(write)
                continue
            await _together(conn, together)
            together = []
            rows = write.data
            if write.bulk is None:  # an insert's: copied into its table
                copied = _binary(rows.columns, rows.values)
                await conn.copy_records_to_table(rows.into, records=copied, columns=[*rows.columns])
            else:
                await conn.execute(write.bulk, *_arrays(rows.columns, rows.values))
        await _together(conn, together)


def _in_bulk(write: Write) -> bool:
    return isinstance(write.data, Rows) and len(write.data.values) > BULK_FROM


async def _together(conn: asyncpg.Connection, writes: Sequence[Write]) -> None:
    if writes:
        await conn.execute(
            "SELECT starledger_write($1::text[], $2::json[])",
            [w.sql for w in writes],
            [_encoder.encode(_as_json(w.data)).decode() for w in writes],
        )


def insert(table: str, columns: dict[str, str], rows: list[tuple[Any, ...]]) -> list[Write]:
    """Insert `rows` (values in the order of `columns`, which maps names to SQL types)."""
    if not rows:
        return []
    into = f"INSERT INTO {table} ({', '.join(columns)})"
    return [_write(f"{into} {{rows}}", columns, rows, table)]


def upsert(
    table: str,
    key: tuple[str, ...],
    columns: dict[str, str],
    rows: list[tuple[Any, ...]],
    where: str = "",
) -> list[Write]:
    """Insert `rows` (as in `insert`) into `table`, replacing the other columns of rows whose
    `key` is there already; only those for which `where` (SQL over a row as `u`) holds, if
    given. Each key appears at most once in `rows`."""
    if not rows:
        return []
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c not in key)
    source = f"SELECT * FROM ({{rows}}) AS u WHERE {where}" if where else "{rows}"
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)}) {source}"
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )
    return [_write(sql, columns, rows)]


def update(
    table: str, key: tuple[str, ...], columns: dict[str, str], rows: list[tuple[Any, ...]]
) -> list[Write]:
    """Set the other columns of the rows of `table` found by `key`; `rows` as in `insert`.
    Each key appears at most once in `rows`."""
    if not rows:
        return []
    sets = ", ".join(f"{c} = u.{c}" for c in columns if c not in key)
    matches = " AND ".join(f"t.{c} = u.{c}" for c in key)
    sql = f"UPDATE {table} AS t SET {sets} FROM ({{rows}}) AS u WHERE {matches}"
    return [_write(sql, columns, rows)]


def _write(
    sql: str, columns: dict[str, str], rows: list[tuple[Any, ...]], into: str | None = None
) -> Write:
    """`sql` reading its rows where it says {rows} from JSON; in bulk, copied `into` a table,
    else read from arrays."""
    if any(len(row) != len(columns) for row in rows):
        raise ValueError(f"rows of {len(columns)} values expected: {', '.join(columns)}")
    bulk = None if into else sql.replace("{rows}", _from_arrays(columns))
    return Write(sql.replace("{rows}", _from_json(columns)), Rows(columns, rows, into), bulk)


def _from_json(columns: dict[str, str]) -> str:
    """The rows of $1 as typed columns; bytea travels as base64, as msgspec encodes bytes."""
    shown = ", ".join(
        f"decode(u.{c}, 'base64') AS {c}" if kind == "bytea" else f"u.{c}"
        for c, kind in columns.items()
    )
    typed = ", ".join(f"{c} {'text' if kind == 'bytea' else kind}" for c, kind in columns.items())
    return f"SELECT {shown} FROM json_to_recordset($1) AS u({typed})"


def _from_arrays(columns: dict[str, str]) -> str:
    """The rows of $1, $2, ... (an array of each column's type) as columns."""
    arrays = ", ".join(f"${i}::{kind}[]" for i, kind in enumerate(columns.values(), 1))
    names = ", ".join(columns)
    return f"SELECT {names} FROM unnest({arrays}) AS u({names})"


def _as_json(data: Any) -> Any:
    return _objects(data.columns, data.values) if isinstance(data, Rows) else data


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


def _binary(columns: dict[str, str], rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Rows as PostgreSQL's binary codecs take them: a JSON column's value as a str."""
    texts = [i for i, kind in enumerate(columns.values()) if kind in _JSON_TYPES]
    if not texts:
        return rows
    binary = []
    for row in rows:  # a loop over the JSON columns alone: a backlog's rows are many
        values = list(row)
        for i in texts:
            if isinstance(values[i], bytes):
                values[i] = values[i].decode()
        binary.append(tuple(values))
    return binary


def _arrays(columns: dict[str, str], rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    """Rows as one list per column, each value as in `_binary`."""
    return [list(column) for column in zip(*_binary(columns, rows), strict=True)]
