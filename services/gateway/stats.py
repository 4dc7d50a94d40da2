"""Ratings, reliability and statistics as JSON: a game's (`GET /games/{game}/stats`) and a
player's (`GET /players/{name}/stats`), read from the ratings and analytics read models."""

from typing import Annotated

from litestar import Request, get
from litestar.exceptions import NotFoundException
from litestar.params import Parameter

from events.ruleset import UnknownRuleset, get_ruleset
from services.gateway.api import ID_PATTERN, NAME_PATTERN
from services.gateway.context import context
from services.stats.game import game_stats
from services.stats.player import player_stats
from services.stats.report import GameStats, PlayerStats

PlayerName = Annotated[str, Parameter(pattern=NAME_PATTERN, max_length=40)]
GameName = Annotated[str, Parameter(max_length=40)]
PlayerIdParam = Annotated[str | None, Parameter(pattern=ID_PATTERN, max_length=40)]


def known_game(game: str) -> str:
    try:
        return get_ruleset(game).name
    except UnknownRuleset as error:
        raise NotFoundException(str(error)) from None


async def of_player(
    request: Request, name: str, game: str | None, player_id: str | None = None
) -> PlayerStats:
    pool = context(request).pool
    found = await player_stats(pool, name, game and known_game(game), player_id)
    if not found.games:
        raise NotFoundException(f"no ended match of {name!r}{f' in {game}' if game else ''}")
    return found


@get(
    "/games/{game:str}/stats",
    summary="A game's statistics: win share by seat, by start and by choice (with 95 % "
    "intervals), match length, the rules that refuse most, and its ratings",
)
async def game_statistics(request: Request, game: GameName) -> GameStats:
    return await game_stats(context(request).pool, known_game(game))


@get(
    "/players/{name:str}/stats",
    summary="A player's statistics: per game their rating over time, results and reliability "
    "(decisions, missed deadlines, defaults, resignations, seats lost to a bot), and their "
    "latest results; `player_id` picks one player of those who share the name",
)
async def player_statistics(
    request: Request,
    name: PlayerName,
    game: Annotated[str | None, Parameter(max_length=40)] = None,
    player_id: PlayerIdParam = None,
) -> PlayerStats:
    return await of_player(request, name, game, player_id)


HANDLERS = [game_statistics, player_statistics]
