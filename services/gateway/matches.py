"""What the JSON API and the web pages both do with a match: find its lobby row, claim a seat,
describe a stored view by its game."""

from typing import Any

import msgspec
from litestar.exceptions import HTTPException, NotFoundException, PermissionDeniedException

from events.calendar import calendar_error
from events.codec import game_codec
from events.envelope import ClaimSeat, CreateMatch
from events.narration import seat_names
from events.platform_rules import BOT_PREFIX, MATCH_OVER, ORGANISER, reserved
from events.ruleset import UnknownRuleset, default_game, get_ruleset, setup_error
from services.gateway import api, invites, preferences, reads, tokens
from services.gateway.context import Context, new_match_id
from services.gateway.mail import set_mail
from services.gateway.reliability import reliable_enough


def no_match(match_id: str) -> NotFoundException:
    return NotFoundException(f"no match {match_id!r} (a new match shows up once ruled)")


async def lobby_row(ctx: Context, match_id: str) -> dict[str, Any]:
    found = await reads.match(ctx.pool, match_id)
    if found is None:
        raise no_match(match_id)
    return found


async def still_playing(ctx: Context, match_id: str) -> None:
    """409 once the lobby says the match ended: a seat's decision to it is refused here, so
    none reaches the log to be ruled on (SL-7) and kept for good."""
    if await ctx.ended(match_id):
        raise HTTPException(status_code=409, detail=f"{MATCH_OVER}: the match has ended")


async def claim_seat(
    ctx: Context,
    match_id: str,
    seat: int,
    player: str,
    *,
    player_id: str | None = None,
    invite: str | None = None,
    mail: api.Mail | None = None,
) -> api.Joined:
    """Send the claim and issue the token that acts for the seat once it is accepted (for
    `player_id`'s player too, when a player token joined). A seat reserved for an invite takes
    a claim only with its code, which is spent by it."""
    found = await lobby_row(ctx, match_id)
    if seat >= found["seats"]:
        raise NotFoundException(f"seat {seat} is not a seat of this {found['seats']}-seat match")
    if found["players"][seat] is not None:
        raise HTTPException(status_code=409, detail=f"seat {seat} is taken")
    if reserved(player):
        raise HTTPException(
            status_code=422, detail=f"{player!r} is a name only the organiser gives (to a bot)"
        )
    if invite is not None:
        if not await invites.use(ctx.pool, invite, match_id, seat):
            raise PermissionDeniedException(
                f"this invite does not open seat {seat} of {match_id}: unknown, used or expired"
            )
    elif await invites.reserved(ctx.pool, match_id, seat):
        why = f"seat {seat} is reserved for an invite: join with its code"
        raise PermissionDeniedException(why)
    await reliable_enough(ctx, found["min_reliability"], player_id, player, found["game"])
    # Notices are set before the claim is sent and told from the entry before it, so even a
    # turn the claim begins reaches them (a seat's notices go out only while its player holds
    # it, so a claim that loses a race sends none).
    if player_id is not None:
        await preferences.on_join(ctx.pool, player_id, match_id, seat, player, found["seq"])
    if mail is not None:
        await set_mail(ctx.pool, match_id, seat, player, mail, after=found["seq"])
    decision_id = await ctx.submitter.submit(
        match_id, seat, ClaimSeat(player, player_id or msgspec.UNSET), sender=player
    )
    bearer = tokens.Bearer(
        kind="seat",
        match_id=match_id,
        seat=seat,
        player=player,
        claim_decision_id=decision_id,
        player_id=player_id,
    )
    token = await ctx.issue(bearer)
    return api.Joined(match_id=match_id, seat=seat, token=token, decision_id=decision_id)


async def view_reply(
    ctx: Context, match_id: str, seat: int | None, found: tuple[int, str]
) -> api.SeatViewReply:
    """The stored view, and its description by its game (a view names no players)."""
    game, players = await ctx.game_of(match_id), await ctx.players_of(match_id)
    if game is None or players is None:
        raise no_match(match_id)
    codec = game_codec(game)
    description = codec.ruleset.describe(codec.view(found[1].encode()), seat_names(players))
    return api.SeatViewReply(match_id, seat, found[0], msgspec.json.decode(found[1]), description)


def unprocessable(detail: str) -> HTTPException:
    return HTTPException(status_code=422, detail=detail)


async def open_match(ctx: Context, data: api.NewMatch) -> api.MatchOpened:
    """Check the new match against its game (seats, options, bots, clock), then send its
    creation and its bots' claims."""
    try:
        ruleset = get_ruleset(data.game or default_game())
    except UnknownRuleset as error:
        raise unprocessable(str(error)) from None
    game = ruleset.name
    if (why := setup_error(ruleset, data.seats, data.options)) is not None:
        raise unprocessable(why)
    if data.clock is not None and data.clock.level not in ruleset.bots:
        raise unprocessable(
            f"clock: no bot {data.clock.level!r} of {game}; bots: {', '.join(ruleset.bots)}"
        )
    if data.clock is not None and (why := calendar_error(data.clock)) is not None:
        raise unprocessable(f"clock: {why}")
    for bot in data.bots:
        if bot.seat >= data.seats or bot.bot not in ruleset.bots:
            raise unprocessable(
                f"no bot {bot.bot!r} for seat {bot.seat} of {game}; bots: {', '.join(ruleset.bots)}"
            )
    match_id = data.match_id or new_match_id()
    if await reads.match(ctx.pool, match_id) is not None:
        raise HTTPException(status_code=409, detail=f"match {match_id!r} exists")
    create = CreateMatch(
        ruleset=game, seats=data.seats, options=data.options, messages=data.messages
    )
    if data.clock is not None:
        create = msgspec.structs.replace(create, clock=data.clock)
    if data.name:
        create = msgspec.structs.replace(create, name=data.name.strip())
    if data.unrated:
        create = msgspec.structs.replace(create, unrated=True)
    if data.min_reliability is not None:
        create = msgspec.structs.replace(create, min_reliability=data.min_reliability)
    if data.organiser_take_backs:
        create = msgspec.structs.replace(create, organiser_take_backs=True)
    decision_id = await ctx.submitter.submit(match_id, None, create, sender=ORGANISER)
    for bot in data.bots:
        await ctx.submitter.submit(
            match_id, bot.seat, ClaimSeat(player=BOT_PREFIX + bot.bot), sender=ORGANISER
        )
    return api.MatchOpened(match_id=match_id, decision_id=decision_id)
