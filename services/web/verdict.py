"""The replay's "verify": a finished match re-judged from its log, as `starledger verify` does,
off the event loop, one at a time (it is CPU work), each match's verdict kept once found.
It reads the archive's whole log, seed and all: a finished match's alone, whose seed and
sealed choices its end revealed (issue 43's exception for replays of finished matches)."""

import asyncio
from typing import Any

import asyncpg
import msgspec

from events.match import ContentChanged
from projections import replay
from services.rules.rejudge import Unverifiable, check_version, verify

KEPT = 1_000  # verdicts remembered: a finished match's log does not change


class Verdict(msgspec.Struct, frozen=True):
    entries: int
    ok: bool
    seq: int = 0  # the first entry the judge would not have written
    what: str = ""  # how it differs, or why it cannot be re-judged here


_lock = asyncio.Lock()
_found: dict[str, Verdict] = {}


def _judged(match_id: str, entries: list[Any]) -> Verdict:
    try:
        check_version(match_id, entries)
        found = verify(entries)
    except (Unverifiable, ContentChanged) as error:
        return Verdict(len(entries), False, 0, str(error))
    if found is None:
        return Verdict(len(entries), True)
    return Verdict(len(entries), False, found.seq, found.what)


async def rejudged(pool: asyncpg.Pool, match_id: str, last_seq: int) -> Verdict:
    """The verdict on the match's entries up to `last_seq`, its end as the lobby has it."""
    async with _lock:
        if (kept := _found.get(match_id)) is not None:
            return kept
        entries = await replay.entries(pool, match_id)
        if not entries or entries[-1].seq < last_seq:
            return Verdict(len(entries), False, 0, "the replay has not caught up: ask again")
        verdict = await asyncio.to_thread(_judged, match_id, entries)
        if len(_found) >= KEPT:
            _found.pop(next(iter(_found)))
        _found[match_id] = verdict
        return verdict
