"""`starledger verify`: re-judge a whole match from its archived entries (services/rules/rejudge)
and say OK or name the first entry the judge would not have written."""

import asyncio
import sys
import time
from typing import Any

import asyncpg

from events.envelope import Entry
from events.match import ContentChanged
from projections import replay
from services.client.http import ClientError
from services.rules.rejudge import Unverifiable, check_version, verify
from services.settings import load_settings


async def archived(database_url: str, match_id: str) -> list[Entry[Any]]:
    """Every entry of a match as the replay read model keeps it, seed included."""
    try:
        conn = await asyncpg.connect(database_url)
    except (OSError, asyncpg.PostgresError) as error:
        raise ClientError(f"PostgreSQL at {database_url} does not answer: {error}") from None
    try:
        return await replay.entries(conn, match_id)
    finally:
        await conn.close()


class Counter:
    """`verified 1200/5000 entries` on stderr, a few times a second, when it is a terminal."""

    def __init__(self, total: int) -> None:
        self.total, self.shown_at = total, 0.0
        self.live = sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        if self.live and (time.monotonic() - self.shown_at > 0.25 or done == self.total):
            self.shown_at = time.monotonic()
            print(f"\rverified {done}/{self.total} entries", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.live:
            print(file=sys.stderr)


def run(match_id: str) -> int:
    entries = asyncio.run(archived(load_settings().database_url, match_id))
    if not entries:
        raise ClientError(f"no entries of match {match_id!r} in the archive")
    counter = Counter(entries[-1].seq)
    try:
        check_version(match_id, entries)
        found = verify(entries, counter)
    except Unverifiable as error:
        raise ClientError(str(error)) from None
    except ContentChanged as error:
        raise ClientError(f"match {match_id} cannot be re-judged here: {error}") from None
    finally:
        counter.close()
    if found is None:
        pinned = entries[0].body.content_digest
        data = f" and the data pinned at its start (sha256 {pinned[:16]}…)" if pinned else ""
        print(
            f"OK: match {match_id}, {len(entries)} entries re-judged with "
            f"{entries[0].ruleset} version {entries[0].ruleset_version}{data}, every one the same"
        )
        return 0
    print(f"DIFFERS: entry {found.seq} of match {match_id} {found.what}")
    return 1
