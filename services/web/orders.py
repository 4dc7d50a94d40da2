"""Standing orders on the seat page: the seat's own (no other page shows them), left and
withdrawn with plain forms through the gateway's functions (`services.gateway.standing_orders`),
so they are judged and kept as the API keeps them."""

from typing import Annotated

import msgspec
from litestar import Request, post
from litestar.exceptions import HTTPException, NotFoundException
from litestar.params import Parameter
from litestar.response import Redirect

from services.gateway import api, standing_orders
from services.gateway.context import Context, context
from services.gateway.params import MatchId
from services.gateway.tokens import Bearer
from services.web import session

OrderNumber = Annotated[int, Parameter(ge=1, le=2**31 - 1)]


async def seat_orders(ctx: Context, match_id: str, bearer: Bearer, game: str) -> api.StandingOrders:
    """The seat's orders, and the prompts and conditions an order may name in its game."""
    seat, player = bearer.seat or 0, bearer.player or ""
    prompts, conditions, automatic = standing_orders.game_prompts(game)
    orders = await standing_orders.listed(ctx.pool, match_id, seat, player)
    return api.StandingOrders(match_id, seat, orders, prompts, conditions, automatic)


def _seat_page(match_id: str) -> str:
    return f"{session.match_path(match_id)}/seat#orders"


async def _posted(request: Request, match_id: str) -> tuple[Bearer, dict[str, str]]:
    access, bearer = await session.seat(request, match_id)
    form = await request.form()
    session.check_post(request, form.get("csrf"), access.token)
    return bearer, {key: str(value) for key, value in form.items()}


@post("/matches/{match_id:str}/orders")
async def leave(request: Request, match_id: MatchId) -> Redirect:
    """Leave a standing order for the cookie's seat."""
    bearer, form = await _posted(request, match_id)
    fields = {k: form.get(k, "").strip() for k in ("prompt", "condition", "answer", "until")}
    try:
        order = msgspec.convert({k: v for k, v in fields.items() if v}, api.StandingOrder)
        await standing_orders.leave(
            context(request).pool, match_id, bearer.seat or 0, bearer.player or "", order
        )
    except (msgspec.ValidationError, standing_orders.Refused) as error:
        raise HTTPException(status_code=422, detail=f"order: {error}") from None
    return Redirect(_seat_page(match_id))


@post("/matches/{match_id:str}/orders/{number:int}/withdraw")
async def withdraw(request: Request, match_id: MatchId, number: OrderNumber) -> Redirect:
    bearer, _ = await _posted(request, match_id)
    pool, seat, player = context(request).pool, bearer.seat or 0, bearer.player or ""
    if not await standing_orders.withdraw(pool, match_id, seat, player, number):
        raise NotFoundException(f"you have no standing order #{number}")
    return Redirect(_seat_page(match_id))


HANDLERS = [leave, withdraw]
