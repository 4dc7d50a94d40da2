"""Keeping a match's seed out of read models until the match reveals it.

The seed has one place on the log, the match's `MatchCreated` entry: rulesets draw chance
through the judge and never hold it, and a create's ruling records what was asked without
it. So that entry alone is stored with `sealed:<seed commitment>` for its seed (the
commitment is public from the start, so the placeholder says which seed it stands for) and
marked sealed; when the match reveals its seed, the entry gets it back.
"""

from typing import Any

import asyncpg
import msgspec

from events.codec import encode
from events.envelope import MatchCreated
from events.match import MatchRecord


def sealed(body: Any, match: MatchRecord) -> tuple[bytes, bool]:
    """The entry body as JSON, its seed sealed unless the match has revealed it; and whether
    it was sealed."""
    if isinstance(body, MatchCreated) and not match.over:
        placeholder = f"sealed:{match.seed_commitment}"
        return encode(msgspec.structs.replace(body, seed=placeholder)), True
    return encode(body), False


async def unseal(conn: asyncpg.Connection, matches: list[MatchRecord]) -> None:
    """Give each (now revealed) seed back to its match's sealed archive row, in one statement."""
    if not matches:
        return
    await conn.execute(
        "UPDATE archive AS a SET body = jsonb_set(a.body, '{seed}', to_jsonb(u.seed)),"
        " sealed = false FROM unnest($1::text[], $2::text[]) AS u(match_id, seed)"
        " WHERE a.match_id = u.match_id AND a.sealed",
        [m.match_id for m in matches],
        [m.seed for m in matches],
    )
