"""A seat's standing orders (`events.standing_orders`), left, changed, listed and withdrawn with
its token alone, kept off the log in `standing_orders`: no other seat, nor the organiser,
reads that they exist or when they were left. The web seat page and orders by mail use the
same functions. A left or changed order wakes the bots worker (`CHANNEL`), which answers with
it once the seat is asked."""

from typing import Any

import asyncpg
from litestar import Request, delete, get, post, put
from litestar.exceptions import HTTPException, NotFoundException
from litestar.status_codes import HTTP_201_CREATED

from events.ruleset import get_ruleset
from events.standing_orders import MOST_ORDERS, order_error
from services.gateway import api, docs, matches
from services.gateway.access import Access
from services.gateway.context import context
from services.gateway.params import MatchId

CHANNEL = "standing_orders"  # payload: the match whose orders changed (the bots worker alone)
Pool = asyncpg.Pool | asyncpg.Connection
_COLUMNS = "number, prompt, condition, answer, until, left_at, answered, ended_at, ended_why"


class Refused(ValueError):
    """An order the seat cannot leave: the reason, in the seat's words."""


def _shown(row: Any) -> api.StandingOrderShown:
    return api.StandingOrderShown(**dict(row))


async def listed(pool: Pool, match_id: str, seat: int, player: str) -> list[api.StandingOrderShown]:
    """The seat's orders, as its player left them: those standing first, then those ended."""
    rows = await pool.fetch(
        f"SELECT {_COLUMNS} FROM standing_orders WHERE match_id = $1 AND seat = $2"
        " AND player = $3 ORDER BY ended_at IS NOT NULL, number",
        match_id,
        seat,
        player,
    )
    return [_shown(row) for row in rows]


async def _where(pool: Pool, match_id: str) -> tuple[str, int, int]:
    """The match's game, entry and round count now, while it is running."""
    row = await pool.fetchrow(
        "SELECT game, seq, coalesce(round, 0) AS round, status FROM lobby WHERE match_id = $1",
        match_id,
    )
    if row is None:
        raise Refused(f"no match {match_id!r}")
    if row["status"] == "finished":
        raise Refused("this match has ended")
    return row["game"], row["seq"], row["round"]


async def leave(
    pool: asyncpg.Pool,
    match_id: str,
    seat: int,
    player: str,
    order: api.StandingOrder,
    number: int | None = None,
) -> api.StandingOrderShown:
    """Leave a new order (`number` None) or change a standing one, as of the match's entry now."""
    game, seq, count = await _where(pool, match_id)
    why = order_error(get_ruleset(game), order.prompt, order.condition, order.answer)
    if why is not None:
        raise Refused(why)
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1), $2)", match_id, seat)
        standing = await conn.fetchval(
            "SELECT count(*) FROM standing_orders WHERE match_id = $1 AND seat = $2"
            " AND player = $3 AND ended_at IS NULL",
            match_id,
            seat,
            player,
        )
        values = (order.prompt, order.condition, order.answer, order.until, seq, count)
        if number is None:
            if standing >= MOST_ORDERS:
                raise Refused(f"at most {MOST_ORDERS} standing orders a seat: withdraw one")
            row = await conn.fetchrow(
                "INSERT INTO standing_orders (match_id, seat, number, player, prompt, condition,"
                " answer, until, left_at, left_round) SELECT $1, $2, coalesce(max(number), 0)"
                " + 1, $3, $4, $5, $6, $7, $8, $9 FROM standing_orders WHERE match_id = $1"
                f" AND seat = $2 RETURNING {_COLUMNS}",
                match_id,
                seat,
                player,
                *values,
            )
        else:
            row = await conn.fetchrow(
                "UPDATE standing_orders SET prompt = $5, condition = $6, answer = $7, until = $8,"
                " left_at = $9, left_round = $10, used_round = NULL WHERE match_id = $1"
                " AND seat = $2 AND player = $3 AND number = $4 AND ended_at IS NULL"
                f" RETURNING {_COLUMNS}",
                match_id,
                seat,
                player,
                number,
                *values,
            )
            if row is None:
                raise Refused(f"you have no standing order #{number}")
        await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, match_id)
    return _shown(row)


async def withdraw(pool: asyncpg.Pool, match_id: str, seat: int, player: str, number: int) -> bool:
    """Withdraw a standing order; False if the seat has no such order standing."""
    done = await pool.execute(
        "UPDATE standing_orders SET ended_at = l.seq, ended_why = 'withdrawn'"
        " FROM lobby AS l WHERE l.match_id = $1 AND standing_orders.match_id = $1"
        " AND seat = $2 AND player = $3 AND number = $4 AND ended_at IS NULL",
        match_id,
        seat,
        player,
        number,
    )
    return done != "UPDATE 0"


def game_prompts(game: str) -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    """What an order may name in `game`: its prompts, their conditions, its automatic ones."""
    ruleset = get_ruleset(game)
    prompts = ruleset.prompts()
    conditions = {p: list(ruleset.conditions(p)) for p in prompts if ruleset.conditions(p)}
    return prompts, conditions, list(ruleset.automatic_prompts())


async def _mine(request: Request, match_id: str) -> tuple[asyncpg.Pool, int, str, str]:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    game = await ctx.game_of(match_id)
    if game is None:
        raise matches.no_match(match_id)
    return ctx.pool, bearer.seat or 0, bearer.player or "", game


def _refused(error: Refused) -> HTTPException:
    return matches.unprocessable(str(error))


@get(
    "/matches/{match_id:str}/orders",
    summary="Your seat's standing orders (no one else, the organiser included, reads them),"
    " and the prompts and conditions an order may name",
    security=docs.TOKEN,
)
async def list_orders(request: Request, match_id: MatchId) -> api.StandingOrders:
    pool, seat, player, game = await _mine(request, match_id)
    prompts, conditions, automatic = game_prompts(game)
    orders = await listed(pool, match_id, seat, player)
    return api.StandingOrders(match_id, seat, orders, prompts, conditions, automatic)


@post(
    "/matches/{match_id:str}/orders",
    status_code=HTTP_201_CREATED,
    summary="Leave a standing order: when asked its prompt (and its condition holds), it"
    " answers for your seat",
    security=docs.TOKEN,
)
async def leave_order(
    request: Request, match_id: MatchId, data: api.StandingOrder
) -> api.StandingOrderShown:
    pool, seat, player, _ = await _mine(request, match_id)
    try:
        return await leave(pool, match_id, seat, player, data)
    except Refused as error:
        raise _refused(error) from None


@put(
    "/matches/{match_id:str}/orders/{number:int}",
    summary="Change a standing order of your seat (it counts as left now)",
    security=docs.TOKEN,
)
async def change_order(
    request: Request, match_id: MatchId, number: int, data: api.StandingOrder
) -> api.StandingOrderShown:
    pool, seat, player, _ = await _mine(request, match_id)
    try:
        return await leave(pool, match_id, seat, player, data, number)
    except Refused as error:
        raise _refused(error) from None


@delete(
    "/matches/{match_id:str}/orders/{number:int}",
    status_code=200,
    summary="Withdraw a standing order of your seat",
    security=docs.TOKEN,
)
async def withdraw_order(request: Request, match_id: MatchId, number: int) -> dict[str, bool]:
    pool, seat, player, _ = await _mine(request, match_id)
    if not await withdraw(pool, match_id, seat, player, number):
        raise NotFoundException(f"you have no standing order #{number}")
    return {"withdrawn": True}


HANDLERS = [list_orders, leave_order, change_order, withdraw_order]
