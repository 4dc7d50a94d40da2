"""A seat's webhook, as its player sets it (`webhook_seats`, kept off the log like a mail
address): the target is refused if it resolves to a private, loopback or link-local address
(unless the settings allow), and its secret, kept while the same player changes the target,
signs the generic JSON body. The mail worker posts the notices."""

import secrets

import asyncpg
from litestar import Request, delete, put
from litestar.exceptions import HTTPException

from services.gateway import api, docs
from services.gateway.access import Access
from services.gateway.context import context
from services.gateway.mail import forget_seat
from services.gateway.params import MatchId
from services.settings import Settings
from services.webhooks import targets


@put(
    "/matches/{match_id:str}/webhook",
    summary="Have your seat's notices posted to a webhook (Discord, Slack or signed JSON)",
    security=docs.TOKEN,
)
async def set_webhook(request: Request, match_id: MatchId, data: api.Webhook) -> api.WebhookSet:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    await checked(ctx.settings, data)
    secret = await store(
        ctx.pool, match_id, bearer.seat, bearer.player or "", data, secrets.token_hex(32)
    )
    return api.WebhookSet(data.url, data.format, list(data.kinds), data.remind_s, secret)


async def checked(settings: Settings, data: api.Webhook) -> None:
    """Refuse (422, saying why) a target we would not send to."""
    try:
        await targets.resolve(data.url, settings.webhook_allow_private)
    except targets.Refused as error:
        raise HTTPException(status_code=422, detail=f"url: {error}") from error


async def store(
    conn: asyncpg.Pool | asyncpg.Connection,
    match_id: str,
    seat: int,
    player: str,
    data: api.Webhook,
    secret: str,
    *,
    keep_secret: bool = True,
    after: int | None = None,
) -> str:
    """Set the seat's target; its secret: the one it had while the same player holds it (unless
    not `keep_secret`), else `secret`. A new player of the seat starts afresh, from the entry
    `after` (as for mail: `set_mail`), else from the match's entry now."""
    kept = "webhook_seats.player = EXCLUDED.player" if keep_secret else "false"
    return await conn.fetchval(
        "INSERT INTO webhook_seats (match_id, seat, player, url, format, kinds, remind_s, secret,"
        " from_seq) SELECT $1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, l.seq) FROM lobby AS l"
        " WHERE l.match_id = $1 ON CONFLICT (match_id, seat) DO UPDATE SET url = EXCLUDED.url,"
        " format = EXCLUDED.format, kinds = EXCLUDED.kinds, remind_s = EXCLUDED.remind_s,"
        " player = EXCLUDED.player,"
        f" secret = CASE WHEN {kept} THEN webhook_seats.secret ELSE EXCLUDED.secret END,"
        " from_seq = CASE WHEN webhook_seats.player = EXCLUDED.player THEN webhook_seats.from_seq"
        " ELSE EXCLUDED.from_seq END RETURNING secret",
        match_id,
        seat,
        player,
        data.url,
        data.format,
        list(data.kinds),
        data.remind_s,
        secret,
        after,
    )


@delete(
    "/matches/{match_id:str}/webhook",
    status_code=200,
    summary="No more webhook posts for your seat",
    security=docs.TOKEN,
)
async def stop_webhook(request: Request, match_id: MatchId) -> dict[str, bool]:
    ctx = context(request)
    bearer = await (await Access.of(request)).acts_for(match_id)
    return {"removed": await forget_seat(ctx.pool, match_id, bearer.seat, "webhook")}


HANDLERS = [set_webhook, stop_webhook]
