"""A player's notice preferences (`PUT /players/me/notices`): one mail address and one webhook
for all of the player's seats. Set, they apply at once to every seat the player holds in a
match not yet over, and to each seat the player joins later (a mail named at the join wins for
that seat); a seat's own `PUT /matches/{id}/mail` or `/webhook` changes that seat alone, until
the player's next change to all. Kept off the log, like a seat's address."""

import secrets

import asyncpg
import msgspec
from litestar import Request, get, put

from services.gateway import api, docs, reads
from services.gateway.access import Access
from services.gateway.mail import forget_seat, set_mail
from services.gateway.webhooks import checked, store


@put(
    "/players/me/notices",
    summary="What you hear of all your seats: a mail address and a webhook (null: none), for "
    "every seat you hold now and join later",
    security=docs.TOKEN,
)
async def set_notices(request: Request, data: api.Notices) -> api.NoticesSet:
    access = await Access.of(request)
    bearer, ctx = access.player(), access.ctx
    if data.webhook is not None:
        await checked(ctx.settings, data.webhook)
    secret = await ctx.pool.fetchval(
        "INSERT INTO player_notices (player_id, mail, webhook, webhook_secret)"
        " VALUES ($1, $2, $3, $4) ON CONFLICT (player_id) DO UPDATE SET mail = EXCLUDED.mail,"
        " webhook = EXCLUDED.webhook RETURNING webhook_secret",
        bearer.player_id,
        _json(data.mail),
        _json(data.webhook),
        secrets.token_hex(32),
    )
    seats = await ctx.player_seats(bearer.player_id or "")
    rows = await reads.matches(ctx.pool, [s.match_id or "" for s in seats])
    going = {r["match_id"] for r in rows if r["status"] != "finished"}
    held = [s for s in seats if s.match_id in going and await ctx.seat_is_held(s)]
    for seat in held:
        await apply(ctx.pool, seat.match_id or "", seat.seat or 0, seat.player or "", data, secret)
    return api.NoticesSet(data.mail, data.webhook, secret, len(held))


@get("/players/me/notices", summary="What you hear of all your seats", security=docs.TOKEN)
async def notices(request: Request) -> api.NoticesSet:
    access = await Access.of(request)
    found = await _preferences(access.ctx.pool, access.player().player_id or "")
    if found is None:
        return api.NoticesSet(None, None, "", 0)
    data, secret = found
    return api.NoticesSet(data.mail, data.webhook, secret, 0)


async def apply(
    pool: asyncpg.Pool,
    match_id: str,
    seat: int,
    player: str,
    data: api.Notices,
    secret: str,
    *,
    after: int | None = None,
) -> None:
    """Set the seat's mail and webhook as the player's preferences say, forgetting either
    where they name none (notices of the entries `after` the one named: `set_mail`)."""
    if data.mail is None:
        await forget_seat(pool, match_id, seat, "mail")
    else:
        await set_mail(pool, match_id, seat, player, data.mail, after=after)
    if data.webhook is None:
        await forget_seat(pool, match_id, seat, "webhook")
    else:
        hook = data.webhook
        await store(pool, match_id, seat, player, hook, secret, keep_secret=False, after=after)


async def on_join(
    pool: asyncpg.Pool, player_id: str, match_id: str, seat: int, player: str, after: int
) -> None:
    """A seat the player just joined takes their preferences, if they set any: notices of the
    entries after `after`, the match's entry before the claim."""
    found = await _preferences(pool, player_id)
    if found is not None:
        await apply(pool, match_id, seat, player, *found, after=after)


async def _preferences(
    conn: asyncpg.Pool | asyncpg.Connection, player_id: str
) -> tuple[api.Notices, str] | None:
    row = await conn.fetchrow(
        "SELECT mail::text, webhook::text, webhook_secret FROM player_notices WHERE player_id = $1",
        player_id,
    )
    if row is None:
        return None
    mail = None if row["mail"] is None else msgspec.json.decode(row["mail"], type=api.Mail)
    hook = None if row["webhook"] is None else msgspec.json.decode(row["webhook"], type=api.Webhook)
    return api.Notices(mail, hook), row["webhook_secret"]


def _json(value: api.Mail | api.Webhook | None) -> str | None:
    return None if value is None else msgspec.json.encode(value).decode()


HANDLERS = [set_notices, notices]
