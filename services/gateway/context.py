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
from services.gateway.limits import DECISIONS_PER_S, Budget, RateLimit, StreamLimit
from services.gateway.recent import Recent
from services.gateway.submit import Submitter
from services.settings import Settings

log = structlog.get_logger("gateway")

READS_PER_S = 50  # per token, or per address without one: a page and its polls fit well within
STREAMS_PER_TOKEN = 4  # a player's tabs and devices; each holds a queue and a connection
WATCHERS_PER_ADDRESS = 8  # anonymous watch pages following a match live, per address
NEW_PLAYERS = (10, 60)  # per address: at once, then an hour
INVITES_TRIED = (10, 60)  # joins naming an invite code, per address: at once, then an hour

# Entries per memo: every seat in play on a busy gateway; past it, the least used is read again.
REMEMBERED = 100_000


class Context:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.submitter = Submitter(settings)
        self._seating: Recent[str, reads.Seating] = Recent(REMEMBERED)  # until the lobby moves
        self.hub = Hub(
            settings.database_url, self.forget_match, self.forget_token, self._seating.clear
        )
        self.limiter = RateLimit(DECISIONS_PER_S)  # by seat (`limits.decision_key`)
        self.read_limiter = RateLimit(READS_PER_S)
        self.streams = StreamLimit(most=STREAMS_PER_TOKEN)
        self.watchers = StreamLimit(most=WATCHERS_PER_ADDRESS)
        self.new_players = Budget(*NEW_PLAYERS)
        self.invites_tried = Budget(*INVITES_TRIED)
        self._bearers: Recent[str, tokens.Bearer] = Recent(REMEMBERED)  # by token digest
        self._seated: Recent[str, bool] = Recent(REMEMBERED)  # claims the log accepted
        self._games: Recent[str, str] = Recent(REMEMBERED)  # match -> its game
        self._running = AsyncExitStack()  # stops what started, so a failed start shows its cause
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

    async def bearer_of(self, token: str) -> tokens.Bearer | None:
        """The token's bearer while it stands (`stands`); a revocation reaches the memo as every
        gateway hears of it."""
        key = tokens.digest(token)
        if (bearer := self._bearers.get(key)) is None:
            bearer = await tokens.bearer_of(self.pool, token)
            if bearer is None:
                return None
            self._bearers.put(key, bearer)
        return bearer if await self.stands(bearer) else None

    async def issue(self, bearer: tokens.Bearer) -> str:
        """A new seat token for `bearer`, remembered at once: its first reads are its own, not
        its address's (where a busy address, many seats joining from one, would hold them
        back)."""
        token = await tokens.issue(self.pool, bearer)
        self._bearers.put(tokens.digest(token), bearer)
        return token

    def vouched(self, token: str) -> bool:
        """Whether this gateway found `token` standing lately (its bearer is remembered, not
        expired): anyone can make a token up, so only such a one is a client of its own."""
        bearer = self._bearers.get(tokens.digest(token))
        return bearer is not None and not bearer.expired(tokens.now_ms())

    async def player_seats(
        self, player_id: str, match_id: str | None = None
    ) -> list[tokens.Bearer]:
        """The player's seat tokens that stand (of one match, or all): the seats a player token
        may act for, as far as tokens go (`seat_is_held` says whether each is still theirs)."""
        found = await tokens.player_seats(self.pool, player_id, match_id)
        return [seat for seat in found if await self.stands(seat)]

    async def stands(self, bearer: tokens.Bearer) -> bool:
        """Whether a token read as neither revoked nor expired still stands: for a seat token,
        its match is not over for longer than the settings keep seat tokens after the end."""
        now = tokens.now_ms()
        if bearer.expired(now):
            return False
        if bearer.kind == "seat" and bearer.match_id is not None:
            seating = await self.seating(bearer.match_id)
            after_end = self.settings.seat_token_days_after_end * 86_400_000
            ended = None if seating is None else seating.ended_ms
            if ended is not None and now >= ended + after_end:
                return False
        return True

    async def seat_is_held(self, bearer: tokens.Bearer) -> bool:
        """A seat token counts once the log accepted its claim, while the seat's player is the
        player it was claimed for: a seat a bot or another player took over is no longer theirs
        (resigned, timed out, handed over or replaced), so they see what the public sees."""
        if bearer.match_id is None or bearer.seat is None:
            return False
        if not await self.claim_accepted(bearer):
            return False
        seating = await self.seating(bearer.match_id)
        # a lobby not yet showing the claim (None) still counts it: the audit has accepted it
        return seating is None or seating.players[bearer.seat] in (None, bearer.player)

    async def claim_accepted(self, bearer: tokens.Bearer) -> bool:
        claim = bearer.claim_decision_id
        if claim is None:
            return False
        if self._seated.get(claim):
            return True
        accepted = await tokens.claim_accepted(self.pool, bearer)
        if accepted:
            self._seated.put(claim, True)
        return accepted

    async def ended(self, match_id: str) -> bool:
        """Whether the lobby says the match ended (remembered as `seating` is)."""
        seating = await self.seating(match_id)
        return seating is not None and seating.ended_ms is not None

    async def seating(self, match_id: str) -> reads.Seating | None:
        """Who holds the match's seats and whether it ended, remembered until the lobby says
        either changed (`forget_match`)."""
        if (found := self._seating.get(match_id)) is None:
            found = await reads.seating(self.pool, match_id)
            if found is not None:
                self._seating.put(match_id, found)
        return found

    def forget_match(self, match_id: str) -> None:
        """The match's seats changed hands or it ended: read them again, and have its open
        streams check that their tokens still hold their seats."""
        self._seating.drop(match_id)
        self.hub.recheck_match(match_id)

    def forget_token(self, key: str, match_id: str) -> None:
        """A token was revoked: forget its bearer, and end its streams (a player token's seat
        token too: streams of its match check again)."""
        self._bearers.drop(key)
        self.hub.recheck_token(key)
        if match_id:
            self.hub.recheck_match(match_id)

    async def revoke(self, digests: list[str], why: str) -> int:
        """Revoke tokens: forgotten here at once, by other gateways when they hear of it."""
        gone = await tokens.revoke(self.pool, digests, why)
        for key, match_id in gone:
            self.forget_token(key, match_id)
        return len(gone)

    async def renew(self, token: str, bearer: tokens.Bearer) -> tuple[str, int] | None:
        """A new token for the player token's player, with a fresh expiry, and `token` revoked
        in the same transaction (so one token renews once): (token, expires_ms), or None if it
        was revoked meanwhile."""
        key = tokens.digest(token)
        async with self.pool.acquire() as conn, conn.transaction():
            if not await tokens.revoke(conn, [key], "renewed"):
                return None
            days = self.settings.player_token_days
            renewed = await tokens.player_token(
                conn, bearer.player_id or "", bearer.player or "", days
            )
        self.forget_token(key, "")
        return renewed

    async def game_of(self, match_id: str) -> str | None:
        """The match's game, or None while the lobby does not know the match."""
        if (game := self._games.get(match_id)) is None:
            game = await reads.game(self.pool, match_id)
            if game is not None:
                self._games.put(match_id, game)
        return game

    async def players_of(self, match_id: str) -> list[str | None] | None:
        """The match's seat players (None: open), or None while the lobby does not know it."""
        found = await self.seating(match_id)
        return None if found is None else list(found.players)

    def as_state(self) -> State:
        return State({"ctx": self})


def new_match_id() -> str:
    return f"m-{uuid.uuid4().hex[:10]}"


def context(request: Request) -> Context:
    return request.app.state.ctx
