"""SL-20: a match or league that asks a minimum share of decisions on time in its game takes
only players who join with their player token (their record is what counts) and whose record
reaches it; the refusal says what was asked and what the player has."""

from litestar.exceptions import PermissionDeniedException

from events.platform_rules import RELIABILITY
from services.gateway.context import Context
from services.stats.player import on_time


async def reliable_enough(
    ctx: Context, minimum: float | None, player_id: str | None, player: str, game: str
) -> None:
    if minimum is None:
        return
    asked = f"{RELIABILITY}: this asks {minimum:.0%} of decisions on time in {game}"
    if player_id is None:
        raise PermissionDeniedException(
            f"{asked}: join with your player token (POST /players), so your record counts"
        )
    share = await on_time(ctx.pool, player_id, game)
    if share < minimum:
        raise PermissionDeniedException(f"{asked}; {player} has {share:.0%}")
