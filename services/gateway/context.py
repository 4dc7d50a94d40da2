"""What every request handler shares: the pool, the submitter, the push hub, the limits."""

import uuid
from contextlib import AsyncExitStack

import asyncpg
import structlog
from litestar import Request
from litestar.datastructures import State

from services import db
from services.gateway import reads, tokens
from services.gateway.hub import Hub
from services.gateway.limits import RateLimit, StreamLimit
from services.gateway.recent import Recent
from services.gateway.submit import Submitter
from services.settings import Settings

log = structlog.get_logger("gateway")

READS_PER_S = 50  # per token, or per address without one: a page and its polls fit well within
STREAMS_PER_TOKEN = 4  # a player's tabs and devices; each holds a queue and a connection

# Entries per memo: every seat in play on a busy gateway; past it, the least used is read again.
REMEMBERED = 100_000


class Context:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.submitter = Submitter(settings)
        self.hub = Hub(settings.database_url)
        self.limiter = RateLimit(per_second=20)  # decisions
        self.read_limiter = RateLimit(per_second=READS_PER_S)
        self.streams = StreamLimit(most=STREAMS_PER_TOKEN)
        self._holders: Recent[str, tokens.Holder] = Recent(REMEMBERED)  # by token digest
        self._seated: Recent[str, bool] = Recent(REMEMBERED)  # claims the log accepted
        self._games: Recent[str, str] = Recent(REMEMBERED)  # match -> its game
        self._running = AsyncExitStack()  # stops what started, so a failed start shows its cause
        self._players: Recent[str, list[str | None]] = Recent(REMEMBERED)  # once all are held
        self.pool: asyncpg.Pool

    async def start(self) -> None:
        # no reset round trip: handlers never LISTEN, SET or lock (the hub has its own link)
        try:
            self.pool = await db.connect(self.settings.database_url, size=8, reset=False)
        except db.DatabaseUnavailable as error:
            log.error("gateway_cannot_start", reason=str(error))  # one plain line first
            raise
        self._running.push_async_callback(self.pool.close)
        await db.migrate(self.pool)
        await self.submitter.start()
        self._running.push_async_callback(self.submitter.stop)
        await self.hub.start()
        self._running.push_async_callback(self.hub.stop)

    async def stop(self) -> None:
        await self._running.aclose()

    async def holder_of(self, token: str) -> tokens.Holder | None:
        key = tokens.digest(token)
        if (holder := self._holders.get(key)) is None:
            holder = await tokens.holder_of(self.pool, token)
            if holder is not None:
                self._holders.put(key, holder)
        return holder

    async def seat_is_held(self, holder: tokens.Holder) -> bool:
        claim = holder.claim_decision_id
        if claim is not None and self._seated.get(claim):
            return True
        held = await tokens.seat_is_held(self.pool, holder)
        if held and claim is not None:
            self._seated.put(claim, True)
        return held

    async def game_of(self, match_id: str) -> str | None:
        """The match's game, or None while the lobby does not know the match."""
        if (game := self._games.get(match_id)) is None:
            game = await reads.game(self.pool, match_id)
            if game is not None:
                self._games.put(match_id, game)
        return game

    async def players_of(self, match_id: str) -> list[str | None] | None:
        """The match's seat holders (None: open), or None while the lobby does not know it."""
        if (players := self._players.get(match_id)) is None:
            row = await reads.match(self.pool, match_id)
            if row is None:
                return None
            players = row["players"]
            if None not in players:  # claims are final, so the holders stay as they are
                self._players.put(match_id, players)
        return list(players)

    def new_match_id(self) -> str:
        return f"m-{uuid.uuid4().hex[:10]}"

    def as_state(self) -> State:
        return State({"ctx": self})


def context(request: Request) -> Context:
    return request.app.state.ctx
