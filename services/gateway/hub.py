"""Fan-out of PostgreSQL notifications (projection writes) to the streams that want them."""

import asyncio
from collections import defaultdict
from contextlib import suppress

import asyncpg

CHANNEL = "starledger"  # "view <match> <seat> <seq>", "ruling <match> <decision>", "replay …"


class Hub:
    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._listeners: dict[str, set[asyncio.Queue[tuple[str, ...]]]] = defaultdict(set)
        self._conn: asyncpg.Connection | None = None

    async def start(self) -> None:
        self._conn = await asyncpg.connect(self.database_url)
        await self._conn.add_listener(CHANNEL, self._heard)

    async def stop(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        kind, match_id, *rest = payload.split(" ")
        for queue in self._listeners.get(match_id, ()):
            with suppress(asyncio.QueueFull):  # a stalled stream re-reads the latest view anyway
                queue.put_nowait((kind, *rest))

    def subscribe(self, match_id: str) -> asyncio.Queue[tuple[str, ...]]:
        queue: asyncio.Queue[tuple[str, ...]] = asyncio.Queue(maxsize=1000)
        self._listeners[match_id].add(queue)
        return queue

    def unsubscribe(self, match_id: str, queue: asyncio.Queue[tuple[str, ...]]) -> None:
        self._listeners[match_id].discard(queue)
        if not self._listeners[match_id]:
            del self._listeners[match_id]
