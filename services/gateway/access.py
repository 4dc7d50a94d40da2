"""Who may do what: seat tokens act and read for their seat only; organisers open matches and
read audits; a finished match's replay is open to all; nobody acts for a seat they do not hold."""

from litestar import Request
from litestar.exceptions import HTTPException, NotAuthorizedException, PermissionDeniedException

from services.gateway import reads, tokens
from services.gateway.context import Context, context


def request_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    if request.url.path.endswith("/stream"):  # EventSource cannot set headers; nothing else
        return request.query_params.get("token")  # may put a token where addresses are logged
    return None


class Access:
    def __init__(self, ctx: Context, holder: tokens.Holder | None, token: str | None) -> None:
        self.ctx, self.holder, self.token = ctx, holder, token

    @classmethod
    async def of(cls, request: Request) -> "Access":
        ctx = context(request)
        token = request_token(request)
        holder = await ctx.holder_of(token) if token else None
        if token and holder is None:
            raise NotAuthorizedException("unknown token")
        return cls(ctx, holder, token)

    def known(self) -> tokens.Holder:
        if self.holder is None:
            raise NotAuthorizedException("a token is needed (Authorization: Bearer <token>)")
        return self.holder

    async def organiser(self) -> tokens.Holder:
        holder = self.known()
        if holder.kind != "organiser":
            raise PermissionDeniedException("only an organiser may do this")
        return holder

    async def seat_holder(self) -> tokens.Holder:
        holder = self.known()
        if holder.kind != "seat":
            raise PermissionDeniedException("this needs a seat token")
        if not await self.ctx.seat_is_held(holder):
            raise PermissionDeniedException(
                f"your claim of seat {holder.seat} is not accepted (yet): see "
                f"/matches/{holder.match_id}/decisions/{holder.claim_decision_id}"
            )
        return holder

    async def acts_for(self, match_id: str, *, deciding: bool = False) -> tokens.Holder:
        holder = await self.seat_holder()
        if holder.match_id != match_id:
            raise PermissionDeniedException("your token holds a seat of another match")
        if deciding and not self.ctx.limiter.allow(tokens.digest(self.token or "")):
            raise HTTPException(status_code=429, detail="at most 20 decisions a second")
        return holder

    def own_seat(self, match_id: str) -> int | None:
        """The seat this token holds in `match_id`, if any: whose sealed choices it reads
        whole. Any other reader, organisers included, sees them sealed until revealed."""
        holder = self.holder
        if holder is None or holder.kind != "seat" or holder.match_id != match_id:
            return None
        return holder.seat

    async def _finished(self, match_id: str) -> bool:
        found = await reads.match(self.ctx.pool, match_id)
        return found is not None and found["status"] == "finished"

    async def audits(self, match_id: str, seat: int | None) -> None:
        """Organisers audit anything; a seat audits its own decisions, and all once it ended."""
        holder = self.known()
        if holder.kind == "organiser":
            return
        if holder.match_id != match_id or not await self.ctx.seat_is_held(holder):
            raise PermissionDeniedException("your token holds no seat of this match")
        if seat != holder.seat and not await self._finished(match_id):
            raise PermissionDeniedException("other seats' decisions are open once the match ends")

    async def explains(self, match_id: str, seat: int | None) -> int | None:
        """Whose eyes the explanation of a decision of `seat` gets, once checked: the match's own
        decisions (no seat: its creation, the clock's, the organiser's) are open to each seat
        of the match, told for that seat's eyes; any other as `audits` says, for its seat's."""
        holder = self.known()
        if seat is None and holder.kind == "seat" and holder.match_id == match_id:
            if not await self.ctx.seat_is_held(holder):
                raise PermissionDeniedException("your token holds no seat of this match")
            return holder.seat
        await self.audits(match_id, seat)
        return seat

    async def ruling_seat(self, match_id: str, decision_id: str, seat: int | None) -> int | None:
        """Whose ruling on `decision_id` the reader may see: its seat's own, once its claim is
        accepted (before, its claim's alone, so the loser of a join race learns it lost); else
        the asked seat's, if it may audit that seat."""
        holder = self.known()
        own = holder.kind == "seat" and holder.match_id == match_id and seat in (None, holder.seat)
        if own and (decision_id == holder.claim_decision_id or await self.ctx.seat_is_held(holder)):
            return holder.seat
        await self.audits(match_id, seat)
        return seat

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
        holder = self.holder
        mine = (
            holder is not None
            and holder.kind == "seat"
            and holder.match_id == match_id
            and await self.ctx.seat_is_held(holder)
        )
        seat = holder.seat if mine and holder is not None else None
        if wanted is not None and wanted != seat:
            raise PermissionDeniedException("other seats' eyes are open once the match ends")
        return seat, False
