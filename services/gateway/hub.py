"""Fan-out of PostgreSQL notifications (projection writes) to the streams that want them: a
seat's stream hears only its own seat's views and rulings."""

import asyncio
from collections import defaultdict
from contextlib import suppress

import asyncpg
import msgspec

from projections.announce import CHANNEL, RulingNotice, ViewNotice

Notice = ViewNotice | RulingNotice
_Seat = tuple[str, int | None]  # (match_id, seat)

_views = msgspec.json.Decoder(list[ViewNotice])
_rulings = msgspec.json.Decoder(list[RulingNotice])


class Hub:
    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self._listeners: dict[_Seat, set[asyncio.Queue[Notice]]] = defaultdict(set)
        self._conn: asyncpg.Connection | None = None

    async def start(self) -> None:
        self._conn = await asyncpg.connect(self.database_url)
        await self._conn.add_listener(CHANNEL, self._heard)

    async def stop(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        notices: list[Notice] = [*(_views if kind == "views" else _rulings).decode(rest)]
        for notice in notices:
            for queue in self._listeners.get((notice.match_id, notice.seat), ()):
                with suppress(asyncio.QueueFull):  # a stalled stream re-reads the latest view
                    queue.put_nowait(notice)

    def subscribe(
        self, match_id: str, seat: int | None, queue: asyncio.Queue[Notice] | None = None
    ) -> asyncio.Queue[Notice]:
        """A queue for the seat's notices: a new one, or `queue` (one listener, several seats)."""
        if queue is None:
            queue = asyncio.Queue(maxsize=1000)
        self._listeners[(match_id, seat)].add(queue)
        return queue

    def unsubscribe(self, match_id: str, seat: int | None, queue: asyncio.Queue[Notice]) -> None:
        key = (match_id, seat)
        self._listeners[key].discard(queue)
        if not self._listeners[key]:
            del self._listeners[key]
