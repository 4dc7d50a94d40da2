"""Fan-out of PostgreSQL notifications (projection writes) to the streams that want them: a
seat's stream hears only its own seat's views and rulings. It also hears when a match's seats
change hands or a token is revoked, tells the gateway to forget what it remembered, and asks
the streams concerned to check that their token still holds their seat (`Recheck`). Its
connection of its own is watched: once lost, it listens again (backing off while the database
does not answer), then reads the revocations it missed from the tokens table, forgets every
match's seats, and ends every open stream (`Rejoin`): its client reconnects and resumes after
its Last-Event-ID, so no view or ruling missed meanwhile stays unheard."""

import asyncio
from collections import defaultdict
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime

import asyncpg
import msgspec
import structlog

from projections.announce import CHANNEL, RulingNotice, ViewNotice
from services.gateway.tokens import TOKENS_CHANNEL, revoked_since

log = structlog.get_logger("gateway")

SEATS_CHANNEL = "starledger_seats"  # payload: a match id (migration 0120)
LISTENER = "starledger-gateway-listen"  # its application_name, as pg_stat_activity shows it
CHECK_S = 15.0  # a connection lost without a word (a dead network) is found by asking it
ANSWER_S = 5.0
RETRY_FIRST_S, RETRY_MOST_S = 0.5, 30.0


class Recheck(msgspec.Struct, frozen=True):
    """The stream's token or its match's seats changed: is the token still the seat's?"""


class Rejoin(msgspec.Struct, frozen=True):
    """The hub was deaf for a while: end the stream so its client reconnects and resumes."""


Notice = ViewNotice | RulingNotice | Recheck | Rejoin
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
        forget_seatings: Callable[[], None],
    ) -> None:
        self.database_url = database_url
        self._forget_match, self._forget_token = forget_match, forget_token
        self._forget_seatings = forget_seatings
        self._listeners: dict[_Seat, set[Queue]] = defaultdict(set)
        self._by_token: dict[str, set[Queue]] = defaultdict(set)
        self._conn: asyncpg.Connection
        self._listening_since: datetime  # the database's time when the connection listened
        self._lost = asyncio.Event()
        self._watch: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._conn, self._listening_since, _ = await self._listen()
        self._watch = asyncio.create_task(self._keep_listening())

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with suppress(asyncio.CancelledError):
                await self._watch
            await self._conn.close()

    async def _listen(
        self, missed_since: datetime | None = None
    ) -> tuple[asyncpg.Connection, datetime, list[tuple[str, str]]]:
        """A connection listening on every channel, the database's time once it listens, and
        the tokens revoked since `missed_since` (what a lost connection did not hear)."""
        conn = await asyncpg.connect(
            self.database_url, server_settings={"application_name": LISTENER}
        )
        try:
            await conn.add_listener(CHANNEL, self._heard)
            await conn.add_listener(SEATS_CHANNEL, self._seats_changed)
            await conn.add_listener(TOKENS_CHANNEL, self._token_revoked)
            conn.add_termination_listener(lambda _conn: self._lost.set())
            since: datetime = await conn.fetchval("SELECT now()")
            missed = [] if missed_since is None else await revoked_since(conn, missed_since)
        except BaseException:
            conn.terminate()
            raise
        return conn, since, missed

    async def _keep_listening(self) -> None:
        """Woken when a connection closes, or every CHECK_S: listen again unless it answers."""
        while True:
            self._lost.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self._lost.wait(), CHECK_S)
            if not await self._answers():
                log.warning("gateway_listen_lost", since=self._listening_since.isoformat())
                self._conn.terminate()
                await self._listen_again()

    async def _answers(self) -> bool:
        try:
            await asyncio.wait_for(self._conn.fetchval("SELECT 1"), ANSWER_S)
        except Exception:  # closed, broken or silent: all the same here
            return False
        return True

    async def _listen_again(self) -> None:
        """Listen on a new connection, backing off while that fails; then forget the tokens
        revoked since the lost one began listening (the new one hears what follows)."""
        wait_s = RETRY_FIRST_S
        while True:
            try:
                conn, since, missed = await self._listen(self._listening_since)
                break
            except Exception as error:  # whatever fails, the gateway must listen again
                log.warning("gateway_listen_retry", in_s=wait_s, error=repr(error))
                await asyncio.sleep(wait_s)
                wait_s = min(wait_s * 2, RETRY_MOST_S)
        self._conn, self._listening_since = conn, since
        for key, match_id in missed:
            self._forget_token(key, match_id)
        self._forget_seatings()
        streams = {queue for queues in self._listeners.values() for queue in queues}
        for queue in streams:
            _put(queue, Rejoin())
        log.info("gateway_listen_restored", revoked_meanwhile=len(missed), streams=len(streams))

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
    if isinstance(notice, Recheck | Rejoin) and queue.full():
        queue.get_nowait()  # a check of its token must reach even a stalled stream
    with suppress(asyncio.QueueFull):  # a stalled stream re-reads the latest view
        queue.put_nowait(notice)
