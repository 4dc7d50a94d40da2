"""How far behind the log end each projection is, in records, entries and seconds, and whether
its rows came from the log the broker holds now."""

import asyncio
import time

import asyncpg
import msgspec

from projections import log_end, offsets
from projections.projection import Projection
from services.settings import Settings


class Lag(msgspec.Struct, frozen=True):
    projection: str
    records: int
    entries: int
    seconds: float  # how long the oldest record it has not projected has been on the log
    another_log: bool = False  # built from a log the broker no longer holds: rebuild it


async def lags(
    settings: Settings, pool: asyncpg.Pool, projections: list[type[Projection]]
) -> list[Lag]:
    stored = await offsets.positions(pool, settings.match_log_topic)
    heads = await offsets.log_heads(pool, settings.match_log_topic)
    starts = {p: min(stored.get((proj.name, p), 0) for proj in projections) for _, p in stored}
    tails, logs = await asyncio.gather(
        log_end.tails(settings, starts),
        log_end.identities(settings, sorted({p for _, p in heads})),
    )
    now_ms = time.time() * 1000
    found = []
    for proj in projections:
        records = entries = 0
        oldest: int | None = None
        for p, tail in tails.items():
            r, e, first = tail.behind(stored.get((proj.name, p), 0))
            records, entries = records + r, entries + e
            if first is not None and (oldest is None or first < oldest):
                oldest = first
        seconds = 0.0 if oldest is None else max(0.0, (now_ms - oldest) / 1000)
        another = any(logs[p] != head for (name, p), head in heads.items() if name == proj.name)
        found.append(Lag(proj.name, records, entries, round(seconds, 3), another))
    return found


async def caught_up(
    pool: asyncpg.Pool, topic: str, projections: list[type[Projection]], ends: dict[int, int]
) -> bool:
    """Whether every projection has stored offsets at or past `ends` on every partition."""
    stored = await offsets.positions(pool, topic)
    return all(
        stored.get((proj.name, p), 0) >= end
        for proj in projections
        for p, end in ends.items()
        if end > 0
    )
