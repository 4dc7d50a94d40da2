"""Opening a drawn round's matches and handing a withdrawn player's seats to bots, as the
organiser would: the same decisions on `decisions`, with ids made of the match and the seat, so
a worker that sends them again after a restart changes nothing (the rules service drops a
judged id). A player's seat is claimed under their name with a seat token tied to their player
(its secret is thrown away: the player token acts for the seat through it)."""

import asyncpg
import msgspec

from events.envelope import ClaimSeat, CreateMatch
from events.leagues.entries import RoundDrawn, Table
from events.leagues.fold import League
from events.platform_rules import BOT_PREFIX, ORGANISER
from events.ruleset import get_ruleset
from events.seats import HandToBot
from services.gateway import preferences, tokens
from services.gateway.submit import Submitter


def bot_level(league: League) -> str:
    clock = league.rules.clock
    return clock.level if clock is not None else get_ruleset(league.rules.game).strongest_bot


def claim_id(match_id: str, seat: int) -> str:
    return f"{match_id}:league-claim:{seat}"


async def seat_token(pool: asyncpg.Pool, bearer: tokens.Bearer) -> None:
    """The seat token a player token reaches the seat through, once."""
    found = await pool.fetchval(
        "SELECT 1 FROM tokens WHERE kind = 'seat' AND match_id = $1 AND claim_decision_id = $2",
        bearer.match_id,
        bearer.claim_decision_id,
    )
    if not found:
        await tokens.issue(pool, bearer)


async def open_table(
    submitter: Submitter, pool: asyncpg.Pool, league: League, drawn: RoundDrawn, table: Table
) -> None:
    rules, match_id = league.rules, table.match_id
    create = CreateMatch(
        ruleset=rules.game,
        seats=rules.seats,
        options=rules.options,
        name=f"{league.name}, round {drawn.round}"[:60],
    )
    if rules.clock is not None:
        create = msgspec.structs.replace(create, clock=rules.clock)
    await submitter.submit(
        match_id, None, create, sender=ORGANISER, decision_id=f"{match_id}:league-create"
    )
    for seat, player_id in enumerate(table.players):
        member = league.member(player_id)
        if member is None or (member.withdrew_in is not None and member.withdrew_in < drawn.round):
            claim, sender = ClaimSeat(player=BOT_PREFIX + bot_level(league)), ORGANISER
        else:
            bearer = tokens.Bearer(
                kind="seat",
                match_id=match_id,
                seat=seat,
                player=member.name,
                claim_decision_id=claim_id(match_id, seat),
                player_id=player_id,
            )
            await seat_token(pool, bearer)
            await preferences.on_join(pool, player_id, match_id, seat, member.name, 0)
            claim, sender = ClaimSeat(member.name, player_id), member.name
        await submitter.submit(
            match_id, seat, claim, sender=sender, decision_id=claim_id(match_id, seat)
        )


async def hand_to_bot(submitter: Submitter, league: League, match_id: str, seat: int) -> None:
    await submitter.submit(
        match_id,
        seat,
        HandToBot(bot_level(league), "withdrew from the league"),
        sender=ORGANISER,
        decision_id=f"{match_id}:league-withdrawn:{seat}",
    )
