"""Fan-out of PostgreSQL notifications (projection writes) to the streams that want them: a
seat's stream hears only its own seat's views and rulings. It also hears when a match's seats
change hands or a token is revoked, tells the gateway to forget what it remembered, and asks
the streams concerned to check that their token still holds their seat (`Recheck`)."""

import asyncio
from collections import defaultdict
from collections.abc import Callable
from contextlib import suppress

import asyncpg
import msgspec

from projections.announce import CHANNEL, RulingNotice, ViewNotice
from services.gateway.tokens import TOKENS_CHANNEL

SEATS_CHANNEL = "starledger_seats"  # payload: a match id (migration 0120)


class Recheck(msgspec.Struct, frozen=True):
    """The stream's token or its match's seats changed: is the token still the seat's?"""


Notice = ViewNotice | RulingNotice | Recheck
_Seat = tuple[str, int | None]  # (match_id, seat)
Queue = asyncio.Queue[Notice]

_views = msgspec.json.Decoder(list[ViewNotice])
_rulings = msgspec.json.Decoder(list[RulingNotice])


class Hub:
    def __init__(
        self,
        database_url: str,
        forget_match: Callable[[str], None],
        forget_token: Callable[[str, str], None],
    ) -> None:
        self.database_url = database_url
        self._forget_match, self._forget_token = forget_match, forget_token
        self._listeners: dict[_Seat, set[Queue]] = defaultdict(set)
        self._by_token: dict[str, set[Queue]] = defaultdict(set)
        self._conn: asyncpg.Connection | None = None

    async def start(self) -> None:
        self._conn = await asyncpg.connect(self.database_url)
        await self._conn.add_listener(CHANNEL, self._heard)
        await self._conn.add_listener(SEATS_CHANNEL, self._seats_changed)
        await self._conn.add_listener(TOKENS_CHANNEL, self._token_revoked)

    async def stop(self) -> None:
        if self._conn is not None:
            await self._conn.close()

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        notices: list[Notice] = [*(_views if kind == "views" else _rulings).decode(rest)]
        for notice in notices:
            for queue in self._listeners.get((notice.match_id, notice.seat), ()):
                _put(queue, notice)

    def _seats_changed(self, _conn: object, _pid: int, _channel: str, match_id: str) -> None:
        self._forget_match(match_id)

    def _token_revoked(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        key, _, match_id = payload.partition(" ")
        self._forget_token(key, match_id)

    def recheck_match(self, match_id: str) -> None:
        for (match, _), queues in list(self._listeners.items()):
            if match == match_id:
                for queue in queues:
                    _put(queue, Recheck())

    def recheck_token(self, key: str) -> None:
        for queue in self._by_token.get(key, ()):
            _put(queue, Recheck())

    def subscribe(
        self,
        match_id: str,
        seat: int | None,
        queue: Queue | None = None,
        token_key: str | None = None,
    ) -> Queue:
        """A queue for the seat's notices: a new one, or `queue` (one listener, several seats);
        `token_key`: the digest of the token it reads with, so revoking it ends the stream."""
        if queue is None:
            queue = asyncio.Queue(maxsize=1000)
        self._listeners[(match_id, seat)].add(queue)
        if token_key is not None:
            self._by_token[token_key].add(queue)
        return queue

    def unsubscribe(
        self, match_id: str, seat: int | None, queue: Queue, token_key: str | None = None
    ) -> None:
        key = (match_id, seat)
        self._listeners[key].discard(queue)
        if not self._listeners[key]:
            del self._listeners[key]
        if token_key is not None:
            self._by_token[token_key].discard(queue)
            if not self._by_token[token_key]:
                del self._by_token[token_key]


def _put(queue: Queue, notice: Notice) -> None:
    if isinstance(notice, Recheck) and queue.full():
        queue.get_nowait()  # a check of its token must reach even a stalled stream
    with suppress(asyncio.QueueFull):  # a stalled stream re-reads the latest view
        queue.put_nowait(notice)
