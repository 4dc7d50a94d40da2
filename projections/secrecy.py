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


def _seed_in_json(match: MatchRecord) -> bytes:
    """The seed as it appears inside a JSON string: escaped, without the quotes."""
    return encode(match.seed)[1:-1]


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
    if match.over or _seed_in_json(match) not in body:
        return body, False
    return encode(_swap(msgspec.json.decode(body), match.seed, placeholder(match))), True


async def unseal_rows(
    conn: asyncpg.Connection, table: str, column: str, matches: list[MatchRecord]
) -> None:
    """Put each (now revealed) seed back into its match's sealed rows of `table`, in one
    statement. The placeholder is plain text (a hex digest), so replacing it in the JSON text
    with the seed as JSON escapes it is the same as replacing it inside every string."""
    if not matches:
        return
    await conn.execute(
        f"UPDATE {table} AS t SET {column} = replace(t.{column}::text, u.placeholder,"
        f" u.seed)::jsonb, sealed = false"
        f" FROM unnest($1::text[], $2::text[], $3::text[]) AS u(match_id, placeholder, seed)"
        f" WHERE t.match_id = u.match_id AND t.sealed",
        [m.match_id for m in matches],
        [placeholder(m) for m in matches],
        [_seed_in_json(m).decode() for m in matches],
    )
