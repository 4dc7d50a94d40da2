"""Keeping a match's seed out of read models until the match reveals it.

Rows that would show the seed get `sealed:<seed commitment>` in its place (the commitment
is public from the start, so the placeholder says which seed it stands for) and are marked
sealed; when the match reveals its seed, those rows get it back.
"""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.match import MatchRecord


def placeholder(match: MatchRecord) -> str:
    return f"sealed:{match.seed_commitment}"


def _swap(tree: Any, old: str, new: str) -> Any:
    if isinstance(tree, str):
        return tree.replace(old, new)
    if isinstance(tree, list):
        return [_swap(item, old, new) for item in tree]
    if isinstance(tree, dict):
        return {_swap(k, old, new): _swap(v, old, new) for k, v in tree.items()}
    return tree


def seal(body: bytes, match: MatchRecord) -> tuple[bytes, bool]:
    """The JSON `body` with the seed sealed unless the match has revealed it; and whether it
    was sealed. Any string holding the seed, even inside a longer one, is covered."""
    if match.over or encode(match.seed)[1:-1] not in body:
        return body, False
    return encode(_swap(msgspec.json.decode(body), match.seed, placeholder(match))), True


def unseal(body: str, match: MatchRecord) -> str:
    """A sealed JSON text with the (now revealed) seed put back."""
    return encode(_swap(msgspec.json.decode(body), placeholder(match), match.seed)).decode()


async def unseal_rows(
    conn: asyncpg.Connection, table: str, key: str, column: str, match: MatchRecord
) -> None:
    """Put a revealed seed back into the match's sealed rows of `table` (keyed by match_id
    and `key`)."""
    rows = await conn.fetch(
        f"SELECT {key} AS key, {column}::text AS body FROM {table} WHERE match_id = $1 AND sealed",
        match.match_id,
    )
    await conn.executemany(
        f"UPDATE {table} SET {column} = $3::jsonb, sealed = false"
        f" WHERE match_id = $1 AND {key} = $2",
        [(match.match_id, r["key"], unseal(r["body"], match)) for r in rows],
    )
