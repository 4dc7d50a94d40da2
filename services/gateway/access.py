"""Who may do what: seat tokens act and read for their seat only; player tokens for the seats
their player holds, each through that seat's own token, and only while it stands (not revoked,
replaced or expired); organisers open matches, change who holds a seat, and read audits; a
finished match's replay is open to all; nobody acts for a seat they do not hold, nor reads it
once it is no longer theirs."""

from litestar import Request
from litestar.exceptions import HTTPException, NotAuthorizedException, PermissionDeniedException

from services.gateway import reads, tokens
from services.gateway.context import Context, context
from services.gateway.limits import DECISIONS_PER_S, decision_key


def request_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    if request.url.path.endswith("/stream"):  # EventSource cannot set headers; nothing else
        return request.query_params.get("token")  # may put a token where addresses are logged
    return None


class Access:
    def __init__(self, ctx: Context, bearer: tokens.Bearer | None, token: str | None) -> None:
        self.ctx, self.bearer, self.token = ctx, bearer, token
        self._seats: dict[str, tokens.Bearer | None] = {}  # by match: the seat spoken for

    @classmethod
    async def of(cls, request: Request) -> "Access":
        ctx = context(request)
        token = request_token(request)
        bearer = await ctx.bearer_of(token) if token else None
        if token and bearer is None:
            raise NotAuthorizedException("unknown, expired or revoked token")
        return cls(ctx, bearer, token)

    def known(self) -> tokens.Bearer:
        if self.bearer is None:
            raise NotAuthorizedException("a token is needed (Authorization: Bearer <token>)")
        return self.bearer

    async def organiser(self) -> tokens.Bearer:
        bearer = self.known()
        if bearer.kind != "organiser":
            raise PermissionDeniedException("only an organiser may do this")
        return bearer

    def player(self) -> tokens.Bearer:
        bearer = self.known()
        if bearer.kind != "player" or bearer.player_id is None:
            raise PermissionDeniedException("this needs a player token (POST /players)")
        return bearer

    async def seat_in(self, match_id: str) -> tokens.Bearer | None:
        """The seat token this token speaks with in the match, held or not: itself, or the
        standing seat token of its player there (409 if several: their own tokens tell them
        apart)."""
        if match_id in self._seats:
            return self._seats[match_id]
        bearer, found = self.bearer, None
        if bearer is not None and bearer.kind == "seat" and bearer.match_id == match_id:
            found = bearer
        elif bearer is not None and bearer.kind == "player" and bearer.player_id is not None:
            held = [
                seat
                for seat in await self.ctx.player_seats(bearer.player_id, match_id)
                if await self.ctx.seat_is_held(seat)
            ]
            if len(held) > 1:
                seats = ", ".join(str(s.seat) for s in held)
                raise HTTPException(
                    status_code=409,
                    detail=f"you hold seats {seats} of this match: use each seat's own token",
                )
            found = held[0] if held else None
        self._seats[match_id] = found
        return found

    async def _held(self, match_id: str) -> tokens.Bearer | None:
        seat = await self.seat_in(match_id)
        return seat if seat is not None and await self.ctx.seat_is_held(seat) else None

    async def acts_for(self, match_id: str, *, deciding: bool = False) -> tokens.Bearer:
        """The seat this token acts for in the match, once its claim is accepted and while the
        seat is still its player's."""
        bearer = self.known()
        seat = await self.seat_in(match_id)
        if seat is None:
            if bearer.kind == "seat":
                raise PermissionDeniedException("your token holds a seat of another match")
            raise PermissionDeniedException("you hold no seat of this match")
        if not await self.ctx.seat_is_held(seat):
            if await self.ctx.claim_accepted(seat):
                raise PermissionDeniedException(
                    f"seat {seat.seat} is no longer yours (resigned, handed over or replaced):"
                    " you see what the public sees"
                )
            raise PermissionDeniedException(
                f"your claim of seat {seat.seat} is not accepted (yet): see "
                f"/matches/{seat.match_id}/decisions/{seat.claim_decision_id}"
            )
        if deciding and not self.ctx.limiter.allow(decision_key(match_id, seat.seat or 0)):
            why = f"at most {DECISIONS_PER_S} decisions a second for a seat"
            raise HTTPException(status_code=429, detail=why)
        return seat

    async def still_acts_for(self, match_id: str) -> bool:
        """Whether the token still acts for its seat, read afresh (a stream asks, on a change)."""
        bearer = await self.ctx.bearer_of(self.token or "")
        if bearer is None:
            return False
        fresh = Access(self.ctx, bearer, self.token)
        try:
            await fresh.acts_for(match_id)
        except HTTPException:
            return False
        return True

    async def own_seat(self, match_id: str) -> int | None:
        """The seat this token holds in `match_id`, if any: whose sealed choices it reads
        whole. Any other reader, organisers included, sees them sealed until revealed."""
        seat = await self._held(match_id)
        return None if seat is None else seat.seat

    async def _finished(self, match_id: str) -> bool:
        found = await reads.match(self.ctx.pool, match_id)
        return found is not None and found["status"] == "finished"

    async def audits(self, match_id: str, seat: int | None) -> None:
        """Organisers audit anything; a seat audits its own decisions, and all once it ended."""
        bearer = self.known()
        if bearer.kind == "organiser":
            return
        mine = await self._held(match_id)
        if mine is None:
            raise PermissionDeniedException("your token holds no seat of this match")
        if seat != mine.seat and not await self._finished(match_id):
            raise PermissionDeniedException("other seats' decisions are open once the match ends")

    async def explains(self, match_id: str, seat: int | None, upto: int) -> int | None:
        """Whose eyes the explanation of a decision of `seat` (its entries up to `upto`) gets,
        once checked: the match's own decisions (no seat: its creation, the clock's, the
        organiser's) are open to each seat of the match, told for that seat's eyes; any other
        as `audits` says, for its seat's, but an organiser's of a running match: the public's,
        unless it opened the seat's hidden information as of `upto` or later (SL-19)."""
        bearer = self.known()
        if seat is None and (mine := await self.seat_in(match_id)) is not None:
            if not await self.ctx.seat_is_held(mine):
                raise PermissionDeniedException("your token holds no seat of this match")
            return mine.seat
        await self.audits(match_id, seat)
        if bearer.kind != "organiser" or seat is None or await self._finished(match_id):
            return seat
        opened = await reads.seat_opened_upto(self.ctx.pool, match_id, seat)
        return seat if opened >= upto else None

    async def ruling_seat(
        self, match_id: str, decision_id: str, seat: int | None
    ) -> tuple[int | None, str | None]:
        """Whose ruling on `decision_id` the reader may see, and whose sending it must be (None:
        anyone's): its seat's own, once its claim is accepted (before, its claim's alone, so the
        loser of a join race learns it lost); a former player's, on what they sent themselves
        (their resignation's, say); else the asked seat's, if it may audit that seat."""
        self.known()
        mine = await self.seat_in(match_id)
        if mine is not None and seat in (None, mine.seat):
            if decision_id == mine.claim_decision_id or await self.ctx.seat_is_held(mine):
                return mine.seat, None
            if await self.ctx.claim_accepted(mine):
                return mine.seat, mine.player
        await self.audits(match_id, seat)
        return seat, None

    async def replay_eyes(
        self, match_id: str, wanted: int | None = None
    ) -> tuple[int | None, bool]:
        """Whose eyes a replay uses, and whether they may see the full state (only ever shown
        once the replay itself holds the match's end): a seat's own view, or the public one,
        while it plays; once over, whichever seat (None: the full state) anyone wants. The
        revealed seed lets anyone rebuild every shuffle, hence every hand, from the public
        log: keeping a finished match's hands from its public would hide nothing."""
        if await self._finished(match_id):
            return wanted, True
        mine = await self._held(match_id)
        seat = None if mine is None else mine.seat
        if wanted is not None and wanted != seat:
            raise PermissionDeniedException("other seats' eyes are open once the match ends")
        return seat, False
